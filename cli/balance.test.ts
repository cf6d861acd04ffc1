import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { sandtable } from './testing';

const FIRST = 'scenarios/tanks-your-first-game.scenario.json';

describe('sandtable balance', () => {
  test('refuses bad usage with the reason and the usage (exit 2)', async () => {
    const none = await sandtable('balance');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('name the scenario to balance');
    expect(none.stderr).toContain('sandtable balance <scenario>');
    const levers = await sandtable('balance', FIRST, '--levers', 'units,weather');
    expect(levers.code).toBe(2);
    expect(levers.stderr).toContain('--levers names "weather"; use some of units,turns');
    const target = await sandtable('balance', FIRST, '--target', '50');
    expect(target.code).toBe(2);
    expect(target.stderr).toContain('--target must be a share between 0 and 1');
    const queue = await sandtable('balance', FIRST, '--queue', 'http://x');
    expect(queue.code).toBe(2);
    expect(queue.stderr).toContain('is not a redis:// or rediss:// URL');
  });

  test('--save never writes over a file, and says so before playing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'balance-'));
    const there = join(dir, 'taken.scenario.json');
    writeFileSync(there, 'mine');
    const r = await sandtable('balance', FIRST, '--save', there);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('exists; --save never writes over a file');
    expect(readFileSync(there, 'utf8')).toBe('mine');
  });

  test(
    'the same seed gives the same answer on one thread or two',
    { timeout: 120_000 },
    async () => {
      const run = async (workers: string) => {
        const r = await sandtable(
          'balance',
          FIRST,
          '--budget-games',
          '48',
          '--levers',
          'turns,objectives',
          '--workers',
          workers,
          '--seed',
          '3',
          '--json',
        );
        expect([0, 3]).toContain(r.code);
        const { seconds: _s, ...report } = JSON.parse(r.stdout) as Record<string, unknown>;
        return report as {
          games: number;
          original: { games: number };
          absent: { change: string }[];
        };
      };
      const one = await run('1');
      const two = await run('2');
      expect(two).toEqual(one);
      expect(one.original.games).toBeGreaterThan(0);
      expect(one.games).toBeLessThanOrEqual(48);
      // Neither lever exists on this scenario, and the report says why.
      expect(one.absent.map((a) => a.change)).toEqual(['turn limit', 'objective position']);
    },
  );
});
