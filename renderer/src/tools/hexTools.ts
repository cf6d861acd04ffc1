import type { Hex, HexsideRef, Point } from '../../../engine/format/types';
import type { Editor, HexBrush } from '../editor/Editor';
import {
  hexAt,
  hexsideAt,
  inBounds,
  offsetNeighbour,
  oppositeOffsetHexside,
} from '../../../engine/hex';
import type { Tool, ToolPointer } from './tool';

const key = (col: number, row: number) => `${col},${row}`;

/** The hex after applying the brush; only what differs from the map default is kept. */
export function paintHex(hex: Hex, brush: HexBrush, defaultTerrain: string): Hex {
  const out: Hex = { ...hex };
  switch (brush.mode) {
    case 'terrain':
      if (brush.terrain === defaultTerrain) delete out.terrain;
      else out.terrain = brush.terrain;
      break;
    case 'level':
      if (brush.level === 0) delete out.level;
      else out.level = brush.level;
      break;
    case 'flag':
      if (brush.flagOn) out[brush.flag] = true;
      else delete out[brush.flag];
      break;
  }
  return out;
}

/** True when a hex record says nothing beyond its coordinates. */
export const isPlainHex = (h: Hex): boolean =>
  Object.keys(h).every((k) => k === 'col' || k === 'row');

function commitHexes(ed: Editor, hexes: Iterable<Hex>): void {
  const list = [...hexes];
  if (!list.length) return;
  ed.commit((w) => {
    for (const h of list) {
      if (isPlainHex(h)) w.deleteHex(h.col, h.row);
      else w.putHex(h);
    }
  });
}

/** Paints terrain, level or a flag on every hex the pointer drags over; one stroke, one undo step. */
export class HexBrushTool implements Tool {
  readonly id = 'hexBrush' as const;
  readonly cursor = 'cell';
  readonly hint = 'Drag to paint hexes with the brush';
  private painting = false;

  private paintAt(p: Point, ed: Editor): void {
    const layout = ed.hexLayout();
    const h = layout && hexAt(layout, p);
    if (!h) return;
    const k = key(h.col, h.row);
    const next = new Map(ed.session.hexOverrides);
    next.set(k, paintHex(ed.hex(h.col, h.row), ed.session.hexBrush, ed.hexDefaultTerrain()));
    ed.update({ hexOverrides: next });
  }
  onPointerDown(e: ToolPointer, ed: Editor): void {
    this.painting = true;
    this.paintAt(e.table, ed);
  }
  onPointerMove(e: ToolPointer, ed: Editor): void {
    if (this.painting) this.paintAt(e.table, ed);
  }
  onPointerUp(_e: ToolPointer, ed: Editor): void {
    if (!this.painting) return;
    this.painting = false;
    const painted = [...ed.session.hexOverrides.values()];
    ed.update({ hexOverrides: new Map() });
    commitHexes(ed, painted);
  }
  cancel(ed: Editor): void {
    this.painting = false;
    ed.update({ hexOverrides: new Map() });
  }
}

/** Fills the connected area of hexes with the clicked hex's terrain and level. */
export class HexFillTool implements Tool {
  readonly id = 'hexFill' as const;
  readonly cursor = 'cell';
  readonly hint = 'Click a hex to fill its connected area of the same terrain and level';

  onPointerDown(e: ToolPointer, ed: Editor): void {
    const layout = ed.hexLayout();
    const start = layout && hexAt(layout, e.table);
    if (!layout || !start) return;
    const def = ed.hexDefaultTerrain();
    const sig = (h: Hex) => `${h.terrain ?? def}|${h.level ?? 0}`;
    const target = sig(ed.hex(start.col, start.row));
    const seen = new Set([key(start.col, start.row)]);
    const queue = [start];
    const out: Hex[] = [];
    while (queue.length) {
      const h = queue.pop()!;
      out.push(paintHex(ed.hex(h.col, h.row), ed.session.hexBrush, def));
      for (let side = 0; side < 6; side++) {
        const n = offsetNeighbour(layout, h.col, h.row, side);
        const k = key(n.col, n.row);
        if (!inBounds(layout, n.col, n.row) || seen.has(k)) continue;
        seen.add(k);
        if (sig(ed.hex(n.col, n.row)) === target) queue.push(n);
      }
    }
    commitHexes(ed, out);
    ed.update({ hint: `Filled ${out.length} hexes` });
  }
}

/** Finds the stored hexside record for a side, whichever of its two hexes it is filed under. */
export function findHexside(ed: Editor, ref: HexsideRef) {
  const layout = ed.hexLayout()!;
  const o = oppositeOffsetHexside(layout, ref);
  return (
    ed.store.hexsides.get(`${ref.col},${ref.row},${ref.side}`) ??
    (inBounds(layout, o.col, o.row)
      ? ed.store.hexsides.get(`${o.col},${o.row},${o.side}`)
      : undefined)
  );
}

/** Toggles a ridge on the hexside nearest the click. */
export class HexRidgeTool implements Tool {
  readonly id = 'hexRidge' as const;
  readonly cursor = 'pointer';
  readonly hint = 'Click near a hexside to toggle a ridge';

  onPointerMove(e: ToolPointer, ed: Editor): void {
    const layout = ed.hexLayout();
    ed.update({ hoverHexside: layout ? hexsideAt(layout, e.table) : null });
  }
  onPointerDown(e: ToolPointer, ed: Editor): void {
    const layout = ed.hexLayout();
    const ref = layout && hexsideAt(layout, e.table);
    if (!ref) return;
    const existing = findHexside(ed, ref);
    ed.commit((w) => {
      if (existing) {
        const next = { ...existing };
        if (next.ridge) delete next.ridge;
        else next.ridge = true;
        if (Object.keys(next).length === 3)
          w.deleteHexside(existing.col, existing.row, existing.side);
        else w.putHexside(next);
      } else w.putHexside({ ...ref, ridge: true });
    });
  }
  cancel(ed: Editor): void {
    ed.update({ hoverHexside: null });
  }
}

/** Draws a contour line hexside by hexside; Enter saves it at the brush level. */
export class HexContourTool implements Tool {
  readonly id = 'hexContour' as const;
  readonly cursor = 'pointer';
  readonly hint =
    'Click hexsides along the contour; Enter saves it at the brush level, Backspace undoes a side';

  onPointerMove(e: ToolPointer, ed: Editor): void {
    const layout = ed.hexLayout();
    ed.update({ hoverHexside: layout ? hexsideAt(layout, e.table) : null });
  }
  onPointerDown(e: ToolPointer, ed: Editor): void {
    const layout = ed.hexLayout();
    const ref = layout && hexsideAt(layout, e.table);
    if (!ref) return;
    const draft = ed.session.contourDraft;
    const same = (a: HexsideRef) => a.col === ref.col && a.row === ref.row && a.side === ref.side;
    ed.update({ contourDraft: draft.some(same) ? draft.filter((a) => !same(a)) : [...draft, ref] });
  }
  onKey(k: string, ed: Editor): boolean {
    const draft = ed.session.contourDraft;
    if (!draft.length) return false;
    if (k === 'Enter') {
      const contour = {
        id: ed.store.newId('contour'),
        level: ed.session.hexBrush.level,
        hexsides: [...draft],
      };
      ed.commit((w) => w.putContour(contour));
      ed.update({
        contourDraft: [],
        hint: `Contour ${contour.id} at level ${contour.level} saved`,
      });
    } else if (k === 'Backspace') ed.update({ contourDraft: draft.slice(0, -1) });
    else if (k === 'Escape') this.cancel(ed);
    else return false;
    return true;
  }
  cancel(ed: Editor): void {
    ed.update({ contourDraft: [], hoverHexside: null });
  }
}
