import { describe, expect, test } from 'vitest';
import type { GameMap } from '../format';
import {
  changeText,
  compareRuns,
  decidedChangeLines,
  labFileName,
  labFileText,
  parseLabFile,
  planChangeLines,
  shortfallChangeLines,
  withRun,
} from './labFile';
import { labReport } from './stats';
import type { GameRecord } from './types';

const map: GameMap = { kind: 'table', width: 12, height: 8, features: [] };
const sides = [
  { id: 'a', name: 'Side A', colour: '', deployment: '' },
  { id: 'b', name: 'Side B', colour: '', deployment: '' },
];
const rec = (seed: number, winner: string): GameRecord => ({
  seed,
  winner,
  text: winner,
  turns: 3,
  sideTurns: 6,
  stoppedBy: 'over',
  hash: `h${seed}`,
  deaths: [{ side: 'b', type: 'tank', at: [3, 4], sideTurn: 2 }],
  held: [[1, 1]],
  control: { hill: ['a', null, winner === 'draw' ? null : winner] },
});
const report = (winners: string[]) =>
  labReport(
    { title: 'Hill', rulesetId: 'x', map },
    sides,
    { games: winners.length, firstSeed: 1, styles: {} },
    winners.map((w, i) => rec(i + 1, w)),
    { hill: 'The hill' },
  );

describe('the lab file next to a scenario', () => {
  test('is named after the scenario file', () => {
    expect(labFileName('village.scenario.json')).toBe('village.lab.json');
    expect(labFileName('my map.json')).toBe('my map.lab.json');
    expect(labFileName('game.sandtable')).toBe('game.lab.json');
  });

  test('round-trips through the schema, runs appended oldest first', () => {
    const first = withRun(
      undefined,
      { savedAt: '2026-11-24T03:00:00Z', report: report(['a', 'b']) },
      { title: 'Hill' },
    );
    const second = withRun(
      first,
      { savedAt: '2026-11-24T04:00:00Z', report: report(['a', 'a']) },
      { title: 'Hill' },
    );
    const back = parseLabFile(labFileText(second), 'hill.lab.json');
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.lab.runs.map((r) => r.savedAt)).toEqual([
      '2026-11-24T03:00:00Z',
      '2026-11-24T04:00:00Z',
    ]);
    expect(back.lab.runs[1]!.report.games!.map((g) => g.winner)).toEqual(['a', 'a']);
    expect(back.lab.runs[1]!.report.objectives![0]!.name).toBe('The hill');
  });

  test('refuses a file the schema does not allow, saying where', () => {
    const bad = parseLabFile(
      '{"format":"sandtable.lab","formatVersion":1,"runs":[{"savedAt":"x","report":{"played":-1}}]}',
      'hill.lab.json',
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.problems[0]).toMatch(/^hill\.lab\.json \/runs\/0\/report/);
    const notJson = parseLabFile('{', 'hill.lab.json');
    expect(!notJson.ok && notJson.problems[0]).toMatch(/hill\.lab\.json is not JSON/);
  });

  test('compares a run with the one before in words', () => {
    const before = report(['a', 'a', 'a', 'b', 'b']);
    const after = report(['a', 'b', 'b', 'b', 'b']);
    const changes = compareRuns(before, after);
    expect(changes.map(changeText)).toEqual([
      "Side A's win share went from 60% to 20% (within chance: the 95% intervals overlap)",
      "Side B's win share went from 40% to 80% (within chance: the 95% intervals overlap)",
      'The draw share stayed at 0%',
    ]);
    const many = (a: number, b: number) => report([...Array(a).fill('a'), ...Array(b).fill('b')]);
    expect(changeText(compareRuns(many(90, 10), many(10, 90))[0]!)).toBe(
      "Side A's win share went from 90% to 10%",
    );
  });

  test("compares each side's share of the decided games when a run has draws", () => {
    const times = (n: number, w: string) => Array<string>(n).fill(w);
    // 40 games: 20 drawn, then side A won 15 of the other 20; after an edit, 5 of 20.
    const before = report([...times(20, 'draw'), ...times(15, 'a'), ...times(5, 'b')]);
    const after = report([...times(20, 'draw'), ...times(5, 'a'), ...times(15, 'b')]);
    expect(decidedChangeLines(before, after)).toEqual([
      { text: "Of the decided games, Side A's share went from 75% to 25%", clear: true },
      { text: "Of the decided games, Side B's share went from 25% to 75%", clear: true },
    ]);
    const few = report(['draw', 'a', 'b']);
    expect(decidedChangeLines(few, report(['draw', 'a', 'a']))[0]).toEqual({
      text: "Of the decided games, Side A's share went from 50% to 100% (within chance: the 95% intervals overlap)",
      clear: false,
    });
    // No draws in either run: the win shares say it all; no decided games: nothing to compare.
    expect(decidedChangeLines(report(['a', 'b']), report(['a', 'a']))).toEqual([]);
    expect(decidedChangeLines(report(['draw']), report(['draw', 'a']))).toEqual([]);
  });

  test('compares each pair of plans found in both runs, saying only the clear changes', () => {
    const south = { a: 'by Bridge 2, south', b: 'by Bridge 1, north' };
    const north = { a: 'by Bridge 1, north', b: 'by Bridge 1, north' };
    const planned = (pairs: [Record<string, string>, string[]][]) => {
      let seed = 0;
      return labReport(
        { title: 'Hill', rulesetId: 'x', map },
        sides,
        { games: 0, firstSeed: 1, styles: {} },
        pairs.flatMap(([plans, winners]) => winners.map((w) => ({ ...rec(++seed, w), plans }))),
      );
    };
    const times = (n: number, w: string) => Array<string>(n).fill(w);
    const before = planned([
      [south, [...times(18, 'a'), ...times(2, 'b')]],
      [north, times(10, 'draw')],
    ]);
    // Side A's south route lost its edge (a wall moved); the north games stayed as they were.
    const after = planned([
      [south, [...times(3, 'a'), ...times(17, 'b')]],
      [north, times(10, 'draw')],
    ]);
    expect(planChangeLines(before, after)).toEqual([
      {
        text: "With Side A by Bridge 2, south, Side B by Bridge 1, north: Side A's win share went from 90% to 15%",
        clear: true,
      },
      {
        text: "With Side A by Bridge 2, south, Side B by Bridge 1, north: Side B's win share went from 10% to 85%",
        clear: true,
      },
    ]);
    // Nothing beyond chance: one line that says so; no pairs in common: nothing.
    expect(planChangeLines(before, before)).toEqual([
      {
        text: "By plans: no side's win share moved beyond chance in any pair of plans",
        clear: false,
      },
    ]);
    expect(planChangeLines(report(['a']), after)).toEqual([]);
  });

  test('says what kept games from being won at the limit moved beyond chance, as shares of all games', () => {
    const timedOut = (n: number, lacking: Record<string, string>, from: number) =>
      Array.from({ length: n }, (_, k) => ({
        ...rec(from + k, 'draw'),
        atTurnLimit: true,
        lacking,
      }));
    const run = (records: GameRecord[]) =>
      labReport(
        { title: 'Hill', rulesetId: 'x', map },
        sides,
        { games: records.length, firstSeed: 1, styles: {} },
        records,
        { hill: 'The hill' },
      );
    // Before: 36 of 40 games ran out of turns with enemy troops on the hill; after a wall moved,
    // 8 of 40 did and 10 more with its taker's radiomen all dead; 22 were won.
    const before = run([
      ...timedOut(36, { hill: 'enemy troops in it' }, 1),
      ...[37, 38, 39, 40].map((seed) => rec(seed, 'a')),
    ]);
    const after = run([
      ...timedOut(8, { hill: 'enemy troops in it' }, 1),
      ...timedOut(10, { hill: 'no radioman left' }, 9),
      ...Array.from({ length: 22 }, (_, k) => rec(19 + k, 'a')),
    ]);
    // In the order of the later run's shortfalls, most games first.
    expect(shortfallChangeLines(before, after)).toEqual([
      {
        text: 'The hill: no radioman left at the turn limit went from 0% to 25% of games',
        clear: true,
      },
      {
        text: 'The hill: enemy troops in it at the turn limit went from 90% to 20% of games',
        clear: true,
      },
    ]);
    expect(shortfallChangeLines(before, before)).toEqual([
      {
        text: 'At the turn limit: nothing that kept games from being won moved beyond chance',
        clear: false,
      },
    ]);
    // Runs without shortfalls: nothing to say.
    expect(shortfallChangeLines(report(['a']), report(['b']))).toEqual([]);
  });
});
