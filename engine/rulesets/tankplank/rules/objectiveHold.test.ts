import { describe, expect, test } from 'vitest';
import { replay } from '../../../game/replay';
import { createContext } from './context';
import { fixtureScenario, type FixtureUnit } from './fixtures';
import { newGame } from './setup';
import { testReducer, type TestAction } from './testing';
import { tankplankGame } from '../game';

// Seed 000 L100: "To win, a player must take his objective and hold it for 3 turns. He must place
// infantry troops in it with a radioman, and must keep enemy troops out." (TP-3.3). The radioman
// comes with the infantry; on his own he holds nothing.

const a = (id: string, type: string, role: string, at: [number, number]): FixtureUnit => ({
  side: 'a',
  formation: id.startsWith('hmg') ? 'a.hmg' : 'a.sq',
  id,
  type,
  role,
  at,
});
const radioman = a('radio', 'tp.radioman', 'radioman', [31, 12.5]);
const rifleman = a('r1', 'tp.rifleman', 'rifleman', [31, 12]);
const hmgMan = a('hmg1', 'tp.hmgCrew', 'hmgCrew', [31, 12]);
const enemy: FixtureUnit = {
  side: 'b',
  formation: 'b.sq',
  id: 'e',
  type: 'tp.rifleman',
  role: 'rifleman',
  at: [3, 2],
};
const endTurn: TestAction[] = [
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
];

/** The context of a game with these men on the table and side A's objective in the east. */
function holdContext(units: FixtureUnit[]) {
  return createContext(
    fixtureScenario({
      title: 'hold',
      units: [...units, enemy],
      objectives: [
        {
          id: 'obj-a',
          kind: 'holdZone',
          owner: 'a',
          holdTurns: 3,
          area: { shape: 'rect', x: 30, y: 8, width: 6, height: 10 },
          holders: {
            classes: ['infantry'],
            excludeEnemy: true,
            requiredRoles: [{ role: 'radioman', min: 1 }],
          },
        },
      ],
    }),
  );
}

/** End-of-turn holds counted after one turn with these men standing in side A's objective. */
function holdsAfterOneTurn(units: FixtureUnit[]): number[] {
  const ctx = holdContext(units);
  const r = replay(testReducer(ctx), newGame(ctx, { seed: 1 }), endTurn);
  expect(r.refused).toEqual([]);
  return r.events
    .map((e) => e.event)
    .filter((e) => e.type === 'ObjectiveHeld')
    .map((e) => (e as { turns: number }).turns);
}

describe('an abandoned gun is no enemy troops (TP-3.3, TP-16.8)', () => {
  // Side B's AT gun stands in side A's objective; its crew is dead or gone (TP-16.8: abandoned
  // heavy weapons stay on the table as pieces; TP-16.7: the enemy may even fire it).
  const gun: FixtureUnit = {
    side: 'b',
    formation: 'b.at',
    id: 'g',
    type: 'tp.atGun',
    role: 'gun',
    at: [30.5, 12],
  };
  const crewman = (at: [number, number]): FixtureUnit => ({
    side: 'b',
    formation: 'b.at',
    id: 'c1',
    type: 'tp.atCrew',
    role: 'atCrew',
    at,
  });

  test('with nobody to serve it, it does not keep side A from holding', () => {
    expect(holdsAfterOneTurn([radioman, rifleman, gun])).toEqual([1]);
  });

  test('a crewman beside it, even outside the objective, makes it troops again', () => {
    expect(holdsAfterOneTurn([radioman, rifleman, gun, crewman([29, 12])])).toEqual([]);
  });
});

describe('infantry with a radioman hold the objective; a radioman alone does not (TP-3.3)', () => {
  test('L100: a lone radioman in the objective does not hold it', () => {
    expect(holdsAfterOneTurn([radioman])).toEqual([]);
  });

  test('L100: a rifleman with the radioman holds it', () => {
    expect(holdsAfterOneTurn([radioman, rifleman])).toEqual([1]);
  });

  test('the objective names who holds it: an HMG team man is not of its holders (infantry)', () => {
    expect(holdsAfterOneTurn([radioman, hmgMan])).toEqual([]);
  });
});

describe('enemy troops keep the objective from being held; a dropped weapon does not (TP-3.3)', () => {
  const b = (id: string, type: string, at: [number, number]): FixtureUnit => ({
    side: 'b',
    formation: 'b.hw',
    id,
    type,
    at,
  });

  test('L100: an enemy rifleman in the objective stops the hold', () => {
    expect(holdsAfterOneTurn([radioman, rifleman, b('e2', 'tp.rifleman', [33, 14])])).toEqual([]);
  });

  test('TP-16.8: an enemy HMG dropped in the objective is no troops and does not stop it', () => {
    expect(holdsAfterOneTurn([radioman, rifleman, b('piece', 'tp.piece.hmg', [33, 14])])).toEqual([
      1,
    ]);
  });
});

describe('what side A lacks to win by its objective, for the balance lab', () => {
  /** What the game says side A lacks at the start and after one turn with these men. */
  function lacking(units: FixtureUnit[]): { start?: string; afterATurn?: string } {
    const ctx = holdContext(units);
    const game = tankplankGame(ctx);
    const start = newGame(ctx, { seed: 1 });
    const r = replay(testReducer(ctx), start, endTurn);
    const of = (state: typeof start) => game.objectives!(state).find((o) => o.id === 'obj-a');
    expect(of(start)?.holder).toBeNull();
    const start_ = of(start)?.lacking;
    const afterATurn = of(r.state)?.lacking;
    return {
      ...(start_ !== undefined ? { start: start_ } : {}),
      ...(afterATurn !== undefined ? { afterATurn } : {}),
    };
  }

  test('infantry with a radioman: nothing lacking but time, none and then one turn of three', () => {
    expect(lacking([radioman, rifleman])).toEqual({
      start: 'held 0 of 3 turns',
      afterATurn: 'held 1 of 3 turns',
    });
  });

  test('held for all three turns: nothing lacking, side A holds it and has won', () => {
    const ctx = holdContext([radioman, rifleman]);
    const r = replay(testReducer(ctx), newGame(ctx, { seed: 1 }), [
      ...endTurn,
      ...endTurn,
      ...endTurn,
    ]);
    expect(r.state.result?.winner).toBe('a');
    const o = tankplankGame(ctx).objectives!(r.state).find((x) => x.id === 'obj-a');
    expect(o).toEqual({ id: 'obj-a', name: 'obj-a', holder: 'a' });
  });

  test('an enemy rifleman in it: enemy troops', () => {
    const inside: FixtureUnit = { ...enemy, id: 'e2', at: [33, 14] };
    expect(lacking([radioman, rifleman, inside]).afterATurn).toBe('enemy troops in it');
  });

  test('nobody of side A in it: none of its infantry', () => {
    const outside = { ...rifleman, at: [20, 12] as [number, number] };
    expect(lacking([{ ...radioman, at: [20, 12.5] }, outside]).afterATurn).toBe(
      "none of the taker's infantry in it",
    );
  });

  test('the rifleman without his radioman: no radioman among them; a lone radioman: too few', () => {
    expect(lacking([{ ...radioman, at: [20, 12.5] }, rifleman]).afterATurn).toBe(
      "no radioman among the taker's men in it",
    );
    expect(lacking([radioman]).afterATurn).toBe("too few of the taker's men in it");
  });

  test('no radioman alive anywhere comes first: the objective can never be held', () => {
    const inside: FixtureUnit = { ...enemy, id: 'e2', at: [33, 14] };
    expect(lacking([rifleman, inside]).afterATurn).toBe('no radioman left');
  });
});
