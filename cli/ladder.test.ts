import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../server/rawClient';
import { sandtable, startSandtable, stopCommands } from './testing';

const wire = join(import.meta.dirname, '..', 'scenarios', 'ww1-wire.scenario.json');

interface Share {
  count: number;
  of: number;
  share: number;
  low: number;
  high: number;
}
interface Report {
  scenario: string;
  sides: { id: string; name: string }[];
  settings: { bots: string[]; gamesPerPair: number; firstSeed: number };
  played: number;
  scheduled: number;
  complete: boolean;
  cancelled: boolean;
  anchor: string;
  ratings: { bot: string; elo: number; low: number; high: number; games: number; stalls: number }[];
  pairs: {
    bots: [string, string];
    games: number;
    wins: [Share, Share];
    draws: Share;
    unfinished: number;
    bySide: { first: string; games: number }[];
    length: { mean: number; median: number };
  }[];
  unfinished: number;
  games: { seed: number; players: [string, string]; winner: string | null; hash: string }[];
}

afterAll(stopCommands);

describe('sandtable ladder', () => {
  it('plays each seed both ways round, the same games on one thread and on two, as JSON', async () => {
    const args = ['ladder', wire, '--bots', 'random,aggressive,cautious', '--games', '2'];
    const one = await sandtable(...args, '--seed', '4', '--workers', '1', '--json');
    const two = await sandtable(...args, '--seed', '4', '--workers', '2', '--json');
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    const a = JSON.parse(one.stdout) as Report;
    const b = JSON.parse(two.stdout) as Report;
    expect(b.games).toEqual(a.games);
    expect(a).toMatchObject({ played: 6, scheduled: 6, complete: true, cancelled: false });
    expect(a.anchor).toBe('random');
    expect(a.settings).toMatchObject({ gamesPerPair: 2, firstSeed: 4 });
    // Every pair played seed 4 once each way round.
    expect(a.games.map((g) => [g.seed, g.players.join(' v ')])).toEqual([
      [4, 'random v aggressive'],
      [4, 'aggressive v random'],
      [4, 'random v cautious'],
      [4, 'cautious v random'],
      [4, 'aggressive v cautious'],
      [4, 'cautious v aggressive'],
    ]);
    expect(a.pairs.map((p) => p.bots.join())).toEqual([
      'random,aggressive',
      'random,cautious',
      'aggressive,cautious',
    ]);
    for (const p of a.pairs) {
      expect(p.bySide.map((s) => [s.first, s.games])).toEqual([
        [p.bots[0], 1],
        [p.bots[1], 1],
      ]);
      expect(p.wins[0].count + p.wins[1].count + p.draws.count + p.unfinished).toBe(p.games);
      expect(p.wins[0].low).toBeLessThanOrEqual(p.wins[0].share);
    }
    // One rating a bot, best first, random the anchor at 0 with no width.
    expect(a.ratings.map((r) => r.bot).sort()).toEqual(['aggressive', 'cautious', 'random']);
    const random = a.ratings.find((r) => r.bot === 'random')!;
    expect(random).toMatchObject({ elo: 0, low: 0, high: 0, games: 4 });
    const elos = a.ratings.map((r) => r.elo);
    expect([...elos].sort((x, y) => y - x)).toEqual(elos);
    expect(one.stderr).toContain('6/6 games');
  }, 120_000);

  it('prints the ratings and the pairs as tables', async () => {
    const r = await sandtable('ladder', wire, '--bots', 'random,balanced', '--games', '2');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^WWI: Through the wire \(ww1\): 2 games, 1 pair × 2 \(seeds 1-1,/);
    expect(r.stdout).toMatch(/Elo \(random = 0;/);
    expect(r.stdout).toMatch(/\n +random +\+0 +\[\+0, \+0\] +2 /);
    expect(r.stdout).toMatch(/\n +random v balanced +2 +\d+\.\d% \[/);
    expect(r.stdout).toMatch(/X on British +X on German/);
    expect(r.stdout).toMatch(/\n +random v balanced .* 1: \d-\d-\d +1: \d-\d-\d +[\d.]+\/[\d.]+\n/);
    expect(r.stdout).toContain('of the decided games');
  }, 120_000);

  it('refuses unknown bots, odd game counts and files it cannot play', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandtable-ladder-'));
    const broken = join(dir, 'broken.scenario.json');
    await writeFile(broken, '{"format": "sandtable.scenario"');
    const [unknown, odd, bad, refused] = await Promise.all([
      sandtable('ladder', wire, '--bots', 'random,clever'),
      sandtable('ladder', wire, '--games', '3'),
      sandtable('ladder', wire, '--workers', '0'),
      sandtable('ladder', broken),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--bots names "clever": not a bot; the bots are random,');
    expect(odd.code).toBe(2);
    expect(odd.stderr).toMatch(/even whole number/);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--workers takes a whole number from 1, not "0"');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refused');
  }, 120_000);

  it('reports the games finished when stopped by Ctrl-C', async () => {
    const run = startSandtable(
      'ladder',
      wire,
      '--bots',
      'random,balanced',
      '--games',
      '400',
      '--workers',
      '1',
      '--json',
    );
    await until('the first game', () => /\d+\/400 games/.test(run.err), 60_000);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(130);
    const r = JSON.parse(run.out) as Report;
    expect(r.complete).toBe(false);
    expect(r.cancelled).toBe(true);
    expect(r.played).toBeGreaterThan(0);
    expect(r.played).toBeLessThan(400);
    expect(r.pairs[0]!.games).toBe(r.played);
  }, 120_000);
});
