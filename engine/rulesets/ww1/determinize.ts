import { dict } from '../../game/dict';
import type { ActionRng } from '../../game/gameDef';
import type { DeckState } from '../../random/deck';
import type { Ww1State } from './rules/state';

/**
 * The WWI state as a side may believe it (`GameDef.determinize`, for the search bot): a side
 * sees its own hands, the cards played and the discard piles, but not the other side's hands nor
 * the order of the draw piles (a draw is seen by its hand alone: `ww1EventVisible`). So the
 * cards it cannot see (the draw pile and the other hands, of the command deck and of the combat
 * deck) are shuffled together with `rng` and dealt again: each other hand as many cards as it
 * held, the rest the draw pile. The dice are left alone (the search reseeds them).
 */
export function ww1Determinize(state: Ww1State, viewer: string, rng: ActionRng): Ww1State {
  return {
    ...state,
    deck: redeal(state.deck, viewer, rng),
    combat: redeal(state.combat, viewer, rng),
  };
}

/** The deck with the cards `viewer` cannot see shuffled and dealt again. */
function redeal(deck: DeckState, viewer: string, rng: ActionRng): DeckState {
  const holders = Object.keys(deck.hands).filter((h) => h !== viewer);
  // Sorted before the shuffle, so the deal depends on which cards are unseen and on `rng`, never
  // on the order they were in (which is the hidden part).
  const unseen = [...deck.draw, ...holders.flatMap((h) => deck.hands[h]!)].sort();
  for (let i = unseen.length - 1; i > 0; i--) {
    const j = rng.index(i + 1);
    [unseen[i], unseen[j]] = [unseen[j]!, unseen[i]!];
  }
  const hands = dict<readonly string[]>(deck.hands);
  let at = 0;
  for (const h of holders) {
    const n = deck.hands[h]!.length;
    hands[h] = unseen.slice(at, at + n);
    at += n;
  }
  return { draw: unseen.slice(at), discard: deck.discard, hands };
}
