import type { Formation, ScenarioDoc } from '../format';
import { composeRulesetCatalog } from '../forces/rulesetCatalog';
import type { RulesetLookup } from '../rulesets/lookup';
import { shareDifference } from './wilson';
import type { LabRun } from './runner';
import type { LabProgress, LabReport, LabSettings, RestrictedType } from './types';
import { labGameOf } from './worker';

/**
 * Restricted play (game-design research's measure of how much a component matters): for each
 * unit type of each side, the same seeds again with that side not allowed the type, and the drop
 * in its win share. "Not allowed" reads as: the side's units of the type are taken out of the
 * scenario's forces before the game (with the riders they were to carry listed as riders no
 * more), not left on the table doing nothing, as an idle unit still blocks, screens and draws
 * fire, and so would still be used. A victory condition that names a unit taken out counts it as
 * gone, as the ruleset counts a unit that is not there.
 */

/** One variant: a side without one unit type. */
export interface RestrictedVariant {
  readonly side: string;
  readonly type: string;
  /** The type's name from the catalog (its id when the catalog gives none). */
  readonly name: string;
  /** Units of the type the side fields. */
  readonly units: number;
  /** The scenario without them, or why it cannot be played so. */
  readonly scenario?: ScenarioDoc;
  readonly unplayable?: string;
}

/** Types (and their unit ids) of one side's force, in the order the force lists them. */
function unitsByType(formations: readonly Formation[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (fs: readonly Formation[]) => {
    for (const f of fs) {
      for (const u of f.units) {
        const list = out.get(u.type);
        if (list) list.push(u.id);
        else out.set(u.type, [u.id]);
      }
      walk(f.formations ?? []);
    }
  };
  walk(formations);
  return out;
}

/** The formations without the units `gone` (nor as leaders, nor as riders). */
function withoutUnits(fs: readonly Formation[], gone: ReadonlySet<string>): Formation[] {
  return fs.map((f) => {
    const { leader, formations, ...rest } = f;
    return {
      ...rest,
      units: f.units
        .filter((u) => !gone.has(u.id))
        .map((u) =>
          u.passengers ? { ...u, passengers: u.passengers.filter((p) => !gone.has(p)) } : u,
        ),
      ...(leader !== undefined && !gone.has(leader) ? { leader } : {}),
      ...(formations ? { formations: withoutUnits(formations, gone) } : {}),
    };
  });
}

/**
 * Every side's unit types, each with the scenario without that side's units of it (or why the
 * scenario cannot be played so): sides in order, types in the order the force lists them.
 */
export function restrictedVariants(
  scenario: ScenarioDoc,
  rulesets: RulesetLookup,
): RestrictedVariant[] {
  const catalog = composeRulesetCatalog(
    scenario.ruleset,
    rulesets.get(scenario.ruleset.id)?.catalogs ?? [],
    scenario.catalog,
  );
  const out: RestrictedVariant[] = [];
  for (const side of scenario.forces.sides) {
    for (const [type, ids] of unitsByType(side.formations)) {
      const gone = new Set(ids);
      // Riders of every side are unit ids; only this side's can name its units.
      const variant: ScenarioDoc = {
        ...scenario,
        forces: {
          ...scenario.forces,
          sides: scenario.forces.sides.map((s) =>
            s.id === side.id ? { ...s, formations: withoutUnits(s.formations, gone) } : s,
          ),
        },
      };
      const made = labGameOf(variant, rulesets);
      out.push({
        side: side.id,
        type,
        name: catalog.units.get(type)?.name ?? type,
        units: ids.length,
        ...('error' in made ? { unplayable: made.error } : { scenario: variant }),
      });
    }
  }
  return out;
}

/** Progress of restricted play: games over all variants, and the variant being played. */
export interface RestrictedProgress extends LabProgress {
  /** "Side A without Sherman", the variant now playing. */
  readonly playing: string;
}

/** Plays one variant's games (the lab runner on threads, the queue or in process). */
export type PlayVariant = (
  scenario: ScenarioDoc,
  settings: LabSettings,
  onProgress: (p: LabProgress) => void,
) => LabRun;

/** The rows of restricted play from the run's report and a variant's. */
export function restrictedRow(
  base: LabReport,
  v: RestrictedVariant,
  report: LabReport | undefined,
): RestrictedType {
  const head = { side: v.side, type: v.type, name: v.name, units: v.units };
  if (v.unplayable !== undefined || !report) {
    return { ...head, games: 0, unplayable: v.unplayable ?? 'not played' };
  }
  const withIt = base.sides.find((s) => s.id === v.side)?.wins;
  const without = report.sides.find((s) => s.id === v.side)?.wins;
  if (!withIt || !without)
    return { ...head, games: 0, unplayable: 'the side is not in the report' };
  return { ...head, games: report.played, without, drop: shareDifference(withIt, without) };
}

/**
 * Plays restricted play after a run: every variant in turn with the run's seeds and settings,
 * and gives the report with `quality.restricted` filled in. Cancelling stops the variant being
 * played (its games so far count) and plays no more.
 */
export function runRestricted(
  base: LabReport,
  scenario: ScenarioDoc,
  settings: LabSettings,
  play: PlayVariant,
  /** The rulesets the caller plays with (the registry's `BUNDLED_RULESETS` at an entry point). */
  rulesets: RulesetLookup,
  onProgress?: (p: RestrictedProgress) => void,
): { readonly done: Promise<LabReport>; cancel(): void } {
  const variants = restrictedVariants(scenario, rulesets);
  const playable = variants.filter((v) => v.scenario);
  const perVariant = Math.max(0, base.played);
  const total = playable.length * perVariant;
  const sideName = new Map(scenario.forces.sides.map((s) => [s.id, s.name]));
  let cancelled = false;
  let current: LabRun | undefined;
  const runSettings: LabSettings = { ...settings, games: perVariant, restricted: false };
  const done = (async () => {
    const rows: RestrictedType[] = [];
    let before = 0;
    for (const v of variants) {
      if (!v.scenario || cancelled || perVariant === 0) {
        if (v.unplayable !== undefined) rows.push(restrictedRow(base, v, undefined));
        continue;
      }
      const playing = `${sideName.get(v.side) ?? v.side} without ${v.name}`;
      const offset = before;
      current = play(v.scenario, runSettings, (p) =>
        onProgress?.({ done: offset + p.done, total, playing }),
      );
      let report: LabReport;
      try {
        report = await current.done;
      } catch (err) {
        // A variant whose games fail is reported as such; the other types are still weighed.
        const why = err instanceof Error ? err.message : String(err);
        rows.push(restrictedRow(base, { ...v, unplayable: `its games failed: ${why}` }, undefined));
        before += perVariant;
        continue;
      } finally {
        current = undefined;
      }
      // A variant stopped before its first game says nothing: left out, as those not played.
      if (report.played > 0) rows.push(restrictedRow(base, v, report));
      before += perVariant;
    }
    return withRestricted(base, rows);
  })();
  return {
    done,
    cancel: () => {
      cancelled = true;
      current?.cancel();
    },
  };
}

/** The report with restricted play's rows in its quality measures. */
export function withRestricted(report: LabReport, rows: readonly RestrictedType[]): LabReport {
  if (!report.quality) return report;
  return { ...report, quality: { ...report.quality, restricted: rows } };
}
