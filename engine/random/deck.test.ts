import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dice, seedRng } from './dice';
import {
  deckCards,
  discardCards,
  drawCards,
  newDeck,
  reshuffle,
  shuffled,
  type DeckEvent,
  type DeckState,
} from './deck';

const cardsArb = fc.array(fc.constantFrom('attack', 'advance', 'barrage', 'recon', 'rally'), {
  maxLength: 30,
});

/** One operation on a deck, as a test script step. */
type Op =
  | { op: 'draw'; hand: string; n: number }
  | { op: 'discard'; hand: string; k: number }
  | { op: 'reshuffle' };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('draw' as const),
    hand: fc.constantFrom('allies', 'central'),
    n: fc.integer({ min: 0, max: 6 }),
  }),
  fc.record({
    op: fc.constant('discard' as const),
    hand: fc.constantFrom('allies', 'central'),
    k: fc.integer({ min: 0, max: 4 }),
  }),
  fc.constant({ op: 'reshuffle' as const }),
);

/** Plays a script with one Dice per step, as a reducer would; returns the deck and all events. */
function play(seed: number, cards: readonly string[], ops: readonly Op[]) {
  let rng = seedRng(seed);
  const d0 = new Dice(rng);
  const start = newDeck(cards, ['allies', 'central'], d0);
  rng = d0.state();
  let deck: DeckState = start.deck;
  const events: DeckEvent[] = [...start.events];
  const counts: string[][] = [deckCards(deck)];
  for (const o of ops) {
    const dice = new Dice(rng);
    const step =
      o.op === 'draw'
        ? drawCards(deck, o.hand, o.n, dice)
        : o.op === 'discard'
          ? discardCards(deck, o.hand, deck.hands[o.hand]!.slice(0, o.k))
          : reshuffle(deck, dice);
    if (!step.ok) throw new Error(step.reason);
    deck = step.state;
    events.push(...step.events);
    rng = dice.state();
    counts.push(deckCards(deck));
  }
  return { deck, events, counts };
}

describe('shuffled decks', () => {
  it('a shuffle is a permutation, and the same seed shuffles the same way (property)', () => {
    fc.assert(
      fc.property(fc.integer(), cardsArb, (seed, cards) => {
        const a = shuffled(cards, new Dice(seedRng(seed)));
        expect([...a].sort()).toEqual([...cards].sort());
        expect(shuffled(cards, new Dice(seedRng(seed)))).toEqual(a);
      }),
      { seed: 71, numRuns: 300 },
    );
  });

  it('Fisher-Yates deals every order of three cards a sixth of the time', () => {
    const dice = new Dice(seedRng(5));
    const seen = new Map<string, number>();
    for (let i = 0; i < 24000; i++) {
      const k = shuffled(['a', 'b', 'c'], dice).join('');
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    expect(seen.size).toBe(6);
    // Within 0.01 (four standard errors): the classic slip of swapping with any card, not just
    // the ones left, deals some orders 4/27 and others 5/27 of the time and fails this.
    for (const n of seen.values()) expect(Math.abs(n / 24000 - 1 / 6)).toBeLessThan(0.01);
  });

  it('draw, discard and reshuffle never make or lose a card (property)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        cardsArb,
        fc.array(opArb, { maxLength: 25 }),
        (seed, cards, ops) => {
          const { counts } = play(seed, cards, ops);
          const all = [...cards].sort();
          for (const c of counts) expect(c).toEqual(all);
        },
      ),
      { seed: 72, numRuns: 200 },
    );
  });

  it('the same seed and the same steps give the same deck and the same log: replays are exact (property)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        cardsArb,
        fc.array(opArb, { maxLength: 25 }),
        (seed, cards, ops) => {
          const a = play(seed, cards, ops);
          const b = play(seed, cards, ops);
          expect(b.deck).toEqual(a.deck);
          expect(b.events).toEqual(a.events);
          // The deck is plain JSON: it survives a save and load unchanged.
          expect(JSON.parse(JSON.stringify(a.deck))).toEqual(a.deck);
        },
      ),
      { seed: 73, numRuns: 100 },
    );
  });

  it('drawing past the end reshuffles the discards and goes on; with both piles empty it comes up short', () => {
    const deck: DeckState = {
      draw: ['a', 'b'],
      discard: ['c', 'd', 'e'],
      hands: { allies: [], central: [] },
    };
    const step = drawCards(deck, 'allies', 4, new Dice(seedRng(3)));
    if (!step.ok) throw new Error(step.reason);
    expect(step.events.map((e) => e.type)).toEqual(['draw', 'reshuffle', 'draw']);
    expect(step.events[0]).toEqual({ type: 'draw', hand: 'allies', cards: ['a', 'b'] });
    expect(step.events[1]).toEqual({ type: 'reshuffle', count: 3 });
    expect(step.state.hands['allies']).toHaveLength(4);
    expect(step.state.draw).toHaveLength(1);
    expect(step.state.discard).toEqual([]);
    const dry = drawCards(step.state, 'central', 3, new Dice(seedRng(3)));
    if (!dry.ok) throw new Error(dry.reason);
    expect(dry.events).toEqual([
      { type: 'draw', hand: 'central', cards: step.state.draw, short: 2 },
    ]);
  });

  it('discarding a card the hand does not hold, or drawing for an unknown hand, is refused', () => {
    const deck: DeckState = { draw: ['a'], discard: [], hands: { allies: ['b', 'b'] } };
    expect(discardCards(deck, 'allies', ['b', 'b', 'b'])).toEqual({
      ok: false,
      reason: 'allies does not hold card "b" to discard',
    });
    const ok = discardCards(deck, 'allies', ['b']);
    expect(ok.ok && ok.state).toEqual({ draw: ['a'], discard: ['b'], hands: { allies: ['b'] } });
    expect(drawCards(deck, 'central', 1, new Dice(seedRng(1)))).toEqual({
      ok: false,
      reason: 'no hand "central" at this deck',
    });
  });

  it('shuffling does not take the forced rolls a test put in for its dice', () => {
    const dice = new Dice({ ...seedRng(9), forced: [4] });
    newDeck(['a', 'b', 'c', 'd'], ['allies'], dice);
    expect(dice.rolls).toEqual([]);
    expect(dice.roll()).toBe(4);
  });
});
