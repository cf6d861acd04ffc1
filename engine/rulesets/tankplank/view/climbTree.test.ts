import { describe, expect, test } from 'vitest';
import type { TankplankAction, TankplankState } from '../rules';
import { fixtureScenario } from '../rules/fixtures';
import { tankplankPlaytest } from '..';

const scenario = fixtureScenario({
  title: 'an oak',
  features: [{ id: 'oak', kind: 'tree', x: 10, y: 6, canopyRadius: 1.5 }],
  units: [
    { side: 'a', formation: 'a.sq', id: 'u', type: 'tp.rifleman', role: 'rifleman', at: [10.3, 6] },
    { side: 'a', formation: 'a.sq', id: 'o', type: 'tp.rifleman', role: 'rifleman', at: [4, 18] },
    { side: 'b', formation: 'b.t', id: 'tank', type: 'tp.mediumTank', at: [30, 12], facing: 180 },
  ],
});

describe('the unit panel offers climbing a tree (TP-5.3)', () => {
  const tp = tankplankPlaytest(scenario);
  const start = tp.game.newGame({ seed: 1 }) as TankplankState;

  test('a man under a tree may climb it, a man in the open is not offered it', () => {
    const up = tp.commands(start, 'u').find((c) => c.id === 'climb:tree');
    expect(up).toMatchObject({ label: 'Climb the tree', action: { type: 'climb', to: 'tree' } });
    expect(tp.commands(start, 'o').some((c) => c.id === 'climb:tree')).toBe(false);
    const r = tp.game.reduce(start, up!.action as TankplankAction);
    if (!r.ok) throw new Error(r.reason);
    const s = r.state as TankplankState;
    expect(s.units.get('u')!.level).toBe('tree');
    // Up there, the panel offers the way down (it needs a move left: a climb takes a whole one).
    const down = tp.commands(s, 'u').find((c) => c.id === 'climb:ground');
    expect(down?.label).toBe('Climb down the tree');
    expect(down?.action).toBeUndefined();
    expect(down?.disabledReason).toMatch(/full move/);
  });
});
