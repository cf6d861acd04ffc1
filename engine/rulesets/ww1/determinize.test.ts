import { describe, expect, it } from 'vitest';
import type { ScenarioDoc } from '../../format';
import { searchTurn } from '../../game/bots/search';
import { actionRng } from '../../game/legal';
import type { DeckState } from '../../random/deck';
import wire from '../../../scenarios/ww1-wire.scenario.json';
import { WW1_BUNDLED } from './catalogs';
import { makeWw1Game } from './game';

const made = () => {
  const m = makeWw1Game(wire as unknown as ScenarioDoc, WW1_BUNDLED);
  if (typeof m === 'string') throw new Error(m);
  return m.game;
};

const sorted = (cards: readonly string[]) => [...cards].sort();
/** The cards `viewer` cannot see: the draw pile and the other hands. */
const unseen = (deck: DeckState, viewer: string) =>
  sorted([
    ...deck.draw,
    ...Object.entries(deck.hands).flatMap(([h, cards]) => (h === viewer ? [] : cards)),
  ]);

describe('WWI determinize: the state as a side may believe it', () => {
  const game = made();
  const start = game.newGame({ seed: 5 });
  const viewer = game.status(start).waitingFor[0]!;
  const other = game.sides.find((s) => s.id !== viewer)!.id;

  it('deals the other hand and the draw pile anew from the cards the viewer cannot see', () => {
    const drawn = [1, 2, 3, 4, 5].map((k) => game.determinize!(start, viewer, actionRng(k)));
    for (const d of drawn)
      for (const deck of ['deck', 'combat'] as const) {
        // What the viewer sees stays: its own hand, the discards, the hand sizes, the board.
        expect(d[deck].hands[viewer]).toEqual(start[deck].hands[viewer]);
        expect(d[deck].discard).toEqual(start[deck].discard);
        expect(d[deck].hands[other]!.length).toBe(start[deck].hands[other]!.length);
        expect(d[deck].draw.length).toBe(start[deck].draw.length);
        // The same cards, dealt otherwise.
        expect(unseen(d[deck], viewer)).toEqual(unseen(start[deck], viewer));
        expect(d.units).toEqual(start.units);
        expect(d.rng).toEqual(start.rng);
      }
    const hands = new Set(drawn.map((d) => JSON.stringify(d.deck.hands[other])));
    expect(hands.size).toBeGreaterThan(1);
    expect(drawn.some((d) => d.deck.draw.join() !== start.deck.draw.join())).toBe(true);
  });

  it('the search chooses the same turn whatever the other hand and the deck order are', () => {
    // The other side's hand swapped with the top of the draw pile: only hidden cards differ.
    const swap = (deck: DeckState): DeckState => {
      const hand = deck.hands[other]!;
      return {
        ...deck,
        hands: { ...deck.hands, [other]: deck.draw.slice(0, hand.length) },
        draw: [...hand, ...deck.draw.slice(hand.length)].reverse(),
      };
    };
    const hidden = { ...start, deck: swap(start.deck), combat: swap(start.combat) };
    expect(game.hash(hidden)).not.toBe(game.hash(start));
    const one = searchTurn(game, start, viewer, { seed: 8, strength: 1 });
    const two = searchTurn(game, hidden, viewer, { seed: 8, strength: 1 });
    expect(one.actions.length).toBeGreaterThan(0);
    expect(two.actions).toEqual(one.actions);
    expect(two.explanation?.candidates).toEqual(one.explanation?.candidates);
  });
});
