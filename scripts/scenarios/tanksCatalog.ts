/**
 * The TANKS core catalog as data: models, cards, the Measuring Arrow and the rules the engine
 * reads (seed 004; the wording is ours).
 */
import type { CatalogDoc, UnitType } from '../../engine/format/index';
import { CREATED, envelope } from './common';

/** Stand-in Measuring Arrow (TK-G1): the seed never gives its size. Also in the placeholder catalog. */
export const MA_TAIL = 4;

export const MA_TOTAL = 6;

export const TABLE = 36;

const SRC = (lines: string) => `seed 004 ${lines}`;

// ---------------------------------------------------------------- catalogs

const model = (
  id: string,
  name: string,
  nation: string,
  lines: string,
  extra: Partial<UnitType> = {},
): UnitType => ({
  id: `tanks.${id}`,
  name,
  class: 'tank',
  mobility: 'tracked',
  nation,
  ...(nation === 'Soviet' ? { alliance: 'WarsawPact' } : { alliance: 'NATO' }),
  source: SRC(lines),
  ...extra,
});

const MODELS: UnitType[] = [
  model('t64', 'T-64', 'Soviet', 'L131 (model), L1186 (Initiative 4), L1204 (Defence 1)', {
    stats: { initiative: 4, defence: 1 },
  }),
  model(
    'm1',
    'M1 Abrams',
    'US',
    'L115 (model), L1196 (Initiative 6), L795/L1200 (Attack 4), L851 (Defence 2)',
    {
      stats: { initiative: 6, attack: 4, defence: 2 },
    },
  ),
  model('m60', 'M60', 'US', 'L465, L507 (Initiative 6 in the set-up example)', {
    stats: { initiative: 6 },
  }),
  model('m901', 'M901 ITV', 'US', 'L119'),
  model('bmp2', 'BMP-2', 'Soviet', 'L135'),
  model('amx30', 'AMX-30', 'France', 'L147'),
  model('amx10p', 'AMX-10P', 'France', 'L151'),
  model('chieftain', 'Chieftain', 'UK', 'L163'),
  model('swingfire', 'Swingfire', 'UK', 'L167'),
  model('striker', 'Striker', 'UK', 'L660 (Forward Firing)', { keywords: ['Forward Firing'] }),
  model('leopard2', 'Leopard 2', 'West Germany', 'L179'),
  model('leopard1', 'Leopard 1', 'West Germany', 'L183'),
  model('hind', 'Hind', 'Soviet', 'L235 (helicopter), L563 (Initiative 7)', {
    class: 'helicopter',
    mobility: 'air',
    stats: { initiative: 7 },
  }),
  model('cobra', 'Cobra', 'US', 'L563 (Initiative 7), L991-L993 (Rapid Fire 5)', {
    class: 'helicopter',
    mobility: 'air',
    keywords: ['Rapid Fire (5)'],
    stats: { initiative: 7, rapidFire: 5 },
  }),
];

const KEYWORDS: [string, string, string][] = [
  ['Advanced Stabiliser', 'May re-roll up to two attack dice when shooting.', 'L955'],
  ['Artillery', 'Its line of sight may pass through other tanks.', 'L959'],
  ['Brutal', 'After the attack roll, one Hit becomes a Critical Hit.', 'L963'],
  ['Fast', 'A tank with Speed 3 instead of 2.', 'L967'],
  [
    'Forward Firing',
    'Sees from the middle of its hull front and only shoots ahead (TK-5.6).',
    'L971, L638-L685',
  ],
  ['Hammerhead', 'Cover adds three defence dice instead of one.', 'L975'],
  [
    'Predator',
    'Must move every turn; may re-roll up to two attack dice; missiles ignore shooting on the move.',
    'L979-L983',
  ],
  [
    'Rapid Fire (X)',
    'Rolls X attack dice against helicopters and against models with no base Defence.',
    'L985-L993',
  ],
  ['Scout', 'Cover adds two defence dice instead of one.', 'L995'],
  ['Spearhead', 'Right after deploying it may make moves up to its Speed.', 'L999-L1001'],
  ['Stabiliser', 'May re-roll one attack die when shooting.', 'L1003'],
  ['Wheeled', 'Only one move in a turn in which it moves into or out of terrain.', 'L1007-L1009'],
  [
    'Missiles (X)',
    'May roll X dice against tanks or helicopters instead; limits in TK-6.9.',
    'L1011-L1036',
  ],
];

/** A stat printed in an example of the rules, and which example prints it (TK-A1). */
const ex = (model: string, stat: string, value: number, example: string, lines: string) => ({
  model,
  stat,
  value,
  example,
  source: SRC(lines),
});

type Choice = boolean | number | string;

/**
 * Every ambiguity of the digest (TK-A1 to TK-A25) as a named option: the recommended reading is
 * the default, the alternatives are the other readings the rules engine plays. Summaries are ours.
 */
const INTERPRETATIONS: [string, string, Choice, Choice[], string, string][] = [
  [
    'TK-A1',
    'exampleStats',
    'firstGame',
    ['setup'],
    'L507-L509, L1186-L1204',
    'The walk-through and Your First Game print different Initiatives; by default a model uses the Your First Game numbers, "setup" takes the walk-through\'s.',
  ],
  [
    'TK-A2',
    'arrowStemIsTail',
    true,
    [],
    'L537, L1188',
    'One passage squares the tank against the stem of the arrow, the rest against its tail: both mean the Tail.',
  ],
  [
    'TK-A3',
    'commandOrder',
    'detailed',
    ['overview'],
    'L447, L921-L949',
    'The overview lists the Command steps in another order; by default destroy, victory, repair, advantage, reset; "overview" repairs before victory is checked.',
  ],
  [
    'TK-A4',
    'victoryCheckedIn',
    'commandStep2',
    [],
    'L931-L935',
    'The no-tanks-left rule says "at any point", but tanks are only destroyed in the Command phase: it is checked in Command step 2, and helicopters do not count as tanks.',
  ],
  [
    'TK-A5',
    'lowHelicopterSightBlockedByTanks',
    false,
    [true],
    'L644, L727',
    "A low helicopter's line of sight is blocked by forests, buildings and wrecks; by default working tanks do not block it (they block only other tanks).",
  ],
  [
    'TK-A6',
    'ignoreUnderlyingMode',
    'piece',
    ['footprint'],
    'L739',
    'A shooter ignores the whole terrain piece its model stands in, for sight and cover; "footprint" ignores only the part under the model.',
  ],
  [
    'TK-A7',
    'forestBlocks',
    'crossed',
    ['touched'],
    'L717-L721',
    'A line that goes into a forest and out again is blocked; one that ends inside only conceals; "touched" blocks any line that meets a forest other than the shooter\'s own.',
  ],
  [
    'TK-A8',
    'helicopterFrontLine',
    'baseCentre',
    [],
    'L687, L833',
    'The front of a helicopter (side shots at it, its arc) is the line through the centre of its base across its facing.',
  ],
  [
    'TK-A9',
    'tankFinalFacing',
    'squareToArrow',
    ['any'],
    'L537, L1188',
    'A tank ends a move facing along the arrow, back along it or across it; "any" lets it end at any facing.',
  ],
  [
    'TK-A10',
    'defenceFloor',
    0,
    [],
    'L835',
    'Only a maximum of six defence dice is printed; a pool never goes below none.',
  ],
  [
    'TK-A11',
    'stabiliserTargets',
    'anyDie',
    ['failedOnly'],
    'L425-L427, L955, L1003',
    'Each die is re-rolled at most once; Stabiliser-type re-rolls may take any die not re-rolled yet, "failedOnly" only a failed one. The engine\'s re-roll policy re-rolls failed dice, so both play the same.',
  ],
  [
    'TK-A12',
    'cancelOrder',
    'targetFirst',
    ['shooterFirst'],
    'L857-L893',
    'The target allocates its 6s first, then the shooter its 4s and 5s, as in the worked example; "shooterFirst" swaps them.',
  ],
  [
    'TK-A13',
    'closeRangeMeasure',
    'footprints',
    ['centres'],
    'L829-L831',
    'Close Range is the gap between the two hulls or bases; "centres" measures centre to centre.',
  ],
  [
    'TK-A14',
    'wheeledTerrain',
    'enterLeaveOrCross',
    ['enterOrLeave'],
    'L1007-L1009',
    'A wheeled model that starts, ends or passes through any terrain piece in a move makes only that one move this turn; "enterOrLeave" ignores passing through.',
  ],
  [
    'TK-A15',
    'spearheadLeavesTokens',
    false,
    [],
    'L999-L1001',
    'Moves made right after deployment leave no Speed token.',
  ],
  [
    'TK-A16',
    'tanksPassThroughTanks',
    false,
    [true],
    'L545-L549',
    'Tanks may not move through or end on other tanks, and wrecks are impassable; with true a tank may pass over a working tank but not end on it.',
  ],
  [
    'TK-A17',
    'predatorMustMove',
    'realMoveIfLegal',
    ['tokensSuffice'],
    'L979-L983',
    'A Predator must make a real move when one is legal, otherwise Defensive Measures do; "tokensSuffice" accepts Defensive Measures at any time.',
  ],
  [
    'TK-A18a',
    'noRetreatPerObjective',
    false,
    [true],
    'L1128-L1136',
    'No Retreat scores at most 1 VP a turn; true scores 1 VP per objective held.',
  ],
  [
    'TK-A18b',
    'noRetreatExcludeTurn1',
    false,
    [true],
    'L1128-L1136',
    'No Retreat may score on turn 1 (and on turn 8); true skips turn 1 like the other missions.',
  ],
  [
    'TK-A19',
    'freeForAllSameObjective',
    true,
    [],
    'L1110-L1120',
    'In Free-for-All the enemy must not hold the same objective you score.',
  ],
  [
    'TK-A20',
    'rapidFireMeans',
    'dice',
    ['plus'],
    'L985-L993',
    'Rapid Fire (X) rolls X attack dice; "plus" adds X to the Attack.',
  ],
  [
    'TK-A21',
    'aamgKeepsRerolls',
    true,
    [false],
    'L783-L789',
    'AAMG fire keeps re-rolls, Brutal and crew effects that do not change Base Attack; false drops them.',
  ],
  [
    'TK-A22',
    'repairMeansCritical',
    true,
    [],
    'L1230',
    'The first game\'s "Damage card" to repair is a Critical card.',
  ],
  [
    'TK-A23',
    'rollOffTies',
    'reroll',
    [],
    'L473, L479',
    'Tied roll-offs for terrain and roles are rolled again.',
  ],
  [
    'TK-A24',
    'objectivesNearTerrain',
    true,
    [],
    'L475, L1100',
    'The one-arrow spacing applies to terrain pieces only: an objective may lie near terrain.',
  ],
  [
    'TK-A25',
    'tankAceTimeoutTie',
    'draw',
    [],
    'L1090-L1096',
    'Tank Ace ending on time with equal points destroyed is a draw.',
  ],
];

export function buildTanksCatalog(): CatalogDoc {
  return {
    ...envelope('sandtable.catalog'),
    meta: {
      title: 'TANKS: The Modern Age — rules data from the starter rules',
      author: 'Sandtable',
      created: CREATED,
      source: 'Seed 004 (TANKS: The Modern Age starter rules); digest tanks-modern-age.md',
      description:
        'Only what the starter rules state: the models they name with the few stats their examples print (the examples disagree, TK-A1: the numbers here are those of Your First Game), the keywords, the cards the Alpha 66 scenario names, the terrain rules, missions and fixed numbers. Everything the rules leave out (Measuring Arrow size, damage capacities, points, card effects, the Critical deck) is in tanks.placeholder.catalog.json, which only fills what this catalog lacks.',
    },
    id: 'tanks.core',
    ruleset: 'tanks',
    layer: 'base',
    units: MODELS,
    terrainTypes: [
      {
        id: 'forest',
        name: 'Forest',
        appliesTo: 'table',
        rules: {
          impassableTo: ['lowHelicopter'],
          blocksLOSFor: ['tank', 'lowHelicopter'],
          concealing: true,
        },
        stats: {
          blocksOnlyWhenCrossed: true,
          concealsTanksInside: true,
          concealsForHighHelicopters: true,
        },
        source: SRC('L591-L593, L717-L721'),
      },
      {
        id: 'building',
        name: 'Building',
        appliesTo: 'table',
        rules: { impassableTo: ['tank', 'lowHelicopter'], blocksLOSFor: ['tank', 'lowHelicopter'] },
        source: SRC('L595-L597, L723-L725'),
      },
      {
        id: 'destroyedTank',
        name: 'Destroyed tank',
        appliesTo: 'table',
        rules: { impassableTo: ['tank', 'lowHelicopter'], blocksLOSFor: ['tank', 'lowHelicopter'] },
        source: SRC('L727-L729, L925-L927'),
      },
    ],
    cards: [
      {
        id: 'tanks.platoon.redBanner',
        name: 'Red Banner',
        cardType: 'platoon',
        nations: ['Soviet'],
        alliance: 'WarsawPact',
        text: 'Soviet platoon card used by the Alpha 66 scenario; its special rules are not in the starter rules.',
        source: SRC('L1292-L1294'),
      },
      {
        id: 'tanks.platoon.teamYankee',
        name: 'Team Yankee',
        cardType: 'platoon',
        nations: ['US'],
        alliance: 'NATO',
        text: 'American platoon card used by the Alpha 66 scenario; its special rules are not in the starter rules.',
        source: SRC('L1300-L1302'),
      },
      {
        id: 'tanks.upgrade.alpha66',
        name: 'Alpha 66',
        cardType: 'upgrade',
        nations: ['US'],
        appliesTo: ['tanks.m1'],
        text: 'Upgrade card for the M1 Abrams that gives the Alpha 66 scenario its name; effect not in the starter rules.',
        source: SRC('L1304-L1306'),
      },
      {
        id: 'tanks.crew.bannon',
        name: 'Sean Bannon',
        cardType: 'crew',
        nations: ['US'],
        text: 'Tank commander of Alpha 66 (he rides in the commander’s cupola in the scenario story).',
        effect: { crewType: 'commander' },
        source: SRC('L1238, L1307'),
      },
      {
        id: 'tanks.crew.folk',
        name: 'Robert Folk',
        cardType: 'crew',
        nations: ['US'],
        text: 'Gunner of Alpha 66 (he fires the main gun in the scenario story).',
        effect: { crewType: 'gunner' },
        source: SRC('L1278-L1284, L1308'),
      },
      {
        id: 'tanks.crew.kelp',
        name: 'Richard Kelp',
        cardType: 'crew',
        nations: ['US'],
        text: 'Loader of Alpha 66 (he loads the rounds in the scenario story).',
        effect: { crewType: 'loader' },
        source: SRC('L1274-L1276, L1309'),
      },
      {
        id: 'tanks.crew.ortelli',
        name: 'Joseph Ortelli',
        cardType: 'crew',
        nations: ['US'],
        text: 'Fourth crew card of Alpha 66; his post is not stated (the placeholder catalog assumes driver).',
        source: SRC('L1310'),
      },
      {
        id: 'tanks.critical.stunnedCrew',
        name: 'Stunned Crew',
        cardType: 'critical',
        text: 'Lowers two of the model’s stats by one each; which two is lost with the icons in the source (the placeholder catalog assumes Initiative and Attack).',
        source: SRC('L307-L311'),
      },
      {
        id: 'tanks.critical.ammoExplosion',
        name: 'Ammo Explosion',
        cardType: 'critical',
        text: 'Makes the model discard all its Ammo cards, hidden ones included; any other effect is not in the source.',
        effect: { discardCardType: 'ammo' },
        source: SRC('L243'),
      },
    ],
    tables: {
      keywords: {
        description: 'Model keywords and what they do, in our words.',
        ruleId: 'TK-10',
        columns: ['keyword', 'effect', 'source'],
        rows: KEYWORDS.map(([keyword, effect, lines]) => ({ keyword, effect, source: SRC(lines) })),
        source: SRC('L953-L1036'),
      },
      interpretations: {
        description:
          'Interpretation registry: every ambiguity of the rules as a named option with the recommended default (digest TK-A1 to TK-A25).',
        columns: ['id', 'option', 'default', 'alternatives', 'source', 'ruleId', 'summary'],
        rows: INTERPRETATIONS.map(([id, option, def, alternatives, lines, summary]) => ({
          id,
          option,
          default: def,
          alternatives,
          source: SRC(lines),
          ruleId: id.replace(/[ab]$/, ''),
          summary,
        })),
        source: 'digest tanks-modern-age.md section A, on seed 004',
      },
      optionalRules: {
        description: 'Set-up choices a scenario can switch on (Rules tab).',
        columns: ['id', 'name', 'description', 'ruleId', 'kind', 'group'],
        rows: [
          {
            id: 'terrainPlacedByPlayers',
            name: 'Terrain placed by the players',
            description:
              'The map’s two forests and four buildings start off the table: the players roll off and take turns putting them down in the game, each one Measuring Arrow clear of every edge and every other piece. Their shapes and sizes are the ones drawn here; where they stand in the editor does not matter.',
            ruleId: 'TK-2.2',
            kind: 'option',
            group: '',
          },
        ],
        source: SRC('L473-L475'),
      },
      exampleStats: {
        description:
          'Every model stat the rules print in examples, with the example it comes from (setup: the set-up walk-through; firstGame: Your First Game). They disagree (TK-A1); the unit entries use the Your First Game values, and interpretation TK-A1 can take the set-up ones instead.',
        ruleId: 'TK-A1',
        columns: ['model', 'stat', 'value', 'example', 'source'],
        rows: [
          ex('tanks.m60', 'initiative', 6, 'setup', 'L507'),
          ex('tanks.t64', 'initiative', 6, 'setup', 'L507'),
          ex('tanks.t64', 'initiative', 4, 'firstGame', 'L1186'),
          ex('tanks.t64', 'defence', 1, 'firstGame', 'L1204'),
          ex('tanks.m1', 'initiative', 8, 'setup', 'L509'),
          ex('tanks.m1', 'initiative', 6, 'firstGame', 'L1196'),
          ex('tanks.m1', 'attack', 4, 'firstGame', 'L795, L1200'),
          ex('tanks.m1', 'defence', 2, 'firstGame', 'L851'),
          ex('tanks.hind', 'initiative', 7, 'movement', 'L563'),
          ex('tanks.cobra', 'initiative', 7, 'movement', 'L563'),
          ex('tanks.cobra', 'rapidFire', 5, 'keywords', 'L993'),
        ],
        source: SRC('L507-L509, L563, L795, L851, L993, L1186-L1204'),
      },
      defencePool: {
        description:
          'How the defence dice pool is built, in order; capped at maxDefenceDice, never below 0.',
        ruleId: 'TK-6.6',
        columns: ['step', 'change', 'when'],
        rows: [
          { step: 1, change: 'base', when: 'the target’s base Defence' },
          { step: 2, change: 1, when: 'per move the shooter made this turn (its Speed token)' },
          { step: 3, change: 1, when: 'per move the target made this turn' },
          { step: 4, change: 1, when: 'the target has Cover (Scout 2, Hammerhead 3)' },
          { step: 5, change: -1, when: 'the shooter is within one Measuring Arrow of the target' },
          {
            step: 6,
            change: -1,
            when: 'side shot: part of the shooter’s hull is behind the target’s front',
          },
        ],
        source: SRC('L811-L835'),
      },
      missileShootingOnTheMove: {
        description: 'Missile hits and criticals by the shooter’s Speed token.',
        ruleId: 'TK-6.9',
        columns: ['speed', 'hitOn', 'criticalOn', 'canShoot'],
        rows: [
          { speed: 0, hitOn: [4, 5], criticalOn: [6], canShoot: true },
          { speed: 1, hitOn: [5], criticalOn: [6], canShoot: true },
          { speed: 2, hitOn: [6], criticalOn: [], canShoot: true },
          { speed: 3, hitOn: [], criticalOn: [], canShoot: false },
        ],
        source: SRC('L1030-L1036'),
      },
      commandPhase: {
        description: 'The five steps of the Command phase, in order.',
        ruleId: 'TK-7',
        columns: ['step', 'id', 'what'],
        rows: [
          {
            step: 1,
            id: 'destroy',
            what: 'Tanks with damage at or over capacity are destroyed; base Defence 0 tanks are removed, others leave a wreck.',
          },
          {
            step: 2,
            id: 'victory',
            what: 'Check the mission’s victory conditions; a side with no tanks left loses.',
          },
          {
            step: 3,
            id: 'repair',
            what: 'Each model may try to repair one Repairable Critical card on a 4+.',
          },
          {
            step: 4,
            id: 'advantage',
            what: 'Both roll a die; the higher has Advantage next turn, the Attacker on a tie.',
          },
          {
            step: 5,
            id: 'reset',
            what: 'Remove Speed tokens and shuffle discarded Critical cards back into the deck.',
          },
        ],
        source: SRC('L921-L949'),
      },
      missions: {
        description: 'The four missions: set-up, scoring and how to win.',
        ruleId: 'TK-9',
        columns: ['id', 'objectives', 'scoring', 'winVP', 'turnLimit', 'skipFirstTurn'],
        rows: [
          {
            id: 'tankAce',
            objectives: 0,
            scoring: 'none; last side with tanks wins',
            winVP: null,
            turnLimit: null,
            skipFirstTurn: null,
          },
          {
            id: 'kingOfTheHill',
            objectives: 1,
            scoring: 'one token in the table centre',
            winVP: 3,
            turnLimit: null,
            skipFirstTurn: true,
          },
          {
            id: 'freeForAll',
            objectives: 2,
            scoring: 'each side scores the token it placed near the enemy edge',
            winVP: 2,
            turnLimit: null,
            skipFirstTurn: true,
          },
          {
            id: 'noRetreat',
            objectives: 2,
            scoring: 'Attacker only, at most 1 VP per turn (TK-A18)',
            winVP: 2,
            turnLimit: 8,
            skipFirstTurn: false,
          },
        ],
        source: SRC('L1081-L1136'),
      },
    },
    constants: {
      tableWidth: 36,
      tableDepth: 36,
      forestsPerGame: 2,
      buildingsPerGame: 4,
      terrainSpacingArrows: 1,
      speedTank: 2,
      speedFastTank: 3,
      speedHelicopter: 3,
      attackHitMin: 4,
      attackHitMax: 5,
      attackCriticalOn: 6,
      defenceCancelMin: 4,
      maxDefenceDice: 6,
      aamgDice: 3,
      repairOn: 4,
      maxRerollsPerDie: 1,
      maxModificationsPerDie: 1,
      pointsFirstGames: 50,
      pointsFull: 100,
      pointsAlpha66Variant: 40,
      'layout.required.forest': 2,
      'layout.required.building': 4,
      'layout.pieceKinds': 'forest,building',
      'layout.spacing': 'measuringArrow.totalLength',
    },
  };
}
