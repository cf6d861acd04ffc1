import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SANDTABLE_BIN, sandtable } from './testing';
import { describe, expect, it } from 'vitest';
import { parseLabFile } from '../engine/lab/labFile';

const village = join(import.meta.dirname, '..', 'scenarios', 'tankplank-village.scenario.json');

interface Report {
  played: number;
  sides: {
    id: string;
    style: string;
    wins: { share: number; low: number; high: number };
    kills?: { columns: number };
  }[];
  hashes: { seed: number; hash: string }[];
  length: { mean: number };
}

describe('sandtable simulate (and its alias lab)', () => {
  it('gives the same games on one worker thread and on two, as JSON', async () => {
    const args = ['lab', village, '--games', '3', '--seed', '7', '--turn-limit', '1', '--json'];
    const one = await sandtable(...args, '--workers', '1', '--bots', 'b=cautious');
    const two = await sandtable(...args, '--workers', '2', '--bots', 'b=cautious');
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    const a = JSON.parse(one.stdout) as Report;
    const b = JSON.parse(two.stdout) as Report;
    expect(a.played).toBe(3);
    expect(a.hashes.map((h) => h.seed)).toEqual([7, 8, 9]);
    expect(b.hashes).toEqual(a.hashes);
    expect(a.sides.map((s) => s.style)).toEqual(['balanced', 'cautious']);
    // The heatmap of where each side's kills were made from, on the village's 1" cells.
    expect(a.sides.map((s) => s.kills?.columns)).toEqual([36, 36]);
    expect(a.length.mean).toBe(1);
    // Progress went to stderr, the report alone to stdout.
    expect(one.stderr).toContain('3/3 games');
  }, 120_000);

  it('prints a readable report with intervals', async () => {
    const r = await sandtable(
      'simulate',
      village,
      '--games',
      '2',
      '--turn-limit',
      '1',
      '--workers',
      '1',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Side A \(west\) \(a\) +balanced +0\.0% +\[0\.0% – 65\.8%\]/);
    expect(r.stdout).toContain('draws');
    expect(r.stdout).toContain('game length: mean 1.0 turns');
    // Who held each side's objective at the end of turn 1, over the two games.
    expect(r.stdout).toMatch(/who held Side A's objective: .* at the end of each turn/);
    expect(r.stdout).toMatch(/\n +1 +2 +\d+\.\d% +\d+\.\d% +\d+\.\d%\n/);
    // Split by the bridge each side's bot went round by; the two games are in the pairs' counts.
    expect(r.stdout).toContain("by the plan each side's bot drew for the game");
    expect(r.stdout).toMatch(/Side A \(west\)'s plan +Side B \(east\)'s plan +games/);
    const pairs = [...r.stdout.matchAll(/\nby Bridge \d, \w+ +by Bridge \d, \w+ +(\d) /g)];
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.reduce((n, m) => n + Number(m[1]), 0)).toBe(2);
    // Both games ran into the one-turn limit: what each side's objective lacked then, whose
    // shares add up to all of them.
    expect(r.stdout).toContain('What kept the 2 games the turn limit ended from being won:');
    for (const name of [
      "Side A's objective: the north-east paddock",
      "Side B's objective: the south-west paddock",
    ]) {
      const line = r.stdout.split('\n').find((l) => l.startsWith(`  ${name}: `));
      expect(line, name).toBeDefined();
      const shares = [...line!.matchAll(/ (\d+)%/g)].map((m) => Number(m[1]));
      expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
    }
  }, 120_000);

  it('stops on Ctrl-C, reports the games played and exits 130', async () => {
    const child = spawn(
      process.execPath,
      [
        SANDTABLE_BIN,
        'simulate',
        village,
        '--games',
        '500',
        '--turn-limit',
        '1',
        '--workers',
        '1',
        '--json',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      // The first progress line: a game is in; interrupt as a user at a terminal would.
      if (/\d+\/500 games/.test(err)) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(130);
    const report = JSON.parse(out) as Report & { complete: boolean; cancelled: boolean };
    expect(report.cancelled).toBe(true);
    expect(report.complete).toBe(false);
    expect(report.played).toBeGreaterThan(0);
    expect(report.played).toBeLessThan(500);
    expect(report.hashes.map((h) => h.seed)).toEqual(
      Array.from({ length: report.played }, (_, i) => 1 + i),
    );
  }, 120_000);

  it('says who wins when somebody does, once draws make it differ from the wins', async () => {
    const first = join(
      import.meta.dirname,
      '..',
      'scenarios',
      'tanks-your-first-game.scenario.json',
    );
    const args = ['simulate', first, '--games', '30', '--workers', '1'];
    const json = await sandtable(...args, '--json');
    expect(json.code).toBe(0);
    const r = JSON.parse(json.stdout) as {
      played: number;
      decided: { count: number };
      draws: { count: number };
      sides: { name: string; decidedWins: { count: number; of: number } }[];
    };
    // Both draws and wins in these 30 games, or the test says nothing.
    expect(r.draws.count).toBeGreaterThan(0);
    expect(r.decided.count).toBeGreaterThan(0);
    for (const side of r.sides) expect(side.decidedWins.of).toBe(r.decided.count);
    expect(r.sides.reduce((n, side) => n + side.decidedWins.count, 0)).toBe(r.decided.count);
    const text = await sandtable(...args);
    for (const side of r.sides)
      expect(text.stdout).toMatch(new RegExp(`\\n  of them won by ${side.name} +\\d+\\.\\d%`));
  }, 120_000);

  it('--save keeps the runs next to the scenario and compares each with the one before', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandtable-lab-'));
    const scenario = join(dir, 'first.scenario.json');
    await copyFile(
      join(import.meta.dirname, '..', 'scenarios', 'tanks-your-first-game.scenario.json'),
      scenario,
    );
    const args = ['simulate', scenario, '--games', '2', '--turn-limit', '1', '--workers', '1'];
    const first = await sandtable(...args, '--save');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`saved to ${join(dir, 'first.lab.json')}`);
    const second = await sandtable(...args, '--seed', '3', '--save', '--json');
    expect(second.code).toBe(0);
    const report = JSON.parse(second.stdout) as { comparedWith: { changes: string[] } };
    expect(report.comparedWith.changes.join('\n')).toMatch(/win share (stayed at|went from)/);
    // The quality measures then and now, each with whether the difference is meaningful.
    expect(report.comparedWith.changes.join('\n')).toMatch(
      /Decisiveness went from \d+\.\d% to \d+\.\d%: [+−]\d+\.\d points \[.*\], (meaningful|within chance)/,
    );
    expect(report.comparedWith.changes.join('\n')).toMatch(/Game length .* went from/);
    // The TANKS bot plays every game one way: nothing is said by plans.
    expect(report.comparedWith.changes.join('\n')).not.toMatch(/By plans|With |At the turn limit/);
    const saved = parseLabFile(
      await readFile(join(dir, 'first.lab.json'), 'utf8'),
      'first.lab.json',
    );
    expect(saved.ok && saved.lab.runs.map((r) => r.report.settings.firstSeed)).toEqual([1, 3]);
    // A lab file the schema refuses stops the run before any game, saying where.
    await writeFile(join(dir, 'first.lab.json'), '{"format":"sandtable.lab","runs":[]}');
    const broken = await sandtable(...args, '--save');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('first.lab.json /: must have required property');
  }, 120_000);

  it('refuses bad usage with exit code 2 and names what is wrong', async () => {
    const r = await sandtable('lab', village, '--games', '2', '--bots', 'c=cautious');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--bots names side "c"; the scenario\'s sides are a, b');
    expect((await sandtable('lab', village, '--games', 'many')).code).toBe(2);
    const q = await sandtable('simulate', village, '--queue', 'http://example.org');
    expect(q.code).toBe(2);
    expect(q.stderr).toContain('is not a redis:// or rediss:// URL');
    const w = await sandtable('worker', '--threads', '2');
    expect(w.code).toBe(2);
    expect(w.stderr).toContain('sandtable worker needs --queue redis://host:port');
  });
});
