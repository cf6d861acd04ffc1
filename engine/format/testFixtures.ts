import { APP_NAME, APP_VERSION, CURRENT_FORMAT_VERSION } from './version';
import type { ScenarioDoc } from './types';

/** A small valid scenario used by format tests and benchmarks. */
export function minimalScenario(): ScenarioDoc {
  return {
    format: 'sandtable.scenario',
    formatVersion: CURRENT_FORMAT_VERSION,
    app: { name: APP_NAME, version: APP_VERSION },
    meta: { title: 'Crossroads', author: 'Test', tags: ['test'] },
    ruleset: { id: 'tankplank', layers: ['BASIC'], options: { 'TP-A18': 'subtractPrinted' } },
    map: {
      kind: 'table',
      width: 36,
      height: 24,
      features: [
        {
          id: 'road-1',
          kind: 'road',
          points: [
            [0, 12],
            [36, 12],
          ],
          width: 3,
          role: 'highway',
        },
        {
          id: 'creek',
          kind: 'creek',
          points: [
            [18, 0],
            [18, 24],
          ],
          width: 3,
          bedDepth: 1,
        },
        {
          id: 'bridge-1',
          kind: 'bridge',
          points: [
            [16, 10],
            [20, 10],
            [20, 14],
            [16, 14],
          ],
          spans: 'creek',
          carries: 'road-1',
        },
        {
          id: 'house-1',
          kind: 'building',
          x: 8,
          y: 6,
          width: 3,
          depth: 2,
          rotation: 15,
          buildingKind: 'open',
          floors: 2,
        },
        { id: 'tree-1', kind: 'tree', x: 30, y: 4, canopyRadius: 1.25 },
      ],
    },
    forces: {
      sides: [
        {
          id: 'A',
          name: 'Side A',
          formations: [
            {
              id: 'squad-a1',
              kind: 'squad',
              leader: 'a1-nco',
              units: [
                { id: 'a1-nco', type: 'tp.nco', role: 'nco' },
                { id: 'a1-r1', type: 'tp.rifleman', role: 'rifleman' },
              ],
            },
          ],
        },
        {
          id: 'B',
          name: 'Side B',
          formations: [
            {
              id: 'tanks-b',
              units: [{ id: 'b-t1', type: 'tp.mediumTank', position: [30, 12], facing: 180 }],
            },
          ],
        },
      ],
    },
    objectives: [
      {
        id: 'obj-a',
        kind: 'holdZone',
        owner: 'A',
        hidden: true,
        area: { shape: 'edgeStrip', edge: 'east', depth: 6 },
        holdTurns: 3,
        holders: {
          classes: ['infantry'],
          requiredRoles: [{ role: 'radioman', min: 1 }],
          excludeEnemy: true,
        },
      },
    ],
    victory: {
      conditions: [{ id: 'v-a', kind: 'objectiveAchieved', side: 'A', objective: 'obj-a' }],
    },
    deployment: { entryEdges: [{ id: 'edge-a', side: 'A', edge: 'west', label: 'A' }] },
  };
}
