import type { HexRef } from '../../../format';
import {
  hexDistance,
  hexsideBetween,
  hexsideKey,
  traceHexLine,
  type Axial,
  type HexLine,
  type HexLineTie,
} from '../../../hex';
import type { TankMap } from './map';
import type { TankRules } from './tables';

/** Why a hex on the line is a potential blocking hex (TC-2.2, TC-2.3) or blocks the base game's. */
export type BlockReason =
  'woods' | 'urban' | 'unit' | 'twinContour' | 'terrain' | 'higher' | 'smoke';

/** One potential blocking hex and how the rules decided it. */
export interface BlockerCheck {
  readonly hex: HexRef;
  readonly level: number;
  readonly why: readonly BlockReason[];
  /**
   * Which case decided it: same level (TC-2.5), the EDT (TC-2.6/2.7), next to the lower unit
   * (TC-2.8), the base game, or a smoke marker (SF, which blocks whatever the levels, TC-G2).
   */
  readonly case: 'sameLevel' | 'edt' | 'adjacentLower' | 'base' | 'smoke';
  readonly ed?: number;
  /** Range from the higher unit to the lower (R) and to this hex (d), TC-2.7. */
  readonly R?: number;
  readonly d?: number;
  /** The EDT row used, in words ("ED 1: R ≥ 3 × d"). */
  readonly row?: string;
  readonly blocks: boolean;
  readonly ruleId: string;
}

export interface SightResult {
  readonly visible: boolean;
  readonly from: HexRef;
  readonly to: HexRef;
  readonly fromLevel: number;
  readonly toLevel: number;
  readonly range: number;
  /** The hexes the line passes through, ends included, with the tie taken where it runs along a hexside. */
  readonly hexes: readonly HexRef[];
  readonly checks: readonly BlockerCheck[];
  readonly blockedBy: BlockerCheck | undefined;
  /** The line runs along a hexside somewhere: blocked only if both sides block (TC-G8). */
  readonly alongHexside: boolean;
  /** The target's hex is entered through a ridge hexside (TC-1.2, TC-A1), firer not higher. */
  readonly hullDown: boolean;
  readonly ruleId: string;
}

/** Units that block a line of sight: which hexes hold one (friendly to the firer, TC-A2). */
export type UnitBlocks = (h: HexRef) => boolean;

/** Which hexes hold a smoke marker this moment (SF missions, read from the game state). */
export type SmokeAt = (h: HexRef) => boolean;

const NO_SMOKE: SmokeAt = () => false;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The line of sight of the scenario's layers: Costello's with the layer on, the base game's otherwise. */
export function sight(
  rules: TankRules,
  map: TankMap,
  from: HexRef,
  to: HexRef,
  unitBlocks: UnitBlocks,
  smoke: SmokeAt = NO_SMOKE,
): SightResult {
  const a = map.toAxial(from);
  const b = map.toAxial(to);
  const lines = linesOf(rules, map, a, b);
  let first: SightResult | undefined;
  for (const l of lines) {
    const r = rules.layers.costello
      ? costelloOn(rules, map, l, a, b, unitBlocks, smoke)
      : baseOn(map, l.line, a, b, smoke, l.along);
    if (r.visible) return r;
    first ??= r;
  }
  return first!;
}

/**
 * Whether there is a line of sight: `sight(...).visible`, without the result's account of every
 * hex (a bot asks this of many lines and reads only the answer).
 */
export function canSee(
  rules: TankRules,
  map: TankMap,
  from: HexRef,
  to: HexRef,
  unitBlocks: UnitBlocks,
  smoke: SmokeAt = NO_SMOKE,
): boolean {
  if (!rules.layers.costello) return sight(rules, map, from, to, unitBlocks, smoke).visible;
  const a = map.toAxial(from);
  const b = map.toAxial(to);
  for (const l of linesOf(rules, map, a, b)) {
    const seq = l.line.hexes;
    const hexes = l.base.hexes;
    const L1 = l.base.fromLevel;
    const L2 = l.base.toLevel;
    let blocked = false;
    // Every potential blocking hex is decided, as `sight` does (a catalog without the EDT row
    // needed fails the same way).
    for (let i = 1; i < seq.length - 1; i++) {
      const hex = hexes[i]!;
      const smoked = smoke(hex);
      if (!l.terrain[i] && !l.twin[i] && !smoked && !unitBlocks(hex)) continue;
      if (smoked) blocked = true;
      else {
        let d = l.decided[i];
        if (!d)
          l.decided[i] = d = decide(rules, seq, i, a, b, L1, L2, map.hex(seq[i]!)?.level ?? 0);
        if (d.blocks) blocked = true;
      }
    }
    if (!blocked) return true;
  }
  return false;
}

/**
 * A traced line between two hexes and what in it depends on the map alone (the terrain, levels
 * and ridges, never units or smoke), worked out once a line: a bot weighs the same lines many
 * times a turn and a search plays thousands of turns on one map.
 */
interface MapLine {
  readonly line: HexLine;
  readonly along: boolean;
  readonly base: ReturnType<typeof common>;
  /** Per hex of the line: its terrain reasons to be a potential blocking hex, before units. */
  readonly terrain: readonly (readonly BlockReason[] | undefined)[];
  /** Per hex: a contour crossed a second time just after it (TC-2.3). */
  readonly twin: readonly boolean[];
  /** Per hex: how the rules decide it as a potential blocking hex (smoke aside), made on demand. */
  readonly decided: (Omit<BlockerCheck, 'why' | 'hex' | 'level'> | undefined)[];
  hullDown?: boolean;
}

/** The lines between two hexes by rules and map (a rubbled map is another map), by hex pair. */
const LINES = new WeakMap<TankRules, WeakMap<TankMap, Map<string, readonly MapLine[]>>>();

/** The line or lines (both where it runs along a hexside, TC-G8) between two hexes, memoised. */
function linesOf(rules: TankRules, map: TankMap, a: Axial, b: Axial): readonly MapLine[] {
  let byMap = LINES.get(rules);
  if (!byMap) LINES.set(rules, (byMap = new WeakMap()));
  let byPair = byMap.get(map);
  if (!byPair) byMap.set(map, (byPair = new Map()));
  const k = `${a.q},${a.r},${b.q},${b.r}`;
  let lines = byPair.get(k);
  if (!lines) {
    const left = traceHexLine(map.grid.orientation, a, b, 'left');
    const along = left.ambiguous.length > 0;
    const ties: HexLineTie[] = along ? ['left', 'right'] : ['left'];
    lines = ties.map((tie) =>
      mapLine(
        map,
        tie === 'left' ? left : traceHexLine(map.grid.orientation, a, b, tie),
        a,
        b,
        along,
      ),
    );
    byPair.set(k, lines);
  }
  return lines;
}

function mapLine(map: TankMap, line: HexLine, a: Axial, b: Axial, along: boolean): MapLine {
  const seq = line.hexes;
  const n = seq.length;
  const terrain: (BlockReason[] | undefined)[] = new Array(n).fill(undefined);
  for (let i = 1; i < n - 1; i++) {
    const h = map.hex(seq[i]!);
    const r: BlockReason[] = [];
    if (h?.woods) r.push('woods');
    if (h?.urban) r.push('urban');
    if (r.length) terrain[i] = r;
  }
  // TC-2.3: a contour line crossed a second time makes the hex just before it a blocking hex.
  const twin: boolean[] = new Array(n).fill(false);
  const lvl = (i: number) => map.hex(seq[i]!)?.level ?? 0;
  const crossed = new Map<number, number>();
  for (let i = 1; i < n; i++) {
    const x = lvl(i - 1);
    const y = lvl(i);
    for (let c = Math.min(x, y) + 1; c <= Math.max(x, y); c++) {
      const k = (crossed.get(c) ?? 0) + 1;
      if (k === 2) {
        if (i - 1 >= 1 && i - 1 <= n - 2) twin[i - 1] = true;
        crossed.set(c, 0);
      } else crossed.set(c, k);
    }
  }
  return {
    line,
    along,
    base: common(map, line, a, b, along),
    terrain,
    twin,
    decided: new Array(n).fill(undefined),
  };
}

function common(map: TankMap, line: HexLine, a: Axial, b: Axial, along: boolean) {
  const hexes = line.hexes.map((h) => map.toRef(h));
  return {
    from: map.toRef(a),
    to: map.toRef(b),
    fromLevel: map.hex(a)?.level ?? 0,
    toLevel: map.hex(b)?.level ?? 0,
    range: hexDistance(a, b),
    hexes,
    alongHexside: along,
  };
}

function hullDown(
  rules: TankRules,
  map: TankMap,
  line: HexLine,
  b: Axial,
  fromLevel: number,
  toLevel: number,
): boolean {
  if (!rules.layers.costello || rules.options.hullDown === 'off' || fromLevel > toLevel)
    return false;
  const o = map.grid.orientation;
  for (const c of line.crossings) {
    if (c.to.q !== b.q || c.to.r !== b.r) continue;
    if (map.ridges.has(hexsideKey(o, c.hexside))) return true;
    if (c.touches) {
      const s = hexsideBetween(o, b, c.touches);
      if (s && map.ridges.has(hexsideKey(o, s))) return true;
    }
  }
  return false;
}

/**
 * The Elevation Differential score before the table's clamp (TC-2.6, TC-A3): one up for each
 * level the higher unit is above the potential blocking hex, one down for each level the lower
 * unit is below it. `signed` counts a unit on the far side of the blocking level with its sign
 * (ED = L(high) + L(low) − 2·L(block)); `literal` lets such a unit add or remove nothing.
 */
export function elevationDifferential(
  counts: 'signed' | 'literal',
  high: number,
  low: number,
  block: number,
): number {
  if (counts === 'signed') return high + low - 2 * block;
  return Math.max(0, high - block) - Math.max(0, block - low);
}

function costelloOn(
  rules: TankRules,
  map: TankMap,
  l: MapLine,
  a: Axial,
  b: Axial,
  unitBlocks: UnitBlocks,
  smoke: SmokeAt,
): SightResult {
  const base = l.base;
  const seq = l.line.hexes;
  const n = seq.length;
  const lvl = (i: number) => map.hex(seq[i]!)?.level ?? 0;
  const L1 = base.fromLevel;
  const L2 = base.toLevel;
  const checks: BlockerCheck[] = [];
  let blockedBy: BlockerCheck | undefined;
  // Only hexes strictly between: a unit in a blocking hex sees out and is seen (TC-2.4). The
  // reasons in the order the rules name them: terrain, a unit, smoke, then a second contour.
  for (let i = 1; i < n - 1; i++) {
    const hex = base.hexes[i]!;
    const unit = unitBlocks(hex);
    const smoked = smoke(hex);
    const terrain = l.terrain[i];
    if (!terrain && !unit && !smoked && !l.twin[i]) continue;
    const why: BlockReason[] = terrain ? [...terrain] : [];
    if (unit) why.push('unit');
    if (smoked) why.push('smoke');
    if (l.twin[i]) why.push('twinContour');
    const Lb = lvl(i);
    let c: BlockerCheck;
    if (smoked) c = { hex, level: Lb, why, case: 'smoke', blocks: true, ruleId: 'TC-G2' };
    else {
      let d = l.decided[i];
      if (!d) l.decided[i] = d = decide(rules, seq, i, a, b, L1, L2, Lb);
      c = { hex, level: Lb, why, ...d } as BlockerCheck;
    }
    checks.push(c);
    if (c.blocks && !blockedBy) blockedBy = c;
  }
  l.hullDown ??= hullDown(rules, map, l.line, b, L1, L2);
  return {
    ...base,
    visible: !blockedBy,
    checks,
    blockedBy,
    hullDown: l.hullDown,
    ruleId: blockedBy?.ruleId ?? 'TC-2.9',
  };
}

/** How the rules decide a potential blocking hex of a line, whatever makes it one (not smoke). */
function decide(
  rules: TankRules,
  seq: readonly Axial[],
  i: number,
  a: Axial,
  b: Axial,
  L1: number,
  L2: number,
  Lb: number,
): Omit<BlockerCheck, 'why' | 'hex' | 'level'> {
  if (L1 === L2) return { case: 'sameLevel', blocks: !(Lb <= L1 - 1), ruleId: 'TC-2.5' };
  const [high, low, Lh, Ll] = L1 > L2 ? [a, b, L1, L2] : [b, a, L2, L1];
  const R = hexDistance(high, low);
  const d = hexDistance(rules.options.blockRangeFrom === 'higher' ? high : low, seq[i]!);
  const ed = clamp(elevationDifferential(rules.options.edCounts, Lh, Ll, Lb), -2, 4);
  if (hexDistance(seq[i]!, low) === 1)
    return { case: 'adjacentLower', ed, R, d, blocks: true, ruleId: 'TC-2.8' };
  const row = rules.edt.find((r) => r.ed === ed);
  if (!row) throw new Error(`the Elevation Differential Table has no row for ED ${ed} (TC-2.7)`);
  const ok =
    row.los === 'always' ||
    (row.los === 'range' && row.factor !== null && R * row.factor[1] >= row.factor[0] * d);
  const words =
    row.los === 'range' && row.factor
      ? `ED ${ed}: R ≥ ${row.factor[0] / row.factor[1]} × d`
      : `ED ${ed}: ${row.los === 'always' ? 'always' : 'never'}`;
  return { case: 'edt', ed, R, d, row: words, blocks: !ok, ruleId: 'TC-2.7' };
}

/** The placeholder base-game line of sight (no Costello layer): terrain that blocks, or a hex higher than both ends. */
function baseOn(
  map: TankMap,
  line: HexLine,
  a: Axial,
  b: Axial,
  smoke: SmokeAt,
  along: boolean,
): SightResult {
  const base = common(map, line, a, b, along);
  const checks: BlockerCheck[] = [];
  const top = Math.max(base.fromLevel, base.toLevel);
  for (let i = 1; i < line.hexes.length - 1; i++) {
    const h = map.hex(line.hexes[i]!);
    if (!h) continue;
    const why: BlockReason[] = [];
    if (h.blocksBaseLos) why.push('terrain');
    if (h.level > top) why.push('higher');
    if (smoke(base.hexes[i]!)) why.push('smoke');
    if (why.length)
      checks.push({
        hex: base.hexes[i]!,
        level: h.level,
        why,
        case: why.includes('smoke') ? 'smoke' : 'base',
        blocks: true,
        ruleId: why.includes('smoke') ? 'TC-G2' : 'TC-G1',
      });
  }
  return {
    ...base,
    visible: checks.length === 0,
    checks,
    blockedBy: checks[0],
    hullDown: false,
    ruleId: 'TC-G1',
  };
}
