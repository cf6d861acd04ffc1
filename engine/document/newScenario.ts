import { APP_NAME, APP_VERSION, CURRENT_FORMAT_VERSION } from '../format/version';
import type { GameMap, RulesetId, ScenarioDoc } from '../format/types';
import type { RulesetLookup } from '../rulesets/lookup';
import type { TablePreset } from './tablePreset';

export type { TablePreset } from './tablePreset';

/**
 * Sizes of the tables and hex maps the rulesets are played on: every ruleset module's presets,
 * in the lookup's order (the first is the default ruleset's default table). The registry's
 * `TABLE_PRESETS` are those of the bundled rulesets.
 */
export function tablePresets(rulesets: RulesetLookup): readonly TablePreset[] {
  return rulesets.list.flatMap((m) => m.presets);
}

/** The table a new scenario gets when the user chooses nothing: the first ruleset's first. */
export function defaultPreset(rulesets: RulesetLookup): TablePreset {
  const preset = rulesets.list[0]?.presets[0];
  if (!preset) throw new Error(`the ruleset "${rulesets.list[0]?.id}" has no table preset`);
  return preset;
}

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
        { id: 'blue', name: 'Blue', colour: '#2f6fd0', formations: [] },
        { id: 'red', name: 'Red', colour: '#c8352b', formations: [] },
      ],
    },
    objectives: [],
    victory: { turnLimit: 10, conditions: [] },
    deployment: {},
  };
}
