import type { HexRef } from '../../format';
import type { ActionRng } from '../../game/gameDef';
import { acceptedActions, pick, sampleAccepted } from '../../game/legal';
import type { Reducer } from '../../game/reducer';
import { hexDistance } from '../../hex';
import { reachable } from './bot';
import type { TankContext } from './rules/context';
import { allowance } from './rules/plot';
import type { Mission, TankEvent } from './rules/state';
import type { TankPlayAction, TankPlayState } from './steps';

/**
 * What a TANK! side may do now, for the ruleset kit. While plotting: a mission for each of its
 * units (fire at each enemy, each way of firing; a move, a reverse move or an overrun to each hex
 * the unit can reach, by its cheapest route; each facing; indirect fire and smoke on each hex in
 * reach; mounting, dismounting, digging in, clearing rubble; waiting), taking a plot back, and
 * ending its plotting; while a turn it asked to see step by step resolves: the next step or all.
 * Routes that end in the same hex are listed once (the cheapest): listing every route would run
 * to thousands, and the route matters to the rules only through what it costs and crosses.
 */

type Rules = Reducer<TankPlayState, TankPlayAction, TankEvent>;

const cell = (h: HexRef) => [h.col, h.row] as const;

/** Every legal action of the side now (each accepted by the rules). */
export function tankLegalActions(
  ctx: TankContext,
  rules: Rules,
  state: TankPlayState,
  side: string,
): TankPlayAction[] {
  if (state.phase === 'over') return [];
  if (state.resolving) {
    if (state.resolving.by !== side) return [];
    return acceptedActions(rules, state, [{ type: 'resolve' }, { type: 'resolve', all: true }]);
  }
  if (state.done.includes(side) || !ctx.sides.includes(side)) return [];
  const out: TankPlayAction[] = [];
  for (const id of unitsOf(ctx, state, side)) {
    out.push(...acceptedActions(rules, state, unitPlots(ctx, state, id)));
    if (state.plots[side]?.[id]) out.push(...acceptedActions(rules, state, [clear(id)]));
  }
  out.push(...acceptedActions(rules, state, [{ type: 'endPlot', side }]));
  return out;
}

/**
 * One legal action drawn at random, cheaply: a unit not plotted yet and one of its missions, or
 * (one chance more than the units left to plot) the end of the side's plotting.
 */
export function tankSampleAction(
  ctx: TankContext,
  rules: Rules,
  state: TankPlayState,
  side: string,
  rng: ActionRng,
): TankPlayAction | undefined {
  if (state.phase === 'over') return undefined;
  if (state.resolving)
    return state.resolving.by === side ? { type: 'resolve', all: rng.index(2) === 1 } : undefined;
  if (state.done.includes(side) || !ctx.sides.includes(side)) return undefined;
  const end: TankPlayAction = { type: 'endPlot', side };
  const open = unitsOf(ctx, state, side).filter((id) => !state.plots[side]?.[id]);
  const k = rng.index(open.length + 1);
  if (k === open.length) return end;
  const id = open[k]!;
  // Drawn among the unit's candidates until the rules accept one: each accepted plot as likely
  // as any other, without asking the rules about all of them.
  const candidates = [...unitPlots(ctx, state, id)];
  return sampleAccepted(rules, state, () => pick(rng, candidates), TRIES, [end]);
}

/** Draws of a unit's plot before its side's plotting is ended instead. */
const TRIES = 64;

const clear = (unit: string): TankPlayAction => ({ type: 'clearPlot', unit });

function unitsOf(ctx: TankContext, state: TankPlayState, side: string): string[] {
  return ctx.order.filter((id) => {
    const u = state.units[id]!;
    return ctx.units.get(id)!.side === side && u.alive && u.at !== null;
  });
}

function* unitPlots(ctx: TankContext, state: TankPlayState, id: string): Generator<TankPlayAction> {
  const info = ctx.units.get(id)!;
  const at = state.units[id]!.at!;
  const plot = (mission: Mission, more: Partial<Extract<TankPlayAction, { type: 'plot' }>> = {}) =>
    ({ type: 'plot', unit: id, mission, ...more }) as TankPlayAction;
  const enemies = ctx.order.filter((e) => {
    const u = state.units[e]!;
    return ctx.units.get(e)!.side !== info.side && u.alive && u.at !== null;
  });
  yield plot('OF');
  yield plot('EN');
  for (const e of enemies)
    for (const m of ['DF', 'DF-P', 'DF-CA'] as const) yield plot(m, { target: e });
  for (let facing = 0; facing < 6; facing++) yield plot('FC', { facing });
  for (const m of ['MV', 'MVR', 'OV'] as const)
    for (const r of reachable(ctx, state, id, allowance(ctx, id, m)).values())
      yield plot(m, { path: r.path.map(cell) });
  const smf = [...reachable(ctx, state, id, allowance(ctx, id, 'SMF')).values()];
  for (const r of smf)
    for (const e of enemies) yield plot('SMF', { path: r.path.map(cell), target: e });
  if (info.mortar) {
    const here = ctx.map.toAxial(at);
    for (let col = 0; col < ctx.map.columns; col++)
      for (let row = 0; row < ctx.map.rows; row++) {
        const h = { col, row };
        const r = hexDistance(here, ctx.map.toAxial(h));
        if (r < info.rangeMin || r > info.range) continue;
        yield plot('IF', { at: cell(h) });
        yield plot('SF', { at: cell(h) });
      }
  }
  for (const v of ctx.order) if (v !== id) yield plot('MT', { target: v });
  yield plot('DT', { at: cell(at) });
  for (const r of state.rubble) yield plot('CLR', { at: cell(r.hex) });
}
