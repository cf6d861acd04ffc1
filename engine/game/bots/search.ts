import { seedRng } from '../../random/dice';
import { mixSeed, textHash } from '../../random/mix';
import type { BotCandidate, BotStyle, GameAction, GameDef, SideTurn } from '../gameDef';
import { actionRng } from '../legal';
import { valueFor } from '../score';
import { SideTurnBuilder } from '../sideTurn';
import { playSide, type Player } from '../simulate';
import { asked, candidates, MAX_STEPS, standTurn, type Candidate } from './searchCandidates';
import { SEARCH_STYLES as STYLES, StyleReader } from './styleReader';

/**
 * The search bot: plays any ruleset by weighing whole side turns. It asks the ruleset's own bot
 * for its turn in each style, adds a turn of random legal actions, variants of the styles'
 * turns (the last few actions drawn anew, or the phase ended early), turns that differ from a
 * style's in one unit's action (another style's action for that unit, or one drawn anew, the
 * other units doing as the style planned; a unit is an action's `unit` field) and, where the
 * ruleset names them (`GameDef.aimedActions`), the styles' turns with units sent at the
 * objectives, one unit or all at once; and, where the ruleset names phases to stand in
 * (`GameDef.standPhases`: a TANKS tank that stays Stationary re-rolls its misses), each style's
 * turn with the side standing in that phase, a plan it keeps in the rollouts too, since its worth
 * shows over several turns. It scores each by playing the game on from it with the
 * fast bots for both sides, to its end or `horizon` game turns ahead, where `valueFor`
 * (score.ts) judges the position: 1 won, 0 lost, 1/2 and half the lead in between. The other
 * side plays each style in turn in the rollouts, and a candidate's score is its worst mean
 * against any one of them: the opponent is modelled by the style most dangerous to that turn.
 * Where the other side's past turns were those of one style (or a few), read by replaying them
 * (`StyleReader`, in `searchPlayer`; `SearchOptions.otherStyles`), the rollouts play it in that
 * style alone: a bot opponent is then foreseen but for the dice.
 * Rollouts go to the candidates by successive halving (every survivor plays the same rollouts,
 * the weaker half is dropped, the best style's own turn always kept), so the budget goes where
 * the choice is close; the last round is between the best style turn and the best other
 * candidate, and the other is played only where it beats the style turn on the same rollouts by
 * more than chance (a margin plus one standard error of the paired difference): among many
 * candidates scored by noisy rollouts the best score is partly luck, the winner's curse that
 * made the search play worse than the style it starts from.
 *
 * Where the ruleset says a short look ahead misjudges there (`GameDef.searchLook`: a TANKS duel,
 * whose standing two turns on rates the T-64's own moves above standing still, and the game's
 * end the other way round), the rollouts go on longer (fewer of them: the budget is the same).
 *
 * The budget is counted in side turns the rollouts play (`SearchStrength.work`), never in time:
 * the first round plays `rollouts`, and the side turns those took say how many more the rest of
 * the budget buys, so where rollouts end soon (a short game, a cheap phase) more of them are
 * played and the choice is surer, at a cost in time that follows the bots' side turns. A ruleset
 * may ask for more (`GameDef.searchWork`: WWI, whose side turns are cheap and whose candidates
 * differ by a few points, plays up to 4 times the presets' at strengths 2-4, 768 at most).
 * A ruleset may add candidates of its own (`GameDef.searchTurns`: WWI's exact-odds bot's turn
 * with one decision taken as its second choice).
 *
 * It never peeks. Before every rollout the dice are reseeded (the state carries its future
 * rolls; where the ruleset keys them, `GameDef.keyedDice`, each roll comes from the rollout and
 * what the roll is for, so candidates that fight the same WWI battle meet the same dice; TANKS
 * keyed by the shot was tried and gained nothing, docs/tanks-bot.md) and, where the ruleset hides
 * something, `GameDef.determinize` draws what the side cannot see (the other side's plots, its
 * hand and the deck order), what the other side did in secret as it would have in the style it
 * plays in that rollout. The candidates are planned on such a state too, then the chosen one is
 * played on the real state (where the rules refuse one of its actions there, its style's bot
 * finishes the side's part of the phase).
 *
 * Cost (docs/benchmarks.md, CPU under load): a side turn of the default strength took 439-761 ms
 * on average over the first side turns of one bundled scenario of each ruleset (at most 2.0 s, on
 * the village); at the playtest's strength 4, 2.0 s on average on TANKS' Your First Game (at most
 * 3.5 s; 1.2 s at strength 2; load 12-17, with its 5-turn look ahead and the TANKS bot of
 * 1376220, whose side turns cost about three times what they did), where the 2 s deadline of the
 * playtest stops a longer one with the best so far.
 *
 * Against the best style, sides swapped, at the default strength (the ladder; docs/benchmarks.md):
 * with the other side's style read, TANK! Contour hills 89.0% of decided games (100 games), the
 * Tankplank village 69.9% [60.9, 77.6] against cautious (200 games; 63.1% of 200 against balanced
 * before), with artillery 79.2% and mirrored 82.6% (200 games each); WWI Through the wire 63.8%
 * [59.5, 67.9] over 500 games of three seed ranges with its standing read as a race (64.0% on
 * seeds 1-100 and 62.5% on 5001-5100, 200 each; 63.0% over the 500 before; at the playtest's
 * strength 4, 64.6% [60.3, 68.7] over the same 500; 60.0% on seeds 1-100 with the exact-odds
 * bot, `GameDef.searchBot`, alone, which beats balanced 55.6% itself, before the keyed dice,
 * second choices and more rollouts) and TANKS Your
 * First Game 48.8% [41.3, 56.3] (200 games; 50.0% [33.2, 66.8] over 40 with standing plans and the
 * longer look ahead, against the styles of 1376220), Air Cover 50.8% [43.6, 58.0], Alpha 66 53.6%
 * [46.6, 60.4] and Terrain by players 62.7% [55.1, 69.6] (200 games each; the last with its
 * own side placing its Forest by its tank,
 * `GameDef.searchBot`, 7b61a4e). A village side turn took 260 ms of CPU on average (p95 542 ms).
 * Where a ruleset's games turn on dice more than on choices (TANKS: every bundled scenario is
 * lopsided for the Americans, the Soviets winning 10-24% of decided games style v style, and 65%
 * overall needs the search to win 40-50% as the Soviets; no plan found for the T-64 of Your First
 * Game wins more than a third; docs/tanks-bot.md), the search finds little the styles miss; in
 * WWI, where the dice weigh nearly as much, it found more once candidates met the same dice per
 * battle (`keyedDice`) and the bot's near choices were weighed (`searchTurns`).
 *
 * Reproducible: the same state, side, seed and strength give the same turn, since strength is
 * counted in rollouts and side turns, not time. A playtest may add a `deadline` (with `now`) and
 * `shouldStop` to stop early with the best so far, and `onProgress` to show how far it got.
 *
 * API: `searchTurn(game, state, side, { seed, strength, deadline?, now?, shouldStop?,
 * onProgress? })` gives the `SideTurn` with its `explanation` (the candidates and their scores);
 * `searchPlayer(game, seed, strength)` is the player `simulate` plays it as;
 * `SEARCH_STRENGTHS` are the presets (strength 1 to `SEARCH_STRENGTHS.length`).
 */

/** What one strength setting spends on a side turn. */
export interface SearchStrength {
  /** Its name in words, for menus ("quick", "strong"). */
  readonly label: string;
  /** Rollouts over all candidates for one side turn (the time it takes grows with this). */
  readonly rollouts: number;
  /** Game turns a rollout plays on before the position is judged (sooner when the game ends). */
  readonly horizon: number;
  /** Variants of the styles' turns weighed besides the turns themselves. */
  readonly variants: number;
  /** Candidates that differ from a style's turn in one unit's action. */
  readonly swaps: number;
  /**
   * Side turns the rollouts may play in all (the bots' turns in them, the cost that grows with
   * the board): the budget beyond the first round's rollouts, where a side turn's rollouts
   * end soon (a short game, a horizon reached in a phase or two) it buys more of them.
   */
  readonly work: number;
}

/**
 * The strength presets, weakest first: strength n is `SEARCH_STRENGTHS[n - 1]`. Measured with
 * `npm run bench:search` (docs/benchmarks.md).
 */
export const SEARCH_STRENGTHS: readonly SearchStrength[] = [
  { label: 'quick', rollouts: 16, horizon: 1, variants: 1, swaps: 0, work: 64 },
  { label: 'fair', rollouts: 32, horizon: 2, variants: 2, swaps: 2, work: 256 },
  { label: 'good', rollouts: 64, horizon: 2, variants: 3, swaps: 4, work: 384 },
  { label: 'strong', rollouts: 128, horizon: 3, variants: 4, swaps: 8, work: 640 },
  { label: 'strongest', rollouts: 256, horizon: 4, variants: 6, swaps: 12, work: 2048 },
];

/** The strength a search bot plays at when none is given. */
export const DEFAULT_SEARCH_STRENGTH = 2;

/** The preset of a strength, clamped to the presets there are (a whole number from 1). */
export function searchStrength(strength: number = DEFAULT_SEARCH_STRENGTH): SearchStrength {
  const n = Number.isFinite(strength) ? Math.round(strength) : DEFAULT_SEARCH_STRENGTH;
  return SEARCH_STRENGTHS[Math.min(SEARCH_STRENGTHS.length, Math.max(1, n)) - 1]!;
}

export interface SearchOptions {
  /** Seeds the rollouts' dice and every draw; the same seed gives the same turn. */
  readonly seed: number;
  /** 1 (quick) to `SEARCH_STRENGTHS.length`; `DEFAULT_SEARCH_STRENGTH` when absent. */
  readonly strength?: number;
  /** A time (by `now`, in milliseconds) after which no further rollout starts. */
  readonly deadline?: number;
  /** The clock `deadline` is read on (the engine takes time as input). */
  readonly now?: () => number;
  /** Asked before every rollout: true stops the search, which plays the best so far. */
  readonly shouldStop?: () => boolean;
  /** Told after every rollout: rollouts done and the planned total. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * The styles the other side may be playing (read from its past turns, see `searchPlayer`):
   * the rollouts play it in these alone. All the styles when absent or empty.
   */
  readonly otherStyles?: readonly BotStyle[];
}

/** Side turns a rollout plays at most, whatever its horizon (a guard against a phase loop). */
const MAX_ROLLOUT_SIDE_TURNS = 120;

/**
 * How the search judges and chooses: `model` how a candidate's rollouts against the other side's
 * styles make its score ('min' its worst mean, the opponent modelled by its most dangerous style);
 * a turn other than a style's own is played only where its paired score beats the best style turn
 * by `margin` plus `z` standard errors of the paired difference (see `searchTurn`).
 */
const TUNING: {
  readonly model: 'min' | 'mean';
  readonly z: number;
  readonly margin: number;
  readonly workScale: number;
  readonly horizon?: number;
  readonly swaps?: number;
  readonly variants?: number;
} = { model: 'min', z: 1, margin: 0.02, workScale: 1 };

/**
 * One rollout of a candidate: the dice reseeded and the hidden parts drawn (both from the rollout's
 * number, so every candidate meets the same dice and the same hidden state), the candidate's
 * actions applied, then both sides played by the fast bots until the game ends or `horizon` game
 * turns have begun; the position's value for `side` and the side turns the bots played (the
 * count the search's budget is kept in).
 */
function rollout<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  state: S,
  side: string,
  c: Candidate<S, A, E>,
  horizon: number,
  seed: number,
  index: number,
  other: BotStyle,
): { value: number; sideTurns: number } {
  let s = game.keyedDice
    ? game.keyedDice(state, mixSeed(seed, index, 1))
    : game.dice.set(state, seedRng(mixSeed(seed, index, 1)));
  // What the other side did in secret is drawn as it would have done it in the style it plays here.
  if (game.determinize) s = game.determinize(s, side, actionRng(mixSeed(seed, index, 2)), other);
  for (const a of c.turn.actions) {
    const r = game.reduce(s, a);
    // The dice or hidden parts went otherwise here: the side's bot plays the rest of its phase.
    if (!r.ok) break;
    s = r.state;
  }
  const endTurn = game.status(state).turn + horizon;
  let k = 0;
  for (; k < MAX_ROLLOUT_SIDE_TURNS; k++) {
    const status = game.status(s);
    if (status.over || status.turn >= endTurn) break;
    const next = status.waitingFor[0];
    if (next === undefined) break;
    const stand = next === side ? c.stand : undefined;
    const player: Player<S, A> =
      stand !== undefined
        ? {
            kind: 'source',
            next: (st) => standTurn(game, st, side, c.style, stand)?.actions ?? [],
          }
        : { kind: 'bot', style: next === side ? c.style : other };
    const t = playSide(game, s, next, player);
    if ('refused' in t) break;
    s = t.state;
  }
  return { value: valueFor(game, s, side), sideTurns: k + 1 };
}

/**
 * The chosen candidate played on the real state: its actions while the rules accept them (the
 * state it was planned on may differ in what the side cannot see); where one is refused, its
 * style's bot finishes the side's part of the phase.
 */
function played<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  state: S,
  side: string,
  c: Candidate<S, A, E>,
): SideTurn<S, A, E> {
  if (c.planned === state) return c.turn;
  const turn = new SideTurnBuilder(game.reduce, state, MAX_STEPS);
  let refused = false;
  for (const a of c.turn.actions)
    if (!turn.apply(a)) {
      refused = true;
      break;
    }
  if (refused && asked(game, turn.state, side)) {
    const rest = game.bot(turn.state, side, c.style);
    for (const a of rest.actions.length > 0
      ? rest.actions
      : [game.endPhaseAction(turn.state, side)])
      if (!turn.apply(a)) break;
  }
  return turn.done();
}

/**
 * `game` with the side's own turns (its candidates, its rollouts) played by the ruleset's search
 * bot where it has one (`GameDef.searchBot`); the other side's by `bot`, as before.
 */
function withSearchBot<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  side: string,
): GameDef<S, A, E> {
  const own = game.searchBot;
  if (!own) return game;
  return {
    ...game,
    bot: (state, who, style) =>
      who === side ? own(state, who, style) : game.bot(state, who, style),
  };
}

/**
 * The search bot's side turn (see the module's header): the candidate that scored best, with the
 * candidates and their scores as its explanation. No actions when the side is not asked to act.
 */
export function searchTurn<S, A extends GameAction, E>(
  rules: GameDef<S, A, E>,
  state: S,
  side: string,
  options: SearchOptions,
): SideTurn<S, A, E> {
  const game = withSearchBot(rules, side);
  if (!asked(game, state, side)) return { actions: [], state, events: [] };
  const base = searchStrength(options.strength);
  // Where the ruleset says a short look ahead misjudges, longer.
  const look = game.searchLook?.(state);
  const preset = {
    ...base,
    work: Math.max(base.work, game.searchWork?.(base.work) ?? 0) * TUNING.workScale,
    horizon: TUNING.horizon ?? Math.max(base.horizon, look?.horizon ?? 0),
    swaps: TUNING.swaps ?? base.swaps,
    variants: TUNING.variants ?? base.variants,
  };
  const seed = options.seed | 0;
  // The candidates are planned on the state as the side believes it (the real one where nothing
  // is hidden): a bot that read a screened unit's true place would leak it into the choice.
  const belief = game.determinize
    ? game.determinize(state, side, actionRng(mixSeed(seed, 0, 1)))
    : state;
  // The other side is played in the rollouts by each style it may be playing in turn.
  const others =
    options.otherStyles && options.otherStyles.length > 0 ? options.otherStyles : STYLES;
  const cands = candidates(game, belief, side, preset, actionRng(mixSeed(seed, 0, 0)), others);
  if (cands.length === 0) {
    const t = game.bot(state, side);
    return { ...t, explanation: { notes: ['nothing to weigh: the balanced bot plays'] } };
  }
  if (cands.length === 1) {
    const only = cands[0]!;
    return {
      ...played(game, state, side, only),
      explanation: { notes: [`one side turn to play (${only.label}): nothing to weigh`] },
    };
  }
  // Successive halving: rounds until one is left, each round spending an equal part of the
  // budget on the candidates still in. The budget is counted in side turns the rollouts play
  // (`work`), never in time: after the first round the side turns a rollout took here say how
  // many rollouts the rest of it buys (a short game or a phase that ends soon buys more).
  // The last round is between the best two left (one of them the best style's own turn).
  const rounds = Math.ceil(Math.log2(cands.length)) + 1;
  const perRound = (rollouts: number, alive: number, left: number) =>
    others.length * Math.max(1, Math.floor(rollouts / (alive * left * others.length)));
  const planned = (rollouts: number, from: number, aliveNow: number) => {
    let sum = 0;
    for (let r = from, alive = aliveNow; r < rounds; r++, alive = Math.ceil(alive / 2))
      sum += alive * perRound(rollouts, alive, rounds - from);
    return sum;
  };
  let total = planned(preset.rollouts, 0, cands.length);
  let done = 0;
  let work = 0;
  let stopped = false;
  const stop = () =>
    (options.shouldStop?.() ?? false) ||
    (options.deadline !== undefined &&
      options.now !== undefined &&
      options.now() >= options.deadline);
  // The other side is played by each style in turn (by rollout, so the candidates meet each
  // alike); a candidate is judged by its worst mean against them (the opponent modelled by the
  // style that does best against this turn) or by its mean over them (see TUNING.model).
  const byStyle = (c: Candidate<S, A, E>) =>
    c.against.filter((a) => a.games > 0).map((a) => a.total / a.games);
  const mean = (c: Candidate<S, A, E>) => {
    const m = byStyle(c);
    if (m.length === 0) return -1;
    return TUNING.model === 'min' ? Math.min(...m) : m.reduce((x, y) => x + y, 0) / m.length;
  };
  const ranked = (list: readonly Candidate<S, A, E>[]) =>
    [...list].sort((x, y) => mean(y) - mean(x) || cands.indexOf(x) - cands.indexOf(y));
  const bestOwn = (list: readonly Candidate<S, A, E>[]) => ranked(list.filter((c) => c.own))[0];
  let alive: Candidate<S, A, E>[] = [...cands];
  let next = 0;
  for (let r = 0; r < rounds && !stopped; r++) {
    const per =
      r === 0
        ? perRound(preset.rollouts, alive.length, rounds)
        : perRound(
            Math.max(0, Math.floor(((preset.work - work) * done) / Math.max(1, work))),
            alive.length,
            rounds - r,
          );
    // Every survivor plays the same rollouts (common dice), so their scores differ by the turn.
    for (let k = 0; k < per && !stopped; k++, next++)
      for (const c of alive) {
        if (stop()) {
          stopped = true;
          break;
        }
        const o = next % others.length;
        const v = rollout(game, state, side, c, preset.horizon, seed, next, others[o]!);
        c.against[o]!.total += v.value;
        c.against[o]!.games++;
        c.values.push(v.value);
        c.games++;
        work += v.sideTurns;
        done++;
        options.onProgress?.(done, total);
      }
    if (stopped) break;
    // The best of the styles' own turns stays in to the end: the others are played only where
    // they beat it on the same rollouts (below).
    const keep = ranked(alive).slice(0, Math.ceil(alive.length / 2));
    const own = bestOwn(alive);
    if (own && !keep.includes(own)) keep.push(own);
    alive = keep;
    if (r === 0 && r + 1 < rounds) {
      const more = Math.floor(((preset.work - work) * done) / Math.max(1, work));
      total = done + planned(Math.max(0, more), r + 1, alive.length);
    }
  }
  // Stopped early: among those that played the most rollouts.
  const most = Math.max(...alive.map((c) => c.games));
  const finalists = stopped ? alive.filter((c) => c.games === most) : alive;
  const incumbent = bestOwn(finalists);
  const challenger = ranked(finalists.filter((c) => !c.own))[0];
  // A turn not the styles' own is played only where it beats the best of them on the same
  // rollouts by more than chance: among many candidates scored by noisy rollouts the best score
  // is partly luck (the winner's curse), and the styles' turns are the better bet when close.
  let chosen = ranked(finalists)[0]!;
  if (incumbent && challenger) {
    const n = Math.min(incumbent.values.length, challenger.values.length);
    const d = Array.from({ length: n }, (_, i) => challenger.values[i]! - incumbent.values[i]!);
    const dm = d.reduce((x, y) => x + y, 0) / Math.max(1, n);
    const sd = Math.sqrt(d.reduce((x, y) => x + (y - dm) ** 2, 0) / Math.max(1, n - 1));
    const se =
      (sd / Math.sqrt(Math.max(1, n))) * (TUNING.model === 'min' ? Math.sqrt(others.length) : 1);
    chosen =
      mean(challenger) - mean(incumbent) > TUNING.margin + TUNING.z * se ? challenger : incumbent;
  }
  const listed: BotCandidate[] = [chosen, ...ranked(cands).filter((c) => c !== chosen)].map(
    (c) => ({ label: c.label, score: Math.max(0, mean(c)), games: c.games, chosen: c === chosen }),
  );
  const notes = [
    `weighed ${cands.length} side turns over ${done} games played ${preset.horizon} turn${preset.horizon === 1 ? '' : 's'} ahead (strength ${preset.label})`,
    `chose the ${chosen.label}: ${Math.round(100 * Math.max(0, mean(chosen)))}% expected over ${chosen.games} games`,
  ];
  if (stopped) notes.push(`stopped after ${done} of ${total} games: the best so far is played`);
  return { ...played(game, state, side, chosen), explanation: { notes, candidates: listed } };
}

/**
 * The search bot as a player of `simulate`: each side turn's seed comes from `seed`, the turn,
 * the phase and the side, so the same game seed plays the same game however it is driven.
 * It reads the other side's style from its past turns (`StyleReader`): once its turns were
 * those of some styles only, the rollouts play it in those (the search's turns depend on the
 * game so far, so the same seed still plays the same game).
 */
export function searchPlayer<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  seed: number,
  strength: number = DEFAULT_SEARCH_STRENGTH,
): Player<S, A> {
  const readers = new Map<string, StyleReader<S, A, E>>();
  return {
    kind: 'source',
    next: (state, side) => {
      const s = game.status(state);
      const turnSeed = mixSeed(seed, s.turn, textHash(s.phase), textHash(side));
      let reader = readers.get(side);
      if (!reader) readers.set(side, (reader = new StyleReader(game, side)));
      const otherStyles = reader.before(state);
      const t = searchTurn(game, state, side, {
        seed: turnSeed,
        strength,
        ...(otherStyles ? { otherStyles } : {}),
      });
      reader.after(t.state);
      return t.actions;
    },
  };
}
