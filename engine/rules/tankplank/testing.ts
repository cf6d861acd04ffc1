import type { Feature } from '../../format';
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
  const state = newGame(ctx, { seed: opts.seed ?? 1, allowForcedDice: true });
  return { ctx, state: opts.phase === 'firing' ? { ...state, phase: 'firing' } : state };
}
