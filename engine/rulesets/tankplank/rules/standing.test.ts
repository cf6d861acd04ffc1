import { describe, expect, test } from 'vitest';
import village from '../../../../scenarios/tankplank-village.scenario.json';
import type { ScenarioDoc } from '../../../format';
import { playtestFor } from '../../../playtest/rulesets';
import { currentState, startGame } from '../../../playtest/session';
import { BUNDLED_RULESETS } from '../../registry';

describe('a move may not leave a piece partly off the table', () => {
  test('a man entering stops with his whole base on the table', () => {
    const r = playtestFor(village as unknown as ScenarioDoc, BUNDLED_RULESETS);
    if (!r.ok) throw new Error(r.reason);
    const g = startGame(r.view, 1, { a: 'human', b: 'human' });
    const s = currentState(g);
    const onEdge = r.view.game.reduce(s, {
      type: 'move',
      unit: 'a.sq1.r1',
      path: [
        [0, 12],
        [0.05, 12],
      ],
    });
    expect(onEdge.ok).toBe(false);
    if (!onEdge.ok) expect(onEdge.reason).toMatch(/would stand partly off the table/);
    const inside = r.view.game.reduce(s, {
      type: 'move',
      unit: 'a.sq1.r1',
      path: [
        [0, 12],
        [1, 12],
      ],
    });
    expect(inside.ok).toBe(true);
  });
});
