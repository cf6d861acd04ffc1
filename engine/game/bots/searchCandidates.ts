import type { ActionRng, BotStyle, GameAction, GameDef, SideTurn } from '../gameDef';
import { canChoose, chooseAction } from '../legal';
import { SideTurnBuilder } from '../sideTurn';
import { SEARCH_STYLES as STYLES } from './styleReader';

/**
 * The side turns the search bot weighs (search.ts says how it weighs them): each style's own turn,
 * a turn of random legal actions, the balanced bot's turn after each way to begin where there are
 * a few, variants of the styles' turns (the last actions drawn anew, the phase ended early, the
 * first action drawn anew), turns that differ from a style's in one unit's action, the styles'
 * turns with units sent at the objectives (`GameDef.aimedActions`) and standing plans
 * (`GameDef.standPhases`), each labelled in words for the bot's explanation.
 */

/** A side turn the search weighs. */
export interface Candidate<S, A, E> {
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
export const MAX_STEPS = 200;

/** Whether `side` is asked to act in `state`. */
export function asked<S>(game: GameDef<S>, state: S, side: string): boolean {
  const s = game.status(state);
  return !s.over && s.waitingFor.includes(side);
}

/**
 * Whether `side` is still asked in the phase it was asked in at `from` (the same turn and phase):
 * once its part of that phase is over (the turn may resolve and ask it again for the next), a
 * turn built here is done.
 */
function stillInPhase<S>(game: GameDef<S>, from: S, side: string): (state: S) => boolean {
  const at = game.status(from);
  return (st) => {
    const now = game.status(st);
    return asked(game, st, side) && now.turn === at.turn && now.phase === at.phase;
  };
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
  // The phase the variant plays on in: the one the side is in after the prefix.
  const going = stillInPhase(game, turn.state, side);
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
  const going = stillInPhase(game, start, side);
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
export function candidates<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  state: S,
  side: string,
  preset: { readonly variants: number; readonly swaps: number },
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
  // The ruleset's own near choices (GameDef.searchTurns).
  for (const t of game.searchTurns?.(state, side) ?? [])
    add(`${t.style} bot's turn, ${t.label}`, t.turn, t.style);
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
