import type { Feature, ScenarioDoc } from '../format';
import type { AdvisorBatch, PlayBatches } from './advisor';
import type { LabRun } from './runner';
import type { GameRecord } from './types';

/**
 * How a host plays the advisor's batches: each batch is a lab run of its own (`runLab` on
 * threads or Web Workers, `runLabOnQueue` on the queue), one after another (`together` false:
 * each run uses every worker) or all at once (the queue, whose workers are elsewhere). The runs
 * under way are kept so a stop can cut them short; a cut run gives the games it finished.
 */
export function labPlayer(
  start: (batch: AdvisorBatch, onGame: (r: GameRecord) => void) => LabRun,
  together: boolean,
): { play: PlayBatches; cancel: () => void } {
  const running = new Set<LabRun>();
  let cancelled = false;
  const one = async (b: AdvisorBatch, onGame: () => void) => {
    const records: GameRecord[] = [];
    if (cancelled) return records;
    const run = start(b, (r) => {
      records.push(r);
      onGame();
    });
    running.add(run);
    try {
      await run.done;
    } finally {
      running.delete(run);
    }
    return records;
  };
  const play: PlayBatches = async (batches, onGame) => {
    if (together) return Promise.all(batches.map((b) => one(b, onGame)));
    const out: GameRecord[][] = [];
    for (const b of batches) out.push(await one(b, onGame));
    return out;
  };
  return {
    play,
    cancel: () => {
      cancelled = true;
      for (const r of running) r.cancel();
    },
  };
}

/** What adopting a variant writes into the open scenario: its changed top-level parts and pieces. */
export interface VariantEdits {
  /** Top-level entries that differ (forces, objectives, deployment, victory), whole. */
  readonly roots: readonly {
    readonly key: 'forces' | 'objectives' | 'deployment' | 'victory';
    readonly value: unknown;
  }[];
  /** Terrain pieces that moved, as they stand in the variant. */
  readonly features: readonly Feature[];
}

/** The edits that turn `original` into `variant` (the advisor changes nothing else). */
export function variantEdits(original: ScenarioDoc, variant: ScenarioDoc): VariantEdits {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const roots = (['forces', 'objectives', 'deployment', 'victory'] as const)
    .filter((key) => !same(original[key], variant[key]))
    .map((key) => ({ key, value: variant[key] as unknown }));
  const before = new Map(
    (original.map.kind === 'table' ? original.map.features : []).map((f) => [f.id, f]),
  );
  const features =
    variant.map.kind === 'table'
      ? variant.map.features.filter((f) => !same(before.get(f.id), f))
      : [];
  return { roots, features };
}
