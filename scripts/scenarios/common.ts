/**
 * Shared helpers for the generators of the bundled scenario and catalog files. Each generator
 * builds a typed document and writes it with the saver, so the files on disk are exactly what
 * Sandtable itself would save (the bundled-files test loads and re-saves every one of them).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APP_NAME,
  APP_VERSION,
  CURRENT_FORMAT_VERSION,
  loadDocument,
  serializeDocument,
  type AnyDoc,
  type AppStamp,
  type Point,
} from '../../engine/format/index';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCENARIOS_DIR = join(ROOT, 'scenarios');
export const CATALOGS_DIR = join(SCENARIOS_DIR, 'catalogs');

/** The envelope fields every bundled file starts with. */
export const envelope = <F extends string>(format: F) => ({
  format,
  formatVersion: CURRENT_FORMAT_VERSION,
  app: { name: APP_NAME, version: APP_VERSION } satisfies AppStamp,
});

/** The date stamped into `meta.created`; fixed so re-running a generator changes nothing. */
export const CREATED = '2026-11-21';

/** While set, `writeDoc` compares instead of writing, and lists here the files that differ. */
let stale: string[] | undefined;

/**
 * Runs generators without writing: the files (relative to the project) whose text on disk is not
 * what the generator makes, so a test can tell when a bundled file and its generator part ways.
 */
export function staleFiles(run: () => void): string[] {
  stale = [];
  try {
    run();
    return stale;
  } finally {
    stale = undefined;
  }
}

/** Saves a document and refuses to write one that Sandtable would not load back unchanged. */
export function writeDoc(path: string, doc: AnyDoc): void {
  const text = serializeDocument(doc);
  const name = relative(ROOT, path);
  const loaded = loadDocument(text, { file: name });
  if (!loaded.ok) {
    const lines = loaded.problems.map((p) => `  ${p.pointer}: ${p.message} (found ${p.found})`);
    throw new Error(`${name} does not load:\n${lines.join('\n')}`);
  }
  if (serializeDocument(loaded.doc) !== text) throw new Error(`${name} does not round-trip`);
  if (stale) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) stale.push(name);
    return;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`wrote ${name}`);
}

/** Rounds to hundredths of an inch: finer than anyone measures on a table, and stable in JSON. */
export const r2 = (n: number): number => Math.round(n * 100) / 100 || 0;
export const pt = (x: number, y: number): Point => [r2(x), r2(y)];

/** A rectangle of the given length and width centred on `c`, its length along `angleDeg`. */
export function orientedRect(c: Point, angleDeg: number, length: number, width: number): Point[] {
  const a = (angleDeg * Math.PI) / 180;
  const ux = Math.cos(a);
  const uy = Math.sin(a);
  const hl = length / 2;
  const hw = width / 2;
  return [
    pt(c[0] - ux * hl + uy * hw, c[1] - uy * hl - ux * hw),
    pt(c[0] + ux * hl + uy * hw, c[1] + uy * hl - ux * hw),
    pt(c[0] + ux * hl - uy * hw, c[1] + uy * hl + ux * hw),
    pt(c[0] - ux * hl - uy * hw, c[1] - uy * hl + ux * hw),
  ];
}

/** Where two polylines first cross, with the direction of each segment there (degrees). */
export function crossing(
  a: Point[],
  b: Point[],
): { at: Point; angleA: number; angleB: number } | undefined {
  for (let i = 0; i + 1 < a.length; i++) {
    for (let j = 0; j + 1 < b.length; j++) {
      const [p, p2] = [a[i]!, a[i + 1]!];
      const [q, q2] = [b[j]!, b[j + 1]!];
      const rx = p2[0] - p[0];
      const ry = p2[1] - p[1];
      const sx = q2[0] - q[0];
      const sy = q2[1] - q[1];
      const den = rx * sy - ry * sx;
      if (den === 0) continue;
      const t = ((q[0] - p[0]) * sy - (q[1] - p[1]) * sx) / den;
      const u = ((q[0] - p[0]) * ry - (q[1] - p[1]) * rx) / den;
      if (t >= 0 && t <= 1 && u >= 0 && u <= 1) {
        return {
          at: [p[0] + t * rx, p[1] + t * ry],
          angleA: (Math.atan2(ry, rx) * 180) / Math.PI,
          angleB: (Math.atan2(sy, sx) * 180) / Math.PI,
        };
      }
    }
  }
  return undefined;
}

/** Distance from a point to a polyline. */
export function distanceToPolyline(p: Point, line: Point[]): number {
  let best = Infinity;
  for (let i = 0; i + 1 < line.length; i++) {
    const [a, b] = [line[i]!, line[i + 1]!];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len2 = dx * dx + dy * dy;
    const t =
      len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
    best = Math.min(best, Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy)));
  }
  return best;
}

/** The x of a polyline running north-south at a given y (linear between its points). */
export function xAtY(line: Point[], y: number): number {
  for (let i = 0; i + 1 < line.length; i++) {
    const [a, b] = [line[i]!, line[i + 1]!];
    if ((y - a[1]) * (y - b[1]) <= 0 && a[1] !== b[1]) {
      return a[0] + ((y - a[1]) / (b[1] - a[1])) * (b[0] - a[0]);
    }
  }
  throw new Error(`polyline does not reach y=${y}`);
}

/** The y of a polyline running east-west at a given x. */
export function yAtX(line: Point[], x: number): number {
  return xAtY(
    line.map(([px, py]) => [py, px] as Point),
    x,
  );
}
