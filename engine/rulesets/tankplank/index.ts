import type { ScenarioDoc } from '../../format';
import { allUnits } from '../../forces/forceTree';
import { playable } from '../../playtest/viewBase';
import type { RulesetModule } from '../types';
import { TANKPLANK_ACTIONS } from './actionSchema';
import { TANKPLANK_BUNDLED } from './catalogs';
import { tankplankExplain } from './explain';
import { checkOrderOfBattle } from './forces';
import { tankplankMissionSet } from './missions';
import { checkTankplankObjectives } from './objectiveScoring';
import { tankplankGame } from './game';
import { tablePoint } from '../../geometry/units';
import { lineOfSightVisible } from '../../los/lineOfSight';
import { createContext, type ContextOptions } from './rules';
import { terrainTypeId } from './rules/terrainRules';

/** Eye height of a standing man in inches, as the benchmark has always measured (TP-7). */
const MAN_HEIGHT = 0.75;
/** Eye height of a vehicle's crew for sight maps: 1", the height most vehicles of the catalog have. */
const VEHICLE_HEIGHT = 1;
import { tankplankView } from './view';
import { tankplankKit } from './view/kit';

/**
 * Why a scenario cannot be played because a unit stands off the table (an error `validate`
 * reports too): the rules only know the table, so such a game is not started.
 */
function unitOffTable(scenario: ScenarioDoc, width: number, height: number): string | undefined {
  for (const { unit, side } of allUnits(scenario.forces)) {
    const p = unit.position;
    if (!Array.isArray(p)) continue;
    const [x, y] = p;
    if (x >= 0 && y >= 0 && x <= width && y <= height) continue;
    return `${unit.name ?? unit.id} of ${side.name} stands off the ${width}"×${height}" table at (${x}, ${y}): move it onto the table, or clear its position so it enters from its side's edge`;
  }
  return undefined;
}

/** A Tankplank scenario's playtest view, its headless game at `view.game` (tests, the module). */
export function tankplankPlaytest(scenario: ScenarioDoc, opts: ContextOptions = {}) {
  const kit = tankplankKit(scenario, opts);
  return tankplankView(kit, tankplankGame(kit.ctx));
}

/** Tankplank: WWII village skirmish on a table in inches, with Tankette Waltz and the advanced rules. */
export const tankplank: RulesetModule = {
  id: 'tankplank',
  label: 'Tankplank',
  summary: 'WWII village skirmish on a table in inches, with Tankette Waltz and advanced vehicles',
  board: 'table',
  presets: [
    {
      id: 'tankplank',
      label: 'Tankplank table 36" × 24"',
      ruleset: 'tankplank',
      map: { kind: 'table', width: 36, height: 24 },
    },
  ],
  catalogs: TANKPLANK_BUNDLED,
  features: {
    unitCards: false,
    attacker: false,
    points: false,
    transportRuleId: 'TP-G7',
    // The village's forces four times over (504 units) play a bot game in about 4 CPU s.
    maxUnits: 600,
  },
  checkForces: checkOrderOfBattle,
  missions: tankplankMissionSet,
  checkObjectives: checkTankplankObjectives,
  terrainTypeOf: terrainTypeId,
  game(scenario) {
    if (scenario.map.kind !== 'table')
      return { ok: false, reason: 'Tankplank is played on a table in inches, not a hex map' };
    const off = unitOffTable(scenario, scenario.map.width, scenario.map.height);
    if (off) return { ok: false, reason: off };
    try {
      const view = tankplankPlaytest(scenario);
      return playable(view.game, view);
    } catch (err) {
      return { ok: false, reason: err instanceof Error ? err.message : String(err) };
    }
  },
  actions: TANKPLANK_ACTIONS,
  explain: tankplankExplain,
  sightChecker(scenario, options = {}) {
    const ctx = createContext(scenario, { indexMode: options.index ?? 'rtree' });
    const height = options.eye === 'vehicle' ? VEHICLE_HEIGHT : MAN_HEIGHT;
    // Only yes or no: the line stops at the first thing that blocks it.
    return (a, b) =>
      lineOfSightVisible(
        ctx.terrain,
        { point: tablePoint(a[0], a[1]), height },
        { point: tablePoint(b[0], b[1]), height },
      );
  },
};
