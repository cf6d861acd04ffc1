import { boxOf, type Box } from '../../../geometry/polygon';
import { tablePoint, type TablePoint } from '../../../geometry/units';
import { effectFor, effectNumber, STAT_EFFECTS, type StatEffect } from './cards';
import type { TanksContext } from './context';
import { info } from './context';
import { discOutline, hullCorners, hullFront, unitVector, type Footprint } from './geometry';
import type { Mover } from './terrain';
import type { ModelState, TanksState } from './state';

/**
 * A model as the rules see it now: its stats with the cards in play (face-up crew and upgrade
 * cards, its Platoon card, Critical cards on it and the lasting effects of discarded ones), its
 * footprint, where it sees from, and whether it is on the table.
 */

export const modelOf = (state: TanksState, id: string): ModelState | undefined => state.models[id];

/** On the table and in play: deployed, not destroyed, not removed. */
export const inPlay = (
  m: ModelState | undefined,
): m is ModelState & { at: readonly [number, number] } =>
  !!m && m.at !== null && m.status === 'active';

/** The model's Speed, its Fast keyword and cards included (TK-4.2). */
export function speedOf(ctx: TanksContext, state: TanksState, id: string): number {
  const i = info(ctx, id);
  const base =
    i.card.kind === 'helicopter'
      ? ctx.rules.speed.helicopter
      : hasKeyword(ctx, state, id, 'Fast')
        ? ctx.rules.speed.fastTank
        : ctx.rules.speed.tank;
  return Math.max(0, base + statChange(ctx, state, id, 'speed'));
}

/** The cards whose effects apply to a model now: its face-up cards and its Platoon card. */
export function cardsInPlay(ctx: TanksContext, state: TanksState, id: string): string[] {
  const m = state.models[id];
  const i = info(ctx, id);
  const out: string[] = [];
  if (i.platoonCard) out.push(i.platoonCard);
  for (const c of m?.cards ?? []) if (!c.hidden) out.push(c.card);
  return out;
}

/** The sum of one stat's changes from the cards in play, Criticals on the model and scars. */
export function statChange(
  ctx: TanksContext,
  state: TanksState,
  id: string,
  stat: StatEffect,
  options: { readonly cardsOnly?: boolean; readonly criticalsOnly?: boolean } = {},
): number {
  const kind = info(ctx, id).card.kind;
  let sum = 0;
  if (!options.criticalsOnly) {
    for (const c of cardsInPlay(ctx, state, id)) {
      const card = ctx.rules.cat.cards.get(c);
      if (card) sum += effectNumber(effectFor(card, kind), stat);
    }
  }
  if (!options.cardsOnly) {
    for (const c of state.deck.hands[id] ?? []) {
      const card = ctx.rules.cat.cards.get(c);
      if (card) sum += effectNumber(effectFor(card, kind), stat);
    }
    sum += state.models[id]?.scars[stat] ?? 0;
  }
  return sum;
}

/** A stat with every change in play. */
export function statOf(ctx: TanksContext, state: TanksState, id: string, stat: StatEffect): number {
  const card = info(ctx, id).card;
  const base: Record<StatEffect, number> = {
    initiative: card.initiative,
    attack: card.attack,
    defence: card.defence,
    damageCapacity: card.damageCapacity,
    speed: 0,
  };
  return base[stat] + statChange(ctx, state, id, stat);
}

/** Every stat change a model has now, as words with their source, for panels and logs. */
export function statNotes(ctx: TanksContext, state: TanksState, id: string): string[] {
  const out: string[] = [];
  for (const s of STAT_EFFECTS) {
    const v = statChange(ctx, state, id, s);
    if (v) out.push(`${s} ${v > 0 ? '+' : ''}${v}`);
  }
  return out;
}

/** A number an effect key adds up to over the cards in play (rerolls, once-a-game dice, ...). */
export function effectTotal(ctx: TanksContext, state: TanksState, id: string, key: string): number {
  const kind = info(ctx, id).card.kind;
  let sum = 0;
  for (const c of cardsInPlay(ctx, state, id)) {
    const card = ctx.rules.cat.cards.get(c);
    if (card) sum += effectNumber(effectFor(card, kind), key);
  }
  return sum;
}

/** Whether a card in play gives a true flag (criticalToTwoHits). */
export function effectFlag(
  ctx: TanksContext,
  state: TanksState,
  id: string,
  key: string,
): string | undefined {
  const kind = info(ctx, id).card.kind;
  for (const c of cardsInPlay(ctx, state, id)) {
    const card = ctx.rules.cat.cards.get(c);
    if (card && effectFor(card, kind)[key] === true) return card.name;
  }
  return undefined;
}

/** A keyword's value (the X of "Missiles (X)", or true), from the card or a card in play. */
export function keyword(
  ctx: TanksContext,
  state: TanksState,
  id: string,
  name: string,
): number | true | undefined {
  const own = info(ctx, id).card.keywords.get(name);
  if (own !== undefined) return own;
  const cards = state.models[id]?.cards;
  if (!cards) return cardKeyword(ctx, state, id, name);
  // The answer depends on the model's cards (which are face up) and its platoon's card: kept by
  // the model's list of cards, which a state shares with the next until a card changes.
  let byCards = KEYWORDS.get(ctx);
  if (!byCards) KEYWORDS.set(ctx, (byCards = new WeakMap()));
  let known = byCards.get(cards);
  if (!known) byCards.set(cards, (known = new Map()));
  const key = `${id}\u0000${name}`;
  if (known.has(key)) return known.get(key);
  const found = cardKeyword(ctx, state, id, name);
  known.set(key, found);
  return found;
}
const KEYWORDS = new WeakMap<
  TanksContext,
  WeakMap<ModelState['cards'], Map<string, number | true | undefined>>
>();

/** A keyword a card in play gives the model. */
function cardKeyword(
  ctx: TanksContext,
  state: TanksState,
  id: string,
  name: string,
): number | true | undefined {
  const kind = info(ctx, id).card.kind;
  for (const c of cardsInPlay(ctx, state, id)) {
    const card = ctx.rules.cat.cards.get(c);
    const k = card ? effectFor(card, kind)['keyword'] : undefined;
    if (typeof k !== 'string') continue;
    for (const part of k.split(',')) {
      const m = /^(.*?)\s*(?:\((\d+)\))?\s*$/.exec(part.trim());
      if (m?.[1] === name) return m[2] ? Number(m[2]) : true;
    }
  }
  return undefined;
}

export const hasKeyword = (ctx: TanksContext, state: TanksState, id: string, name: string) =>
  keyword(ctx, state, id, name) !== undefined;

/** How a model moves and is seen: a tank, or a helicopter at its elevation. */
export function moverOf(ctx: TanksContext, m: ModelState): Mover {
  if (info(ctx, m.id).card.kind === 'tank') return 'tank';
  return m.elevation === 'high' ? 'highHelicopter' : 'lowHelicopter';
}

export function isHelicopter(ctx: TanksContext, id: string): boolean {
  return info(ctx, id).card.kind === 'helicopter';
}

/** A footprint at a place: the hull rectangle of a tank, the base disc of a helicopter. */
export function footprintAt(
  ctx: TanksContext,
  id: string,
  at: readonly [number, number],
  facing: number,
): Footprint {
  const card = info(ctx, id).card;
  if (card.kind === 'helicopter')
    return {
      shape: 'disc',
      centre: tablePoint(at[0], at[1]),
      radius: ctx.rules.heliBase.diameter / 2,
    };
  return { shape: 'hull', corners: hullCorners(at[0], at[1], facing, card.length, card.width) };
}

/**
 * A model's footprint where it stands (it must be on the table). Model states are never changed
 * in place, so each one's footprint is worked out once: sight, cover and moves ask for the same
 * few many times over.
 */
export function footprint(ctx: TanksContext, m: ModelState): Footprint {
  let byModel = FOOTPRINTS.get(ctx);
  if (!byModel) FOOTPRINTS.set(ctx, (byModel = new WeakMap()));
  const known = byModel.get(m);
  if (known) return known;
  const f = footprintAt(ctx, m.id, m.at!, m.facing);
  byModel.set(m, f);
  return f;
}
const FOOTPRINTS = new WeakMap<TanksContext, WeakMap<ModelState, Footprint>>();

/** The box around a model's footprint where it stands, kept like the footprint. */
export function footprintBox(ctx: TanksContext, m: ModelState): Box {
  let byModel = BOXES.get(ctx);
  if (!byModel) BOXES.set(ctx, (byModel = new WeakMap()));
  const known = byModel.get(m);
  if (known) return known;
  const f = footprint(ctx, m);
  const box =
    f.shape === 'hull'
      ? boxOf(f.corners)
      : {
          minX: f.centre.x - f.radius,
          minY: f.centre.y - f.radius,
          maxX: f.centre.x + f.radius,
          maxY: f.centre.y + f.radius,
        };
  byModel.set(m, box);
  return box;
}
const BOXES = new WeakMap<TanksContext, WeakMap<ModelState, Box>>();

/** The outline of a footprint, as drawn and as a wreck marker. */
export function outline(f: Footprint): TablePoint[] {
  return f.shape === 'hull' ? [...f.corners] : discOutline(f.centre, f.radius);
}

/** A helicopter's stem: where it sees from and where cover is judged (TK-5.3, TK-5.9). */
export function stemOf(ctx: TanksContext, m: ModelState): TablePoint {
  const u = unitVector(m.facing);
  const off = ctx.rules.heliBase.stemOffset;
  return tablePoint(m.at![0] + u.x * off, m.at![1] + u.y * off);
}

/**
 * Where a model draws its line of sight from (TK-5.2, TK-5.3): the turret (the hull's centre),
 * the middle of the hull front for Forward Firing tanks, the stem for helicopters.
 */
export function eyeOf(
  ctx: TanksContext,
  state: TanksState,
  m: ModelState,
): { point: TablePoint; from: string; ruleId: string } {
  const card = info(ctx, m.id).card;
  if (card.kind === 'helicopter')
    return { point: stemOf(ctx, m), from: 'its stem', ruleId: 'TK-5.3' };
  if (hasKeyword(ctx, state, m.id, 'Forward Firing'))
    return {
      point: hullFront(m.at![0], m.at![1], m.facing, card.length),
      from: 'the middle of its hull front (Forward Firing)',
      ruleId: 'TK-5.2',
    };
  return { point: tablePoint(m.at![0], m.at![1]), from: 'its turret', ruleId: 'TK-5.2' };
}

/** Damage at or over capacity: a tank fights on in Final Fury, a helicopter crashes (TK-6.2). */
export function atCapacity(ctx: TanksContext, state: TanksState, id: string): boolean {
  const m = state.models[id];
  return !!m && m.damage >= statOf(ctx, state, id, 'damageCapacity');
}

/** Initiative for ordering: the card's with every change (a Critical may lower it). */
export const initiativeOf = (ctx: TanksContext, state: TanksState, id: string): number =>
  statOf(ctx, state, id, 'initiative');
