import { describe, expect, test } from 'vitest';
import type { Feature } from '../../../format';
import { replay } from '../../../game/replay';
import type { TestAction } from './testing';
import { createContext } from './context';
import { planShot } from './fire';
import { fixtureScenario, type FixtureUnit } from './fixtures';
import { stateProblems } from './invariants';
import { testReducer } from './testing';
import { newGame } from './setup';
import { fixtureGame, straightCreek } from './testing';

const man = (
  side: 'a' | 'b',
  formation: string,
  id: string,
  at: [number, number],
  type = 'tp.rifleman',
  role = 'rifleman',
): FixtureUnit => ({
  side,
  formation,
  id,
  type,
  role,
  at,
  facing: side === 'a' ? 0 : 180,
});
const endPhase: TestAction[] = [
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
];

/** A tank at (5, 12) facing east and a carrier with two riders, p1 and p2, facing it. */
const carrierUnderFire = (
  formation: string,
  id: string,
  type: string,
  x: number,
): FixtureUnit[] => [
  { side: 'a', formation: 'a.tank', id: 'tank', type: 'tp.mediumTank', at: [5, 12], facing: 0 },
  { side: 'b', formation: 'b.sq', id: 'p1', type: 'tp.rifleman', role: 'rifleman' },
  { side: 'b', formation: 'b.sq', id: 'p2', type: 'tp.rifleman', role: 'rifleman' },
  { side: 'b', formation, id, type, at: [x, 12], facing: 180, passengers: ['p1', 'p2'] },
];
const halfTrackUnderFire = carrierUnderFire('b.ht', 'ht', 'tp.halfTrack', 18);

/** The tank destroys the half-track; every save is made: where each man bailed out. */
function destroyHalfTrack(
  ctx: ReturnType<typeof fixtureGame>['ctx'],
  state: ReturnType<typeof fixtureGame>['state'],
) {
  const r = replay(testReducer(ctx), state, [
    // Hit, penetrate; every save made; every morale test held.
    { type: 'forceDice', rolls: [6, 6, 6, 6, 6, 6, 1, 1, 1, 1] },
    { type: 'fire', unit: 'tank', weapon: 'tp.tankGun', target: 'ht', ammo: 'AP' },
    ...endPhase,
  ]);
  const out = r.events.flatMap((e) => (e.event.type === 'CrewBailedOut' ? [e.event] : []));
  expect(out.map((e) => e.unit)).toEqual(['p1', 'p2', 'ht.crew1', 'ht.crew2']);
  return { r, out };
}

describe('turn sequence (TP-4)', () => {
  test('movement, firing, morale, then the next turn with the sweep reversed', () => {
    const { ctx, state } = fixtureGame({
      units: [man('a', 'a.sq', 's', [5, 5]), man('b', 'b.sq', 't', [30, 5])],
    });
    const r = replay(testReducer(ctx), state, [...endPhase, ...endPhase]);
    expect(r.events.map((e) => e.event.type)).toEqual([
      'PhaseEnded',
      'PhaseEnded',
      'PhaseStarted',
      'PhaseEnded',
      'PhaseEnded',
      'PhaseStarted',
      'TurnStarted',
      'PhaseStarted',
    ]);
    expect(r.state).toMatchObject({ turn: 2, phase: 'movement', sweep: 'leftToRight' });
  });

  test('once firing has started nobody moves (TP-4.5)', () => {
    const { ctx, state } = fixtureGame({
      units: [man('a', 'a.sq', 's', [5, 5]), man('b', 'b.sq', 't', [30, 5])],
      phase: 'firing',
    });
    const r = testReducer(ctx)(state, { type: 'move', unit: 's', path: [[6, 5]] });
    expect(r).toMatchObject({ ok: false, ruleId: 'TP-4.5' });
  });

  test('a man hit this phase still fires; removal waits for the end of the phase (TP-4.6)', () => {
    const { ctx, state } = fixtureGame({
      units: [man('a', 'a.sq', 's', [5, 5]), man('b', 'b.sq', 't', [8, 5])],
      phase: 'firing',
    });
    const r = replay(testReducer(ctx), state, [
      { type: 'forceDice', rolls: [6, 6] },
      { type: 'fire', unit: 's', weapon: 'tp.rifle', target: 't' },
      { type: 'fire', unit: 't', weapon: 'tp.rifle', target: 's' },
      ...endPhase,
    ]);
    expect(r.refused).toEqual([]);
    const removed = r.events
      .filter((e) => e.event.type === 'CasualtyRemoved')
      .map((e) => (e.event as { unit: string }).unit);
    expect(removed.sort()).toEqual(['s', 't']);
  });

  test('units enter from their own edge only (TP-4.1)', () => {
    const scenario = fixtureScenario({
      title: 'entry',
      units: [{ side: 'a', formation: 'a.sq', id: 's', type: 'tp.rifleman', role: 'rifleman' }],
    });
    const ctx = createContext(scenario);
    const reduce = testReducer(ctx);
    const s0 = newGame(ctx, { seed: 1 });
    expect(
      reduce(s0, {
        type: 'move',
        unit: 's',
        path: [
          [36, 5],
          [34, 5],
        ],
      }),
    ).toMatchObject({ ok: false, ruleId: 'TP-4.1' });
    expect(
      reduce(s0, {
        type: 'move',
        unit: 's',
        path: [
          [0, 5],
          [3, 5],
        ],
      }).ok,
    ).toBe(true);
    expect(
      reduce(s0, {
        type: 'move',
        unit: 's',
        path: [
          [0, 5],
          [3.2, 5],
        ],
      }),
    ).toMatchObject({ ok: false });
  });
});

describe('crews, vehicles and passengers', () => {
  test('a weapon set up this turn may not fire until the next (TP-A28)', () => {
    const { ctx, state } = fixtureGame({
      units: [
        man('a', 'a.hmg', 'h1', [5, 5], 'tp.hmgCrew', 'hmgCrew'),
        man('a', 'a.hmg', 'h2', [5, 5.5], 'tp.hmgCrew', 'hmgCrew'),
        man('b', 'b.sq', 't', [15, 5]),
      ],
    });
    const r = replay(testReducer(ctx), state, [
      { type: 'setUp', unit: 'h1' },
      ...endPhase,
      { type: 'fire', unit: 'h2', weapon: 'tp.hmg', target: 't' },
    ]);
    expect(r.events[0]!.event).toMatchObject({ type: 'WeaponSetUp', ruleId: 'TP-5.3' });
    expect(r.refused).toEqual([{ action: 3, reason: expect.stringContaining('set up this turn') }]);
  });

  test('men get into and out of a truck for half a move each; the truck carries them', () => {
    const { ctx, state } = fixtureGame({
      units: [
        man('a', 'a.sq', 's', [5, 5]),
        { side: 'a', formation: 'a.tr', id: 'truck', type: 'tp.truck', at: [5.5, 5], facing: 0 },
      ],
    });
    const reduce = testReducer(ctx);
    const r = replay(reduce, state, [
      { type: 'mount', unit: 's', vehicle: 'truck' },
      { type: 'move', unit: 'truck', path: [[9, 5]] },
      { type: 'dismount', unit: 's', at: [9, 5.8] },
    ]);
    expect(r.refused).toEqual([]);
    expect(r.state.units.get('s')).toMatchObject({ at: [9, 5.8], embarkedIn: null, moved: 1 });
    expect(stateProblems(ctx, r.state)).toEqual([]);
  });

  test('a man cannot get out into a closed house (TP-5.7): he could never leave it', () => {
    const { ctx, state } = fixtureGame({
      units: [
        man('a', 'a.sq', 's', [5, 5]),
        { side: 'a', formation: 'a.tr', id: 'truck', type: 'tp.truck', at: [5.5, 5], facing: 0 },
      ],
      features: [
        {
          id: 'cottage',
          name: 'Cottage',
          kind: 'building',
          x: 5.5,
          y: 7.3,
          width: 3,
          depth: 3,
          buildingKind: 'closed',
          floors: 1,
        },
      ],
    });
    const r = replay(testReducer(ctx), state, [
      { type: 'mount', unit: 's', vehicle: 'truck' },
      { type: 'dismount', unit: 's', at: [5.5, 5.95] },
      { type: 'dismount', unit: 's', at: [5.5, 4.1] },
    ]);
    expect(r.refused).toEqual([
      { action: 1, reason: expect.stringContaining('Cottage stops this mover') },
    ]);
    expect(r.state.units.get('s')).toMatchObject({ at: [5.5, 4.1], embarkedIn: null });
  });

  test('a man cannot get out of a fording carrier into the creek (TP-5.4): only on a bank', () => {
    const { ctx, state } = fixtureGame({
      units: [
        man('a', 'a.sq', 's', [14, 5]),
        { side: 'a', formation: 'a.ht', id: 'ht', type: 'tp.halfTrack', at: [14.8, 5], facing: 0 },
      ],
      features: [straightCreek],
    });
    const r = replay(testReducer(ctx), state, [
      { type: 'mount', unit: 's', vehicle: 'ht' },
      { type: 'move', unit: 'ht', path: [[17.6, 5]] },
      { type: 'dismount', unit: 's', at: [18.4, 5] },
    ]);
    expect(r.refused).toEqual([
      { action: 2, reason: expect.stringContaining('may not stand in the creek') },
    ]);
    expect(r.state.units.get('s')).toMatchObject({ embarkedIn: 'ht', at: null });
  });

  test("a destroyed truck's passengers save on 5+ and the survivors test morale (TP-14.5, TP-15.1e)", () => {
    const { ctx, state } = fixtureGame({
      units: carrierUnderFire('b.tr', 'truck', 'tp.truck', 12),
      phase: 'firing',
    });
    const r = replay(testReducer(ctx), state, [
      // Hit, penetrate; then the saves: p1 5 (saved), p2 4 (lost), crew 6 and 1; morale 1.
      { type: 'forceDice', rolls: [6, 1, 5, 4, 6, 1, 1, 1] },
      { type: 'fire', unit: 'tank', weapon: 'tp.tankGun', target: 'truck', ammo: 'AP' },
      ...endPhase,
    ]);
    const types = r.events.map((e) => e.event);
    expect(types).toContainEqual(
      expect.objectContaining({ type: 'VehicleDestroyed', unit: 'truck' }),
    );
    expect(types).toContainEqual(expect.objectContaining({ type: 'CrewBailedOut', unit: 'p1' }));
    expect(types).toContainEqual(
      expect.objectContaining({ type: 'CasualtyRemoved', unit: 'p2', ruleId: 'TP-14.5' }),
    );
    const morale = types.find((e) => e.type === 'MoraleTested' && e.formation === 'b.sq');
    expect(morale).toMatchObject({
      triggers: expect.arrayContaining([
        { trigger: 'survivedVehicleDestruction', ruleId: 'TP-15.1e' },
      ]),
    });
    expect(r.state.wrecks.map((w) => w.id)).toEqual(['wreck.truck']);
    expect(stateProblems(ctx, r.state)).toEqual([]);
  });

  test('survivors of a carrier destroyed in the creek come out on dry ground (TP-5.4, TP-14.5)', () => {
    const { ctx, state } = fixtureGame({
      units: halfTrackUnderFire,
      features: [straightCreek],
      phase: 'firing',
    });
    const { r, out } = destroyHalfTrack(ctx, state);
    for (const e of out) {
      // The water runs from x 16.5 to 19.5: each man stands clear of it, near the wreck.
      expect(Math.abs(e.at[0] - 18)).toBeGreaterThanOrEqual(1.5 - 1e-9);
      expect(Math.hypot(e.at[0] - 18, e.at[1] - 12)).toBeLessThanOrEqual(3);
    }
    expect(new Set(out.map((e) => e.at.join(','))).size).toBe(4);
    expect(stateProblems(ctx, r.state)).toEqual([]);
  });

  test('survivors of a carrier destroyed beside a closed house come out in the open (TP-5.7, TP-14.5)', () => {
    const { ctx, state } = fixtureGame({
      units: halfTrackUnderFire,
      // The house's wall runs 0.65" north of the half-track's middle, from x 15 to 21: the first
      // spots beside the wreck, 1" north of it and round to the east, are inside the house.
      features: [
        {
          id: 'bakery',
          kind: 'building',
          x: 18,
          y: 9.85,
          width: 6,
          depth: 3,
          buildingKind: 'closed',
          floors: 1,
        },
      ],
      phase: 'firing',
    });
    const { r, out } = destroyHalfTrack(ctx, state);
    for (const e of out) {
      expect(e.at[1]).toBeGreaterThan(11.35);
      expect(Math.hypot(e.at[0] - 18, e.at[1] - 12)).toBeLessThanOrEqual(3);
    }
    expect(new Set(out.map((e) => e.at.join(','))).size).toBe(4);
    // The riders walk away from the wreck and the house in the next Movement phase (the crew
    // acts on its own).
    expect(r.state.phase).toBe('movement');
    const walk = replay(testReducer(ctx), r.state, [
      ...out
        .filter((e) => e.unit.startsWith('p'))
        .map((e) => ({
          type: 'move' as const,
          unit: e.unit,
          path: [[e.at[0], e.at[1] + 1]] as [number, number][],
        })),
    ]);
    expect(walk.refused).toEqual([]);
  });
});

describe('layers and options', () => {
  test('ADV: the heavy tank carries the 88 (impact 8) and can hurt a heavy tank at long range (TP-A17)', () => {
    const units: FixtureUnit[] = [
      { side: 'a', formation: 'a.h', id: 'hv', type: 'tp.heavyTank', at: [3, 12], facing: 0 },
      { side: 'b', formation: 'b.h', id: 'tgt', type: 'tp.heavyTank', at: [33, 12], facing: 180 },
    ];
    const adv = fixtureGame({ units, layers: ['BASIC', 'ADV'], phase: 'firing' });
    const plan = planShot(adv.ctx, adv.state, {
      unit: 'hv',
      weapon: 'tp.adv.gun88',
      target: 'tgt',
    });
    expect(plan).toMatchObject({
      penetration: { impact: 8, armour: 12, rangeModifier: -1, needed: 5 },
    });
  });

  test('TP-A18 option: reading the printed signs literally flips the morale score', () => {
    const units: FixtureUnit[] = [
      man('a', 'a.sq', 's1', [5, 6]),
      man('a', 'a.sq', 's2', [5, 8]),
      man('b', 'b.sq', 't1', [8, 6]),
      man('b', 'b.sq', 't2', [8, 8]),
      man('b', 'b.sq', 't3', [8, 10]),
      man('b', 'b.sq', 't4', [8, 12]),
    ];
    const actions: TestAction[] = [
      { type: 'forceDice', rolls: [3, 3, 5] },
      { type: 'fire', unit: 's1', weapon: 'tp.rifle', target: 't1' },
      { type: 'fire', unit: 's2', weapon: 'tp.rifle', target: 't2' },
      ...endPhase,
    ];
    const literal = fixtureGame({ units, options: { 'TP-A18': 'd6PlusPrinted' }, phase: 'firing' });
    const r = replay(testReducer(literal.ctx), literal.state, actions);
    expect(r.events.map((e) => e.event).find((e) => e.type === 'MoraleTested')).toMatchObject({
      roll: 5,
      score: 3,
      result: 'toCover',
    });
  });
});

describe('hidden objective held for three turns (TP-3)', () => {
  const zone: Feature[] = [];
  const scenario = fixtureScenario({
    title: 'objective',
    features: zone,
    units: [
      {
        side: 'a',
        formation: 'a.sq',
        id: 'r1',
        type: 'tp.rifleman',
        role: 'rifleman',
        at: [29, 12],
      },
      {
        side: 'a',
        formation: 'a.sq',
        id: 'radio',
        type: 'tp.radioman',
        role: 'radioman',
        at: [29, 12.5],
      },
      { side: 'b', formation: 'b.sq', id: 'e', type: 'tp.rifleman', role: 'rifleman', at: [33, 2] },
    ],
    objectives: [
      {
        id: 'obj-a',
        kind: 'holdZone',
        owner: 'a',
        hidden: true,
        revealOn: 'firstEntry',
        holdTurns: 3,
        area: { shape: 'rect', x: 30, y: 8, width: 6, height: 10 },
        holders: {
          classes: ['infantry'],
          excludeEnemy: true,
          requiredRoles: [{ role: 'radioman', min: 1 }],
        },
      },
    ],
  });
  test('revealed on entry with its commitment checked; won after three end-of-turn holds (TP-A47)', () => {
    const ctx = createContext(scenario);
    const start = newGame(ctx, { seed: 4 });
    const turn = (moves: TestAction[]): TestAction[] => [...moves, ...endPhase, ...endPhase];
    const r = replay(testReducer(ctx), start, [
      ...turn([
        { type: 'move', unit: 'r1', path: [[31, 12]] },
        { type: 'move', unit: 'radio', path: [[31, 12.5]] },
      ]),
      ...turn([]),
      ...turn([]),
    ]);
    const events = r.events.map((e) => e.event);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'ObjectiveRevealed',
        side: 'a',
        objective: 'obj-a',
        verified: true,
      }),
    );
    expect(
      events.filter((e) => e.type === 'ObjectiveHeld').map((e) => (e as { turns: number }).turns),
    ).toEqual([1, 2, 3]);
    expect(r.state.result).toEqual({
      winner: 'a',
      reason: 'took its objective and held it for three turns',
    });
    expect(r.refused).toEqual([]);
  });
});

describe('mortars and observers (TP-12)', () => {
  const units: FixtureUnit[] = [
    {
      ...man('a', 'a.mortar', 'm1', [3, 12], 'tp.mortarCrew', 'mortarCrew'),
      extra: { 'x-setUp': true },
    },
    man('a', 'a.mortar', 'm2', [3, 12.5], 'tp.mortarCrew', 'mortarCrew'),
    man('a', 'a.hq', 'officer', [8, 6], 'tp.officer', 'officer'),
    man('a', 'a.hq', 'radio1', [8, 6.5], 'tp.radioman', 'radioman'),
    man('a', 'a.hq2', 'radio2', [3.5, 13], 'tp.radioman', 'radioman'),
    man('b', 'b.sq', 't', [20, 6]),
  ];
  // A house hides the target from the mortar crew but not from the observer.
  const house: Feature = {
    id: 'house',
    kind: 'building',
    x: 10,
    y: 10,
    width: 3,
    depth: 3,
    buildingKind: 'closed',
    floors: 2,
  };

  test('the crew cannot fire blind; an observer calls it and it fires from the next turn', () => {
    const { ctx, state } = fixtureGame({ units, features: [house], phase: 'firing' });
    const reduce = testReducer(ctx);
    expect(
      reduce(state, { type: 'fire', unit: 'm1', weapon: 'tp.mortar60', at: [20, 6] }),
    ).toMatchObject({ ok: false, ruleId: 'TP-12.4' });
    const r = replay(reduce, state, [
      { type: 'callFire', unit: 'officer', mortar: 'm1', at: [20, 6] },
      { type: 'fire', unit: 'officer', weapon: 'tp.pistol', target: 't' },
      ...endPhase,
      ...endPhase,
      { type: 'forceDice', rolls: [6, 2] },
      { type: 'fire', unit: 'm1', weapon: 'tp.mortar60', at: [20, 6] },
    ]);
    expect(r.events[0]!.event).toMatchObject({
      type: 'FireCalled',
      observer: 'officer',
      ruleId: 'TP-12.4',
    });
    expect(r.refused.map((x) => x.action)).toEqual([1]);
    const round = r.events.map((e) => e.event).find((e) => e.type === 'MortarRound');
    expect(round).toMatchObject({ roll: 6, landed: [20, 6] });
    expect(r.events.map((e) => e.event)).toContainEqual(
      expect.objectContaining({ type: 'SaveRolled', unit: 't', needed: 5, roll: 2, saved: false }),
    );
    expect(r.state.teamWeapons['a.mortar:tp.mortar60']!.ammo).toBe(5);
  });
});

describe('houses in two and a half dimensions', () => {
  test('a man on the upper floor of an open house sees over a wall that hides him on the ground', () => {
    const features: Feature[] = [
      {
        id: 'house',
        kind: 'building',
        x: 5,
        y: 12,
        width: 3,
        depth: 3,
        buildingKind: 'underConstruction',
        floors: 2,
      },
      {
        id: 'wall',
        kind: 'wall',
        points: [
          [10, 8],
          [10, 16],
        ],
        height: 1,
        strength: 'strong',
      },
    ];
    const { ctx, state } = fixtureGame({
      units: [man('a', 'a.sq', 's', [5, 12]), man('b', 'b.sq', 't', [12, 12])],
      features,
    });
    const reduce = testReducer(ctx);
    const r = replay(reduce, state, [{ type: 'climb', unit: 's', to: 'upper' }, ...endPhase]);
    expect(r.events[0]!.event).toMatchObject({
      type: 'UnitMoved',
      level: 'upper',
      cost: 1,
      ruleIds: ['TP-5.3'],
    });
    const ground = planShot(
      ctx,
      { ...state, phase: 'firing' },
      { unit: 's', weapon: 'tp.rifle', target: 't' },
    );
    expect(ground).toMatchObject({ refused: true });
    const upper = planShot(ctx, r.state, { unit: 's', weapon: 'tp.rifle', target: 't' });
    expect(upper).toMatchObject({ mode: 'aimed', toHit: { needed: 6 } });
  });
});

describe('high explosive (TP-11)', () => {
  test('an HE hit opens a 90° sector away from the firer: men in the open save on 5+, behind a wall on 3+', () => {
    const features: Feature[] = [
      {
        id: 'wall',
        kind: 'wall',
        points: [
          [20.6, 10],
          [20.6, 12.4],
        ],
        height: 0.8,
        strength: 'strong',
      },
    ];
    const { ctx, state } = fixtureGame({
      units: [
        { side: 'a', formation: 'a.t', id: 'tank', type: 'tp.mediumTank', at: [5, 12], facing: 0 },
        man('b', 'b.sq', 'aim', [20, 12]),
        man('b', 'b.sq', 'open', [21.2, 13.2]),
        man('b', 'b.sq', 'walled', [21.5, 12]),
        man('b', 'b.sq', 'behind', [19, 12]),
      ],
      features,
      phase: 'firing',
    });
    const plan = planShot(ctx, state, {
      unit: 'tank',
      weapon: 'tp.tankGun',
      target: 'aim',
      ammo: 'HE',
    });
    if ('refused' in plan) throw new Error(plan.reason);
    expect(plan.mode).toBe('he');
    expect(plan.toHit).toMatchObject({ base: 4, needed: 4 });
    const saves = Object.fromEntries(plan.template!.saves.map((s) => [s.unit, s.needed]));
    expect(saves).toEqual({ aim: 5, open: 5, walled: 3 });
  });
});

describe('Tankette Waltz layer (TP-19)', () => {
  test('a 20 mm penetration rolls on the damage table; an engine hit immobilises (TP-19.4, TP-A31)', () => {
    const { ctx, state } = fixtureGame({
      layers: ['BASIC', 'TW'],
      catalog: {
        units: [
          {
            id: 'x.aaTruck',
            name: '20 mm AA truck',
            class: 'vehicle',
            mobility: 'wheeled',
            speeds: { road: 10, offRoad: 4 },
            armour: { front: 3, side: 2, rear: 2 },
            weapons: [{ weapon: 'tp.gun20', mount: 'turret' }],
          },
        ],
      },
      units: [
        { side: 'a', formation: 'a.aa', id: 'aa', type: 'x.aaTruck', at: [5, 12], facing: 0 },
        { side: 'b', formation: 'b.tk', id: 'tk', type: 'tp.tankette', at: [10, 12], facing: 180 },
      ],
      phase: 'firing',
    });
    const r = replay(testReducer(ctx), state, [
      { type: 'forceDice', rolls: [6, 4, 5] },
      { type: 'fire', unit: 'aa', weapon: 'tp.gun20', target: 'tk' },
      ...endPhase,
    ]);
    const events = r.events.map((e) => e.event);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'ShotResolved', band: 'close', needed: 3 }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'PenetrationResolved',
        armour: 4,
        impact: 1,
        rangeModifier: 1,
        total: 6,
        penetrated: true,
      }),
    );
    expect(r.state.units.get('tk')).toMatchObject({ alive: true, immobilised: true });
  });
});

describe('movement sweep (TP-4.3)', () => {
  test('turn 1 sweeps from the right flank to the left, turn 2 back', async () => {
    const { movementOrder } = await import('./movementOrder');
    const { ctx, state } = fixtureGame({
      units: [
        man('a', 'a.sq', 'north', [5, 2]),
        man('a', 'a.sq', 'middle', [5, 12]),
        man('a', 'a.sq', 'south', [5, 22]),
      ],
    });
    // Side A enters from the west and faces east: its right flank is the south.
    expect(movementOrder(ctx, state, 'a')).toEqual(['south', 'middle', 'north']);
    expect(movementOrder(ctx, { ...state, sweep: 'leftToRight' }, 'a')).toEqual([
      'north',
      'middle',
      'south',
    ]);
  });
});

describe('guns, towing and wrecks', () => {
  const units: FixtureUnit[] = [
    { side: 'a', formation: 'a.at', id: 'gun', type: 'tp.atGun', at: [5, 12], facing: 0 },
    man('a', 'a.at', 'c1', [5, 12.5], 'tp.atCrew', 'atCrew'),
    { side: 'a', formation: 'a.tr', id: 'truck', type: 'tp.truck', at: [5.8, 12], facing: 0 },
  ];
  test('two men drag the gun at 2"; alone it stays (TP-5.5)', () => {
    const { ctx, state } = fixtureGame({ units });
    const reduce = testReducer(ctx);
    expect(reduce(state, { type: 'move', unit: 'gun', path: [[6, 12]] })).toMatchObject({
      ok: false,
      ruleId: 'TP-5.5',
    });
    const two = fixtureGame({
      units: [...units, man('a', 'a.at', 'c2', [4.5, 12], 'tp.atCrew', 'atCrew')],
    });
    const r = testReducer(two.ctx)(two.state, { type: 'move', unit: 'gun', path: [[5, 14]] });
    expect(r.ok && r.events[0]).toMatchObject({ type: 'UnitMoved', rate: 2, cost: 1 });
  });

  test('a truck tows the broken-down gun; it is unhitched beside it (TP-5.5, TP-16.1)', () => {
    const { ctx, state } = fixtureGame({ units });
    const r = replay(testReducer(ctx), state, [
      { type: 'mount', unit: 'gun', vehicle: 'truck' },
      { type: 'move', unit: 'truck', path: [[9, 12]] },
      { type: 'dismount', unit: 'gun', at: [9, 12.8] },
    ]);
    expect(r.refused).toEqual([]);
    expect(r.state.units.get('gun')).toMatchObject({ at: [9, 12.8], embarkedIn: null });
    expect(stateProblems(ctx, r.state)).toEqual([]);
  });

  test('a wreck stays an obstacle to vehicles (TP-14.4)', () => {
    const { ctx, state } = fixtureGame({ units });
    const withWreck = {
      ...state,
      wrecks: [
        {
          id: 'wreck.x',
          unit: 'x',
          type: 'tp.mediumTank',
          side: 'b',
          at: [8, 12] as const,
          facing: 0,
          ammo: {},
        },
      ],
    };
    const reduce = testReducer(ctx);
    expect(reduce(withWreck, { type: 'move', unit: 'truck', path: [[10, 12]] })).toMatchObject({
      ok: false,
      ruleId: 'TP-14.4',
    });
    expect(reduce(withWreck, { type: 'move', unit: 'c1', path: [[7.5, 12.5]] }).ok).toBe(true);
  });
});

describe('breaching thin walls (TP-5.9)', () => {
  test('a tank pushes through a thin wall for half a move and leaves a gap a truck can use', () => {
    const wall: Feature = {
      id: 'wall',
      kind: 'wall',
      points: [
        [8, 6],
        [8, 18],
      ],
      height: 0.5,
      strength: 'small',
      thicknessClass: 'thin',
    };
    const { ctx, state } = fixtureGame({
      units: [
        { side: 'a', formation: 'a.t', id: 'tank', type: 'tp.mediumTank', at: [6, 12], facing: 0 },
        { side: 'a', formation: 'a.tr', id: 'truck', type: 'tp.truck', at: [5, 12.3], facing: 0 },
        {
          side: 'b',
          formation: 'b.t',
          id: 'enemy',
          type: 'tp.mediumTank',
          at: [32, 4],
          facing: 180,
        },
      ],
      features: [wall],
    });
    const reduce = testReducer(ctx);
    expect(reduce(state, { type: 'move', unit: 'truck', path: [[9, 12.3]] })).toMatchObject({
      ok: false,
      ruleId: 'TP-5.9',
    });
    const r = replay(reduce, state, [
      { type: 'move', unit: 'tank', path: [[9, 12]] },
      // Next turn the tank drives on and the truck follows it through the gap.
      { type: 'endPhase', side: 'a' },
      { type: 'endPhase', side: 'b' },
      { type: 'endPhase', side: 'a' },
      { type: 'endPhase', side: 'b' },
      { type: 'move', unit: 'tank', path: [[12, 12]] },
      {
        type: 'move',
        unit: 'truck',
        path: [
          [7, 12.3],
          [8.5, 12.3],
        ],
      },
    ]);
    expect(r.refused).toEqual([]);
    expect(r.events[0]!.event).toMatchObject({
      type: 'UnitMoved',
      unit: 'tank',
      cost: 0.5 + 3 / 6,
      ruleIds: ['TP-5.1', 'TP-5.9'],
    });
    expect(r.state.gaps).toEqual([{ feature: 'wall', at: [8, 12], width: 2 }]);
  });
});

describe('HE against walls (TP-11.8)', () => {
  test('a wall hit loses a 2" section and every man within 1" of it, with no save', () => {
    const wall: Feature = {
      id: 'wall',
      kind: 'wall',
      points: [
        [20, 6],
        [20, 18],
      ],
      height: 0.5,
      strength: 'small',
    };
    const { ctx, state } = fixtureGame({
      units: [
        { side: 'a', formation: 'a.t', id: 'tank', type: 'tp.mediumTank', at: [5, 12], facing: 0 },
        man('b', 'b.sq', 'near', [20.5, 12.5]),
        man('b', 'b.sq', 'far', [20.5, 16]),
      ],
      features: [wall],
      phase: 'firing',
    });
    const r = replay(testReducer(ctx), state, [
      { type: 'forceDice', rolls: [6, 6, 6] },
      { type: 'fire', unit: 'tank', weapon: 'tp.tankGun', at: [20, 12], ammo: 'HE' },
    ]);
    expect(r.refused).toEqual([]);
    const events = r.events.map((e) => e.event);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'CasualtyMarked', unit: 'near', ruleId: 'TP-11.8' }),
    );
    expect(events).not.toContainEqual(
      expect.objectContaining({ type: 'CasualtyMarked', unit: 'far' }),
    );
    expect(r.state.gaps).toEqual([{ feature: 'wall', at: [20, 12], width: 2 }]);
  });
});

describe('the exposed commander (TP-8.8)', () => {
  test('a commander on the AA MG can be shot (heavy cover); then the tank may not move next turn', () => {
    const { ctx, state } = fixtureGame({
      units: [
        { side: 'a', formation: 'a.t', id: 'tank', type: 'tp.mediumTank', at: [5, 12], facing: 0 },
        man('b', 'b.sq', 'r', [12, 12]),
        man('b', 'b.sq', 'r2', [12, 14]),
      ],
      phase: 'firing',
    });
    const reduce = testReducer(ctx);
    expect(
      reduce(state, { type: 'fire', unit: 'r', weapon: 'tp.rifle', target: 'tank' }),
    ).toMatchObject({ ok: false, ruleId: 'TP-G5' });
    const r = replay(reduce, state, [
      { type: 'forceDice', rolls: [1, 6] },
      { type: 'fire', unit: 'tank', weapon: 'tp.aaMg', target: 'r2' },
      { type: 'fire', unit: 'r', weapon: 'tp.rifle', target: 'tank' },
      ...endPhase,
      { type: 'move', unit: 'tank', path: [[6, 12]] },
    ]);
    const shot = r.events
      .map((e) => e.event)
      .find((e) => e.type === 'ShotResolved' && e.unit === 'r');
    expect(shot).toMatchObject({
      target: 'tank',
      band: 'medium',
      modifiers: [
        { label: 'commander exposed on the turret (heavy cover)', value: -2, ruleId: 'TP-8.8' },
      ],
      needed: 6,
      roll: 6,
      hit: true,
    });
    expect(r.state.units.get('tank')!.commanderHitTurn).toBe(1);
    expect(r.refused).toEqual([
      { action: 5, reason: expect.stringContaining('commander was hit') },
    ]);
  });
});

describe('crews out of a wreck act on their own (TP-16.2)', () => {
  test('on their own bank they head back to the middle of their entry edge; players cannot move them', () => {
    const { ctx, state } = fixtureGame({
      units: [
        { side: 'a', formation: 'a.t', id: 'gun', type: 'tp.mediumTank', at: [5, 12], facing: 0 },
        { side: 'b', formation: 'b.t', id: 'tgt', type: 'tp.armouredCar', at: [8, 6], facing: 180 },
        {
          side: 'b',
          formation: 'b.t',
          id: 'ac2',
          type: 'tp.armouredCar',
          at: [30, 20],
          facing: 180,
        },
        {
          side: 'b',
          formation: 'b.t',
          id: 'ac3',
          type: 'tp.armouredCar',
          at: [30, 22],
          facing: 180,
        },
        {
          side: 'b',
          formation: 'b.t',
          id: 'ac4',
          type: 'tp.armouredCar',
          at: [32, 22],
          facing: 180,
        },
      ],
      phase: 'firing',
    });
    const r = replay(testReducer(ctx), state, [
      // Hit, penetrate, three crew saves (5, 1, 1), then the unit's morale roll: it holds.
      { type: 'forceDice', rolls: [6, 6, 5, 1, 1, 1] },
      { type: 'fire', unit: 'gun', weapon: 'tp.tankGun', target: 'tgt', ammo: 'AP' },
      ...endPhase,
      { type: 'move', unit: 'tgt.crew1', path: [[10, 6]] },
    ]);
    const events = r.events.map((e) => e.event);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'CrewBailedOut', unit: 'tgt.crew1' }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'UnitMoved',
        unit: 'tgt.crew1',
        forced: 'crewToRear',
        ruleIds: ['TP-16.2'],
      }),
    );
    expect(r.refused).toEqual([{ action: 4, reason: expect.stringContaining('acts on its own') }]);
  });
});
