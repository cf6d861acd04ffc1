import { hexLabel } from '../../../hex';
import type { SightView } from '../../../playtest/view';
import type { SightResult } from '../rules/los';

/** A hex sight as the board draws it: hexes crossed, the blocking hex marked, every check in words. */
export function sightView(s: SightResult): SightView<'hex'> {
  const b = s.blockedBy;
  const at = b ? s.hexes.findIndex((h) => h.col === b.hex.col && h.row === b.hex.row) : -1;
  return {
    from: s.from,
    to: s.to,
    hexes: s.hexes,
    visible: s.visible,
    distance: s.range,
    ...(b
      ? {
          blockedBy: {
            id: `hex-${b.hex.col}-${b.hex.row}`,
            name: `${b.why.join(', ')} at ${hexLabel(b.hex.col, b.hex.row)} (level ${b.level})`,
            kind: b.why[0] ?? 'hex',
            at: Math.max(0, at),
            ruleId: b.ruleId,
          },
        }
      : {}),
    cover: s.hullDown ? 'hull-down behind a ridge (+2 defence, TC-1.2)' : 'none',
    ruleId: s.ruleId,
    crossed: [
      `levels ${s.fromLevel} → ${s.toLevel}, ${s.range} hexes${s.alongHexside ? ', along a hexside: blocked only if both sides block (TC-G8)' : ''}`,
      ...s.checks.map(
        (c) =>
          `${hexLabel(c.hex.col, c.hex.row)} ${c.why.join('+')} L${c.level}: ${
            c.case === 'edt'
              ? `ED ${c.ed}, R ${c.R}, d ${c.d}, ${c.row}`
              : c.case === 'adjacentLower'
                ? 'next to the lower unit'
                : c.case === 'sameLevel'
                  ? 'same level'
                  : 'base game'
          } → ${c.blocks ? 'blocks' : 'clear'} (${c.ruleId})`,
      ),
    ],
  };
}
