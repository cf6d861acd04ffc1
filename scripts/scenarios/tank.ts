/**
 * Builds the TANK! files: the catalog of Costello's revision layer (seed 002), the catalog of the
 * MacGowan & Lowe optional rules (seed 001), the placeholder catalog standing in for the base game
 * (CRT, WCC, terrain values: not in any seed), and the hex scenario "Contour hills".
 */
import { join } from 'node:path';
import type {
  CatalogDoc,
  HexRef,
  ScenarioDoc,
  TerrainType,
  Unit,
  UnitType,
} from '../../engine/format/index';
import { CATALOGS_DIR, CREATED, SCENARIOS_DIR, envelope, writeDoc } from './common';
import { HexSheet, boundaryChains, distance, neighbour as neighbourOf } from './hex';

/** Seed 002 is one paragraph without line breaks; cite it by topic, with the digest rule id. */
const C = (topic: string, rule: string) => `seed 002 (${topic}); digest ${rule}`;
const O = (lines: string) => `seed 001 ${lines}`;

// ---------------------------------------------------------------- base placeholder

const placeholderUnit = (
  id: string,
  name: string,
  cls: UnitType['class'],
  mobility: UnitType['mobility'],
  s: {
    ap: number;
    he: number;
    def: [number, number, number];
    ma: number;
    range: number;
    points: number;
  },
  nation?: string,
): UnitType => ({
  id: `tank.${id}`,
  name,
  class: cls,
  mobility,
  ...(nation ? { nation } : {}),
  armour: { front: s.def[0], side: s.def[1], rear: s.def[2] },
  speeds: { ma: s.ma },
  points: s.points,
  stats: { apAttack: s.ap, heAttack: s.he, rangeHexes: s.range, panicPct: 20 },
  placeholder: true,
});

const terrainStandIn = (
  id: string,
  name: string,
  dsp: number,
  colour: string,
  extra: Partial<TerrainType> = {},
): TerrainType => ({
  id,
  name,
  appliesTo: 'hex',
  colour,
  stats: { dsp, ...(extra.stats ?? {}) },
  ...(extra.rules ? { rules: extra.rules } : {}),
  placeholder: true,
});

/** Points for a record the Costello layer defines without a value (TC-8.1, TC-G6). */
const supportStandIn = (id: string, name: string, points: number): UnitType => ({
  id: `tank.${id}`,
  name,
  class: id.startsWith('dummy.') ? (id === 'dummy.vehicle' ? 'vehicle' : 'infantry') : 'team',
  points,
  placeholder: true,
});

const standInTable = (
  description: string,
  ruleId: string,
  columns: string[],
  rows: Record<string, unknown>[],
) => ({ description, ruleId, columns, rows, placeholder: true }) as never;

export function buildTankPlaceholderCatalog(): CatalogDoc {
  return {
    ...envelope('sandtable.catalog'),
    meta: {
      title: 'TANK! — base game stand-ins',
      author: 'Sandtable',
      created: CREATED,
      description:
        'The base TANK! rules (S&T 44) are not in the seeds: no CRT, no Weapons Characteristics Chart, no terrain values, no mission codes. Every number here is a stand-in of our own so the optional and Costello layers can be exercised; replace this file with the real base data when it is available. The two layers extend this catalog by its id, tank.base.',
    },
    id: 'tank.base',
    ruleset: 'tank',
    layer: 'base',
    placeholder: true,
    units: [
      placeholderUnit(
        'pzIII',
        'Panzer III',
        'tank',
        'tracked',
        { ap: 8, he: 4, def: [10, 7, 5], ma: 12, range: 20, points: 9 },
        'Germany',
      ),
      placeholderUnit(
        'pzIV',
        'Panzer IV',
        'tank',
        'tracked',
        { ap: 11, he: 6, def: [11, 7, 5], ma: 12, range: 24, points: 12 },
        'Germany',
      ),
      placeholderUnit(
        'pzV',
        'Panzer V',
        'tank',
        'tracked',
        { ap: 15, he: 6, def: [16, 9, 7], ma: 13, range: 30, points: 18 },
        'Germany',
      ),
      placeholderUnit(
        't34',
        'T-34/76',
        'tank',
        'tracked',
        { ap: 10, he: 6, def: [12, 9, 6], ma: 14, range: 20, points: 10 },
        'USSR',
      ),
      placeholderUnit('infantrySquad', 'Infantry squad', 'infantry', 'foot', {
        ap: 1,
        he: 4,
        def: [1, 1, 1],
        ma: 3,
        range: 8,
        points: 6,
      }),
      placeholderUnit('atGun', 'Anti-tank gun', 'gun', 'towed', {
        ap: 11,
        he: 2,
        def: [2, 2, 2],
        ma: 0,
        range: 24,
        points: 6,
      }),
      supportStandIn('hmg', 'Heavy machine gun', 4),
      supportStandIn('mediumMortar', 'Medium mortar', 3),
      supportStandIn('heavyMortar', 'Heavy mortar', 5),
      supportStandIn('dummy.vehicle', 'Dummy (vehicle)', 2),
      supportStandIn('dummy.infantry', 'Dummy (infantry)', 1),
    ],
    terrainTypes: [
      terrainStandIn('clear', 'Clear', 0, '#c8d49a', {
        stats: { mp: 1, blocksLos: false, overrunProtection: false },
      }),
      terrainStandIn('woods', 'Woods', 2, '#4d7a3a', {
        stats: { mp: 2, blocksLos: true, overrunProtection: true },
      }),
      terrainStandIn('urban', 'Urban', 3, '#9a8f86', {
        stats: { mp: 2, blocksLos: true, overrunProtection: true },
      }),
      terrainStandIn('rubble', 'Rubble', 3, '#8a7a6a', {
        stats: { mp: 3, blocksLos: false, overrunProtection: true },
      }),
      terrainStandIn('marsh', 'Marsh', 1, '#7fa39a', {
        rules: { impassableTo: ['allVehicles'] },
        stats: { mp: 2, blocksLos: false, overrunProtection: false },
      }),
    ],
    tables: {
      crt: {
        description:
          'Stand-in direct-fire CRT: rows by range in hexes, columns by attack differential; a cell is the highest die roll that succeeds (roll ≤ cell), null for "." (no effect). Low rolls are good for the firer.',
        ruleId: 'OT-G1',
        columns: ['rangeMax', '-4', '-3', '-2', '-1', '0', '1', '2', '3', '4', '5', '6'],
        rows: [
          {
            rangeMax: 5,
            '-4': null,
            '-3': null,
            '-2': 1,
            '-1': 2,
            '0': 3,
            '1': 4,
            '2': 5,
            '3': 6,
            '4': 6,
            '5': 6,
            '6': 6,
          },
          {
            rangeMax: 10,
            '-4': null,
            '-3': null,
            '-2': null,
            '-1': 1,
            '0': 2,
            '1': 3,
            '2': 4,
            '3': 5,
            '4': 6,
            '5': 6,
            '6': 6,
          },
          {
            rangeMax: 20,
            '-4': null,
            '-3': null,
            '-2': null,
            '-1': null,
            '0': 1,
            '1': 2,
            '2': 3,
            '3': 4,
            '4': 5,
            '5': 6,
            '6': 6,
          },
          {
            rangeMax: 40,
            '-4': null,
            '-3': null,
            '-2': null,
            '-1': null,
            '0': null,
            '1': 1,
            '2': 2,
            '3': 3,
            '4': 4,
            '5': 5,
            '6': 6,
          },
        ],
        placeholder: true,
      },
      ifCrt: {
        description:
          'Stand-in indirect-fire CRT (TC-G3): summed HE strength against the hex, success if roll ≤ cell.',
        ruleId: 'TC-G3',
        columns: ['heMin', 'clear', 'woods', 'urban'],
        rows: [
          { heMin: 1, clear: 1, woods: null, urban: null },
          { heMin: 4, clear: 2, woods: 1, urban: 1 },
          { heMin: 8, clear: 3, woods: 2, urban: 1 },
          { heMin: 12, clear: 4, woods: 3, urban: 2 },
        ],
        placeholder: true,
      },
      targetMovementModifiers: {
        description: 'Stand-in die modifiers for the movement points the target plotted (OT-G3).',
        ruleId: 'OT-G3',
        columns: ['minMP', 'maxMP', 'dieMod'],
        rows: [
          { minMP: 0, maxMP: 0, dieMod: 0 },
          { minMP: 1, maxMP: 5, dieMod: 1 },
          { minMP: 6, maxMP: 99, dieMod: 2 },
        ],
        placeholder: true,
      },
      missions: {
        description:
          'Stand-in list of mission codes and the sequence step where each resolves (TC-G2).',
        ruleId: 'TC-G2',
        columns: ['code', 'step', 'needsTargetHex'],
        rows: [
          { code: 'DF', step: 'DF', needsTargetHex: true },
          { code: 'OF', step: 'DF', needsTargetHex: false },
          { code: 'IF', step: 'IF', needsTargetHex: true },
          { code: 'SF', step: 'IF', needsTargetHex: true },
          { code: 'MV', step: 'MV', needsTargetHex: false },
          { code: 'MVR', step: 'MV', needsTargetHex: false },
          { code: 'OV', step: 'MV', needsTargetHex: false },
          { code: 'MT', step: 'MT', needsTargetHex: false },
          { code: 'DT', step: 'MT', needsTargetHex: true },
          { code: 'FC', step: 'FC', needsTargetHex: false },
        ],
        placeholder: true,
      },
      sequenceOfPlay: standInTable(
        'Stand-in base sequence of play (OT-G7): plot, indirect fire, direct fire (DF, DF-P, DF-CA and the fire half of SMF), movement, opportunity fire at units that moved, facing, end of turn. The Costello layer replaces it (TC-3).',
        'OT-G7',
        ['step', 'id'],
        ['PLOT', 'IF', 'DF', 'MV', 'OF', 'FC', 'CLEANUP'].map((id, i) => ({ step: i + 1, id })),
      ),
      aspects: standInTable(
        'Stand-in target aspects: the hexside of the target facing the firer, counted clockwise from its front, picks the defence value (OT-G2).',
        'OT-G2',
        ['relativeSide', 'aspect'],
        [
          { relativeSide: 0, aspect: 'front' },
          { relativeSide: 1, aspect: 'side' },
          { relativeSide: 2, aspect: 'side' },
          { relativeSide: 3, aspect: 'rear' },
          { relativeSide: 4, aspect: 'side' },
          { relativeSide: 5, aspect: 'side' },
        ],
      ),
      baseLos: standInTable(
        'Stand-in base line of sight, used without the Costello layer: a hex strictly between firer and target blocks if its terrain blocks (terrain stat blocksLos) or if it is higher than both ends.',
        'OT-G1',
        ['case', 'blocks'],
        [
          { case: 'blockingTerrain', blocks: true },
          { case: 'higherThanBoth', blocks: true },
        ],
      ),
      overrun: standInTable(
        'Stand-in base overrun (OT-G6): a vehicle plotted OV into a hex of enemy soft targets eliminates them; the optional rules let unpinned infantry in protecting terrain roll instead (OT-32.12).',
        'OT-G6',
        ['target', 'result'],
        [
          { target: 'infantry', result: 'eliminated' },
          { target: 'atGun', result: 'eliminated' },
        ],
      ),
      ifEffects: standInTable(
        'Stand-in effect of a successful indirect-fire roll on each unit in the hex (TC-G3).',
        'TC-G3',
        ['target', 'result'],
        [
          { target: 'vehicle', result: 'pinned' },
          { target: 'soft', result: 'eliminated' },
        ],
      ),
    },
    constants: {
      autoSpotRangeHexes: 2,
      closeAssaultRangeRow: 1,
      dieSides: 6,
      improvedPositionDsp: 4,
      pointsPerApStrength: 0.6,
      pointsPerDefence: 0.3,
      pointsPerMovement: 0.2,
    },
  };
}

// ---------------------------------------------------------------- Costello layer (seed 002)

export function buildTankCostelloCatalog(): CatalogDoc {
  const support = (
    id: string,
    name: string,
    he: number,
    ap: number,
    range: [number, number],
    missions: string,
    periods: string,
  ): UnitType => ({
    id: `tank.${id}`,
    name,
    class: 'team',
    mobility: 'foot',
    stats: {
      apAttack: ap,
      heAttack: he,
      rangeMin: range[0],
      rangeMax: range[1],
      missions,
      periods,
      stacksWithSquad: true,
      ...(id.endsWith('Mortar')
        ? {
            effectiveRange: 20,
            beyondEffectiveFactor: 0.5,
            beyondEffectiveRounding: 'up',
            callDelayTurns: 2,
          }
        : {}),
    },
    source: C('infantry support weapons', 'TC-4.2, TC-4.3'),
  });
  const dummy = (id: string, name: string, cls: UnitType['class']): UnitType => ({
    id: `tank.dummy.${id}`,
    name,
    class: cls,
    stats: { dummy: true, missions: 'MV', eliminatedWhenSpotted: true },
    source: C('dummies', 'TC-7.1'),
  });
  return {
    ...envelope('sandtable.catalog'),
    meta: {
      title: 'TANK! — Costello revision layer',
      author: 'Sandtable',
      created: CREATED,
      source: 'Seed 002 (Mike Costello, "A TANK! recovery vehicle"); digest tank-costello.md',
      description:
        'What Costello’s revision states: contour levels and the Elevation Differential Table, the hex terrain that blocks sight, infantry support weapons, dummies, the morale test that replaces Panic and Preservation, the revised sequence of play and the list of replaced base sections. Points exist for every unit, dummies included, but the seed gives no values: they are in the placeholder base catalog.',
    },
    id: 'tank.costello',
    ruleset: 'tank',
    layer: 'costello',
    extends: ['tank.base'],
    units: [
      support('mediumMortar', 'Medium mortar', 3, 0, [5, 35], 'IF,SF,OF', 'all'),
      support('heavyMortar', 'Heavy mortar', 5, 0, [5, 35], 'IF,SF,OF', '6-12'),
      support('hmg', 'Heavy machine gun', 6, 1, [0, 20], 'DF,OF', 'all'),
      dummy('vehicle', 'Dummy (vehicle)', 'vehicle'),
      dummy('infantry', 'Dummy (infantry)', 'infantry'),
    ],
    terrainTypes: [
      {
        id: 'woods',
        name: 'Woods',
        appliesTo: 'hex',
        rules: { blocksLOSFor: ['all'] },
        stats: { potentialBlockingHex: true },
        source: C('line of sight', 'TC-2.2'),
      },
      {
        id: 'urban',
        name: 'Urban',
        appliesTo: 'hex',
        rules: { blocksLOSFor: ['all'] },
        stats: { potentialBlockingHex: true, becomesRubble: true },
        source: C('map', 'TC-1.3, TC-2.2'),
      },
      {
        id: 'rubble',
        name: 'Rubble',
        appliesTo: 'hex',
        stats: { infantryDefensivePosition: true, mayBlockVehicles: true },
        source: C('map', 'TC-1.3'),
      },
      {
        id: 'marsh',
        name: 'Marsh',
        appliesTo: 'hex',
        rules: { impassableTo: ['allVehicles'] },
        source: C('map', 'TC-1.4'),
      },
    ],
    tables: {
      edt: {
        description:
          'Elevation Differential Table: when firer and target are on different levels, line of sight past a potential blocking hex exists if range(higher→lower) ≥ factor × range(higher→blocking hex). ED = L_high + L_low − 2·L_block (TC-A3); below −2 is never, above 4 always.',
        ruleId: 'TC-2.7',
        columns: ['ed', 'los', 'rangeFactor'],
        rows: [
          { ed: -2, los: 'never', rangeFactor: null },
          { ed: -1, los: 'range', rangeFactor: 5 },
          { ed: 0, los: 'range', rangeFactor: 4 },
          { ed: 1, los: 'range', rangeFactor: 3 },
          { ed: 2, los: 'range', rangeFactor: 2 },
          { ed: 3, los: 'range', rangeFactor: 1.5 },
          { ed: 4, los: 'always', rangeFactor: null },
        ],
        source: C('Elevation Differential Table', 'TC-2.6, TC-2.7'),
      },
      moraleModifiers: {
        description:
          'Modifiers to the d10 morale roll, after subtracting 1 per 10% of panic level (TC-A7 grouping).',
        ruleId: 'TC-6.3',
        columns: ['id', 'mod', 'per', 'condition'],
        rows: [
          {
            id: 'firedOnByUnspotted',
            mod: -1,
            per: null,
            condition: 'fired on by an unspotted unit last turn',
          },
          {
            id: 'friendRetreated',
            mod: -1,
            per: null,
            condition: 'a visible friendly unit retreated or fled last turn',
          },
          {
            id: 'underIf',
            mod: -1,
            per: 3,
            condition: 'under indirect fire, per 3 HE attack points',
          },
          { id: 'platoonLoss', mod: -2, per: 1, condition: 'each destroyed unit of its platoon' },
          { id: 'isolated', mod: -3, per: null, condition: 'isolated (out of conformity)' },
          { id: 'retreating', mod: -3, per: null, condition: 'already retreating' },
          {
            id: 'enemyRetreated',
            mod: 1,
            per: null,
            condition: 'a visible enemy unit retreated or fled last turn',
          },
          {
            id: 'enemyDestroyed',
            mod: 1,
            per: 1,
            condition: 'each visible enemy unit destroyed last turn',
          },
          { id: 'improvedPosition', mod: 2, per: null, condition: 'in an Improved Position' },
        ],
        source: C('morale', 'TC-6.2, TC-6.3'),
      },
      moraleResults: {
        description: 'What a morale score does to the unit’s plot this turn.',
        ruleId: 'TC-6.4',
        columns: ['min', 'max', 'result'],
        rows: [
          { min: 4, max: null, result: 'noEffect' },
          { min: 1, max: 3, result: 'cancelMoveAndOverrun' },
          { min: -2, max: 0, result: 'cancelAllMissions' },
          { min: -5, max: -3, result: 'retire' },
          { min: -8, max: -6, result: 'retreat' },
          { min: null, max: -9, result: 'flee' },
        ],
        source: C('morale', 'TC-6.4'),
      },
      moraleDesignation: {
        description: 'Units that get a morale marker during a turn and test in the next one.',
        ruleId: 'TC-6.1',
        columns: ['id', 'condition'],
        rows: [
          { id: 'isolated', condition: 'not in conformity at the end of movement' },
          { id: 'firstLethalFire', condition: 'under lethal fire for the first time' },
          { id: 'platoonLoss', condition: 'another unit of its platoon destroyed this turn' },
          { id: 'retreating', condition: 'currently retreating (its platoon is tested too)' },
        ],
        source: C('morale', 'TC-6.1'),
      },
      sequenceOfPlay: {
        description: 'The modified simultaneous sequence of play.',
        ruleId: 'TC-3',
        columns: ['step', 'id'],
        rows: ['PLOT', 'IF', 'MORALE', 'DF', 'MV', 'MT_DT', 'FC', 'CLEANUP'].map((id, i) => ({
          step: i + 1,
          id,
        })),
        source: C('sequence of play', 'TC-3'),
      },
      replacedSections: {
        description:
          'Base-rule sections the layer deletes and replaces, and those it only adjusts.',
        ruleId: 'TC-9',
        columns: ['kind', 'sections'],
        rows: [
          {
            kind: 'deletedAndReplaced',
            sections: [
              '3.1',
              '4.1',
              '6.0',
              '8.71',
              '8.8',
              '8.81',
              '8.82',
              '8.83',
              '9.0-9.13',
              '9.35',
              '9.36',
              '9.37',
              '10.13',
              '10.21-10.26',
              '10.5',
              '10.6',
              '12.0-12.24',
              '13.4',
              '14.2',
              '14.5',
              '15.0-15.2',
              '21.1',
              '25.21',
              '25.22',
              '25.?',
              '27.3',
              '28.32-28.34',
              '31.0',
              '32.6-32.7',
            ],
          },
          {
            kind: 'minorChanges',
            sections: [
              '2.0',
              '4.0',
              '5.0',
              '9.2',
              '10.0',
              '13.21-13.23',
              '14.0',
              '14.41',
              '14.9',
              '22.0',
              '28.61',
              '34.0-34.4',
            ],
          },
        ],
        source: C('closing summary', 'TC-9'),
      },
    },
    constants: {
      metresPerHex: 50,
      metresPerLevel: 10,
      contourLevels: 4,
      ridgeHullDownDefence: 2,
      conformityMaxInterveningHexes: 2,
      moralePanicStepPct: 10,
      spottedThisTurnDieMod: 2,
      equalPoints: true,
    },
  };
}

// ---------------------------------------------------------------- optional rules layer (seed 001)

export function buildTankOptionalCatalog(): CatalogDoc {
  return {
    ...envelope('sandtable.catalog'),
    meta: {
      title: 'TANK! — optional rules 32.8–32.14',
      author: 'Sandtable',
      created: CREATED,
      source: 'Seed 001 (MacGowan & Lowe, optional TANK! rules); digest tank-optional.md',
      description:
        'The numbers of the optional rules: pinning fire on vehicles and its recovery roll, tougher soft targets and their pin bands, cohesion, close assault, infantry against overruns, looser formations and simultaneous movement and fire.',
    },
    id: 'tank.optional',
    ruleset: 'tank',
    layer: 'optional',
    extends: ['tank.base'],
    tables: {
      pinRecovery: {
        description: 'End-of-turn roll for each pinned unit (OT-A3: soft targets too).',
        ruleId: 'OT-32.82',
        columns: ['min', 'max', 'result'],
        rows: [
          { min: 1, max: 4, result: 'unpinned' },
          { min: 5, max: 6, result: 'stillPinned' },
        ],
        source: O('L27-L29'),
      },
      softTargetHeSplit: {
        description:
          'Share of a successful HE result range (from the low end) that eliminates; the rest pins (OT-A4 rounding).',
        ruleId: 'OT-32.9',
        columns: ['target', 'eliminateShare'],
        rows: [
          { target: 'infantry', eliminateShare: 0.25 },
          { target: 'atGun', eliminateShare: 0.5 },
        ],
        source: O('L35'),
      },
      closeAssaultModifiers: {
        description: 'Die modifiers for infantry close assault (DF-CA).',
        ruleId: 'OT-32.11',
        columns: ['condition', 'dieMod'],
        rows: [
          { condition: 'target is a vehicle plotted to spend at least 6 MP', dieMod: 1 },
          { condition: 'defender is pinned', dieMod: -2 },
        ],
        source: O('L47-L49'),
      },
      overrunInfantry: {
        description: 'Unpinned infantry overrun in rough terrain, woods or an Improved Position.',
        ruleId: 'OT-32.12',
        columns: ['min', 'max', 'result'],
        rows: [
          { min: 1, max: 3, result: 'destroyed' },
          { min: 4, max: 6, result: 'pinned' },
        ],
        source: O('L51-L53'),
      },
    },
    constants: {
      pinningFireDieMod: -2,
      softTargetTerrainMultiplier: 3,
      improvedPositionSoftDsp: 12,
      cohesionRangeHexes: 2,
      cohesionPanicReductionPct: 10,
      leavePinnedBehindMinHexes: 3,
      looseFormationMaxPanicPct: 20,
      looseFormationFacingSpread: 1,
      closeAssaultVehicleMinMP: 6,
      smfAttackFactor: 0.5,
      smfMovementFactor: 0.5,
    },
  };
}

// ---------------------------------------------------------------- layers and readings

type Reading = [
  id: string,
  option: string,
  def: string | number | boolean,
  alts: (string | number | boolean)[],
  summary: string,
];

const READINGS: Reading[] = [
  [
    'OT-A1',
    'dfpDotCells',
    'extrapolate',
    ['firstTwoOnly'],
    'Pinning fire on a "." cell: by default the k-th "." left of the lowest printed range counts as 1 − k, so with −2 the first two succeed and the third and beyond never do.',
  ],
  [
    'OT-A2',
    'dfpOverflow',
    'everyRoll',
    [],
    'A pinning cell pushed past the die (1-5 becomes 1-7) succeeds on every roll; other die modifiers still apply first.',
  ],
  [
    'OT-A3',
    'softPinRecovery',
    true,
    [false],
    'The end-of-turn recovery roll (1–4 unpins) is made for every pinned unit, soft targets included.',
  ],
  [
    'OT-A4',
    'softSplitRounding',
    'floorAtLeastOne',
    ['round'],
    'The eliminating share of a success range is floor(T × share), at least 1; the rest of the range pins.',
  ],
  [
    'OT-A5',
    'softTripleTerrainOnly',
    true,
    [false],
    'Soft targets triple only the terrain part of their defence (an Improved Position stays at 12).',
  ],
  [
    'OT-A6',
    'carriedInfantryAttack',
    'summedHe',
    [],
    'Infantry carried by a pinned vehicle is attacked with the same summed HE strength against defence 1.',
  ],
  [
    'OT-A7',
    'closeAssaultDifferential',
    'attackersMinusOne',
    [],
    'A close assault uses attackers − 1 as the differential, on the CRT row of adjacent fire.',
  ],
  [
    'OT-A8',
    'cohesionReduction',
    'absolute',
    ['relative'],
    'Cohesion lowers the panic level by 10 percentage points (30% becomes 20%), not by a tenth.',
  ],
  [
    'OT-A9',
    'assaulterMayBeFiredOn',
    true,
    [],
    'Only the target of a close assault is spared other fire; the assaulters can be shot at.',
  ],
  [
    'OT-A10',
    'pinnedInfantryMayAssault',
    false,
    [true],
    'Pinned infantry may not close assault (a pinned soft target has no mission).',
  ],
  [
    'OT-A11',
    'smfOrder',
    'fireInDfMoveInMv',
    [],
    'Simultaneous movement and fire: the fire half resolves in the DF step, the move half in the movement step; AP and HE are both halved.',
  ],
  [
    'OT-A12',
    'looseFacingSpread',
    1,
    [0],
    "Looser formations: a member may face its leader's hexside or one either side of it.",
  ],
  [
    'OT-A13',
    'platoonMissionHomogeneity',
    true,
    [false],
    'Members of a platoon plot the same kind of fire (DF or OF); units at panic 20% or less are exempt with the optional rules.',
  ],
  [
    'OT-A14',
    'leaveBehindFrom',
    'everyMember',
    ['leader'],
    'A pinned member is left behind when every unpinned member of its platoon ends movement 3 or more hexes away.',
  ],
  [
    'OT-A15',
    'closeAssaultMpBasis',
    'plotted',
    [],
    'A vehicle escapes the automatic close-assault pin by the movement points it plotted, whether or not it moved.',
  ],
  [
    'OT-A16',
    'overrunProtection',
    'terrainStat',
    [],
    'Which terrain protects infantry from an overrun is the terrain stat overrunProtection (woods, urban, rubble and Improved Positions by default).',
  ],
  [
    'TC-A1',
    'hullDown',
    'automaticNotFromAbove',
    ['off'],
    'Hull-down (+2 defence) is automatic for a vehicle whose line of sight from the firer enters its hex through a ridge hexside, unless the firer is higher.',
  ],
  [
    'TC-A2',
    'blockingUnits',
    'friendlyToFirer',
    ['any'],
    "Units block line of sight only for their own side's fire.",
  ],
  [
    'TC-A3',
    'edCounts',
    'signed',
    [],
    'The Elevation Differential counts levels with their sign: ED = L(high) + L(low) − 2 × L(block).',
  ],
  [
    'TC-A4',
    'blockRangeFrom',
    'higher',
    ['lower'],
    'The range d to a potential blocking hex is counted from the higher unit.',
  ],
  [
    'TC-A5',
    'levelOfHex',
    'band',
    [],
    'Each hex has one level, the contour band of its centre; below the 10 m line is level 0.',
  ],
  ['TC-A6', 'd10Faces', '0-9', ['1-10'], 'The decimal die reads 0 to 9.'],
  [
    'TC-A7',
    'moraleGrouping',
    'digest',
    [],
    'The garbled morale modifiers are read as the digest groups them; each visible destroyed unit counts enemy losses.',
  ],
  [
    'TC-A8',
    'mortarDelayTurns',
    2,
    [3],
    'A mortar call plotted in turn t lands in the indirect-fire step of turn t + 2.',
  ],
  [
    'TC-A9',
    'retreatingPlatoon',
    'eachUnit',
    [],
    'Every unit of a platoon with a retreating member is designated and tested on its own.',
  ],
  [
    'TC-A10',
    'autoSpotAtDfStart',
    true,
    [false],
    'Units that meet the automatic spotting condition are revealed at the start of the DF step, even if nothing fires at them.',
  ],
  [
    'TC-A11',
    'panicStepPct',
    10,
    [],
    'The morale roll loses 1 per 10 percentage points of panic level.',
  ],
  [
    'TC-A12',
    'staticUnits',
    'noMovement',
    [],
    'Static units are those with no movement allowance: Retreat eliminates them, Retire does nothing to them.',
  ],
  [
    'TC-A13',
    'heavyMortarRanges',
    'asMedium',
    [],
    "The heavy mortar has the medium mortar's ranges and halving beyond 20 hexes.",
  ],
  [
    'TC-A14',
    'edtComparison',
    'exactRational',
    [],
    'The Elevation Differential Table compares exact rationals (R ≥ 1.5 d is 2R ≥ 3d).',
  ],
];

/** The layers a TANK! scenario can switch on and the reading of every ambiguity of the digests. */
export function buildTankRulesCatalog(): CatalogDoc {
  return {
    ...envelope('sandtable.catalog'),
    meta: {
      title: 'TANK! — layers and readings',
      author: 'Sandtable',
      created: CREATED,
      description:
        "The two rule layers a TANK! scenario can add to the base game, and the reading Sandtable gives each unclear passage of the optional rules and of Costello's revision, with the recommended reading as the default.",
      source: 'Digests tank-optional.md (OT-A*) and tank-costello.md (TC-A*)',
    },
    id: 'tank.rules',
    ruleset: 'tank',
    layer: 'base',
    tables: {
      optionalRules: {
        description: 'Rule layers a scenario can switch on (Rules tab).',
        source:
          'seeds 001 (optional rules 32.8-32.14) and 002 (Costello); digests tank-optional.md, tank-costello.md',
        columns: ['id', 'name', 'description', 'ruleId', 'kind', 'group'],
        rows: [
          {
            id: 'optional',
            name: 'Optional rules 32.8–32.14',
            description:
              'Pinning fire on vehicles, tougher soft targets and their pins, cohesion, infantry close assault, infantry against overruns, looser formations, simultaneous movement and fire.',
            ruleId: 'OT-32.8',
            kind: 'layer',
            group: '',
          },
          {
            id: 'costello',
            name: "Costello's revision",
            description:
              'Contour maps with the Elevation Differential Table for line of sight, ridges and hull-down, the modified sequence of play, support weapons and mortar calls, conformity, morale tests, dummies and spotting, equal points.',
            ruleId: 'TC-2',
            kind: 'layer',
            group: '',
          },
        ],
      },
      interpretations: {
        description:
          'Interpretation registry: every ambiguity of the two digests as a named option with the recommended default.',
        source:
          'digests tank-optional.md (section A, OT-A*) and tank-costello.md (section A, TC-A*)',
        columns: ['id', 'option', 'default', 'alternatives', 'ruleId', 'summary'],
        rows: READINGS.map(([id, option, def, alts, summary]) => ({
          id,
          option,
          default: def,
          alternatives: alts,
          ruleId: id,
          summary,
        })),
      },
    },
  };
}

// ---------------------------------------------------------------- scenario

const COLUMNS = 24;
const ROWS = 18;
const SUMMIT: HexRef = { col: 12, row: 7 };
const SHOULDER: HexRef = { col: 16, row: 9 };
const KNOLL: HexRef = { col: 4, row: 13 };

/** Height bands of the main hill (a summit and a shoulder) and a low knoll in the south-west. */
function level(h: HexRef): number {
  const d = Math.min(distance(h, SUMMIT), distance(h, SHOULDER));
  const main = distance(h, SUMMIT) <= 1 ? 4 : d <= 2 ? 3 : d <= 4 ? 2 : d <= 6 ? 1 : 0;
  const k = distance(h, KNOLL);
  const knoll = k <= 1 ? 2 : k <= 3 ? 1 : 0;
  return Math.max(main, knoll);
}

const hexes = (list: [number, number][]): HexRef[] => list.map(([col, row]) => ({ col, row }));

const VILLAGE = hexes([
  [18, 13],
  [19, 13],
  [18, 14],
  [19, 14],
  [20, 14],
  [19, 15],
  [20, 15],
]);
const RUBBLE = hexes([[20, 13]]);
const MARSH = hexes([
  [8, 17],
  [9, 16],
  [10, 16],
  [10, 17],
  [11, 16],
]);
const WOODS = hexes([
  [2, 6],
  [3, 6],
  [2, 7],
  [3, 7],
  [4, 7],
  [13, 4],
  [14, 4],
  [14, 5],
]);

function buildMap(): ScenarioDoc['map'] {
  const sheet = new HexSheet();
  for (let col = 0; col < COLUMNS; col++) {
    for (let row = 0; row < ROWS; row++) {
      const l = level({ col, row });
      if (l > 0) sheet.set({ col, row }, { level: l });
    }
  }
  for (const h of WOODS) sheet.set(h, { terrain: 'woods', woods: true });
  for (const h of VILLAGE) sheet.set(h, { terrain: 'urban', urban: true, building: true });
  sheet.set({ col: 19, row: 14 }, { label: 'Krasnaya Gorka', improvedPosition: true });
  for (const h of RUBBLE) sheet.set(h, { terrain: 'rubble', urban: true, rubble: true });
  for (const h of MARSH) sheet.set(h, { terrain: 'marsh', marsh: true });
  sheet.set(SUMMIT, { label: 'Hill 40' });

  // Hexside ridges: a railway embankment north of the woods, and a rock outcrop on the hill's south face.
  const ridge = (
    inside: (h: HexRef) => boolean,
    keep: (s: { col: number; row: number; side: number }) => boolean,
  ) =>
    boundaryChains(inside, COLUMNS, ROWS)
      .flat()
      .filter(keep)
      .map((s) => ({ ...s, ridge: true }));
  const hexsides = [
    ...ridge(
      (h) => h.row <= 4,
      (s) => s.col >= 1 && s.col <= 9,
    ),
    ...ridge(
      (h) => h.row <= 11 && h.col >= 13 && h.col <= 16,
      (s) => s.row === 11 && s.side >= 2 && s.side <= 4,
    ),
  ];

  const contours = [1, 2, 3, 4].flatMap((l) =>
    boundaryChains((h) => level(h) >= l, COLUMNS, ROWS).map((chain, i) => ({
      id: `contour-${l * 10}m-${i + 1}`,
      level: l,
      hexsides: chain,
    })),
  );
  return {
    kind: 'hex',
    orientation: 'flat',
    offset: 'odd',
    columns: COLUMNS,
    rows: ROWS,
    hexSize: { metres: 50, inches: 0.75 },
    levels: { min: 0, max: 4, metresPerLevel: 10 },
    defaultTerrain: 'clear',
    hexes: sheet.list(),
    hexsides,
    contours,
  };
}

const at = (col: number, row: number) => ({ col, row });
const unit = (id: string, type: string, name: string, position: HexRef, facing: number): Unit => ({
  id,
  type: `tank.${type}`,
  name,
  position,
  facing,
});

export function buildContourHills(): ScenarioDoc {
  return {
    ...envelope('sandtable.scenario'),
    meta: {
      title: 'TANK!: Contour hills',
      author: 'Sandtable',
      created: CREATED,
      source:
        'Digest tank-costello.md (map, contours, morale, points) and tank-optional.md; seeds 001 and 002',
      tags: ['tank!', 'hex', 'WWII', 'contours', 'costello'],
      description:
        'A small meeting engagement on a home-made hex map in the spirit of Costello’s revision: 50 m hexes, contours every 10 m from level 0 to the summit of Hill 40 at level 4, a low knoll, two ridges that give hull-down positions, a village with a ruined house, marsh along a brook and two woods. ' +
        'Alpha (a German panzer platoon with a grenadier squad and HMG, from the west) must take the summit and hold it for two turns in a row with nobody from Bravo on it by the end of turn 12; otherwise Bravo (a Soviet tank platoon, riflemen with a mortar and an anti-tank gun in the village) wins. Both sides have the same points, dummies included. ' +
        'The base TANK! data (CRT, unit values, points) is not in the sources: the unit types come from the placeholder catalog, so treat this as a test bed for the optional and Costello rules.',
    },
    ruleset: {
      id: 'tank',
      layers: ['optional', 'costello'],
      options: { period: 5, 'TC-A6': '0-9' },
    },
    map: buildMap(),
    forces: {
      sides: [
        {
          id: 'alpha',
          name: 'Alpha (German)',
          nation: 'Germany',
          colour: '#5d6470',
          pointsLimit: 50,
          formations: [
            {
              id: 'alpha.panzer',
              name: '1st Panzer platoon',
              kind: 'platoon',
              leader: 'alpha.pz1',
              units: [
                unit('alpha.pz1', 'pzIV', 'Panzer IV 111', at(1, 9), 2),
                unit('alpha.pz2', 'pzIV', 'Panzer IV 112', at(1, 7), 2),
                unit('alpha.pz3', 'pzIV', 'Panzer IV 113', at(2, 10), 2),
              ],
            },
            {
              id: 'alpha.grenadiers',
              name: 'Grenadier squad',
              kind: 'squad',
              units: [
                unit('alpha.squad', 'infantrySquad', 'Grenadiers', at(0, 12), 2),
                unit('alpha.hmg', 'hmg', 'HMG', at(0, 12), 2),
              ],
            },
            {
              id: 'alpha.dummies',
              name: 'Dummies',
              kind: 'group',
              units: [unit('alpha.dummy1', 'dummy.vehicle', 'Dummy', at(0, 4), 2)],
            },
          ],
        },
        {
          id: 'bravo',
          name: 'Bravo (Soviet)',
          nation: 'USSR',
          colour: '#8a3a2e',
          pointsLimit: 50,
          formations: [
            {
              id: 'bravo.tanks',
              name: 'Tank platoon',
              kind: 'platoon',
              leader: 'bravo.t1',
              units: [
                unit('bravo.t1', 't34', 'T-34 no. 1', at(14, 10), 4),
                unit('bravo.t2', 't34', 'T-34 no. 2', at(15, 11), 4),
                unit('bravo.t3', 't34', 'T-34 no. 3', at(13, 11), 4),
              ],
            },
            {
              id: 'bravo.rifles',
              name: 'Rifle squad',
              kind: 'squad',
              units: [
                unit('bravo.squad', 'infantrySquad', 'Riflemen', at(19, 14), 5),
                unit('bravo.mortar', 'mediumMortar', 'Medium mortar', at(19, 14), 5),
                unit('bravo.atgun', 'atGun', 'AT gun', at(18, 13), 5),
              ],
            },
            {
              id: 'bravo.dummies',
              name: 'Dummies',
              kind: 'group',
              units: [
                unit('bravo.dummy1', 'dummy.vehicle', 'Dummy', at(11, 4), 5),
                unit('bravo.dummy2', 'dummy.infantry', 'Dummy', at(14, 5), 5),
              ],
            },
          ],
        },
      ],
    },
    objectives: [
      {
        id: 'summit',
        name: 'Summit of Hill 40',
        kind: 'holdZone',
        owner: 'alpha',
        holdTurns: 2,
        holders: { classes: ['tank', 'infantry'], excludeEnemy: true },
        area: {
          shape: 'hexes',
          hexes: [SUMMIT, ...[0, 1, 2, 3, 4, 5].map((s) => neighbourOf(SUMMIT, s))],
        },
      },
    ],
    victory: {
      turnLimit: 12,
      conditions: [
        {
          id: 'alpha-takes-hill',
          kind: 'objectiveAchieved',
          side: 'alpha',
          objective: 'summit',
          result: 'win',
          description:
            'Alpha wins by holding the summit for two turns in a row with no Bravo unit on it. Fled units do not count as destroyed.',
        },
        {
          id: 'bravo-holds',
          kind: 'turnLimitReached',
          side: 'bravo',
          result: 'win',
          description: 'Bravo wins if Alpha has not taken the summit by the end of turn 12.',
        },
      ],
    },
    deployment: {
      entryEdges: [
        { id: 'alpha-edge', side: 'alpha', edge: 'west' },
        { id: 'bravo-edge', side: 'bravo', edge: 'east' },
      ],
    },
  };
}

export function writeTank(): void {
  writeDoc(join(CATALOGS_DIR, 'tank.placeholder.catalog.json'), buildTankPlaceholderCatalog());
  writeDoc(join(CATALOGS_DIR, 'tank.catalog.json'), buildTankCostelloCatalog());
  writeDoc(join(CATALOGS_DIR, 'tank-optional.catalog.json'), buildTankOptionalCatalog());
  writeDoc(join(CATALOGS_DIR, 'tank-rules.catalog.json'), buildTankRulesCatalog());
  writeDoc(join(SCENARIOS_DIR, 'tank-contour-hills.scenario.json'), buildContourHills());
}
