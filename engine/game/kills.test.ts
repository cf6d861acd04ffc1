import { describe, expect, test } from 'vitest';
import { lastAttackKills } from './kills';

type E =
  | { readonly type: 'attack'; readonly by: string; readonly at: string }
  | { readonly type: 'gone'; readonly unit: string };

const counter = () =>
  lastAttackKills<E>(
    (e) => (e.type === 'attack' ? { killer: e.by, victim: e.at } : undefined),
    (e) => (e.type === 'gone' ? e.unit : undefined),
  );

describe('kills from attacks and removals', () => {
  test('the last attacker before a piece is gone is its killer, across side turns', () => {
    const kills = counter();
    expect(
      kills.killsIn([
        { type: 'attack', by: 'a1', at: 'b1' },
        { type: 'attack', by: 'a2', at: 'b1' },
        { type: 'attack', by: 'a1', at: 'b2' },
      ]),
    ).toEqual([]);
    // Removed at the end of the round, a side turn later.
    expect(kills.killsIn([{ type: 'gone', unit: 'b1' }])).toEqual([{ killer: 'a2', victim: 'b1' }]);
    expect(kills.killsIn([{ type: 'gone', unit: 'b2' }])).toEqual([{ killer: 'a1', victim: 'b2' }]);
  });

  test('a piece gone without an attack on it counts for nobody, and a kill counts once', () => {
    const kills = counter();
    expect(kills.killsIn([{ type: 'gone', unit: 'b1' }])).toEqual([]);
    kills.killsIn([
      { type: 'attack', by: 'a1', at: 'b2' },
      { type: 'gone', unit: 'b2' },
    ]);
    expect(kills.killsIn([{ type: 'gone', unit: 'b2' }])).toEqual([]);
    // Each game has its own counter: nothing is carried over.
    expect(counter().killsIn([{ type: 'gone', unit: 'b2' }])).toEqual([]);
  });
});
