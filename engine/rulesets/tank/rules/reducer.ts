import { dict, withEntry } from '../../../game/dict';
import { accepted, invalid, type Reduction } from '../../../game/reducer';
import { seedRng } from '../../../random/dice';
import type { TankContext } from './context';
import { checkFallback, checkPlot } from './plot';
import { resolveTurn, startTurn } from './resolve';
import {
  MISSIONS,
  type Plot,
  type TankAction,
  type TankEvent,
  type TankState,
  type UnitState,
} from './state';

/** The state at the start of a game: every unit where the scenario puts it, unspotted with Costello (TC-7.3). */
export function newTankGame(ctx: TankContext, seed: number, turnLimit?: number): TankState {
  const units = dict<UnitState>();
  for (const id of ctx.order) {
    const u = ctx.units.get(id)!;
    units[id] = {
      // A unit landing by air is off the map until its turn (TC-4.9).
      at: u.airlands ? null : u.start,
      facing: u.facing,
      alive: true,
      pinned: false,
      spotted: !ctx.rules.layers.costello,
      spottedTurn: 0,
      platoon: u.platoon,
      panic: u.panicPct,
      marks: [],
      retreating: false,
      fled: false,
      noMoreTests: false,
      firedOn: false,
      firedOnByUnspotted: false,
      underIfHe: 0,
      carriedBy: null,
      stuckUntil: 0,
      entrench: null,
      mMarker: false,
    };
  }
  startTurn(ctx, units as Record<string, { -readonly [K in keyof UnitState]: UnitState[K] }>, []);
  const plots = dict<Record<string, Plot>>();
  for (const side of ctx.sides) plots[side] = dict<Plot>();
  return {
    turn: 1,
    phase: 'plot',
    units,
    plots,
    done: [],
    calls: [],
    smoke: [],
    rubble: [],
    last: { retreated: [], destroyed: [] },
    held: 0,
    result: null,
    turnLimit: turnLimit ?? ctx.turnLimit,
    rng: seedRng(seed),
  };
}

const hexOf = (p: readonly [number, number]) => ({ col: p[0], row: p[1] });

/** The plot an action asks for, in the engine's terms. */
export function plotFrom(a: Extract<TankAction, { type: 'plot' }>): Plot {
  return {
    mission: a.mission,
    ...(a.target !== undefined ? { target: a.target } : {}),
    ...(a.at ? { hex: hexOf(a.at) } : {}),
    ...(a.path ? { path: a.path.map(hexOf) } : {}),
    ...(a.facing !== undefined ? { facing: a.facing } : {}),
    ...(a.phase ? { phase: a.phase } : {}),
  };
}

/** The reducer: plots are checked when made; the turn resolves when the last side ends plotting. */
export function tankReducer(ctx: TankContext) {
  return (state: TankState, action: TankAction): Reduction<TankState, TankEvent> => {
    if (state.phase === 'over') return invalid('the game is over');
    switch (action.type) {
      case 'plot': {
        if (!(MISSIONS as readonly string[]).includes(action.mission))
          return invalid(
            `unknown mission ${String(action.mission)}: one of ${MISSIONS.join(', ')}`,
            'TC-G2',
          );
        const plot = plotFrom(action);
        const c = action.fallback
          ? checkFallback(ctx, state, action.unit, plot)
          : checkPlot(ctx, state, action.unit, plot);
        if (!c.ok) return invalid(`${c.reason} (${c.ruleId})`, c.ruleId);
        const side = ctx.units.get(action.unit)!.side;
        const was = state.plots[side]?.[action.unit];
        // A fallback rides on the main plot; a new main plot keeps the fallback written before.
        const stored: Plot = action.fallback
          ? { ...was!, fallback: plot }
          : was?.fallback
            ? { ...plot, fallback: was.fallback }
            : plot;
        const plots = withEntry(
          state.plots,
          side,
          withEntry(state.plots[side] ?? dict<Plot>(), action.unit, stored),
        );
        return accepted({ ...state, plots }, [
          { type: 'plotted', side, unit: action.unit, plot: stored },
        ]);
      }
      case 'clearPlot': {
        const info = ctx.units.get(action.unit);
        if (!info) return invalid(`there is no unit ${action.unit}`);
        if (state.done.includes(info.side))
          return invalid('this side has finished plotting', 'TC-3');
        const mine = dict(state.plots[info.side] ?? {});
        if (!mine[action.unit]) return invalid(`${info.name} has no plot to clear`);
        delete mine[action.unit];
        return accepted({ ...state, plots: withEntry(state.plots, info.side, mine) }, [
          { type: 'plotCleared', side: info.side, unit: action.unit },
        ]);
      }
      case 'endPlot': {
        if (!ctx.sides.includes(action.side)) return invalid(`there is no side ${action.side}`);
        if (state.done.includes(action.side))
          return invalid(`${ctx.sideNames.get(action.side)} has already finished plotting`, 'TC-3');
        const done = [...state.done, action.side];
        const ev: TankEvent[] = [{ type: 'plotsDone', side: action.side }];
        if (done.length < ctx.sides.length) return accepted({ ...state, done }, ev);
        const r = resolveTurn(ctx, { ...state, done });
        return accepted(r.state, [...ev, ...r.events]);
      }
      default:
        return invalid(`unknown action ${(action as { type: string }).type}`);
    }
  };
}
