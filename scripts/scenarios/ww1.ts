/**
 * Builds the WWI files: the catalog of the tank rules in seed 003 (a delta on a Borg-style
 * command-card hex game), the placeholder catalog standing in for the base game (dice, terrain,
 * unit values, bog-down: not in the seed), and the hex scenario "Through the wire".
 */
import { join } from 'node:path';
import type {
  Card,
  CatalogDoc,
  HexRef,
  ScenarioDoc,
  TerrainType,
  Unit,
  UnitType,
} from '../../engine/format/index';
import { CATALOGS_DIR, CREATED, SCENARIOS_DIR, envelope, writeDoc } from './common';
import { HexSheet } from './hex';

const S = (lines: string) => `seed 003 ${lines}`;

export function buildWw1Catalog(): CatalogDoc {
  return {
    ...envelope('sandtable.catalog'),
    meta: {
      title: 'WWI tanks — rules data from the tank rules',
      author: 'Sandtable',
      created: CREATED,
      source: 'Seed 003 (tank rules of a WWI command-card hex game); digest ww1-tanks.md',
      description:
        'What the tank rules state: male and female tanks and their guns, the soldier and field-artillery units they interact with, how tanks treat wire and building hexes, the three cards that stop a tank gaining ground, and the bonus-combat options. Every number of the base game (dice, movement, ranges, bog-down odds) is in ww1.placeholder.catalog.json.',
    },
    id: 'ww1.tanks',
    ruleset: 'ww1',
    layer: 'tanks',
    extends: ['ww1.base'],
    units: [
      {
        id: 'ww1.tank.male',
        name: 'Male tank',
        class: 'tank',
        mobility: 'tracked',
        keywords: ['male'],
        weapons: [
          { weapon: 'ww1.sixPounder', mount: 'fixed' },
          { weapon: 'ww1.tankMg', mount: 'fixed' },
        ],
        stats: { sex: 'male', bonusCombat: 'closeOnly' },
        source: S('L3, L55'),
      },
      {
        id: 'ww1.tank.female',
        name: 'Female tank',
        class: 'tank',
        mobility: 'tracked',
        keywords: ['female'],
        weapons: [{ weapon: 'ww1.tankMg', mount: 'fixed' }],
        stats: { sex: 'female', bonusCombat: 'closeOrRanged' },
        source: S('L3, L54'),
      },
      {
        id: 'ww1.infantry',
        name: 'Infantry (soldier unit)',
        class: 'infantry',
        mobility: 'foot',
        stats: { soldierUnit: true, tankschreken: true },
        source: S('L34-L35'),
      },
      {
        id: 'ww1.fieldArtillery',
        name: 'Field artillery',
        class: 'gun',
        mobility: 'towed',
        stats: { soldierUnit: true, tankschreken: false },
        source: S('L36'),
      },
    ],
    weapons: [
      { id: 'ww1.sixPounder', name: '6-pounder gun', kind: 'cannon', source: S('L3') },
      { id: 'ww1.tankMg', name: 'Tank machine gun', kind: 'machineGun', source: S('L3') },
    ],
    terrainTypes: [
      {
        id: 'wire',
        name: 'Barbed wire',
        appliesTo: 'hex',
        stats: { stopsTanks: false, removedWhenTankEnters: true },
        source: S('L15'),
      },
      {
        id: 'village',
        name: 'Village (building hex)',
        appliesTo: 'hex',
        stats: {
          tankNoRangedAfterEntering: true,
          tankNoCloseAfterEntering: true,
          soldiersKeepTerrainFlagIgnoreVsTank: true,
        },
        source: S('L28, L35, L37'),
      },
    ],
    cards: [
      {
        id: 'ww1.card.firstStrike',
        name: 'First Strike',
        cardType: 'command',
        text: 'A tank ordered by this card cannot gain ground after a close combat.',
        effect: { tankMayGainGround: false },
        count: 1,
        source: S('L46'),
      },
      {
        id: 'ww1.card.surpriseAmbush',
        name: 'Surprise Ambush',
        cardType: 'combat',
        text: 'A tank that uses this card cannot gain ground after a close combat.',
        effect: { playableByTanks: true, tankMayGainGround: false },
        source: S('L47'),
      },
      {
        id: 'ww1.card.buttAndBayonet',
        name: 'Butt & Bayonet',
        cardType: 'combat',
        text: 'Tanks may play it too, but a tank that does cannot gain ground.',
        effect: { playableByTanks: true, tankMayGainGround: false },
        source: S('L38, L48'),
      },
    ],
    tables: {
      bonusCombat: {
        description:
          'What a tank may do in its bonus combat after gaining ground without bogging down.',
        ruleId: 'WW-7',
        columns: ['sex', 'closeCombatAdjacent', 'rangedIfNoneAdjacent'],
        rows: [
          { sex: 'male', closeCombatAdjacent: true, rangedIfNoneAdjacent: false },
          { sex: 'female', closeCombatAdjacent: true, rangedIfNoneAdjacent: true },
        ],
        source: S('L52-L59'),
      },
      noGainGround: {
        description:
          'Situations in which a tank may not gain ground after a successful close combat.',
        ruleId: 'WW-6.3',
        columns: ['id', 'condition'],
        rows: [
          { id: 'stoppedByTerrain', condition: 'it moved this turn onto a hex that ends movement' },
          { id: 'firstStrike', condition: 'it was ordered by First Strike' },
          { id: 'surpriseAmbush', condition: 'it used Surprise Ambush' },
          { id: 'buttAndBayonet', condition: 'it used Butt & Bayonet' },
          { id: 'terrainForbids', condition: 'terrain rules keep it out of the vacated hex' },
        ],
        source: S('L43-L48, L57'),
      },
      combatRestrictions: {
        description: 'When a tank may not fire or fight.',
        ruleId: 'WW-4, WW-5',
        columns: ['id', 'rule'],
        rows: [
          {
            id: 'rangedNeedsRangeAndLos',
            rule: 'ranged combat needs the target in range and in sight',
          },
          { id: 'noRangedAdjacent', rule: 'no ranged combat against an adjacent enemy' },
          {
            id: 'adjacentMustClose',
            rule: 'next to an enemy it may only close-combat an adjacent enemy',
          },
          {
            id: 'buildingEntry',
            rule: 'no ranged or close combat in the turn it moves onto a building hex',
          },
        ],
        source: S('L25-L37'),
      },
      interpretations: {
        description:
          'How the engine reads what the tank rules leave open (digest WW-A1 to WW-A7): each row an option with the recommended reading as its default; a scenario picks another reading in ruleset.options by the row id or the option name.',
        columns: ['id', 'option', 'default', 'alternatives', 'meaning'],
        rows: [
          {
            id: 'WW-A1',
            option: 'stopTerrainCheck',
            default: 'positionAfterMove',
            alternatives: ['vacatedHex'],
            meaning:
              'positionAfterMove: a tank that entered stop terrain in its move does not gain ground, and gaining ground into stop terrain is allowed (it stops there); vacatedHex: a tank may not gain ground into a hex of stop terrain, whatever it entered before',
          },
          {
            id: 'WW-A2',
            option: 'tankschrekenVoidsAllIgnores',
            default: true,
            alternatives: [false],
            meaning:
              'true: every flag ignore of the soldier unit goes (terrain, unit ability), the two exceptions keep their terrain ignores; false: only terrain ignores go',
          },
          {
            id: 'WW-A3',
            option: 'maleBonusCombat',
            default: 'closeOnly',
            alternatives: ['closeOrFire'],
            meaning: 'what a male tank may do in its bonus combat',
          },
          {
            id: 'WW-A4',
            option: 'buildingGainGroundEndsBonus',
            default: true,
            alternatives: [false],
            meaning: 'gaining ground into a building hex counts as moving onto it: no bonus combat',
          },
          {
            id: 'WW-A5',
            option: 'wireInVacatedHex',
            default: 'removeKeepBonus',
            alternatives: ['removeNoBonus'],
            meaning:
              'a tank gaining ground into wire removes it; whether the bonus combat stays open',
          },
          {
            id: 'WW-A6',
            option: 'onlyOrderedTanksGainGround',
            default: true,
            alternatives: [false],
            meaning:
              'only a tank ordered this turn gains ground (a tank battling through a card without an order does not)',
          },
          {
            id: 'WW-A7',
            option: 'closeCombatSuccess',
            default: 'hexVacated',
            alternatives: [],
            meaning:
              'a close combat succeeds only when the defender is eliminated or retreats out of its hex (the tank cannot enter a hex still held)',
          },
        ],
        source: 'digest ww1-tanks.md section A',
      },
    },
    constants: { gainGroundMandatory: true, maxBonusCombatsPerTurn: 1, wireStopsTanks: false },
  };
}

const standIn = (
  id: string,
  name: string,
  stats: Record<string, number | string | boolean>,
  cls: UnitType['class'],
): UnitType => ({
  id,
  name,
  class: cls,
  stats,
  placeholder: true,
});

const terrain = (
  id: string,
  name: string,
  colour: string,
  stats: TerrainType['stats'],
): TerrainType => ({
  id,
  name,
  appliesTo: 'hex',
  colour,
  stats,
  placeholder: true,
});

export function buildWw1PlaceholderCatalog(): CatalogDoc {
  return {
    ...envelope('sandtable.catalog'),
    meta: {
      title: 'WWI — base game stand-ins',
      author: 'Sandtable',
      created: CREATED,
      description:
        'The base game the tank rules plug into is not in the seeds. These are stand-in values of our own (battle dice, movement, dice by range, terrain effects, bog-down, medals) so a scenario can be exercised; replace this file when the base data is available.',
    },
    id: 'ww1.base',
    ruleset: 'ww1',
    layer: 'base',
    placeholder: true,
    units: [
      standIn(
        'ww1.tank.male',
        'Male tank',
        { move: 1, rangedDice: '2,2,1', closeDice: 3, figures: 2 },
        'tank',
      ),
      standIn(
        'ww1.tank.female',
        'Female tank',
        { move: 1, rangedDice: '3,2', closeDice: 3, figures: 2 },
        'tank',
      ),
      standIn(
        'ww1.infantry',
        'Infantry (soldier unit)',
        { move: 1, rangedDice: '2,2,1', closeDice: 3, figures: 4 },
        'infantry',
      ),
      standIn(
        'ww1.machineGun',
        'Machine-gun section (soldier unit)',
        {
          move: 1,
          rangedDice: '3,2,1',
          closeDice: 2,
          figures: 3,
          soldierUnit: true,
          ignoreFlags: 1,
        },
        'infantry',
      ),
      standIn(
        'ww1.fieldArtillery',
        'Field artillery',
        { move: 1, rangedDice: '3,3,2,2,1,1', closeDice: 0, figures: 2 },
        'gun',
      ),
    ],
    terrainTypes: [
      terrain('clear', 'Open ground', '#b9b38a', { ignoreFlags: 0 }),
      terrain('trench', 'Trench', '#7a6a4f', {
        ignoreFlags: 1,
        closeDiceReduction: 1,
        tankEntryStops: true,
      }),
      terrain('wire', 'Barbed wire', '#a39a80', { stopsMovement: true, closeDiceReduction: 1 }),
      terrain('shellHoles', 'Shell holes', '#8c7d5f', { ignoreFlags: 1, bogDownRisk: true }),
      terrain('woods', 'Shattered wood', '#5f6e45', {
        ignoreFlags: 1,
        blocksLos: true,
        stopsMovement: true,
      }),
      terrain('village', 'Village (building hex)', '#9c8c80', {
        building: true,
        ignoreFlags: 1,
        blocksLos: true,
        stopsMovement: true,
      }),
    ],
    tables: {
      battleDice: {
        description: 'Stand-in battle die: what each face hits.',
        ruleId: 'WW-G4',
        columns: ['face', 'symbol', 'hits'],
        rows: [
          { face: 1, symbol: 'infantry', hits: ['infantry'] },
          { face: 2, symbol: 'infantry', hits: ['infantry'] },
          { face: 3, symbol: 'grenade', hits: ['infantry', 'gun', 'tank'] },
          { face: 4, symbol: 'tank', hits: ['tank'] },
          { face: 5, symbol: 'flag', hits: [] },
          { face: 6, symbol: 'star', hits: [] },
        ],
        placeholder: true,
      },
      bogDown: {
        description:
          'Stand-in bog-down roll when a tank gains ground: roll this many dice; any listed symbol bogs it down for its next turn.',
        ruleId: 'WW-G3',
        columns: ['terrain', 'dice', 'bogsOn'],
        rows: [
          { terrain: 'clear', dice: 1, bogsOn: ['star'] },
          { terrain: 'shellHoles', dice: 2, bogsOn: ['star'] },
          { terrain: 'trench', dice: 2, bogsOn: ['star', 'flag'] },
        ],
        placeholder: true,
      },
      rangedDice: {
        description:
          "Stand-in reading of a unit's rangedDice stat: its k-th number is the dice rolled at k + 1 hexes; at 1 hex the unit close-combats with closeDice; past the list is out of range.",
        ruleId: 'WW-G2',
        columns: ['distance', 'dice'],
        rows: [
          { distance: 1, dice: 'closeDice' },
          { distance: 'k + 1', dice: 'k-th number of rangedDice' },
        ],
        placeholder: true,
      },
    },
    cards: [
      ...COMMAND_ORDERS.map((o): Card => ({
        id: o.card,
        name: o.name,
        cardType: 'command',
        count: o.copies,
        effect: {
          sections: o.sections.join(','),
          units: o.units,
          ...(o.dice ? { dice: o.dice } : {}),
        },
        text: o.text,
        placeholder: true,
      })),
      ...COMBAT_CARDS.map((c): Card => ({ ...c, cardType: 'combat', placeholder: true })),
    ],
    constants: {
      medalsToWin: 5,
      handSize: 4,
      combatHandSize: 2,
      flagRetreatHexes: 1,
      cardsDrawnPerTurn: 1,
      closeCombatRange: 1,
    },
  };
}

/** Stand-in command deck (WW-G1): what each command card orders, and its copies in the deck. */
interface CommandRow {
  card: string;
  name: string;
  sections: string[];
  units: number;
  copies: number;
  dice?: number;
  text: string;
}

const section = (o: Omit<CommandRow, 'text'>): CommandRow => ({
  ...o,
  text: `Stand-in section card: order up to ${o.units} unit${o.units === 1 ? '' : 's'} in ${o.sections.join(' or ')}.`,
});

/**
 * Stand-in command deck (WW-G1): what each command card orders, and its copies in the deck. The
 * effect of a card is data in a small vocabulary (engine/rulesets/ww1/rules/data.ts): sections,
 * units, dice, tankMayGainGround.
 */
const COMMAND_ORDERS: readonly CommandRow[] = [
  section({
    card: 'ww1.card.probeLeft',
    name: 'Probe left flank',
    sections: ['left'],
    units: 2,
    copies: 3,
  }),
  section({
    card: 'ww1.card.probeCentre',
    name: 'Probe centre',
    sections: ['centre'],
    units: 2,
    copies: 4,
  }),
  section({
    card: 'ww1.card.probeRight',
    name: 'Probe right flank',
    sections: ['right'],
    units: 2,
    copies: 3,
  }),
  section({
    card: 'ww1.card.attackLeft',
    name: 'Attack left flank',
    sections: ['left'],
    units: 3,
    copies: 2,
  }),
  section({
    card: 'ww1.card.attackCentre',
    name: 'Attack centre',
    sections: ['centre'],
    units: 3,
    copies: 3,
  }),
  section({
    card: 'ww1.card.attackRight',
    name: 'Attack right flank',
    sections: ['right'],
    units: 3,
    copies: 2,
  }),
  section({
    card: 'ww1.card.generalAdvance',
    name: 'General advance',
    sections: ['left', 'centre', 'right'],
    units: 3,
    copies: 1,
  }),
  {
    card: 'ww1.card.firstStrike',
    name: 'First Strike',
    sections: ['left', 'centre', 'right'],
    units: 1,
    copies: 1,
    dice: 1,
    text: 'Stand-in: order 1 unit in any section; it rolls 1 extra battle die. A tank it orders cannot gain ground (WW-6.3(b)).',
  },
];

/**
 * Stand-in combat cards (WW-G1): each side holds combatHandSize of them and may play one with a
 * battle it fits. Butt & Bayonet and Surprise Ambush are named by the tank rules (which say only
 * that a tank may play them and then does not gain ground); their effects here are ours.
 */
const COMBAT_CARDS: readonly Omit<Card, 'cardType'>[] = [
  {
    id: 'ww1.card.buttAndBayonet',
    name: 'Butt & Bayonet',
    count: 3,
    effect: { battle: 'close', dice: 1 },
    text: 'Stand-in: play with a close combat; roll 1 extra die. Tanks may play it, but then do not gain ground.',
  },
  {
    id: 'ww1.card.surpriseAmbush',
    name: 'Surprise Ambush',
    count: 2,
    effect: { battle: 'close', voidFlagIgnores: true },
    text: 'Stand-in: play with a close combat; the defender may ignore no flags. A tank that plays it does not gain ground.',
  },
  {
    id: 'ww1.card.counterAttack',
    name: 'Counter-attack',
    count: 2,
    effect: { battle: 'close', unorderedUnit: true, playableByTanks: true },
    text: 'Stand-in: play to close combat with a unit that was not ordered this turn. A tank battling this way does not gain ground (it was not ordered).',
  },
  {
    id: 'ww1.card.steadyAim',
    name: 'Steady Aim',
    count: 3,
    effect: { battle: 'ranged', dice: 1, playableByTanks: false },
    text: 'Stand-in: play with a ranged combat by a soldier unit or gun; roll 1 extra die. Not for tanks.',
  },
];

// ---------------------------------------------------------------- scenario

const COLUMNS = 13;
const ROWS = 9;
const h = (col: number, row: number): HexRef => ({ col, row });

function buildMap(): ScenarioDoc['map'] {
  const sheet = new HexSheet();
  // German front line (row 2) and British front line (row 6), with a communication trench each.
  for (const col of [0, 1, 2, 3, 5, 6, 7, 8, 9, 11, 12])
    sheet.set(h(col, 2), { terrain: 'trench', improvedPosition: true });
  sheet.set(h(6, 1), { terrain: 'trench', improvedPosition: true });
  for (const col of [0, 1, 3, 4, 5, 6, 7, 9, 10, 11, 12])
    sheet.set(h(col, 6), { terrain: 'trench', improvedPosition: true });
  sheet.set(h(6, 7), { terrain: 'trench', improvedPosition: true });
  // Belts of wire in front of each line, with gaps the infantry must find.
  for (const col of [0, 1, 2, 4, 5, 6, 8, 9, 10, 12])
    sheet.set(h(col, 3), { terrain: 'wire', wire: true, stopsMovement: true });
  for (const col of [1, 2, 3, 5, 7, 8, 10, 11])
    sheet.set(h(col, 5), { terrain: 'wire', wire: true, stopsMovement: true });
  // No man's land: shell holes.
  for (const col of [1, 3, 4, 6, 8, 9, 11])
    sheet.set(h(col, 4), { terrain: 'shellHoles', bogDownRisk: true });
  // The village behind the German line, and two shattered woods.
  for (const [col, row] of [
    [9, 0],
    [10, 0],
    [10, 1],
    [11, 0],
  ] as [number, number][])
    sheet.set(h(col, row), { terrain: 'village', building: true, stopsMovement: true });
  sheet.set(h(10, 0), { label: 'Flers' });
  for (const [col, row] of [
    [1, 0],
    [2, 0],
    [1, 8],
    [2, 7],
  ] as [number, number][])
    sheet.set(h(col, row), { terrain: 'woods', woods: true, stopsMovement: true });
  return {
    kind: 'hex',
    orientation: 'pointy',
    offset: 'odd',
    columns: COLUMNS,
    rows: ROWS,
    defaultTerrain: 'clear',
    sections: [
      { id: 'left', name: 'Left flank', fromCol: 0, toCol: 3 },
      { id: 'centre', name: 'Centre', fromCol: 4, toCol: 8 },
      { id: 'right', name: 'Right flank', fromCol: 9, toCol: 12 },
    ],
    hexes: sheet.list(),
  };
}

const u = (id: string, type: string, name: string, col: number, row: number): Unit => ({
  id,
  type: `ww1.${type}`,
  name,
  position: h(col, row),
});

export function buildWw1Wire(): ScenarioDoc {
  return {
    ...envelope('sandtable.scenario'),
    meta: {
      title: 'WWI: Through the wire',
      author: 'Sandtable',
      created: CREATED,
      source: 'Digest ww1-tanks.md (seed 003 tank rules); base-game values are placeholders',
      tags: ['WWI', 'hex', 'tanks', 'trenches', 'wire'],
      description:
        'British tanks lead an attack across no man’s land. Two belts of wire and two trench lines face each other across shell holes; the village of Flers stands behind the German right. The male tank and the two female tanks can crush the wire for the infantry, but must mind the building hexes and the bonus-combat limits. ' +
        'The British (south edge) win by taking medals: one for each German unit destroyed and one while they hold the village; first to five medals wins. The tank rules are sourced; dice, movement, terrain effects, bog-down and medal count come from the placeholder base catalog.',
    },
    ruleset: { id: 'ww1', layers: ['tanks'] },
    map: buildMap(),
    forces: {
      sides: [
        {
          id: 'british',
          name: 'British',
          nation: 'UK',
          colour: '#6b5a3a',
          formations: [
            {
              id: 'british.tanks',
              name: 'Tank section',
              kind: 'section',
              units: [
                u('british.male1', 'tank.male', 'Male tank D1', 4, 7),
                u('british.female1', 'tank.female', 'Female tank D2', 8, 7),
                u('british.female2', 'tank.female', 'Female tank D3', 10, 7),
              ],
            },
            {
              id: 'british.infantry',
              name: 'Assault battalion',
              kind: 'group',
              units: [
                u('british.inf1', 'infantry', 'A Company', 1, 6),
                u('british.inf2', 'infantry', 'B Company', 3, 6),
                u('british.inf3', 'infantry', 'C Company', 5, 6),
                u('british.inf4', 'infantry', 'D Company', 7, 6),
                u('british.inf5', 'infantry', 'E Company', 9, 6),
                u('british.inf6', 'infantry', 'F Company', 11, 6),
              ],
            },
          ],
        },
        {
          id: 'german',
          name: 'German',
          nation: 'Germany',
          colour: '#5a6470',
          formations: [
            {
              id: 'german.infantry',
              name: 'Trench garrison',
              kind: 'group',
              units: [
                u('german.inf1', 'infantry', '1st Company', 1, 2),
                u('german.inf2', 'infantry', '2nd Company', 3, 2),
                u('german.inf3', 'infantry', '3rd Company', 6, 2),
                u('german.inf4', 'infantry', '4th Company', 8, 2),
                u('german.inf5', 'infantry', '5th Company', 11, 2),
                u('german.inf6', 'infantry', 'Village garrison', 10, 1),
                u('german.mg1', 'machineGun', 'Machine-gun section', 9, 2),
              ],
            },
            {
              id: 'german.artillery',
              name: 'Field battery',
              kind: 'battery',
              units: [u('german.gun1', 'fieldArtillery', 'Field gun', 6, 0)],
            },
          ],
        },
      ],
    },
    objectives: [
      {
        id: 'village',
        name: 'Flers',
        kind: 'holdZone',
        owner: 'british',
        victoryPoints: 1,
        holders: { classes: ['infantry', 'tank'], excludeEnemy: true },
        area: { shape: 'hexes', hexes: [h(9, 0), h(10, 0), h(10, 1), h(11, 0)] },
      },
    ],
    victory: {
      conditions: [
        {
          id: 'medals',
          kind: 'mostVictoryPoints',
          description:
            'Medals: one per enemy unit destroyed, one for the British while they hold Flers. The first side to five medals wins.',
        },
      ],
      pointsToWin: 5,
    },
    deployment: {
      entryEdges: [
        { id: 'british-edge', side: 'british', edge: 'south' },
        { id: 'german-edge', side: 'german', edge: 'north' },
      ],
    },
  };
}

export function writeWw1(): void {
  writeDoc(join(CATALOGS_DIR, 'ww1.placeholder.catalog.json'), buildWw1PlaceholderCatalog());
  writeDoc(join(CATALOGS_DIR, 'ww1.catalog.json'), buildWw1Catalog());
  writeDoc(join(SCENARIOS_DIR, 'ww1-wire.scenario.json'), buildWw1Wire());
}
