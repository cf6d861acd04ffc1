/**
 * Writes the TANKS golden cases (the digest's test vectors TK-E T1–T18, T16 excepted: it is a
 * set-up check, tested in engine/rulesets/tanks/setup.test.ts) under
 * engine/rulesets/tanks/golden/<case>/: scenario.json through `serializeDocument`, actions.json
 * (seed, forced dice, actions) and expected.json (events that must appear, in order, matched on
 * the fields given; refusals by index). Fixture models, not the book's examples (TK-A1).
 * Run: npx tsx scripts/catalogs/buildTanksGolden.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serializeDocument } from '../../engine/format';
import { replayLog, type LogEntry } from '../../engine/game/simulate';
import type { GameAction } from '../../engine/game/gameDef';
import { TANKS_BUNDLED } from '../../engine/rulesets/tanks/catalogs';
import {
  building,
  fixtureScenario,
  fixtureType,
  forest,
  type FixtureOptions,
} from '../../engine/rulesets/tanks/fixtures';
import { makeTanksGame } from '../../engine/rulesets/tanks/game';

interface Case {
  readonly name: string;
  readonly vector: string;
  readonly scenario: FixtureOptions;
  readonly seed?: number;
  readonly actions: LogEntry<GameAction>[];
  readonly expected: {
    events: Record<string, unknown>[];
    refused?: { action: number; reason: string }[];
  };
}

const end = (side: string) => ({ type: 'endPhase', side });
const dice = (...rolls: number[]) => ({ type: 'forceDice' as const, rolls });
const shoot = (unit: string, target: string, weapon = 'gun') => ({
  type: 'shoot',
  unit,
  target,
  weapon,
});

const duel = (a: string, b: string, over: Partial<FixtureOptions> = {}): FixtureOptions => ({
  models: [
    { id: 'a1', side: 'a', type: a, at: [18, 4], facing: 90 },
    { id: 'b1', side: 'b', type: b, at: [18, 30], facing: 270 },
  ],
  ...over,
});

/** The seed whose shuffled Critical deck has a repairable card on top (for T15). */
function seedWithRepairableOnTop(o: FixtureOptions): number {
  const made = makeTanksGame(fixtureScenario(o), TANKS_BUNDLED);
  if (typeof made === 'string') throw new Error(made);
  for (let seed = 1; seed < 500; seed++) {
    const top = made.game.newGame({ seed }).deck.draw[0]!;
    if (made.ctx.rules.cat.cards.get(top)?.effect?.['repairable'] === true) return seed;
  }
  throw new Error('no seed puts a repairable card on top');
}

const t15: FixtureOptions = duel('fx.tank', 'fx.heavy');

const alphaTypes = [
  fixtureType('fx.alpha', 'tank', { initiative: 5, attack: 4, defence: 2, damageCapacity: 3 }),
  fixtureType('fx.escort', 'helicopter', {
    initiative: 8,
    attack: 3,
    defence: 1,
    damageCapacity: 2,
  }),
  fixtureType('fx.t64a', 'tank', { initiative: 6, attack: 3, defence: 1, damageCapacity: 2 }),
  fixtureType('fx.t64b', 'tank', { initiative: 4, attack: 3, defence: 1, damageCapacity: 2 }),
];

const cases: Case[] = [
  {
    name: 't01-defence-pool-book-example',
    vector:
      'T1: Defence 2, in cover, shooter moved once, target stationary, side shot: 2+1+1-1 = 3 dice',
    scenario: {
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [26, 18], facing: 270 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 18], facing: 270 },
      ],
      features: [forest('wood', 18, 18, 3)],
    },
    actions: [
      end('b'),
      { type: 'move', unit: 'a1', heading: 270, distance: 1, facing: 270 },
      end('a'),
      dice(1, 1, 1, 1, 1, 1, 1),
      shoot('a1', 'b1'),
    ],
    expected: {
      events: [
        { type: 'ModelMoved', unit: 'a1', speedToken: 1 },
        { type: 'PhaseStarted', phase: 'shooting' },
        {
          type: 'DefenceRolled',
          unit: 'b1',
          base: 2,
          modifiers: [
            { value: 1, ruleId: 'TK-6.6' },
            { value: 1, ruleId: 'TK-5.8' },
            { value: -1, label: 'Side Shot', ruleId: 'TK-6.6' },
          ],
          pool: 3,
        },
      ],
    },
  },
  {
    name: 't02-attack-faces',
    vector: 'T2: Attack 4, not Stationary, rolls 2,5,6,6: 1 Hit and 2 Critical Hits',
    scenario: duel('fx.tank', 'fx.heavy'),
    actions: [
      end('b'),
      { type: 'move', unit: 'a1', heading: 90, distance: 1, facing: 90 },
      end('a'),
      dice(2, 5, 6, 6, 1, 2, 4, 6),
      shoot('a1', 'b1'),
    ],
    expected: {
      events: [
        {
          type: 'AttackRolled',
          unit: 'a1',
          rolls: [2, 5, 6, 6],
          rerolls: [],
          hits: 1,
          criticals: 2,
          ruleId: 'TK-6.3',
        },
      ],
    },
  },
  {
    name: 't03-cancel-sixes-then-fours',
    vector:
      'T3: defence 1,2,4,6 against 1 Hit and 2 Criticals: the target cancels a Critical with its 6, the shooter the Hit with the 4: 1 Critical, one card drawn',
    scenario: duel('fx.tank', 'fx.heavy'),
    actions: [
      end('b'),
      { type: 'move', unit: 'a1', heading: 90, distance: 1, facing: 90 },
      end('a'),
      dice(2, 5, 6, 6, 1, 2, 4, 6),
      shoot('a1', 'b1'),
      { type: 'cancel', side: 'b', criticals: 1 },
      { type: 'cancel', side: 'a', criticals: 0 },
    ],
    expected: {
      events: [
        { type: 'DefenceRolled', unit: 'b1', pool: 4, rolls: [1, 2, 4, 6], sixes: 1, fours: 1 },
        { type: 'Cancelled', by: 'target', side: 'b', hits: 0, criticals: 1, chosen: true },
        { type: 'Cancelled', by: 'shooter', side: 'a', hits: 1, criticals: 0, chosen: true },
        { type: 'CriticalCardDrawn', unit: 'b1' },
        { type: 'DamageTaken', unit: 'b1', hits: 0, criticals: 1 },
      ],
    },
  },
  {
    name: 't04-defence-cap',
    vector:
      'T4: Defence 3, shooter Speed 2, target Speed 3, Scout in cover: 3+2+3+2 = 10, capped at 6',
    scenario: {
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.fastScout', at: [18, 26], facing: 270 },
      ],
      features: [forest('wood', 18, 26, 3)],
    },
    actions: [
      { type: 'defend', unit: 'b1', tokens: 3 },
      { type: 'move', unit: 'a1', heading: 90, distance: 2, facing: 90 },
      { type: 'move', unit: 'a1', heading: 90, distance: 2, facing: 90 },
      dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
      shoot('a1', 'b1'),
    ],
    expected: {
      events: [
        { type: 'DefensiveMeasures', unit: 'b1', tokens: 3 },
        {
          type: 'DefenceRolled',
          unit: 'b1',
          base: 3,
          modifiers: [{ value: 2 }, { value: 3 }, { label: 'cover (Scout)', value: 2 }],
          raw: 10,
          pool: 6,
        },
      ],
    },
  },
  {
    name: 't05-missiles-on-the-move',
    vector: 'T5: a missile shooter at Speed 1 rolls 4,5,6: nothing, a Hit, a Critical',
    scenario: {
      models: [
        { id: 'm', side: 'a', type: 'fx.missileTank', at: [18, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 30], facing: 270 },
      ],
    },
    actions: [
      { type: 'move', unit: 'm', heading: 90, distance: 1, facing: 90 },
      end('a'),
      end('b'),
      end('b'),
      dice(4, 5, 6, 1, 1, 1, 1),
      shoot('m', 'b1', 'missiles'),
    ],
    expected: {
      events: [
        {
          type: 'AttackRolled',
          unit: 'm',
          weapon: 'missiles',
          pool: 'Missiles (4)',
          rolls: [4, 5, 6, 1],
          hitOn: [5],
          criticalOn: [6],
          hits: 1,
          criticals: 1,
          ruleId: 'TK-6.9',
        },
      ],
    },
  },
  {
    name: 't06-no-missiles-at-speed-3',
    vector: 'T6: a missile shooter with Speed token 3 cannot fire missiles (its gun still may)',
    scenario: {
      models: [
        { id: 'f', side: 'a', type: 'fx.fastMissile', at: [18, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 30], facing: 270 },
      ],
    },
    actions: [
      { type: 'defend', unit: 'f', tokens: 3 },
      end('b'),
      end('b'),
      shoot('f', 'b1', 'missiles'),
      dice(1, 1, 1, 1, 1, 1, 1, 1),
      shoot('f', 'b1', 'gun'),
    ],
    expected: {
      events: [
        { type: 'DefensiveMeasures', unit: 'f', tokens: 3 },
        { type: 'AttackRolled', unit: 'f', weapon: 'gun' },
      ],
      refused: [{ action: 3, reason: 'cannot fire missiles on the move' }],
    },
  },
  {
    name: 't07-aamg',
    vector:
      'T7: a tank with Attack 5 and no missiles shooting a low helicopter rolls 3 dice (AAMG)',
    scenario: {
      models: [
        { id: 'a1', side: 'a', type: 'fx.heavy', at: [18, 4], facing: 90 },
        { id: 'h', side: 'b', type: 'fx.heli', at: [18, 20], facing: 270 },
      ],
    },
    actions: [end('a'), end('b'), end('b'), dice(4, 4, 4, 1), shoot('a1', 'h')],
    expected: {
      events: [
        { type: 'AttackRolled', unit: 'a1', target: 'h', pool: 'AAMG', dice: 3, ruleId: 'TK-6.4' },
      ],
    },
  },
  {
    name: 't08-advantage-tie',
    vector: 'T8: both Advantage rolls equal: the Attacker has Advantage',
    scenario: duel('fx.tank', 'fx.tank', { attacker: 'b' }),
    actions: [end('a'), end('b'), end('b'), dice(3, 3), end('a')],
    expected: {
      events: [
        { type: 'PhaseStarted', phase: 'command', turn: 1 },
        { type: 'AdvantageRolled', rolls: { a: 3, b: 3 }, side: 'b', tie: true, ruleId: 'TK-7' },
        { type: 'TurnStarted', turn: 2 },
      ],
    },
  },
  {
    name: 't09-movement-tie',
    vector:
      'T9: an Initiative tie in the Movement phase with the Soviets (b) holding Advantage: the American (a) model moves first',
    scenario: duel('fx.tank', 'fx.tank', { attacker: 'b' }),
    actions: [
      { type: 'move', unit: 'b1', heading: 270, distance: 2, facing: 270 },
      { type: 'move', unit: 'a1', heading: 90, distance: 2, facing: 90 },
    ],
    expected: {
      events: [{ type: 'ModelMoved', unit: 'a1', move: 1 }],
      refused: [{ action: 0, reason: "it is tank's turn (Initiative 5)" }],
    },
  },
  {
    name: 't10-shooting-tie',
    vector: 'T10: the same tie in the Shooting phase: the Soviet (b) model shoots first',
    scenario: duel('fx.tank', 'fx.tank', { attacker: 'b' }),
    actions: [
      end('a'),
      end('b'),
      shoot('a1', 'b1'),
      dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
      shoot('b1', 'a1'),
    ],
    expected: {
      events: [
        { type: 'PhaseStarted', phase: 'shooting' },
        { type: 'AttackRolled', unit: 'b1' },
      ],
      refused: [{ action: 2, reason: "it is tank's turn (Initiative 5)" }],
    },
  },
  {
    name: 't11-final-fury',
    vector:
      'T11: a tank at its Damage Capacity still shoots in the Shooting phase (not with missiles) and is destroyed in Command step 1',
    scenario: {
      models: [
        { id: 'm', side: 'a', type: 'fx.missileTank', at: [18, 4], facing: 90 },
        { id: 'hv', side: 'b', type: 'fx.heavy', at: [18, 30], facing: 270 },
      ],
    },
    actions: [
      end('a'),
      end('b'),
      dice(4, 4, 4, 1, 1, 1, 1, 1, 1),
      shoot('hv', 'm'),
      shoot('m', 'hv', 'missiles'),
      dice(1, 1, 1, 1, 1, 1, 1, 1, 1),
      shoot('m', 'hv', 'gun'),
    ],
    expected: {
      events: [
        { type: 'DamageTaken', unit: 'm', damage: 3, capacity: 3 },
        { type: 'FinalFury', unit: 'm', ruleId: 'TK-6.2' },
        { type: 'AttackRolled', unit: 'm', weapon: 'gun' },
        { type: 'PhaseStarted', phase: 'command' },
        { type: 'TankDestroyed', unit: 'm', removed: false, ruleId: 'TK-7' },
        { type: 'GameEnded', winner: 'b' },
      ],
      refused: [{ action: 4, reason: 'Final Fury' }],
    },
  },
  {
    name: 't12-crash-landing',
    vector:
      'T12: a helicopter that reaches its Damage Capacity is removed at once and does not shoot later',
    scenario: {
      models: [
        { id: 'a2', side: 'a', type: 'fx.tank', at: [8, 4], facing: 90 },
        { id: 'h', side: 'a', type: 'fx.slowHeli', at: [18, 8], facing: 90 },
        { id: 'hv', side: 'b', type: 'fx.heavy', at: [18, 30], facing: 270 },
      ],
      types: [
        fixtureType('fx.slowHeli', 'helicopter', {
          initiative: 3,
          attack: 3,
          defence: 1,
          damageCapacity: 2,
        }),
      ],
      attacker: 'b',
    },
    actions: [
      end('a'),
      end('b'),
      end('a'),
      dice(4, 4, 4, 1),
      shoot('hv', 'h'),
      shoot('h', 'hv'),
      end('a'),
    ],
    expected: {
      events: [
        { type: 'AttackRolled', unit: 'hv', target: 'h', pool: 'AAMG', hits: 3 },
        { type: 'HelicopterCrashed', unit: 'h', ruleId: 'TK-6.2' },
        { type: 'PhaseStarted', phase: 'command', turn: 1 },
      ],
      refused: [{ action: 5, reason: 'out of the game' }],
    },
  },
  {
    name: 't13-cover-two-corners',
    vector: 'T13: a target tank with 2 of its 4 hull corners visible is in Cover',
    scenario: {
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 8], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 20], facing: 0 },
      ],
      features: [building('house', 16.5, 14, 3, 2)],
    },
    actions: [end('b'), end('a'), dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1), shoot('a1', 'b1')],
    expected: {
      events: [
        {
          type: 'DefenceRolled',
          unit: 'b1',
          modifiers: [
            { label: 'cover', value: 1, ruleId: 'TK-5.8' },
            { label: 'Side Shot', value: -1 },
          ],
        },
      ],
    },
  },
  {
    name: 't14-king-of-the-hill-turn-1',
    vector:
      'T14: King of the Hill: the only tank near the objective on turn 1 scores nothing; on turn 2 it scores 1 VP',
    scenario: {
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 14], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [4, 33], facing: 0 },
      ],
      features: [building('wall', 10, 25, 12, 2)],
      options: { mission: 'tanks.kingOfTheHill' },
      objectives: [
        {
          id: 'hill',
          name: 'Hill',
          kind: 'vpPerTurn',
          area: { shape: 'point', at: [18, 18] },
          vpPerTurn: 1,
          skipFirstTurn: true,
        },
      ],
      victory: [
        { id: 'a-vp', kind: 'mostVictoryPoints', side: 'a', points: 3, result: 'win' },
        { id: 'b-vp', kind: 'mostVictoryPoints', side: 'b', points: 3, result: 'win' },
      ],
    },
    actions: [end('b'), end('a'), end('a'), end('b'), end('b'), end('a'), end('a'), end('b')],
    expected: {
      events: [
        { type: 'PhaseStarted', phase: 'command', turn: 1 },
        { type: 'TurnStarted', turn: 2 },
        { type: 'PhaseStarted', phase: 'command', turn: 2 },
        { type: 'VictoryPoints', side: 'a', objective: 'hill', vp: 1, total: 1 },
      ],
    },
  },
  {
    name: 't15-repair',
    vector:
      'T15: repair rolls of 3 and then 4: the first fails, the second discards the card; its damage stays',
    scenario: t15,
    seed: seedWithRepairableOnTop(t15),
    actions: [
      end('b'),
      { type: 'move', unit: 'a1', heading: 90, distance: 1, facing: 90 },
      end('a'),
      // One Critical, no Hit; the defence rolls blanks.
      dice(6, 1, 1, 1, 1, 1, 1, 1),
      shoot('a1', 'b1'),
      dice(3),
      end('b'),
      end('b'),
      end('a'),
      dice(1, 1, 1, 1, 1, 1, 1, 1),
      shoot('a1', 'b1'),
      dice(4),
      end('b'),
    ],
    expected: {
      events: [
        { type: 'CriticalCardDrawn', unit: 'b1', repairable: true },
        { type: 'RepairRolled', unit: 'b1', roll: 3, repaired: false, ruleId: 'TK-7' },
        { type: 'TurnStarted', turn: 2 },
        { type: 'RepairRolled', unit: 'b1', roll: 4, repaired: true },
        { type: 'Deck', event: { type: 'discard', hand: 'b1' } },
      ],
    },
  },
  {
    name: 't17-defence-zero-removed',
    vector: 'T17: a destroyed tank with base Defence 0 is removed and leaves no wreck',
    scenario: duel('fx.tank', 'fx.buggy'),
    actions: [end('b'), end('a'), dice(4, 4, 1, 1, 1, 1), shoot('a1', 'b1'), end('b')],
    expected: {
      events: [
        { type: 'DefenceRolled', unit: 'b1', pool: 0 },
        { type: 'FinalFury', unit: 'b1' },
        { type: 'TankDestroyed', unit: 'b1', removed: true, ruleId: 'TK-7' },
        { type: 'GameEnded', winner: 'a' },
      ],
    },
  },
  {
    name: 't18-alpha-66-all-destroyed',
    vector:
      'T18: Alpha 66: all three tanks destroyed in the same Command phase: the Americans (a) win',
    scenario: {
      models: [
        { id: 'alpha', side: 'a', type: 'fx.alpha', at: [18, 4], facing: 90 },
        { id: 'escort', side: 'a', type: 'fx.escort', at: [10, 8], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.t64a', at: [12, 30], facing: 270 },
        { id: 'b2', side: 'b', type: 'fx.t64b', at: [24, 30], facing: 270 },
      ],
      types: alphaTypes,
      victory: [
        {
          id: 'usa-wins',
          kind: 'destroyUnits',
          side: 'a',
          units: ['b1', 'b2'],
          result: 'win',
          description:
            'The Americans win when both T-64s are destroyed, even if Alpha 66 falls with them',
        },
        {
          id: 'sov-wins',
          kind: 'destroyUnits',
          side: 'b',
          units: ['alpha'],
          result: 'win',
          description: 'The Soviets win when Alpha 66 is destroyed',
        },
      ],
    },
    actions: [
      end('b'),
      end('a'),
      end('b'),
      end('a'),
      dice(4, 4, 4, 1),
      shoot('escort', 'b1'),
      dice(4, 4, 4, 1, 1),
      shoot('b1', 'alpha'),
      dice(4, 4, 4, 4, 1),
      shoot('alpha', 'b2'),
      end('b'),
    ],
    expected: {
      events: [
        { type: 'FinalFury', unit: 'b1' },
        { type: 'FinalFury', unit: 'alpha' },
        { type: 'FinalFury', unit: 'b2' },
        { type: 'TankDestroyed', unit: 'alpha' },
        { type: 'TankDestroyed', unit: 'b1' },
        { type: 'TankDestroyed', unit: 'b2' },
        { type: 'GameEnded', winner: 'a' },
      ],
    },
  },
];

const root = fileURLToPath(new URL('../../engine/rulesets/tanks/golden/', import.meta.url));
let bad = 0;
for (const c of cases) {
  const dir = `${root}${c.name}/`;
  // Only this generator's own cases are rewritten: the hand-kept cases beside them (tk2, tk9) stay.
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const doc = fixtureScenario({ ...c.scenario, title: c.vector });
  writeFileSync(`${dir}scenario.json`, serializeDocument(doc));
  writeFileSync(
    `${dir}actions.json`,
    `${JSON.stringify({ seed: c.seed ?? 1, allowForcedDice: true, actions: c.actions }, null, 2)}\n`,
  );
  writeFileSync(
    `${dir}expected.json`,
    `${JSON.stringify({ vector: c.vector, ...c.expected }, null, 2)}\n`,
  );
  // Play it here too, so a case that does not say what it means is caught when it is written.
  const made = makeTanksGame(doc, TANKS_BUNDLED);
  if (typeof made === 'string') throw new Error(`${c.name}: ${made}`);
  const r = replayLog(made.game, made.game.newGame({ seed: c.seed ?? 1 }), c.actions, {
    allowForcedDice: true,
  });
  const refusedAt = r.refused.map((x) => x.action);
  const want = (c.expected.refused ?? []).map((x) => x.action);
  if (JSON.stringify(refusedAt) !== JSON.stringify(want)) {
    bad++;
    console.error(
      `${c.name}: refused ${JSON.stringify(r.refused)}, expected ${JSON.stringify(want)}`,
    );
    for (const e of r.events) console.error(`  #${e.action} ${JSON.stringify(e.event)}`);
  }
}
console.log(
  `wrote ${cases.length} TANKS golden cases${bad ? `; ${bad} refuse differently than expected` : ''}`,
);
