import { describe, expect, test } from 'vitest';
import type { ScenarioDoc } from '../format';
import { bundledScenario } from '../../scripts/testing/bundled';
import { inProcessLabWorker, labGameLog, runLab, type LabWorkerPort } from './runner';
import type { LabSettings } from './types';
import { BUNDLED_RULESETS } from '../rulesets/registry';

function village(): ScenarioDoc {
  return bundledScenario('tankplank-village');
}

// Two-turn games keep the test quick; the seeds still play out differently.
const settings: LabSettings = {
  games: 5,
  firstSeed: 40,
  styles: { b: 'aggressive' },
  turnLimit: 2,
};

/** In-process workers that answer late and out of step, to shuffle the order games come back. */
function slowWorker(delayTurns: number): LabWorkerPort {
  const inner = inProcessLabWorker(BUNDLED_RULESETS);
  return {
    post: (m) => inner.post(m),
    listen: (onMessage, onFailure) =>
      inner.listen((m) => {
        let p = Promise.resolve();
        for (let k = 0; k < delayTurns; k++) p = p.then(() => undefined);
        void p.then(() => onMessage(m));
      }, onFailure),
    terminate: () => inner.terminate(),
  };
}

describe('balance lab runner', () => {
  test('the same seeds give the same report with one worker or several, in any order', async () => {
    const doc = village();
    const one = await runLab(doc, settings, {
      spawn: () => inProcessLabWorker(BUNDLED_RULESETS),
      workers: 1,
    }).done;
    const seen: number[] = [];
    const three = await runLab(doc, settings, {
      // The later workers answer first: each holds two seeds, so the first holds the lowest.
      spawn: (i) => slowWorker((2 - i) * 7),
      workers: 3,
      batch: 1,
      onProgress: (_p, r) => seen.push(r.seed),
    }).done;
    expect(one.played).toBe(5);
    expect(one.hashes.map((h) => h.seed)).toEqual([40, 41, 42, 43, 44]);
    expect(new Set(one.hashes.map((h) => h.hash)).size).toBe(5);
    // The village's objectives charted over both turns of every game; the games listed by seed.
    expect(one.objectives!.length).toBeGreaterThan(0);
    expect(one.objectives![0]!.byTurn.map((t) => t.games)).toEqual([5, 5]);
    expect(one.games!.map((g) => [g.seed, g.turns])).toEqual(
      [40, 41, 42, 43, 44].map((seed) => [seed, 2]),
    );
    expect(three).toEqual(one);
    // The games did come back out of seed order.
    expect(seen).not.toEqual([...seen].sort((a, b) => a - b));
  }, 120_000);

  test('a cancelled run reports the games finished before the cancel', async () => {
    const box: { run?: ReturnType<typeof runLab> } = {};
    const run = runLab(
      village(),
      { ...settings, games: 20 },
      {
        spawn: () => inProcessLabWorker(BUNDLED_RULESETS),
        workers: 1,
        batch: 1,
        onProgress: (p) => {
          if (p.done === 2) box.run!.cancel();
        },
      },
    );
    box.run = run;
    const r = await run.done;
    expect(r.played).toBe(2);
    expect(r.hashes.map((h) => h.seed)).toEqual([40, 41]);
  }, 120_000);

  test('a scenario the lab cannot play is refused in words', async () => {
    const doc = village();
    const bad = { ...doc, ruleset: { ...doc.ruleset, id: 'chess' } } as unknown as ScenarioDoc;
    await expect(
      runLab(bad, settings, { spawn: () => inProcessLabWorker(BUNDLED_RULESETS), workers: 2 }).done,
    ).rejects.toThrow('Sandtable does not know the ruleset "chess"');
  });
});

describe('a lab game played again', () => {
  test('gives the action log of the same game, ending in the record’s hash', async () => {
    const doc = village();
    const one = await runLab(
      doc,
      { ...settings, games: 1 },
      { spawn: () => inProcessLabWorker(BUNDLED_RULESETS), workers: 1 },
    ).done;
    const log = await labGameLog(doc, { ...settings, games: 1 }, 40, () =>
      inProcessLabWorker(BUNDLED_RULESETS),
    );
    expect(log.actions.length).toBeGreaterThan(0);
    expect(log.hash).toBe(one.hashes[0]!.hash);
  }, 60_000);
});
