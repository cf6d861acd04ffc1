import type { Feature, Point } from '../../../engine/format/types';
import type { Editor } from '../editor/Editor';
import { dist, featurePoints, geometryClass, lerp } from '../geometry/geometry';

/** Something on the interactive layer a pointer can grab. */
export type Handle =
  | { type: 'vertex'; id: string; index: number; point: Point }
  | { type: 'midpoint'; id: string; index: number; point: Point }
  | { type: 'corner'; corner: 0 | 1 | 2 | 3; point: Point }
  | { type: 'rotate'; point: Point };

/** Screen distance of the rotate handle above the selection box. */
export const ROTATE_OFFSET_PX = 24;
export const HANDLE_RADIUS_PX = 6;

/** Handles of the current selection, in table inches. */
export function selectionHandles(ed: Editor): Handle[] {
  const fs = ed.selectedFeatures().filter((f) => !f.locked);
  if (!fs.length) return [];
  const out: Handle[] = [];
  if (fs.length === 1) out.push(...vertexHandles(fs[0]!));
  const box = ed.selectionBounds();
  if (!box) return out;
  const corners: Point[] = [
    [box.minX, box.minY],
    [box.maxX, box.minY],
    [box.maxX, box.maxY],
    [box.minX, box.maxY],
  ];
  // Corners only where the box has room, so a single tree is not buried under handles.
  const px = ed.pixel();
  if ((box.maxX - box.minX) / px > 16 || (box.maxY - box.minY) / px > 16) {
    corners.forEach((point, corner) =>
      out.push({ type: 'corner', corner: corner as 0 | 1 | 2 | 3, point }),
    );
  }
  out.push({
    type: 'rotate',
    point: [(box.minX + box.maxX) / 2, box.minY - ROTATE_OFFSET_PX * px],
  });
  return out;
}

export function vertexHandles(f: Feature): Handle[] {
  const pts = featurePoints(f);
  if (!pts) return [];
  const closed = geometryClass(f.kind) === 'polygon';
  const out: Handle[] = pts.map((point, index) => ({ type: 'vertex', id: f.id, index, point }));
  const segs = closed ? pts.length : pts.length - 1;
  for (let i = 0; i < segs; i++) {
    out.push({
      type: 'midpoint',
      id: f.id,
      index: i,
      point: lerp(pts[i]!, pts[(i + 1) % pts.length]!, 0.5),
    });
  }
  return out;
}

/** The handle under a table point, vertices before midpoints before box handles. */
export function handleAt(ed: Editor, p: Point): Handle | null {
  const tol = (HANDLE_RADIUS_PX + 2) * ed.pixel();
  let best: Handle | null = null;
  let bestD = tol;
  const rank = { vertex: 0, rotate: 1, corner: 2, midpoint: 3 };
  for (const h of selectionHandles(ed)) {
    const d = dist(h.point, p);
    if (
      d <= tol &&
      (!best || rank[h.type] < rank[best.type] || (rank[h.type] === rank[best.type] && d < bestD))
    ) {
      best = h;
      bestD = d;
    }
  }
  return best;
}
