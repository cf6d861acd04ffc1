import { APP_NAME, APP_VERSION, CURRENT_FORMAT_VERSION } from '../format/version';
import type { GameMap, RulesetId, ScenarioDoc } from '../format/types';

/** A table or hex map a new scenario can start from. */
export interface TablePreset {
  readonly id: string;
  readonly label: string;
  readonly ruleset: RulesetId;
  readonly map:
    | { kind: 'table'; width: number; height: number }
    | {
        kind: 'hex';
        columns: number;
        rows: number;
        orientation: 'flat' | 'pointy';
        defaultTerrain: string;
        levels: { min: number; max: number };
      };
}

/** Sizes of the tables and hex maps the bundled rulesets are played on. */
export const TABLE_PRESETS: readonly TablePreset[] = [
  {
    id: 'tankplank',
    label: 'Tankplank table 36" × 24"',
    ruleset: 'tankplank',
    map: { kind: 'table', width: 36, height: 24 },
  },
  {
    id: 'tanks',
    label: 'TANKS table 36" × 36"',
    ruleset: 'tanks',
    map: { kind: 'table', width: 36, height: 36 },
  },
  {
    id: 'tanks-small',
    label: 'TANKS table 30" × 30"',
    ruleset: 'tanks',
    map: { kind: 'table', width: 30, height: 30 },
  },
  {
    id: 'tank-hex',
    label: 'TANK! hex map 16 × 12',
    ruleset: 'tank',
    map: {
      kind: 'hex',
      columns: 16,
      rows: 12,
      orientation: 'flat',
      defaultTerrain: 'clear',
      levels: { min: 0, max: 3 },
    },
  },
  {
    id: 'ww1-hex',
    label: 'WWI hex map 21 × 12',
    ruleset: 'ww1',
    map: {
      kind: 'hex',
      columns: 21,
      rows: 12,
      orientation: 'flat',
      defaultTerrain: 'clear',
      levels: { min: 0, max: 2 },
    },
  },
];

export interface NewScenarioOptions {
  readonly title?: string;
  readonly ruleset: RulesetId;
  readonly map: TablePreset['map'];
}

/** A valid, empty scenario: two sides without units, no objectives, a turn limit. */
export function newScenario(options: NewScenarioOptions): ScenarioDoc {
  const m = options.map;
  const map: GameMap =
    m.kind === 'table'
      ? { kind: 'table', width: m.width, height: m.height, features: [] }
      : {
          kind: 'hex',
          orientation: m.orientation,
          offset: 'odd',
          columns: m.columns,
          rows: m.rows,
          levels: { min: m.levels.min, max: m.levels.max },
          hexSize: { inches: 1.25 },
          defaultTerrain: m.defaultTerrain,
          hexes: [],
          hexsides: [],
          contours: [],
        };
  return {
    format: 'sandtable.scenario',
    formatVersion: CURRENT_FORMAT_VERSION,
    app: { name: APP_NAME, version: APP_VERSION },
    meta: { title: options.title ?? 'Untitled table' },
    ruleset: { id: options.ruleset },
    map,
    forces: {
      sides: [
        { id: 'blue', name: 'Blue', formations: [] },
        { id: 'red', name: 'Red', formations: [] },
      ],
    },
    objectives: [],
    victory: { turnLimit: 10, conditions: [] },
    deployment: {},
  };
}
