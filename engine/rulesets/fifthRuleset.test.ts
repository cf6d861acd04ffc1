import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bundledCliContext, type CliContext } from '../../cli/context';
import { nodeLabWorker } from '../../cli/labThreads';
import { main } from '../../cli/main';
import { botPlayer } from '../game/bots/baseline';
import { simulate } from '../game/simulate';
import { admitScenario } from '../lab/checkedDocument';
import { inProcessLabWorker, runLab } from '../lab/runner';
import type { LabReport, LabSettings } from '../lab/types';
import { labGameOf } from '../lab/worker';
import { playtestFor } from '../playtest/rulesets';
import { BUNDLED_RULESETS } from './registry';
import { DUEL_RULESETS } from './testing/duel';

/*
 * A fifth ruleset needs its folder and nothing else of the shared code (ARCHITECTURE.md): the
 * test-only duel in engine/rulesets/testing/duel/ (a game made with defineGame and
 * legalActions, a view on the PlaytestView base, a RulesetModule, a lookup and a scenario file)
 * plays through `simulate`, the lab runner (in this thread and on real worker threads) and
 * `sandtable simulate`, handed to them as a `RulesetLookup`. Files outside its folder that name
 * it: this test alone (0 shared files). A shipped ruleset adds 3 more: its registry entry, a
 * bundled scenario and an e2e spec.
 */

const ROOT = resolve(__dirname, '../..');
const DUEL_DIR = 'engine/rulesets/testing/duel';
const SCENARIO = join(ROOT, DUEL_DIR, 'duel.scenario.json');
const THIS_TEST = 'engine/rulesets/fifthRuleset.test.ts';
const SETTINGS: LabSettings = { games: 24, firstSeed: 1, styles: {} };

/** The duel's scenario, admitted as every command admits a file, with the duel's lookup. */
function duelScenario() {
  const admitted = admitScenario(readFileSync(SCENARIO), SCENARIO, DUEL_RULESETS);
  if (!admitted.ok) throw new Error(admitted.lines.join('\n'));
  return admitted.scenario;
}

/**
 * Every source or data file under the trees a ruleset could have to touch (docs may describe it:
 * prose is not a file the ruleset needs).
 */
function repositoryFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx|mjs|js|json)$/.test(name)) out.push(relative(ROOT, path));
    }
  };
  for (const tree of ['engine', 'cli', 'renderer/src', 'electron', 'bench', 'scripts', 'server'])
    walk(join(ROOT, tree));
  for (const tree of ['schemas', 'scenarios', 'e2e']) walk(join(ROOT, tree));
  return out.filter((f) => !f.startsWith('engine/format/generated/'));
}

/** Runs `sandtable <args>` through the CLI's `main`, catching what it prints. */
async function sandtable(args: string[], context?: CliContext) {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const code = await main(args, context);
    return { code, stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}

const DUEL_CONTEXT: CliContext = {
  rulesets: DUEL_RULESETS,
  rulesetsSource: {
    module: new URL('./testing/duel/index.ts', import.meta.url),
    name: 'DUEL_RULESETS',
  },
};

const wins = (r: LabReport) => Object.fromEntries(r.sides.map((s) => [s.id, s.wins.count]));

describe('a fifth ruleset is its folder', () => {
  afterEach(() => vi.restoreAllMocks());

  it('no file outside its folder names it but this test', () => {
    const outside = repositoryFiles().filter(
      (f) =>
        !f.startsWith(`${DUEL_DIR}/`) &&
        f !== THIS_TEST &&
        /x-duel|testing\/duel/.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    console.log(
      `files outside ${DUEL_DIR}/ the duel needed: ${outside.length} (and this test)` +
        (outside.length ? `: ${outside.join(', ')}` : ''),
    );
    expect(outside).toEqual([]);
    const own = readdirSync(join(ROOT, DUEL_DIR)).sort();
    expect(own).toEqual(['duel.scenario.json', 'game.ts', 'index.ts', 'view.ts']);
  });

  it('plays through simulate with the baseline bot: games end, both sides win some, a seed gives one game', () => {
    const made = labGameOf(duelScenario(), DUEL_RULESETS);
    if ('error' in made) throw new Error(made.error);
    const game = made.game;
    const play = (seed: number) =>
      simulate(game, {
        seed,
        players: {
          blue: botPlayer(game, 'random', seed),
          red: botPlayer(game, 'random', seed + 1000),
        },
      });
    const winners: Record<string, number> = {};
    for (let seed = 1; seed <= 40; seed++) {
      const r = play(seed);
      expect(r.stoppedBy, `seed ${seed}`).toBe('over');
      const w = r.result!.winner;
      winners[w] = (winners[w] ?? 0) + 1;
      const again = play(seed);
      expect(again.hash).toBe(r.hash);
      expect(again.actions).toEqual(r.actions);
    }
    console.log(
      `duel through simulate, 40 seeds, random baseline both sides: ${JSON.stringify(winners)}`,
    );
    expect(winners['blue']).toBeGreaterThan(0);
    expect(winners['red']).toBeGreaterThan(0);
    // The ruleset's own bot plays the same game shape (fire, then end) to an end.
    const own = simulate(game, { seed: 3, players: {} });
    expect(own.stoppedBy).toBe('over');
  });

  it('has a playtest view from the PlaytestView base', () => {
    const made = playtestFor(duelScenario(), DUEL_RULESETS);
    if (!made.ok) throw new Error(made.reason);
    const state = made.view.game.newGame({ seed: 1 });
    expect(made.view.counters(state, null).map((c) => c.label)).toEqual(['Blue tank', 'Red tank']);
    expect(made.view.phase(state).waitingFor).toEqual(['blue']);
    expect(made.view.weapons(state, 'blue.tank')).toEqual([]);
  });

  it('plays through the lab runner, in this thread and on worker threads, with the same report', async () => {
    const scenario = duelScenario();
    const here = await runLab(scenario, SETTINGS, {
      spawn: () => inProcessLabWorker(DUEL_RULESETS),
      workers: 1,
    }).done;
    expect(here.played).toBe(24);
    expect(here.unfinished).toBe(0);
    expect(here.rulesetId).toBe('x-duel');
    const counted = wins(here);
    expect(counted['blue']! + counted['red']! + here.draws.count).toBe(24);
    expect(counted['blue']).toBeGreaterThan(0);
    expect(counted['red']).toBeGreaterThan(0);
    const threads = await runLab(scenario, SETTINGS, {
      spawn: () => nodeLabWorker(DUEL_CONTEXT.rulesetsSource),
      workers: 2,
    }).done;
    expect(threads.hashes).toEqual(here.hashes);
    expect(wins(threads)).toEqual(counted);
    console.log(
      `duel through the lab, 24 games: ${JSON.stringify(counted)}, ${here.draws.count} draws`,
    );
  }, 60_000);

  it('plays through `sandtable simulate` when main is handed its lookup', async () => {
    const args = ['simulate', SCENARIO, '--games', '24', '--workers', '2', '--json'];
    const run = await sandtable(args, DUEL_CONTEXT);
    expect(run.stderr).not.toMatch(/refused|cannot/);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as LabReport & { complete: boolean };
    expect(report.complete).toBe(true);
    expect(report.played).toBe(24);
    const inProcess = await runLab(duelScenario(), SETTINGS, {
      spawn: () => inProcessLabWorker(DUEL_RULESETS),
      workers: 1,
    }).done;
    expect(wins(report)).toEqual(wins(inProcess));
    expect(report.hashes).toEqual(inProcess.hashes);
  }, 60_000);

  it('is refused, naming the rulesets it knows, where its lookup is not handed in', async () => {
    const bundled = await sandtable(['validate', SCENARIO], await bundledCliContext());
    expect(bundled.code).toBe(1);
    expect(bundled.stdout + bundled.stderr).toContain('"x-duel"');
    expect(bundled.stdout + bundled.stderr).toContain(
      BUNDLED_RULESETS.list.map((m) => m.id).join(', '),
    );
    // And the other way round: the duel's lookup does not play a bundled ruleset's scenario.
    const village = join(ROOT, 'scenarios', 'tankplank-village.scenario.json');
    const refused = admitScenario(readFileSync(village), village, DUEL_RULESETS);
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.lines.join('\n')).toMatch(/"tankplank".*one of x-duel/);
  });
});
