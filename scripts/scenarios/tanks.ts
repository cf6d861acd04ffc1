/**
 * Builds the TANKS: The Modern Age files (seed 004, digest tanks-modern-age.md): the catalog of
 * what the seed states, the placeholder catalog of what it lacks, and the two scenarios of the
 * starter rules, "Your First Game" and "Last Battle of Alpha 66".
 */
import { join } from 'node:path';
import type { CatalogDoc, Feature, Point, ScenarioDoc, UnitType } from '../../engine/format/index';
import { CATALOGS_DIR, CREATED, SCENARIOS_DIR, envelope, pt, writeDoc } from './common';

/** Stand-in Measuring Arrow (TK-G1): the seed never gives its size. Also in the placeholder catalog. */
const MA_TAIL = 4;
const MA_TOTAL = 6;
const TABLE = 36;

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

export function buildTanksPlaceholderCatalog(): CatalogDoc {
  const stand = (
    id: string,
    name: string,
    cls: UnitType['class'],
    stats: Record<string, number>,
    size: [number, number],
    points: number,
  ): UnitType => ({
    id,
    name,
    class: cls,
    points,
    stats,
    slots: { crew: cls === 'tank' ? 4 : 2 },
    size: { width: size[0], length: size[1] },
    placeholder: true,
  });
  return {
    ...envelope('sandtable.catalog'),
    meta: {
      title: 'TANKS: The Modern Age — placeholder values',
      author: 'Sandtable',
      created: CREATED,
      description:
        'Stand-ins for what the starter rules leave out, so the scenarios can be played: the Measuring Arrow size, full stat lines for the two tanks of the bundled scenarios and for the two helicopters the rules name (the Hind’s Missiles (4) is ours too), the effects and costs of the named cards, and a small Critical deck. None of these numbers come from the source; replace them with the printed cards when available. Like the Tankplank placeholders, this file extends the sourced catalog and only fills what it lacks: tanks.catalog.json wins wherever the source gives a value.',
    },
    id: 'tanks.placeholder',
    ruleset: 'tanks',
    layer: 'placeholder',
    extends: ['tanks.core'],
    placeholder: true,
    units: [
      stand(
        'tanks.t64',
        'T-64',
        'tank',
        // Attack and Damage Capacity are stand-ins, set so that bot-against-bot games of Your First
        // Game and Alpha 66 are not one-sided (measured with sandtable lab; README).
        { initiative: 4, attack: 4, defence: 1, damageCapacity: 4 },
        [1.35, 2.6],
        22,
      ),
      stand(
        'tanks.m1',
        'M1 Abrams',
        'tank',
        { initiative: 6, attack: 4, defence: 2, damageCapacity: 4 },
        [1.45, 3.1],
        30,
      ),
      // Helicopters stand on a round base (helicopter.baseDiameter), so they carry no hull size.
      {
        id: 'tanks.hind',
        name: 'Hind',
        class: 'helicopter',
        points: 20,
        stats: { initiative: 7, attack: 3, defence: 1, damageCapacity: 2 },
        keywords: ['Missiles (4)'],
        slots: { crew: 2, ammo: 2 },
        placeholder: true,
      },
      {
        id: 'tanks.cobra',
        name: 'Cobra',
        class: 'helicopter',
        points: 18,
        stats: { initiative: 7, attack: 2, defence: 1, damageCapacity: 2 },
        slots: { crew: 2, ammo: 2 },
        placeholder: true,
      },
    ],
    cards: [
      {
        id: 'tanks.platoon.redBanner',
        name: 'Red Banner',
        cardType: 'platoon',
        points: 0,
        text: 'Stand-in: no special rule.',
        placeholder: true,
      },
      {
        id: 'tanks.platoon.teamYankee',
        name: 'Team Yankee',
        cardType: 'platoon',
        points: 0,
        text: 'Stand-in: no special rule.',
        placeholder: true,
      },
      {
        id: 'tanks.platoon.sharpshooters',
        name: 'Sharpshooters',
        cardType: 'platoon',
        nations: ['US'],
        alliance: 'NATO',
        points: 0,
        text: 'Stand-in for the American rule the starter rules give as an example (Sharpshooter): when shooting, each Critical rolled may be turned into two Hits, and a die changed so is not modified again (TK-6.12).',
        effect: { criticalToTwoHits: true },
        placeholder: true,
      },
      {
        id: 'tanks.upgrade.alpha66',
        name: 'Alpha 66',
        cardType: 'upgrade',
        points: 2,
        text: 'Stand-in: +1 damage capacity.',
        effect: { damageCapacity: 1 },
        placeholder: true,
      },
      {
        id: 'tanks.crew.bannon',
        name: 'Sean Bannon',
        cardType: 'crew',
        points: 2,
        hero: true,
        text: 'Stand-in: +1 Initiative.',
        effect: { crewType: 'commander', initiative: 1 },
        placeholder: true,
      },
      {
        id: 'tanks.crew.folk',
        name: 'Robert Folk',
        cardType: 'crew',
        points: 2,
        hero: true,
        text: 'Stand-in: re-roll one attack die.',
        effect: { crewType: 'gunner', rerollAttackDice: 1 },
        placeholder: true,
      },
      {
        id: 'tanks.crew.kelp',
        name: 'Richard Kelp',
        cardType: 'crew',
        points: 2,
        hero: true,
        text: 'Stand-in: once per game, +1 attack die.',
        effect: { crewType: 'loader', attackOncePerGame: 1 },
        placeholder: true,
      },
      {
        id: 'tanks.crew.ortelli',
        name: 'Joseph Ortelli',
        cardType: 'crew',
        points: 2,
        hero: true,
        text: 'Stand-in driver: +1 defence die when the tank moved.',
        effect: { crewType: 'driver', defenceWhenMoved: 1 },
        placeholder: true,
      },
      {
        id: 'tanks.critical.stunnedCrew',
        name: 'Stunned Crew',
        cardType: 'critical',
        count: 3,
        text: 'Stand-in: -1 Initiative and -1 Attack; repairable.',
        effect: { damage: 0, initiative: -1, attack: -1, repairable: true },
        placeholder: true,
      },
      {
        id: 'tanks.critical.ammoExplosion',
        name: 'Ammo Explosion',
        cardType: 'critical',
        count: 1,
        text: 'Stand-in: 2 damage, discard Ammo cards.',
        effect: { damage: 2, discardCardType: 'ammo', repairable: false },
        placeholder: true,
      },
      {
        id: 'tanks.critical.hullHit',
        name: 'Hull Hit',
        cardType: 'critical',
        count: 6,
        text: 'Stand-in: 1 damage.',
        effect: { damage: 1, repairable: false },
        placeholder: true,
      },
      {
        id: 'tanks.critical.trackDamage',
        name: 'Track Damage',
        cardType: 'critical',
        count: 3,
        text: 'Stand-in: Speed -1; repairable.',
        effect: { damage: 0, speed: -1, repairable: true },
        placeholder: true,
      },
      {
        id: 'tanks.critical.gunDamage',
        name: 'Gun Damage',
        cardType: 'critical',
        count: 3,
        text: 'Stand-in: Attack -1; repairable.',
        effect: { damage: 0, attack: -1, repairable: true },
        placeholder: true,
      },
      {
        id: 'tanks.critical.penetration',
        name: 'Penetration',
        cardType: 'critical',
        count: 4,
        text: 'Stand-in: 2 damage.',
        effect: { damage: 2, repairable: false },
        placeholder: true,
      },
    ],
    tables: {
      measuringArrow: {
        description:
          'Stand-in Measuring Arrow: the tail is one tank move, the whole arrow is one helicopter move and the unit of every range and placement rule (TK-G1).',
        ruleId: 'TK-G1',
        columns: ['part', 'inches'],
        rows: [
          { part: 'tail', inches: MA_TAIL },
          { part: 'total', inches: MA_TOTAL },
          { part: 'headWidth', inches: 1 },
        ],
        placeholder: true,
      },
      helicopterBase: {
        description: 'Stand-in helicopter flight stand (TK-G7).',
        ruleId: 'TK-G7',
        columns: ['part', 'inches'],
        rows: [
          { part: 'baseDiameter', inches: 2 },
          { part: 'stemOffset', inches: 0 },
        ],
        placeholder: true,
      },
    },
    constants: {
      'measuringArrow.tailLength': MA_TAIL,
      'measuringArrow.totalLength': MA_TOTAL,
      'measuringArrow.headWidth': 1,
      'helicopter.baseDiameter': 2,
      timeLimitMinutes: 60,
      // TK-G8: a game whose scenario sets no turn limit ends after this many turns, scored as a
      // time-out, so a game the bots cannot decide still ends (0 turns the default end off).
      defaultTurnLimit: 10,
      // TK-G2: the hull of a tank whose catalog gives no size (a BattleScribe import has none),
      // about the bundled T-64 and M1 at 1:100.
      'hull.defaultLength': 2.9,
      'hull.defaultWidth': 1.4,
    },
  };
}

// ---------------------------------------------------------------- scenarios

interface Piece {
  id: string;
  kind: 'forest' | 'building';
  points: Point[];
}

const forest = (id: string, name: string, c: Point, rx: number, ry: number): Feature & Piece => ({
  id,
  kind: 'forest',
  name,
  height: 2,
  concealing: true,
  // An irregular octagon: a wood, not a disc.
  points: [0, 1, 2, 3, 4, 5, 6, 7].map((i) => {
    const a = (i * Math.PI) / 4 + Math.PI / 8;
    const wobble = i % 2 === 0 ? 1 : 0.85;
    return pt(c[0] + Math.cos(a) * rx * wobble, c[1] + Math.sin(a) * ry * wobble);
  }),
});

const house = (id: string, name: string, x: number, y: number, w: number, d: number) => ({
  feature: {
    id,
    kind: 'building' as const,
    name,
    x,
    y,
    width: w,
    depth: d,
    buildingKind: 'closed' as const,
    floors: 1,
    roof: { type: 'pitched' as const, height: 0.75 },
  },
  piece: {
    id,
    kind: 'building' as const,
    points: [
      pt(x - w / 2, y - d / 2),
      pt(x + w / 2, y - d / 2),
      pt(x + w / 2, y + d / 2),
      pt(x - w / 2, y + d / 2),
    ],
  },
});

/** Shortest distance between two polygons that do not overlap (edge samples). */
function gap(a: Point[], b: Point[]): number {
  const samples = (p: Point[]) =>
    p.flatMap((q, i) => {
      const n = p[(i + 1) % p.length]!;
      return Array.from(
        { length: 20 },
        (_, k) => [q[0] + ((n[0] - q[0]) * k) / 20, q[1] + ((n[1] - q[1]) * k) / 20] as Point,
      );
    });
  const sa = samples(a);
  const sb = samples(b);
  let best = Infinity;
  for (const p of sa)
    for (const q of sb) best = Math.min(best, Math.hypot(p[0] - q[0], p[1] - q[1]));
  return best;
}

/** TK-2.3: no piece within one Measuring Arrow of another piece or of a table edge. */
function checkSpacing(pieces: Piece[]): void {
  const problems: string[] = [];
  for (const p of pieces) {
    for (const [x, y] of p.points) {
      if (Math.min(x, y, TABLE - x, TABLE - y) < MA_TOTAL)
        problems.push(`${p.id} is nearer than one arrow to an edge`);
    }
    for (const q of pieces) {
      if (q.id > p.id && gap(p.points, q.points) < MA_TOTAL)
        problems.push(`${p.id} and ${q.id} are nearer than one arrow`);
    }
  }
  if (problems.length > 0) throw new Error([...new Set(problems)].join('\n'));
}

/** Two forests and four buildings, one Measuring Arrow apart; `mirror` flips west and east. */
function terrain(mirror: boolean): Feature[] {
  const mx = (x: number) => (mirror ? TABLE - x : x);
  const f1 = forest('forest-1', 'Birch wood', [mx(9.5), 9.5], 3, 3);
  const f2 = forest('forest-2', 'Pine forest', [mx(24), 18.5], 4, 3);
  const houses = [
    house('building-1', 'Farmhouse', mx(9.5), 19.7, 4, 2.8),
    house('building-2', 'Barn', mx(9.5), 28.5, 3, 2.4),
    house('building-3', 'Filling station', mx(24.5), 8, 4, 3),
    house('building-4', 'Cottage', mx(25), 28.5, 3, 2.4),
  ];
  checkSpacing([f1, f2, ...houses.map((h) => h.piece)]);
  return [f1, f2, ...houses.map((h) => h.feature)];
}

const terrainNote =
  'The scenario map of the starter rules is not in the source (TK-G5): the two forests and four buildings are placed here as the set-up rule asks, at least one Measuring Arrow from each other and from every edge, using the placeholder arrow of 6".';

export function buildYourFirstGame(): ScenarioDoc {
  return {
    ...envelope('sandtable.scenario'),
    meta: {
      title: 'TANKS: Your First Game',
      author: 'Sandtable',
      created: CREATED,
      source: 'Seed 004 L1159-L1234; digest tanks-modern-age.md section 9',
      tags: ['tanks', 'modern', 'introductory', 'one-on-one'],
      description:
        "The introductory duel: one Soviet T-64 against one American M1 Abrams, with no crew or upgrade cards, on a 3' square table. Destroy the enemy tank to win; if both tanks are destroyed in the same Command phase the game is a draw. " +
        terrainNote +
        ' The starting positions are ours too: each tank starts against the tail of an arrow laid on its own edge.',
    },
    ruleset: { id: 'tanks' },
    map: {
      kind: 'table',
      width: TABLE,
      height: TABLE,
      baseColour: '#7d8c5a',
      features: terrain(false),
    },
    forces: {
      sides: [
        {
          id: 'sov',
          name: 'Soviet',
          nation: 'Soviet',
          alliance: 'WarsawPact',
          colour: '#a33b2f',
          formations: [
            {
              id: 'sov.platoon',
              name: 'T-64',
              kind: 'platoon',
              units: [
                {
                  id: 'sov.t64',
                  type: 'tanks.t64',
                  name: 'T-64',
                  position: [12, MA_TAIL / 2 + 0.7],
                  facing: 90,
                },
              ],
            },
          ],
        },
        {
          id: 'usa',
          name: 'American',
          nation: 'US',
          alliance: 'NATO',
          colour: '#3f6b3a',
          formations: [
            {
              id: 'usa.platoon',
              name: 'M1 Abrams',
              kind: 'platoon',
              units: [
                {
                  id: 'usa.m1',
                  type: 'tanks.m1',
                  name: 'M1 Abrams',
                  position: [24, TABLE - MA_TAIL / 2 - 0.7],
                  facing: -90,
                },
              ],
            },
          ],
        },
      ],
    },
    objectives: [],
    victory: {
      conditions: [
        {
          id: 'both-destroyed',
          kind: 'destroyUnits',
          units: ['sov.t64', 'usa.m1'],
          result: 'draw',
          description: 'Both tanks destroyed in the same Command phase: a draw.',
        },
        {
          id: 'usa-wins',
          kind: 'destroyUnits',
          side: 'usa',
          units: ['sov.t64'],
          result: 'win',
          description: 'The Americans win when the T-64 is destroyed.',
        },
        {
          id: 'sov-wins',
          kind: 'destroyUnits',
          side: 'sov',
          units: ['usa.m1'],
          result: 'win',
          description: 'The Soviets win when the M1 Abrams is destroyed.',
        },
      ],
    },
    deployment: {
      zones: [
        {
          id: 'sov-edge',
          side: 'sov',
          name: 'Soviet edge',
          area: { shape: 'edgeStrip', edge: 'north', depth: MA_TOTAL },
        },
        {
          id: 'usa-edge',
          side: 'usa',
          name: 'American edge',
          area: { shape: 'edgeStrip', edge: 'south', depth: MA_TOTAL },
        },
      ],
    },
  };
}

export function buildAlpha66(): ScenarioDoc {
  const t64 = (n: number) => ({ id: `sov.t64-${n}`, type: 'tanks.t64', name: `T-64 no. ${n}` });
  return {
    ...envelope('sandtable.scenario'),
    meta: {
      title: 'TANKS: Last Battle of Alpha 66',
      author: 'Sandtable',
      created: CREATED,
      source: 'Seed 004 L1236-L1310; digest tanks-modern-age.md section 9',
      tags: ['tanks', 'modern', 'Team Yankee', 'scenario'],
      description:
        'Cut off from its company with a dead radio, the M1 Abrams Alpha 66 and its crew must stop the two surviving T-64s of a Soviet platoon heading for Hill 214. The Americans are the Attacker (they start with Advantage) and the Soviets the Defender. The Soviets deploy first, within one Measuring Arrow of their (south) edge, then the Americans within one arrow of theirs (north). ' +
        'The Americans win as soon as both T-64s are destroyed, and also if all three tanks are destroyed; the Soviets win if Alpha 66 is destroyed while a T-64 is still in play. Variant: replace Alpha 66 with any 40-point single-tank American platoon. ' +
        terrainNote,
    },
    ruleset: { id: 'tanks' },
    map: {
      kind: 'table',
      width: TABLE,
      height: TABLE,
      baseColour: '#7d8c5a',
      features: terrain(true),
    },
    forces: {
      sides: [
        {
          id: 'sov',
          name: 'Soviet',
          nation: 'Soviet',
          alliance: 'WarsawPact',
          colour: '#a33b2f',
          formations: [
            {
              id: 'sov.platoon',
              name: 'Red Banner tank platoon',
              kind: 'platoon',
              card: 'tanks.platoon.redBanner',
              units: [t64(2), t64(3)],
            },
          ],
        },
        {
          id: 'usa',
          name: 'American',
          nation: 'US',
          alliance: 'NATO',
          colour: '#3f6b3a',
          pointsLimit: 40,
          formations: [
            {
              id: 'usa.platoon',
              name: 'Team Yankee',
              kind: 'platoon',
              card: 'tanks.platoon.teamYankee',
              units: [
                {
                  id: 'usa.alpha66',
                  type: 'tanks.m1',
                  name: 'Alpha 66',
                  cards: [
                    'tanks.upgrade.alpha66',
                    'tanks.crew.bannon',
                    'tanks.crew.folk',
                    'tanks.crew.kelp',
                    'tanks.crew.ortelli',
                  ].map((card) => ({ card, hidden: true })),
                },
              ],
            },
          ],
        },
      ],
    },
    objectives: [],
    victory: {
      conditions: [
        {
          id: 'usa-wins',
          kind: 'destroyUnits',
          side: 'usa',
          units: ['sov.t64-2', 'sov.t64-3'],
          result: 'win',
          description:
            'The Americans win as soon as both T-64s are destroyed, even if Alpha 66 is destroyed in the same Command phase (this overrides the usual draw).',
        },
        {
          id: 'sov-wins',
          kind: 'destroyUnits',
          side: 'sov',
          units: ['usa.alpha66'],
          result: 'win',
          description:
            'The Soviets win if Alpha 66 is destroyed while at least one T-64 is still in play.',
        },
      ],
    },
    deployment: {
      attacker: 'usa',
      order: ['sov', 'usa'],
      zones: [
        {
          id: 'sov-edge',
          side: 'sov',
          name: 'Soviet deployment (first)',
          turn: 0,
          area: { shape: 'edgeStrip', edge: 'south', depth: MA_TOTAL },
        },
        {
          id: 'usa-edge',
          side: 'usa',
          name: 'American deployment (second)',
          turn: 0,
          area: { shape: 'edgeStrip', edge: 'north', depth: MA_TOTAL },
        },
      ],
    },
  };
}

/**
 * A bundled scenario with helicopters: a Hind and a T-64 against a Cobra and an M1, deployed by
 * the players (or bots) in their edge strips, the Americans with the Sharpshooters platoon card
 * (TK-6.12). Everything about it is ours, built from the rules' pieces.
 */
export function buildAirCover(): ScenarioDoc {
  return {
    ...envelope('sandtable.scenario'),
    meta: {
      title: 'TANKS: Air Cover',
      author: 'Sandtable',
      created: CREATED,
      source:
        'Sandtable scenario for the TANKS rules (digest tanks-modern-age.md sections 2, 4-7, 9)',
      tags: ['tanks', 'modern', 'helicopters', 'two-on-two'],
      description:
        'Each side brings one tank and one attack helicopter: a Soviet T-64 with a Hind, an American M1 Abrams with a Cobra whose crews are Sharpshooters (a Critical Hit may become two Hits, TK-6.12). Both sides deploy within one Measuring Arrow of their own edge, in Initiative order, helicopters low unless told high. Destroy the enemy tank to win (helicopters do not count, TK-7); if both tanks go in the same Command phase it is a draw; after 10 turns the side that destroyed more points wins. ' +
        terrainNote,
    },
    ruleset: { id: 'tanks' },
    map: {
      kind: 'table',
      width: TABLE,
      height: TABLE,
      baseColour: '#7d8c5a',
      features: terrain(false),
    },
    forces: {
      sides: [
        {
          id: 'sov',
          name: 'Soviet',
          nation: 'Soviet',
          alliance: 'WarsawPact',
          colour: '#a33b2f',
          formations: [
            {
              id: 'sov.platoon',
              name: 'Tank and air support',
              kind: 'platoon',
              card: 'tanks.platoon.redBanner',
              units: [
                { id: 'sov.t64', type: 'tanks.t64', name: 'T-64' },
                { id: 'sov.hind', type: 'tanks.hind', name: 'Hind' },
              ],
            },
          ],
        },
        {
          id: 'usa',
          name: 'American',
          nation: 'US',
          alliance: 'NATO',
          colour: '#3f6b3a',
          formations: [
            {
              id: 'usa.platoon',
              name: 'Sharpshooters',
              kind: 'platoon',
              card: 'tanks.platoon.sharpshooters',
              units: [
                { id: 'usa.m1', type: 'tanks.m1', name: 'M1 Abrams' },
                { id: 'usa.cobra', type: 'tanks.cobra', name: 'Cobra' },
              ],
            },
          ],
        },
      ],
    },
    objectives: [],
    victory: {
      turnLimit: 10,
      conditions: [
        {
          id: 'both-destroyed',
          kind: 'destroyUnits',
          units: ['sov.t64', 'usa.m1'],
          result: 'draw',
          description: 'Both tanks destroyed in the same Command phase: a draw.',
        },
        {
          id: 'usa-wins',
          kind: 'destroyUnits',
          side: 'usa',
          units: ['sov.t64'],
          result: 'win',
          description: 'The Americans win when the T-64 is destroyed.',
        },
        {
          id: 'sov-wins',
          kind: 'destroyUnits',
          side: 'sov',
          units: ['usa.m1'],
          result: 'win',
          description: 'The Soviets win when the M1 Abrams is destroyed.',
        },
      ],
    },
    deployment: {
      zones: [
        {
          id: 'sov-edge',
          side: 'sov',
          name: 'Soviet edge',
          area: { shape: 'edgeStrip', edge: 'north', depth: MA_TOTAL },
        },
        {
          id: 'usa-edge',
          side: 'usa',
          name: 'American edge',
          area: { shape: 'edgeStrip', edge: 'south', depth: MA_TOTAL },
        },
      ],
    },
  };
}

/** Your First Game with the table laid out by the players in the game (TK-2.2, TK-2.3). */
export function buildTerrainByPlayers(): ScenarioDoc {
  const base = buildYourFirstGame();
  return {
    ...base,
    meta: {
      ...base.meta,
      title: 'TANKS: Terrain placed by the players (a T-64 against an M1)',
      tags: ['tanks', 'modern', 'introductory', 'one-on-one', 'terrain placement'],
      description:
        'The introductory duel of Your First Game with the table laid out as the rules lay it out: the two forests and four buildings start off the table, the players roll off, and the higher roller puts down the first forest; then they take turns, no piece within one Measuring Arrow of another or of an edge. The shapes are the ones the map draws; their places in the editor are only where they wait. Destroy the enemy tank to win.',
    },
    ruleset: { id: 'tanks', options: { terrainPlacedByPlayers: true } },
  };
}

export function writeTanks(): void {
  writeDoc(join(CATALOGS_DIR, 'tanks.catalog.json'), buildTanksCatalog());
  writeDoc(join(CATALOGS_DIR, 'tanks.placeholder.catalog.json'), buildTanksPlaceholderCatalog());
  writeDoc(join(SCENARIOS_DIR, 'tanks-your-first-game.scenario.json'), buildYourFirstGame());
  writeDoc(join(SCENARIOS_DIR, 'tanks-last-battle-of-alpha-66.scenario.json'), buildAlpha66());
  writeDoc(join(SCENARIOS_DIR, 'tanks-air-cover.scenario.json'), buildAirCover());
  writeDoc(join(SCENARIOS_DIR, 'tanks-terrain-by-players.scenario.json'), buildTerrainByPlayers());
}
