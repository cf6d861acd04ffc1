import type { Edge, HexRef } from '../../../format';
import { dict } from '../../../game/dict';
import { directionTo, hexDistance, hexNeighbours } from '../../../hex';
import { Dice } from '../../../random/dice';
import { enemyOf, type TankContext } from './context';
import { crtRow, killBand, movementModifier, plainThreshold } from './crt';
import { assaultOdds, dugIn, mapOf, plottedMp, shotOdds, sightFor, stepMp } from './fire';
import { MOVES, carryCapacity, enterable, ridersOf, unitsAt } from './plot';
import type {
  FireResult,
  ModView,
  MoraleMark,
  MortarCall,
  Plot,
  Smoke,
  TankEvent,
  TankState,
  UnitState,
} from './state';
import type { MoraleResult } from './tables';

type Mut<T> = { -readonly [K in keyof T]: T[K] };
type MU = Mut<UnitState>;

/** A turn being resolved: the state's units and plots copied so the steps can change them. */
interface Work {
  readonly ctx: TankContext;
  readonly dice: Dice;
  readonly ev: TankEvent[];
  readonly units: Record<string, MU>;
  readonly plots: Record<string, Record<string, Plot>>;
  calls: MortarCall[];
  smoke: Smoke[];
  readonly rubble: { hex: HexRef; blocksVehicles: boolean }[];
  readonly turn: number;
  /** Units destroyed this turn (not dummies), with where they stood. */
  readonly destroyed: { unit: string; at: HexRef }[];
  readonly retreated: { unit: string; at: HexRef }[];
  /** Plotted MP per unit, frozen at the start of resolution (OT-A15). */
  readonly mp: Record<string, number>;
  readonly moved: Set<string>;
  readonly firedOnByUnspotted: Set<string>;
  state(): TankState;
}

const key = (h: HexRef) => `${h.col},${h.row}`;

function draft(ctx: TankContext, s: TankState): Work {
  const units = dict<MU>();
  for (const [id, u] of Object.entries(s.units))
    units[id] = { ...u, marks: [...u.marks], underIfHe: 0 };
  const plots = dict<Record<string, Plot>>();
  for (const side of ctx.sides) plots[side] = dict(s.plots[side] ?? {});
  const mp = dict<number>();
  for (const id of ctx.order) mp[id] = plottedMp(ctx, plots[ctx.units.get(id)!.side]![id], s);
  const w: Work = {
    ctx,
    dice: new Dice(s.rng),
    ev: [],
    units,
    plots,
    calls: [...s.calls],
    smoke: [...s.smoke],
    rubble: [...s.rubble],
    turn: s.turn,
    destroyed: [],
    retreated: [],
    mp,
    moved: new Set(),
    firedOnByUnspotted: new Set(),
    state: () => ({ ...s, units, plots, calls: w.calls, smoke: w.smoke, rubble: w.rubble }),
  };
  return w;
}

const plotOfW = (w: Work, id: string): Plot | undefined => w.plots[w.ctx.units.get(id)!.side]![id];
const setPlot = (w: Work, id: string, p: Plot | undefined) => {
  const side = w.ctx.units.get(id)!.side;
  if (p) w.plots[side]![id] = p;
  else delete w.plots[side]![id];
  w.mp[id] = plottedMp(w.ctx, p, w.state());
};

/** Moves a unit's passengers and the support weapons stacked with them along with it (TC-4.1, OT-32.8 (8)). */
function carryAlong(w: Work, id: string) {
  const at = w.units[id]!.at;
  for (const [tid, t] of w.ctx.units) {
    const tu = w.units[tid]!;
    if (!tu.alive) continue;
    if (t.squad === id || tu.carriedBy === id) {
      tu.at = at;
      carryAlong(w, tid);
    }
  }
}

/** Takes a rider off its vehicle into `hex` (its own DT, a hit while riding, or a lost carrier). */
function dismount(w: Work, id: string, hex: HexRef, ruleId: string, why?: string) {
  const u = w.units[id]!;
  const carrier = u.carriedBy;
  if (!carrier) return;
  u.carriedBy = null;
  u.at = hex;
  carryAlong(w, id);
  w.ev.push({ type: 'dismounted', unit: id, carrier, hex, ...(why ? { why } : {}), ruleId });
}

const live = (w: Work, id: string) => w.units[id]!.alive && w.units[id]!.at !== null;

function mark(w: Work, id: string, m: MoraleMark, ruleId: string) {
  if (!w.ctx.rules.layers.costello) return;
  const u = w.units[id]!;
  if (!u.alive || u.noMoreTests || w.ctx.units.get(id)!.dummy || u.marks.includes(m)) return;
  u.marks = [...u.marks, m];
  w.ev.push({ type: 'marked', unit: id, mark: m, ruleId });
}

/** Removes a unit destroyed by fire, with the support weapons stacked with it (TC-4.1). */
function destroy(w: Work, id: string) {
  const u = w.units[id]!;
  if (!u.alive) return;
  const at = u.at!;
  u.alive = false;
  u.pinned = false;
  u.carriedBy = null;
  w.destroyed.push({ unit: id, at });
  for (const [tid, t] of w.ctx.units) if (t.squad === id && w.units[tid]!.alive) destroy(w, tid);
  // The riders of a destroyed vehicle: lost with it, or thrown off pinned (placeholder, OT-A6).
  for (const r of w.ctx.order) {
    if (w.units[r]!.carriedBy !== id || !w.units[r]!.alive) continue;
    if ((w.ctx.rules.constants['ridersLostWithCarrier'] ?? 1) === 1) destroy(w, r);
    else {
      dismount(w, r, at, 'OT-A6', 'its vehicle was destroyed');
      w.units[r]!.pinned = true;
    }
  }
  const p = w.ctx.units.get(id)!.platoon;
  if (p)
    for (const m of w.ctx.platoons.get(p)!.members)
      if (m !== id && live(w, m)) mark(w, m, 'platoonLoss', 'TC-6.1');
}

/** Reveals a unit to the enemy before a fire mission at it (TC-7.3); a dummy is removed (TC-7.1). */
function spot(w: Work, id: string, by: string | null, ruleId: string): boolean {
  return spotAuto(w, id, by, undefined, ruleId);
}

function spotAuto(
  w: Work,
  id: string,
  by: string | null,
  auto: { range: number; reach: number; why: string } | undefined,
  ruleId = 'TC-A10',
): boolean {
  if (!w.ctx.rules.layers.costello) return true;
  const u = w.units[id]!;
  if (u.spotted) return true;
  u.spotted = true;
  u.spottedTurn = w.turn;
  w.ev.push({ type: 'spotted', unit: id, by, ruleId, ...auto });
  if (w.ctx.units.get(id)!.dummy) {
    u.alive = false;
    w.ev.push({ type: 'dummyRemoved', unit: id, ruleId: 'TC-7.1' });
    return false;
  }
  return true;
}

function lethal(w: Work, target: string, firers: readonly string[]) {
  const u = w.units[target]!;
  if (!u.firedOn) mark(w, target, 'firstLethalFire', 'TC-6.1');
  u.firedOn = true;
  if (w.ctx.rules.layers.costello && firers.some((f) => !w.units[f]!.spotted))
    w.firedOnByUnspotted.add(target);
}

const d6 = (w: Work) => w.dice.roll(w.ctx.rules.constants['dieSides'] ?? 6);

// ------------------------------------------------------------------------------------ IF (TC-4.4, TC-4.7)

/**
 * An impact marker no friendly unit sees when it lands scatters by the placeholder impactScatter
 * table (TC-G5), to the next hex on the hexside rolled (kept where it is off the map or on null).
 */
function scatterImpact(w: Work, c: MortarCall): MortarCall {
  const { ctx } = w;
  if (ctx.rules.impactScatter.size === 0) return c;
  const state = w.state();
  const seen = ctx.order.some((id) => {
    const o = ctx.units.get(id)!;
    const ou = w.units[id]!;
    if (o.side !== c.side || o.dummy || !live(w, id)) return false;
    return key(ou.at!) === key(c.hex) || sightFor(ctx, state, o.side, ou.at!, c.hex).visible;
  });
  if (seen) return c;
  const roll = d6(w);
  const side = ctx.rules.impactScatter.get(roll);
  const n =
    side === null || side === undefined ? undefined : hexNeighbours(ctx.map.toAxial(c.hex))[side];
  const to = n && ctx.map.hex(n) ? ctx.map.toRef(n) : c.hex;
  w.ev.push({ type: 'impactScattered', unit: c.unit, from: c.hex, to, roll, ruleId: 'TC-G5' });
  return { ...c, hex: to };
}

function stepIf(w: Work) {
  const { ctx } = w;
  for (const side of ctx.sides) {
    for (const [id, p] of Object.entries(w.plots[side]!)) {
      if ((p.mission !== 'IF' && p.mission !== 'SF') || !p.hex || !live(w, id)) continue;
      const info = ctx.units.get(id)!;
      const r = hexDistance(ctx.map.toAxial(w.units[id]!.at!), ctx.map.toAxial(p.hex));
      const eff = info.mortar?.effective ?? info.range;
      const he =
        r > eff
          ? Math.ceil(info.he * (ctx.rules.constants['beyondEffectiveFactor'] ?? 0.5))
          : info.he;
      const call: MortarCall = {
        unit: id,
        kind: p.mission,
        side,
        hex: p.hex,
        he,
        called: w.turn,
        lands: w.turn + (info.mortar?.delay ?? 2),
      };
      w.calls.push(call);
      w.ev.push({
        type: 'mortarCalled',
        unit: id,
        side,
        hex: p.hex,
        he,
        lands: call.lands,
        ruleId: r > eff ? 'TC-4.3' : 'TC-4.4',
      });
    }
  }
  const landing = w.calls
    .filter((c) => c.lands === w.turn && w.units[c.unit]!.alive)
    .map((c) => scatterImpact(w, c));
  w.calls = w.calls.filter((c) => c.lands > w.turn);
  // Mortar smoke is placed in this step and lifted at the cleanup (TC-3 steps 2 and 8).
  const lasts = ctx.rules.constants['smokeDurationTurns'] ?? 1;
  for (const c of landing) {
    if (c.kind !== 'SF') continue;
    const until = w.turn + lasts - 1;
    w.smoke.push({ kind: 'mortar', hex: c.hex, side: c.side, unit: c.unit, placed: w.turn, until });
    w.ev.push({ type: 'smokePlaced', unit: c.unit, hex: c.hex, until, ruleId: 'TC-4.2' });
  }
  const byHex = new Map<string, MortarCall[]>();
  for (const c of landing)
    if (c.kind !== 'SF') byHex.set(key(c.hex), [...(byHex.get(key(c.hex)) ?? []), c]);
  for (const calls of byHex.values()) {
    const hex = calls[0]!.hex;
    const he = calls.reduce((n, c) => n + c.he, 0);
    const th = mapOf(ctx, w.state()).hex(ctx.map.toAxial(hex))!;
    const column = th.urban || th.terrain === 'rubble' ? 'urban' : th.woods ? 'woods' : 'clear';
    const row = [...ctx.rules.ifCrt].reverse().find((r) => r.heMin <= he);
    const threshold = row?.cells[column] ?? null;
    w.ev.push({ type: 'indirectFire', hex, he, column, threshold, ruleId: 'TC-4.7' });
    for (const id of unitsAt(ctx, w.state(), hex)) {
      const info = ctx.units.get(id)!;
      const u = w.units[id]!;
      if (info.side === calls[0]!.side || info.cls === 'team') continue;
      u.underIfHe += he;
      if (info.dummy) continue; // the owner resolves fire on unspotted units; a dummy feels none (TC-7.2)
      lethal(
        w,
        id,
        calls.map((c) => c.unit),
      );
      const roll = d6(w);
      let result: FireResult = 'noEffect';
      if (threshold !== null && roll <= threshold) {
        if (!info.soft) result = ctx.rules.ifEffects.vehicle === 'pinned' ? 'pinned' : 'destroyed';
        else if (ctx.rules.layers.optional) {
          const share =
            info.cls === 'atGun' ? ctx.rules.softShare.atGun : ctx.rules.softShare.infantry;
          const kill = Math.max(1, Math.floor(threshold * share));
          result = roll <= kill ? 'eliminated' : 'pinned';
        } else result = ctx.rules.ifEffects.soft === 'pinned' ? 'pinned' : 'eliminated';
      }
      w.ev.push({
        type: 'indirectResult',
        unit: id,
        side: info.side,
        roll,
        result,
        ruleId:
          result === 'noEffect'
            ? 'TC-4.7'
            : ctx.rules.layers.optional && info.soft
              ? 'OT-32.9'
              : 'TC-G3',
      });
      if (result === 'pinned') u.pinned = true;
      if (result === 'destroyed' || result === 'eliminated') destroy(w, id);
    }
    if (!ctx.rules.layers.costello) panicTests(w, hex, calls[0]!.side);
    if (th.urban) collapse(w, hex, he);
  }
}

/**
 * The base game's panic under indirect fire (OT-G5; Costello's morale replaces it, TC-6.5): each
 * unit left in the hit hex rolls the panic die and panics on a roll up to its panic level in tens
 * (20% panics on 1-2). A panicking unit runs up to the catalog's panicMoveHexes through the
 * hexside the scatter pattern A-B-C gives (panicScatter, relative to its facing), instead of its
 * plot; a pinned one stays where it is (OT-32.81 (4), OT-32.91 (2)). Placeholder data.
 */
function panicTests(w: Work, hex: HexRef, firingSide: string) {
  const { ctx } = w;
  const die = ctx.rules.constants['panicDie'];
  const run = ctx.rules.constants['panicMoveHexes'];
  if (die === undefined || run === undefined) return;
  for (const id of unitsAt(ctx, w.state(), hex)) {
    const info = ctx.units.get(id)!;
    const u = w.units[id]!;
    if (info.side === firingSide || info.dummy || info.cls === 'team' || u.carriedBy) continue;
    const roll = w.dice.roll(die);
    const panicked = roll * (100 / die) <= u.panic;
    const base = { type: 'panic' as const, unit: id, roll, panicPct: u.panic, panicked };
    if (!panicked) {
      w.ev.push({ ...base, stays: false, path: [], ruleId: 'OT-G5' });
      continue;
    }
    if (u.pinned) {
      setPlot(w, id, undefined);
      w.ev.push({
        ...base,
        stays: true,
        path: [],
        ruleId: info.soft ? 'OT-32.91' : 'OT-32.81',
      });
      continue;
    }
    const scatterRoll = d6(w);
    const side = (u.facing + (ctx.rules.panicScatter.get(scatterRoll) ?? 3)) % 6;
    const path: HexRef[] = [];
    let at = ctx.map.toAxial(u.at!);
    const map = mapOf(ctx, w.state());
    for (let k = 0; k < run; k++) {
      const n = hexNeighbours(at)[side]!;
      const h = ctx.map.toRef(n);
      if (
        !map.hex(n) ||
        !enterable(ctx, id, h, w.state()) ||
        unitsAt(ctx, w.state(), h).some((o) => ctx.units.get(o)!.side !== info.side)
      )
        break;
      path.push(h);
      at = n;
    }
    setPlot(w, id, path.length ? { mission: 'MV', path, forced: 'panic' } : undefined);
    w.ev.push({ ...base, stays: false, scatterRoll, path, ruleId: 'OT-G5' });
  }
}

/**
 * High explosive on a building may bring it down (TC-1.3): the hex becomes rubble, and the rubble
 * scatters as an impact marker does (TC-G5) into a neighbouring street, which it closes to
 * vehicles. Both rolls read placeholder tables (buildingCollapse, rubbleScatter).
 */
function collapse(w: Work, hex: HexRef, he: number) {
  const { ctx } = w;
  const row = [...ctx.rules.buildingCollapse].reverse().find((r) => r.heMin <= he);
  if (!row) return;
  const roll = d6(w);
  const collapsed = roll <= row.collapseMax;
  if (!collapsed) {
    w.ev.push({
      type: 'rubble',
      hex,
      roll,
      collapseMax: row.collapseMax,
      collapsed,
      ruleId: 'TC-1.3',
    });
    return;
  }
  w.rubble.push({ hex, blocksVehicles: false });
  const scatterRoll = d6(w);
  const side = ctx.rules.rubbleScatter.get(scatterRoll);
  let scatter: HexRef | undefined;
  if (side !== undefined && side !== null) {
    const n = hexNeighbours(ctx.map.toAxial(hex))[side];
    const map = mapOf(ctx, w.state());
    const street = n ? map.hex(n) : undefined;
    if (
      n &&
      street &&
      !street.urban &&
      !street.woods &&
      !street.vehicleImpassable &&
      street.terrain !== 'rubble'
    ) {
      scatter = ctx.map.toRef(n);
      w.rubble.push({ hex: scatter, blocksVehicles: true });
    }
  }
  w.ev.push({
    type: 'rubble',
    hex,
    roll,
    collapseMax: row.collapseMax,
    collapsed,
    ...(scatter ? { scatter } : {}),
    scatterRoll,
    ruleId: 'TC-1.3',
  });
}

// ------------------------------------------------------------------------------------ morale (TC-6)

/** The morale score's modifiers for a unit (TC-6.3), without the roll. */
export function moraleModifiers(
  ctx: TankContext,
  state: TankState,
  id: string,
  underIfHe: number,
  firedOnByUnspotted: boolean,
): ModView[] {
  const info = ctx.units.get(id)!;
  const u = state.units[id]!;
  const mm = ctx.rules.moraleMods;
  const out: ModView[] = [];
  const add = (k: string, label: string, times = 1) => {
    const m = mm[k];
    if (m && times > 0) out.push({ label, value: m.mod * times, ruleId: 'TC-6.3' });
  };
  const sees = (at: HexRef) => u.at !== null && sightFor(ctx, state, info.side, u.at, at).visible;
  if (firedOnByUnspotted) add('firedOnByUnspotted', 'fired on by an unspotted unit last turn');
  const friends = state.last.retreated.filter(
    (r) => ctx.units.get(r.unit)!.side === info.side && r.unit !== id,
  );
  if (friends.some((r) => sees(r.at)))
    add('friendRetreated', 'a friendly unit in sight retreated or fled');
  const per = mm['underIf']?.per ?? 3;
  add('underIf', `under indirect fire of ${underIfHe} HE`, Math.floor(underIfHe / per));
  const lost = info.platoon
    ? state.last.destroyed.filter((d) => ctx.units.get(d.unit)!.platoon === info.platoon).length
    : 0;
  add('platoonLoss', `${lost} of its platoon destroyed`, lost);
  if (u.marks.includes('isolated')) add('isolated', 'isolated');
  if (u.retreating) add('retreating', 'already retreating');
  const enemies = state.last.retreated.filter((r) => ctx.units.get(r.unit)!.side !== info.side);
  if (enemies.some((r) => sees(r.at)))
    add('enemyRetreated', 'an enemy unit in sight retreated or fled');
  const seenDead = state.last.destroyed.filter(
    (d) => ctx.units.get(d.unit)!.side !== info.side && sees(d.at),
  ).length;
  add('enemyDestroyed', `${seenDead} enemy destroyed in sight`, seenDead);
  if (u.at && ctx.map.hex(ctx.map.toAxial(u.at))?.improvedPosition)
    add('improvedPosition', 'in an Improved Position');
  return out;
}

export function moraleResultOf(ctx: TankContext, score: number): MoraleResult {
  const r = ctx.rules.moraleResults.find(
    (x) => (x.min === null || score >= x.min) && (x.max === null || score <= x.max),
  );
  return r?.result ?? 'noEffect';
}

/** A path of up to `mp` MP that keeps increasing a score (Retire away from the enemy, Retreat toward the edge). */
function forcedPath(
  w: Work,
  id: string,
  mp: number,
  score: (h: HexRef) => number,
): { path: HexRef[]; off: boolean } {
  const { ctx } = w;
  const map = mapOf(ctx, w.state());
  let at = w.units[id]!.at!;
  const path: HexRef[] = [];
  let left = mp;
  for (;;) {
    let best: HexRef | undefined;
    let bestScore = score(at);
    for (const n of hexNeighbours(ctx.map.toAxial(at))) {
      const h = ctx.map.toRef(n);
      const hex = map.hex(n);
      if (!hex || !enterable(ctx, id, h, w.state()) || hex.mp > left) continue;
      if (
        unitsAt(ctx, w.state(), h).some((o) => ctx.units.get(o)!.side !== ctx.units.get(id)!.side)
      )
        continue;
      const sc = score(h);
      if (sc > bestScore) {
        best = h;
        bestScore = sc;
      }
    }
    if (!best) break;
    left -= map.hex(ctx.map.toAxial(best))!.mp;
    path.push(best);
    at = best;
  }
  return { path, off: left > 0 && onEdge(ctx, at, score) };
}

function edgeScore(ctx: TankContext, edge: Edge | undefined): (h: HexRef) => number {
  switch (edge) {
    case 'west':
      return (h) => -h.col;
    case 'east':
      return (h) => h.col;
    case 'north':
      return (h) => -h.row;
    case 'south':
      return (h) => h.row;
    default:
      return () => 0;
  }
}

function onEdge(ctx: TankContext, h: HexRef, score: (h: HexRef) => number): boolean {
  const n = ctx.map;
  return (
    (score({ col: 0, row: h.row }) > score({ col: 1, row: h.row }) && h.col === 0) ||
    (score({ col: n.columns - 1, row: h.row }) > score({ col: n.columns - 2, row: h.row }) &&
      h.col === n.columns - 1) ||
    (score({ col: h.col, row: 0 }) > score({ col: h.col, row: 1 }) && h.row === 0) ||
    (score({ col: h.col, row: n.rows - 1 }) > score({ col: h.col, row: n.rows - 2 }) &&
      h.row === n.rows - 1)
  );
}

/** The morale tests of the units marked last turn; Panic and Preservation are not used (TC-6.5). */
function stepMorale(w: Work, prevUnspotted: ReadonlySet<string>) {
  const { ctx } = w;
  const faces = ctx.rules.options.d10Faces;
  for (const id of ctx.order) {
    const u = w.units[id]!;
    const info = ctx.units.get(id)!;
    if (!live(w, id) || u.marks.length === 0 || u.noMoreTests || info.dummy || info.cls === 'team')
      continue;
    const natural = w.dice.roll(10);
    const roll = faces === '0-9' ? natural % 10 : natural;
    const panicLoss = Math.floor(u.panic / ctx.rules.options.panicStepPct);
    const mods = moraleModifiers(ctx, w.state(), id, u.underIfHe, prevUnspotted.has(id));
    const all: ModView[] = [
      { label: `panic ${u.panic}%`, value: -panicLoss, ruleId: 'TC-6.2' },
      ...mods,
    ];
    const score = roll + all.reduce((n, m) => n + m.value, 0);
    const result = moraleResultOf(ctx, score);
    w.ev.push({
      type: 'morale',
      unit: id,
      roll,
      panic: u.panic,
      mods: all,
      score,
      result,
      ruleId: 'TC-6.4',
    });
    u.marks = [];
    const plot = plotOfW(w, id);
    const isStatic = info.ma === 0;
    switch (result) {
      case 'noEffect':
        break;
      case 'cancelMoveAndOverrun':
        if (plot && (plot.mission === 'MV' || plot.mission === 'OV')) setPlot(w, id, undefined);
        if (plot?.mission === 'SMF') setPlot(w, id, { ...plot, path: [] });
        break;
      case 'cancelAllMissions':
        // The owner may have written an FC or MVR to do instead (TC-6.4).
        setPlot(w, id, plot?.fallback);
        if (plot?.fallback)
          w.ev.push({ type: 'fallback', unit: id, plot: plot.fallback, ruleId: 'TC-6.4' });
        break;
      case 'retire': {
        if (isStatic || u.pinned || u.carriedBy) {
          setPlot(w, id, undefined);
          break;
        }
        const enemies = ctx.order.filter((e) => ctx.units.get(e)!.side !== info.side && live(w, e));
        const far = (h: HexRef) =>
          Math.min(
            ...enemies.map((e) =>
              hexDistance(ctx.map.toAxial(h), ctx.map.toAxial(w.units[e]!.at!)),
            ),
            99,
          );
        const { path } = forcedPath(w, id, info.ma, far);
        setPlot(w, id, path.length ? { mission: 'MV', path, forced: 'retire' } : undefined);
        break;
      }
      case 'retreat':
      case 'flee': {
        w.retreated.push({ unit: id, at: u.at! });
        if (isStatic) {
          destroy(w, id);
          break;
        }
        u.retreating = true;
        if (result === 'flee') u.noMoreTests = true;
        if (u.pinned || u.carriedBy) {
          // A pinned unit forced to move stays where it is (OT-32.81, OT-32.91); a rider goes where its vehicle goes.
          setPlot(w, id, undefined);
          break;
        }
        const { path, off } = forcedPath(
          w,
          id,
          info.ma,
          edgeScore(ctx, ctx.entryEdge.get(info.side)),
        );
        setPlot(w, id, { mission: 'MV', path, forced: result, ...(off ? { offMap: true } : {}) });
        break;
      }
    }
  }
}

// ------------------------------------------------------------------------------------ DF (OT-32.8, 32.9, 32.11, 32.14)

type Pending = { unit: string; result: FireResult };

function applyAll(w: Work, pending: Pending[]) {
  const rank: Record<FireResult, number> = { destroyed: 3, eliminated: 3, pinned: 1, noEffect: 0 };
  const worst = new Map<string, FireResult>();
  for (const p of pending)
    if (rank[p.result] > rank[worst.get(p.unit) ?? 'noEffect']) worst.set(p.unit, p.result);
  for (const [id, r] of worst) {
    if (r === 'pinned') w.units[id]!.pinned = true;
    else if (r === 'destroyed' || r === 'eliminated') destroy(w, id);
  }
}

function rollShot(
  w: Work,
  kind: 'DF' | 'DF-P' | 'SMF' | 'OF',
  firers: string[],
  target: string,
  pending: Pending[],
  targetMp?: number,
  during?: { readonly at: HexRef; readonly impulse: number },
): FireResult | undefined {
  const { ctx } = w;
  const tu = w.units[target]!;
  const spottedNow = ctx.rules.layers.costello && (!tu.spotted || tu.spottedTurn === w.turn);
  if (!spot(w, target, firers[0]!, 'TC-7.3')) return undefined;
  const odds = shotOdds(ctx, w.state(), firers, target, kind, {
    spottedNow,
    targetMp: targetMp ?? w.mp[target] ?? 0,
  });
  if (!odds.legal) {
    w.ev.push({
      type: 'noFire',
      unit: firers[0]!,
      target,
      reason: odds.reason!,
      ruleId: odds.ruleId!,
    });
    return undefined;
  }
  lethal(w, target, firers);
  const roll = d6(w);
  const adjusted = roll + odds.mod;
  const t = ctx.units.get(target)!;
  const T = odds.threshold;
  let result: FireResult = 'noEffect';
  let ruleId = kind === 'DF-P' ? 'OT-32.8' : kind === 'SMF' ? 'OT-32.14' : 'OT-G1';
  if (T !== null && adjusted <= T) {
    if (kind === 'DF-P') result = tu.pinned ? 'noEffect' : 'pinned';
    else if (!t.soft) result = 'destroyed';
    else if (odds.killMax !== undefined) {
      result = adjusted <= odds.killMax ? 'eliminated' : tu.pinned ? 'noEffect' : 'pinned';
      ruleId = 'OT-32.9';
    } else result = 'eliminated';
  }
  if (kind === 'DF-P' && tu.pinned && T !== null && adjusted <= T) ruleId = 'OT-32.81';
  w.ev.push({
    type: 'fire',
    kind,
    firers,
    target,
    range: odds.range,
    attack: odds.attack,
    defence: odds.defence,
    differential: odds.differential,
    threshold: T,
    mods: odds.mods,
    roll,
    adjusted,
    ...(odds.killMax !== undefined ? { killMax: odds.killMax } : {}),
    result,
    ruleId,
    ...(during ?? {}),
  });
  pending.push({ unit: target, result });
  if (kind === 'DF-P')
    for (const r of ridersOf(ctx, w.state(), target))
      riderShot(w, firers, target, r, odds.range, pending);
  return result;
}

/**
 * Pinning fire at a vehicle carrying infantry also attacks the riders, each apart, as a normal
 * attack (OT-32.8 (8), OT-A6): the same summed HE against the catalog's rider defence (1), no
 * terrain, the carrier's plotted MP as the die modifier; with the optional rules the soft-target
 * split. Any effect throws the rider off.
 */
function riderShot(
  w: Work,
  firers: readonly string[],
  carrier: string,
  rider: string,
  range: number,
  pending: Pending[],
) {
  const { ctx } = w;
  const row = crtRow(ctx.rules.crt, range);
  if (!row) return;
  const attack = firers.reduce((n, f) => n + ctx.units.get(f)!.he, 0);
  const defence = ctx.rules.constants['carriedInfantryDefence'] ?? 1;
  const differential = attack - defence;
  const T = plainThreshold(row, ctx.rules.crt, differential);
  const mp = w.mp[carrier] ?? 0;
  const mm = movementModifier(ctx.rules, mp);
  const mods: ModView[] = mm
    ? [{ label: `carrier plotted ${mp} MP`, value: mm, ruleId: 'OT-32.8' }]
    : [];
  // The riders are spotted by the same fire, with the +2 of a unit spotted this turn (TC-7.3, TC-7.4).
  const ru = w.units[rider]!;
  if (ctx.rules.layers.costello && (!ru.spotted || ru.spottedTurn === w.turn))
    mods.push({
      label: 'target spotted this turn',
      value: ctx.rules.constants['spottedThisTurnDieMod'] ?? 2,
      ruleId: 'TC-7.4',
    });
  if (!spot(w, rider, firers[0]!, 'TC-7.3')) return;
  lethal(w, rider, firers);
  const roll = d6(w);
  const adjusted = roll + mods.reduce((n, m) => n + m.value, 0);
  let result: FireResult = 'noEffect';
  let killMax: number | undefined;
  if (T !== null && adjusted <= T) {
    if (ctx.rules.layers.optional) {
      killMax = killBand(T, ctx.rules.softShare.infantry, ctx.rules.options.softSplitRounding);
      result = adjusted <= killMax ? 'eliminated' : 'pinned';
    } else result = 'eliminated';
  }
  w.ev.push({
    type: 'fire',
    kind: 'DF-P',
    firers: [...firers],
    target: rider,
    range,
    attack,
    defence,
    differential,
    threshold: T,
    mods,
    roll,
    adjusted,
    ...(killMax !== undefined ? { killMax } : {}),
    result,
    ruleId: 'OT-A6',
  });
  if (result === 'noEffect') return;
  dismount(w, rider, w.units[carrier]!.at!, 'OT-32.8', 'hit while riding');
  pending.push({ unit: rider, result });
}

/**
 * Automatic spotting at the start of the DF step (TC-7.3, TC-A10): an unspotted unit is revealed
 * by the first enemy unit (not a dummy) with line of sight to it within the reach the autoSpotting
 * table gives for its case: in cover (a potential blocking hex, an Improved Position or dug in)
 * or not, with an M marker (it fired or moved last turn) or not.
 */
function autoSpot(w: Work) {
  const { ctx } = w;
  if (!ctx.rules.layers.costello || !ctx.rules.options.autoSpotAtDfStart) return;
  const map = mapOf(ctx, w.state());
  for (const id of ctx.order) {
    const u = w.units[id]!;
    if (!live(w, id) || u.spotted || u.carriedBy) continue;
    const hex = map.hex(map.toAxial(u.at!))!;
    const cover = hex.costelloBlocking || hex.improvedPosition || dugIn(ctx, u);
    const row = ctx.rules.autoSpotting.find((r) => r.cover === cover && r.mMarker === u.mMarker);
    if (!row) continue;
    const side = ctx.units.get(id)!.side;
    let range = 0;
    const by = ctx.order.find((e) => {
      const ei = ctx.units.get(e)!;
      const eu = w.units[e]!;
      if (ei.side === side || ei.dummy || !live(w, e) || eu.carriedBy) return false;
      const r = hexDistance(ctx.map.toAxial(eu.at!), ctx.map.toAxial(u.at!));
      if (r > row.rangeMax || !sightFor(ctx, w.state(), ei.side, eu.at!, u.at!).visible)
        return false;
      range = r;
      return true;
    });
    if (!by) continue;
    const why = `${cover ? 'in cover' : 'in the open'}, ${u.mMarker ? 'with an M marker' : 'no M marker'}`;
    spotAuto(w, id, by, { range, reach: row.rangeMax, why });
  }
}

/** Places M markers (TC-3 steps 4-5) on the units that fired or moved since event `from`. */
function placeMMarkers(w: Work, step: string, from: number, movers: Iterable<string> = []) {
  const marked = new Set<string>(movers);
  for (const e of w.ev.slice(from)) if (e.type === 'fire') for (const f of e.firers) marked.add(f);
  const units = w.ctx.order.filter((id) => marked.has(id) && live(w, id));
  for (const id of units) w.units[id]!.mMarker = true;
  if (units.length) w.ev.push({ type: 'mMarkers', step, units, ruleId: 'TC-3' });
}

function stepDf(w: Work) {
  const { ctx } = w;
  autoSpot(w);
  // Last turn's M markers have served the spotting; this turn's fire and moves place new ones.
  for (const id of ctx.order) w.units[id]!.mMarker = false;
  const pending: Pending[] = [];
  const firing = ctx.order.filter(
    (id) =>
      live(w, id) &&
      plotOfW(w, id) &&
      !w.units[id]!.carriedBy &&
      !(ctx.units.get(id)!.soft && w.units[id]!.pinned),
  );
  // Pinning fire: every DF-P on a target is one attack with the HE strengths added (OT-32.8(4)).
  const dfp = new Map<string, string[]>();
  const ca = new Map<string, string[]>();
  for (const id of firing) {
    const p = plotOfW(w, id)!;
    if (p.mission === 'DF-P' && p.target) dfp.set(p.target, [...(dfp.get(p.target) ?? []), id]);
    if (p.mission === 'DF-CA' && p.target) ca.set(p.target, [...(ca.get(p.target) ?? []), id]);
  }
  for (const id of firing) {
    const p = plotOfW(w, id)!;
    if (
      (p.mission === 'DF' || p.mission === 'SMF') &&
      p.phase !== 'OF' &&
      p.target &&
      w.units[p.target]!.alive
    )
      rollShot(w, p.mission, [id], p.target, pending);
  }
  for (const [target, firers] of dfp)
    if (w.units[target]!.alive) rollShot(w, 'DF-P', firers, target, pending);
  // Riders fire no mission of their own (OT-32.8 (8)): only a DT takes them off.
  for (const [target, attackers] of ca) {
    if (!w.units[target]!.alive) continue;
    const tu = w.units[target]!;
    const spottedNow = ctx.rules.layers.costello && (!tu.spotted || tu.spottedTurn === w.turn);
    if (!spot(w, target, attackers[0]!, 'TC-7.3')) continue;
    // Against an infantry and AT gun stack, each defender is assaulted separately (OT-32.11(4)).
    const defenders = unitsAt(ctx, w.state(), tu.at!, ctx.units.get(target)!.side).filter(
      (d) =>
        d === target ||
        (ctx.units.get(d)!.soft &&
          ctx.units.get(d)!.cls !== 'team' &&
          ctx.units.get(target)!.soft &&
          !ctx.units.get(d)!.dummy),
    );
    for (const d of defenders) {
      const o = assaultOdds(ctx, w.state(), attackers.length, d);
      const mods =
        spottedNow || d === target ? o.mods : o.mods.filter((m) => m.ruleId !== 'TC-7.4');
      const mod = mods.reduce((n, m) => n + m.value, 0);
      lethal(w, d, attackers);
      const roll = d6(w);
      const hit = o.threshold !== null && roll + mod <= o.threshold;
      const result: FireResult = hit
        ? ctx.units.get(d)!.soft
          ? 'eliminated'
          : 'destroyed'
        : o.autoPin
          ? 'pinned'
          : 'noEffect';
      w.ev.push({
        type: 'fire',
        kind: 'DF-CA',
        firers: attackers,
        target: d,
        range: 1,
        attack: attackers.length,
        defence: 1,
        differential: o.differential,
        threshold: o.threshold,
        mods,
        roll,
        adjusted: roll + mod,
        result,
        ruleId: 'OT-32.11',
      });
      pending.push({ unit: d, result });
      if (hit && o.autoPin) pending.push({ unit: d, result: 'pinned' });
    }
  }
  applyAll(w, pending); // all results at once (OT-32.11(8))
}

// ------------------------------------------------------------------------------------ MV and OF

/** One unit moving along its plotted path this step. */
interface Mover {
  readonly id: string;
  readonly plot: Plot;
  readonly path: readonly HexRef[];
  /** The MP spent on arriving in each hex of the path. */
  readonly arrive: readonly number[];
  next: number;
  readonly done: HexRef[];
  facing: number;
  stopped: string | undefined;
  halted: boolean;
}

/**
 * Movement and opportunity fire (OT-G7, TC-3 step 5). Movement is simultaneous, so it runs in
 * impulses of one movement point: in impulse t every mover enters the next hex of its path that
 * its spent MP reach by t (a hex costing 2 MP is entered at the second). A hex held by an enemy
 * stops the mover before it (an overrun's last hex excepted, OT-G6), and two enemies entering one
 * hex in the same impulse both stop short. After each impulse, every unit plotted OF that has not
 * fired looks at the enemies that just entered a hex and fires at one of them there
 * (`opportunityFireAt`): at the first it sees (`firstSight`), or, by default (`bestHex`), only
 * when no hex still ahead on that target's plotted path would give better odds, judged with the
 * units where they stand now. A DF plotted for the OF phase watches only its named target. The
 * hex an enemy stood on as the impulse began counts as held, whatever moves in it. The shots of
 * one impulse land together; a mover destroyed or pinned stops where it was hit. Opportunity fire
 * uses the target's plotted MP (OT-A15).
 */
function stepMove(w: Work) {
  const { ctx } = w;
  const during = w.ev.length;
  const movers: Mover[] = [];
  for (const id of ctx.order) {
    const p = plotOfW(w, id);
    const u = w.units[id]!;
    if (!live(w, id) || !p?.path?.length || !MOVES.includes(p.mission) || u.carriedBy) continue;
    if (u.pinned && !p.forced) continue;
    const map = mapOf(ctx, w.state());
    let spent = 0;
    const arrive = p.path.map((h) => (spent += stepMp(ctx, map, p.mission, h)));
    movers.push({
      id,
      plot: p,
      path: p.path,
      arrive,
      next: 0,
      done: [],
      facing: u.facing,
      stopped: undefined,
      halted: false,
    });
  }
  const watchers = ctx.order.filter((id) => {
    const p = plotOfW(w, id);
    const u = w.units[id]!;
    const watching = p?.mission === 'OF' || (p?.mission === 'DF' && p.phase === 'OF');
    return watching && live(w, id) && !u.carriedBy && !(ctx.units.get(id)!.soft && u.pinned);
  });
  const fired = new Set<string>();
  const last = Math.max(0, ...movers.map((m) => m.arrive[m.arrive.length - 1] ?? 0));
  const sideOf = (id: string) => ctx.units.get(id)!.side;
  for (let t = 1; t <= last; t++) {
    const stepping = movers.filter(
      (m) => !m.halted && live(w, m.id) && m.next < m.path.length && m.arrive[m.next]! <= t,
    );
    if (stepping.length === 0) continue;
    const intent = new Map<string, Mover[]>();
    for (const m of stepping) {
      const k = key(m.path[m.next]!);
      intent.set(k, [...(intent.get(k) ?? []), m]);
    }
    // Where everyone stands as the impulse starts: a hex an enemy is leaving in this same impulse
    // is still held, so the order the movers are listed in changes nothing.
    const held = new Map<string, Set<string>>();
    for (const id of ctx.order) {
      const at = w.units[id]!.at;
      if (!live(w, id) || !at) continue;
      held.set(key(at), (held.get(key(at)) ?? new Set()).add(sideOf(id)));
    }
    const entered: Mover[] = [];
    for (const m of stepping) {
      const h = m.path[m.next]!;
      const side = sideOf(m.id);
      const u = w.units[m.id]!;
      const rivals = intent.get(key(h))!.filter((o) => sideOf(o.id) !== side);
      if (rivals.length) {
        m.halted = true;
        m.stopped = `an enemy moved into hex ${h.col},${h.row} at the same time`;
        continue;
      }
      const enemyHeld = [...(held.get(key(h)) ?? [])].some((x) => x !== side);
      const enemies = enemyHeld ? unitsAt(ctx, w.state(), h).filter((o) => sideOf(o) !== side) : [];
      if (enemyHeld && enemies.length === 0) {
        m.halted = true;
        m.stopped = `hex ${h.col},${h.row} is held by the enemy`;
        continue;
      }
      const lastHex = m.next === m.path.length - 1;
      if (enemies.length && !(m.plot.mission === 'OV' && lastHex)) {
        m.halted = true;
        m.stopped = `hex ${h.col},${h.row} is held by the enemy`;
        continue;
      }
      const prev = u.at!;
      if (m.plot.mission !== 'MVR') {
        const d = directionTo(ctx.map.grid.orientation, ctx.map.toAxial(prev), ctx.map.toAxial(h));
        if (d !== undefined) m.facing = d;
      }
      u.at = h;
      u.facing = m.facing;
      m.done.push(h);
      m.next++;
      if (enemies.length && m.plot.mission === 'OV') {
        overrun(w, m.id, enemies);
        if (unitsAt(ctx, w.state(), h).some((o) => sideOf(o) !== side && w.units[o]!.alive)) {
          u.at = prev;
          m.done.pop();
          m.stopped = 'the overrun did not clear the hex';
          m.halted = true;
        }
      }
      carryAlong(w, m.id);
      if (u.at === h) entered.push(m);
    }
    if (entered.length) opportunityFire(w, t, entered, watchers, fired);
  }
  for (const m of movers) {
    const u = w.units[m.id]!;
    if (!u.alive) m.stopped ??= 'destroyed on the way';
    else if (m.next < m.path.length && !m.stopped && u.pinned)
      m.stopped = 'pinned by opportunity fire';
  }
  // The moves are logged first, then what happened on the way (shots, overruns, spotting).
  const onTheWay = w.ev.splice(during);
  for (const m of movers) {
    const u = w.units[m.id]!;
    if (m.done.length) w.moved.add(m.id);
    // Fireteams entering some terrain spend an extra turn there before they may leave (TC-4.6,
    // an optional rule of the costello layer).
    const end = u.at ? mapOf(ctx, w.state()).hex(ctx.map.toAxial(u.at)) : undefined;
    if (
      ctx.rules.layers.costello &&
      m.done.length &&
      u.alive &&
      end &&
      end.exitDelayTurns > 0 &&
      ctx.units.get(m.id)!.cls === 'infantry'
    ) {
      u.stuckUntil = w.turn + end.exitDelayTurns;
      onTheWay.push({
        type: 'stuck',
        unit: m.id,
        hex: u.at!,
        until: u.stuckUntil,
        ruleId: 'TC-4.6',
      });
    }
    w.ev.push({
      type: 'moved',
      unit: m.id,
      path: m.done,
      mp: w.mp[m.id] ?? 0,
      facing: m.facing,
      ...(m.stopped ? { stopped: m.stopped } : {}),
    });
    if (u.alive && m.plot.offMap && m.done.length === m.path.length) {
      u.at = null;
      u.fled = true;
      carryAlong(w, m.id);
      w.ev.push({ type: 'leftMap', unit: m.id, ruleId: 'TC-6.4' });
    }
  }
  w.ev.push(...onTheWay);
  // A pinned member left behind leaves its platoon (OT-32.81(5), OT-A14).
  if (ctx.rules.layers.optional) {
    const far = ctx.rules.constants['leavePinnedBehindMinHexes'] ?? 3;
    for (const id of ctx.order) {
      const u = w.units[id]!;
      if (!live(w, id) || !u.pinned || !u.platoon) continue;
      const pl = ctx.platoons.get(u.platoon)!;
      if (pl.leader === id) continue;
      const others = pl.members.filter(
        (m) => m !== id && live(w, m) && !w.units[m]!.pinned && w.units[m]!.platoon === u.platoon,
      );
      const judged =
        ctx.rules.options.leaveBehindFrom === 'leader'
          ? others.filter((m) => m === pl.leader)
          : others;
      if (
        judged.length &&
        judged.every(
          (m) => hexDistance(ctx.map.toAxial(w.units[m]!.at!), ctx.map.toAxial(u.at!)) >= far,
        )
      ) {
        w.ev.push({ type: 'leftBehind', unit: id, platoon: u.platoon, ruleId: 'OT-32.81' });
        u.platoon = null;
      }
    }
  }
  // Conformity at the end of movement (TC-5.1): one chain through the leader, links of ≤ 3 hexes.
  // Units may leave it freely (TC-5.2): the cost is the morale marker.
  if (ctx.rules.layers.costello) {
    const link = (ctx.rules.constants['conformityMaxInterveningHexes'] ?? 2) + 1;
    for (const [pid, pl] of ctx.platoons) {
      const members = pl.members.filter((m) => live(w, m) && w.units[m]!.platoon === pid);
      if (!pl.leader || !members.includes(pl.leader)) continue;
      const reached = new Set([pl.leader]);
      const queue = [pl.leader];
      while (queue.length) {
        const a = queue.shift()!;
        for (const b of members)
          if (
            !reached.has(b) &&
            hexDistance(ctx.map.toAxial(w.units[a]!.at!), ctx.map.toAxial(w.units[b]!.at!)) <= link
          ) {
            reached.add(b);
            queue.push(b);
          }
      }
      for (const m of members) if (!reached.has(m)) mark(w, m, 'isolated', 'TC-5.1');
    }
  }
}

function overrun(w: Work, vehicle: string, enemies: string[]) {
  const { ctx } = w;
  const hex = ctx.map.hex(ctx.map.toAxial(w.units[vehicle]!.at!))!;
  for (const e of enemies) {
    const info = ctx.units.get(e)!;
    const u = w.units[e]!;
    if (!u.alive || info.cls === 'team') continue;
    if (info.dummy) {
      spot(w, e, vehicle, 'TC-7.3');
      continue;
    }
    lethal(w, e, [vehicle]);
    if (
      ctx.rules.layers.optional &&
      info.cls === 'infantry' &&
      !u.pinned &&
      hex.overrunProtection
    ) {
      const roll = d6(w);
      const destroyed = roll <= ctx.rules.overrunInfantryDestroyMax;
      w.ev.push({
        type: 'overrun',
        unit: vehicle,
        target: e,
        roll,
        result: destroyed ? 'eliminated' : 'pinned',
        ruleId: 'OT-32.12',
      });
      if (destroyed) destroy(w, e);
      else u.pinned = true;
    } else {
      w.ev.push({
        type: 'overrun',
        unit: vehicle,
        target: e,
        roll: null,
        result: 'eliminated',
        ruleId: ctx.rules.layers.optional ? 'OT-32.12' : 'OT-G6',
      });
      destroy(w, e);
    }
  }
}

/** The opportunity fire of one movement impulse (see stepMove): each watcher fires at most once. */
function opportunityFire(
  w: Work,
  impulse: number,
  entered: readonly Mover[],
  watchers: readonly string[],
  fired: Set<string>,
) {
  const { ctx } = w;
  const pending: Pending[] = [];
  const bestHex = ctx.rules.options.opportunityFireAt === 'bestHex';
  const chanceAt = (f: string, m: string): number | undefined => {
    const o = shotOdds(ctx, w.state(), [f], m, 'OF', { targetMp: w.mp[m] ?? 0 });
    return o.legal ? 1 - o.odds.noEffect : undefined;
  };
  for (const f of watchers) {
    // A soft watcher pinned earlier in the step carries out no mission (OT-32.91).
    if (fired.has(f) || !live(w, f) || (ctx.units.get(f)!.soft && w.units[f]!.pinned)) continue;
    const side = ctx.units.get(f)!.side;
    // A DF plotted for the OF phase watches its own target only.
    const only = plotOfW(w, f)?.mission === 'DF' ? plotOfW(w, f)?.target : undefined;
    let pick: { m: Mover; p: number } | undefined;
    for (const m of entered) {
      const t = ctx.units.get(m.id)!;
      if (t.side === side || t.cls === 'team' || !live(w, m.id)) continue;
      if (only !== undefined && m.id !== only) continue;
      const p = chanceAt(f, m.id);
      if (p === undefined || p <= 0) continue;
      if (bestHex && !m.halted) {
        // Hold fire while a hex still ahead on the target's plotted path promises better odds.
        const u = w.units[m.id]!;
        const here = u.at;
        let better = false;
        for (let j = m.next; j < m.path.length && !better; j++) {
          u.at = m.path[j]!;
          const later = chanceAt(f, m.id);
          if (later !== undefined && later > p + 1e-9) better = true;
        }
        u.at = here;
        if (better) continue;
      }
      if (!pick || p > pick.p) pick = { m, p };
    }
    if (!pick) continue;
    fired.add(f);
    const at = w.units[pick.m.id]!.at!;
    rollShot(w, 'OF', [f], pick.m.id, pending, w.mp[pick.m.id] ?? 0, { at, impulse });
  }
  applyAll(w, pending);
  for (const m of entered) {
    if (!w.units[m.id]!.alive || w.units[m.id]!.pinned) m.halted = true;
  }
}

/** Mounting (MT) and dismounting (DT) after movement (TC-3 step 6; OT-32.8 (8)). */
function stepMountDismount(w: Work) {
  const { ctx } = w;
  for (const id of ctx.order) {
    const p = plotOfW(w, id);
    const u = w.units[id]!;
    if (p?.mission !== 'MT' || !p.target || !live(w, id)) continue;
    const c = p.target;
    const cu = w.units[c]!;
    const fail = (reason: string, ruleId: string) =>
      w.ev.push({ type: 'noMount', unit: id, carrier: c, reason, ruleId });
    if (u.pinned) fail(`${ctx.units.get(id)!.name} is pinned`, 'OT-32.91');
    else if (!cu.alive || !cu.at) fail(`${ctx.units.get(c)!.name} is gone`, 'TC-G2');
    else if (cu.at.col !== u.at!.col || cu.at.row !== u.at!.row)
      fail(`${ctx.units.get(c)!.name} did not end its move in the hex`, 'TC-G2');
    else if (ridersOf(ctx, w.state(), c).length >= carryCapacity(ctx, c))
      fail(`${ctx.units.get(c)!.name} is full`, 'OT-32.8');
    else {
      u.carriedBy = c;
      w.ev.push({ type: 'mounted', unit: id, carrier: c, ruleId: 'OT-32.8' });
    }
  }
  for (const id of ctx.order) {
    const p = plotOfW(w, id);
    const u = w.units[id]!;
    if (p?.mission !== 'DT' || !p.hex || !live(w, id) || !u.carriedBy) continue;
    const from = w.units[u.carriedBy]!.at!;
    const side = ctx.units.get(id)!.side;
    const ok =
      hexDistance(ctx.map.toAxial(from), ctx.map.toAxial(p.hex)) <= 1 &&
      !unitsAt(ctx, w.state(), p.hex).some((o) => ctx.units.get(o)!.side !== side);
    dismount(
      w,
      id,
      ok ? p.hex : from,
      'TC-G2',
      ok
        ? undefined
        : `hex ${p.hex.col},${p.hex.row} cannot be reached from the vehicle: off in its hex`,
    );
  }
}

function stepFacing(w: Work) {
  for (const id of w.ctx.order) {
    const p = plotOfW(w, id);
    if (p?.mission !== 'FC' || p.facing === undefined || !live(w, id)) continue;
    w.units[id]!.facing = p.facing;
    w.ev.push({ type: 'faced', unit: id, facing: p.facing });
  }
}

/** Digging in (EN, TC-4.8) and sappers clearing rubble (CLR, TC-4.9), at the end of the turn. */
function stepWorks(w: Work) {
  const { ctx } = w;
  const need = ctx.rules.constants['entrenchTurns'];
  for (const id of ctx.order) {
    const u = w.units[id]!;
    // A unit that left its hole (or was destroyed) loses it.
    if (u.entrench && (!live(w, id) || key(u.entrench.at) !== key(u.at!))) u.entrench = null;
    const p = plotOfW(w, id);
    if (!p || !live(w, id) || u.pinned || u.carriedBy) continue;
    if (p.mission === 'EN' && need !== undefined) {
      const turns = Math.min(need, (u.entrench?.turns ?? 0) + 1);
      u.entrench = { at: u.at!, turns };
      w.ev.push({
        type: 'entrenched',
        unit: id,
        hex: u.at!,
        turns,
        needed: need,
        ruleId: 'TC-4.8',
      });
    } else if (p.mission === 'CLR' && p.hex) {
      const i = w.rubble.findIndex((r) => r.blocksVehicles && key(r.hex) === key(p.hex!));
      if (i < 0) continue;
      w.rubble[i] = { hex: w.rubble[i]!.hex, blocksVehicles: false };
      w.ev.push({ type: 'cleared', unit: id, hex: p.hex, ruleId: 'TC-4.9' });
    }
  }
}

/**
 * New vehicle-smoke markers (TC-3 step 8; placeholder reading): each vehicle destroyed this turn
 * burns, and its hex holds smoke for the catalog's vehicleSmokeTurns (none without it).
 */
function placeVehicleSmoke(w: Work) {
  const { ctx } = w;
  const turns = ctx.rules.constants['vehicleSmokeTurns'] ?? 0;
  if (turns <= 0) return;
  const wrecks = w.destroyed.filter((d) => ctx.units.get(d.unit)!.cls === 'vehicle');
  if (!wrecks.length) return;
  const until = w.turn + turns;
  for (const d of wrecks)
    w.smoke.push({
      kind: 'vehicle',
      hex: d.at,
      side: ctx.units.get(d.unit)!.side,
      unit: d.unit,
      placed: w.turn,
      until,
    });
  w.ev.push({
    type: 'vehicleSmoke',
    units: wrecks.map((d) => d.unit),
    hexes: wrecks.map((d) => d.at),
    until,
    ruleId: 'TC-3',
  });
}

function stepCleanup(w: Work) {
  const { ctx } = w;
  stepWorks(w);
  // Smoke is lifted at the end of the turn its time runs out (TC-3 step 8).
  const lifted = w.smoke.filter((m) => m.until <= w.turn);
  if (lifted.length) {
    w.smoke = w.smoke.filter((m) => m.until > w.turn);
    w.ev.push({ type: 'smokeLifted', hexes: lifted.map((m) => m.hex), ruleId: 'TC-3' });
  }
  placeVehicleSmoke(w);
  for (const id of ctx.order) {
    const u = w.units[id]!;
    if (!live(w, id) || !u.pinned) continue;
    const info = ctx.units.get(id)!;
    if (!ctx.rules.layers.optional) {
      u.pinned = false;
      w.ev.push({ type: 'pinRecovery', unit: id, roll: null, unpinned: true, ruleId: 'TC-G3' });
      continue;
    }
    if (info.soft && !ctx.rules.options.softPinRecovery) continue;
    const roll = d6(w);
    const unpinned = roll <= ctx.rules.pinRecoveryMax;
    if (unpinned) u.pinned = false;
    w.ev.push({ type: 'pinRecovery', unit: id, roll, unpinned, ruleId: 'OT-32.82' });
  }
  // The platoons of retreating units are designated for next turn's test (TC-6.1 d, TC-A9).
  for (const id of ctx.order) {
    const u = w.units[id]!;
    if (!live(w, id) || !u.retreating) continue;
    mark(w, id, 'retreating', 'TC-6.1');
    const p = u.platoon;
    if (p)
      for (const m of ctx.platoons.get(p)!.members)
        if (live(w, m)) mark(w, m, 'retreating', 'TC-A9');
  }
}

// ------------------------------------------------------------------------------------ turn

const STEP_RULE: Record<string, string> = {
  IF: 'TC-4.4',
  MORALE: 'TC-6.2',
  DF: 'OT-G7',
  MV: 'OT-G7',
  MT_DT: 'OT-32.8',
  FC: 'OT-G7',
  CLEANUP: 'OT-32.82',
};

/** Cohesion at the start of a turn (OT-32.10): soft targets near a friendly soft target panic less. */
export function startTurn(ctx: TankContext, units: Record<string, MU>, ev: TankEvent[]) {
  for (const id of ctx.order) {
    const info = ctx.units.get(id)!;
    const u = units[id]!;
    u.panic = info.panicPct;
    if (
      !ctx.rules.layers.optional ||
      !info.soft ||
      info.dummy ||
      info.cls === 'team' ||
      !u.alive ||
      !u.at
    )
      continue;
    const reach = ctx.rules.constants['cohesionRangeHexes'] ?? 2;
    const near = ctx.order.some((o) => {
      const oi = ctx.units.get(o)!;
      const ou = units[o]!;
      return (
        o !== id &&
        oi.side === info.side &&
        oi.soft &&
        !oi.dummy &&
        oi.cls !== 'team' &&
        ou.alive &&
        ou.at !== null &&
        hexDistance(ctx.map.toAxial(ou.at), ctx.map.toAxial(u.at!)) <= reach
      );
    });
    if (!near) continue;
    const cut = ctx.rules.constants['cohesionPanicReductionPct'] ?? 10;
    u.panic =
      ctx.rules.options.cohesionReduction === 'absolute'
        ? Math.max(0, info.panicPct - cut)
        : Math.round(info.panicPct * (1 - cut / 100));
    ev.push({ type: 'cohesion', unit: id, panic: u.panic, ruleId: 'OT-32.10' });
  }
}

/**
 * Whether the objective's side holds it now: a unit of the classes it names on one of its hexes
 * and no enemy unit on any; when it does not, `lacking` says what stands in the way ("enemy
 * units in it", "none of the taker's units in it"). Undefined without a hold objective.
 */
export function holdTest(
  ctx: TankContext,
  units: Readonly<Record<string, UnitState>>,
): { readonly holds: boolean; readonly lacking?: string } | undefined {
  const hold = ctx.hold;
  if (!hold) return undefined;
  const zone = new Set(hold.hexes.map(key));
  const inZone = (side: string, classes?: readonly string[]) =>
    ctx.order.some((id) => {
      const i = ctx.units.get(id)!;
      const u = units[id]!;
      return (
        i.side === side &&
        !i.dummy &&
        u.alive &&
        u.at !== null &&
        zone.has(key(u.at)) &&
        (!classes || classes.includes(i.cls))
      );
    });
  if (inZone(enemyOf(ctx, hold.side))) return { holds: false, lacking: 'enemy units in it' };
  if (!inZone(hold.side, hold.classes))
    return { holds: false, lacking: "none of the taker's units in it" };
  return { holds: true };
}

function realLeft(
  ctx: TankContext,
  units: Record<string, MU>,
  side: string,
  turn: number,
): boolean {
  return ctx.order.some((id) => {
    const i = ctx.units.get(id)!;
    return (
      i.side === side &&
      !i.dummy &&
      i.cls !== 'team' &&
      units[id]!.alive &&
      (units[id]!.at !== null || (i.airlands ?? 0) > turn)
    );
  });
}

/** Units landing by air this turn come down on their hex, with the catalog's landing roll (TC-4.9). */
function airland(w: Work, turn: number) {
  const { ctx } = w;
  for (const id of ctx.order) {
    const info = ctx.units.get(id)!;
    const u = w.units[id]!;
    if (info.airlands !== turn || !u.alive || u.at !== null) continue;
    const roll = d6(w);
    const result = ctx.rules.airlanding.get(roll) ?? 'landed';
    u.at = info.start;
    carryAlong(w, id);
    if (result === 'pinned') u.pinned = true;
    w.ev.push({ type: 'airlanded', unit: id, hex: info.start, roll, result, ruleId: 'TC-4.9' });
    if (result === 'eliminated') destroy(w, id);
  }
}

/**
 * The steps a turn resolves, in the catalog's sequence of play (plotting and MORALE without
 * Costello left out). Opportunity fire happens during movement (stepMove), so a catalog that lists
 * an OF step after MV has it played inside MV, not as a step of its own.
 */
export function resolutionSteps(ctx: TankContext): string[] {
  return ctx.rules.sequence.filter(
    (step) => step !== 'PLOT' && step !== 'OF' && (step !== 'MORALE' || ctx.rules.layers.costello),
  );
}

/**
 * Resolves a turn once every side has plotted: the steps of the sequence of play in order. With
 * `upTo`, only the first `upTo` steps (the state after them, with no end of turn); the dice and
 * the steps are the same, so the events are the first ones of the whole turn's.
 */
export function resolveTurn(
  ctx: TankContext,
  s: TankState,
  upTo = Infinity,
): { state: TankState; events: TankEvent[] } {
  const w = draft(ctx, s);
  const prevUnspotted = new Set(ctx.order.filter((id) => s.units[id]!.firedOnByUnspotted));
  for (const u of Object.values(w.units)) u.firedOnByUnspotted = false;
  const steps = resolutionSteps(ctx);
  for (const step of steps.slice(0, upTo)) {
    w.ev.push({
      type: 'step',
      step,
      ruleId: ctx.rules.layers.costello ? 'TC-3' : (STEP_RULE[step] ?? 'OT-G7'),
    });
    if (step === 'IF') stepIf(w);
    else if (step === 'MORALE') stepMorale(w, prevUnspotted);
    else if (step === 'DF') {
      const from = w.ev.length;
      stepDf(w);
      placeMMarkers(w, 'DF', from);
    } else if (step === 'MV') {
      const from = w.ev.length;
      stepMove(w);
      placeMMarkers(w, 'MV', from, w.moved);
    } else if (step === 'MT_DT') stepMountDismount(w);
    else if (step === 'FC') stepFacing(w);
    else if (step === 'CLEANUP') stepCleanup(w);
  }
  // Stopped part-way (the playtest resolves step by step): where the steps so far left the units.
  // The steps after re-run from `s`, so the last one ends exactly where resolving at once does.
  if (upTo < steps.length)
    return {
      state: {
        ...s,
        units: w.units,
        plots: w.plots,
        calls: w.calls,
        smoke: w.smoke,
        rubble: w.rubble,
        rng: w.dice.state(),
      },
      events: w.ev,
    };
  for (const id of w.firedOnByUnspotted) w.units[id]!.firedOnByUnspotted = true;

  // Victory (TC-G9: fled units are not destroyed).
  let held = s.held;
  let result: TankState['result'] = null;
  const [a, b] = ctx.sides;
  const name = (x: string) => ctx.sideNames.get(x) ?? x;
  if (ctx.hold) {
    const holder = ctx.hold.side;
    held = holdTest(ctx, w.units)?.holds ? held + 1 : 0;
    if (held > 0) w.ev.push({ type: 'held', side: holder, turns: held });
    if (held >= ctx.hold.turns)
      result = { winner: holder, text: `${name(holder)} held ${ctx.hold.name} for ${held} turns` };
  }
  if (!result) {
    const aLeft = realLeft(ctx, w.units, a, s.turn);
    const bLeft = realLeft(ctx, w.units, b, s.turn);
    if (!aLeft && !bLeft)
      result = { winner: 'draw', text: 'no unit of either side is left on the map' };
    else if (!aLeft) result = { winner: b, text: `${name(a)} has no unit left on the map` };
    else if (!bLeft) result = { winner: a, text: `${name(b)} has no unit left on the map` };
  }
  if (!result && s.turn >= s.turnLimit) {
    const win = ctx.timeWinner;
    result = win
      ? { winner: win, text: `${name(win)} wins: the turn limit (${s.turnLimit}) is reached` }
      : { winner: 'draw', text: `the turn limit (${s.turnLimit}) is reached` };
  }
  if (result) w.ev.push({ type: 'gameOver', winner: result.winner, text: result.text });
  const next = result ? s.turn : s.turn + 1;
  if (!result) {
    w.ev.push({ type: 'turnStarted', turn: next });
    airland(w, next);
    startTurn(ctx, w.units, w.ev);
  }
  for (const u of Object.values(w.units)) u.underIfHe = 0;
  const empty = dict<Record<string, Plot>>();
  for (const side of ctx.sides) empty[side] = dict<Plot>();
  return {
    state: {
      ...s,
      turn: next,
      phase: result ? 'over' : 'plot',
      units: w.units,
      plots: result ? w.plots : empty,
      done: [],
      calls: w.calls,
      smoke: w.smoke,
      rubble: w.rubble,
      last: { retreated: w.retreated, destroyed: w.destroyed },
      held,
      result,
      rng: w.dice.state(),
    },
    events: w.ev,
  };
}
