import { describe, expect, test } from 'vitest';
import type { TankplankAction, TankplankState } from '../rules';
import { fixtureScenario } from '../rules/fixtures';
import { straightCreek as creek } from '../rules/testing';
import { tankplankPlaytest } from '..';

const scenario = fixtureScenario({
  title: 'boats',
  features: [creek],
  units: [
    { side: 'a', formation: 'a.boats', id: 'b1', type: 'tp.assaultBoat', at: [16.2, 10] },
    {
      side: 'a',
      formation: 'a.sq',
      id: 'm1',
      type: 'tp.rifleman',
      role: 'rifleman',
      at: [15.5, 10],
    },
    { side: 'b', formation: 'b.sq', id: 'e1', type: 'tp.rifleman', role: 'rifleman', at: [30, 10] },
  ],
});

describe('playtest commands and log for boats (TP-5.3, TP-G7)', () => {
  test('"Board boat" then "Cross in boat", each with its log line', () => {
    const rs = tankplankPlaytest(scenario);
    const s0 = rs.game.newGame({ seed: 1 });
    const board = rs.commands(s0, 'm1').find((c) => c.id === 'board:b1');
    expect(board?.label).toMatch(/^Board boat /);
    expect(board?.action).toEqual({ type: 'boardBoat', unit: 'm1', boat: 'b1' });
    const r = rs.game.reduce(s0, board!.action as TankplankAction);
    if (!r.ok) throw new Error(r.reason);
    const line = rs.describe(r.events[0]!, r.state)[0]!;
    expect(line).toMatchObject({ tone: 'move', ruleIds: ['TP-5.3'], units: ['m1'] });
    expect(line.text).toMatch(/boards boat/);
    // Boarding used the whole move: crossing is offered but refused, with the rule.
    const cross = rs.commands(r.state, 'm1').find((c) => c.id === 'cross:b1');
    expect(cross).toMatchObject({ action: undefined, ruleId: 'TP-5.3' });
    expect(cross?.label).toMatch(/^Cross in boat /);
    let s: TankplankState = r.state;
    for (const side of ['a', 'b', 'a', 'b']) {
      const e = rs.game.reduce(s, { type: 'endPhase', side });
      if (!e.ok) throw new Error(e.reason);
      s = e.state;
    }
    const go = rs.commands(s, 'm1').find((c) => c.id === 'cross:b1');
    expect(go?.action).toEqual({ type: 'crossInBoat', unit: 'm1' });
    const crossed = rs.game.reduce(s, go!.action as TankplankAction);
    if (!crossed.ok) throw new Error(crossed.reason);
    expect(rs.describe(crossed.events[0]!, crossed.state)[0]!.text).toMatch(/crosses the creek/);
  });
});

describe('the score counts troops, not things (TP-16.8, TP-G7)', () => {
  test('a boat is not one of the units in play', () => {
    const rs = tankplankPlaytest(scenario);
    const line = rs.score(rs.game.newGame({ seed: 1 })).find((l) => l.side === 'a')!;
    // Side A has a rifleman and a boat: one unit of troops.
    expect(line.value).toMatch(/^1\/1 units in play/);
  });
});
