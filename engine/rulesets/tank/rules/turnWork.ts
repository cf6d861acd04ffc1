/**
 * A TANK! turn being resolved: the working copy of the state the resolution steps change
 * (`Work`), and the small operations they share (spot, mark, destroy, dismount, roll).
 */
import type { HexRef } from '../../../format';
import { dict } from '../../../game/dict';
import { Dice } from '../../../random/dice';
import { type TankContext } from './context';
import { plottedMp } from './fire';
import type { MoraleMark, MortarCall, Plot, Smoke, TankEvent, TankState, UnitState } from './state';

type Mut<T> = { -readonly [K in keyof T]: T[K] };

export type MU = Mut<UnitState>;

/** A turn being resolved: the state's units and plots copied so the steps can change them. */
export interface Work {
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

export const key = (h: HexRef) => `${h.col},${h.row}`;

export function draft(ctx: TankContext, s: TankState): Work {
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

export const plotOfW = (w: Work, id: string): Plot | undefined =>
  w.plots[w.ctx.units.get(id)!.side]![id];

export const setPlot = (w: Work, id: string, p: Plot | undefined) => {
  const side = w.ctx.units.get(id)!.side;
  if (p) w.plots[side]![id] = p;
  else delete w.plots[side]![id];
  w.mp[id] = plottedMp(w.ctx, p, w.state());
};

/** Moves a unit's passengers and the support weapons stacked with them along with it (TC-4.1, OT-32.8 (8)). */
export function carryAlong(w: Work, id: string) {
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
export function dismount(w: Work, id: string, hex: HexRef, ruleId: string, why?: string) {
  const u = w.units[id]!;
  const carrier = u.carriedBy;
  if (!carrier) return;
  u.carriedBy = null;
  u.at = hex;
  carryAlong(w, id);
  w.ev.push({ type: 'dismounted', unit: id, carrier, hex, ...(why ? { why } : {}), ruleId });
}

export const live = (w: Work, id: string) => w.units[id]!.alive && w.units[id]!.at !== null;

export function mark(w: Work, id: string, m: MoraleMark, ruleId: string) {
  if (!w.ctx.rules.layers.costello) return;
  const u = w.units[id]!;
  if (!u.alive || u.noMoreTests || w.ctx.units.get(id)!.dummy || u.marks.includes(m)) return;
  u.marks = [...u.marks, m];
  w.ev.push({ type: 'marked', unit: id, mark: m, ruleId });
}

/** Removes a unit destroyed by fire, with the support weapons stacked with it (TC-4.1). */
export function destroy(w: Work, id: string) {
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
export function spot(w: Work, id: string, by: string | null, ruleId: string): boolean {
  return spotAuto(w, id, by, undefined, ruleId);
}

export function spotAuto(
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

export function lethal(w: Work, target: string, firers: readonly string[]) {
  const u = w.units[target]!;
  if (!u.firedOn) mark(w, target, 'firstLethalFire', 'TC-6.1');
  u.firedOn = true;
  if (w.ctx.rules.layers.costello && firers.some((f) => !w.units[f]!.spotted))
    w.firedOnByUnspotted.add(target);
}

export const d6 = (w: Work) => w.dice.roll(w.ctx.rules.constants['dieSides'] ?? 6);
