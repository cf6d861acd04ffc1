import type { ScenarioDoc } from '../format';
import type { GameAction } from '../game/gameDef';
import type { RulesetLookup } from '../rulesets/lookup';
import { labReport } from './stats';
import type { GameRecord, LabProgress, LabReport, LabSettings } from './types';
import { labWorkerHandler, type FromLabWorker, type ToLabWorker } from './worker';

/**
 * Runs a lab: hands the seeds out to workers a few at a time, gathers one record per game and
 * makes the report. It knows nothing of threads: the caller passes a function that starts a
 * worker (a Node worker thread in the CLI and the bench, a Web Worker in the app, or
 * `inProcessLabWorker` in tests). Every game is a pure function of its seed, and the report
 * sorts the records by seed, so the same seeds give the same report whatever the number of
 * workers and whichever finishes first.
 */

/** One worker as the runner sees it. */
export interface LabWorkerPort {
  post(message: ToLabWorker): void;
  /** Where the worker's messages go, and what to say when it dies. */
  listen(onMessage: (m: FromLabWorker) => void, onFailure: (why: string) => void): void;
  terminate(): void;
}

/** Starts worker number `index` (0-based). */
export type SpawnLabWorker = (index: number) => LabWorkerPort;

export interface LabRunOptions {
  readonly spawn: SpawnLabWorker;
  /** How many workers to start (at least 1; never more than there are games). */
  readonly workers: number;
  /**
   * Seeds handed to a worker at a time; small keeps the workers evenly busy to the end. A worker
   * holds two batches: the next is sent when it starts the last of the one before, so it never
   * waits for the round trip to this thread between games.
   */
  readonly batch?: number;
  /** Called after every game, in the order games come back. */
  readonly onProgress?: (progress: LabProgress, record: GameRecord) => void;
}

export interface LabRun {
  /** The report of every game played: all of them, or those finished before a cancel. */
  readonly done: Promise<LabReport>;
  /** Stops every worker at once; `done` then resolves with the games finished so far. */
  cancel(): void;
}

/** Plays `settings.games` games of a scenario on workers and reports on them. */
export function runLab(scenario: ScenarioDoc, asked: LabSettings, options: LabRunOptions): LabRun {
  // The scenario's own bot styles (its playtest settings) unless the run names others.
  const settings: LabSettings = {
    ...asked,
    styles: { ...(scenario.playtest?.bots ?? {}), ...asked.styles },
  };
  const total = Math.max(0, Math.floor(settings.games));
  const seeds = Array.from({ length: total }, (_, i) => settings.firstSeed + i);
  const batch = Math.max(1, Math.floor(options.batch ?? 1));
  const count = Math.max(1, Math.min(Math.floor(options.workers), Math.max(1, total)));
  const records: GameRecord[] = [];
  const ports: LabWorkerPort[] = [];
  let next = 0;
  let finished = false;
  let settle: { resolve: (r: LabReport) => void; reject: (e: Error) => void } | undefined;
  const done = new Promise<LabReport>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const report = () =>
    labReport(
      { title: scenario.meta.title, rulesetId: scenario.ruleset.id, map: scenario.map },
      scenario.forces.sides.map((s) => ({
        id: s.id,
        name: s.name,
        colour: s.colour ?? '',
        deployment: '',
      })),
      settings,
      records,
      Object.fromEntries(scenario.objectives.map((o) => [o.id, o.name ?? o.id])),
    );
  const stop = () => {
    finished = true;
    for (const p of ports) p.terminate();
  };
  const finish = () => {
    if (finished) return;
    stop();
    settle!.resolve(report());
  };
  const fail = (why: string) => {
    if (finished) return;
    stop();
    settle!.reject(new Error(why));
  };
  if (total === 0) {
    finished = true;
    settle!.resolve(report());
    return { done, cancel: () => undefined };
  }
  for (let i = 0; i < count; i++) {
    const port = options.spawn(i);
    ports.push(port);
    // Seeds sent to this worker and not played yet.
    let outstanding = 0;
    const feed = () => {
      const seedsNow = seeds.slice(next, next + batch);
      next += seedsNow.length;
      outstanding += seedsNow.length;
      if (seedsNow.length > 0) port.post({ type: 'play', seeds: seedsNow });
    };
    port.listen(
      (m) => {
        if (finished) return;
        switch (m.type) {
          case 'error':
            fail(m.message);
            return;
          case 'game':
            records.push(m.record);
            outstanding--;
            options.onProgress?.({ done: records.length, total }, m.record);
            if (records.length === total) finish();
            else if (outstanding <= batch) feed();
            return;
        }
      },
      (why) => fail(`lab worker ${i + 1} stopped: ${why}`),
    );
    port.post({ type: 'start', scenario, settings });
    feed();
    feed();
  }
  return { done, cancel: finish };
}

/**
 * Plays one game of a run again on a worker of its own and gives its action log (with the final
 * state's hash, the record's when the engine is the same), for the playtest to replay it.
 */
export function labGameLog(
  scenario: ScenarioDoc,
  settings: LabSettings,
  seed: number,
  spawn: SpawnLabWorker,
): Promise<{ actions: readonly GameAction[]; hash: string }> {
  const port = spawn(0);
  return new Promise<{ actions: readonly GameAction[]; hash: string }>((resolve, reject) => {
    port.listen(
      (m) => {
        if (m.type === 'error') reject(new Error(m.message));
        else if (m.type === 'log' && m.seed === seed) resolve({ actions: m.actions, hash: m.hash });
      },
      (why) => reject(new Error(`the lab worker stopped: ${why}`)),
    );
    port.post({ type: 'start', scenario, settings });
    port.post({ type: 'log', seed });
  }).finally(() => port.terminate());
}

/**
 * A worker that runs in this thread, a message at a time: for tests, and for a lab on one
 * worker where starting a thread costs more than it gives. It plays the games of `rulesets`.
 */
export function inProcessLabWorker(rulesets: RulesetLookup): LabWorkerPort {
  let deliver: ((m: FromLabWorker) => void) | undefined;
  let dead = false;
  const handle = labWorkerHandler(rulesets, (m) => {
    if (!dead) void Promise.resolve().then(() => !dead && deliver?.(m));
  });
  return {
    post: (m) => {
      void Promise.resolve().then(() => !dead && handle(m));
    },
    listen: (onMessage) => {
      deliver = onMessage;
    },
    terminate: () => {
      dead = true;
    },
  };
}
