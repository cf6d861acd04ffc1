import type { HexRef } from '../../../format';
import { axialToPoint, hexsideToward } from '../../../hex';
import type { TankContext, UnitInfo } from './context';
import {
  chance,
  crtRow,
  extendedThreshold,
  killBand,
  movementModifier,
  plainThreshold,
  softOdds,
} from './crt';
import { canSee, sight, type SightResult } from './los';
import type { TankMap } from './map';
import type { ModView, Plot, TankState, UnitState } from './state';

/** The hexes holding live units friendly to `side` (they block its line of sight, TC-2.2, TC-A2). */
export function blockersFor(
  ctx: TankContext,
  state: TankState,
  side: string | null,
): (h: HexRef) => boolean {
  // Hexes by number, not by a string made at each of the many questions a line of sight asks.
  const held = new Set<number>();
  // Every unit of the game is in `ctx.order` (newTankGame makes one state entry for each).
  for (const id of ctx.order) {
    const u = state.units[id];
    if (!u || !u.alive || !u.at) continue;
    const info = ctx.units.get(id)!;
    if (side === null || ctx.rules.options.blockingUnits === 'any' || info.side === side)
      held.add(hexNumber(u.at));
  }
  return (h) => held.has(hexNumber(h));
}

/** A number for a hex of a map (column and row within ±32,768). */
const hexNumber = (h: HexRef): number => (h.col + 32768) * 65536 + (h.row + 32768);

/** The map as it stands in this state: with the rubble made in play (TC-1.3). */
export function mapOf(ctx: TankContext, state: TankState): TankMap {
  return state.rubble.length ? ctx.map.rubbled(state.rubble) : ctx.map;
}

/** The hexes under a smoke marker in this state (SF; removed at the cleanup, TC-3 step 8). */
export function smokeIn(state: TankState): (h: HexRef) => boolean {
  if (state.smoke.length === 0) return () => false;
  const on = new Set(state.smoke.map((m) => hexNumber(m.hex)));
  return (h) => on.has(hexNumber(h));
}

/** Line of sight between two hexes for a firer of `side`, with the smoke on the map now. */
export function sightFor(
  ctx: TankContext,
  state: TankState,
  side: string | null,
  from: HexRef,
  to: HexRef,
): SightResult {
  return sight(
    ctx.rules,
    mapOf(ctx, state),
    from,
    to,
    blockersFor(ctx, state, side),
    smokeIn(state),
  );
}

/** Whether a firer of `side` sees from one hex to another: `sightFor(...).visible`, cheaper. */
export function seesFor(
  ctx: TankContext,
  state: TankState,
  side: string | null,
  from: HexRef,
  to: HexRef,
): boolean {
  return canSee(
    ctx.rules,
    mapOf(ctx, state),
    from,
    to,
    blockersFor(ctx, state, side),
    smokeIn(state),
  );
}

/** What entering a hex costs on a plotted path: its terrain's MP, times the reverse factor for MVR. */
export function stepMp(
  ctx: TankContext,
  map: TankMap,
  mission: Plot['mission'],
  h: HexRef,
): number {
  const mp = map.hex(map.toAxial(h))?.mp ?? 1;
  return mission === 'MVR' ? mp * (ctx.rules.constants['reverseMpFactor'] ?? 1) : mp;
}

/** The movement points a unit plotted this turn (OT-G3, OT-A15). */
export function plottedMp(ctx: TankContext, plot: Plot | undefined, state?: TankState): number {
  if (!plot?.path) return 0;
  const map = state ? mapOf(ctx, state) : ctx.map;
  return plot.path.reduce((n, h) => n + stepMp(ctx, map, plot.mission, h), 0);
}

export const plotOf = (ctx: TankContext, state: TankState, unit: string): Plot | undefined =>
  state.plots[ctx.units.get(unit)!.side]?.[unit];

/** The aspect of `target` a firer at `from` sees: front, side or rear (OT-G2). */
export function aspectOf(
  ctx: TankContext,
  target: UnitState,
  from: HexRef,
): 'front' | 'side' | 'rear' {
  const o = ctx.map.grid.orientation;
  const a = axialToPoint(o, 1, ctx.map.toAxial(target.at!));
  const b = axialToPoint(o, 1, ctx.map.toAxial(from));
  const deg = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
  const side = hexsideToward(o, deg);
  return ctx.rules.aspects[(((side - target.facing) % 6) + 6) % 6] as 'front' | 'side' | 'rear';
}

/** The turns of digging the catalog asks for before a hex is an Improved Position (TC-4.8, TC-G4). */
export const entrenchTurns = (ctx: TankContext): number | undefined =>
  ctx.rules.constants['entrenchTurns'];

/** Whether a unit is dug in where it stands: its hex counts as an Improved Position for it (TC-4.8). */
export function dugIn(ctx: TankContext, u: UnitState): boolean {
  const need = entrenchTurns(ctx);
  const e = u.entrench;
  return (
    need !== undefined &&
    e !== null &&
    u.at !== null &&
    e.turns >= need &&
    e.at.col === u.at.col &&
    e.at.row === u.at.row
  );
}

/** The defence of a target against fire from `from` (aspect, terrain, hull-down), with its parts. */
export function defenceOf(
  ctx: TankContext,
  info: UnitInfo,
  u: UnitState,
  from: HexRef,
  hullDown: boolean,
  map: TankMap = ctx.map,
): { value: number; parts: ModView[] } {
  const hex = map.hex(map.toAxial(u.at!))!;
  const aspect = aspectOf(ctx, u, from);
  const base = info.def[aspect];
  const parts: ModView[] = [{ label: `${aspect} defence`, value: base, ruleId: 'OT-G2' }];
  // Rubble gives infantry a defensive position, counted as an Improved Position (TC-1.3).
  const rubbleIp = hex.infantryPosition && info.cls === 'infantry';
  // Infantry that has dug in holds an Improved Position in its hex (TC-4.8).
  const dug = info.cls === 'infantry' && !hex.improvedPosition && dugIn(ctx, u);
  const ip = hex.improvedPosition || rubbleIp || dug;
  const ipWords = hex.improvedPosition
    ? 'Improved Position'
    : dug
      ? 'dug in, Improved Position'
      : 'rubble, infantry position';
  const ipRule = hex.improvedPosition ? undefined : dug ? 'TC-4.8' : 'TC-1.3';
  const ipDsp = ctx.rules.constants['improvedPositionDsp'] ?? 0;
  let terrain = ip ? Math.max(ipDsp, hex.dsp) : hex.dsp;
  let value = base;
  if (info.soft && ctx.rules.layers.optional) {
    const mult = ctx.rules.constants['softTargetTerrainMultiplier'] ?? 3;
    if (ip) terrain = ctx.rules.constants['improvedPositionSoftDsp'] ?? 12;
    else terrain *= mult;
    if (!ctx.rules.options.softTripleTerrainOnly) value = base * mult;
    parts.push({
      label: ip ? `${ipWords}, soft target` : `${hex.terrain} ×${mult}, soft target`,
      value: terrain,
      ruleId: ipRule ?? 'OT-32.9',
    });
  } else if (terrain)
    parts.push({
      label: ip ? ipWords : hex.terrain,
      value: terrain,
      ruleId: ipRule ?? 'OT-G4',
    });
  value += terrain;
  if (hullDown && !info.soft) {
    const hd = ctx.rules.constants['ridgeHullDownDefence'] ?? 2;
    parts.push({ label: 'hull-down behind a ridge', value: hd, ruleId: 'TC-1.2' });
    value += hd;
  }
  return { value, parts };
}

export interface ShotOdds {
  readonly legal: boolean;
  readonly reason?: string;
  readonly ruleId?: string;
  readonly sight?: SightResult;
  readonly range: number;
  readonly rowMax?: number;
  readonly attack: number;
  readonly attackLabel: string;
  readonly defence: number;
  readonly defenceParts: readonly ModView[];
  readonly differential: number;
  readonly threshold: number | null;
  readonly mods: readonly ModView[];
  readonly mod: number;
  /** Exact chances of each result. */
  readonly odds: {
    readonly destroyed: number;
    readonly eliminated: number;
    readonly pinned: number;
    readonly noEffect: number;
  };
  readonly killMax?: number;
}

/**
 * Everything about one unit's direct fire (DF, SMF, OF) or pinning fire (DF-P, with the firers'
 * HE summed, OT-32.8(4)) at a target, before the dice: sight, range, CRT row and cell, every die
 * modifier and the exact chance of each result.
 */
export function shotOdds(
  ctx: TankContext,
  state: TankState,
  firers: readonly string[],
  target: string,
  kind: 'DF' | 'DF-P' | 'SMF' | 'OF',
  opts: { readonly spottedNow?: boolean; readonly targetMp?: number } = {},
): ShotOdds {
  const t = ctx.units.get(target)!;
  const tu = state.units[target]!;
  const none = { destroyed: 0, eliminated: 0, pinned: 0, noEffect: 1 };
  const fail = (reason: string, ruleId: string, extra: Partial<ShotOdds> = {}): ShotOdds => ({
    legal: false,
    reason,
    ruleId,
    range: 0,
    attack: 0,
    attackLabel: '',
    defence: 0,
    defenceParts: [],
    differential: 0,
    threshold: null,
    mods: [],
    mod: 0,
    odds: none,
    ...extra,
  });
  if (!tu.alive || !tu.at) return fail(`${t.name} is not on the map`, 'OT-G7');
  let attack = 0;
  let best: { value: number; parts: ModView[] } | undefined;
  let sightOf: SightResult | undefined;
  let range = 0;
  for (const f of firers) {
    const fi = ctx.units.get(f)!;
    const fu = state.units[f]!;
    if (!fu.alive || !fu.at) return fail(`${fi.name} is not on the map`, 'OT-G7');
    const s = sightFor(ctx, state, fi.side, fu.at, tu.at);
    if (!s.visible)
      return fail(
        `${fi.name} has no line of sight to ${t.name}${s.blockedBy ? `: hex ${s.blockedBy.hex.col},${s.blockedBy.hex.row} (${s.blockedBy.why.join(', ')}, level ${s.blockedBy.level}) blocks` : ''}`,
        s.blockedBy?.ruleId ?? s.ruleId,
        { sight: s },
      );
    if (fi.flame) {
      const reach = ctx.rules.constants['flameRangeHexes'];
      if (reach === undefined)
        return fail(
          'the catalog has no constant flameRangeHexes: add it to the TANK! placeholder catalog to fire flame weapons',
          'TC-G4',
          { sight: s },
        );
      if (s.range > reach)
        return fail(
          `${t.name} is ${s.range} hexes away; ${fi.name}'s flame reaches ${reach}`,
          'TC-4.9',
          { sight: s },
        );
    }
    if (s.range > fi.range)
      return fail(
        `${t.name} is ${s.range} hexes away, beyond ${fi.name}'s range of ${fi.range}`,
        'OT-G2',
        { sight: s },
      );
    if (s.range < fi.rangeMin)
      return fail(`${t.name} is inside ${fi.name}'s minimum range of ${fi.rangeMin}`, 'TC-4.2', {
        sight: s,
      });
    sightOf ??= s;
    range = Math.max(range, s.range);
    const he = kind === 'DF-P' || t.soft;
    let a = he ? fi.he : fi.ap;
    if (kind === 'SMF') a = Math.floor(a * (ctx.rules.constants['smfAttackFactor'] ?? 0.5));
    attack += a;
    const d = defenceOf(ctx, t, tu, fu.at, s.hullDown, mapOf(ctx, state));
    // Mixed aspects: every pinning firer uses the strongest aspect involved (OT-32.8(5)).
    if (!best || d.value > best.value) best = d;
  }
  const row = crtRow(ctx.rules.crt, range);
  const attackLabel = `${kind === 'DF-P' || t.soft ? 'HE' : 'AP'}${kind === 'SMF' ? ' halved (OT-32.14)' : ''}${firers.length > 1 ? ' summed (OT-32.8)' : ''}`;
  if (!row)
    return fail(`${range} hexes is beyond the CRT's longest row`, 'OT-G1', { sight: sightOf });
  const defence = best!.value;
  const differential = attack - defence;
  const threshold =
    kind === 'DF-P'
      ? extendedThreshold(row, ctx.rules.crt, differential, ctx.rules.options.dfpDotCells)
      : plainThreshold(row, ctx.rules.crt, differential);
  const mods: ModView[] = [];
  const mp = opts.targetMp ?? plottedMp(ctx, plotOf(ctx, state, target), state);
  const mm = movementModifier(ctx.rules, mp);
  if (mm) mods.push({ label: `target plotted ${mp} MP`, value: mm, ruleId: 'OT-G3' });
  if (kind === 'DF-P')
    mods.push({
      label: 'pinning fire',
      value: ctx.rules.constants['pinningFireDieMod'] ?? -2,
      ruleId: 'OT-32.8',
    });
  const flameMod = ctx.rules.constants['flameDieMod'];
  if (flameMod && firers.some((f) => ctx.units.get(f)!.flame))
    mods.push({ label: 'flame weapon', value: flameMod, ruleId: 'TC-4.9' });
  const spottedNow =
    ctx.rules.layers.costello &&
    (opts.spottedNow ?? (!tu.spotted || tu.spottedTurn === state.turn));
  if (spottedNow)
    mods.push({
      label: 'target spotted this turn',
      value: ctx.rules.constants['spottedThisTurnDieMod'] ?? 2,
      ruleId: 'TC-7.4',
    });
  const mod = mods.reduce((n, m) => n + m.value, 0);
  const sides = ctx.rules.constants['dieSides'] ?? 6;
  let odds: ShotOdds['odds'];
  let killMax: number | undefined;
  if (kind === 'DF-P') {
    const p = chance(threshold, mod, sides);
    odds = { destroyed: 0, eliminated: 0, pinned: p, noEffect: 1 - p };
  } else if (t.soft && ctx.rules.layers.optional && threshold !== null && threshold >= 1) {
    const share = t.cls === 'atGun' ? ctx.rules.softShare.atGun : ctx.rules.softShare.infantry;
    killMax = killBand(threshold, share, ctx.rules.options.softSplitRounding);
    const s = softOdds(threshold, mod, share, ctx.rules.options.softSplitRounding, sides);
    odds = { destroyed: 0, eliminated: s.eliminated, pinned: s.pinned, noEffect: s.none };
  } else {
    const p = chance(threshold, mod, sides);
    odds = t.soft
      ? { destroyed: 0, eliminated: p, pinned: 0, noEffect: 1 - p }
      : { destroyed: p, eliminated: 0, pinned: 0, noEffect: 1 - p };
  }
  return {
    legal: true,
    ...(sightOf ? { sight: sightOf } : {}),
    range,
    rowMax: row.rangeMax,
    attack,
    attackLabel,
    defence,
    defenceParts: best!.parts,
    differential,
    threshold,
    mods,
    mod,
    odds,
    ...(killMax !== undefined ? { killMax } : {}),
  };
}

/** Close assault odds (OT-32.11): attackers − 1 on the adjacent row, terrain and aspect ignored. */
export function assaultOdds(
  ctx: TankContext,
  state: TankState,
  attackers: number,
  target: string,
): {
  differential: number;
  threshold: number | null;
  mods: ModView[];
  mod: number;
  p: number;
  autoPin: boolean;
  rowMax: number;
} {
  const t = ctx.units.get(target)!;
  const tu = state.units[target]!;
  const rowRange = ctx.rules.constants['closeAssaultRangeRow'] ?? 1;
  const row = crtRow(ctx.rules.crt, rowRange)!;
  const differential = attackers - 1;
  const threshold = plainThreshold(row, ctx.rules.crt, differential);
  const mods: ModView[] = [];
  const mp = plottedMp(ctx, plotOf(ctx, state, target), state);
  const minMp = ctx.rules.constants['closeAssaultVehicleMinMP'] ?? 6;
  const fast = !t.soft && mp >= minMp;
  if (fast) mods.push({ label: `vehicle plotted ${mp} MP`, value: 1, ruleId: 'OT-32.11' });
  if (tu.pinned) mods.push({ label: 'defender pinned', value: -2, ruleId: 'OT-32.11' });
  if (ctx.rules.layers.costello && (!tu.spotted || tu.spottedTurn === state.turn))
    mods.push({
      label: 'target spotted this turn',
      value: ctx.rules.constants['spottedThisTurnDieMod'] ?? 2,
      ruleId: 'TC-7.4',
    });
  const mod = mods.reduce((n, m) => n + m.value, 0);
  return {
    differential,
    threshold,
    mods,
    mod,
    p: chance(threshold, mod, ctx.rules.constants['dieSides'] ?? 6),
    autoPin: !fast,
    rowMax: row.rangeMax,
  };
}
