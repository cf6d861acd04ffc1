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
  const left = traceHexLine(map.grid.orientation, a, b, 'left');
  const along = left.ambiguous.length > 0;
  const ties: HexLineTie[] = along ? ['left', 'right'] : ['left'];
  let first: SightResult | undefined;
  for (const tie of ties) {
    const line = tie === 'left' ? left : traceHexLine(map.grid.orientation, a, b, tie);
    const r = rules.layers.costello
      ? costelloOn(rules, map, line, a, b, unitBlocks, smoke, along)
      : baseOn(map, line, a, b, smoke, along);
    if (r.visible) return r;
    first ??= r;
  }
  return first!;
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
  line: HexLine,
  a: Axial,
  b: Axial,
  unitBlocks: UnitBlocks,
  smoke: SmokeAt,
  along: boolean,
): SightResult {
  const base = common(map, line, a, b, along);
  const seq = line.hexes;
  const n = seq.length;
  const lvl = (i: number) => map.hex(seq[i]!)?.level ?? 0;
  const why = new Map<number, BlockReason[]>();
  const add = (i: number, r: BlockReason) => {
    if (i < 1 || i > n - 2) return;
    const l = why.get(i) ?? [];
    if (!l.includes(r)) l.push(r);
    why.set(i, l);
  };
  // Only hexes strictly between: a unit in a blocking hex sees out and is seen (TC-2.4).
  for (let i = 1; i < n - 1; i++) {
    const h = map.hex(seq[i]!);
    if (h?.woods) add(i, 'woods');
    if (h?.urban) add(i, 'urban');
    if (unitBlocks(base.hexes[i]!)) add(i, 'unit');
    if (smoke(base.hexes[i]!)) add(i, 'smoke');
  }
  // TC-2.3: a contour line crossed a second time makes the hex just before it a blocking hex.
  const crossed = new Map<number, number>();
  for (let i = 1; i < n; i++) {
    const x = lvl(i - 1);
    const y = lvl(i);
    for (let c = Math.min(x, y) + 1; c <= Math.max(x, y); c++) {
      const k = (crossed.get(c) ?? 0) + 1;
      if (k === 2) {
        add(i - 1, 'twinContour');
        crossed.set(c, 0);
      } else crossed.set(c, k);
    }
  }
  const L1 = base.fromLevel;
  const L2 = base.toLevel;
  const checks: BlockerCheck[] = [];
  let blockedBy: BlockerCheck | undefined;
  for (const i of [...why.keys()].sort((x, y) => x - y)) {
    const hex = base.hexes[i]!;
    const Lb = lvl(i);
    let c: BlockerCheck;
    if (why.get(i)!.includes('smoke')) {
      c = { hex, level: Lb, why: why.get(i)!, case: 'smoke', blocks: true, ruleId: 'TC-G2' };
    } else if (L1 === L2) {
      c = {
        hex,
        level: Lb,
        why: why.get(i)!,
        case: 'sameLevel',
        blocks: !(Lb <= L1 - 1),
        ruleId: 'TC-2.5',
      };
    } else {
      const [high, low, Lh, Ll] = L1 > L2 ? [a, b, L1, L2] : [b, a, L2, L1];
      const R = hexDistance(high, low);
      const d = hexDistance(rules.options.blockRangeFrom === 'higher' ? high : low, seq[i]!);
      const ed = clamp(elevationDifferential(rules.options.edCounts, Lh, Ll, Lb), -2, 4);
      if (hexDistance(seq[i]!, low) === 1) {
        c = {
          hex,
          level: Lb,
          why: why.get(i)!,
          case: 'adjacentLower',
          ed,
          R,
          d,
          blocks: true,
          ruleId: 'TC-2.8',
        };
      } else {
        const row = rules.edt.find((r) => r.ed === ed);
        if (!row)
          throw new Error(`the Elevation Differential Table has no row for ED ${ed} (TC-2.7)`);
        const ok =
          row.los === 'always' ||
          (row.los === 'range' && row.factor !== null && R * row.factor[1] >= row.factor[0] * d);
        const words =
          row.los === 'range' && row.factor
            ? `ED ${ed}: R ≥ ${row.factor[0] / row.factor[1]} × d`
            : `ED ${ed}: ${row.los === 'always' ? 'always' : 'never'}`;
        c = {
          hex,
          level: Lb,
          why: why.get(i)!,
          case: 'edt',
          ed,
          R,
          d,
          row: words,
          blocks: !ok,
          ruleId: 'TC-2.7',
        };
      }
    }
    checks.push(c);
    if (c.blocks && !blockedBy) blockedBy = c;
  }
  return {
    ...base,
    visible: !blockedBy,
    checks,
    blockedBy,
    hullDown: hullDown(rules, map, line, b, L1, L2),
    ruleId: blockedBy?.ruleId ?? 'TC-2.9',
  };
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
