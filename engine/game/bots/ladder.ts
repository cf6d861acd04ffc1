import type { AnyGameDef } from '../gameDef';
import { GAME_TIME_BUDGET_MS, simulate, type StopReason } from '../simulate';
import { botPlayer, type BotName } from './baseline';
import { wilson } from '../../lab/stats';
import type { Share } from '../../lab/types';

/**
 * The bot strength ladder (`sandtable ladder`, `npm run bench:ladder`): every pair of bots plays
 * the same seeds twice, once each way round, so each meets the layout's bias equally; the results
 * give each bot an Elo rating with a 95% interval (a Bradley–Terry fit, draws as half points, with
 * the first side's edge as a term of its own) and each pair's win shares with Wilson intervals,
 * its expected score on an even table, draws, stalls and game lengths. Pure: the command runs
 * the games on threads, this module says which games, plays one, and reads the results.
 */

/** What a ladder plays. Plain JSON, so it crosses to worker threads. */
export interface LadderSettings {
  /** The bots, each once, in the order the tables list pairs in (at least two). */
  readonly bots: readonly BotName[];
  /** Games each pair plays: an even number, half of them with each bot on the first side. */
  readonly gamesPerPair: number;
  /** A pair plays seeds `firstSeed` … `firstSeed + gamesPerPair / 2 - 1`, each both ways round. */
  readonly firstSeed: number;
  /** Overrides the scenario's turn limit. */
  readonly turnLimit?: number;
  /**
   * Play only the pairs that include this bot (one of `bots`): a measure of every bot against
   * one baseline (`random`) at a fraction of the games. The ratings still come from one fit.
   */
  readonly against?: BotName;
  /** The search bot's strength (`SEARCH_STRENGTHS`, 1 the quickest), when it plays; its default otherwise. */
  readonly searchStrength?: number;
}

/** One game of the ladder: the seed and the bot on each side, in the game's side order. */
export interface LadderGame {
  /** Its place in the schedule (0-based): records are read back in this order. */
  readonly index: number;
  readonly seed: number;
  /** The bot on the scenario's first side and the one on its second. */
  readonly players: readonly [BotName, BotName];
}

/** What one ladder game left behind. */
export interface LadderRecord {
  readonly index: number;
  readonly seed: number;
  readonly players: readonly [BotName, BotName];
  /** The bot that won, 'draw', or null when the game did not finish. */
  readonly winner: BotName | 'draw' | null;
  /** The turn the game ended (or was stopped) in. */
  readonly turns: number;
  readonly sideTurns: number;
  /** 'over' when the game ended; any other reason is an unfinished game (`simulate`). */
  readonly stoppedBy: StopReason;
  /** Why an unfinished game stopped, in words. */
  readonly reason?: string;
  /** The bot that stalled or was stuck (simulate's `stalledSide`, read as the bot playing it). */
  readonly stalledBot?: BotName;
  /** A draw that came at the game's turn limit. */
  readonly atTurnLimit?: boolean;
  /** Hash of the final state: the same seed and bots always give the same hash. */
  readonly hash: string;
}

/** Why a list of settings cannot be played, in words; undefined when it can. */
export function ladderSettingsProblem(s: LadderSettings): string | undefined {
  if (s.bots.length < 2) return 'a ladder needs at least two bots';
  const seen = new Set<string>();
  for (const b of s.bots) {
    if (seen.has(b)) return `the bot "${b}" is listed twice`;
    seen.add(b);
  }
  if (!Number.isSafeInteger(s.gamesPerPair) || s.gamesPerPair < 2 || s.gamesPerPair % 2 !== 0)
    return `games per pair must be an even whole number from 2 (each seed is played with the sides swapped), not ${s.gamesPerPair}`;
  if (!Number.isSafeInteger(s.firstSeed)) return `the first seed must be a whole number`;
  if (s.turnLimit !== undefined && !(Number.isSafeInteger(s.turnLimit) && s.turnLimit > 0))
    return `the turn limit must be a whole number from 1, not ${s.turnLimit}`;
  if (
    s.searchStrength !== undefined &&
    !(Number.isSafeInteger(s.searchStrength) && s.searchStrength >= 1)
  )
    return `the search strength must be a whole number from 1, not ${s.searchStrength}`;
  if (s.against !== undefined && !s.bots.includes(s.against))
    return `"${s.against}" is not one of the bots (${s.bots.join(', ')})`;
  return undefined;
}

/** The pairs a ladder plays, in the order of its bots list (with `against`, only theirs). */
export function ladderPairs(s: LadderSettings): [BotName, BotName][] {
  const pairs: [BotName, BotName][] = [];
  for (let i = 0; i < s.bots.length; i++)
    for (let j = i + 1; j < s.bots.length; j++) {
      const x = s.bots[i]!;
      const y = s.bots[j]!;
      if (s.against === undefined || x === s.against || y === s.against) pairs.push([x, y]);
    }
  return pairs;
}

/**
 * Every game of a ladder: seed by seed, every pair, each seed first with the pair's first bot on
 * the first side, then with the sides swapped. Seeds outermost, so a run stopped part-way has
 * played every pair about as often, and both ways round.
 */
export function ladderSchedule(s: LadderSettings): LadderGame[] {
  const pairs = ladderPairs(s);
  const games: LadderGame[] = [];
  for (let k = 0; k < s.gamesPerPair / 2; k++) {
    const seed = s.firstSeed + k;
    for (const [x, y] of pairs) {
      games.push({ index: games.length, seed, players: [x, y] });
      games.push({ index: games.length, seed, players: [y, x] });
    }
  }
  return games;
}

/**
 * Plays one ladder game: each side's bot by name through `botPlayer`, the `random` one seeded from
 * the game's seed and its side's place (so the same game is the same whichever pair it is in).
 * A pure function of the game, the schedule entry and the options.
 */
export function playLadderGame(
  game: AnyGameDef,
  g: LadderGame,
  options: {
    readonly turnLimit?: number;
    /** The search bot's strength (see `LadderSettings`). */
    readonly searchStrength?: number;
    /** A clock (milliseconds) and budget for the whole game; without one, no budget. */
    readonly timeBudget?: { readonly ms: number; readonly now: () => number };
  } = {},
): LadderRecord {
  const sides = game.sides.map((s) => s.id);
  if (sides.length !== 2)
    throw new Error(`the ladder plays two-sided games; this one has ${sides.length} sides`);
  const r = simulate(game, {
    seed: g.seed,
    record: false,
    players: Object.fromEntries(
      sides.map((id, k) => [
        id,
        botPlayer(
          game,
          g.players[k]!,
          g.seed * 10 + k,
          options.searchStrength !== undefined ? { strength: options.searchStrength } : {},
        ),
      ]),
    ),
    ...(options.turnLimit !== undefined ? { turnLimit: options.turnLimit } : {}),
    ...(options.timeBudget ? { timeBudget: options.timeBudget } : {}),
  });
  const botOf = (side: string | undefined) => {
    const k = side === undefined ? -1 : sides.indexOf(side);
    return k < 0 ? undefined : g.players[k];
  };
  const result = r.stoppedBy === 'over' ? r.result : undefined;
  const winner =
    result === undefined
      ? null
      : result.winner === 'draw'
        ? 'draw'
        : (botOf(result.winner) ?? null);
  const status = game.status(r.state);
  const stalledBot = r.stoppedBy === 'over' ? undefined : botOf(r.stalledSide);
  const atTurnLimit =
    winner === 'draw' && status.turnLimit !== undefined && status.turn >= status.turnLimit;
  return {
    index: g.index,
    seed: g.seed,
    players: g.players,
    winner,
    turns: status.turn,
    sideTurns: r.sideTurns,
    stoppedBy: r.stoppedBy,
    ...(r.stoppedBy !== 'over' && r.reason !== undefined ? { reason: r.reason } : {}),
    ...(stalledBot !== undefined ? { stalledBot } : {}),
    ...(atTurnLimit ? { atTurnLimit: true } : {}),
    hash: r.hash,
  };
}

// ---------------------------------------------------------------------------------------------
// The ratings

/** Elo points per natural-log unit of strength: p = 1 / (1 + 10^(−Δ/400)) = σ(Δ · ln10 / 400). */
const ELO_PER_LOGIT = 400 / Math.LN10;

/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054;

/**
 * Virtual draws added between every two bots before the fit (a weak prior, as BayesElo's): it
 * keeps a rating finite when a bot won or lost every game, and barely moves one that did not
 * (one game in a hundred).
 */
export const PRIOR_DRAWS = 1;

/**
 * One game's result for the fit: `score` is what `a` scored against `b` (1, ½ or 0). With the
 * first side's edge fitted (`fitElo`'s `firstSide`), `a` is the bot that played the first side.
 */
export interface PairResult {
  readonly a: string;
  readonly b: string;
  readonly score: number;
}

/** A bot's rating: Elo points with the ends of its 95% interval. */
export interface EloRating {
  readonly bot: string;
  readonly elo: number;
  readonly low: number;
  readonly high: number;
}

/** What the ratings are measured from: `random` rated 0, or the bots' mean rated 0. */
export type EloAnchor = 'random' | 'mean';

/** An Elo difference with the ends of its 95% interval. */
export interface EloEdge {
  readonly elo: number;
  readonly low: number;
  readonly high: number;
}

/** What `fitElo` found. */
export interface EloFit {
  readonly anchor: EloAnchor;
  /** The bots in the order given. */
  readonly ratings: EloRating[];
  /**
   * The first side's edge, in Elo points: what playing the first side adds to a bot's rating in
   * a game. Present when it was fitted (`firstSide`).
   */
  readonly firstSide?: EloEdge;
  /**
   * The difference between two bots' ratings with its 95% interval (from the fit's covariance,
   * so narrower than the two ratings' intervals side by side when they move together).
   */
  difference(a: string, b: string): EloEdge;
}

/** Solves `m x = v` for a small symmetric positive definite `m` (Gaussian elimination). */
function solve(m: number[][], v: number[]): number[] {
  const n = v.length;
  const a = m.map((row, i) => [...row, v[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    const pivot = a[c]![c]!;
    if (Math.abs(pivot) < 1e-300) throw new Error('the ratings cannot be fitted (singular)');
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / pivot;
      if (f === 0) continue;
      for (let k = c; k <= n; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}

function inverse(m: number[][]): number[][] {
  const n = m.length;
  const cols = Array.from({ length: n }, (_, j) =>
    solve(
      m,
      Array.from({ length: n }, (_, i) => (i === j ? 1 : 0)),
    ),
  );
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => cols[j]![i]!));
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** log σ(d) = −log(1 + e^−d), written to stay finite for large |d|. */
const logSigmoid = (d: number) => -Math.log1p(Math.exp(-Math.abs(d))) + Math.min(0, d);

/**
 * The Bradley–Terry (Elo) ratings of `bots` from game results, draws as half points, with
 * `prior` virtual draws between every two bots (half with each on the first side): the maximum
 * of the (penalised) likelihood, found by Newton's method, and a 95% interval for each from the
 * Fisher information there (the inverse of the information matrix, with the anchor held fixed).
 * Anchored so `random` is 0 when it is one of the bots, otherwise so the mean is 0; an interval
 * is then the uncertainty of a bot's rating relative to the anchor (`random`'s own interval is
 * [0, 0]). Bots in the order given.
 *
 * With `firstSide`, the fit has one more term, the first side's edge h (as BayesElo's advantage
 * for White): the bot on the first side scores as if its rating were h higher. Playing every
 * seed both ways round cancels a layout's bias in the games' tally, but not in a logistic fit
 * of it: where one side wins nine games in ten whoever plays it, two bots of different strength
 * both score near a half, and a fit without the edge rates them nearly equal. With the edge,
 * the ratings say how the bots would do on an even table. Without `firstSide` the fit reads
 * only who played whom, and which side each had does not matter.
 */
export function fitElo(
  bots: readonly string[],
  results: readonly PairResult[],
  prior = PRIOR_DRAWS,
  options: { readonly firstSide?: boolean } = {},
): EloFit {
  const k = bots.length;
  const anchor: EloAnchor = bots.includes('random') ? 'random' : 'mean';
  const side = options.firstSide === true;
  const at = new Map(bots.map((b, i) => [b, i]));
  const indexOf = (bot: string) => {
    const i = at.get(bot);
    if (i === undefined) throw new Error(`"${bot}" is not one of the rated bots`);
    return i;
  };
  if (k === 0)
    return {
      anchor,
      ratings: [],
      difference: (a) => {
        throw new Error(`"${a}" is not one of the rated bots (there are none)`);
      },
    };
  // games[i][j]: games with i on the first side and j on the second; points[i][j]: what i
  // scored in them.
  const games = bots.map(() => new Array<number>(k).fill(0));
  const points = bots.map(() => new Array<number>(k).fill(0));
  for (const r of results) {
    const i = at.get(r.a);
    const j = at.get(r.b);
    if (i === undefined || j === undefined || i === j) continue;
    games[i]![j]!++;
    points[i]![j]! += r.score;
  }
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++)
      if (i !== j) {
        games[i]![j]! += prior / 2;
        points[i]![j]! += prior / 4;
      }
  // Parameters: a rating per bot, then the edge (index k) when it is fitted.
  const size = side ? k + 1 : k;
  const edgeOf = (x: readonly number[]) => (side ? x[k]! : 0);
  // The fixed bot: the anchor when it is `random`, otherwise the first (moved to the mean after).
  const fixed = anchor === 'random' ? at.get('random')! : 0;
  const free = Array.from({ length: size }, (_, i) => i).filter((i) => i !== fixed);
  const s = new Array<number>(size).fill(0);
  const logLikelihood = (x: readonly number[]) => {
    let l = 0;
    for (let i = 0; i < k; i++)
      for (let j = 0; j < k; j++) {
        const n = games[i]![j]!;
        if (i === j || n === 0) continue;
        const d = x[i]! - x[j]! + edgeOf(x);
        l += points[i]![j]! * logSigmoid(d) + (n - points[i]![j]!) * logSigmoid(-d);
      }
    return l;
  };
  const information = (x: readonly number[]) => {
    const info = Array.from({ length: size }, () => new Array<number>(size).fill(0));
    const grad = new Array<number>(size).fill(0);
    for (let i = 0; i < k; i++)
      for (let j = 0; j < k; j++) {
        const n = games[i]![j]!;
        if (i === j || n === 0) continue;
        const p = sigmoid(x[i]! - x[j]! + edgeOf(x));
        const g = points[i]![j]! - n * p;
        const w = n * p * (1 - p);
        // d = x_i − x_j (+ h): the gradient and information of each game group.
        grad[i]! += g;
        grad[j]! -= g;
        info[i]![i]! += w;
        info[j]![j]! += w;
        info[i]![j]! -= w;
        info[j]![i]! -= w;
        if (side) {
          grad[k]! += g;
          info[k]![k]! += w;
          info[i]![k]! += w;
          info[k]![i]! += w;
          info[j]![k]! -= w;
          info[k]![j]! -= w;
        }
      }
    return { info, grad };
  };
  if (free.length > 0) {
    for (let iter = 0; iter < 200; iter++) {
      const { info, grad } = information(s);
      const step = solve(
        free.map((i) => free.map((j) => info[i]![j]!)),
        free.map((i) => grad[i]!),
      );
      // Newton's step, halved while it would lower the likelihood (it is concave, so rarely).
      const before = logLikelihood(s);
      let scale = 1;
      let next = s;
      for (let h = 0; h < 40; h++) {
        next = [...s];
        free.forEach((i, n) => (next[i]! += scale * step[n]!));
        if (logLikelihood(next) >= before - 1e-12) break;
        scale /= 2;
      }
      const moved = Math.max(...step.map((v) => Math.abs(v * scale)));
      for (let i = 0; i < size; i++) s[i] = next[i]!;
      if (moved < 1e-10) break;
    }
  }
  // Covariance with the fixed bot held at 0, then the ratings moved to the anchor: x' = T x
  // (the edge is a difference, so the anchor leaves it as it is).
  const cov = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  if (free.length > 0) {
    const { info } = information(s);
    const inv = inverse(free.map((i) => free.map((j) => info[i]![j]!)));
    free.forEach((i, a) => free.forEach((j, b) => (cov[i]![j] = inv[a]![b]!)));
  }
  const centred = (i: number, j: number) => anchor === 'mean' && i < k && j < k;
  const t = Array.from({ length: size }, (_, i) =>
    Array.from({ length: size }, (__, j) => (i === j ? 1 : 0) - (centred(i, j) ? 1 / k : 0)),
  );
  /** The value and 95% interval, in Elo points, of the combination `c · (T x)`. */
  const edge = (c: readonly number[]): EloEdge => {
    const row = Array.from({ length: size }, (_, j) =>
      c.reduce((sum, ci, i) => sum + ci * t[i]![j]!, 0),
    );
    const value = row.reduce((sum, v, j) => sum + v * s[j]!, 0);
    let v = 0;
    for (let a = 0; a < size; a++)
      for (let b = 0; b < size; b++) v += row[a]! * cov[a]![b]! * row[b]!;
    const elo = value * ELO_PER_LOGIT;
    const half = Z95 * Math.sqrt(Math.max(0, v)) * ELO_PER_LOGIT;
    return { elo, low: elo - half, high: elo + half };
  };
  const unit = (i: number, sign = 1) =>
    Array.from({ length: size }, (_, j) => (j === i ? sign : 0));
  return {
    anchor,
    ratings: bots.map((bot, i) => ({ bot, ...edge(unit(i)) })),
    ...(side ? { firstSide: edge(unit(k)) } : {}),
    difference: (a, b) => {
      const c = unit(indexOf(a));
      c[indexOf(b)]! -= 1;
      return edge(c);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The report

/** A bot's line of the ladder. */
export interface LadderRating extends EloRating {
  /** Games it played, finished or not. */
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Its points (a win 1, a draw ½) over its finished games: its score share. */
  readonly score: number;
  /** Its games that did not finish (whoever stalled). */
  readonly unfinished: number;
  /** Unfinished games in which it was the bot that stalled or was stuck. */
  readonly stalls: number;
}

/** Games of a pair with one of its bots on the first side. */
export interface LadderSideSplit {
  /** The bot on the scenario's first side in these games. */
  readonly first: BotName;
  readonly games: number;
  readonly firstWins: number;
  readonly secondWins: number;
  readonly draws: number;
  readonly unfinished: number;
}

/** Game lengths in turns. */
export interface LadderLength {
  readonly mean: number;
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

/** What one pair of bots did against each other. */
export interface LadderPair {
  readonly bots: readonly [BotName, BotName];
  readonly games: number;
  /** Each bot's wins, of all the pair's games (unfinished ones count as not won). */
  readonly wins: readonly [Share, Share];
  /** Each bot's wins, of the games one of them won (neither drawn nor unfinished). */
  readonly decidedWins: readonly [Share, Share];
  readonly draws: Share;
  /** Draws that came at the turn limit. */
  readonly drawsAtLimit: number;
  readonly unfinished: number;
  /** Unfinished games each bot stalled or was stuck in. */
  readonly stalls: readonly [number, number];
  /** The pair's games split by which bot had the first side: both halves should be there. */
  readonly bySide: readonly [LadderSideSplit, LadderSideSplit];
  /**
   * X's expected score against Y on an even table (a win 1, a draw ½), with its 95% interval:
   * σ of their rating difference in the fit with the first side's edge. Where the layout favours
   * one side, this is what the pair's games say of the bots themselves.
   */
  readonly evenScore: { readonly score: number; readonly low: number; readonly high: number };
  readonly length: LadderLength;
}

export interface LadderReport {
  readonly scenario: string;
  readonly rulesetId: string;
  /** The scenario's sides, first and second. */
  readonly sides: readonly { readonly id: string; readonly name: string }[];
  readonly settings: LadderSettings;
  /** Games played (all of the schedule, or those finished before a stop). */
  readonly played: number;
  /** Games the schedule has. */
  readonly scheduled: number;
  /** What the ratings are measured from (see `fitElo`). */
  readonly anchor: EloAnchor;
  /** Virtual draws between every two bots in the fit. */
  readonly priorDraws: number;
  /** Every bot, best rated first. */
  readonly ratings: readonly LadderRating[];
  /** Every pair played, in the order of the bots list. */
  readonly pairs: readonly LadderPair[];
  /** The first side's wins of the decided games: the layout's bias. */
  readonly firstSideDecided: Share;
  /** The first side's edge in Elo points, fitted with the ratings (see `fitElo`). */
  readonly firstSide: EloEdge;
  readonly unfinished: number;
  readonly firstUnfinished?: {
    readonly seed: number;
    readonly players: readonly [BotName, BotName];
    readonly stoppedBy: StopReason;
    readonly reason: string;
  };
  readonly length: LadderLength;
  /** Every game in schedule order (no action logs). */
  readonly games: readonly LadderRecord[];
}

/** An Elo difference as an expected score: σ of it, and of its interval's ends. */
function scoreOf(d: EloEdge): LadderPair['evenScore'] {
  const score = (elo: number) => sigmoid(elo / ELO_PER_LOGIT);
  return { score: score(d.elo), low: score(d.low), high: score(d.high) };
}

function lengthOf(turns: readonly number[]): LadderLength {
  const sorted = [...turns].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { mean: 0, median: 0, min: 0, max: 0 };
  const mid = Math.floor(n / 2);
  return {
    mean: sorted.reduce((a, b) => a + b, 0) / n,
    median: n % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2,
    min: sorted[0]!,
    max: sorted[n - 1]!,
  };
}

/**
 * What a ladder's games say: the ratings, each pair's results, stalls and lengths. Records are
 * taken in schedule order, so the report does not depend on which thread played which game.
 */
export function ladderReport(
  scenario: { readonly title: string; readonly rulesetId: string },
  sides: readonly { readonly id: string; readonly name: string }[],
  settings: LadderSettings,
  records: readonly LadderRecord[],
): LadderReport {
  const games = [...records].sort((a, b) => a.index - b.index);
  const finished = games.filter((g) => g.winner !== null);
  const results: PairResult[] = finished.map((g) => ({
    a: g.players[0],
    b: g.players[1],
    score: g.winner === 'draw' ? 0.5 : g.winner === g.players[0] ? 1 : 0,
  }));
  const fit = fitElo(settings.bots, results, PRIOR_DRAWS, { firstSide: true });
  const ratings: LadderRating[] = fit.ratings.map((r) => {
    const mine = games.filter((g) => g.players.includes(r.bot as BotName));
    const done = mine.filter((g) => g.winner !== null);
    const wins = done.filter((g) => g.winner === r.bot).length;
    const draws = done.filter((g) => g.winner === 'draw').length;
    return {
      ...r,
      games: mine.length,
      wins,
      draws,
      losses: done.length - wins - draws,
      score: done.length ? (wins + draws / 2) / done.length : 0,
      unfinished: mine.length - done.length,
      stalls: mine.filter((g) => g.stalledBot === r.bot).length,
    };
  });
  ratings.sort((a, b) => b.elo - a.elo);
  const pairs: LadderPair[] = ladderPairs(settings).map(([x, y]) => {
    const mine = games.filter((g) => g.players.includes(x) && g.players.includes(y));
    const n = mine.length;
    const xWins = mine.filter((g) => g.winner === x).length;
    const yWins = mine.filter((g) => g.winner === y).length;
    const split = (first: BotName): LadderSideSplit => {
      const these = mine.filter((g) => g.players[0] === first);
      return {
        first,
        games: these.length,
        firstWins: these.filter((g) => g.winner === g.players[0]).length,
        secondWins: these.filter((g) => g.winner === g.players[1]).length,
        draws: these.filter((g) => g.winner === 'draw').length,
        unfinished: these.filter((g) => g.winner === null).length,
      };
    };
    return {
      bots: [x, y],
      games: n,
      wins: [wilson(xWins, n), wilson(yWins, n)],
      decidedWins: [wilson(xWins, xWins + yWins), wilson(yWins, xWins + yWins)],
      draws: wilson(mine.filter((g) => g.winner === 'draw').length, n),
      drawsAtLimit: mine.filter((g) => g.atTurnLimit === true).length,
      unfinished: mine.filter((g) => g.winner === null).length,
      stalls: [
        mine.filter((g) => g.stalledBot === x).length,
        mine.filter((g) => g.stalledBot === y).length,
      ],
      bySide: [split(x), split(y)],
      evenScore: scoreOf(fit.difference(x, y)),
      length: lengthOf(mine.map((g) => g.turns)),
    };
  });
  const decided = finished.filter((g) => g.winner !== 'draw');
  const unfinished = games.filter((g) => g.winner === null);
  const first = unfinished[0];
  return {
    scenario: scenario.title,
    rulesetId: scenario.rulesetId,
    sides: sides.map((s) => ({ id: s.id, name: s.name })),
    settings,
    played: games.length,
    scheduled: ladderPairs(settings).length * settings.gamesPerPair,
    anchor: fit.anchor,
    priorDraws: PRIOR_DRAWS,
    ratings,
    pairs,
    firstSideDecided: wilson(
      decided.filter((g) => g.winner === g.players[0]).length,
      decided.length,
    ),
    firstSide: fit.firstSide!,
    unfinished: unfinished.length,
    ...(first
      ? {
          firstUnfinished: {
            seed: first.seed,
            players: first.players,
            stoppedBy: first.stoppedBy,
            reason: first.reason ?? first.stoppedBy,
          },
        }
      : {}),
    length: lengthOf(games.map((g) => g.turns)),
    games,
  };
}

// ---------------------------------------------------------------------------------------------
// The tables

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
/** A share with its interval: "62.5% [40.9–80.0%]". */
export const shareText = (s: Share) =>
  `${pct(s.share)} [${(100 * s.low).toFixed(1)}–${pct(s.high)}]`;
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(Math.round(x))}`;

/** Rows as text columns: the first `left` columns read left to right, the rest line up right. */
function columns(rows: readonly (readonly string[])[], left = 1): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) =>
    r
      .map((cell, c) => (c < left ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join('  ')
      .trimEnd(),
  );
}

/** The ratings table: a heading line, then one row a bot, best first. */
export function ratingLines(r: LadderReport): string[] {
  const anchor =
    r.anchor === 'random' ? 'random = 0' : 'the mean of the bots = 0 (random not playing)';
  return [
    `Elo (${anchor}; Bradley–Terry fit with the first side's edge, draws half a point, ${r.priorDraws} virtual draw between every two bots; 95% interval from the Fisher information):`,
    ...columns([
      [
        'bot',
        'Elo',
        '95% interval',
        'games',
        'won',
        'drawn',
        'lost',
        'score',
        'unfinished',
        'stalled',
      ],
      ...r.ratings.map((b) => [
        b.bot,
        signed(b.elo),
        `[${signed(b.low)}, ${signed(b.high)}]`,
        String(b.games),
        String(b.wins),
        String(b.draws),
        String(b.losses),
        pct(b.score),
        String(b.unfinished),
        String(b.stalls),
      ]),
    ]).map((l) => `  ${l}`),
  ];
}

/**
 * The pairs table: per pair, each bot's wins of all games and of the decided ones (95% Wilson
 * intervals), draws (and how many at the turn limit), unfinished games and who stalled, the
 * games each way round with the first bot's record in them (won-drawn-lost), and lengths.
 */
export function pairLines(r: LadderReport): string[] {
  const wdl = (s: LadderSideSplit, firstIsX: boolean) =>
    firstIsX
      ? `${s.firstWins}-${s.draws}-${s.secondWins}`
      : `${s.secondWins}-${s.draws}-${s.firstWins}`;
  const [first, second] = [r.sides[0]?.name ?? 'first side', r.sides[1]?.name ?? 'second side'];
  return [
    `Pairs (X v Y; wins of all games and of the decided ones, 95% Wilson intervals; X's expected score on an even table, from the ratings; games and X's won-drawn-lost with X on each side):`,
    ...columns(
      [
        [
          'X v Y',
          'games',
          'X wins',
          'Y wins',
          'draws (at limit)',
          'X of decided',
          'X score, even table',
          'unfinished (X/Y stalled)',
          `X on ${first}`,
          `X on ${second}`,
          'turns mean/median',
        ],
        ...r.pairs.map((p) => [
          `${p.bots[0]} v ${p.bots[1]}`,
          String(p.games),
          shareText(p.wins[0]),
          shareText(p.wins[1]),
          `${pct(p.draws.share)} (${p.drawsAtLimit})`,
          p.decidedWins[0].of ? shareText(p.decidedWins[0]) : '-',
          `${pct(p.evenScore.score)} [${(100 * p.evenScore.low).toFixed(1)}–${pct(p.evenScore.high)}]`,
          `${p.unfinished} (${p.stalls[0]}/${p.stalls[1]})`,
          `${p.bySide[0].games}: ${wdl(p.bySide[0], true)}`,
          `${p.bySide[1].games}: ${wdl(p.bySide[1], false)}`,
          `${p.length.mean.toFixed(1)}/${p.length.median}`,
        ]),
      ],
      1,
    ).map((l) => `  ${l}`),
  ];
}

/** The whole report as text (without the run's heading, which the caller knows). */
export function ladderLines(r: LadderReport): string[] {
  const lines = [...ratingLines(r), '', ...pairLines(r), ''];
  lines.push(
    `${r.sides[0]?.name ?? 'the first side'} won ${shareText(r.firstSideDecided)} of the decided games (the layout's bias); the ratings fit it as the first side's edge, ${signed(r.firstSide.elo)} Elo [${signed(r.firstSide.low)}, ${signed(r.firstSide.high)}], so they and the even-table scores say how the bots do with it taken out`,
  );
  lines.push(
    `game length: mean ${r.length.mean.toFixed(1)} turns, median ${r.length.median}, ${r.length.min}-${r.length.max}`,
  );
  if (r.unfinished > 0) {
    const f = r.firstUnfinished;
    lines.push(
      `unfinished: ${r.unfinished} of ${r.played}${f ? ` (first: seed ${f.seed}, ${f.players[0]} v ${f.players[1]}, ${f.stoppedBy}: ${f.reason})` : ''}`,
    );
  } else lines.push('unfinished: 0 (no game stalled)');
  return lines;
}

/**
 * How much a search bot's game may take over a fast bots' game before it counts as stalled: it
 * thinks up to a couple of seconds a side turn where the fast bots take milliseconds.
 */
export const SEARCH_BUDGET_FACTOR = 10;

/**
 * The time budget of one ladder game: the lab's (`GAME_TIME_BUDGET_MS`), times
 * `SEARCH_BUDGET_FACTOR` when the search bot plays in it.
 */
export function ladderTimeBudgetMs(g: LadderGame): number {
  return GAME_TIME_BUDGET_MS * (g.players.includes('search') ? SEARCH_BUDGET_FACTOR : 1);
}
