import { describe, expect, test } from 'vitest';
import type { GameMap } from '../format';
import {
  heatGridShape,
  labReport,
  limitAdvice,
  objectiveControl,
  planPairLines,
  shortfallLines,
  wilson,
} from './stats';
import type { GameRecord } from './types';

describe('Wilson score interval', () => {
  test('matches the published values', () => {
    // 5 of 10: 0.2366 to 0.7634; 0 of 10: 0 to 0.2775; 81 of 263 (Wilson 1927 style example).
    const half = wilson(5, 10);
    expect(half.share).toBe(0.5);
    expect(half.low).toBeCloseTo(0.2366, 4);
    expect(half.high).toBeCloseTo(0.7634, 4);
    const none = wilson(0, 10);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.2775, 4);
    const all = wilson(10, 10);
    expect(all.low).toBeCloseTo(0.7225, 4);
    expect(all.high).toBe(1);
    const r = wilson(81, 263);
    expect(r.low).toBeCloseTo(0.2553, 4);
    expect(r.high).toBeCloseTo(0.3662, 4);
  });

  test('narrows as games are added and always holds the share', () => {
    let last = 1;
    for (const n of [10, 40, 160, 640, 2560]) {
      const w = wilson(Math.round(n * 0.62), n);
      expect(w.low).toBeLessThanOrEqual(w.share);
      expect(w.high).toBeGreaterThanOrEqual(w.share);
      expect(w.high - w.low).toBeLessThan(last);
      last = w.high - w.low;
    }
    expect(wilson(0, 0)).toMatchObject({ share: 0, low: 0, high: 1 });
  });
});

const table: GameMap = { kind: 'table', width: 36, height: 24, features: [] };
const game = (seed: number, winner: string | null, turns: number, extra?: Partial<GameRecord>) =>
  ({
    seed,
    winner,
    text: '',
    turns,
    sideTurns: turns * 4,
    stoppedBy: winner === null ? 'cap' : 'over',
    hash: `h${seed}`,
    deaths: [],
    held: [],
    ...extra,
  }) as GameRecord;

describe('lab report', () => {
  const sides = [
    { id: 'a', name: 'A', colour: '', deployment: '' },
    { id: 'b', name: 'B', colour: '', deployment: '' },
  ];
  const settings = { games: 5, firstSeed: 1, styles: { b: 'cautious' as const } };
  const records = [
    game(3, 'a', 7, {
      deaths: [
        { side: 'b', type: 'tp.rifleman', at: [30.5, 10.2], sideTurn: 9 },
        { side: 'b', type: 'tp.rifleman', at: [30.9, 10.9], sideTurn: 9 },
      ],
      held: [[31, 12]],
    }),
    game(1, 'a', 9),
    game(2, 'draw', 12),
    game(5, 'b', 8, { deaths: [{ side: 'a', type: 'tp.jeep', at: [50, -3], sideTurn: 2 }] }),
    game(4, null, 12, { reason: 'stuck' }),
  ];
  const r = labReport({ title: 't', rulesetId: 'x', map: table }, sides, settings, records);

  test('counts wins, draws, decided and unfinished games', () => {
    expect(r.played).toBe(5);
    expect(r.sides.map((s) => s.wins.count)).toEqual([2, 1]);
    expect(r.sides.map((s) => s.style)).toEqual(['balanced', 'cautious']);
    expect(r.draws.count).toBe(1);
    expect(r.decided.count).toBe(3);
    expect(r.unfinished).toBe(1);
    expect(r.firstUnfinished).toEqual({ seed: 4, reason: 'stuck' });
    // Of the three decided games (not the draw, not the unfinished one), A won two and B one.
    expect(r.sides.map((s) => [s.decidedWins?.count, s.decidedWins?.of])).toEqual([
      [2, 3],
      [1, 3],
    ]);
    expect(r.length).toMatchObject({ min: 7, max: 12, median: 9, mean: 9.6 });
    expect(r.length.byTurn[12]).toBe(2);
  });

  test('counts the draws that ran into the turn limit and says what they mean when most did', () => {
    expect(r.undecidedAtLimit?.count).toBe(0);
    expect(limitAdvice(r, '--turn-limit')).toBeUndefined();
    const timedOut = [1, 2, 3].map((seed) => game(seed, 'draw', 12, { atTurnLimit: true }));
    const mostly = labReport({ title: 't', rulesetId: 'x', map: table }, sides, settings, [
      ...timedOut,
      game(4, 'a', 9),
    ]);
    expect(mostly.undecidedAtLimit).toMatchObject({ count: 3, of: 4 });
    expect(limitAdvice(mostly, '--turn-limit')).toMatch(
      /^75% of games were still undecided when the turn limit came.*\(--turn-limit\)\.$/,
    );
    // Under half: no advice.
    const half = labReport({ title: 't', rulesetId: 'x', map: table }, sides, settings, [
      ...timedOut.slice(0, 1),
      game(4, 'a', 9),
      game(5, 'b', 9),
    ]);
    expect(limitAdvice(half, '--turn-limit')).toBeUndefined();
  });

  test('counts what each objective lacked over the games the turn limit ended, most first', () => {
    expect(r.atLimit).toBeUndefined();
    expect(shortfallLines(r)).toEqual([]);
    const ended = (seed: number, lacking: Record<string, string>) =>
      game(seed, 'draw', 12, { atTurnLimit: true, lacking });
    const timedOut = labReport(
      { title: 't', rulesetId: 'x', map: table },
      sides,
      settings,
      [
        ended(1, { oa: 'enemy troops in it', ob: 'no radioman left' }),
        ended(2, { oa: 'no radioman left', ob: 'no radioman left' }),
        ended(3, { oa: 'enemy troops in it' }),
        ended(4, { oa: 'enemy troops in it', ob: 'held 1 of 3 turns' }),
        // Not ended by the limit: not counted, whatever it says.
        game(5, 'a', 9, { lacking: { oa: 'no radioman left' } }),
      ],
      { oa: "A's objective" },
    );
    expect(timedOut.atLimit).toEqual([
      {
        id: 'oa',
        name: "A's objective",
        shortfalls: [
          { lacking: 'enemy troops in it', games: wilson(3, 4) },
          { lacking: 'no radioman left', games: wilson(1, 4) },
        ],
      },
      {
        id: 'ob',
        name: 'ob',
        shortfalls: [
          { lacking: 'no radioman left', games: wilson(2, 4) },
          { lacking: 'held 1 of 3 turns', games: wilson(1, 4) },
        ],
      },
    ]);
    expect(timedOut.games?.[0]?.lacking).toEqual({
      oa: 'enemy troops in it',
      ob: 'no radioman left',
    });
    expect(shortfallLines(timedOut)).toEqual([
      'What kept the 4 games the turn limit ended from being won:',
      "  A's objective: enemy troops in it 75%, no radioman left 25%",
      '  ob: no radioman left 50%, held 1 of 3 turns 25%',
    ]);
    // One game in 300: under half a percent, said as "<1%".
    const rare = labReport({ title: 't', rulesetId: 'x', map: table }, sides, settings, [
      ended(1, { oa: "too few of the taker's men in it" }),
      ...Array.from({ length: 299 }, (_, k) => ended(k + 2, { oa: 'enemy troops in it' })),
    ]);
    expect(shortfallLines(rare)[1]).toBe(
      "  oa: enemy troops in it 100%, too few of the taker's men in it <1%",
    );
  });

  test('puts deaths and held ground in the cells they fell in, clamped to the map', () => {
    const b = r.sides[1]!;
    expect(b.lossesPerGame).toEqual({ 'tp.rifleman': 0.4 });
    expect(b.deaths.counts[10 * 36 + 30]).toBe(2);
    expect(b.deaths.max).toBe(2);
    // Off the table (a piece driven over the edge) counts at the nearest cell.
    expect(r.sides[0]!.deaths.counts[0 * 36 + 35]).toBe(1);
    expect(r.held.counts[12 * 36 + 31]).toBe(1);
  });

  test('puts kills in the cells the killers stood in, per side; none without a kill counter', () => {
    expect(r.sides[0]!.kills).toBeUndefined();
    const withKills = labReport({ title: 't', rulesetId: 'x', map: table }, sides, settings, [
      game(1, 'a', 9, {
        kills: [
          { side: 'a', type: 'tp.mediumTank', at: [3.5, 4.2], sideTurn: 4 },
          { side: 'a', type: 'tp.mediumTank', at: [3.9, 4.8], sideTurn: 6 },
          { side: 'b', type: 'tp.hmgCrew', at: [30, 12], sideTurn: 5 },
        ],
      }),
      game(2, 'draw', 12, { kills: [] }),
    ]);
    const [a, b] = withKills.sides;
    expect(a!.kills!.counts[4 * 36 + 3]).toBe(2);
    expect(a!.kills!.max).toBe(2);
    expect(b!.kills!.counts[12 * 36 + 30]).toBe(1);
    expect(b!.kills!.counts.reduce((x, y) => x + y, 0)).toBe(1);
  });

  test('splits the games by the pair of plans the bots drew, in the order of the plans', () => {
    // Without plans (every game played one way) there is no split.
    expect(r.byPlan).toBeUndefined();
    expect(planPairLines(r)).toEqual([]);
    const south = { a: 'by Bridge 2, south', b: 'by Bridge 1, north' };
    const same = { a: 'by Bridge 2, south', b: 'by Bridge 2, south' };
    const split = labReport({ title: 't', rulesetId: 'x', map: table }, sides, settings, [
      game(1, 'a', 9, { plans: south }),
      game(2, 'draw', 12, { plans: same }),
      game(3, 'a', 10, { plans: south }),
      game(4, 'b', 11, { plans: south }),
      game(5, 'draw', 12, { plans: same }),
    ]);
    expect(split.byPlan).toHaveLength(2);
    // Each game in the list keeps its plans, to pick a pair's games out.
    expect(split.games!.map((g) => g.plans)).toEqual([south, same, south, south, same]);
    const [first, second] = split.byPlan!;
    // "by Bridge 2, south" then "by Bridge 1, north" sorts before "… south" twice.
    expect(first).toMatchObject({ plans: south, games: 3, meanTurns: 10 });
    expect(first!.wins.a).toMatchObject({ count: 2, of: 3 });
    expect(first!.wins.b).toMatchObject({ count: 1, of: 3 });
    expect(first!.draws.count).toBe(0);
    expect(second).toMatchObject({ plans: same, games: 2, meanTurns: 12 });
    expect(second!.draws).toMatchObject({ count: 2, of: 2 });
    expect(second!.wins.a!.count).toBe(0);
    expect(planPairLines(split)).toEqual([
      "A's plan            B's plan            games                A wins               B wins   draws  mean turns",
      'by Bridge 2, south  by Bridge 1, north      3  66.7% [20.8%, 93.9%]  33.3% [6.1%, 79.2%]    0.0%        10.0',
      'by Bridge 2, south  by Bridge 2, south      2    0.0% [0.0%, 65.8%]   0.0% [0.0%, 65.8%]  100.0%        12.0',
    ]);
  });

  test('does not depend on the order the games came back in', () => {
    const again = labReport(
      { title: 't', rulesetId: 'x', map: table },
      sides,
      settings,
      [...records].reverse(),
    );
    expect(again).toEqual(r);
  });

  test('a hex map gets a cell per hex; a big table coarser cells', () => {
    expect(
      heatGridShape({
        kind: 'hex',
        orientation: 'flat',
        offset: 'odd',
        columns: 13,
        rows: 9,
        defaultTerrain: 'clear',
        hexes: [],
      }),
    ).toEqual({ columns: 13, rows: 9, cell: 1 });
    expect(heatGridShape({ ...table, width: 144, height: 96 } as GameMap)).toEqual({
      columns: 72,
      rows: 48,
      cell: 2,
    });
  });
});

describe('objective control', () => {
  test('counts per turn the games still going and who held each objective at its end', () => {
    const records = [
      game(2, 'a', 3, { control: { hill: ['a', 'a', 'a'] } }),
      game(1, 'draw', 2, { control: { hill: [null, 'b'] } }),
      game(3, 'b', 1, { control: { hill: ['b'] } }),
    ];
    const [hill, ...rest] = objectiveControl(records, { hill: 'The hill' });
    expect(rest).toEqual([]);
    expect(hill!.name).toBe('The hill');
    expect(hill!.byTurn).toEqual([
      { turn: 1, games: 3, held: { a: 1, b: 1 } },
      { turn: 2, games: 2, held: { a: 1, b: 1 } },
      { turn: 3, games: 1, held: { a: 1 } },
    ]);
  });

  test('a game that reports no objectives gives no chart', () => {
    expect(objectiveControl([game(1, 'a', 2)])).toEqual([]);
  });
});
