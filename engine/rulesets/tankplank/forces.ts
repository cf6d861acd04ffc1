import type { Cell, Forces, RulesetRef } from '../../format';
import type { ForceProblem } from '../../forces/forceProblem';
import { allFormations, allUnits, sidePointer, unitsUnder } from '../../forces/forceTree';
import type { RulesetCatalog } from '../../forces/rulesetCatalog';

const cellText = (row: Record<string, Cell>, key: string): string | undefined => {
  const v = row[key];
  return typeof v === 'string' ? v : undefined;
};

/**
 * Compares each side with the catalog's `orderOfBattle` table. A row counts, per side, the
 * formations of a kind or the units of a type (`scope: "side"`), or the figures of given classes
 * inside every formation of a kind (`scope: "formation"`). Rows tied to a rule option (`option`,
 * `unlessOption`) follow the scenario's `ruleset.options`, so optional forces count when chosen.
 */
export function checkOrderOfBattle(
  ruleset: RulesetRef,
  forces: Forces,
  cat: RulesetCatalog,
): ForceProblem[] {
  const out: ForceProblem[] = [];
  const table = cat.tables['orderOfBattle'];
  if (!table) return out;
  const on = (key: string | undefined) => !!key && !!ruleset.options?.[key];
  const formations = allFormations(forces);
  const units = allUnits(forces);
  for (const side of forces.sides) {
    for (const row of table.rows) {
      const want = row['count'];
      if (typeof want !== 'number') continue;
      const option = cellText(row, 'option');
      if (option && !on(option)) continue;
      if (on(cellText(row, 'unlessOption'))) continue;
      const label = cellText(row, 'label') ?? 'items';
      const ruleId = cellText(row, 'ruleId') ?? 'TP-2';
      const kind = cellText(row, 'formationKind');
      const type = cellText(row, 'unitType');
      if (row['scope'] === 'side') {
        const have = kind
          ? formations.filter((p) => p.side.id === side.id && p.formation.kind === kind).length
          : units.filter((p) => p.side.id === side.id && p.unit.type === type).length;
        if (have !== want) {
          out.push({
            check: 'order-of-battle',
            severity: 'warning',
            message: `${side.name} has ${have} ${label}; the ruleset's order of battle gives each side ${want}`,
            subjects: [{ kind: 'side', id: side.id }],
            pointer: sidePointer(forces, side.id),
            ruleId,
          });
        }
      } else if (row['scope'] === 'formation' && kind) {
        const classes = (cellText(row, 'unitClasses') ?? '').split(',').map((c) => c.trim());
        for (const p of formations) {
          if (p.side.id !== side.id || p.formation.kind !== kind) continue;
          const have = unitsUnder(p.formation).filter((u) =>
            classes.includes(cat.units.get(u.type)?.class ?? ''),
          ).length;
          if (have !== want) {
            out.push({
              check: 'order-of-battle',
              severity: 'warning',
              message: `${p.formation.name ?? p.formation.id} of ${side.name} has ${have} ${label}; a ${kind} has ${want}`,
              subjects: [{ kind: 'formation', id: p.formation.id }],
              pointer: p.pointer,
              ruleId,
            });
          }
        }
      }
    }
  }
  return out;
}
