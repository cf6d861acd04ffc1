import type { Point } from '../../../engine/format/types';
import type { Editor } from '../editor/Editor';
import { closestOnPath, dist } from '../geometry/geometry';
import { setupOf, type SetupItem } from '../forces/setupModel';
import { edgeSegment, shapeOutline, shownObjectives } from './setupOutlines';
import { allUnits, embarkedIds } from '../../../engine/forces';
import { isHexRef } from './hexSetup';

/** Radius of an objective token in inches (as painted). */
const TOKEN_RADIUS = 0.7;
/** Rough width of one character of the 11px canvas label, in screen pixels. */
const LABEL_CHAR_PX = 6.5;

/**
 * The deployment zone, entry edge or objective under a table point, picked the way they are
 * drawn: a token or circle anywhere inside it, an area or zone by its outline or its label, an
 * entry edge by its bar. Areas are picked by their border only, so terrain inside them stays
 * clickable. `tol` is in inches.
 */
export function setupItemAt(ed: Editor, p: Point, tol: number): SetupItem | null {
  if (ed.isHex()) return null;
  const m = setupOf(ed);
  const doc = m.scenario();
  const { width: w, height: h } = ed.mapSize();
  const px = ed.pixel();
  const onLabel = (corner: Point, text: string, dy: number) =>
    p[0] >= corner[0] &&
    p[0] <= corner[0] + (4 + text.length * LABEL_CHAR_PX) * px &&
    Math.abs(p[1] - (corner[1] + dy * px)) <= 7 * px;

  for (const o of shownObjectives(doc, m)) {
    const a = o.area;
    if (!a) continue;
    if (a.shape === 'point' || a.shape === 'circle') {
      const c = a.shape === 'point' ? a.at : a.center;
      const r = Math.max(a.shape === 'circle' ? a.radius : TOKEN_RADIUS, 5 * px);
      if (dist(p, c) <= r + tol) return { kind: 'objective', id: o.id };
      continue;
    }
    const outline = shapeOutline(a, w, h);
    if (outline.length === 0) continue;
    const near = closestOnPath(p, outline, true);
    if ((near && near.distance <= tol) || onLabel(outline[0]!, o.name ?? o.id, 10))
      return { kind: 'objective', id: o.id };
  }
  for (const e of doc.deployment.entryEdges ?? []) {
    const [a, b] = edgeSegment(e.edge, w, h, e.from, e.to);
    const near = closestOnPath(p, [a, b], false);
    if (near && near.distance <= tol) return { kind: 'edge', id: e.id };
  }
  for (const z of doc.deployment.zones ?? []) {
    const outline = shapeOutline(z.area, w, h);
    if (outline.length === 0) continue;
    const near = closestOnPath(p, outline, true);
    const label = z.name ?? `Deployment ${z.side}`;
    if ((near && near.distance <= tol) || onLabel(outline[0]!, label, 9))
      return { kind: 'zone', id: z.id };
  }
  return null;
}

/**
 * Hex maps: the unit a click on hex (col, row) picks for the set-up column, or null when no unit
 * stands there. Repeated clicks on a stack cycle through its units, after the one selected now.
 */
export function hexUnitAt(ed: Editor, col: number, row: number): SetupItem | null {
  const m = setupOf(ed);
  const doc = m.scenario();
  const riders = embarkedIds(doc.forces);
  const here = allUnits(doc.forces)
    .map((p) => p.unit)
    .filter(
      (u) =>
        !riders.has(u.id) &&
        isHexRef(u.position) &&
        u.position.col === col &&
        u.position.row === row,
    );
  if (!here.length) return null;
  const sel = m.session.selected;
  const i = sel?.kind === 'unit' ? here.findIndex((u) => u.id === sel.id) : -1;
  return { kind: 'unit', id: here[(i + 1) % here.length]!.id };
}
