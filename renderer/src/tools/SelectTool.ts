import type { Feature, Point } from '../../../engine/format/types';
import type { Editor } from '../editor/Editor';
import { allUnits } from '../../../engine/forces';
import {
  boxOfPoints,
  dist,
  featurePoints,
  minVertices,
  rotation,
  scaling,
  snapVertices,
  sub,
  transformFeature,
  translation,
  withPoints,
  type Box,
} from '../geometry/geometry';
import { handleAt, type Handle } from './handles';
import { hexAt } from '../../../engine/hex';
import type { Tool, ToolPointer } from './tool';
import { setupOf } from '../forces/setupModel';
import { hexUnitAt, setupItemAt } from '../objectives/setupHit';

/** Screen pixels the pointer must travel before a press becomes a drag. */
const DRAG_THRESHOLD_PX = 3;

type State =
  | { name: 'idle' }
  | {
      name: 'pointing';
      start: ToolPointer;
      hit: Feature | null;
      handle: Handle | null;
      toggled: boolean;
      /** Pressed on an unselected ground band: a click selects it, a drag is a marquee. */
      background?: boolean;
    }
  | { name: 'moving'; start: Point; anchor: Point; base: Feature[] }
  | { name: 'marquee'; start: Point; additive: boolean }
  | { name: 'vertex'; id: string; index: number; base: Feature }
  | { name: 'rotating'; centre: Point; startAngle: number; base: Feature[] }
  | { name: 'scaling'; anchor: Point; start: Point; base: Feature[] };

/**
 * Select, move, rotate, scale and reshape. Click selects (Shift adds/removes), dragging empty
 * table draws a marquee, dragging a selected feature moves it with snapping (Shift locks the
 * axis), box corners scale (Shift keeps proportions), the top handle rotates (Shift: 15° steps),
 * vertex handles move vertices, midpoint handles add one, Alt-click or double-click deletes one.
 */
export class SelectTool implements Tool {
  readonly id = 'select' as const;
  readonly cursor = 'default';
  readonly hint =
    'Click to select (zones, edges and objectives by their outline), Shift-click to add, drag to move or marquee';
  private state: State = { name: 'idle' };

  onPointerDown(e: ToolPointer, ed: Editor): void {
    const layout = ed.hexLayout();
    if (layout) {
      // On a hex map the select tool picks one hex for the inspector; a unit standing there is
      // also selected in the set-up column (repeated clicks cycle through a stack).
      const hex = hexAt(layout, e.table);
      ed.update({ selectedHex: hex });
      const m = setupOf(ed);
      const unit = hex ? hexUnitAt(ed, hex.col, hex.row) : null;
      if (unit) {
        const side = allUnits(m.scenario().forces).find((p) => p.unit.id === unit.id)?.side.id;
        m.update({ selected: unit, activeSide: side ?? m.session.activeSide, tab: 'forces' });
      } else if (m.session.selected?.kind === 'unit') m.update({ selected: null });
      return;
    }
    const handle = handleAt(ed, e.table);
    if (handle?.type === 'vertex' && e.alt) {
      this.deleteVertex(ed, handle.id, handle.index);
      return;
    }
    // Deployment zones, entry edges and objectives are picked by their outline, bar or token;
    // the set-up column then shows the item and Delete removes it.
    const item = handle || e.shift ? null : setupItemAt(ed, e.table, 5 * ed.pixel());
    if (item) {
      ed.select([]);
      setupOf(ed).update({ selected: item, tab: 'objectives' });
      this.state = { name: 'idle' };
      return;
    }
    const hit = handle ? null : ed.featureAt(e.table);
    let toggled = false;
    // Ground bands lie under everything: a drag that starts on one draws a marquee unless the
    // band is already selected, so the table stays marquee-selectable; a click still selects it.
    if (hit && isBackground(hit) && !ed.session.selection.includes(hit.id)) {
      this.state = {
        name: 'pointing',
        start: e,
        hit,
        handle: null,
        toggled: false,
        background: true,
      };
      return;
    }
    if (hit && !handle) {
      const selected = ed.session.selection.includes(hit.id);
      if (e.shift) {
        ed.select(
          selected
            ? ed.session.selection.filter((id) => id !== hit.id)
            : [...ed.session.selection, hit.id],
        );
        toggled = true;
      } else if (!selected) ed.select([hit.id]);
    }
    this.state = { name: 'pointing', start: e, hit, handle, toggled };
  }

  onPointerMove(e: ToolPointer, ed: Editor): void {
    const s = this.state;
    if (s.name === 'pointing') {
      if (dist(s.start.screen, e.screen) < DRAG_THRESHOLD_PX) return;
      this.beginDrag(s, ed);
    }
    this.drag(e, ed);
  }

  private beginDrag(s: Extract<State, { name: 'pointing' }>, ed: Editor): void {
    const start = s.start.table;
    const h = s.handle;
    if (h) {
      const base = ed.selectedFeatures().filter((f) => !f.locked);
      if (h.type === 'vertex') {
        this.state = { name: 'vertex', id: h.id, index: h.index, base: ed.feature(h.id)! };
      } else if (h.type === 'midpoint') {
        const f = ed.feature(h.id)!;
        const pts = [...featurePoints(f)!];
        pts.splice(h.index + 1, 0, h.point);
        this.state = { name: 'vertex', id: h.id, index: h.index + 1, base: withPoints(f, pts) };
      } else if (h.type === 'rotate') {
        const box = ed.selectionBounds()!;
        const centre: Point = [(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2];
        this.state = { name: 'rotating', centre, startAngle: angle(centre, start), base };
      } else {
        const box = ed.selectionBounds()!;
        const c = boxCorners(box);
        this.state = { name: 'scaling', anchor: c[(h.corner + 2) % 4]!, start: c[h.corner]!, base };
      }
      return;
    }
    if (s.hit && !s.background && !s.toggled && ed.session.selection.includes(s.hit.id)) {
      const base = ed.selectedFeatures().filter((f) => !f.locked);
      // Snap the grabbed feature's vertex nearest the pointer, so edges line up exactly.
      let anchor = start;
      let best = Infinity;
      for (const v of snapVertices(s.hit)) {
        const d = dist(v, start);
        if (d < best) {
          best = d;
          anchor = v;
        }
      }
      if (best * ed.session.camera.zoom > 24) anchor = start;
      this.state = { name: 'moving', start, anchor, base };
      return;
    }
    this.state = { name: 'marquee', start, additive: s.start.shift };
  }

  private drag(e: ToolPointer, ed: Editor): void {
    const s = this.state;
    const p = e.table;
    switch (s.name) {
      case 'moving': {
        let d = sub(p, s.start);
        if (e.shift) d = Math.abs(d[0]) >= Math.abs(d[1]) ? [d[0], 0] : [0, d[1]];
        const exclude = new Set(s.base.map((f) => f.id));
        const target = ed.snap([s.anchor[0] + d[0], s.anchor[1] + d[1]], exclude);
        if (target && !e.alt) {
          const snappedD = sub(target.point, s.anchor);
          d = e.shift ? (d[0] !== 0 ? [snappedD[0], 0] : [0, snappedD[1]]) : snappedD;
        }
        const t = translation(d[0], d[1]);
        ed.update({
          overrides: new Map(s.base.map((f) => [f.id, transformFeature(f, t)])),
          snapIndicator: target,
        });
        break;
      }
      case 'vertex': {
        const target = e.alt ? null : ed.snap(p, new Set([s.id]));
        const pts = [...featurePoints(s.base)!];
        pts[s.index] = target?.point ?? p;
        ed.update({ overrides: new Map([[s.id, withPoints(s.base, pts)]]), snapIndicator: target });
        break;
      }
      case 'rotating': {
        let a = angle(s.centre, p) - s.startAngle;
        if (e.shift) a = Math.round(a / 15) * 15;
        const t = rotation(s.centre, a);
        ed.update({
          overrides: new Map(s.base.map((f) => [f.id, transformFeature(f, t)])),
          hint: `Rotate ${a.toFixed(0)}°`,
        });
        break;
      }
      case 'scaling': {
        const q = ed.snapped(p, new Set(s.base.map((f) => f.id)));
        const dx0 = s.start[0] - s.anchor[0];
        const dy0 = s.start[1] - s.anchor[1];
        let sx = dx0 === 0 ? 1 : (q[0] - s.anchor[0]) / dx0;
        let sy = dy0 === 0 ? 1 : (q[1] - s.anchor[1]) / dy0;
        if (e.shift) sx = sy = Math.max(Math.abs(sx), Math.abs(sy));
        sx = Math.max(0.05, Math.abs(sx));
        sy = Math.max(0.05, Math.abs(sy));
        const t = scaling(s.anchor, sx, sy);
        ed.update({ overrides: new Map(s.base.map((f) => [f.id, transformFeature(f, t)])) });
        break;
      }
      case 'marquee':
        ed.update({ marquee: boxOfPoints([s.start, p]) });
        break;
      case 'idle':
      case 'pointing':
        break;
    }
  }

  onPointerUp(e: ToolPointer, ed: Editor): void {
    const s = this.state;
    this.state = { name: 'idle' };
    switch (s.name) {
      case 'pointing':
        if (s.background && s.hit) {
          const id = s.hit.id;
          const sel = ed.session.selection;
          ed.select(
            e.shift ? (sel.includes(id) ? sel.filter((x) => x !== id) : [...sel, id]) : [id],
          );
        } else if (!s.hit && !s.handle && !e.shift) ed.clearSelection();
        else if (s.hit && !s.toggled && !e.shift) ed.select([s.hit.id]);
        break;
      case 'moving':
      case 'vertex':
      case 'rotating':
      case 'scaling': {
        const changed = [...ed.session.overrides.values()];
        ed.update({ overrides: new Map(), snapIndicator: null, hint: '' });
        ed.replaceFeatures(changed);
        break;
      }
      case 'marquee': {
        const box = ed.session.marquee;
        ed.update({ marquee: null });
        if (!box) break;
        const inside = ed.featuresInside(box).map((f) => f.id);
        ed.select(s.additive ? [...ed.session.selection, ...inside] : inside);
        break;
      }
      case 'idle':
        break;
    }
  }

  onDoubleClick(e: ToolPointer, ed: Editor): void {
    const h = handleAt(ed, e.table);
    if (h?.type === 'vertex') this.deleteVertex(ed, h.id, h.index);
  }

  private deleteVertex(ed: Editor, id: string, index: number): void {
    const f = ed.feature(id);
    const pts = f && featurePoints(f);
    if (!f || !pts) return;
    if (pts.length <= minVertices(f)) {
      ed.update({ hint: `A ${f.kind} needs at least ${minVertices(f)} points` });
      return;
    }
    ed.replaceFeature(
      withPoints(
        f,
        pts.filter((_, i) => i !== index),
      ),
    );
  }

  onKey(key: string, ed: Editor): boolean {
    if (key === 'Escape' && this.state.name !== 'idle') {
      this.cancel(ed);
      return true;
    }
    return false;
  }

  cancel(ed: Editor): void {
    this.state = { name: 'idle' };
    ed.update({ overrides: new Map(), marquee: null, snapIndicator: null });
  }
}

/** Features that cover large parts of the table beneath everything else. */
function isBackground(f: Feature): boolean {
  return f.kind === 'ground';
}

function angle(centre: Point, p: Point): number {
  return (Math.atan2(p[1] - centre[1], p[0] - centre[0]) * 180) / Math.PI;
}

function boxCorners(b: Box): Point[] {
  return [
    [b.minX, b.minY],
    [b.maxX, b.minY],
    [b.maxX, b.maxY],
    [b.minX, b.maxY],
  ];
}
