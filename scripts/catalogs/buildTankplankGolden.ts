/**
 * Writes the Tankplank golden cases (the digest's test vectors T1–T20) under
 * engine/rulesets/tankplank/golden/<case>/: scenario.json through `serializeDocument`, and the
 * hand-written actions.json (seed, forced dice, actions) and expected.json (events that must
 * appear, in order, matched on the fields given). Run: npx tsx scripts/catalogs/buildTankplankGolden.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serializeDocument, type Feature } from '../../engine/format';
import { fixtureScenario, type FixtureUnit } from '../../engine/rulesets/tankplank/rules/fixtures';

interface Case {
  readonly name: string;
  readonly vector: string;
  readonly units: FixtureUnit[];
  readonly features?: Feature[];
  readonly actions: unknown[];
  readonly expected: {
    events: Record<string, unknown>[];
    refused?: { action: number; reason: string }[];
  };
}

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
const veh = (
  side: 'a' | 'b',
  id: string,
  type: string,
  at: [number, number],
  facing: number,
  extra?: FixtureUnit['extra'],
): FixtureUnit => ({
  side,
  formation: `${side}.${id}`,
  id,
  type,
  at,
  facing,
  ...(extra ? { extra } : {}),
});
const toFiring = [
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
];
const endTurn = toFiring;

const cases: Case[] = [
  {
    name: 't01-rifle-close-open',
    vector: 'T1: rifle at 4.0", target in the open: needs 3+ (band Close, TP-A4)',
    units: [man('a', 'a.sq', 's', [5, 5]), man('b', 'b.sq', 't', [9, 5])],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [3] },
      { type: 'fire', unit: 's', weapon: 'tp.rifle', target: 't' },
      ...endTurn,
    ],
    expected: {
      events: [
        { type: 'PhaseStarted', phase: 'firing' },
        {
          type: 'ShotResolved',
          unit: 's',
          target: 't',
          band: 'close',
          base: 3,
          modifiers: [],
          needed: 3,
          roll: 3,
          hit: true,
        },
        { type: 'CasualtyMarked', unit: 't', ruleId: 'TP-7.4' },
        { type: 'CasualtyRemoved', unit: 't' },
      ],
    },
  },
  {
    name: 't02-rifle-medium-light-cover',
    vector: 'T2: rifle at 4.01", target in light cover: needs a natural 5',
    units: [man('a', 'a.sq', 's', [5, 5]), man('b', 'b.sq', 't', [9.01, 5])],
    features: [
      {
        id: 'wall',
        kind: 'wall',
        points: [
          [8.8, 3],
          [8.8, 7],
        ],
        height: 0.5,
        strength: 'small',
      },
    ],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [4] },
      { type: 'fire', unit: 's', weapon: 'tp.rifle', target: 't' },
    ],
    expected: {
      events: [
        {
          type: 'ShotResolved',
          band: 'medium',
          base: 4,
          modifiers: [{ label: 'target in light cover', value: -1, ruleId: 'TP-7.3' }],
          needed: 5,
          roll: 4,
          hit: false,
        },
      ],
    },
  },
  {
    name: 't03-rifle-long-heavy-cover',
    vector: 'T3: rifle at 10", target in heavy cover: cannot hit (needs a natural 7)',
    units: [man('a', 'a.sq', 's', [5, 12]), man('b', 'b.sq', 't', [15, 12])],
    features: [
      {
        id: 'house',
        kind: 'building',
        x: 15,
        y: 12,
        width: 3,
        depth: 3,
        buildingKind: 'underConstruction',
        floors: 2,
      },
    ],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [6] },
      { type: 'fire', unit: 's', weapon: 'tp.rifle', target: 't' },
    ],
    expected: {
      events: [{ type: 'ShotResolved', band: 'long', base: 5, needed: 7, roll: 6, hit: false }],
    },
  },
  {
    name: 't04-tank-ap-close-front',
    vector:
      'T4: medium tank AP at 3" against a medium tank front (10): hit 2+, penetrate on d6 ≥ 3',
    units: [
      veh('a', 'gun', 'tp.mediumTank', [5, 12], 0),
      veh('b', 'tgt', 'tp.mediumTank', [8, 12], 180),
    ],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [2, 3] },
      { type: 'fire', unit: 'gun', weapon: 'tp.tankGun', target: 'tgt', ammo: 'AP' },
      ...endTurn,
    ],
    expected: {
      events: [
        {
          type: 'ShotResolved',
          band: 'C1',
          base: 2,
          needed: 2,
          roll: 2,
          hit: true,
          ruleId: 'TP-9.2',
        },
        {
          type: 'PenetrationResolved',
          face: 'front',
          armour: 10,
          impact: 5,
          rangeModifier: 2,
          roll: 3,
          total: 10,
          penetrated: true,
        },
        { type: 'CasualtyMarked', unit: 'tgt' },
        { type: 'VehicleDestroyed', unit: 'tgt', wreck: 'wreck.tgt', ruleId: 'TP-14.4' },
        { type: 'SaveRolled', needed: 5, ruleId: 'TP-14.5' },
      ],
    },
  },
  {
    name: 't05-tank-ap-medium-side',
    vector: 'T5: same at 12" (C3) against the side (8): hit 4+, penetrate d6 ≥ 3',
    units: [
      veh('a', 'gun', 'tp.mediumTank', [5, 12], 0),
      veh('b', 'tgt', 'tp.mediumTank', [17, 12], 90),
    ],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [4, 2] },
      { type: 'fire', unit: 'gun', weapon: 'tp.tankGun', target: 'tgt' },
    ],
    expected: {
      events: [
        { type: 'ShotResolved', band: 'C3', needed: 4, roll: 4, hit: true },
        {
          type: 'PenetrationResolved',
          face: 'side',
          armour: 8,
          impact: 5,
          rangeModifier: 0,
          roll: 2,
          total: 7,
          penetrated: false,
        },
      ],
    },
  },
  {
    name: 't06-tank-ap-long-front',
    vector: 'T6: same at 30" (C4) against the front: hit 5+, penetrate only on 6',
    units: [
      veh('a', 'gun', 'tp.mediumTank', [3, 12], 0),
      veh('b', 'tgt', 'tp.mediumTank', [33, 12], 180),
    ],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [5, 6] },
      { type: 'fire', unit: 'gun', weapon: 'tp.tankGun', target: 'tgt' },
    ],
    expected: {
      events: [
        { type: 'ShotResolved', band: 'C4', needed: 5, roll: 5, hit: true },
        {
          type: 'PenetrationResolved',
          face: 'front',
          armour: 10,
          rangeModifier: -1,
          roll: 6,
          total: 10,
          penetrated: true,
        },
      ],
    },
  },
  {
    name: 't07-ac-gun-vs-medium-front',
    vector: 'T7: AC gun (3) at 20" against a medium tank front: penetration impossible',
    units: [
      veh('a', 'ac', 'tp.armouredCar', [5, 12], 0),
      veh('b', 'tgt', 'tp.mediumTank', [25, 12], 180),
    ],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [6, 6] },
      { type: 'fire', unit: 'ac', weapon: 'tp.acGun', target: 'tgt' },
    ],
    expected: {
      events: [
        { type: 'ShotResolved', band: 'C3', hit: true },
        {
          type: 'PenetrationResolved',
          armour: 10,
          impact: 3,
          rangeModifier: 0,
          roll: 6,
          total: 9,
          penetrated: false,
        },
      ],
    },
  },
  {
    name: 't08-heavy-gun-vs-heavy-front',
    vector: 'T8: heavy tank gun (6, BASIC) at 30" against a heavy tank front (12): impossible',
    units: [
      veh('a', 'hv', 'tp.heavyTank', [3, 12], 0),
      veh('b', 'tgt', 'tp.heavyTank', [33, 12], 180),
    ],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [6, 6] },
      { type: 'fire', unit: 'hv', weapon: 'tp.heavyTankGun', target: 'tgt' },
    ],
    expected: {
      events: [
        { type: 'ShotResolved', band: 'C4', hit: true },
        {
          type: 'PenetrationResolved',
          armour: 12,
          impact: 6,
          rangeModifier: -1,
          roll: 6,
          total: 11,
          penetrated: false,
        },
      ],
    },
  },
  {
    name: 't09-bazooka-vs-medium-rear',
    vector: 'T9: bazooka against a medium tank rear (6): penetrate on d6 ≥ 2 (no range modifier)',
    units: [
      man('a', 'a.bz', 'bz1', [5, 12], 'tp.bazookaCrew', 'bazookaCrew'),
      man('a', 'a.bz', 'bz2', [5, 12.5], 'tp.bazookaCrew', 'bazookaCrew'),
      veh('b', 'tgt', 'tp.mediumTank', [9, 12], 0),
    ],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [4, 2] },
      { type: 'fire', unit: 'bz1', weapon: 'tp.bazooka', target: 'tgt' },
    ],
    expected: {
      events: [
        { type: 'ShotResolved', base: 4, needed: 4, roll: 4, hit: true, ruleId: 'TP-9.7' },
        {
          type: 'PenetrationResolved',
          face: 'rear',
          armour: 6,
          impact: 4,
          rangeModifier: 0,
          roll: 2,
          total: 6,
          penetrated: true,
        },
      ],
    },
  },
  {
    name: 't10-hmg-vs-halftrack-rear',
    vector: 'T10: HMG impact 2 against a half-track rear (4): penetrate on d6 ≥ 2',
    units: [
      { ...man('a', 'a.hmg', 'h1', [5, 12], 'tp.hmgCrew', 'hmgCrew'), extra: { 'x-setUp': true } },
      man('a', 'a.hmg', 'h2', [5, 12.5], 'tp.hmgCrew', 'hmgCrew'),
      veh('b', 'ht', 'tp.halfTrack', [15, 12], 0),
    ],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [2] },
      { type: 'fire', unit: 'h1', weapon: 'tp.hmg', target: 'ht' },
    ],
    expected: {
      events: [
        { type: 'TemplatePlaced', template: 'cone', caught: ['ht'], ruleId: 'TP-8.2' },
        {
          type: 'PenetrationResolved',
          target: 'ht',
          face: 'rear',
          armour: 4,
          impact: 2,
          roll: 2,
          total: 4,
          penetrated: true,
        },
      ],
    },
  },
  {
    name: 't11-cone-save-heavy-cover',
    vector: 'T11: cone save, man in heavy cover: survives on 3+',
    units: [
      { ...man('a', 'a.hmg', 'h1', [5, 12], 'tp.hmgCrew', 'hmgCrew'), extra: { 'x-setUp': true } },
      man('a', 'a.hmg', 'h2', [5, 12.5], 'tp.hmgCrew', 'hmgCrew'),
      man('b', 'b.sq', 't', [15, 12]),
    ],
    features: [
      {
        id: 'house',
        kind: 'building',
        x: 15,
        y: 12,
        width: 3,
        depth: 3,
        buildingKind: 'underConstruction',
        floors: 2,
      },
    ],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [3] },
      { type: 'fire', unit: 'h1', weapon: 'tp.hmg', target: 't' },
    ],
    expected: {
      events: [
        { type: 'TemplatePlaced', caught: ['t'] },
        {
          type: 'SaveRolled',
          unit: 't',
          needed: 3,
          roll: 3,
          saved: true,
          modifiers: [{ label: 'heavy cover', value: 2, ruleId: 'TP-8.3' }],
        },
      ],
    },
  },
  {
    name: 't12-morale-rout',
    vector: 'T12: morale d6 = 5, lost 50% this turn, no officer near: score 7, rout (TP-A18)',
    units: [
      man('a', 'a.sq', 's1', [5, 6]),
      man('a', 'a.sq', 's2', [5, 8]),
      man('b', 'b.sq', 't1', [8, 6]),
      man('b', 'b.sq', 't2', [8, 8]),
      man('b', 'b.sq', 't3', [8, 10]),
      man('b', 'b.sq', 't4', [8, 12]),
    ],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [3, 3] },
      { type: 'fire', unit: 's1', weapon: 'tp.rifle', target: 't1' },
      { type: 'fire', unit: 's2', weapon: 'tp.rifle', target: 't2' },
      { type: 'forceDice', rolls: [5] },
      ...endTurn,
    ],
    expected: {
      events: [
        { type: 'CasualtyRemoved', unit: 't1' },
        { type: 'CasualtyRemoved', unit: 't2' },
        { type: 'PhaseStarted', phase: 'morale' },
        {
          type: 'MoraleTested',
          formation: 'b.sq',
          triggers: [
            { trigger: 'firstQuarterLost', ruleId: 'TP-15.1a' },
            { trigger: 'quarterLostThisTurn', ruleId: 'TP-15.1b' },
          ],
          roll: 5,
          modifiers: [{ label: 'lost 50% this turn', value: -2, ruleId: 'TP-15.3' }],
          score: 7,
          result: 'rout',
        },
        { type: 'TurnStarted', turn: 2 },
        { type: 'UnitMoved', unit: 't3', forced: 'rout' },
      ],
    },
  },
  {
    name: 't13-morale-officer-falls-back',
    vector: 'T13: morale d6 = 5, lost 50%, officer with the unit: score 5, fall back one move',
    units: [
      man('a', 'a.sq', 's1', [5, 6]),
      man('a', 'a.sq', 's2', [5, 8]),
      man('a', 'a.sq', 's3', [5, 10]),
      man('b', 'b.sq', 't1', [8, 6]),
      man('b', 'b.sq', 't2', [8, 8]),
      man('b', 'b.sq', 't3', [8, 10]),
      man('b', 'b.sq', 't4', [8, 12]),
      man('b', 'b.sq', 'off', [8.5, 12], 'tp.officer', 'officer'),
    ],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [3, 3, 3] },
      { type: 'fire', unit: 's1', weapon: 'tp.rifle', target: 't1' },
      { type: 'fire', unit: 's2', weapon: 'tp.rifle', target: 't2' },
      { type: 'fire', unit: 's3', weapon: 'tp.rifle', target: 't3' },
      { type: 'forceDice', rolls: [5] },
      ...endTurn,
    ],
    expected: {
      events: [
        {
          type: 'MoraleTested',
          formation: 'b.sq',
          roll: 5,
          modifiers: [
            { label: 'officer with the unit', value: 2, ruleId: 'TP-15.3' },
            { label: 'lost 60% this turn', value: -2, ruleId: 'TP-15.3' },
          ],
          score: 5,
          result: 'fallBack',
        },
        { type: 'UnitMoved', unit: 't4', forced: 'fallBack' },
      ],
    },
  },
  {
    name: 't14-grenade-at-jeep',
    vector: 'T14: grenade at 3.5" at a jeep, natural 5: 5 − 1 − 1 = 3, lands 2" short',
    units: [man('a', 'a.sq', 's', [5, 12]), veh('b', 'jeep', 'tp.jeep', [8.5, 12], 180)],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [5] },
      { type: 'fire', unit: 's', weapon: 'tp.grenade', target: 'jeep' },
    ],
    expected: {
      events: [
        {
          type: 'GrenadeThrown',
          roll: 5,
          modifiers: [
            { label: 'target is a light fast vehicle', value: -1, ruleId: 'TP-13.3' },
            { label: 'target more than 3" away', value: -1, ruleId: 'TP-13.3' },
          ],
          result: 'short',
          landed: [6.5, 12],
        },
      ],
    },
  },
  {
    name: 't15-mortar-too-close',
    vector: 'T15: mortar at 9": illegal (minimum range 10)',
    units: [
      {
        ...man('a', 'a.mortar', 'm1', [5, 12], 'tp.mortarCrew', 'mortarCrew'),
        extra: { 'x-setUp': true },
      },
      man('a', 'a.mortar', 'm2', [5, 12.5], 'tp.mortarCrew', 'mortarCrew'),
      man('b', 'b.sq', 't', [14, 12]),
    ],
    actions: [...toFiring, { type: 'fire', unit: 'm1', weapon: 'tp.mortar60', at: [14, 12] }],
    expected: {
      events: [],
      refused: [{ action: 2, reason: 'the mortar\'s minimum range is 10"' }],
    },
  },
  {
    name: 't16-wheeled-leaves-road',
    vector:
      'T16: a wheeled vehicle that leaves the road during its move moves at 4" for the whole move',
    units: [veh('a', 'j1', 'tp.jeep', [1, 5], 0), veh('a', 'j2', 'tp.jeep', [1, 5.5], 0)],
    features: [
      {
        id: 'road',
        kind: 'road',
        points: [
          [0, 5],
          [36, 5],
        ],
        width: 2,
      },
    ],
    actions: [
      { type: 'move', unit: 'j1', path: [[9, 5]] },
      {
        type: 'move',
        unit: 'j2',
        path: [
          [3, 5.5],
          [3, 8.5],
        ],
      },
      {
        type: 'move',
        unit: 'j2',
        path: [
          [2, 5.5],
          [2, 8],
        ],
      },
    ],
    expected: {
      events: [
        { type: 'UnitMoved', unit: 'j1', inches: 8, cost: 0.8, rate: 10 },
        { type: 'UnitMoved', unit: 'j2', inches: 3.5, cost: 0.875, rate: 4, ruleIds: ['TP-5.2'] },
      ],
      refused: [{ action: 1, reason: 'of a turn (5" at 4"/turn)' }],
    },
  },
  {
    name: 't17-coax-after-cannon',
    vector: 'T17: a tank fires its cannon; the coax in the same turn is refused',
    units: [
      veh('a', 'tank', 'tp.mediumTank', [5, 12], 0),
      veh('b', 'tgt', 'tp.halfTrack', [12, 12], 180),
      man('b', 'b.sq', 'm', [12, 14]),
    ],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [1] },
      { type: 'fire', unit: 'tank', weapon: 'tp.tankGun', target: 'tgt', ammo: 'AP' },
      { type: 'fire', unit: 'tank', weapon: 'tp.coax', target: 'm' },
    ],
    expected: {
      events: [{ type: 'ShotResolved', unit: 'tank', weapon: 'tp.tankGun', hit: false }],
      refused: [{ action: 4, reason: 'the coaxial MG may not fire in a turn the cannon fires' }],
    },
  },
  {
    name: 't18-aa-mg-after-moving',
    vector: 'T18: with the commander on the AA MG a tank may move at most half its 6" (TP-8.8)',
    units: [veh('a', 'tank', 'tp.mediumTank', [5, 12], 0), man('b', 'b.sq', 'm', [20, 12])],
    actions: [
      { type: 'move', unit: 'tank', path: [[9, 12]] },
      ...toFiring,
      { type: 'fire', unit: 'tank', weapon: 'tp.aaMg', target: 'm' },
    ],
    expected: {
      events: [{ type: 'UnitMoved', unit: 'tank', inches: 4 }],
      refused: [
        {
          action: 3,
          reason:
            'the tank moved 4.0" this turn; with the AA MG manned it may move at most half a move',
        },
      ],
    },
  },
  {
    name: 't19-light-tank-armour',
    vector: 'T19: light-tank armour in the BASIC catalog is F8 S6 R4',
    units: [
      veh('a', 'gun', 'tp.mediumTank', [5, 12], 0),
      veh('b', 'lt1', 'tp.lightTank', [8, 12], 180),
      veh('b', 'lt2', 'tp.lightTank', [5, 16], 0),
      veh('b', 'lt3', 'tp.lightTank', [5, 8], 270),
    ],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [6, 1] },
      { type: 'fire', unit: 'gun', weapon: 'tp.tankGun', target: 'lt1' },
      { type: 'endPhase', side: 'a' },
      { type: 'endPhase', side: 'b' },
    ],
    expected: {
      events: [{ type: 'PenetrationResolved', target: 'lt1', face: 'front', armour: 8 }],
    },
  },
  {
    name: 't20-recover-ammo',
    vector: 'T20: a wreck holding 3 AP + 1 HE yields 1 AP + 0 HE',
    units: [
      veh('a', 'mine', 'tp.mediumTank', [10, 12], 0, { ammo: { AP: 3, HE: 1 } }),
      veh('a', 'mate', 'tp.mediumTank', [10, 14.5], 0),
      veh('b', 'enemy', 'tp.mediumTank', [13, 12], 180),
    ],
    actions: [
      ...toFiring,
      { type: 'forceDice', rolls: [6, 6, 1, 1, 1, 1, 1] },
      { type: 'fire', unit: 'enemy', weapon: 'tp.tankGun', target: 'mine' },
      ...endTurn,
      { type: 'recoverAmmo', unit: 'mate', wreck: 'wreck.mine' },
    ],
    expected: {
      events: [
        { type: 'VehicleDestroyed', unit: 'mine', wreck: 'wreck.mine' },
        { type: 'TurnStarted', turn: 2 },
        {
          type: 'AmmoRecovered',
          unit: 'mate',
          wreck: 'wreck.mine',
          rounds: { AP: 1, HE: 0 },
          ruleId: 'TP-17.3',
        },
      ],
    },
  },
];

for (const c of cases) {
  const dir = fileURLToPath(
    new URL(`../../engine/rulesets/tankplank/golden/${c.name}/`, import.meta.url),
  );
  mkdirSync(dir, { recursive: true });
  const scenario = fixtureScenario({ title: c.vector, units: c.units, features: c.features ?? [] });
  writeFileSync(`${dir}scenario.json`, serializeDocument(scenario));
  writeFileSync(
    `${dir}actions.json`,
    `${JSON.stringify({ seed: 1, allowForcedDice: true, actions: c.actions }, null, 2)}\n`,
  );
  writeFileSync(
    `${dir}expected.json`,
    `${JSON.stringify({ vector: c.vector, ...c.expected }, null, 2)}\n`,
  );
}
console.log(`wrote ${cases.length} golden cases`);
