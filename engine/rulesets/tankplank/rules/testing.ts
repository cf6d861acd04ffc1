import type { Feature } from '../../../format';
import { accepted, type Reducer } from '../../../game/reducer';
import { withForcedDice } from '../../../game/simulate';
import type { RngState } from '../../../random/dice';
import type { TankplankAction, TankplankEvent } from './actions';
import { tankplankReducer } from './reducer';
import { createContext, type TankplankContext } from './context';
import { fixtureScenario, type FixtureUnit } from './fixtures';
import { newGame } from './setup';
import type { TankplankState } from './state';

/**
 * A fixture game for tests and golden cases: context plus state, optionally already in the
 * Firing phase (for shots planned without moving first).
 */
export function fixtureGame(opts: {
  units: FixtureUnit[];
  features?: Feature[];
  options?: Record<string, boolean | number | string>;
  layers?: string[];
  phase?: 'movement' | 'firing';
  seed?: number;
  catalog?: Parameters<typeof fixtureScenario>[0]['catalog'];
}): { ctx: TankplankContext; state: TankplankState } {
  const scenario = fixtureScenario({
    title: 'fixture',
    units: opts.units,
    features: opts.features ?? [],
    ...(opts.options ? { options: opts.options } : {}),
    ...(opts.layers ? { layers: opts.layers } : {}),
    ...(opts.catalog ? { catalog: opts.catalog } : {}),
  });
  const ctx = createContext(scenario);
  const state = newGame(ctx, { seed: opts.seed ?? 1 });
  return { ctx, state: opts.phase === 'firing' ? { ...state, phase: 'firing' } : state };
}

/**
 * A creek 3" wide running north to south down x = 18, with no gully banks: its water reaches
 * x 16.5–19.5. Tanks and personnel carriers ford it for half a move; men and wheels may not.
 */
export const straightCreek: Feature = {
  id: 'creek',
  kind: 'creek',
  name: 'The creek',
  points: [
    [18, 0],
    [18, 24],
  ],
  width: 3,
  bedDepth: 1,
  fordableBy: ['tank', 'personnelCarrier'],
  fordCost: 0.5,
};

/**
 * Side A's light mortar team of two at `at` (the second man 0.6" south of it), set up before the
 * game, so mortar tests need no set-up turn.
 */
export function mortarTeam(at: readonly [number, number]): FixtureUnit[] {
  const man = (id: string, y: number, extra?: FixtureUnit['extra']): FixtureUnit => ({
    side: 'a',
    formation: 'a.mortar',
    id,
    type: 'tp.mortarCrew',
    role: 'mortarCrew',
    at: [at[0], y],
    facing: 0,
    ...(extra ? { extra } : {}),
  });
  return [man('m1', at[1], { 'x-setUp': true }), man('m2', at[1] + 0.6)];
}

/** The state with some figures moved up in their house (upper floor or roof) or a tree. */
export function withLevels(
  state: TankplankState,
  levels: Readonly<Record<string, 'upper' | 'roof' | 'tree'>>,
): TankplankState {
  return {
    ...state,
    units: state.units.withAll(
      Object.entries(levels).flatMap(([id, level]) => {
        const u = state.units.get(id);
        return u ? [[id, { ...u, level }] as const] : [];
      }),
    ),
  };
}

/** A test log entry: an action, or rolls to fix before the next ones. */
export type TestAction =
  TankplankAction | { readonly type: 'forceDice'; readonly rolls: readonly number[] };

/**
 * The reducer as tests drive it: `forceDice` entries fix the next rolls the way the headless
 * driver does (engine/game/simulate `withForcedDice`); the rules themselves have no such action.
 */
export function testReducer(
  ctx: TankplankContext,
): Reducer<TankplankState, TestAction, TankplankEvent> {
  const reduce = tankplankReducer(ctx);
  const dice = {
    dice: {
      get: (s: TankplankState) => s.rng,
      set: (s: TankplankState, rng: RngState) => ({ ...s, rng }),
    },
  };
  return (state, action) =>
    action.type === 'forceDice'
      ? accepted(withForcedDice(dice, state, action.rolls), [])
      : reduce(state, action);
}
