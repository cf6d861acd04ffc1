import { describe, expect, test } from 'vitest';
import { replay } from '../../../game/replay';
import { createContext } from './context';
import { fixtureScenario, type FixtureUnit } from './fixtures';
import { newGame } from './setup';
import { testReducer, type TestAction } from './testing';

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

/** End-of-turn holds counted after one turn with these men standing in side A's objective. */
function holdsAfterOneTurn(units: FixtureUnit[]): number[] {
  const ctx = createContext(
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
