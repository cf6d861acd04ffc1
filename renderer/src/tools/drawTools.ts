import type { Feature, FeatureKind, Point } from '../../../engine/format/types';
import type { Editor } from '../editor/Editor';
import { createFeature, KIND_LABELS, type DrawnGeometry } from '../editor/featureFactory';
import {
  add,
  closestOnPath,
  constrainAngle,
  dist,
  geometryClass,
  halfWidth,
  mul,
  segmentIntersection,
  sub,
  tidyPoint,
} from '../geometry/geometry';
import type { Tool, ToolPointer } from './tool';

const CLOSE_DISTANCE_PX = 10;

/**
 * Draws polylines (roads, creeks, gullies, walls, fences, hedges) and areas (ground bands, woods,
 * forests, bushes, obstacles, bunkers) by clicking vertices. Double-click or Enter finishes, a click
 * on the first vertex closes an area, Backspace removes the last vertex, Escape cancels, Shift
 * keeps segments at 45° steps. The feature is committed once, as one undo step.
 */
export class PathTool implements Tool {
  readonly cursor = 'crosshair';
  readonly hint: string;
  private points: Point[] = [];
  private cursorAt: Point | null = null;

  constructor(readonly id: FeatureKind) {
    const closed = geometryClass(id) === 'polygon';
    this.hint = `Click to add points; ${closed ? 'click the first point, double-click' : 'double-click'} or Enter to finish; Esc cancels`;
  }

  private closed(): boolean {
    return geometryClass(this.id) === 'polygon';
  }

  private place(e: ToolPointer, ed: Editor): Point {
    const last = this.points[this.points.length - 1];
    if (e.shift && last) return constrainAngle(last, e.table);
    return e.alt ? e.table : ed.snapped(e.table);
  }

  onPointerDown(e: ToolPointer, ed: Editor): void {
    const p = this.place(e, ed);
    const first = this.points[0];
    if (
      this.closed() &&
      first &&
      this.points.length >= 3 &&
      dist(first, e.table) * ed.session.camera.zoom <= CLOSE_DISTANCE_PX
    ) {
      this.finish(ed);
      return;
    }
    const last = this.points[this.points.length - 1];
    // The second press of a double-click lands on the vertex just added.
    if (last && dist(last, p) * ed.session.camera.zoom < 2) return;
    this.points.push(p);
    this.showPreview(ed, p);
  }

  onPointerMove(e: ToolPointer, ed: Editor): void {
    const target = e.alt ? null : ed.snap(e.table);
    const p = this.place(e, ed);
    this.cursorAt = p;
    if (this.points.length) this.showPreview(ed, p);
    ed.update({ snapIndicator: target });
  }

  onDoubleClick(_e: ToolPointer, ed: Editor): void {
    this.finish(ed);
  }

  onKey(key: string, ed: Editor): boolean {
    if (!this.points.length) return false;
    if (key === 'Enter') this.finish(ed);
    else if (key === 'Escape') this.cancel(ed);
    else if (key === 'Backspace') {
      this.points.pop();
      if (this.points.length)
        this.showPreview(ed, this.cursorAt ?? this.points[this.points.length - 1]!);
      else this.cancel(ed);
    } else return false;
    return true;
  }

  private showPreview(ed: Editor, cursor: Point): void {
    const pts = [...this.points];
    const last = pts[pts.length - 1]!;
    if (dist(last, cursor) > 1e-6) pts.push(cursor);
    while (pts.length < 2) pts.push(pts[0]!);
    ed.update({
      preview: createFeature(
        this.id,
        'preview',
        { type: 'path', points: pts },
        ed.session.toolOptions,
      ),
    });
  }

  private finish(ed: Editor): void {
    const need = this.closed() ? 3 : 2;
    const pts = this.points;
    this.points = [];
    ed.update({ preview: null });
    if (pts.length < need) {
      ed.update({ hint: `A ${KIND_LABELS[this.id].toLowerCase()} needs at least ${need} points` });
      return;
    }
    const f = createFeature(
      this.id,
      ed.newId(this.id),
      { type: 'path', points: pts },
      ed.session.toolOptions,
    );
    ed.addFeature(f);
    ed.select([f.id]);
  }

  cancel(ed: Editor): void {
    this.points = [];
    ed.update({ preview: null });
  }
}

/** Default footprints when the user clicks instead of dragging. */
const DEFAULT_SIZE: Partial<Record<FeatureKind, [number, number]>> = {
  building: [3, 2],
  wreck: [1.5, 0.8],
};

/** Drags out a rectangular footprint (buildings, wrecks); a click drops the default size. */
export class RectTool implements Tool {
  readonly cursor = 'crosshair';
  readonly hint = 'Drag a footprint, or click to place the default size; Shift for a square';
  private start: Point | null = null;

  constructor(readonly id: 'building' | 'wreck') {}

  private geometry(a: Point, b: Point, square: boolean): DrawnGeometry {
    let w = Math.abs(b[0] - a[0]);
    let h = Math.abs(b[1] - a[1]);
    if (square) w = h = Math.max(w, h);
    const x = a[0] + (Math.sign(b[0] - a[0]) || 1) * (w / 2);
    const y = a[1] + (Math.sign(b[1] - a[1]) || 1) * (h / 2);
    return { type: 'rect', x, y, width: Math.max(w, 0.1), depth: Math.max(h, 0.1) };
  }

  onPointerDown(e: ToolPointer, ed: Editor): void {
    this.start = ed.snapped(e.table);
  }
  onPointerMove(e: ToolPointer, ed: Editor): void {
    const target = ed.snap(e.table);
    if (!this.start) {
      ed.update({ snapIndicator: target });
      return;
    }
    const g = this.geometry(this.start, target?.point ?? e.table, e.shift);
    ed.update({
      preview: createFeature(this.id, 'preview', g, ed.session.toolOptions),
      snapIndicator: target,
    });
  }
  onPointerUp(e: ToolPointer, ed: Editor): void {
    const a = this.start;
    this.start = null;
    ed.update({ preview: null });
    if (!a) return;
    const b = ed.snapped(e.table);
    let g = this.geometry(a, b, e.shift);
    if (g.type === 'rect' && (g.width < 0.3 || g.depth < 0.3)) {
      const [w, d] = DEFAULT_SIZE[this.id] ?? [2, 1];
      g = { type: 'rect', x: a[0], y: a[1], width: w, depth: d };
    }
    const f = createFeature(this.id, ed.newId(this.id), g, ed.session.toolOptions);
    ed.addFeature(f);
    ed.select([f.id]);
  }
  cancel(ed: Editor): void {
    this.start = null;
    ed.update({ preview: null });
  }
}

/** Drops a tree per click, with the canopy radius from the tool options. */
export class PointTool implements Tool {
  readonly id = 'tree' as const;
  readonly cursor = 'crosshair';
  readonly hint = 'Click to drop a tree; set the canopy radius in the options bar';

  onPointerMove(e: ToolPointer, ed: Editor): void {
    const at = e.alt ? e.table : ed.snapped(e.table);
    ed.update({
      preview: createFeature('tree', 'preview', { type: 'point', at }, ed.session.toolOptions),
    });
  }
  onPointerDown(e: ToolPointer, ed: Editor): void {
    const at = e.alt ? e.table : ed.snapped(e.table);
    const f = createFeature(
      'tree',
      ed.newId('tree'),
      { type: 'point', at },
      ed.session.toolOptions,
    );
    ed.addFeature(f);
    ed.select([f.id]);
  }
  cancel(ed: Editor): void {
    ed.update({ preview: null });
  }
}

/** Rectangle around the centre line a-b with the given width, as a deck polygon. */
export function deckPolygon(a: Point, b: Point, width: number): Point[] {
  const d = sub(b, a);
  const len = Math.hypot(d[0], d[1]) || 1;
  const n: Point = [(-d[1] / len) * (width / 2), (d[0] / len) * (width / 2)];
  return [add(a, n), add(b, n), sub(b, n), sub(a, n)].map(tidyPoint);
}

/**
 * Places bridges and catwalks across creeks and gullies. Click where a road crosses water and the
 * bridge snaps to that road: aligned with it, as wide as it plus a margin, long enough to clear the
 * banks, and records which road it carries and what it spans. Or drag the crossing by hand.
 */
export class BridgeTool implements Tool {
  readonly cursor = 'crosshair';
  readonly hint: string;
  private start: Point | null = null;

  constructor(readonly id: 'bridge' | 'catwalk') {
    this.hint =
      id === 'bridge'
        ? 'Click where a road crosses a creek, or drag across the water'
        : 'Drag across a creek or gully, or click on one';
  }

  /** The deck for a press at a and release at b, with what it spans and carries. */
  plan(ed: Editor, a: Point, b: Point): Feature {
    const feats = ed.features();
    const waters = feats.filter((f) => f.kind === 'creek' || f.kind === 'gully') as (Feature & {
      points: Point[];
    })[];
    const roads =
      this.id === 'bridge'
        ? (feats.filter((f) => f.kind === 'road') as (Feature & {
            points: Point[];
            width: number;
          })[])
        : [];
    const mid: Point = mul(add(a, b), 0.5);
    const dragged = dist(a, b) > 0.3;
    const nearest = <T extends { points: Point[] }>(list: T[], p: Point, max: number) => {
      let best: { f: T; point: Point; segment: number; distance: number } | null = null;
      for (const f of list) {
        const c = closestOnPath(p, f.points, false);
        if (c && c.distance <= max && (!best || c.distance < best.distance)) best = { f, ...c };
      }
      return best;
    };
    const water = nearest(waters, mid, dragged ? dist(a, b) : 3);
    const span = water ? 2 * halfWidth(water.f) + 0.5 : 3;
    let centreA = a;
    let centreB = b;
    let width = this.id === 'bridge' ? 2.5 : 0.75;
    let carries: string | undefined;
    const road = nearest(roads, mid, 1.5);
    if (road) {
      // Where the road crosses the water nearest the pointer, along the road's direction there.
      let cross: Point = road.point;
      if (water) {
        let best = Infinity;
        for (let i = 0; i + 1 < road.f.points.length; i++) {
          for (let j = 0; j + 1 < water.f.points.length; j++) {
            const x = segmentIntersection(
              road.f.points[i]!,
              road.f.points[i + 1]!,
              water.f.points[j]!,
              water.f.points[j + 1]!,
            );
            if (x && dist(x, mid) < best) {
              best = dist(x, mid);
              cross = x;
            }
          }
        }
      }
      const seg = closestOnPath(cross, road.f.points, false)!;
      const p0 = road.f.points[seg.segment]!;
      const p1 = road.f.points[seg.segment + 1]!;
      const d = sub(p1, p0);
      const len = Math.hypot(d[0], d[1]) || 1;
      const half = (dragged ? dist(a, b) : span) / 2;
      const u: Point = [(d[0] / len) * half, (d[1] / len) * half];
      centreA = sub(cross, u);
      centreB = add(cross, u);
      width = road.f.width + 0.5;
      carries = road.f.id;
    } else if (!dragged && water) {
      // A click on water: across the stream at that point.
      const p0 = water.f.points[water.segment]!;
      const p1 = water.f.points[water.segment + 1]!;
      const d = sub(p1, p0);
      const len = Math.hypot(d[0], d[1]) || 1;
      const n: Point = [(-d[1] / len) * (span / 2), (d[0] / len) * (span / 2)];
      centreA = sub(water.point, n);
      centreB = add(water.point, n);
    } else if (!dragged) {
      centreA = [a[0] - 1.5, a[1]];
      centreB = [a[0] + 1.5, a[1]];
    }
    const f = createFeature(
      this.id,
      'preview',
      { type: 'path', points: deckPolygon(centreA, centreB, width) },
      ed.session.toolOptions,
    ) as Feature & {
      spans?: string;
      carries?: string;
    };
    if (water) f.spans = water.f.id;
    if (carries) f.carries = carries;
    return f;
  }

  onPointerDown(e: ToolPointer): void {
    this.start = e.table;
  }
  onPointerMove(e: ToolPointer, ed: Editor): void {
    ed.update({ preview: this.plan(ed, this.start ?? e.table, e.table) });
  }
  onPointerUp(e: ToolPointer, ed: Editor): void {
    const a = this.start;
    this.start = null;
    if (!a) return;
    const f = { ...this.plan(ed, a, e.table), id: ed.newId(this.id) };
    ed.update({ preview: null });
    ed.addFeature(f);
    ed.select([f.id]);
  }
  cancel(ed: Editor): void {
    this.start = null;
    ed.update({ preview: null });
  }
}
