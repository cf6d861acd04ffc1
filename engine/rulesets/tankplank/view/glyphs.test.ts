import { describe, expect, test } from 'vitest';
import { fixtureScenario } from '../rules/fixtures';
import { tankplankPlaytest } from '..';

describe('counter glyphs', () => {
  test('a Rifleman and a Radioman carry different letters, every type its own', () => {
    const tp = tankplankPlaytest(
      fixtureScenario({
        title: 'glyphs',
        features: [],
        units: [
          { side: 'a', formation: 'a.sq', id: 'r1', type: 'tp.rifleman', at: [5, 5] },
          { side: 'a', formation: 'a.sq', id: 'r2', type: 'tp.rifleman', at: [6, 5] },
          { side: 'a', formation: 'a.sq', id: 'rad', type: 'tp.radioman', at: [7, 5] },
          { side: 'b', formation: 'b.t', id: 't', type: 'tp.mediumTank', at: [20, 5] },
        ],
      }),
    );
    const counters = tp.counters(tp.game.newGame({ seed: 1 }), null);
    const glyph = (id: string) => counters.find((c) => c.id === id)!.glyph;
    expect(glyph('r1')).toBe(glyph('r2'));
    expect(glyph('r1')).not.toBe(glyph('rad'));
    expect(glyph('t')).toBe('MT');
  });
});
