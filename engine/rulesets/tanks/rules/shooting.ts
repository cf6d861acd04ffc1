import type { Dice } from '../../../random/dice';
import { closeRange, inArc, sideShot } from './arcs';
import type { TanksContext } from './context';
import { info } from './context';
import { applyDamage, cardDamage } from './damage';
import {
  atCapacity,
  effectFlag,
  effectTotal,
  hasKeyword,
  inPlay,
  keyword,
  statChange,
  statOf,
} from './models';
import {
  cancelByPolicy,
  deckKey,
  shotOdds,
  type AttackSpec,
  type CancelOrder,
  type DefenceSpec,
  type ShotOdds,
} from './odds';
import { sightBetween, type SightResult } from './sight';
import type { PendingCancel, PoolModifier, Reroll, TanksEvent, TanksState, Weapon } from './state';

/**
 * Shooting (TK-6): which attacks a model has, whether a shot is legal (sight, arc, missile
 * limits), the attack and defence pools with every modifier and its rule, the rolls with their
 * re-rolls, and the cancelling of Hits and Criticals with each side's choice (TK-A12).
 */

export interface ShotPlan {
  readonly shooter: string;
  readonly target: string;
  readonly weapon: Weapon;
  readonly boost: boolean;
  readonly sight: SightResult;
  readonly arc: string;
  readonly closeRange: boolean;
  readonly gap: number;
  readonly sideShot: boolean;
  readonly attack: AttackSpec;
  readonly defence: DefenceSpec;
}

export type ShotRefusal = {
  readonly refused: string;
  readonly ruleId: string;
  readonly sight?: SightResult;
};

export const isRefused = (p: ShotPlan | ShotRefusal): p is ShotRefusal => 'refused' in p;

/** The attacks a model has: its gun (or AAMG), Missiles (X), Rapid Fire (X). */
export function attacksOf(ctx: TanksContext, state: TanksState, id: string): Weapon[] {
  const out: Weapon[] = ['gun'];
  if (typeof keyword(ctx, state, id, 'Missiles') === 'number') out.push('missiles');
  if (typeof keyword(ctx, state, id, 'Rapid Fire') === 'number') out.push('rapidFire');
  return out;
}

/** Once-per-game extra attack dice still unspent, and the cards that give them. */
export function boostOf(
  ctx: TanksContext,
  state: TanksState,
  id: string,
): { dice: number; cards: string[] } {
  const m = state.models[id]!;
  let dice = 0;
  const cards: string[] = [];
  for (const c of m.cards) {
    if (c.hidden || m.spent.includes(c.card)) continue;
    const def = ctx.rules.cat.cards.get(c.card);
    const n = def?.effect?.['attackOncePerGame'];
    if (typeof n === 'number' && n > 0) {
      dice += n;
      cards.push(c.card);
    }
  }
  return { dice, cards };
}

/** The mean Damage of a Critical card in the deck for a kind of target. */
export function meanCriticalDamage(ctx: TanksContext, kind: 'tank' | 'helicopter'): number {
  let byKind = MEAN_CRITICAL.get(ctx);
  if (!byKind) MEAN_CRITICAL.set(ctx, (byKind = new Map()));
  let mean = byKind.get(kind);
  if (mean === undefined) {
    const deck = ctx.rules.criticalDeck;
    mean = deck.reduce((s, c) => s + cardDamage(ctx, c, kind), 0) / deck.length;
    byKind.set(kind, mean);
  }
  return mean;
}
/** The whole deck's mean, which never changes in a game: kept per context. */
const MEAN_CRITICAL = new WeakMap<TanksContext, Map<'tank' | 'helicopter', number>>();

/** How a shot is planned when the caller already has part of the answer. */
export interface ShotOptions {
  /** Sight worked out briefly (sight.ts `SightOptions`): for weighing shots, not showing them. */
  readonly brief?: boolean;
  /**
   * The sight from shooter to target, when the caller has it (the same for every weapon and
   * boost between the same two model states); asked only once the shot gets that far.
   */
  readonly sight?: () => SightResult;
}

/** Everything about a shot before any die is rolled, or why it cannot be made. */
export function planShot(
  ctx: TanksContext,
  state: TanksState,
  shooterId: string,
  targetId: string,
  weapon: Weapon,
  boost = false,
  options: ShotOptions = {},
): ShotPlan | ShotRefusal {
  if (!ctx.models.has(shooterId)) return { refused: `no model "${shooterId}"`, ruleId: 'TK-6' };
  if (!ctx.models.has(targetId)) return { refused: `no model "${targetId}"`, ruleId: 'TK-6' };
  const shooter = state.models[shooterId];
  const target = state.models[targetId];
  if (!inPlay(shooter)) return { refused: `${shooterId} is not on the table`, ruleId: 'TK-6.2' };
  if (!inPlay(target)) return { refused: `${targetId} is not on the table`, ruleId: 'TK-6.2' };
  const si = info(ctx, shooterId);
  const ti = info(ctx, targetId);
  if (si.side === ti.side)
    return { refused: `${ti.name} is on ${si.name}'s own side`, ruleId: 'TK-6.3' };
  const targetHeli = ti.card.kind === 'helicopter';
  const shooterTank = si.card.kind === 'tank';
  const x = (name: string) => keyword(ctx, state, shooterId, name);
  if (weapon === 'missiles') {
    const n = x('Missiles');
    if (typeof n !== 'number') return { refused: `${si.name} has no Missiles`, ruleId: 'TK-6.9' };
    if (atCapacity(ctx, state, shooterId))
      return {
        refused: `${si.name} is in Final Fury: missiles are Slow Firing and cannot be fired`,
        ruleId: 'TK-6.9',
      };
    const row = hasKeyword(ctx, state, shooterId, 'Predator')
      ? ctx.rules.missileRows.get(0)
      : ctx.rules.missileRows.get(shooter.speedToken);
    if (!row?.canShoot)
      return {
        refused: `${si.name} moved ${shooter.speedToken} times: it cannot fire missiles on the move`,
        ruleId: 'TK-6.9',
      };
    if (si.card.kind === ti.card.kind && closeRange(ctx, shooter, target).close)
      return {
        refused: `${ti.name} is within Close Range: missiles do not arm against a ${ti.card.kind} that near`,
        ruleId: 'TK-6.9',
      };
  }
  if (weapon === 'rapidFire') {
    if (typeof x('Rapid Fire') !== 'number')
      return { refused: `${si.name} has no Rapid Fire`, ruleId: 'TK-6.10' };
    if (!targetHeli && ti.card.defence !== 0)
      return {
        refused: `Rapid Fire is only against helicopters and models with no base Defence; ${ti.name} has Defence ${ti.card.defence}`,
        ruleId: 'TK-6.10',
      };
  }
  if (boost && boostOf(ctx, state, shooterId).dice === 0)
    return { refused: `${si.name} has no once-a-game attack dice left`, ruleId: 'TK-8' };
  if (boost && weapon === 'gun' && shooterTank && targetHeli)
    return {
      refused: 'AAMG fire cannot use cards that change Base Attack',
      ruleId: 'TK-6.4',
    };
  const sight = options.sight
    ? options.sight()
    : sightBetween(ctx, state, shooterId, targetId, { brief: options.brief === true });
  if (!sight.visible) {
    const b = sight.blockedBy;
    return {
      refused: `${si.name} cannot see ${ti.name}${b ? `: ${b.name} (${b.kind}) is in the way` : ''}`,
      ruleId: b?.ruleId ?? sight.ruleId,
      sight,
    };
  }
  const arc = inArc(ctx, state, shooter, target);
  if (!arc.ok) return { refused: arc.reason, ruleId: arc.ruleId, sight };

  // Attack dice (TK-6.3, TK-6.4, TK-6.9, TK-6.10).
  const mods: PoolModifier[] = [];
  let label: string;
  let ruleId: string;
  let hitOn = range(ctx.rules.dice.hitMin, ctx.rules.dice.hitMax);
  let criticalOn = [ctx.rules.dice.criticalOn];
  const aamg = weapon === 'gun' && shooterTank && targetHeli;
  const baseAttack = () => {
    mods.push({ label: `${si.name}'s Attack`, value: si.card.attack, ruleId: 'TK-6.3' });
    const cards = statChange(ctx, state, shooterId, 'attack', { cardsOnly: true });
    if (cards)
      mods.push({ label: 'crew, upgrade and platoon cards', value: cards, ruleId: 'TK-8' });
    const crits = statChange(ctx, state, shooterId, 'attack', { criticalsOnly: true });
    if (crits) mods.push({ label: 'Critical cards', value: crits, ruleId: 'TK-6.8' });
  };
  if (weapon === 'missiles') {
    const n = x('Missiles') as number;
    label = `Missiles (${n})`;
    ruleId = 'TK-6.9';
    mods.push({ label, value: n, ruleId });
    const row = hasKeyword(ctx, state, shooterId, 'Predator')
      ? ctx.rules.missileRows.get(0)!
      : ctx.rules.missileRows.get(shooter.speedToken)!;
    hitOn = [...row.hitOn];
    criticalOn = [...row.criticalOn];
  } else if (weapon === 'rapidFire') {
    const n = x('Rapid Fire') as number;
    label = `Rapid Fire (${n})`;
    ruleId = 'TK-6.10';
    if (ctx.rules.options.str('TK-A20') === 'plus') {
      baseAttack();
      mods.push({ label, value: n, ruleId: 'TK-A20' });
    } else mods.push({ label, value: n, ruleId });
  } else if (aamg) {
    label = 'AAMG';
    ruleId = 'TK-6.4';
    mods.push({ label: 'AAMG against a helicopter', value: ctx.rules.dice.aamg, ruleId });
  } else {
    label = 'Attack';
    ruleId = 'TK-6.3';
    baseAttack();
  }
  if (boost) {
    const b = boostOf(ctx, state, shooterId);
    mods.push({
      label: `once a game: ${b.cards.map((c) => ctx.rules.cat.cards.get(c)?.name ?? c).join(', ')}`,
      value: b.dice,
      ruleId: 'TK-8',
    });
  }
  const dice = Math.max(
    0,
    mods.reduce((s, m) => s + m.value, 0),
  );
  const keepsExtras = !aamg || ctx.rules.options.bool('TK-A21');
  const rerolls: PoolModifier[] = [];
  if (keepsExtras) {
    if (hasKeyword(ctx, state, shooterId, 'Stabiliser'))
      rerolls.push({ label: 'Stabiliser', value: 1, ruleId: 'TK-6.5' });
    if (hasKeyword(ctx, state, shooterId, 'Advanced Stabiliser'))
      rerolls.push({ label: 'Advanced Stabiliser', value: 2, ruleId: 'TK-6.5' });
    if (hasKeyword(ctx, state, shooterId, 'Predator'))
      rerolls.push({ label: 'Predator', value: 2, ruleId: 'TK-6.5' });
    const cardRerolls = effectTotal(ctx, state, shooterId, 'rerollAttackDice');
    if (cardRerolls) rerolls.push({ label: 'crew cards', value: cardRerolls, ruleId: 'TK-8' });
  }
  const splitChoice = keepsExtras && !!effectFlag(ctx, state, shooterId, 'criticalToTwoHits');
  const split = splitChoice && meanCriticalDamage(ctx, ti.card.kind) < 2;
  const attack: AttackSpec = {
    label,
    dice,
    modifiers: mods,
    hitOn,
    criticalOn,
    stationary: shooter.speedToken === 0 && keepsExtras,
    rerolls,
    brutal: keepsExtras && hasKeyword(ctx, state, shooterId, 'Brutal'),
    splitCriticals: split,
    ...(splitChoice ? { splitChoice } : {}),
    ruleId,
  };

  // Defence dice (TK-6.6).
  const base = statOf(ctx, state, targetId, 'defence');
  const dm: PoolModifier[] = [];
  if (shooter.speedToken)
    dm.push({
      label: `${si.name} moved (Speed ${shooter.speedToken})`,
      value: shooter.speedToken,
      ruleId: 'TK-6.6',
    });
  if (target.speedToken)
    dm.push({
      label: `${ti.name} moved (Speed ${target.speedToken})`,
      value: target.speedToken,
      ruleId: 'TK-6.6',
    });
  if (sight.cover) {
    const scout = hasKeyword(ctx, state, targetId, 'Scout');
    const hammer = hasKeyword(ctx, state, targetId, 'Hammerhead');
    dm.push({
      label: `cover${hammer ? ' (Hammerhead)' : scout ? ' (Scout)' : ''}`,
      value: hammer ? 3 : scout ? 2 : 1,
      ruleId: sight.coverRuleId,
    });
  }
  const moved = effectTotal(ctx, state, targetId, 'defenceWhenMoved');
  if (moved && target.speedToken)
    dm.push({ label: 'crew card: more defence when moving', value: moved, ruleId: 'TK-8' });
  const close = closeRange(ctx, shooter, target);
  if (close.close)
    dm.push({ label: `Close Range (${close.gap.toFixed(1)}" apart)`, value: -1, ruleId: 'TK-6.6' });
  const side = sideShot(ctx, shooter, target);
  if (side) dm.push({ label: 'Side Shot', value: -1, ruleId: 'TK-6.6' });
  const raw = base + dm.reduce((s, m) => s + m.value, 0);
  const floor = Number(ctx.rules.options.get('TK-A10'));
  const defence: DefenceSpec = {
    base,
    modifiers: dm,
    raw,
    dice: Math.max(floor, Math.min(ctx.rules.dice.maxDefence, raw)),
    cancelMin: ctx.rules.dice.cancelMin,
  };
  return {
    shooter: shooterId,
    target: targetId,
    weapon,
    boost,
    sight,
    arc: arc.text,
    closeRange: close.close,
    gap: close.gap,
    sideShot: side,
    attack,
    defence,
  };
}

function range(a: number, b: number): number[] {
  const out: number[] = [];
  for (let i = a; i <= b; i++) out.push(i);
  return out;
}

/** The exact odds of a planned shot against the deck as it stands (TK-6.3 to TK-6.8). */
export function oddsOf(ctx: TanksContext, state: TanksState, plan: ShotPlan): ShotOdds {
  const kind = info(ctx, plan.target).card.kind;
  const m = state.models[plan.target]!;
  const remaining = Math.max(0, statOf(ctx, state, plan.target, 'damageCapacity') - m.damage);
  const deck = deckDamage(ctx, state, kind);
  return shotOdds(plan.attack, plan.defence, cancelOrder(ctx), deck, remaining, deck.key);
}

/** The Damage of each card in the draw and discard piles against a kind of target, and its key. */
export interface DeckDamage {
  readonly pile: readonly number[];
  readonly discard: readonly number[];
  readonly key: string;
}

/**
 * The deck's Damage against a kind of target: the same while the draw and discard piles are
 * (states share them until a card is drawn or discarded), so it is worked out once for them.
 */
export function deckDamage(
  ctx: TanksContext,
  state: TanksState,
  kind: 'tank' | 'helicopter',
): DeckDamage {
  let byDraw = DECK_DAMAGE.get(ctx);
  if (!byDraw) DECK_DAMAGE.set(ctx, (byDraw = new WeakMap()));
  const { draw, discard } = state.deck;
  let known = byDraw.get(draw);
  if (!known || known.discard !== discard) {
    known = { discard };
    byDraw.set(draw, known);
  }
  const hit = known[kind];
  if (hit) return hit;
  const dmg = (c: string) => cardDamage(ctx, c, kind);
  const pile = draw.map(dmg);
  const spent = discard.map(dmg);
  const made = { pile, discard: spent, key: deckKey({ pile, discard: spent }) };
  known[kind] = made;
  return made;
}
const DECK_DAMAGE = new WeakMap<
  TanksContext,
  WeakMap<
    readonly string[],
    { discard: readonly string[]; tank?: DeckDamage; helicopter?: DeckDamage }
  >
>();

export const cancelOrder = (ctx: TanksContext): CancelOrder =>
  ctx.rules.options.str('TK-A12') === 'shooterFirst' ? 'shooterFirst' : 'targetFirst';

/** The attack roll with its re-rolls and modifications, by the policy of odds.ts. */
export function rollAttack(
  spec: AttackSpec,
  dice: Dice,
): Omit<Extract<TanksEvent, { type: 'AttackRolled' }>, 'type' | 'unit' | 'target' | 'weapon'> {
  const rolls: number[] = [];
  for (let i = 0; i < spec.dice; i++) rolls.push(dice.roll(6));
  const final = [...rolls];
  const rerolled = new Set<number>();
  const rerolls: Reroll[] = [];
  const failed = (f: number) => !spec.hitOn.includes(f) && !spec.criticalOn.includes(f);
  if (spec.stationary) {
    final.forEach((f, i) => {
      if (!failed(f)) return;
      const to = dice.roll(6);
      final[i] = to;
      rerolled.add(i);
      rerolls.push({ die: i, from: f, to, reason: 'Stationary', ruleId: 'TK-6.5' });
    });
  }
  for (const source of spec.rerolls) {
    let left = source.value;
    for (let i = 0; i < final.length && left > 0; i++) {
      if (rerolled.has(i) || !failed(final[i]!)) continue;
      const from = final[i]!;
      const to = dice.roll(6);
      final[i] = to;
      rerolled.add(i);
      left--;
      rerolls.push({ die: i, from, to, reason: source.label, ruleId: source.ruleId });
    }
  }
  let hits = 0;
  let criticals = 0;
  for (const f of final) {
    if (spec.criticalOn.includes(f)) criticals++;
    else if (spec.hitOn.includes(f)) hits++;
  }
  let brutal: number | null = null;
  if (spec.brutal && hits > 0) {
    brutal = final.findIndex((f) => spec.hitOn.includes(f) && !spec.criticalOn.includes(f));
    hits--;
    criticals++;
  }
  let split = 0;
  if (spec.splitCriticals) {
    split = criticals - (brutal !== null ? 1 : 0);
    hits += 2 * split;
    criticals -= split;
  }
  return {
    pool: spec.label,
    dice: spec.dice,
    modifiers: spec.modifiers,
    rolls,
    rerolls,
    final,
    hitOn: spec.hitOn,
    criticalOn: spec.criticalOn,
    brutal,
    splitCriticals: split,
    hits,
    criticals,
    ruleId: spec.ruleId,
  };
}

/** How many Criticals a chooser's dice may cancel: the range of legal choices. */
export function cancelChoices(p: PendingCancel): { dice: number; min: number; max: number } {
  const dice = Math.min(p.chooser === 'target' ? p.sixes : p.fours, p.hits + p.criticals);
  return { dice, min: Math.max(0, dice - p.hits), max: Math.min(dice, p.criticals) };
}

/** The default choice (TK-A12): the target cancels Criticals first, the shooter Hits first. */
export function defaultCancel(p: PendingCancel): number {
  const c = cancelChoices(p);
  return p.chooser === 'target' ? c.max : c.min;
}

const otherChooser = (c: PendingCancel['chooser']): PendingCancel['chooser'] =>
  c === 'target' ? 'shooter' : 'target';

/** Applies one side's cancelling and hands the choice to the other side. */
export function applyCancel(
  ctx: TanksContext,
  p: PendingCancel,
  criticals: number,
  chosen: boolean,
): { next: PendingCancel; event: TanksEvent } {
  const c = cancelChoices(p);
  const hits = c.dice - criticals;
  const side = info(ctx, p.chooser === 'target' ? p.target : p.shooter).side;
  return {
    next: {
      ...p,
      hits: p.hits - hits,
      criticals: p.criticals - criticals,
      sixes: p.chooser === 'target' ? 0 : p.sixes,
      fours: p.chooser === 'shooter' ? 0 : p.fours,
      chooser: otherChooser(p.chooser),
    },
    event: { type: 'Cancelled', by: p.chooser, side, hits, criticals, chosen, ruleId: 'TK-6.7' },
  };
}

/**
 * Runs the cancelling as far as it goes without a real choice: a side whose dice can only be
 * spent one way spends them; a side with a choice is asked (the state keeps the shot pending).
 * When both sides have spent their dice the damage is applied.
 */
export function settleCancel(
  ctx: TanksContext,
  start: TanksState,
  pending: PendingCancel,
  dice: Dice,
): { state: TanksState; events: TanksEvent[]; waiting: boolean } {
  const events: TanksEvent[] = [];
  let p = pending;
  while (p.sixes > 0 || p.fours > 0) {
    const mine = p.chooser === 'target' ? p.sixes : p.fours;
    const c = cancelChoices(p);
    if (mine === 0 || c.dice === 0) {
      // Nothing of this side's to spend, or nothing left to cancel: its dice are used up.
      p = {
        ...p,
        sixes: p.chooser === 'target' ? 0 : p.sixes,
        fours: p.chooser === 'shooter' ? 0 : p.fours,
        chooser: otherChooser(p.chooser),
      };
      continue;
    }
    if (c.min !== c.max) return { state: { ...start, pending: p }, events, waiting: true };
    const r = applyCancel(ctx, p, c.min, false);
    events.push(r.event);
    p = r.next;
  }
  const d = applyDamage(ctx, { ...start, pending: null }, p.target, p.hits, p.criticals, dice);
  return { state: d.state, events: [...events, ...d.events], waiting: false };
}

/** Hits and Criticals a shot would leave by the default allocation (for tests and the bot). */
export { cancelByPolicy };
