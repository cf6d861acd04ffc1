import type { ScenarioDoc } from '../../format';
import { defineGame, type SideSpec } from '../../game/defineGame';
import type { GameDef } from '../../game/gameDef';
import { tankAimedActions } from './aims';
import { tankBotTurn } from './bot';
import { tankDeterminize } from './determinize';
import { tankLegalActions, tankSampleAction } from './legal';
import { createTankContext, type TankContext } from './rules/context';
import { newTankGame, tankReducer } from './rules/reducer';
import { holdTest } from './rules/resolve';
import { tankScore } from './score';
import type { TankEvent } from './rules/state';
import {
  rulesState,
  steppedReducer,
  TANK_PLAY_ACTIONS,
  type TankPlayAction,
  type TankPlayState,
} from './steps';

export type TankGame = GameDef<TankPlayState, TankPlayAction, TankEvent>;

/** Counter colours of the two sides, by side order, for a scenario that sets none. */
const TANK_COLOURS = ['#5d6470', '#8a3a2e'];

const EDGE_WORDS: Record<string, string> = {
  west: 'from the west edge',
  east: 'from the east edge',
  north: 'from the north edge',
  south: 'from the south edge',
};

/** TANK! as a headless game: plotted simultaneous turns, the bot, the dice lens. */
export function tankGame(ctx: TankContext): TankGame {
  const reducer = steppedReducer(ctx, tankReducer(ctx));
  const sides: SideSpec[] = ctx.scenario.forces.sides.map((s) => ({
    id: s.id,
    name: s.name,
    colour: s.colour,
    deployment: `placed by the scenario${ctx.entryEdge.get(s.id) ? `, ${EDGE_WORDS[ctx.entryEdge.get(s.id)!]}` : ''}`,
  }));
  return defineGame<TankPlayState, TankPlayAction, TankEvent>({
    rulesetId: ctx.scenario.ruleset.id,
    sides,
    palette: TANK_COLOURS,
    newGame: (o) => newTankGame(ctx, o.seed, o.turnLimit),
    rules: reducer,
    actions: TANK_PLAY_ACTIONS,
    // While a turn resolves step by step, the person who asked for the steps plays them.
    status: (state) => ({
      turn: state.turn,
      phase: state.resolving ? 'resolve' : state.phase,
      waitingFor:
        state.phase === 'over'
          ? []
          : state.resolving
            ? [state.resolving.by]
            : ctx.sides.filter((s) => !state.done.includes(s)),
      over: state.phase === 'over',
    }),
    result: (state) =>
      state.result ? { winner: state.result.winner, text: state.result.text } : undefined,
    // Plots are secret until they resolve (hot-seat: each side sees its own); indirect fire on an
    // unspotted unit is resolved by its owner, who alone learns what it did (TC-7.2).
    eventVisible(event, viewer, state) {
      if (viewer === null) return true;
      if (event.type === 'plotted' || event.type === 'plotCleared') return event.side === viewer;
      // A mortar call is a plot until its fire lands (TC-4.4); a shot that could not be fired is
      // never seen by its target's side.
      if (event.type === 'mortarCalled') return event.side === viewer;
      if (event.type === 'noFire') return ctx.units.get(event.unit)?.side === viewer;
      if (event.type === 'noMount' || event.type === 'fallback')
        return ctx.units.get(event.unit)?.side === viewer;
      if (event.type === 'indirectResult')
        return event.side === viewer || state.units[event.unit]?.spotted === true;
      if (event.type === 'marked' || event.type === 'cohesion')
        return ctx.units.get(event.unit)?.side === viewer;
      return true;
    },
    actionSide: (state, action) =>
      action.type === 'endPlot'
        ? action.side
        : action.type === 'resolve'
          ? state.resolving?.by
          : ctx.units.get(action.unit)?.side,
    // Ending the phase while a turn resolves step by step plays the steps left.
    endPhaseAction: (state, side) =>
      state.resolving ? { type: 'resolve', all: true } : { type: 'endPlot', side },
    bot: (state, side, style) => {
      if (!state.resolving) return tankBotTurn(ctx, rulesState(state), side, style);
      const r = reducer(state, { type: 'resolve', all: true });
      return r.ok
        ? { actions: [{ type: 'resolve', all: true }], state: r.state, events: r.events }
        : { actions: [], state, events: [] };
    },
    determinize: tankDeterminize(ctx),
    aimedActions: (state, side) =>
      state.resolving ? [] : tankAimedActions(ctx, rulesState(state), side),
    legalActions: (state, side) => tankLegalActions(ctx, reducer, state, side),
    score: tankScore(ctx),
    sampleAction: (state, side, rng) => tankSampleAction(ctx, reducer, state, side, rng),
    // A unit destroyed or eliminated by fire counts at every unit that fired at it together (a
    // combined attack, TC-4), and at the overrunning unit.
    kills: () => ({
      killsIn: (events) =>
        events.flatMap((e) => {
          if (e.type === 'fire' && (e.result === 'destroyed' || e.result === 'eliminated'))
            return e.firers.map((killer) => ({ killer, victim: e.target }));
          if (e.type === 'overrun' && (e.result === 'destroyed' || e.result === 'eliminated'))
            return [{ killer: e.unit, victim: e.target }];
          return [];
        }),
    }),
    pieces: (state) =>
      ctx.order.map((id) => {
        const u = state.units[id]!;
        const i = ctx.units.get(id)!;
        return {
          id,
          side: i.side,
          type: i.type,
          at: u.at ? [u.at.col, u.at.row] : null,
          alive: u.alive && !i.dummy,
          name: i.name,
        };
      }),
    // The scenario's hold objective (victory comes from the scenario, TC-G9): held while its count
    // of turns held runs; what its side lacks is judged on where the units stand now (at a game's
    // end: after the last turn's resolution).
    objectives: (state) => {
      const hold = ctx.hold;
      if (!hold) return [];
      const test = holdTest(ctx, state.units);
      const lacking =
        test && !test.holds
          ? test.lacking
          : state.held < hold.turns
            ? `held ${state.held} of ${hold.turns} turns`
            : undefined;
      return [
        {
          id: hold.id,
          name: hold.name,
          holder: state.held > 0 ? hold.side : null,
          ...(lacking ? { lacking } : {}),
        },
      ];
    },
  });
}

/** A TANK! scenario's context and game, or why it cannot be played. */
export function makeTankGame(scenario: ScenarioDoc): { ctx: TankContext; game: TankGame } | string {
  const ctx = createTankContext(scenario);
  if (typeof ctx === 'string') return ctx;
  return { ctx, game: tankGame(ctx) };
}
