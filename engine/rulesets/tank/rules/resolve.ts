import type { Edge, HexRef } from '../../../format';
import { dict } from '../../../game/dict';
import { directionTo, hexDistance, hexNeighbours } from '../../../hex';
import { Dice } from '../../../random/dice';
import type { TankContext } from './context';
import { assaultOdds, plottedMp, shotOdds, sightFor } from './fire';
import { enterable, unitsAt } from './plot';
import type {
  FireResult,
  ModView,
  MoraleMark,
  MortarCall,
  Plot,
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
  for (const id of ctx.order) mp[id] = plottedMp(ctx, plots[ctx.units.get(id)!.side]![id]);
  const w: Work = {
    ctx,
    dice: new Dice(s.rng),
    ev: [],
    units,
    plots,
    calls: [...s.calls],
    turn: s.turn,
    destroyed: [],
    retreated: [],
    mp,
    moved: new Set(),
    firedOnByUnspotted: new Set(),
    state: () => ({ ...s, units, plots, calls: w.calls }),
  };
  return w;
}

const plotOfW = (w: Work, id: string): Plot | undefined => w.plots[w.ctx.units.get(id)!.side]![id];
const setPlot = (w: Work, id: string, p: Plot | undefined) => {
  const side = w.ctx.units.get(id)!.side;
  if (p) w.plots[side]![id] = p;
  else delete w.plots[side]![id];
  w.mp[id] = plottedMp(w.ctx, p);
};

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
  w.destroyed.push({ unit: id, at });
  for (const [tid, t] of w.ctx.units) if (t.squad === id && w.units[tid]!.alive) destroy(w, tid);
  const p = w.ctx.units.get(id)!.platoon;
  if (p)
    for (const m of w.ctx.platoons.get(p)!.members)
      if (m !== id && live(w, m)) mark(w, m, 'platoonLoss', 'TC-6.1');
}

/** Reveals a unit to the enemy before a fire mission at it (TC-7.3); a dummy is removed (TC-7.1). */
function spot(w: Work, id: string, by: string | null, ruleId: string): boolean {
  if (!w.ctx.rules.layers.costello) return true;
  const u = w.units[id]!;
  if (u.spotted) return true;
  u.spotted = true;
  u.spottedTurn = w.turn;
  w.ev.push({ type: 'spotted', unit: id, by, ruleId });
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

function stepIf(w: Work) {
  const { ctx } = w;
  for (const side of ctx.sides) {
    for (const [id, p] of Object.entries(w.plots[side]!)) {
      if (p.mission !== 'IF' || !p.hex || !live(w, id)) continue;
      const info = ctx.units.get(id)!;
      const r = hexDistance(ctx.map.toAxial(w.units[id]!.at!), ctx.map.toAxial(p.hex));
      const eff = info.mortar?.effective ?? info.range;
      const he =
        r > eff
          ? Math.ceil(info.he * (ctx.rules.constants['beyondEffectiveFactor'] ?? 0.5))
          : info.he;
      const call: MortarCall = {
        unit: id,
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
  const landing = w.calls.filter((c) => c.lands === w.turn && w.units[c.unit]!.alive);
  w.calls = w.calls.filter((c) => c.lands > w.turn);
  const byHex = new Map<string, MortarCall[]>();
  for (const c of landing) byHex.set(key(c.hex), [...(byHex.get(key(c.hex)) ?? []), c]);
  for (const calls of byHex.values()) {
    const hex = calls[0]!.hex;
    const he = calls.reduce((n, c) => n + c.he, 0);
    const th = ctx.map.hex(ctx.map.toAxial(hex))!;
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
  }
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
  let at = w.units[id]!.at!;
  const path: HexRef[] = [];
  let left = mp;
  for (;;) {
    let best: HexRef | undefined;
    let bestScore = score(at);
    for (const n of hexNeighbours(ctx.map.toAxial(at))) {
      const h = ctx.map.toRef(n);
      const hex = ctx.map.hex(n);
      if (!hex || !enterable(ctx, id, h) || hex.mp > left) continue;
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
    left -= ctx.map.hex(ctx.map.toAxial(best))!.mp;
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
        setPlot(w, id, undefined);
        break;
      case 'retire': {
        if (isStatic || u.pinned) {
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
        if (u.pinned) {
          setPlot(w, id, undefined); // a pinned unit forced to move stays where it is (OT-32.81, OT-32.91)
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
) {
  const { ctx } = w;
  const tu = w.units[target]!;
  const spottedNow = ctx.rules.layers.costello && (!tu.spotted || tu.spottedTurn === w.turn);
  if (!spot(w, target, firers[0]!, 'TC-7.3')) return;
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
    return;
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
  });
  pending.push({ unit: target, result });
}

function autoSpot(w: Work) {
  const { ctx } = w;
  if (!ctx.rules.layers.costello || !ctx.rules.options.autoSpotAtDfStart) return;
  const reach = ctx.rules.constants['autoSpotRangeHexes'] ?? 2;
  for (const id of ctx.order) {
    const u = w.units[id]!;
    if (!live(w, id) || u.spotted) continue;
    const side = ctx.units.get(id)!.side;
    const by = ctx.order.find((e) => {
      const ei = ctx.units.get(e)!;
      const eu = w.units[e]!;
      if (ei.side === side || ei.dummy || !live(w, e)) return false;
      if (hexDistance(ctx.map.toAxial(eu.at!), ctx.map.toAxial(u.at!)) > reach) return false;
      return sightFor(ctx, w.state(), ei.side, eu.at!, u.at!).visible;
    });
    if (by) spot(w, id, by, 'TC-A10');
  }
}

function stepDf(w: Work) {
  const { ctx } = w;
  autoSpot(w);
  const pending: Pending[] = [];
  const firing = ctx.order.filter(
    (id) => live(w, id) && plotOfW(w, id) && !(ctx.units.get(id)!.soft && w.units[id]!.pinned),
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
    if ((p.mission === 'DF' || p.mission === 'SMF') && p.target && w.units[p.target]!.alive)
      rollShot(w, p.mission, [id], p.target, pending);
  }
  for (const [target, firers] of dfp)
    if (w.units[target]!.alive) rollShot(w, 'DF-P', firers, target, pending);
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

function stepMove(w: Work) {
  const { ctx } = w;
  const movers = ctx.order.filter((id) => {
    const p = plotOfW(w, id);
    return live(w, id) && p?.path && p.path.length > 0 && ['MV', 'OV', 'SMF'].includes(p.mission);
  });
  for (const id of movers) {
    const u = w.units[id]!;
    const info = ctx.units.get(id)!;
    const p = plotOfW(w, id)!;
    const path = p.path ?? [];
    if (u.pinned && !p.forced) continue;
    const done: HexRef[] = [];
    let stopped: string | undefined;
    let facing = u.facing;
    for (let i = 0; i < path.length; i++) {
      const h = path[i]!;
      const enemies = unitsAt(ctx, w.state(), h).filter(
        (o) => ctx.units.get(o)!.side !== info.side,
      );
      if (enemies.length && !(p.mission === 'OV' && i === path.length - 1)) {
        stopped = `hex ${h.col},${h.row} is held by the enemy`;
        break;
      }
      const d = directionTo(ctx.map.grid.orientation, ctx.map.toAxial(u.at!), ctx.map.toAxial(h));
      if (d !== undefined) facing = d;
      const prev = u.at!;
      u.at = h;
      done.push(h);
      if (enemies.length && p.mission === 'OV') {
        overrun(w, id, enemies);
        if (
          unitsAt(ctx, w.state(), h).some(
            (o) => ctx.units.get(o)!.side !== info.side && w.units[o]!.alive,
          )
        ) {
          u.at = prev;
          done.pop();
          stopped = 'the overrun did not clear the hex';
        }
      }
    }
    u.facing = facing;
    for (const [tid, t] of ctx.units)
      if (t.squad === id && w.units[tid]!.alive) w.units[tid]!.at = u.at;
    if (done.length) w.moved.add(id);
    w.ev.push({
      type: 'moved',
      unit: id,
      path: done,
      mp: w.mp[id] ?? 0,
      facing,
      ...(stopped ? { stopped } : {}),
    });
    if (p.offMap && done.length === path.length) {
      u.at = null;
      u.fled = true;
      for (const [tid, t] of ctx.units) if (t.squad === id) w.units[tid]!.at = null;
      w.ev.push({ type: 'leftMap', unit: id, ruleId: 'TC-6.4' });
    }
  }
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

function stepOf(w: Work) {
  const { ctx } = w;
  const pending: Pending[] = [];
  for (const id of ctx.order) {
    const p = plotOfW(w, id);
    if (p?.mission !== 'OF' || !live(w, id) || (ctx.units.get(id)!.soft && w.units[id]!.pinned))
      continue;
    const side = ctx.units.get(id)!.side;
    let best: { target: string; p: number } | undefined;
    for (const t of ctx.order) {
      if (
        !w.moved.has(t) ||
        ctx.units.get(t)!.side === side ||
        !live(w, t) ||
        ctx.units.get(t)!.cls === 'team'
      )
        continue;
      const o = shotOdds(ctx, w.state(), [id], t, 'OF', { targetMp: w.mp[t] ?? 0 });
      if (!o.legal) continue;
      const pr = 1 - o.odds.noEffect;
      if (!best || pr > best.p) best = { target: t, p: pr };
    }
    if (best) rollShot(w, 'OF', [id], best.target, pending);
  }
  applyAll(w, pending);
}

function stepFacing(w: Work) {
  for (const id of w.ctx.order) {
    const p = plotOfW(w, id);
    if (p?.mission !== 'FC' || p.facing === undefined || !live(w, id)) continue;
    w.units[id]!.facing = p.facing;
    w.ev.push({ type: 'faced', unit: id, facing: p.facing });
  }
}

function stepCleanup(w: Work) {
  const { ctx } = w;
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
  OF: 'OT-G7',
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

function realLeft(ctx: TankContext, units: Record<string, MU>, side: string): boolean {
  return ctx.order.some((id) => {
    const i = ctx.units.get(id)!;
    return (
      i.side === side && !i.dummy && i.cls !== 'team' && units[id]!.alive && units[id]!.at !== null
    );
  });
}

/** The steps a turn resolves, in the catalog's sequence of play (plotting and MORALE without Costello left out). */
export function resolutionSteps(ctx: TankContext): string[] {
  return ctx.rules.sequence.filter(
    (step) =>
      step !== 'PLOT' && step !== 'MT_DT' && (step !== 'MORALE' || ctx.rules.layers.costello),
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
  const seq = ctx.rules.sequence;
  const steps = resolutionSteps(ctx);
  for (const step of steps.slice(0, upTo)) {
    w.ev.push({
      type: 'step',
      step,
      ruleId: ctx.rules.layers.costello ? 'TC-3' : (STEP_RULE[step] ?? 'OT-G7'),
    });
    if (step === 'IF') stepIf(w);
    else if (step === 'MORALE') stepMorale(w, prevUnspotted);
    else if (step === 'DF') stepDf(w);
    else if (step === 'MV') {
      stepMove(w);
      if (!seq.includes('OF')) stepOf(w);
    } else if (step === 'OF') stepOf(w);
    else if (step === 'FC') stepFacing(w);
    else if (step === 'CLEANUP') stepCleanup(w);
  }
  // Stopped part-way (the playtest resolves step by step): where the steps so far left the units.
  // The steps after re-run from `s`, so the last one ends exactly where resolving at once does.
  if (upTo < steps.length)
    return {
      state: { ...s, units: w.units, plots: w.plots, calls: w.calls, rng: w.dice.state() },
      events: w.ev,
    };
  for (const id of w.firedOnByUnspotted) w.units[id]!.firedOnByUnspotted = true;

  // Victory (TC-G9: fled units are not destroyed).
  let held = s.held;
  let result: TankState['result'] = null;
  const [a, b] = ctx.sides;
  const name = (x: string) => ctx.sideNames.get(x) ?? x;
  if (ctx.hold) {
    const zone = new Set(ctx.hold.hexes.map(key));
    const inZone = (side: string, classes?: readonly string[]) =>
      ctx.order.some((id) => {
        const i = ctx.units.get(id)!;
        const u = w.units[id]!;
        return (
          i.side === side &&
          !i.dummy &&
          u.alive &&
          u.at !== null &&
          zone.has(key(u.at)) &&
          (!classes || classes.includes(i.cls))
        );
      });
    const holder = ctx.hold.side;
    const other = holder === a ? b : a;
    held = inZone(holder, ctx.hold.classes) && !inZone(other) ? held + 1 : 0;
    if (held > 0) w.ev.push({ type: 'held', side: holder, turns: held });
    if (held >= ctx.hold.turns)
      result = { winner: holder, text: `${name(holder)} held ${ctx.hold.name} for ${held} turns` };
  }
  if (!result) {
    const aLeft = realLeft(ctx, w.units, a);
    const bLeft = realLeft(ctx, w.units, b);
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
      last: { retreated: w.retreated, destroyed: w.destroyed },
      held,
      result,
      rng: w.dice.state(),
    },
    events: w.ev,
  };
}
