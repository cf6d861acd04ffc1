import { describe, expect, test } from 'vitest';
import type { ScenarioDoc } from '../../../format';
import { bundledScenario } from '../../../../scripts/testing/bundled';
import { tablePoint } from '../../../geometry/units';
import { replay } from '../../../game/replay';
import { createContext } from './context';
import { fixtureScenario, type FixtureUnit } from './fixtures';
import { regroupPoint } from './forcedMoves';
import { RULE_READINGS } from './interpretations';
import { newGame } from './setup';
import { testReducer, type TestAction } from './testing';
import { shapeContains } from './zones';

// The two readings of RULE_READINGS (interpretations.ts): an empty vehicle is no troops (TP-3.3)
// and crews regroup on their entry edge outside every objective (TP-16.2).

const objectives: ScenarioDoc['objectives'] = [
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
  {
    id: 'obj-b',
    kind: 'holdZone',
    owner: 'b',
    holdTurns: 3,
    area: { shape: 'rect', x: 0, y: 8, width: 6, height: 10 },
  },
];

const endPhase: TestAction[] = [
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
];
const endTurn: TestAction[] = [...endPhase, ...endPhase];

const holders: FixtureUnit[] = [
  {
    side: 'a',
    formation: 'a.sq',
    id: 'radio',
    type: 'tp.radioman',
    role: 'radioman',
    at: [31, 12.5],
  },
  { side: 'a', formation: 'a.sq', id: 'r1', type: 'tp.rifleman', role: 'rifleman', at: [31, 12] },
  // Side B keeps a man on the table far away, so the game does not end on a wipe-out.
  { side: 'b', formation: 'b.sq', id: 'e', type: 'tp.rifleman', role: 'rifleman', at: [3, 2] },
];

function heldAfterOneTurn(units: FixtureUnit[]): number[] {
  const ctx = createContext(fixtureScenario({ title: 'hold', units, objectives }));
  const r = replay(testReducer(ctx), newGame(ctx, { seed: 1 }), endTurn);
  expect(r.refused).toEqual([]);
  return r.events
    .map((e) => e.event)
    .filter((e) => e.type === 'ObjectiveHeld' && e.side === 'a')
    .map((e) => (e as { turns: number }).turns);
}

describe('TP-3.3 reading: a vehicle with nobody aboard is no enemy troops', () => {
  const truck = (extra: FixtureUnit['extra']): FixtureUnit => ({
    side: 'b',
    formation: 'b.trucks',
    id: 'truck',
    type: 'tp.truck',
    at: [33, 14],
    facing: 180,
    extra,
  });

  test('an enemy truck left empty (no crew, no riders) in the objective does not stop the hold', () => {
    expect(heldAfterOneTurn([...holders, truck({ crew: [] })])).toEqual([1]);
  });

  test('an enemy truck with its driver still aboard is troops and stops it', () => {
    expect(heldAfterOneTurn([...holders, truck(undefined)])).toEqual([]);
  });

  test('an empty truck with a rider aboard is troops again', () => {
    const rider: FixtureUnit = {
      side: 'b',
      formation: 'b.sq',
      id: 'rider',
      type: 'tp.rifleman',
      role: 'rifleman',
    };
    const loaded = { ...truck({ crew: [] }), passengers: ['rider'] };
    expect(heldAfterOneTurn([...holders, loaded, rider])).toEqual([]);
  });

  test('the reading is written down with its rule id', () => {
    expect(RULE_READINGS.map((r) => r.ruleId)).toEqual(['TP-3.3', 'TP-16.2']);
  });
});

describe('TP-16.2 reading: crews regroup on their entry edge, outside every objective', () => {
  test('where the middle of each entry edge lies in the enemy objective (the village with its objectives on the farms): the point is beside it', () => {
    const ctx = villageOnTheFarms();
    const a = regroupPoint(ctx, 'a')!;
    const b = regroupPoint(ctx, 'b')!;
    expect(a.x).toBeCloseTo(0.5);
    expect(b.x).toBeCloseTo(35.5);
    // Objectives span y 8-18 along both edges: the nearest clear point to y 12 is north of them.
    expect(a.y).toBeCloseTo(7.4, 1);
    expect(b.y).toBeCloseTo(7.4, 1);
    for (const o of ctx.objectives)
      for (const p of [a, b]) expect(shapeContains(o.area!, p, ctx.map)).toBe(false);
  });

  test('a crew beyond the far end of the objective regroups on that side, not across it', () => {
    const ctx = villageOnTheFarms();
    expect(regroupPoint(ctx, 'b', tablePoint(33, 20))!.y).toBeCloseTo(18.6, 1);
    expect(regroupPoint(ctx, 'b', tablePoint(33, 14))!.y).toBeCloseTo(18.6, 1);
    expect(regroupPoint(ctx, 'b', tablePoint(33, 12))!.y).toBeCloseTo(7.4, 1);
  });

  test('on the village as bundled (objectives in the paddocks) the middle of each edge is clear', () => {
    const ctx = createContext(village());
    expect(regroupPoint(ctx, 'a')).toEqual(tablePoint(0.5, 12));
    expect(regroupPoint(ctx, 'b')).toEqual(tablePoint(35.5, 12));
  });

  test('without objectives on the edge they regroup at its middle', () => {
    const ctx = createContext(fixtureScenario({ title: 'none', units: holders }));
    expect(regroupPoint(ctx, 'b')).toEqual(tablePoint(35.5, 12));
  });

  test("the crew of a wreck walks to that point, not into side A's objective, and stays there", () => {
    const ctx = createContext(
      fixtureScenario({
        title: 'regroup',
        objectives,
        units: [
          {
            side: 'a',
            formation: 'a.t',
            id: 'gun',
            type: 'tp.mediumTank',
            at: [20, 12],
            facing: 0,
          },
          {
            side: 'b',
            formation: 'b.t',
            id: 'tgt',
            type: 'tp.armouredCar',
            at: [27, 12],
            facing: 180,
          },
          {
            side: 'b',
            formation: 'b.far',
            id: 'ac2',
            type: 'tp.armouredCar',
            at: [30, 22],
            facing: 180,
          },
        ],
      }),
    );
    const start = { ...newGame(ctx, { seed: 1 }), phase: 'firing' as const };
    const r = replay(testReducer(ctx), start, [
      // Hit, penetrate, three crew saves (5, 6, 6), then the unit's morale roll: it holds.
      { type: 'forceDice', rolls: [6, 6, 5, 6, 6, 1] },
      { type: 'fire', unit: 'gun', weapon: 'tp.tankGun', target: 'tgt', ammo: 'AP' },
      ...endPhase,
      ...endTurn,
      ...endTurn,
      ...endTurn,
      ...endTurn,
    ]);
    expect(r.refused).toEqual([]);
    const crew = r.state.units.list().filter((u) => u.id.startsWith('tgt.crew'));
    expect(crew.length).toBe(3);
    const goal = regroupPoint(ctx, 'b')!;
    for (const u of crew) {
      expect(u.alive).toBe(true);
      expect(Math.hypot(u.at![0] - goal.x, u.at![1] - goal.y)).toBeLessThan(0.3);
      expect(shapeContains(objectives[0]!.area!, tablePoint(u.at![0], u.at![1]), ctx.map)).toBe(
        false,
      );
    }
    // Once there, a crew stays: another turn moves none of them.
    const after = replay(testReducer(ctx), r.state, endTurn);
    expect(after.refused).toEqual([]);
    const moves = after.events
      .map((e) => e.event)
      .filter((e) => e.type === 'UnitMoved' && e.unit.startsWith('tgt.crew'));
    expect(moves).toEqual([]);
  });
});

/**
 * The village with both objectives on the farms in the middle of the edges (x 0-6 and 30-36,
 * y 8-18), where they lay before they moved to the paddocks: the middle of each entry edge falls
 * inside the enemy's objective.
 */
function villageOnTheFarms() {
  const doc = village();
  return createContext({
    ...doc,
    objectives: doc.objectives.map((o) => ({
      ...o,
      area: { shape: 'rect' as const, x: o.owner === 'a' ? 30 : 0, y: 8, width: 6, height: 10 },
    })),
  });
}

/** The bundled village. */
function village(): ScenarioDoc {
  return bundledScenario('tankplank-village');
}
