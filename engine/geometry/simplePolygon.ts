import Flatbush from 'flatbush';

/** Where an outline stops being simple: two of its edges, each named by its first vertex. */
export interface OutlineFault {
  /** Index of the vertex where the later of the two edges starts. */
  readonly vertex: number;
  /** Index of the vertex where the other edge starts. */
  readonly other: number;
  readonly kind: 'crossing' | 'doubling-back';
}

type Pt = readonly [number, number];

const orient = (a: Pt, b: Pt, c: Pt) =>
  (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

function onSegment(a: Pt, b: Pt, p: Pt): boolean {
  return (
    Math.min(a[0], b[0]) <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= p[1] &&
    p[1] <= Math.max(a[1], b[1])
  );
}

/** Whether segments ab and cd share any point (crossing, touching or overlapping). */
function segmentsMeet(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const d1 = orient(c, d, a);
  const d2 = orient(c, d, b);
  const d3 = orient(a, b, c);
  const d4 = orient(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
    return true;
  return (
    (d1 === 0 && onSegment(c, d, a)) ||
    (d2 === 0 && onSegment(c, d, b)) ||
    (d3 === 0 && onSegment(a, b, c)) ||
    (d4 === 0 && onSegment(a, b, d))
  );
}

/**
 * The first place a closed outline is not simple: two edges that are not neighbours meet, or a
 * neighbour folds back over the previous edge. Repeated points (edges of no length) are passed
 * over. Edge pairs come from a spatial index, so an outline of 10,000 points takes milliseconds.
 */
export function outlineFault(points: readonly Pt[]): OutlineFault | undefined {
  // Distinct consecutive vertices, remembering their index in the file.
  const idx: number[] = [];
  points.forEach((p, i) => {
    const prev = idx.length ? points[idx[idx.length - 1]!]! : undefined;
    if (!prev || prev[0] !== p[0] || prev[1] !== p[1]) idx.push(i);
  });
  while (idx.length > 1) {
    const first = points[idx[0]!]!;
    const last = points[idx[idx.length - 1]!]!;
    if (first[0] === last[0] && first[1] === last[1]) idx.pop();
    else break;
  }
  const n = idx.length;
  if (n < 3) return undefined;
  const at = (k: number) => points[idx[((k % n) + n) % n]!]!;
  // Neighbouring edges meet only at their shared vertex: one folding back over the other is a
  // spike of no width.
  for (let k = 0; k < n; k++) {
    const a = at(k - 1);
    const b = at(k);
    const c = at(k + 1);
    if (orient(a, b, c) === 0 && (c[0] - b[0]) * (a[0] - b[0]) + (c[1] - b[1]) * (a[1] - b[1]) > 0)
      return { vertex: idx[k]!, other: idx[(k - 1 + n) % n]!, kind: 'doubling-back' };
  }
  if (n === 3) return undefined;
  const index = new Flatbush(n);
  for (let k = 0; k < n; k++) {
    const a = at(k);
    const b = at(k + 1);
    index.add(
      Math.min(a[0], b[0]),
      Math.min(a[1], b[1]),
      Math.max(a[0], b[0]),
      Math.max(a[1], b[1]),
    );
  }
  index.finish();
  for (let k = 0; k < n; k++) {
    const a = at(k);
    const b = at(k + 1);
    const hits = index.search(
      Math.min(a[0], b[0]),
      Math.min(a[1], b[1]),
      Math.max(a[0], b[0]),
      Math.max(a[1], b[1]),
    );
    let found: number | undefined;
    for (const j of hits) {
      if (j <= k) continue;
      // Neighbours share a vertex by design.
      if (j === k + 1 || (k === 0 && j === n - 1)) continue;
      if (segmentsMeet(a, b, at(j), at(j + 1)) && (found === undefined || j < found)) found = j;
    }
    if (found !== undefined) return { vertex: idx[found]!, other: idx[k]!, kind: 'crossing' };
  }
  return undefined;
}
