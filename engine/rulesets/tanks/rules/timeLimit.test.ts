import { describe, expect, test } from 'vitest';
import { testGame } from '../testing';
import { tanksView } from '../view';

/** TK-G8: a game played to a time limit ends when the clock runs out, scored as a time-out. */
describe('the time limit (TK-G8)', () => {
  const game = () =>
    testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 30], facing: 270 },
      ],
    });

  test('the playtest offers one clock for the whole game, of the catalog time limit', () => {
    const g = game();
    expect(tanksView(g.ctx, g.game).clock(g.state)).toEqual({
      seconds: 60 * 60,
      ruleId: 'TK-G8',
      onTimeUp: expect.stringMatching(/game ends at once/),
      scope: 'game',
    });
  });

  test('time up ends the game at once, whoever was to act, with the time-out result', () => {
    const g = game();
    // Side a has destroyed more points: it wins on time.
    g.state = { ...g.state, destroyedPoints: { a: 12, b: 0 } };
    const events = g.act({ type: 'endPhase', side: 'b', timeUp: true });
    expect(events).toEqual([
      {
        type: 'GameEnded',
        winner: 'a',
        reason: expect.stringMatching(/^the 60-minute time limit ran out: .*destroyed more points/),
        ruleId: 'TK-G8',
      },
    ]);
    expect(g.state.phase).toBe('ended');
    expect(tanksView(g.ctx, g.game).clock(g.state)).toBeUndefined();
  });
});
