import type { Point } from '../format';

/** Seeded numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * For tests and benchmarks: the polyline through `points` redrawn with about `n` points on the
 * same legs (its own points kept), each new point moved off its leg by up to `wobble` inches (0:
 * exactly on it, up to rounding). Seeded, so a failing case can be run again.
 */
export function retrace(points: readonly Point[], n: number, wobble = 0, seed = 1): Point[] {
  const rnd = random(seed);
  const lens = points
    .slice(1)
    .map((p, i) => Math.hypot(p[0] - points[i]![0], p[1] - points[i]![1]));
  const total = lens.reduce((a, b) => a + b, 0);
  const out: Point[] = [];
  for (let i = 0; i < lens.length; i++) {
    const [a, b] = [points[i]!, points[i + 1]!];
    out.push([a[0], a[1]]);
    if (lens[i] === 0) continue;
    const k = Math.max(1, Math.round(((n - 1) * lens[i]!) / total));
    const [nx, ny] = [-(b[1] - a[1]) / lens[i]!, (b[0] - a[0]) / lens[i]!];
    for (let j = 1; j < k; j++) {
      const t = j / k;
      const off = (rnd() * 2 - 1) * wobble;
      out.push([a[0] + (b[0] - a[0]) * t + nx * off, a[1] + (b[1] - a[1]) * t + ny * off]);
    }
  }
  out.push([...points[points.length - 1]!]);
  return out;
}
