import { describe, expect, test } from 'vitest';
import { bundledScenario } from '../../../../scripts/testing/bundled';
import { TANKS_BUNDLED } from '../catalogs';
import { fixtureScenario } from '../fixtures';
import { makeTanksGame } from '../game';
import { checkVictory } from './victory';

const firstGame = () => {
  const made = makeTanksGame(bundledScenario('tanks-your-first-game'), TANKS_BUNDLED);
  if (typeof made === 'string') throw new Error(made);
  return made;
};

describe("the result says who won and what happened, once (#38 walk: 'Soviet wins: The Soviets win when …')", () => {
  test('a destroyed unit ends Your First Game: the line names it, not the condition', () => {
    const { ctx, game } = firstGame();
    const start = game.newGame({ seed: 1 });
    const m1 = start.models['usa.m1']!;
    const s = {
      ...start,
      models: { ...start.models, 'usa.m1': { ...m1, status: 'destroyed' as const } },
    };
    const v = checkVictory(ctx, s, undefined);
    expect(v?.winner).toBe('sov');
    expect(`Soviet wins: ${v?.reason}`).toBe('Soviet wins: the M1 Abrams was destroyed');
  });
  test('both destroyed in one Command phase: a draw naming both', () => {
    const { ctx, game } = firstGame();
    const start = game.newGame({ seed: 1 });
    const models = { ...start.models };
    for (const id of ['usa.m1', 'sov.t64'])
      models[id] = { ...models[id]!, status: 'destroyed' as const };
    const v = checkVictory(ctx, { ...start, models }, undefined);
    expect(v).toMatchObject({
      winner: 'draw',
      reason: 'the T-64 and the M1 Abrams were destroyed',
    });
  });
  test('TK-A4: with no condition met, a side with no tanks left loses, and the line says so once', () => {
    const made = makeTanksGame(
      fixtureScenario({
        models: [
          { id: 'a1', side: 'a', type: 'fx.tank', at: [10, 4] },
          { id: 'b1', side: 'b', type: 'fx.tank', at: [10, 30] },
        ],
      }),
      TANKS_BUNDLED,
    );
    if (typeof made === 'string') throw new Error(made);
    const start = made.game.newGame({ seed: 1 });
    const b1 = start.models['b1']!;
    const v = checkVictory(
      made.ctx,
      { ...start, models: { ...start.models, b1: { ...b1, status: 'destroyed' as const } } },
      undefined,
    );
    const b = made.ctx.sideNames.get('b')!;
    expect(v).toEqual({ winner: 'a', reason: `${b} has no tanks left`, ruleId: 'TK-7' });
  });
});
