import { describe, expect, it } from 'vitest';
import { bundledScenario } from '../../../scripts/testing/bundled';
import { searchTurn } from '../../game/bots/search';
import { actionRng } from '../../game/legal';
import { makeTankGame } from './game';

const made = () => {
  const m = makeTankGame(bundledScenario('tank-contour-hills'));
  if (typeof m === 'string') throw new Error(m);
  return m.game;
};

describe('TANK! determinize: the state as a side may believe it', () => {
  const game = made();
  const start = game.newGame({ seed: 4 });
  const [first, second] = game.status(start).waitingFor as [string, string];
  // The first side has plotted (in secret) and finished; the second is to plot.
  const plotted = (style: 'cautious' | 'aggressive') => game.bot(start, first, style).state;

  it('draws the other side`s secret plots anew and keeps everything the viewer sees', () => {
    const s = plotted('aggressive');
    expect(Object.keys(s.plots[first]!).length).toBeGreaterThan(0);
    const drawn = [1, 2, 3, 4, 5, 6].map((k) => game.determinize!(s, second, actionRng(k)));
    for (const d of drawn) {
      // What the viewer sees: units, turn, its own (empty) plots, the other side finished.
      expect(d.units).toEqual(s.units);
      expect(d.turn).toBe(s.turn);
      expect(d.rng).toEqual(s.rng);
      expect(d.plots[second]).toEqual(s.plots[second]);
      expect([...d.done].sort()).toEqual([...s.done].sort());
      expect(game.status(d).waitingFor).toEqual([second]);
    }
    // The hidden part is drawn: some draws plot otherwise than the side did.
    const plans = new Set(drawn.map((d) => JSON.stringify(d.plots[first])));
    expect(plans.size).toBeGreaterThan(1);
    expect([...plans].some((p) => p !== JSON.stringify(s.plots[first]))).toBe(true);
  });

  it('plots the hidden turn in the style the viewer believes the other side plays', () => {
    const s = plotted('cautious');
    for (const style of ['cautious', 'aggressive'] as const) {
      const d = game.determinize!(s, second, actionRng(3), style);
      expect(d.plots[first]).toEqual(plotted(style).plots[first]);
    }
  });

  it('leaves a state alone where the other side has not plotted', () => {
    expect(game.determinize!(start, first, actionRng(1))).toBe(start);
  });

  it('the search chooses the same turn whatever the other side plotted in secret', () => {
    const a = plotted('cautious');
    const b = plotted('aggressive');
    expect(game.hash(a)).not.toBe(game.hash(b));
    expect(a.rng).toEqual(b.rng);
    const one = searchTurn(game, a, second, { seed: 11, strength: 1 });
    const two = searchTurn(game, b, second, { seed: 11, strength: 1 });
    expect(one.actions.length).toBeGreaterThan(0);
    expect(two.actions).toEqual(one.actions);
    expect(two.explanation?.candidates).toEqual(one.explanation?.candidates);
  });
});
