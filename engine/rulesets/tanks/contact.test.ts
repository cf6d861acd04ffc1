import { describe, expect, test } from 'vitest';
import { bundledScenario } from '../../../scripts/testing/bundled';
import { simulate } from '../../game/simulate';
import { TANKS_BUNDLED } from './catalogs';
import { vantageMap } from './contact';
import { makeTanksGame } from './game';
import { isRefused, planShot, type TanksEvent, type TanksState } from './rules';
import { sittingSide } from './testing';

const yourFirstGame = () => {
  const made = makeTanksGame(bundledScenario('tanks-your-first-game'), TANKS_BUNDLED);
  if (typeof made === 'string') throw new Error(made);
  return made;
};

const BRIEF = { brief: true } as const;

describe('vantage spots (TK-5.2: a turret sees past a corner that hides the enemy turret)', () => {
  test("Your First Game: the T-64 has spots east of the Cottage's line where it could shoot the M1 at its start and the M1 could not shoot it", () => {
    const { ctx, game } = yourFirstGame();
    const state = game.newGame({ seed: 1 });
    const map = vantageMap(ctx, state, 'sov.t64');
    expect(map.reachable).toBe(true);
    const m1 = state.models['usa.m1']!.at!;
    let tried = 0;
    for (let y = 0.75; y < 36; y += 1.5)
      for (let x = 0.75; x < 36; x += 1.5) {
        if (map.distance([x, y]) !== 0) continue;
        tried++;
        const facing = (Math.atan2(m1[1] - y, m1[0] - x) * 180) / Math.PI;
        const there: TanksState = {
          ...state,
          models: {
            ...state.models,
            'sov.t64': { ...state.models['sov.t64']!, at: [x, y], facing },
          },
        };
        expect(isRefused(planShot(ctx, there, 'sov.t64', 'usa.m1', 'gun', false, BRIEF))).toBe(
          false,
        );
        expect(isRefused(planShot(ctx, there, 'usa.m1', 'sov.t64', 'gun', false, BRIEF))).toBe(
          true,
        );
      }
    expect(tried).toBeGreaterThan(0);
  });

  test('the T-64 goes to one against an M1 that sits still and shoots from where it cannot be shot', () => {
    const { ctx, game } = yourFirstGame();
    let safeShots = 0;
    simulate(game, {
      seed: 3,
      record: false,
      turnLimit: 6,
      players: { sov: { kind: 'bot', style: 'balanced' }, usa: sittingSide(game) },
      observe: (state: TanksState, _n: number, events: readonly TanksEvent[]) => {
        for (const e of events) {
          if (e.type !== 'AttackRolled' || e.unit !== 'sov.t64') continue;
          if (isRefused(planShot(ctx, state, 'usa.m1', 'sov.t64', 'gun', false, BRIEF)))
            safeShots++;
        }
      },
    });
    expect(safeShots).toBeGreaterThan(0);
  });
});
