import { describe, expect, test } from 'vitest';
import { qualityOf } from './quality';
import { qualityChanges, type ComparedRun } from './qualityCompare';
import type { GameRecord } from './types';

const SIDES = [
  { id: 'a', name: 'Side A' },
  { id: 'b', name: 'Side B' },
];

/**
 * `n` games: the first `decided` won (alternately by a and b, the side that moved first winning
 * `firstWins` of them), the rest drawn; each `turns` long; `comeback` of the decided ones won by
 * the side behind after turn 1 (its leaders say so).
 */
function games(
  n: number,
  decided: number,
  turns: (k: number) => number,
  comeback: number,
  firstWins: number,
): GameRecord[] {
  return Array.from({ length: n }, (_, k): GameRecord => {
    const won = k < decided;
    const winner = won ? (k % 2 === 0 ? 'a' : 'b') : 'draw';
    const loser = winner === 'a' ? 'b' : 'a';
    const firstPlayer = won ? (k < firstWins ? winner : loser) : k % 2 === 0 ? 'a' : 'b';
    const t = turns(k);
    const leaders = won && k < comeback ? [winner, loser, winner] : [winner, winner, winner];
    return {
      seed: k,
      winner,
      text: winner,
      turns: t,
      sideTurns: 2 * t,
      stoppedBy: 'over',
      hash: String(k),
      deaths: [],
      held: [],
      firstPlayer,
      leaders: won ? leaders : [null, null, null],
    };
  });
}

const run = (records: GameRecord[]): ComparedRun => {
  const byTurn: number[] = [];
  for (const r of records) {
    while (byTurn.length <= r.turns) byTurn.push(0);
    byTurn[r.turns]!++;
  }
  return { quality: qualityOf(records, SIDES), byTurn };
};

describe('quality measures of two runs compared', () => {
  test('each measure then and now, with the difference and whether it is meaningful', () => {
    const before = run(games(400, 360, (k) => 8 + (k % 5), 80, 180));
    const after = run(games(400, 240, (k) => 5 + (k % 5), 20, 220));
    const c = qualityChanges(before, after);
    expect(c.map((x) => x.measure)).toEqual([
      'decisiveness',
      'length',
      'leadChanges',
      'comebacks',
      'firstPlayer',
    ]);
    const by = Object.fromEntries(c.map((x) => [x.measure, x]));
    // 90% decided to 60%: 30 points fewer, far beyond chance.
    expect(by['decisiveness']!.then).toBe('90.0%');
    expect(by['decisiveness']!.now).toBe('60.0%');
    expect(by['decisiveness']!.difference).toBeCloseTo(-30, 6);
    expect(by['decisiveness']!.clear).toBe(true);
    expect(by['decisiveness']!.text).toMatch(
      /^Decisiveness went from 90\.0% to 60\.0%: −30\.0 points \[−\d+\.\d, −\d+\.\d\], meaningful/,
    );
    // Three turns shorter on every game.
    expect(by['length']!.difference).toBeCloseTo(-3, 6);
    expect(by['length']!.clear).toBe(true);
    expect(by['comebacks']!.clear).toBe(true);
    expect(by['comebacks']!.difference!).toBeLessThan(0);
    // The side that moved first won 50% of 360, then 220 of 240 (91.7%).
    expect(by['firstPlayer']!.clear).toBe(true);
    expect(by['firstPlayer']!.then).toBe('50.0%');
  });

  test('the same games change nothing, and within chance says so', () => {
    const a = run(games(200, 160, (k) => 6 + (k % 3), 40, 80));
    const b = run(games(200, 156, (k) => 6 + ((k + 1) % 3), 38, 80));
    for (const x of qualityChanges(a, b)) {
      expect(x.clear).toBe(false);
      expect(x.text).toMatch(/within chance|not applicable|not compared/);
    }
    for (const x of qualityChanges(a, a)) {
      expect(x.difference ?? 0).toBeCloseTo(0, 9);
      expect(x.text).not.toContain('−0.0 ');
    }
    // One game a turn shorter in 200: a mean 0.005 turns less reads +0.0, not −0.0.
    const c = run(games(200, 160, (k) => (k === 0 ? 5 : 6), 40, 80));
    const d = run(games(200, 160, () => 6, 40, 80));
    const length = qualityChanges(d, c).find((x) => x.measure === 'length')!;
    expect(length.difference!).toBeLessThan(0);
    expect(length.change).toMatch(/^mean \+0\.0 turns/);
  });

  test('a run saved before the measures were kept says why it cannot be compared', () => {
    const a = run(games(100, 80, () => 6, 10, 40));
    const c = qualityChanges({}, a);
    expect(c).toHaveLength(1);
    expect(c[0]!.text).toMatch(/earlier run has no quality measures/);
    expect(c[0]!.clear).toBe(false);
  });
});
