import { describe, expect, test } from 'vitest';
import { botTurn } from '../bot';
import { sideToAct } from '../game';
import { testGame } from '../testing';
import { currentActor } from './order';
import { tanksView } from '../view';

/**
 * TK-6.12: a card (the Sharpshooters platoon card) lets the shooter turn each Critical it rolled
 * into two Hits. The game asks the shooter after the attack roll, before the defence roll; a side
 * that passes takes the policy's default, and the bot chooses the same way.
 */
const duel = () => {
  const g = testGame({
    models: [
      {
        id: 'a1',
        side: 'a',
        type: 'fx.tank',
        at: [18, 4],
        facing: 90,
        cards: [{ card: 'tanks.platoon.sharpshooters', hidden: false }],
      },
      { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 30], facing: 270 },
    ],
  });
  // Nobody moves; then the shooting goes round until a1 is the one to shoot.
  for (
    let k = 0;
    k < 8 && !(g.state.phase === 'shooting' && currentActor(g.ctx, g.state) === 'a1');
    k++
  )
    g.act({ type: 'endPhase', side: sideToAct(g.ctx, g.state)! });
  expect(g.state.phase).toBe('shooting');
  return g;
};

describe('a Critical may become two Hits (TK-6.12)', () => {
  test('the shooter is asked before the defence roll, and its choice counts', () => {
    const g = duel();
    // Attack 4: 6, 6, 5, 4 (no failed die, so nothing is re-rolled); then the defence: 2 dice.
    g.dice(6, 6, 5, 4, 1, 2);
    const shot = g.act({ type: 'shoot', unit: 'a1', target: 'b1', weapon: 'gun' });
    expect(shot.map((e) => e.type)).toEqual(['AttackRolled']);
    expect(g.state.pending?.split?.eligible).toBe(2);
    expect(g.refuse({ type: 'cancel', side: 'b', criticals: 0 })).toMatch(/TK-6\.12/);
    expect(g.refuse({ type: 'split', side: 'b', criticals: 1 })).toMatch(
      /American|a's choice|choice/,
    );
    expect(g.refuse({ type: 'split', side: 'a', criticals: 3 })).toMatch(/choose 0 to 2, not 3/);
    const rest = g.act({ type: 'split', side: 'a', criticals: 1 });
    expect(rest[0]).toMatchObject({
      type: 'CriticalsSplit',
      criticals: 1,
      of: 2,
      hits: 4,
      left: 1,
    });
    expect(rest[1]).toMatchObject({ type: 'DefenceRolled', rolls: [1, 2] });
    expect(g.state.pending).toBeNull();
    // Nothing cancelled: 4 Hits and 1 Critical reach the target.
    expect(g.state.models['b1']!.damage).toBeGreaterThanOrEqual(4);
  });

  test('ending the turn takes the default, and the bot answers the prompt itself', () => {
    const g = duel();
    g.dice(6, 5, 5, 4, 1, 2);
    g.act({ type: 'shoot', unit: 'a1', target: 'b1', weapon: 'gun' });
    const passed = g.act({ type: 'endPhase', side: 'a' });
    expect(passed[0]).toMatchObject({ type: 'CriticalsSplit', of: 1, chosen: false });

    const h = duel();
    h.dice(6, 5, 5, 4, 1, 2);
    h.act({ type: 'shoot', unit: 'a1', target: 'b1', weapon: 'gun' });
    const bot = botTurn(h.ctx, h.state, 'a');
    expect(bot.actions[0]).toMatchObject({ type: 'split', side: 'a' });
  });

  test('the playtest offers each choice as a command of the shooter', () => {
    const g = duel();
    g.dice(6, 6, 5, 4, 1, 2);
    g.act({ type: 'shoot', unit: 'a1', target: 'b1', weapon: 'gun' });
    const view = tanksView(g.ctx, g.game);
    expect(view.phase(g.state).phaseLabel).toBe('Criticals or Hits');
    expect(view.commands(g.state, 'a1').map((c) => c.label)).toEqual([
      'Turn all 2 Criticals into two Hits each',
      'Turn 1 Critical into two Hits each',
      'Keep all 2 Criticals',
    ]);
    expect(view.commands(g.state, 'b1')).toEqual([]);
  });
});
