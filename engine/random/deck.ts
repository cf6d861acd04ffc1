import { dict, withEntry } from '../game/dict';
import { accepted, invalid, type Reduction } from '../game/reducer';
import type { Dice } from './dice';

/**
 * Seeded shuffled decks: a draw pile, a discard pile and hands, kept in the game state as plain
 * JSON (card ids as strings; a card id may appear several times, one per copy). Every operation
 * is a pure step that returns the new deck and the events to log, or a refusal; shuffles draw on
 * the game's seeded generator (Fisher-Yates), so a replay from the same seed deals the same cards.
 */
export interface DeckState {
  /** The draw pile, top card first. */
  readonly draw: readonly string[];
  /** The discard pile, oldest first (the last card is the one on top). */
  readonly discard: readonly string[];
  /** Cards in hand, by holder (a side id, or any name the ruleset uses). */
  readonly hands: Readonly<Record<string, readonly string[]>>;
}

/** What a deck operation did, for the game log. Each names the cards it moved. */
export type DeckEvent =
  /** A new deck was shuffled: `count` cards in the draw pile. */
  | { readonly type: 'shuffle'; readonly count: number }
  /** `hand` drew `cards` from the top; `short` cards could not be drawn (both piles empty). */
  | {
      readonly type: 'draw';
      readonly hand: string;
      readonly cards: readonly string[];
      readonly short?: number;
    }
  /** `hand` put `cards` on the discard pile, in that order. */
  | { readonly type: 'discard'; readonly hand: string; readonly cards: readonly string[] }
  /** The discard pile (and what was left of the draw pile) was shuffled into a new draw pile. */
  | { readonly type: 'reshuffle'; readonly count: number };

export type DeckStep = Reduction<DeckState, DeckEvent>;

/** A shuffled copy of `cards` (Fisher-Yates on the seeded generator). */
export function shuffled<T>(cards: readonly T[], dice: Dice): T[] {
  const out = [...cards];
  for (let i = out.length - 1; i > 0; i--) {
    const j = dice.index(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A new deck: `cards` shuffled into the draw pile, empty hands for `holders`. */
export function newDeck(
  cards: readonly string[],
  holders: readonly string[],
  dice: Dice,
): { deck: DeckState; events: DeckEvent[] } {
  return {
    deck: {
      draw: shuffled(cards, dice),
      discard: [],
      hands: dict(holders.map((h): [string, readonly string[]] => [h, []])),
    },
    events: [{ type: 'shuffle', count: cards.length }],
  };
}

/**
 * `hand` draws `n` cards from the top. When the draw pile runs out, the discard pile is shuffled
 * into a new draw pile and the drawing goes on (logged as draw, reshuffle, draw); when both are
 * empty the hand gets what there was, and the draw event says how many were short.
 */
export function drawCards(deck: DeckState, hand: string, n: number, dice: Dice): DeckStep {
  const had = deck.hands[hand];
  if (!had) return invalid(`no hand "${hand}" at this deck`);
  if (!Number.isInteger(n) || n < 0) return invalid(`cannot draw ${n} cards`);
  if (n === 0) return accepted(deck, []);
  let draw = [...deck.draw];
  let discard = [...deck.discard];
  const held = [...had];
  const events: DeckEvent[] = [];
  let batch: string[] = [];
  let left = n;
  while (left > 0) {
    if (draw.length === 0) {
      if (discard.length === 0) break;
      if (batch.length) events.push({ type: 'draw', hand, cards: batch });
      batch = [];
      draw = shuffled(discard, dice);
      discard = [];
      events.push({ type: 'reshuffle', count: draw.length });
    }
    const card = draw.shift()!;
    batch.push(card);
    held.push(card);
    left--;
  }
  if (batch.length || left > 0)
    events.push({ type: 'draw', hand, cards: batch, ...(left > 0 ? { short: left } : {}) });
  return accepted({ draw, discard, hands: withEntry(deck.hands, hand, held) }, events);
}

/**
 * `hand` discards `cards` (one copy each, in the order given) onto the discard pile; refused if
 * the hand does not hold them all.
 */
export function discardCards(deck: DeckState, hand: string, cards: readonly string[]): DeckStep {
  const held = deck.hands[hand];
  if (!held) return invalid(`no hand "${hand}" at this deck`);
  const rest = [...held];
  for (const c of cards) {
    const i = rest.indexOf(c);
    if (i < 0) return invalid(`${hand} does not hold card "${c}" to discard`);
    rest.splice(i, 1);
  }
  return accepted(
    {
      draw: deck.draw,
      discard: [...deck.discard, ...cards],
      hands: withEntry(deck.hands, hand, rest),
    },
    [{ type: 'discard', hand, cards: [...cards] }],
  );
}

/** Shuffles the discard pile and the draw pile together into a new draw pile. */
export function reshuffle(deck: DeckState, dice: Dice): DeckStep {
  const draw = shuffled([...deck.draw, ...deck.discard], dice);
  return accepted({ draw, discard: [], hands: deck.hands }, [
    { type: 'reshuffle', count: draw.length },
  ]);
}

/** Every card of the deck, wherever it is, sorted: the same before and after any operation. */
export function deckCards(deck: DeckState): string[] {
  return [...deck.draw, ...deck.discard, ...Object.values(deck.hands).flat()].sort();
}
