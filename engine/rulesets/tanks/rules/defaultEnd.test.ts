import { describe, expect, test } from 'vitest';
import { bundledScenario } from '../../../../scripts/testing/bundled';
import { simulate } from '../../../game/simulate';
import { TANKS_BUNDLED } from '../catalogs';
import { makeTanksGame } from '../game';
import { testGame } from '../testing';
import { tanksView } from '../view';

/** TK-G8: a scenario without a turn limit ends after the catalogs' default number of turns. */
describe('the default end of a game without a turn limit', () => {
  const duel = () =>
    testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 30], facing: 270 },
      ],
    });

  test('the status and the turn tracker say the game ends after the default turn', () => {
    const g = duel();
    expect(g.state.turnLimit).toBeUndefined();
    expect(g.game.status(g.state).turnLimit).toBe(10);
    // The turn tracker reads "Turn 1 of 10".
    expect(tanksView(g.ctx, g.game).phase(g.state).turnLimit).toBe(10);
  });

  test("a scenario's own turn limit stays the game's end", () => {
    const g = testGame({
      turnLimit: 4,
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 30], facing: 270 },
      ],
    });
    expect(g.game.status(g.state).turnLimit).toBe(4);
  });

  test('Your First Game ends after turn 10 when both tanks hold their fire, and the bots end it too', () => {
    const doc = bundledScenario('tanks-your-first-game');
    expect(doc.victory.turnLimit).toBeUndefined();
    const made = makeTanksGame(doc, TANKS_BUNDLED);
    if (typeof made === 'string') throw new Error(made);
    const game = made.game;
    let state = game.newGame({ seed: 1 });
    for (let guard = 0; guard < 500 && !game.status(state).over; guard++) {
      const side = game.status(state).waitingFor[0]!;
      const r = game.reduce(state, { type: 'endPhase', side });
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
    }
    expect(game.status(state)).toMatchObject({ over: true, turn: 10 });
    expect(game.result(state)!.text).toMatch(
      /^Draw: the default end after turn 10 \(the scenario sets no turn limit\)/,
    );
    for (const seed of [1, 2, 3, 4]) {
      const r = simulate(game, { seed, maxSideTurns: 400 });
      expect(r.stoppedBy, `seed ${seed}`).toBe('over');
      expect(game.status(r.state).turn).toBeLessThanOrEqual(10);
    }
  });

  test('the game ends after the last turn, scored by points destroyed', () => {
    const g = duel();
    // Both models pass every activation: nothing is destroyed, so the default end is a draw.
    for (let guard = 0; guard < 200 && g.state.phase !== 'ended'; guard++) {
      const acting = g.game.status(g.state).waitingFor[0]!;
      g.act({ type: 'endPhase', side: acting });
    }
    expect(g.state.phase).toBe('ended');
    expect(g.state.turn).toBe(10);
    expect(g.state.result).toMatchObject({
      winner: 'draw',
      reason: expect.stringMatching(
        /^the default end after turn 10 \(the scenario sets no turn limit\)/,
      ),
    });
  });
});
