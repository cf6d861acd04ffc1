import { seedRng } from '../../random/dice';
import type { ActionRng, BotCandidate, BotStyle, GameAction, GameDef, SideTurn } from '../gameDef';
import { actionRng, canChoose, chooseAction } from '../legal';
import { valueFor } from '../score';
import { SideTurnBuilder } from '../sideTurn';
import { playSide, type Player } from '../simulate';
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
 * played and the choice is surer, at a cost in time that follows the bots' side turns.
 *
 * It never peeks. Before every rollout the dice are reseeded (the state carries its future
 * rolls) and, where the ruleset hides something, `GameDef.determinize` draws what the side
 * cannot see (the other side's plots, its hand and the deck order), what the other side did in
 * secret as it would have in the style it plays in that rollout. The candidates are planned
 * on such a state too, then the chosen one is played on the real state (where the rules refuse
 * one of its actions there, its style's bot finishes the side's part of the phase).
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
 * before), with artillery 79.2% and mirrored 82.6% (200 games each); WWI Through the wire 60.0%
 * [53.1, 66.5] (200 games; 53.0% before its own side was played by the exact-odds bot,
 * `GameDef.searchBot`, which alone beats balanced 55.6%) and TANKS Your First Game 48.8% [41.3, 56.3] (200 games; 50.0%
 * [33.2, 66.8] over 40 with standing plans and the longer look ahead, against the styles of
 * 1376220). A village side turn took 260 ms of CPU on average (p95 542 ms).
 * Where a ruleset's games turn on dice more than on choices (TANKS' one-tank duel: no plan found
 * for the T-64 wins more than a third of its decided games against the aggressive M1, and 65%
 * overall needs about 45%; docs/tanks-bot.md) or its styles already play the objectives (WWI),
 * the search finds little the styles miss.
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

/** A side turn the search weighs. */
interface Candidate<S, A, E> {
  readonly label: string;
  /** The turn as planned (on the state as the side believes it). */
  readonly turn: SideTurn<S, A, E>;
  /** The state it was planned on. */
  readonly planned: S;
  /** The style the side plays on with in this candidate's rollouts. */
  readonly style: BotStyle;
  /** A style's own turn or plan (the others are variants and the random turn). */
  readonly own: boolean;
  /**
   * The phase the side stands in (ends its part at once) in this turn and in its rollouts, where
   * the candidate is a standing plan (`GameDef.standPhases`); else the side plays `style` there.
   */
  readonly stand?: string;
  /** Its rollouts' values summed and counted, by the style the other side played in them. */
  readonly against: { total: number; games: number }[];
  /** Its rollouts' values in the order played (every candidate plays the same rollouts). */
  readonly values: number[];
  games: number;
}

/** Actions a side turn built here may take (the bots' own step guard). */
const MAX_STEPS = 200;

/** Side turns a rollout plays at most, whatever its horizon (a guard against a phase loop). */
const MAX_ROLLOUT_SIDE_TURNS = 120;

/** A 32-bit mix of whole numbers (splitmix-like), for seeds that differ in every bit. */
export function mixSeed(...parts: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h | 0;
}

/** Whether `side` is asked to act in `state`. */
function asked<S>(game: GameDef<S>, state: S, side: string): boolean {
  const s = game.status(state);
  return !s.over && s.waitingFor.includes(side);
}

/**
 * The turn of `prefix` (actions the rules accept, from `start`), then `sampled` actions drawn
 * with `rng`, then the side's phase finished by `finish` (its style's bot) or ended.
 */
/** A side turn's actions played from `start` by the rules: its state and events, or undefined. */
function playedThrough<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  start: S,
  actions: A[],
): { actions: A[]; state: S; events: E[] } | undefined {
  let state = start;
  const events: E[] = [];
  for (const a of actions) {
    const r = game.reduce(state, a);
    if (!r.ok) return undefined;
    state = r.state;
    events.push(...r.events);
  }
  return { actions, state, events };
}

function variantTurn<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  start: S,
  side: string,
  prefix: readonly A[],
  sampled: number,
  rng: ActionRng,
  finish: BotStyle | 'end' | 'random',
): SideTurn<S, A, E> | undefined {
  const turn = new SideTurnBuilder(game.reduce, start, MAX_STEPS);
  for (const a of prefix) if (!turn.apply(a)) return undefined;
  // The phase the variant plays on in: once the side's part of it is over (the turn may resolve
  // and ask the side again for the next), the variant is done.
  const from = game.status(turn.state);
  const going = (st: S) => {
    const now = game.status(st);
    return asked(game, st, side) && now.turn === from.turn && now.phase === from.phase;
  };
  for (let i = 0; (i < sampled || finish === 'random') && going(turn.state); i++) {
    if (!turn.step()) break;
    const a = chooseAction(game, turn.state, side, rng);
    if (!turn.applyFirst(a, game.endPhaseAction(turn.state, side))) return undefined;
  }
  const actions: A[] = [...turn.actions];
  if (going(turn.state)) {
    const rest =
      finish === 'end' || finish === 'random' ? [] : game.bot(turn.state, side, finish).actions;
    actions.push(...(rest.length > 0 ? rest : [game.endPhaseAction(turn.state, side)]));
  }
  if (actions.length === 0) return undefined;
  // The state and events of the whole turn, from the rules.
  return playedThrough(game, start, actions);
}

/**
 * The piece an action is for: its `unit` field, the kit's convention across the rulesets' action
 * schemas (a plot, a move, a shot all name the unit); undefined for a side's own actions (ending
 * a phase, playing a card).
 */
function actorOf(a: GameAction): string | undefined {
  const u = (a as { readonly unit?: unknown }).unit;
  return typeof u === 'string' ? u : undefined;
}

const sameAction = (x: GameAction, y: GameAction) => JSON.stringify(x) === JSON.stringify(y);

/**
 * `base` (a style's turn from `start`) played with some of its actions changed, then the style's
 * bot finishing the side's part of the phase if it is not over. `change(i, a)` is what to do at
 * the planned action `a`, the `i`th: undefined plays it; `{ alt }` plays `alt` instead, or `a`
 * where the rules refuse `alt`; `{ alt, required: true }` gives no turn where they refuse it.
 * The other planned actions are played where the rules still accept them.
 */
function editedTurn<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  start: S,
  side: string,
  base: readonly A[],
  style: BotStyle,
  change: (i: number, a: A) => { readonly alt: A; readonly required?: boolean } | undefined,
): SideTurn<S, A, E> | undefined {
  const turn = new SideTurnBuilder(game.reduce, start, MAX_STEPS);
  const from = game.status(start);
  const going = (st: S) => {
    const now = game.status(st);
    return asked(game, st, side) && now.turn === from.turn && now.phase === from.phase;
  };
  for (let i = 0; i < base.length && going(turn.state); i++) {
    const a = base[i]!;
    const c = change(i, a);
    if (!c) turn.apply(a);
    else if (!turn.apply(c.alt)) {
      if (c.required) return undefined;
      turn.apply(a);
    }
  }
  const actions: A[] = [...turn.actions];
  if (going(turn.state)) {
    const rest = game.bot(turn.state, side, style).actions;
    actions.push(...(rest.length > 0 ? rest : [game.endPhaseAction(turn.state, side)]));
  }
  return playedThrough(game, start, actions);
}

/**
 * The side's turn from `start` as `style`'s bot plays it, except that in phase `stand` the side
 * ends its part at once (it stands there: no move, no action): a standing plan
 * (`GameDef.standPhases`), played so in the search's candidates and rollouts alike.
 */
export function standTurn<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  start: S,
  side: string,
  style: BotStyle,
  stand: string,
): SideTurn<S, A, E> | undefined {
  const turn = new SideTurnBuilder(game.reduce, start, MAX_STEPS);
  const standing = (st: S) => game.status(st).phase === stand;
  while (asked(game, turn.state, side) && turn.step()) {
    const end = game.endPhaseAction(turn.state, side);
    if (standing(turn.state)) {
      if (!turn.apply(end)) break;
      continue;
    }
    // The style's bot plans from here; its actions are taken until the side is to stand.
    let taken = 0;
    for (const a of game.bot(turn.state, side, style).actions) {
      if (standing(turn.state) || !asked(game, turn.state, side) || !turn.apply(a)) break;
      taken++;
    }
    if (taken === 0 && !turn.apply(end)) break;
  }
  return turn.actions.length > 0 ? turn.done() : undefined;
}

/**
 * `base` with its action at `at` replaced by `alt` (no turn where the rules refuse it): one unit
 * does something else while the others do as the style planned.
 */
const swappedTurn = <S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  start: S,
  side: string,
  base: readonly A[],
  at: number,
  alt: A,
  style: BotStyle,
): SideTurn<S, A, E> | undefined =>
  editedTurn(game, start, side, base, style, (i) =>
    i === at ? { alt, required: true } : undefined,
  );

/**
 * Another action for the same unit as `a` in `state` (a different target, hex or mission), drawn
 * with `rng`: from a few samples where the ruleset draws actions, else (or when those found
 * none) among the listed legal actions. Undefined when none was found.
 */
function otherActionFor<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  state: S,
  side: string,
  a: A,
  rng: ActionRng,
): A | undefined {
  const unit = actorOf(a);
  // A unit's action gives way to another of the same unit; a side's own action (ending the
  // phase, where the styles all stand still) to anything else the side may do.
  const fits = (b: A) => !sameAction(a, b) && (unit === undefined || actorOf(b) === unit);
  // A few draws first where the ruleset draws (listing every unit's every action costs more,
  // a TANK! side's plots to each hex it can reach); the list where the draws found nothing.
  if (game.sampleAction)
    for (let k = 0; k < SAMPLE_TRIES; k++) {
      const b = game.sampleAction(state, side, rng);
      if (b && fits(b)) return b;
    }
  if (!game.legalActions) return undefined;
  const pool = game.legalActions(state, side).filter(fits);
  return pool.length > 0 ? pool[rng.index(pool.length)] : undefined;
}

/** Draws of `sampleAction` to find another action for a unit. */
const SAMPLE_TRIES = 12;

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

/** Openings weighed one by one when there are at most this many. */
const MAX_OPENINGS = 6;

/** An action in a few words: its type and the values it names ("playCard probe-left"). */
function actionWords(
  game: Pick<GameDef, 'actions'>,
  a: GameAction,
  names: ReadonlyMap<string, string> = new Map(),
): string {
  const named = Object.entries(a)
    .filter(([k, v]) => k !== 'type' && (typeof v === 'string' || typeof v === 'number'))
    // A piece reads as its name; another id as its last part in words ("ww1.card.probeLeft" is
    // "probe left").
    .map(([, v]) =>
      typeof v === 'string'
        ? (names.get(v) ??
          (v.split('.').pop() ?? v).replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase())
        : // A length or heading to a tenth, as the board shows it ("4", not "3.9794921875").
          String(Math.round(Number(v) * 10) / 10),
    );
  // The action schema says what each kind of action does, in words; its rule ids are left out.
  const words = game.actions
    ?.get(a.type)
    ?.description.replace(/\s*\([^()]*\b[A-Z]{2}-[\w.]+[^()]*\)/g, '')
    // Its first clause: a long description goes on to list every option.
    .split(/[:;]/)[0]
    ?.trim();
  if (!words) return [a.type, ...named.slice(0, 3)].join(' ');
  return named.length ? `${words} (${named.slice(0, 3).join(', ')})` : words;
}

const actionsWord = (n: number) => `${n} action${n === 1 ? '' : 's'}`;

/** The candidates for a side turn: the styles' turns, a random turn and variants, deduplicated. */
function candidates<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  state: S,
  side: string,
  preset: Pick<SearchStrength, 'variants' | 'swaps'>,
  rng: ActionRng,
  others: readonly BotStyle[],
): Candidate<S, A, E>[] {
  const { variants, swaps } = preset;
  const names = pieceNames(game, state);
  const out: Candidate<S, A, E>[] = [];
  const seen = new Set<string>();
  const add = (
    label: string,
    turn: SideTurn<S, A, E> | undefined,
    style: BotStyle,
    own = false,
    stand?: string,
  ): boolean => {
    if (!turn || turn.actions.length === 0) return false;
    // A standing plan differs from the same turn played on in style by its rollouts.
    const key = `${JSON.stringify(turn.actions)}${stand !== undefined ? ` stand ${stand}` : ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    out.push({
      label,
      turn,
      style,
      own,
      ...(stand !== undefined ? { stand } : {}),
      planned: state,
      against: others.map(() => ({ total: 0, games: 0 })),
      values: [],
      games: 0,
    });
    return true;
  };
  const styled = STYLES.map((style) => {
    const t = game.bot(state, side, style);
    const turn = t.actions.length > 0 ? t : variantTurn(game, state, side, [], 0, rng, 'end');
    add(`${style} bot's turn`, turn, style, true);
    return { style, turn };
  });
  // The standing plans: each style's turn with the side standing in the phase, now and on. A
  // plan, like the styles' own turns: kept to the last round and played where it scores best.
  for (const stand of game.standPhases ?? [])
    for (const { style } of styled)
      add(
        `${style} bot's turn, standing in every ${stand} phase from now on`,
        standTurn(game, state, side, style, stand),
        style,
        true,
        stand,
      );
  if (canChoose(game))
    add('random legal actions', variantTurn(game, state, side, [], 0, rng, 'random'), 'balanced');
  // Where the side has a few ways to begin (the cards in a WWI hand), the balanced bot's turn
  // after each: the opening often weighs most, and the styles tend to agree on it. A ruleset that
  // draws actions has too many to weigh one by one: its list is not asked for (a TANK! side's
  // every plot took a tenth of a contour-hills side turn, to learn there were more than a few).
  const openings =
    variants >= 2 && game.legalActions && !game.sampleAction ? game.legalActions(state, side) : [];
  if (openings.length >= 2 && openings.length <= MAX_OPENINGS)
    for (const first of openings)
      add(
        `balanced bot's turn opening: ${actionWords(game, first, names)}`,
        variantTurn(game, state, side, [first], 0, rng, 'balanced'),
        'balanced',
      );
  for (let v = 0; v < variants && canChoose(game); v++) {
    const { style, turn } = styled[v % STYLES.length]!;
    const n = turn?.actions.length ?? 0;
    if (!turn || n < 2) continue;
    // In turn: the last actions drawn anew, the phase ended early, the first action drawn anew.
    const last = 1 + rng.index(Math.min(3, n - 1));
    const prefix = turn.actions.slice(0, n - last);
    const kind = v % 3;
    if (kind === 2) {
      const first = chooseAction(game, state, side, rng);
      if (first)
        add(
          `${style} bot's turn opening: ${actionWords(game, first, names)}`,
          variantTurn(game, state, side, [first], 0, rng, style),
          style,
        );
    } else if (kind === 0)
      add(
        `${style} bot's turn, last ${actionsWord(last)} resampled`,
        variantTurn(game, state, side, prefix, last, rng, style),
        style,
      );
    else
      add(
        `${style} bot's turn, phase ended after ${prefix.length} of its ${n} actions`,
        variantTurn(game, state, side, prefix, 0, rng, 'end'),
        style,
      );
  }
  if (swaps > 0) swapCandidates(game, state, side, styled, swaps, rng, add, names);
  aimedCandidates(game, state, side, styled, add, names);
  return out;
}

/** Candidates with one unit's aimed action, on the first style's turn (see `aimedCandidates`). */
const MAX_AIMED = 6;

/**
 * The styles' turns with the ruleset's aimed actions (`GameDef.aimedActions`: moves at the
 * objectives) in place of their units' own: every unit's at once in each style's turn, and one
 * unit's at a time in the first style's turn. The objectives decide many games, and a move onto
 * one is a single place among hundreds that neither the styles' plans nor random draws find.
 */
function aimedCandidates<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  state: S,
  side: string,
  styled: readonly { readonly style: BotStyle; readonly turn: SideTurn<S, A, E> | undefined }[],
  add: (label: string, turn: SideTurn<S, A, E> | undefined, style: BotStyle) => boolean,
  names: ReadonlyMap<string, string>,
): void {
  const aimed = game.aimedActions?.(state, side) ?? [];
  const byUnit = new Map<string, A>();
  for (const a of aimed) {
    const u = actorOf(a);
    if (u !== undefined && !byUnit.has(u)) byUnit.set(u, a);
  }
  if (byUnit.size === 0) return;
  for (const { style, turn } of styled)
    if (turn)
      add(
        `${style} bot's turn, every unit it can toward the objectives`,
        replacedTurn(game, state, side, turn.actions, byUnit, style),
        style,
      );
  const first = styled.find((s) => s.turn);
  if (!first || byUnit.size < 2) return;
  let n = 0;
  for (const [unit, a] of byUnit) {
    if (n++ >= MAX_AIMED) break;
    add(
      `${first.style} bot's turn, ${unitWords(unit, names)} toward the objectives`,
      replacedTurn(game, state, side, first.turn!.actions, new Map([[unit, a]]), first.style),
      first.style,
    );
  }
}

/**
 * `base` with the actions of the units in `by` replaced by theirs (each where the rules accept
 * it, else the unit's own), the rest as planned.
 */
const replacedTurn = <S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  start: S,
  side: string,
  base: readonly A[],
  by: ReadonlyMap<string, A>,
  style: BotStyle,
): SideTurn<S, A, E> | undefined =>
  editedTurn(game, start, side, base, style, (_i, a) => {
    const u = actorOf(a);
    const alt = u !== undefined ? by.get(u) : undefined;
    return alt ? { alt } : undefined;
  });

/**
 * Up to `swaps` candidates that differ from a style's turn in one unit's action: first the units
 * another style plays otherwise (its action for that unit put in the style's turn), then actions
 * drawn anew for a unit, the styles and units taken in turn. The others do as the style planned,
 * so each candidate weighs one unit's choice (whole turns rarely differ where it matters).
 */
function swapCandidates<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  state: S,
  side: string,
  styled: readonly { readonly style: BotStyle; readonly turn: SideTurn<S, A, E> | undefined }[],
  swaps: number,
  rng: ActionRng,
  add: (label: string, turn: SideTurn<S, A, E> | undefined, style: BotStyle) => boolean,
  names: ReadonlyMap<string, string>,
): void {
  let made = 0;
  const put = (label: string, turn: SideTurn<S, A, E> | undefined, style: BotStyle) => {
    // Only a turn not weighed yet counts (draws often repeat where a side has few choices).
    if (add(label, turn, style)) made++;
  };
  // The state before each action of each style's turn, and which of its actions name a unit.
  const bases = styled.flatMap(({ style, turn }) => {
    if (!turn || turn.actions.length === 0) return [];
    const before: S[] = [state];
    let st = state;
    for (const a of turn.actions) {
      const r = game.reduce(st, a);
      if (!r.ok) break;
      st = r.state;
      before.push(st);
    }
    // Only the actions of the phase the side is asked in now: a swapped turn ends with it.
    const from = game.status(state);
    const inPhase = turn.actions.flatMap((_, i) => {
      const at = before[i];
      if (at === undefined) return [];
      const now = game.status(at);
      return now.turn === from.turn && now.phase === from.phase ? [i] : [];
    });
    const units = inPhase.filter((i) => actorOf(turn.actions[i]!) !== undefined);
    return [{ style, actions: turn.actions, before, units, inPhase }];
  });
  for (const base of bases)
    for (const donor of bases) {
      if (donor === base) continue;
      for (const i of base.units) {
        if (made >= swaps) return;
        const unit = actorOf(base.actions[i]!)!;
        const alt = donor.actions.find((a) => actorOf(a) === unit);
        if (!alt || sameAction(alt, base.actions[i]!)) continue;
        put(
          `${base.style} bot's turn, ${unitWords(unit, names)} as the ${donor.style} bot plays it`,
          swappedTurn(game, state, side, base.actions, i, alt, base.style),
          base.style,
        );
      }
    }
  if (!canChoose(game)) return;
  for (let k = 0; made < swaps && k < swaps * 3 && bases.length > 0; k++) {
    const base = bases[k % bases.length]!;
    // A unit's action where the turn has some, else any of its actions (a turn that only ends
    // the phase: something done before it).
    const pool = base.units.length > 0 ? base.units : base.inPhase;
    if (pool.length === 0) continue;
    const i = pool[rng.index(pool.length)]!;
    const at = base.before[i];
    if (at === undefined) continue;
    const alt = otherActionFor(game, at, side, base.actions[i]!, rng);
    if (!alt) continue;
    const unit = actorOf(base.actions[i]!);
    put(
      `${base.style} bot's turn, ${unit !== undefined ? `${unitWords(unit, names)} instead` : `its action ${i + 1} instead`}: ${actionWords(game, alt, names)}`,
      swappedTurn(game, state, side, base.actions, i, alt, base.style),
      base.style,
    );
  }
}

/** A unit in words: its name, else its id's last part ("alpha.pz1" is "pz1"). */
const unitWords = (id: string, names: ReadonlyMap<string, string>) =>
  names.get(id) ?? id.split('.').pop() ?? id;

/** What the players call each piece (`BoardPiece.name`), by id: the labels name units so. */
function pieceNames<S>(game: Pick<GameDef<S>, 'pieces'>, state: S): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const p of game.pieces?.(state) ?? []) if (p.name) out.set(p.id, p.name);
  return out;
}

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
  let s = game.dice.set(state, seedRng(mixSeed(seed, index, 1)));
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
    work: base.work * TUNING.workScale,
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

/** A 32-bit hash of a string (FNV-1a), for seeds. */
function textHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}
