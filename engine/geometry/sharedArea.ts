/**
 * The area two sets of polygons share, computed in plain floating point by a sweep over vertical
 * slabs. Each set is a union of polygons (a road is many overlapping strips, a creek its floor
 * pieces); each polygon is its rings taken even-odd (an outline and its holes). Nothing here
 * merges a set first, so a road drawn as 50 spokes through one point costs its crossings, not a
 * union of 49 overlapping strips in exact arithmetic.
 */

/** Polygons of rings of [x, y]: the shape polyclip-ts and the layout checks use. */
export type Rings = readonly (readonly (readonly [number, number])[])[];
export type RingSet = readonly Rings[];

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const EMPTY: Box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };

function boxOfRings(poly: Rings): Box {
  const b = { ...EMPTY };
  for (const ring of poly)
    for (const [x, y] of ring) {
      if (x < b.minX) b.minX = x;
      if (x > b.maxX) b.maxX = x;
      if (y < b.minY) b.minY = y;
      if (y > b.maxY) b.maxY = y;
    }
  return b;
}

const meets = (a: Box, b: Box) =>
  a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

function union(boxes: readonly Box[]): Box {
  const b = { ...EMPTY };
  for (const x of boxes) {
    b.minX = Math.min(b.minX, x.minX);
    b.minY = Math.min(b.minY, x.minY);
    b.maxX = Math.max(b.maxX, x.maxX);
    b.maxY = Math.max(b.maxY, x.maxY);
  }
  return b;
}

/**
 * Clips one ring to a rectangle (Sutherland-Hodgman). A concave ring may come out with edges
 * running back and forth along the rectangle's sides; they cancel in the even-odd count, so the
 * area inside is kept exactly.
 */
function clipRing(ring: readonly (readonly [number, number])[], c: Box): [number, number][] {
  let pts: [number, number][] = ring.map(([x, y]) => [x, y]);
  const sides: [
    (p: [number, number]) => boolean,
    (a: [number, number], b: [number, number]) => [number, number],
  ][] = [
    [
      (p) => p[0] >= c.minX,
      (a, b) => [c.minX, a[1] + ((b[1] - a[1]) * (c.minX - a[0])) / (b[0] - a[0])],
    ],
    [
      (p) => p[0] <= c.maxX,
      (a, b) => [c.maxX, a[1] + ((b[1] - a[1]) * (c.maxX - a[0])) / (b[0] - a[0])],
    ],
    [
      (p) => p[1] >= c.minY,
      (a, b) => [a[0] + ((b[0] - a[0]) * (c.minY - a[1])) / (b[1] - a[1]), c.minY],
    ],
    [
      (p) => p[1] <= c.maxY,
      (a, b) => [a[0] + ((b[0] - a[0]) * (c.maxY - a[1])) / (b[1] - a[1]), c.maxY],
    ],
  ];
  for (const [inside, cut] of sides) {
    if (pts.length === 0) break;
    const out: [number, number][] = [];
    for (let i = 0; i < pts.length; i++) {
      const a = pts[(i + pts.length - 1) % pts.length]!;
      const b = pts[i]!;
      const ina = inside(a);
      const inb = inside(b);
      if (inb) {
        if (!ina) out.push(cut(a, b));
        out.push(b);
      } else if (ina) out.push(cut(a, b));
    }
    pts = out;
  }
  return pts;
}

/** A non-vertical edge of polygon `poly` of set `set`, as a line over [x0, x1]. */
interface Edge {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly slope: number;
  readonly poly: number;
  readonly set: 0 | 1;
}

/** How many of the sorted numbers `xs` are at most `x`. */
function firstAbove(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where two edges cross strictly inside both their x ranges, or undefined. */
function crossingX(e: Edge, f: Edge): number | undefined {
  const lo = Math.max(e.x0, f.x0);
  const hi = Math.min(e.x1, f.x1);
  if (!(lo < hi)) return undefined;
  const d0 = e.y0 + e.slope * (lo - e.x0) - (f.y0 + f.slope * (lo - f.x0));
  const d1 = e.y0 + e.slope * (hi - e.x0) - (f.y0 + f.slope * (hi - f.x0));
  if (d0 === 0 || d1 === 0 || d0 > 0 === d1 > 0) return undefined;
  return lo + ((hi - lo) * d0) / (d0 - d1);
}

/**
 * Past this many edge crossings in the shared box the sweep would have too many slabs; the area
 * is then measured on evenly spaced scanlines instead: bounded work, and an error of at most a
 * scanline's height along the shared outline (a few per cent on a pathological comb of 150
 * bars crossing 150 bars, much less on real terrain).
 */
const MAX_CROSSINGS = 20_000;
/**
 * Past this much work (edge tests while finding crossings, or edges summed over the slabs they
 * cross), the sweep hands over to the scanlines too: a road of thousands of short strips over a
 * house has few crossings per pair of edges but thousands of edges alive in every slab.
 */
const MAX_SWEEP_WORK = 3_000_000;
/** Scanlines are at most this many, and at least the fewest, spaced so their work stays bounded. */
const SCANLINES = 4096;
const MIN_SCANLINES = 256;
const MAX_SCAN_WORK = 3_000_000;

/** The boxes of a set's polygons, kept per set: one feature is measured against many. */
const boxCache = new WeakMap<RingSet, Box[]>();
function boxesOf(set: RingSet): Box[] {
  let boxes = boxCache.get(set);
  if (!boxes) {
    boxes = set.map(boxOfRings);
    boxCache.set(set, boxes);
  }
  return boxes;
}

/**
 * Counts the work of the measures it is passed to, in edge steps (an edge tested against
 * another, or carried through a slab or across a scanline), so a caller measuring many pairs can
 * stop at a budget whatever the shapes.
 */
export interface WorkMeter {
  work: number;
}

/** Area of (∪a) ∩ (∪b) in square units. */
export function sharedArea(a: RingSet, b: RingSet, meter?: WorkMeter): number {
  if (a.length === 0 || b.length === 0) return 0;
  const boxesA = boxesOf(a);
  const boxesB = boxesOf(b);
  // Only the parts of each set near the other matter: filter twice, then clip to the overlap.
  let keepA = a.map((_, i) => i).filter((i) => boxesA[i]!.minX <= boxesA[i]!.maxX);
  let keepB = b.map((_, i) => i).filter((i) => boxesB[i]!.minX <= boxesB[i]!.maxX);
  for (let pass = 0; pass < 2; pass++) {
    const ba = union(keepA.map((i) => boxesA[i]!));
    const bb = union(keepB.map((i) => boxesB[i]!));
    keepA = keepA.filter((i) => meets(boxesA[i]!, bb));
    keepB = keepB.filter((i) => meets(boxesB[i]!, ba));
    if (!keepA.length || !keepB.length) return 0;
  }
  const ba = union(keepA.map((i) => boxesA[i]!));
  const bb = union(keepB.map((i) => boxesB[i]!));
  const clip: Box = {
    minX: Math.max(ba.minX, bb.minX),
    minY: Math.max(ba.minY, bb.minY),
    maxX: Math.min(ba.maxX, bb.maxX),
    maxY: Math.min(ba.maxY, bb.maxY),
  };
  if (!(clip.minX < clip.maxX && clip.minY < clip.maxY)) return 0;

  const edges: Edge[] = [];
  const clipped: ClippedRing[] = [];
  const xs: number[] = [clip.minX, clip.maxX];
  let polys = 0;
  const add = (poly: Rings, set: 0 | 1) => {
    const id = polys++;
    for (const raw of poly) {
      const ring = clipRing(raw, clip);
      if (ring.length >= 3) clipped.push({ ring, poly: id, set });
      for (let i = 0; i < ring.length; i++) {
        const p = ring[i]!;
        const q = ring[(i + 1) % ring.length]!;
        xs.push(p[0]);
        if (p[0] === q[0]) continue;
        const [l, r] = p[0] < q[0] ? [p, q] : [q, p];
        edges.push({
          x0: l[0],
          x1: r[0],
          y0: l[1],
          slope: (r[1] - l[1]) / (r[0] - l[0]),
          poly: id,
          set,
        });
      }
    }
  };
  for (const i of keepA) add(a[i]!, 0);
  for (const i of keepB) add(b[i]!, 1);
  if (edges.length === 0) return 0;
  if (meter) meter.work += edges.length;

  // Crossings, found by sweeping edges sorted by their left end.
  const byStart = [...edges].sort((e, f) => e.x0 - f.x0);
  let crossings = 0;
  let tests = 0;
  let active: Edge[] = [];
  for (const e of byStart) {
    active = active.filter((f) => f.x1 > e.x0);
    tests += active.length;
    if (tests > MAX_SWEEP_WORK) return scanlineArea(clipped, polys, clip, meter);
    for (const f of active) {
      const x = crossingX(e, f);
      if (x === undefined) continue;
      xs.push(x);
      if (++crossings > MAX_CROSSINGS) return scanlineArea(clipped, polys, clip, meter);
    }
    active.push(e);
  }

  xs.sort((p, q) => p - q);
  // Each edge is alive in the slabs between its ends: their sum is the sweep's work.
  let work = 0;
  for (const e of byStart) work += firstAbove(xs, e.x1) - firstAbove(xs, e.x0);
  if (meter) meter.work += tests;
  if (work > MAX_SWEEP_WORK) return scanlineArea(clipped, polys, clip, meter);
  if (meter) meter.work += work;
  // The edges in typed arrays, and the live ones kept in their order along the slab's middle
  // from one slab to the next: between neighbouring slabs only the edges that cross there swap,
  // so an insertion sort puts them back in order in about one pass (no sort, no objects, per
  // slab; a dense road near a house has tens of thousands of slabs).
  const m = byStart.length;
  const X0 = new Float64Array(m);
  const X1 = new Float64Array(m);
  const Y0 = new Float64Array(m);
  const SLOPE = new Float64Array(m);
  const POLY = new Int32Array(m);
  const SET = new Uint8Array(m);
  byStart.forEach((e, k) => {
    X0[k] = e.x0;
    X1[k] = e.x1;
    Y0[k] = e.y0;
    SLOPE[k] = e.slope;
    POLY[k] = e.poly;
    SET[k] = e.set;
  });
  const inside = new Uint8Array(polys);
  const order = new Int32Array(m);
  const ys = new Float64Array(m);
  let live = 0;
  let area = 0;
  let next = 0;
  for (let s = 0; s + 1 < xs.length; s++) {
    const x0 = xs[s]!;
    const x1 = xs[s + 1]!;
    if (!(x1 > x0) || x1 <= clip.minX || x0 >= clip.maxX) continue;
    const xm = (x0 + x1) / 2;
    let kept = 0;
    for (let k = 0; k < live; k++) {
      const e = order[k]!;
      if (X1[e]! > xm) order[kept++] = e;
    }
    live = kept;
    while (next < m && X0[next]! <= xm) order[live++] = next++;
    for (let k = 0; k < live; k++) {
      const e = order[k]!;
      const y = Y0[e]! + SLOPE[e]! * (xm - X0[e]!);
      let j = k - 1;
      while (j >= 0 && ys[j]! > y) {
        ys[j + 1] = ys[j]!;
        order[j + 1] = order[j]!;
        j--;
      }
      ys[j + 1] = y;
      order[j + 1] = e;
    }
    let inA = 0;
    let inB = 0;
    let measure = 0;
    for (let k = 0; k < live; k++) {
      const e = order[k]!;
      const poly = POLY[e]!;
      const was = inside[poly]!;
      inside[poly] = was ? 0 : 1;
      const delta = was ? -1 : 1;
      if (SET[e] === 0) inA += delta;
      else inB += delta;
      if (inA > 0 && inB > 0 && k + 1 < live) measure += ys[k + 1]! - ys[k]!;
    }
    // Every closed ring crosses the line an even number of times: all flags are back to 0.
    area += measure * (x1 - x0);
  }
  return area;
}

/** A ring clipped to the shared box, with the polygon and set it belongs to. */
interface ClippedRing {
  readonly ring: readonly (readonly [number, number])[];
  readonly poly: number;
  readonly set: 0 | 1;
}

/** A non-horizontal edge as a line over [lo, hi) in y: x at y is x0 + (y - y0) * inverse slope. */
interface Span {
  readonly lo: number;
  readonly hi: number;
  readonly x0: number;
  readonly y0: number;
  readonly dxdy: number;
  readonly poly: number;
  readonly set: 0 | 1;
}

/**
 * The same area measured on horizontal scanlines, for shapes with very many crossings. Its edges
 * are taken from the clipped rings, not from the sweep's list: a horizontal line meets vertical
 * edges (the sides of an axis-aligned deck or building) and never horizontal ones, the opposite
 * of the sweep over vertical slabs.
 */
function scanlineArea(
  rings: readonly ClippedRing[],
  polys: number,
  clip: Box,
  meter: WorkMeter | undefined,
): number {
  // Lines as close as the work allows: each edge is met by the lines across its height.
  let heights = 0;
  for (const { ring } of rings)
    for (let i = 0; i < ring.length; i++)
      heights += Math.abs(ring[(i + 1) % ring.length]![1] - ring[i]![1]);
  const height = clip.maxY - clip.minY;
  const lines = Math.max(
    MIN_SCANLINES,
    Math.min(SCANLINES, Math.floor((MAX_SCAN_WORK * height) / Math.max(heights, 1e-300))),
  );
  const dy = height / lines;
  if (meter) meter.work += heights / dy + lines;
  // Edges as y-ranges, sorted by their lower end, so each scanline meets only its own.
  const spans: Span[] = [];
  for (const { ring, poly, set } of rings)
    for (let i = 0; i < ring.length; i++) {
      const p = ring[i]!;
      const q = ring[(i + 1) % ring.length]!;
      if (p[1] === q[1]) continue;
      const [l, h] = p[1] < q[1] ? [p, q] : [q, p];
      spans.push({
        lo: l[1],
        hi: h[1],
        x0: l[0],
        y0: l[1],
        dxdy: (h[0] - l[0]) / (h[1] - l[1]),
        poly,
        set,
      });
    }
  spans.sort((p, q) => p.lo - q.lo);
  // As in the slab sweep: typed arrays, and the live edges kept in order along x from one line
  // to the next, so an insertion sort restores it in about one pass.
  const m = spans.length;
  const HI = new Float64Array(m);
  const LO = new Float64Array(m);
  const X0 = new Float64Array(m);
  const Y0 = new Float64Array(m);
  const DXDY = new Float64Array(m);
  const POLY = new Int32Array(m);
  const SET = new Uint8Array(m);
  spans.forEach((e, k) => {
    LO[k] = e.lo;
    HI[k] = e.hi;
    X0[k] = e.x0;
    Y0[k] = e.y0;
    DXDY[k] = e.dxdy;
    POLY[k] = e.poly;
    SET[k] = e.set;
  });
  const inside = new Uint8Array(polys);
  const order = new Int32Array(m);
  const xs = new Float64Array(m);
  let live = 0;
  let next = 0;
  let area = 0;
  for (let s = 0; s < lines; s++) {
    const y = clip.minY + (s + 0.5) * dy;
    // Half-open [lo, hi): a line through a vertex meets exactly one of the two edges there.
    let kept = 0;
    for (let k = 0; k < live; k++) {
      const e = order[k]!;
      if (HI[e]! > y) order[kept++] = e;
    }
    live = kept;
    while (next < m && LO[next]! <= y) order[live++] = next++;
    for (let k = 0; k < live; k++) {
      const e = order[k]!;
      const x = X0[e]! + (y - Y0[e]!) * DXDY[e]!;
      let j = k - 1;
      while (j >= 0 && xs[j]! > x) {
        xs[j + 1] = xs[j]!;
        order[j + 1] = order[j]!;
        j--;
      }
      xs[j + 1] = x;
      order[j + 1] = e;
    }
    let inA = 0;
    let inB = 0;
    for (let k = 0; k < live; k++) {
      const e = order[k]!;
      const poly = POLY[e]!;
      const was = inside[poly]!;
      inside[poly] = was ? 0 : 1;
      const delta = was ? -1 : 1;
      if (SET[e] === 0) inA += delta;
      else inB += delta;
      if (inA > 0 && inB > 0 && k + 1 < live) area += (xs[k + 1]! - xs[k]!) * dy;
    }
  }
  return area;
}
