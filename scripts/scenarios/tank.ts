/**
 * Builds the TANK! hex scenario "Contour hills". The TANK! catalogs (Costello's revision layer,
 * the optional rules, the rule choices and the placeholder catalog standing in for the base game)
 * are no longer generated: they are kept by hand in scenarios/catalogs (saved through Sandtable, so
 * they stay byte for byte as the app writes them), because designers type the base game's real
 * values over the placeholders and the engine's rules add tables to them; a generator would undo both.
 */
import type { HexRef, ScenarioDoc, Unit } from '../../engine/format/index';
import { CREATED, SCENARIOS_DIR, envelope, writeDoc } from './common';
import { HexSheet, boundaryChains, distance, neighbour as neighbourOf } from './hex';
import { join } from 'node:path';

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
  writeDoc(join(SCENARIOS_DIR, 'tank-contour-hills.scenario.json'), buildContourHills());
}
