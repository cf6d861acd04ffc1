import { describe, expect, it } from 'vitest';
import type { ScenarioDoc } from '../../format';
import { valueFor } from '../../game/score';
import wire from '../../../scenarios/ww1-wire.scenario.json';
import { WW1_BUNDLED } from './catalogs';
import { makeWw1Game } from './game';
import type { Ww1State } from './rules/turn';

const made = () => {
  const m = makeWw1Game(wire as unknown as ScenarioDoc, WW1_BUNDLED);
  if (typeof m === 'string') throw new Error(m);
  return m.game;
};

describe('WWI standing: the chance to win the medal race', () => {
  const game = made();
  const start = game.newGame({ seed: 1 });
  /** The start with some German units' figures set, the rest as set up. */
  const hurt = (figures: Readonly<Record<string, number>>, kills = 0): Ww1State => {
    const units = { ...start.units };
    for (const [id, f] of Object.entries(figures)) units[id] = { ...units[id]!, figures: f };
    return { ...start, units, kills: { ...start.kills, british: kills } };
  };

  it('is even at the start and the two sides sum to one', () => {
    expect(game.score!(start)).toEqual({ british: 0.5, german: 0.5 });
    const s = game.score!(hurt({ 'german.inf1': 2 }));
    expect(s.british! + s.german!).toBeCloseTo(1, 12);
  });

  it('counts a unit near its end for more than the same figures lost over several units', () => {
    // Three figures of one company (one left) against one figure each of three companies.
    const nearEnd = game.score!(hurt({ 'german.inf1': 1 })).british!;
    const spread = game.score!(
      hurt({ 'german.inf1': 3, 'german.inf2': 3, 'german.inf3': 3 }),
    ).british!;
    expect(nearEnd).toBeGreaterThan(spread);
    expect(spread).toBeGreaterThan(0.5);
  });

  it('reads a medal lead as a race: it decides more near the end than at the start', () => {
    // 1 medal to 0: about seven in ten (the search sees it so).
    const ahead = hurt({}, 1);
    expect(valueFor(game, ahead, 'british')).toBeGreaterThan(0.65);
    expect(valueFor(game, ahead, 'british')).toBeLessThan(0.75);
    expect(valueFor(game, ahead, 'german')).toBeCloseTo(1 - valueFor(game, ahead, 'british'), 12);
    // 4 medals to 3, one short of the five to win: more.
    const late = { ...hurt({}, 4), kills: { british: 4, german: 3 } };
    expect(valueFor(game, late, 'british')).toBeGreaterThan(valueFor(game, ahead, 'british') + 0.1);
    expect(valueFor(game, late, 'british')).toBeLessThan(0.9);
  });
});
