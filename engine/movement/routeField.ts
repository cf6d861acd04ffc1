import { inches, tablePoint, type TablePoint } from '../geometry/units';
import { distance } from '../geometry/vector';
import { featureSpans, type TerrainIndex } from '../terrain/terrainIndex';
import { pathCost, type Mover } from './movementCost';

/**
 * The cost of getting to one point from anywhere on a table, for one kind of mover: a grid of
 * nodes half an inch apart, each with its cost in turns to the target over the map's terrain and
 * the next node on the way. Bots follow it round creeks, houses and walls instead of walking into
 * them. Built once per map, mover and target (a few tenths of a second) and kept with the terrain;
 * it knows the map only, not the pieces on it.
 */
export interface RouteField {
  readonly step: number;
  readonly columns: number;
  readonly rows: number;
  /** Cost in turns from each node to the target (Infinity where it cannot be reached). */
  readonly cost: Float64Array;
  /** The next node toward the target (-1 at the target or where it cannot be reached). */
  readonly next: Int32Array;
  readonly target: TablePoint;
}

const STEP = 0.5;

/**
 * Fields kept per terrain: by mover key, then closed features, then the target's x and y. Nested
 * maps of numbers rather than one key string: a bot asks for a field on most of its moves, and
 * writing the target's numbers into a key each time cost more than the lookup.
 */
interface KeptFields {
  count: number;
  readonly byMover: Map<string, Map<string, Map<number, Map<number, RouteField>>>>;
}
const fields = new WeakMap<TerrainIndex, KeptFields>();

/** Mover keys by mover object: movers never change (a key is worked out once per mover). */
const moverKeys = new WeakMap<Mover, string>();

function moverKey(m: Mover): string {
  let key = moverKeys.get(m);
  if (key === undefined) {
    key = `${[...m.classes].sort().join(',')}|${m.roadRate}|${m.offRoadRate}|${m.roadRateOnlyIfAllOnRoad}|${m.jump?.max ?? ''}`;
    moverKeys.set(m, key);
  }
  return key;
}

/**
 * The field toward `target` for a mover, built on first use and then kept with the terrain.
 * `closed` names features the way must not touch (a bridge blocked by a wreck, say), so a bot can
 * ask for the way over another one.
 */
export function routeField(
  terrain: TerrainIndex,
  mover: Mover,
  target: TablePoint,
  closed: readonly string[] = [],
): RouteField {
  let kept = fields.get(terrain);
  if (!kept || kept.count >= FIELDS_KEPT) {
    // A field is the same whenever it is made, so starting afresh changes nothing but time.
    kept = { count: 0, byMover: new Map() };
    fields.set(terrain, kept);
  }
  const shut = closed.length === 0 ? '' : [...closed].sort().join(',');
  const byY = fieldsByY(kept, moverKey(mover), shut, target.x);
  let f = byY.get(target.y);
  if (!f) {
    f = buildField(terrain, mover, target, closed);
    byY.set(target.y, f);
    kept.count++;
  }
  return f;
}

/** The kept fields of one mover, closed set and target x, by the target's y (made when first asked). */
function fieldsByY(
  kept: KeptFields,
  mover: string,
  shut: string,
  x: number,
): Map<number, RouteField> {
  let byShut = kept.byMover.get(mover);
  if (!byShut) kept.byMover.set(mover, (byShut = new Map()));
  let byX = byShut.get(shut);
  if (!byX) byShut.set(shut, (byX = new Map()));
  let byY = byX.get(x);
  if (!byY) byX.set(x, (byY = new Map()));
  return byY;
}

/**
 * Fields kept per terrain (each some 100 kB) before they are all let go, so thousands of lab
 * games stay within memory (the village's games ask for about 130).
 */
const FIELDS_KEPT = 400;

function nodePoint(f: { step: number; columns: number }, terrain: TerrainIndex, n: number) {
  const c = n % f.columns;
  const r = (n - c) / f.columns;
  // Nodes on the table's edges stand a hair inside it.
  return tablePoint(
    Math.min(terrain.width - 0.05, Math.max(0.05, c * f.step)),
    Math.min(terrain.height - 0.05, Math.max(0.05, r * f.step)),
  );
}

/**
 * The cost of each step between neighbouring nodes for one mover, worked out the first time a
 * field needs it: every field of that mover (other targets, other closed crossings) reuses it.
 * Index: node * 8 + direction; NaN until known.
 */
const steps = new WeakMap<TerrainIndex, Map<string, Float64Array>>();

/** The eight directions between neighbouring nodes: column and row steps, in this order. */
const DIR_COLUMN = Int8Array.of(-1, 0, 1, -1, 1, -1, 0, 1);
const DIR_ROW = Int8Array.of(-1, -1, -1, 0, 0, 1, 1, 1);

function buildField(
  terrain: TerrainIndex,
  mover: Mover,
  target: TablePoint,
  closed: readonly string[],
): RouteField {
  const step = STEP;
  const columns = Math.floor(terrain.width / step) + 1;
  const rows = Math.floor(terrain.height / step) + 1;
  const size = columns * rows;
  const cost = new Float64Array(size).fill(Infinity);
  const next = new Int32Array(size).fill(-1);
  const shape = { step, columns };
  const point = (n: number) => nodePoint(shape, terrain, n);
  let byMover = steps.get(terrain);
  if (!byMover) {
    byMover = new Map();
    steps.set(terrain, byMover);
  }
  let known = byMover.get(moverKey(mover));
  if (!known) {
    known = new Float64Array(size * 8).fill(NaN);
    byMover.set(moverKey(mover), known);
  }
  const legCost = (from: TablePoint, to: TablePoint) => {
    const p = pathCost(terrain, mover, [from, to]);
    return p.legal ? p.cost : Infinity;
  };
  const shut = terrain.entries.filter((e) => closed.includes(e.id));
  const touchesShut = (a: TablePoint, b: TablePoint) =>
    shut.some(
      (e) =>
        Math.max(a.x, b.x) >= e.box.minX &&
        Math.min(a.x, b.x) <= e.box.maxX &&
        Math.max(a.y, b.y) >= e.box.minY &&
        Math.min(a.y, b.y) <= e.box.maxY &&
        // Only this feature's spans: the full crossings of every step would fill the
        // terrain's memo with segments nobody asks for again.
        featureSpans(e.footprint, a, b).length > 0,
    );
  const heap = new NodeHeap(size);
  // The target's own node is reached straight from it.
  const tc = Math.min(columns - 1, Math.max(0, Math.round(target.x / step)));
  const tr = Math.min(rows - 1, Math.max(0, Math.round(target.y / step)));
  const start = tr * columns + tc;
  const first = legCost(point(start), target);
  cost[start] = first === Infinity ? 0 : first;
  heap.push(start, cost[start]!);
  const done = new Uint8Array(size);
  while (heap.size > 0) {
    const v = heap.pop();
    if (done[v]) continue;
    done[v] = 1;
    const vc = v % columns;
    const vr = (v - vc) / columns;
    // Made only when a step toward v is costed or tested against a closed feature.
    let pv: TablePoint | undefined;
    for (let d = 0; d < 8; d++) {
      const uc = vc - DIR_COLUMN[d]!;
      const ur = vr - DIR_ROW[d]!;
      if (uc < 0 || ur < 0 || uc >= columns || ur >= rows) continue;
      const u = ur * columns + uc;
      if (done[u]) continue;
      // A mover at u steps to v (direction d) on its way to the target.
      let c = known[u * 8 + d]!;
      if (Number.isNaN(c)) {
        c = legCost(point(u), (pv ??= point(v)));
        known[u * 8 + d] = c;
      }
      if (c === Infinity || (shut.length > 0 && touchesShut(point(u), (pv ??= point(v))))) continue;
      const total = cost[v]! + c;
      if (total < cost[u]!) {
        cost[u] = total;
        next[u] = v;
        heap.push(u, total);
      }
    }
  }
  return { step, columns, rows, cost, next, target };
}

/**
 * The way toward the field's target from `from`: the nodes the field leads through, ending where
 * the straight line to the target is no more than `stopAt` away. Empty when `from` lies on no
 * node with a way to the target.
 */
export function routeFrom(
  terrain: TerrainIndex,
  field: RouteField,
  from: TablePoint,
  stopAt: number,
): TablePoint[] {
  const { step, columns, rows, cost, next } = field;
  // The nearest of the (up to four) surrounding nodes that has a way on.
  let best = -1;
  let bestScore = Infinity;
  const c0 = Math.floor(from.x / step);
  const r0 = Math.floor(from.y / step);
  for (const [c, r] of [
    [c0, r0],
    [c0 + 1, r0],
    [c0, r0 + 1],
    [c0 + 1, r0 + 1],
  ] as const) {
    if (c < 0 || r < 0 || c >= columns || r >= rows) continue;
    const n = r * columns + c;
    if (cost[n] === Infinity) continue;
    const score = cost[n]! + distance(from, nodePoint(field, terrain, n)) * 0.01;
    if (score < bestScore) {
      bestScore = score;
      best = n;
    }
  }
  const out: TablePoint[] = [];
  let reached = best >= 0;
  for (let n = best, guard = 0; n >= 0 && guard < columns * rows; n = next[n]!, guard++) {
    const p = nodePoint(field, terrain, n);
    if (distance(p, field.target) < stopAt) {
      reached = false;
      break;
    }
    out.push(p);
  }
  // All the way: the target itself ends it, when the mover is to stand on it.
  if (reached && stopAt < STEP / 2) out.push(field.target);
  // Straight runs of nodes are one leg: keep only where the way turns.
  return out.filter((p, k) => {
    const a = out[k - 1];
    const b = out[k + 1];
    if (!a || !b) return true;
    return Math.abs((p.x - a.x) * (b.y - p.y) - (p.y - a.y) * (b.x - p.x)) > 1e-9;
  });
}

/** The length of a way, in inches. */
export function routeLength(from: TablePoint, way: readonly TablePoint[]): number {
  let sum = 0;
  let at = from;
  for (const p of way) {
    sum += distance(at, p);
    at = p;
  }
  return inches(sum);
}

/** A binary min-heap of node numbers by cost (entries may repeat; stale ones are skipped). */
class NodeHeap {
  private nodes: Int32Array;
  private keys: Float64Array;
  size = 0;
  constructor(capacity: number) {
    this.nodes = new Int32Array(Math.max(16, capacity));
    this.keys = new Float64Array(Math.max(16, capacity));
  }
  push(node: number, key: number): void {
    if (this.size === this.nodes.length) {
      const n = new Int32Array(this.size * 2);
      n.set(this.nodes);
      const k = new Float64Array(this.size * 2);
      k.set(this.keys);
      this.nodes = n;
      this.keys = k;
    }
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= key) break;
      this.nodes[i] = this.nodes[parent]!;
      this.keys[i] = this.keys[parent]!;
      i = parent;
    }
    this.nodes[i] = node;
    this.keys[i] = key;
  }
  pop(): number {
    const top = this.nodes[0]!;
    const lastNode = this.nodes[--this.size]!;
    const lastKey = this.keys[this.size]!;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.size) break;
      const r = l + 1;
      const child = r < this.size && this.keys[r]! < this.keys[l]! ? r : l;
      if (this.keys[child]! >= lastKey) break;
      this.nodes[i] = this.nodes[child]!;
      this.keys[i] = this.keys[child]!;
      i = child;
    }
    this.nodes[i] = lastNode;
    this.keys[i] = lastKey;
    return top;
  }
}

/**
 * A route field as plain numbers, to be kept outside the engine: a lab thread writes the fields
 * its games built to disk beside its code and the next run's threads start with them (the
 * village's first game built about 20 of them, 230 ms of its 410, and every thread built the
 * same ones). A field is the same whenever it is made from the same map, catalog and code, so
 * one read back is the one that would be built.
 */
export interface RouteFieldRecord {
  readonly mover: string;
  /** The closed features' ids, sorted, joined by commas ('' for none). */
  readonly closed: string;
  readonly x: number;
  readonly y: number;
  readonly columns: number;
  readonly rows: number;
  readonly cost: Float64Array;
  readonly next: Int32Array;
}

/**
 * Fields offered for the terrain made from a map (by the map object a game is about to be made
 * from), and the terrain each map's fields went to: `offerRouteFields` before the game is made,
 * `takeRouteFields` by the ruleset as it makes the terrain, `routeFieldsOf` to read them back.
 */
const offered = new WeakMap<object, readonly RouteFieldRecord[]>();
const terrainOfMap = new WeakMap<object, TerrainIndex>();

/** Offers kept fields to the terrain the next game made from `map` (the same object) will have. */
export function offerRouteFields(map: object, records: readonly RouteFieldRecord[]): void {
  offered.set(map, records);
}

/**
 * Gives `terrain` the fields offered for `map`, the map object it was made from with the
 * ruleset's own catalog and defaults (a ruleset calls this only then), and remembers it for
 * `routeFieldsOf`. Fields of another grid are left out; returns how many were taken.
 */
export function takeRouteFields(map: object, terrain: TerrainIndex): number {
  terrainOfMap.set(map, terrain);
  const records = offered.get(map);
  offered.delete(map);
  if (!records) return 0;
  const columns = Math.floor(terrain.width / STEP) + 1;
  const rows = Math.floor(terrain.height / STEP) + 1;
  let kept = fields.get(terrain);
  if (!kept) fields.set(terrain, (kept = { count: 0, byMover: new Map() }));
  let taken = 0;
  for (const r of records) {
    if (kept.count >= FIELDS_KEPT) break;
    if (r.columns !== columns || r.rows !== rows) continue;
    if (r.cost.length !== columns * rows || r.next.length !== columns * rows) continue;
    const byY = fieldsByY(kept, r.mover, r.closed, r.x);
    if (byY.has(r.y)) continue;
    const target = tablePoint(r.x, r.y);
    byY.set(r.y, { step: STEP, columns, rows, cost: r.cost, next: r.next, target });
    kept.count++;
    taken++;
  }
  return taken;
}

/** The fields the terrain made from `map` holds now (undefined when no terrain took its map). */
export function routeFieldsOf(map: object): RouteFieldRecord[] | undefined {
  const terrain = terrainOfMap.get(map);
  if (!terrain) return undefined;
  const out: RouteFieldRecord[] = [];
  for (const [mover, byShut] of fields.get(terrain)?.byMover ?? [])
    for (const [closed, byX] of byShut)
      for (const [x, byY] of byX)
        for (const [y, f] of byY)
          out.push({
            mover,
            closed,
            x,
            y,
            columns: f.columns,
            rows: f.rows,
            cost: f.cost,
            next: f.next,
          });
  return out;
}
