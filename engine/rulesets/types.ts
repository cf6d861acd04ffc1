import type {
  CatalogDoc,
  Feature,
  Forces,
  GameMap,
  RulesetId,
  RulesetRef,
  ScenarioDoc,
} from '../format';
import type { TablePreset } from '../document/tablePreset';
import type { ForceProblem } from '../forces/forceProblem';
import type { MissionPatch, MissionPreset } from '../forces/missionSetup';
import type { RulesetCatalog } from '../forces/rulesetCatalog';
import type { ActionSchema } from '../game/actionSchema';
import type { AnyGameDef } from '../game/gameDef';
import type { LayoutProblem } from '../layout/layoutProblem';
import type { AnyPlaytestView, BoardKind } from '../playtest/view';

/**
 * A ruleset as the rest of Sandtable sees it. Each ruleset is one folder under `engine/rulesets/`
 * exporting one of these, plus one entry in `registry.ts`; the screens, the CLI, the bench, the
 * balance lab and the golden runner ask the registry, so shared code never names a ruleset.
 */
export interface RulesetModule {
  readonly id: RulesetId;
  /** The name players know it by ("TANKS", "Tankplank"). */
  readonly label: string;
  /** One line for the new-scenario dialog. */
  readonly summary: string;
  /** The board its scenarios are drawn on. */
  readonly board: BoardKind;
  /** Tables and hex maps a new scenario of this ruleset can start from, the first the default. */
  readonly presets: readonly TablePreset[];
  /** The catalogs bundled with the app for this ruleset (units, weapons, cards, tables). */
  readonly catalogs: readonly CatalogDoc[];
  /** What the set-up screens offer for this ruleset. */
  readonly features: RulesetFeatures;
  /**
   * The ruleset's own order-of-battle checks (platoon and card rules, counts per side), run after
   * the shared ones (known types, unique ids, points limit, transports) by `checkForces`.
   */
  checkForces?(ruleset: RulesetRef, forces: Forces, cat: RulesetCatalog): ForceProblem[];
  /**
   * Formats of other tools this ruleset's catalogs can be imported from (`sandtable import`, the
   * catalog browser): `battlescribe`, a BattleScribe/NewRecruit game system and its catalogues.
   */
  readonly catalogImports?: readonly CatalogImportFormat[];
  /**
   * Objectives its game would never score or play (no owner, a kind it does not count), as
   * warnings for the Problems tab and `sandtable validate`: the file is still valid.
   */
  checkObjectives?(doc: ScenarioDoc, out: LayoutProblem[]): void;
  /** Mission and objective presets read from the catalog, and what applying one writes. */
  readonly missions?: RulesetMissions;
  /** The catalog terrain type a feature plays as (movement bans); the feature kind by default. */
  terrainTypeOf?(feature: Feature): string;
  /**
   * The headless game of a scenario, or why it cannot be played (a map of the wrong kind, a force
   * the engine cannot field). Absent while the ruleset has no rules engine.
   */
  game?(scenario: ScenarioDoc): GameMade;
  /**
   * The actions its game accepts (the same schema as its games' `actions`), for tools that
   * check a log before any game exists. Present whenever `game` is.
   */
  readonly actions?: ActionSchema;
  /** Explanations behind `sandtable los` and `sandtable odds`, for rulesets with an engine. */
  readonly explain?: RulesetExplain;
  /**
   * A fast yes/no line of sight between two board points over the scenario's terrain, both ends
   * at a man's eye height (or a vehicle's, with `eye`), for the engine benchmark and the sight
   * maps (`index` picks the spatial index or a plain scan).
   */
  sightChecker?(
    scenario: ScenarioDoc,
    options?: { readonly index?: 'rtree' | 'scan'; readonly eye?: 'man' | 'vehicle' },
  ): (from: readonly [number, number], to: readonly [number, number]) => boolean;
}

/** A catalog format of another tool that a ruleset's catalogs can be imported from. */
export type CatalogImportFormat = 'battlescribe';

export type GameMade =
  | {
      readonly ok: true;
      readonly game: AnyGameDef;
      /** The playtest screen's view of the game. */
      view(): AnyPlaytestView;
    }
  | { readonly ok: false; readonly reason: string };

/** Set-up features a ruleset has, so panels show them without naming rulesets. */
export interface RulesetFeatures {
  /** Models carry crew and upgrade cards (face up or down). */
  readonly unitCards: boolean;
  /** Missions pick an Attacker among the sides. */
  readonly attacker: boolean;
  /** Sides buy their forces with points (a points total and limit are shown). */
  readonly points: boolean;
  /** The rule id of the points limit, for the problem it raises. */
  readonly pointsRuleId?: string;
  /** The rule id of a transport's carrying capacity, for the problem an overfull one raises. */
  readonly transportRuleId?: string;
  /**
   * The most units a scenario of this ruleset may hold: chosen so a bot game of that many ends
   * in seconds (a game's cost grows with its units; a file can list 10,000 a formation). The
   * force checks refuse more. Absent: no limit beyond the schema's.
   */
  readonly maxUnits?: number;
}

export interface RulesetMissions {
  presets(cat: RulesetCatalog): MissionPreset[];
  /** Objectives, victory and deployment for a preset (`preset.id` is `<ruleset>.<row id>`). */
  apply(
    doc: ScenarioDoc,
    presetId: string,
    cat: RulesetCatalog,
    options: { readonly attacker?: string },
  ): MissionPatch;
  /** Checks that objectives stand where the scenario's mission puts them on `map` (the doc's). */
  checkPlacement?(doc: ScenarioDoc, map: GameMap, cat: RulesetCatalog, out: LayoutProblem[]): void;
}

/** One end of a line of sight: a unit at its scenario position, or a point on the board. */
export type SightEnd =
  | { readonly unit: string }
  | { readonly point: readonly [number, number]; readonly height?: number };

/** An answer printed by the CLI: lines for people, a JSON value for scripts, and an exit code. */
export interface Explanation {
  readonly text: readonly string[];
  readonly json: unknown;
  /** 0 yes (visible, can fire), 1 no, 2 the question was wrong (no such unit). */
  readonly exit: 0 | 1 | 2;
}

export interface OddsQuestion {
  readonly shooter: string;
  readonly target: string;
  readonly weapon?: string;
  readonly ammo?: string;
  /** Fire at the target indirectly (mortars, artillery), where the ruleset has it. */
  readonly indirect?: boolean;
}

export interface RulesetExplain {
  sight(scenario: ScenarioDoc, from: SightEnd, to: SightEnd): Explanation;
  odds(scenario: ScenarioDoc, question: OddsQuestion): Explanation;
}
