import {
  BoundedCache,
  choose,
  clearOddsCaches,
  multinomial,
  trinomialP,
} from '../../../random/odds';
import type { PoolModifier } from './state';

/**
 * Exact odds of a TANKS shot (TK-6.3 to TK-6.8), by enumeration: every die of the attack pool is
 * a Hit, a Critical or a failure; re-rolls, Brutal and the split of Criticals follow the engine's
 * policy below; the defence pool's 6s and 4-5s cancel by the default allocation (TK-A12). The
 * dice are enumerated by how many show each kind (multinomial counts), which is the full
 * enumeration of every face sequence grouped by outcome: the numbers are exact, not sampled. A
 * test checks them against a brute-force walk over all 6^n faces.
 *
 * Policy (stated wherever the odds are shown):
 * - a Stationary shooter re-rolls every failed attack die once (TK-4.5, TK-6.5);
 * - Stabiliser-type re-rolls (Stabiliser 1, Advanced Stabiliser 2, Predator 2, cards) take failed
 *   dice not re-rolled yet, never a Hit or Critical (TK-A11);
 * - Brutal turns one Hit into a Critical after the re-rolls (TK-6.11);
 * - a card that lets a Critical become two Hits (TK-6.12) is used when a Critical card's mean
 *   Damage is below 2;
 * - the target cancels Criticals with its 6s first, the shooter cancels Hits with the 4-5s first
 *   (TK-6.7, TK-A12), in the order the interpretation TK-A12 sets.
 */

/** What an attack rolls and how it reads the dice. */
export interface AttackSpec {
  /** "Attack", "AAMG", "Missiles (4)", "Rapid Fire (5)". */
  readonly label: string;
  readonly dice: number;
  /** How the number of dice was reached, the first entry the base. */
  readonly modifiers: readonly PoolModifier[];
  readonly hitOn: readonly number[];
  readonly criticalOn: readonly number[];
  /** Re-roll every failed die once (the shooter is Stationary). */
  readonly stationary: boolean;
  /** Further re-rolls of failed dice, by source. */
  readonly rerolls: readonly PoolModifier[];
  readonly brutal: boolean;
  /** Turn Criticals into two Hits each (a card's effect, used by policy). */
  readonly splitCriticals: boolean;
  /**
   * A card lets the shooter choose to turn Criticals into two Hits (TK-6.12): the game asks after
   * the roll; the odds assume the policy's `splitCriticals`.
   */
  readonly splitChoice?: boolean;
  readonly ruleId: string;
}

/** The defence pool after every step (TK-6.6). */
export interface DefenceSpec {
  readonly base: number;
  readonly modifiers: readonly PoolModifier[];
  /** Before the cap and floor. */
  readonly raw: number;
  readonly dice: number;
  /** The lowest face that cancels (4); a 6 is the target's (TK-6.7). */
  readonly cancelMin: number;
}

export type CancelOrder = 'targetFirst' | 'shooterFirst';

export interface Outcome {
  readonly hits: number;
  readonly criticals: number;
  readonly p: number;
}

const SIDES = 6;

/** Chance of each kind on one die. */
export function dieKinds(spec: Pick<AttackSpec, 'hitOn' | 'criticalOn'>): {
  hit: number;
  crit: number;
  fail: number;
} {
  const hit = spec.hitOn.filter((f) => !spec.criticalOn.includes(f)).length / SIDES;
  const crit = spec.criticalOn.length / SIDES;
  return { hit, crit, fail: 1 - hit - crit };
}

/** A distribution over (Hits, Criticals) as a flat table: index hits * width + criticals. */
class Dist {
  readonly p: Float64Array;
  constructor(readonly width: number) {
    this.p = new Float64Array(width * width);
  }
  add(h: number, c: number, p: number): void {
    this.p[h * this.width + c]! += p;
  }
  outcomes(): Outcome[] {
    const out: Outcome[] = [];
    for (let h = 0; h < this.width; h++)
      for (let c = 0; c < this.width; c++) {
        const p = this.p[h * this.width + c]!;
        if (p > 0) out.push({ hits: h, criticals: c, p });
      }
    return out;
  }
}

/** Forgets every worked-out distribution (the benchmark times the enumeration itself). */
export function clearOddsCache(): void {
  clearOddsCaches();
  ATTACK_CACHE.clear();
  SHOT_CACHE.clear();
  CRITICAL_CACHE.clear();
  ODDS_CACHE.clear();
}

/** Results worked out before, by the spec's numbers (the bot asks the same questions often). */
const ATTACK_CACHE = new BoundedCache<string, Outcome[]>(8192);
const SHOT_CACHE = new BoundedCache<string, Outcome[]>(8192);

const attackKey = (spec: AttackSpec) =>
  `${spec.dice}|${spec.hitOn.join(',')}|${spec.criticalOn.join(',')}|${spec.stationary ? 1 : 0}|${spec.rerolls.reduce((s, r) => s + r.value, 0)}|${spec.brutal ? 1 : 0}|${spec.splitCriticals ? 1 : 0}`;

/** The distribution of Hits and Criticals the attack roll ends with, after the policy's choices. */
export function attackOutcomes(spec: AttackSpec): Outcome[] {
  return ATTACK_CACHE.remember(attackKey(spec), () => attackOutcomesUncached(spec));
}

function attackOutcomesUncached(spec: AttackSpec): Outcome[] {
  const n = Math.max(0, spec.dice);
  const k0 = dieKinds(spec);
  let { hit, crit, fail } = k0;
  // Splitting Criticals can double the Hits: room for 2n of them.
  const out = new Dist(2 * n + 1);
  const extra = spec.rerolls.reduce((s, r) => s + r.value, 0);
  if (spec.stationary) {
    // Each failed die is re-rolled once: the die's chances fold the second roll in.
    hit = hit + fail * hit;
    crit = crit + fail * crit;
    fail = fail * fail;
  }
  for (const { counts, p } of multinomial(n, [hit, crit, fail])) {
    const [h, c, f] = counts as [number, number, number];
    // Further re-rolls only ever meet failed dice that were not re-rolled yet.
    const r = spec.stationary ? 0 : Math.min(extra, f);
    for (const { counts: again, p: q } of multinomial(r, [k0.hit, k0.crit, k0.fail])) {
      const [rh, rc] = again as [number, number, number];
      let hh = h + rh;
      let cc = c + rc;
      let brutal = 0;
      if (spec.brutal && hh > 0) {
        hh -= 1;
        cc += 1;
        brutal = 1;
      }
      if (spec.splitCriticals) {
        const split = cc - brutal;
        hh += 2 * split;
        cc -= split;
      }
      out.add(hh, cc, p * q);
    }
  }
  return out.outcomes();
}

/** The chance of each (6s, 4-5s) count in a defence roll. */
export function defenceOutcomes(spec: Pick<DefenceSpec, 'dice' | 'cancelMin'>): {
  sixes: number;
  fours: number;
  p: number;
}[] {
  const n = spec.dice;
  const pSix = 1 / SIDES;
  const pFour = (SIDES - spec.cancelMin) / SIDES;
  const pNone = 1 - pSix - pFour;
  const out: { sixes: number; fours: number; p: number }[] = [];
  for (let s = 0; s <= n; s++)
    for (let f = 0; f + s <= n; f++)
      out.push({
        sixes: s,
        fours: f,
        p: trinomialP(n, s, f, pSix, pFour, pNone),
      });
  return out;
}

/**
 * Cancelling by the default allocation (TK-6.7, TK-A12): the target's 6s take Criticals first,
 * the shooter's 4-5s take Hits first; `order` says who allocates first.
 */
export function cancelByPolicy(
  hits: number,
  criticals: number,
  sixes: number,
  fours: number,
  order: CancelOrder,
): { hits: number; criticals: number } {
  let h = hits;
  let c = criticals;
  for (let step = 0; step < 2; step++) {
    const targetNow = (step === 0) === (order === 'targetFirst');
    if (targetNow) {
      // The target's 6s: Criticals first.
      const k = Math.min(sixes, c);
      c -= k;
      h -= Math.min(sixes - k, h);
    } else {
      // The shooter's 4s and 5s: Hits first.
      const k = Math.min(fours, h);
      h -= k;
      c -= Math.min(fours - k, c);
    }
  }
  return { hits: h, criticals: c };
}

/** The joint distribution of uncancelled Hits and Criticals after the defence roll. */
export function shotOutcomes(
  attack: AttackSpec,
  defence: DefenceSpec,
  order: CancelOrder,
): Outcome[] {
  const key = `${attackKey(attack)}|${defence.dice}|${defence.cancelMin}|${order}`;
  return SHOT_CACHE.remember(key, () => {
    const out = new Dist(2 * Math.max(0, attack.dice) + 1);
    const def = defenceOutcomes(defence);
    for (const a of attackOutcomes(attack)) {
      for (const d of def) {
        const r = cancelByPolicy(a.hits, a.criticals, d.sixes, d.fours, order);
        out.add(r.hits, r.criticals, a.p * d.p);
      }
    }
    return out.outcomes();
  });
}

/** A Critical card's weight in the odds: its Damage and any loss of Damage Capacity. */
export interface CardWeight {
  readonly card: string;
  readonly damage: number;
}

/**
 * The distribution of the Damage `k` Critical cards deal, drawn without replacement from the draw
 * pile, then (if it runs out) from the shuffled discard pile, as the engine draws them (TK-6.8).
 */
export function criticalDamage(
  k: number,
  pile: readonly number[],
  discard: readonly number[],
): Map<number, number> {
  return cachedCriticalDamage(k, `${histogram(pile)}|${histogram(discard)}`, pile, discard);
}

function cachedCriticalDamage(
  k: number,
  decks: string,
  pile: readonly number[],
  discard: readonly number[],
): Map<number, number> {
  if (k <= 0) return new Map([[0, 1]]);
  const cacheKey = `${k}|${decks}`;
  return CRITICAL_CACHE.remember(cacheKey, () => criticalDamageUncached(k, pile, discard));
}

/** A pile's contents as "damage:count" pairs, the same for any order of the same cards. */
function histogram(pile: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const d of pile) counts.set(d, (counts.get(d) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([d, n]) => `${d}:${n}`)
    .join(',');
}

/** Distributions already worked out, by draws and pile contents (the deck changes rarely). */
const CRITICAL_CACHE = new BoundedCache<string, Map<number, number>>(4096);

function criticalDamageUncached(
  k: number,
  pile: readonly number[],
  discard: readonly number[],
): Map<number, number> {
  if (k > pile.length) {
    const fixed = pile.reduce((s, d) => s + d, 0);
    const rest = criticalDamage(k - pile.length, discard, []);
    return new Map([...rest].map(([d, p]) => [d + fixed, p]));
  }
  const groups = new Map<number, number>();
  for (const d of pile) groups.set(d, (groups.get(d) ?? 0) + 1);
  // ways[j] maps a total Damage to the number of ways of picking j cards that deal it.
  let ways: Map<number, number>[] = [new Map([[0, 1]])];
  for (const [value, count] of groups) {
    const next: Map<number, number>[] = Array.from({ length: k + 1 }, () => new Map());
    ways.forEach((byDamage, j) => {
      for (const [dmg, w] of byDamage) {
        for (let t = 0; t <= count && j + t <= k; t++) {
          const m = next[j + t]!;
          const d = dmg + t * value;
          m.set(d, (m.get(d) ?? 0) + w * choose(count, t));
        }
      }
    });
    ways = next;
  }
  const total = choose(pile.length, k);
  return new Map([...(ways[k] ?? new Map<number, number>())].map(([d, w]) => [d, w / total]));
}

export interface ShotOdds {
  readonly attackDice: number;
  readonly defencePool: number;
  readonly outcomes: readonly Outcome[];
  readonly expectedHits: number;
  readonly expectedCriticals: number;
  /** No Hit and no Critical gets through. */
  readonly pNoEffect: number;
  readonly expectedDamage: number;
  /** The target reaches its Damage Capacity with this shot. */
  readonly pDestroyed: number;
}

/**
 * Everything about a shot's result: the outcomes, their expectations, the expected Damage with
 * Critical cards drawn from the deck as it stands, and the chance the target reaches its Damage
 * Capacity (`remaining` more Damage).
 */
export function shotOdds(
  attack: AttackSpec,
  defence: DefenceSpec,
  order: CancelOrder,
  deck: { readonly pile: readonly number[]; readonly discard: readonly number[] },
  remaining: number,
  /** `deckKey(deck)`, when the caller keeps it for a deck it asks about often. */
  pileKey = deckKey(deck),
): ShotOdds {
  const key = `${attackKey(attack)}|${defence.dice}|${defence.cancelMin}|${order}|${pileKey}|${remaining}`;
  return ODDS_CACHE.remember(key, () =>
    shotOddsUncached(attack, defence, order, deck, remaining, pileKey),
  );
}

/** The Critical deck's contents as a key of the odds: the same for any order of the cards. */
export const deckKey = (deck: {
  readonly pile: readonly number[];
  readonly discard: readonly number[];
}): string => `${histogram(deck.pile)}|${histogram(deck.discard)}`;

/** Shots' odds worked out before: the bot weighs the same few shots many times a turn. */
const ODDS_CACHE = new BoundedCache<string, ShotOdds>(8192);

function shotOddsUncached(
  attack: AttackSpec,
  defence: DefenceSpec,
  order: CancelOrder,
  deck: { readonly pile: readonly number[]; readonly discard: readonly number[] },
  remaining: number,
  pileKey: string,
): ShotOdds {
  const outcomes = shotOutcomes(attack, defence, order);
  let eh = 0;
  let ec = 0;
  let none = 0;
  let dmg = 0;
  let kill = 0;
  const critCache = new Map<number, Map<number, number>>();
  for (const o of outcomes) {
    eh += o.hits * o.p;
    ec += o.criticals * o.p;
    if (o.hits === 0 && o.criticals === 0) none += o.p;
    let dist = critCache.get(o.criticals);
    if (!dist) {
      dist = cachedCriticalDamage(o.criticals, pileKey, deck.pile, deck.discard);
      critCache.set(o.criticals, dist);
    }
    for (const [d, p] of dist) {
      dmg += (o.hits + d) * o.p * p;
      if (o.hits + d >= remaining) kill += o.p * p;
    }
  }
  return {
    attackDice: attack.dice,
    defencePool: defence.dice,
    outcomes,
    expectedHits: eh,
    expectedCriticals: ec,
    pNoEffect: none,
    expectedDamage: dmg,
    pDestroyed: Math.min(1, kill),
  };
}

/** The policy the odds assume, in words, for every place that shows them. */
export const ODDS_POLICY: readonly string[] = [
  'a Stationary shooter re-rolls every failed attack die once (TK-6.5)',
  'Stabiliser-type re-rolls take failed dice not yet re-rolled (TK-A11)',
  'Brutal upgrades one Hit after the re-rolls (TK-6.11)',
  'the target cancels Criticals with its 6s, the shooter Hits with the 4-5s (TK-A12)',
];
