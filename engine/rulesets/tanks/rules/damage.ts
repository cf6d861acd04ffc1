import type { Dice } from '../../../random/dice';
import { discardCards, drawCards, type DeckState } from '../../../random/deck';
import { cardPost } from '../../../forces/cards';
import { describeEffects, effectFor, effectNumber, STAT_EFFECTS } from './cards';
import type { TanksContext } from './context';
import { enemyOf, info } from './context';
import { statOf } from './models';
import type { ModelState, TanksEvent, TanksState } from './state';

/**
 * Damage (TK-6.8): each Hit left after cancelling is one Damage; each Critical draws a Critical
 * card, whose Damage is marked first and its effect applied after. Repairable cards stay on the
 * model (they are its hand in the deck) until repaired; others go to the discard pile, and any
 * stat change they make stays with the model. A helicopter that reaches its Damage Capacity
 * crashes at once; a tank fights on in Final Fury and is destroyed in the Command phase (TK-6.2).
 */

export interface Damaged {
  readonly state: TanksState;
  readonly events: TanksEvent[];
}

const setModel = (state: TanksState, m: ModelState): TanksState => ({
  ...state,
  models: { ...state.models, [m.id]: m },
});

/** The Damage a Critical card deals a model of a kind (for the odds and for play). */
export function cardDamage(ctx: TanksContext, card: string, kind: 'tank' | 'helicopter'): number {
  const c = ctx.rules.cat.cards.get(card);
  if (!c) return 0;
  const e = effectFor(c, kind);
  // A card that lowers Damage Capacity brings destruction as near as Damage does.
  return effectNumber(e, 'damage') - Math.min(0, effectNumber(e, 'damageCapacity'));
}

/** Applies uncancelled Hits and Criticals to a target. */
export function applyDamage(
  ctx: TanksContext,
  start: TanksState,
  targetId: string,
  hits: number,
  criticals: number,
  dice: Dice,
): Damaged {
  const events: TanksEvent[] = [];
  let state = start;
  const kind = info(ctx, targetId).card.kind;
  const before = statOf(ctx, state, targetId, 'damageCapacity');
  let m = state.models[targetId]!;
  m = { ...m, damage: m.damage + hits };
  state = setModel(state, m);
  if (criticals > 0) {
    const drawn = drawCards(state.deck, targetId, criticals, dice);
    if (!drawn.ok) throw new Error(`Critical deck: ${drawn.reason}`);
    const deck: DeckState = drawn.state;
    for (const e of drawn.events) events.push({ type: 'Deck', event: e });
    const newCards = deck.hands[targetId]!.slice(state.deck.hands[targetId]!.length);
    state = { ...state, deck };
    for (const cardId of newCards) {
      const card = ctx.rules.cat.cards.get(cardId);
      const effect = card ? effectFor(card, kind) : {};
      const damage = effectNumber(effect, 'damage');
      const repairable = effect['repairable'] === true;
      m = state.models[targetId]!;
      m = { ...m, damage: m.damage + damage };
      const effects = describeEffects(effect);
      if (!repairable) {
        // A card that leaves the model leaves its stat changes behind it.
        const scars = { ...m.scars };
        for (const s of STAT_EFFECTS) {
          const v = effectNumber(effect, s);
          if (v) scars[s] = (scars[s] ?? 0) + v;
        }
        m = { ...m, scars };
      }
      const discardType = effect['discardCardType'];
      let lost: string[] = [];
      if (typeof discardType === 'string') {
        lost = m.cards
          .filter((c) => {
            const def = ctx.rules.cat.cards.get(c.card);
            return !!def && (def.cardType === discardType || cardPost(def) === discardType);
          })
          .map((c) => c.card);
        m = { ...m, cards: m.cards.filter((c) => !lost.includes(c.card)) };
      }
      state = setModel(state, m);
      events.push({
        type: 'CriticalCardDrawn',
        unit: targetId,
        card: cardId,
        damage,
        repairable,
        effects,
        ruleId: 'TK-6.8',
      });
      if (lost.length)
        events.push({
          type: 'CardsDiscarded',
          unit: targetId,
          cards: lost,
          reason: `${card?.name ?? cardId}: discard every ${String(discardType)} card`,
        });
      if (!repairable) {
        const d = discardCards(state.deck, targetId, [cardId]);
        if (!d.ok) throw new Error(`Critical deck: ${d.reason}`);
        state = { ...state, deck: d.state };
        for (const e of d.events) events.push({ type: 'Deck', event: e });
      }
    }
  }
  m = state.models[targetId]!;
  const capacity = statOf(ctx, state, targetId, 'damageCapacity');
  events.push({
    type: 'DamageTaken',
    unit: targetId,
    hits,
    criticals,
    damage: m.damage,
    capacity,
    ruleId: 'TK-6.8',
  });
  const wasAt = start.models[targetId]!.damage >= before;
  if (m.damage >= capacity) {
    if (kind === 'helicopter') {
      state = removeModel(ctx, state, targetId, 'removed', events);
      events.push({ type: 'HelicopterCrashed', unit: targetId, ruleId: 'TK-6.2' });
      state = creditKill(ctx, state, targetId);
    } else if (!wasAt) {
      events.push({ type: 'FinalFury', unit: targetId, ruleId: 'TK-6.2' });
    }
  }
  return { state, events };
}

/** Takes a model out of play, its Critical cards to the discard pile. */
export function removeModel(
  ctx: TanksContext,
  state: TanksState,
  id: string,
  status: 'destroyed' | 'removed',
  events: TanksEvent[],
): TanksState {
  const held = state.deck.hands[id] ?? [];
  let deck = state.deck;
  if (held.length) {
    const d = discardCards(deck, id, [...held]);
    if (!d.ok) throw new Error(`Critical deck: ${d.reason}`);
    deck = d.state;
    for (const e of d.events) events.push({ type: 'Deck', event: e });
  }
  return { ...state, deck, models: { ...state.models, [id]: { ...state.models[id]!, status } } };
}

/** Adds a destroyed model's points (with the cards it started with) to its enemy's tally. */
export function creditKill(ctx: TanksContext, state: TanksState, id: string): TanksState {
  const side = enemyOf(ctx, info(ctx, id).side);
  return {
    ...state,
    destroyedPoints: {
      ...state.destroyedPoints,
      [side]: (state.destroyedPoints[side] ?? 0) + info(ctx, id).points,
    },
  };
}
