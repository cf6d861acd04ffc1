import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUALITY_MEASURES } from '../engine/lab/quality';
import type { LabReport } from '../engine/lab/types';
import { sandtable } from './testing';

const wire = join(import.meta.dirname, '..', 'scenarios', 'ww1-wire.scenario.json');

describe('sandtable simulate: game-quality measures', () => {
  it('prints each measure with what it means and a good range, and --restricted a row a unit type', async () => {
    const args = ['simulate', wire, '--games', '3', '--workers', '1'];
    const text = await sandtable(...args);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('game quality (what each means; a good range):');
    for (const key of ['decisiveness', 'draws', 'length', 'leadChanges', 'firstPlayer'] as const) {
      const t = QUALITY_MEASURES[key];
      expect(text.stdout).toContain(`  ${t.label}: `);
      expect(text.stdout).toContain(`${t.means}; good: ${t.good}`);
    }
    // WWI gives the first turn to the scenario's first side.
    expect(text.stdout).toContain('first-player advantage: not applicable');
    expect(text.stdout).not.toContain('restricted play');

    const json = await sandtable(...args, '--restricted', '--json');
    expect(json.code).toBe(0);
    const r = JSON.parse(json.stdout) as LabReport;
    expect(r.settings.restricted).toBe(true);
    const q = r.quality!;
    expect(q.decisiveness.of).toBe(3);
    expect(q.length.p10).toBeLessThanOrEqual(q.length.p90);
    expect(q.leadChanges?.games).toBe(3);
    // A row a unit type of each side (the wire: three British types, three German), each
    // played on the run's three seeds, its drop the run's share minus the share without it.
    expect(q.restricted).toHaveLength(6);
    for (const row of q.restricted!) {
      expect(row.games).toBe(3);
      const withIt = r.sides.find((s) => s.id === row.side)!.wins.share;
      expect(row.drop!.difference).toBeCloseTo(withIt - row.without!.share, 10);
      expect(row.drop!.low).toBeLessThanOrEqual(row.drop!.difference);
    }
    expect(json.stderr).toMatch(/restricted play, \w+ without .+: \d+\/18 games/);
  }, 180_000);
});
