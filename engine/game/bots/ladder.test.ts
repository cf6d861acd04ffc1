import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labGameOfText } from '../../lab/testing';
import type { BotName } from './baseline';
import {
  fitElo,
  ladderLines,
  ladderPairs,
  ladderReport,
  ladderSchedule,
  ladderSettingsProblem,
  playLadderGame,
  PRIOR_DRAWS,
  type LadderRecord,
  type LadderSettings,
  type PairResult,
} from './ladder';

const ELO = 400 / Math.LN10;
const Z95 = 1.959963984540054;

/** `n` games of a against b with a scoring `score` in each. */
const games = (a: string, b: string, n: number, score: number): PairResult[] =>
  Array.from({ length: n }, () => ({ a, b, score }));

describe('the Elo fit', () => {
  it('gives two bots the logistic difference of their score, and its Fisher interval', () => {
    // 300 wins and 100 losses: p = 3/4, so a is 400·log10(3) ≈ 190.8 points above b.
    const results = [...games('a', 'b', 300, 1), ...games('a', 'b', 100, 0)];
    const plain = fitElo(['a', 'b'], results, 0);
    expect(plain.anchor).toBe('mean');
    const [a, b] = plain.ratings;
    expect(a!.elo - b!.elo).toBeCloseTo(400 * Math.log10(3), 6);
    expect(a!.elo + b!.elo).toBeCloseTo(0, 9);
    // Var(d) = 1 / (n p (1 − p)) in logits; each is d/2 from the mean, so half of it.
    const half = (Z95 * Math.sqrt(1 / (400 * 0.75 * 0.25)) * ELO) / 2;
    expect(a!.high - a!.elo).toBeCloseTo(half, 6);
    expect(a!.elo - a!.low).toBeCloseTo(half, 6);
    // With the prior's virtual draw the score is (300 + ½) / (400 + 1).
    const prior = fitElo(['a', 'b'], results);
    const [pa, pb] = prior.ratings;
    expect(pa!.elo - pb!.elo).toBeCloseTo(400 * Math.log10(300.5 / 100.5), 6);
  });

  it('counts draws as half points: all draws rate two bots equal', () => {
    const r = fitElo(['a', 'b'], games('a', 'b', 50, 0.5), 0).ratings;
    expect(r[0]!.elo).toBeCloseTo(0, 9);
    expect(r[1]!.elo).toBeCloseTo(0, 9);
  });

  it('rates bots with symmetric results equal, whoever is listed first', () => {
    // A beats B, B beats C, C beats A, each 30 of 40: a cycle, nobody better.
    const cycle = [
      ...games('a', 'b', 30, 1),
      ...games('a', 'b', 10, 0),
      ...games('b', 'c', 30, 1),
      ...games('b', 'c', 10, 0),
      ...games('c', 'a', 30, 1),
      ...games('c', 'a', 10, 0),
    ];
    for (const order of [
      ['a', 'b', 'c'],
      ['c', 'a', 'b'],
    ]) {
      const r = fitElo(order, cycle).ratings;
      for (const x of r) expect(Math.abs(x.elo)).toBeLessThan(1e-6);
      // The same uncertainty for each.
      expect(r[0]!.high - r[0]!.low).toBeCloseTo(r[1]!.high - r[1]!.low, 6);
    }
  });

  it('rates a bot that wins everything above the rest, finitely, and random at 0', () => {
    const results = [
      ...games('strong', 'random', 20, 1),
      ...games('strong', 'mid', 20, 1),
      ...games('mid', 'random', 15, 1),
      ...games('mid', 'random', 5, 0),
    ];
    const fit = fitElo(['random', 'mid', 'strong'], results);
    expect(fit.anchor).toBe('random');
    const by = Object.fromEntries(fit.ratings.map((r) => [r.bot, r]));
    expect(by['random']).toEqual({ bot: 'random', elo: 0, low: 0, high: 0 });
    expect(by['mid']!.elo).toBeGreaterThan(0);
    expect(by['strong']!.elo).toBeGreaterThan(by['mid']!.elo);
    expect(Number.isFinite(by['strong']!.high)).toBe(true);
    expect(by['strong']!.low).toBeLessThan(by['strong']!.elo);
    // mid scored 3/4 against random: near 190 points, pulled a little by the prior and by strong.
    expect(by['mid']!.elo).toBeGreaterThan(120);
    expect(by['mid']!.elo).toBeLessThan(200);
  });
});

describe('the Elo fit with the first side’s edge', () => {
  /** Games of a against b, half with each first: `first` and `second` are a's win shares. */
  const sided = (n: number, first: number, second: number): PairResult[] => [
    ...games('a', 'b', Math.round(n * first), 1),
    ...games('a', 'b', Math.round(n * (1 - first)), 0),
    ...games('b', 'a', Math.round(n * second), 0),
    ...games('b', 'a', Math.round(n * (1 - second)), 1),
  ];

  it('splits a pair’s results into the bots’ difference and the first side’s edge', () => {
    // a wins 9 in 10 on the first side and half on the second: σ(d + h) = 0.9, σ(d − h) = 0.5,
    // so d = h = ln 9 / 2 in logits.
    const fit = fitElo(['a', 'b'], sided(200, 0.9, 0.5), 0, { firstSide: true });
    const d = (Math.log(9) / 2) * ELO;
    expect(fit.ratings[0]!.elo - fit.ratings[1]!.elo).toBeCloseTo(d, 6);
    expect(fit.firstSide!.elo).toBeCloseTo(d, 6);
    expect(fit.difference('a', 'b').elo).toBeCloseTo(d, 6);
    expect(fit.difference('b', 'a').elo).toBeCloseTo(-d, 6);
    // Var(d) and Var(h) are each (1/w1 + 1/w2) / 4 with w = n p (1 − p) of each half.
    const v = (1 / (200 * 0.9 * 0.1) + 1 / (200 * 0.5 * 0.5)) / 4;
    const half = Z95 * Math.sqrt(v) * ELO;
    expect(fit.firstSide!.high - fit.firstSide!.elo).toBeCloseTo(half, 6);
    expect(fit.difference('a', 'b').high - d).toBeCloseTo(half, 6);
  });

  it('reads a lopsided layout as the edge, where the fit without it squeezes the bots together', () => {
    // The first side wins 90% whoever has it, less when b has it: a is better, but both score
    // near a half over the two halves.
    const results = sided(200, 0.95, 0.2);
    const plain = fitElo(['a', 'b'], results, 0);
    const withEdge = fitElo(['a', 'b'], results, 0, { firstSide: true });
    const gap = (f: typeof plain) => f.ratings[0]!.elo - f.ratings[1]!.elo;
    // Without the edge: 115 wins of 200, 52 Elo. With it: (logit 0.95 + logit 0.2) / 2, 177.
    expect(gap(plain)).toBeCloseTo(400 * Math.log10(115 / 85), 6);
    expect(gap(withEdge)).toBeCloseTo(((Math.log(19) + Math.log(0.25)) / 2) * ELO, 6);
    expect(withEdge.firstSide!.elo).toBeCloseTo(((Math.log(19) - Math.log(0.25)) / 2) * ELO, 6);
  });

  it('finds no edge where the sides do not matter, and leaves the ratings as the plain fit', () => {
    const results = sided(100, 0.75, 0.75);
    const plain = fitElo(['a', 'b'], results);
    const withEdge = fitElo(['a', 'b'], results, undefined, { firstSide: true });
    expect(withEdge.firstSide!.elo).toBeCloseTo(0, 6);
    expect(withEdge.firstSide!.low).toBeLessThan(0);
    expect(withEdge.ratings[0]!.elo).toBeCloseTo(plain.ratings[0]!.elo, 6);
  });
});

const settings: LadderSettings = {
  bots: ['random', 'cautious', 'aggressive'],
  gamesPerPair: 4,
  firstSeed: 5,
};

describe('the ladder schedule', () => {
  it('plays every pair on the same seeds, each seed both ways round', () => {
    const s = ladderSchedule(settings);
    expect(ladderPairs(settings)).toEqual([
      ['random', 'cautious'],
      ['random', 'aggressive'],
      ['cautious', 'aggressive'],
    ]);
    expect(s).toHaveLength(3 * 4);
    expect(s.map((g) => g.index)).toEqual(s.map((_, i) => i));
    expect(new Set(s.map((g) => g.seed))).toEqual(new Set([5, 6]));
    for (const [x, y] of ladderPairs(settings))
      for (const seed of [5, 6]) {
        const these = s.filter((g) => g.seed === seed && g.players.includes(x));
        const withY = these.filter((g) => g.players.includes(y)).map((g) => g.players.join());
        expect(withY.sort()).toEqual([`${x},${y}`, `${y},${x}`].sort());
      }
  });

  it('with `against`, plays only that bot’s pairs', () => {
    const only = { ...settings, bots: [...settings.bots, 'balanced' as const], against: 'random' };
    expect(ladderPairs(only as LadderSettings)).toEqual([
      ['random', 'cautious'],
      ['random', 'aggressive'],
      ['random', 'balanced'],
    ]);
  });

  it('refuses odd game counts, repeated bots and a lone bot', () => {
    expect(ladderSettingsProblem(settings)).toBeUndefined();
    expect(ladderSettingsProblem({ ...settings, gamesPerPair: 3 })).toMatch(/even/);
    expect(ladderSettingsProblem({ ...settings, bots: ['random', 'random'] })).toMatch(/twice/);
    expect(ladderSettingsProblem({ ...settings, bots: ['random'] })).toMatch(/two bots/);
    expect(ladderSettingsProblem({ ...settings, against: 'balanced' })).toMatch(/not one/);
  });
});

describe('the ladder report', () => {
  const record = (
    index: number,
    players: [BotName, BotName],
    winner: LadderRecord['winner'],
    extra: Partial<LadderRecord> = {},
  ): LadderRecord => ({
    index,
    seed: 1 + Math.floor(index / 2),
    players,
    winner,
    turns: index + 1,
    sideTurns: 2 * (index + 1),
    stoppedBy: winner === null ? 'stalled' : 'over',
    hash: `h${index}`,
    ...extra,
  });
  const s: LadderSettings = { bots: ['random', 'balanced'], gamesPerPair: 4, firstSeed: 1 };
  // Given out of order, as threads send them back.
  const records = [
    record(3, ['balanced', 'random'], 'draw', { atTurnLimit: true }),
    record(0, ['random', 'balanced'], 'balanced'),
    record(2, ['random', 'balanced'], null, { stalledBot: 'random', reason: 'no shot' }),
    record(1, ['balanced', 'random'], 'balanced'),
  ];
  const r = ladderReport(
    { title: 'T', rulesetId: 'x' },
    [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ],
    s,
    records,
  );

  it('counts wins, draws, stalls and each way round per pair', () => {
    expect(r.played).toBe(4);
    expect(r.scheduled).toBe(4);
    expect(r.games.map((g) => g.index)).toEqual([0, 1, 2, 3]);
    const p = r.pairs[0]!;
    expect(p.bots).toEqual(['random', 'balanced']);
    expect(p.wins.map((w) => w.count)).toEqual([0, 2]);
    expect(p.decidedWins[1]).toMatchObject({ count: 2, of: 2, share: 1 });
    expect(p.draws.count).toBe(1);
    expect(p.drawsAtLimit).toBe(1);
    expect(p.unfinished).toBe(1);
    expect(p.stalls).toEqual([1, 0]);
    expect(p.bySide[0]).toMatchObject({ first: 'random', games: 2, secondWins: 1, unfinished: 1 });
    expect(p.bySide[1]).toMatchObject({ first: 'balanced', games: 2, firstWins: 1, draws: 1 });
    expect(p.length).toEqual({ mean: 2.5, median: 2.5, min: 1, max: 4 });
    // The first side won one decided game of two (balanced on A in game 1; on B in game 0).
    expect(r.firstSideDecided).toMatchObject({ count: 1, of: 2 });
    expect(r.firstUnfinished).toMatchObject({ seed: 2, stoppedBy: 'stalled', reason: 'no shot' });
  });

  it('rates the winner first, with the unfinished game left out of the fit', () => {
    expect(r.ratings.map((b) => b.bot)).toEqual(['balanced', 'random']);
    const balanced = r.ratings[0]!;
    expect(balanced).toMatchObject({ games: 4, wins: 2, draws: 1, losses: 0, unfinished: 1 });
    expect(balanced.score).toBeCloseTo(2.5 / 3, 9);
    expect(r.ratings[1]).toMatchObject({ bot: 'random', elo: 0, stalls: 1 });
    // The fit with the first side's edge over the three finished games, first side first.
    const fit = fitElo(
      ['random', 'balanced'],
      [
        { a: 'random', b: 'balanced', score: 0 },
        { a: 'balanced', b: 'random', score: 1 },
        { a: 'balanced', b: 'random', score: 0.5 },
      ],
      PRIOR_DRAWS,
      { firstSide: true },
    );
    expect(balanced.elo).toBeCloseTo(fit.ratings[1]!.elo, 9);
    expect(r.firstSide.elo).toBeCloseTo(fit.firstSide!.elo, 9);
    // Balanced scored more as the second side than as the first: the edge is the second's.
    expect(r.firstSide.elo).toBeLessThan(0);
    // Without the edge it would be 2.5 of 3 plus the prior's draw, (2.5 + ½) / (3 + 1) = 3/4.
    expect(balanced.elo).toBeGreaterThan(400 * Math.log10(3));
    const even = r.pairs[0]!.evenScore;
    expect(even.score).toBeCloseTo(1 / (1 + 10 ** (balanced.elo / 400)), 9);
    expect(even.low).toBeLessThan(even.score);
    const text = ladderLines(r).join('\n');
    expect(text).toMatch(/random = 0/);
    expect(text).toMatch(new RegExp(`\\n +balanced +\\+${Math.round(balanced.elo)} `));
    expect(text).toContain(`the first side's edge, −${Math.round(-r.firstSide.elo)} Elo`);
    expect(text).toContain('random v balanced');
    expect(text).toMatch(
      /unfinished: 1 of 4 \(first: seed 2, random v balanced, stalled: no shot\)/,
    );
  });
});

describe('a ladder game', () => {
  const file = join(import.meta.dirname, '..', '..', '..', 'scenarios', 'ww1-wire.scenario.json');
  const { game } = labGameOfText('ww1-wire', readFileSync(file, 'utf8'));

  it('puts each bot on its side and names the winner by bot, the same for the same seed', () => {
    const one = playLadderGame(game, { index: 0, seed: 3, players: ['random', 'aggressive'] });
    const again = playLadderGame(game, { index: 0, seed: 3, players: ['random', 'aggressive'] });
    expect(again).toEqual(one);
    expect(one.stoppedBy).toBe('over');
    expect(['random', 'aggressive', 'draw']).toContain(one.winner);
    const swapped = playLadderGame(game, { index: 1, seed: 3, players: ['aggressive', 'random'] });
    expect(swapped.players).toEqual(['aggressive', 'random']);
    expect(swapped.hash).not.toBe(one.hash);
  });

  it('reports a game stopped short as unfinished, with the bot that went quiet', () => {
    // A time budget already spent: the game stops before the first side turn, on the side to act.
    const r = playLadderGame(
      game,
      { index: 0, seed: 1, players: ['balanced', 'random'] },
      { timeBudget: { ms: -1, now: () => 0 } },
    );
    expect(r.winner).toBeNull();
    expect(r.stoppedBy).toBe('stalled');
    expect(['balanced', 'random']).toContain(r.stalledBot);
    expect(r.reason).toMatch(/time budget/);
  });
});
