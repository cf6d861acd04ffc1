import type { Card } from '../../../format';

/**
 * The small vocabulary of card effects the engine plays (TK-8, TK-6.8, TK-G3, TK-G4). A card's
 * `effect` in the catalog is a flat record of these keys; a key outside the vocabulary makes the
 * game refuse to start, naming the card and the key, rather than play the card as if it did
 * nothing. The starter rules print no card texts: the effects in the bundled placeholder catalog
 * are stand-ins and marked so.
 */
export const EFFECT_KEYS = {
  // What the card is (not an effect): its post on the model, the Eye icon.
  crewType: 'the crew post it fills (one per model, TK-8.5)',
  upgradeType: 'the upgrade post it fills (one per model, TK-8.5)',
  eye: 'it starts face up (TK-8.7)',
  // Stat changes while the card is face up on the model.
  initiative: 'Initiative changes by this much',
  attack: 'Base Attack changes by this much (not for AAMG fire, TK-6.4)',
  defence: 'Base Defence changes by this much',
  damageCapacity: 'Damage Capacity changes by this much',
  speed: 'Speed (moves a turn) changes by this much',
  rerollAttackDice: 'this many more attack dice may be re-rolled (as Stabiliser)',
  attackOncePerGame: 'once a game, this many more attack dice',
  defenceWhenMoved: 'this many more defence dice while the model has a Speed token',
  keyword: 'the model gains these keywords (comma-separated)',
  criticalToTwoHits: 'a Critical Hit may be turned into two Hits (TK-6.12)',
  // Critical cards (TK-6.8).
  damage: 'Damage marked when drawn',
  repairable: 'it stays on the model until repaired (TK-7 step 3)',
  discardCardType: 'the model discards every card of this type, hidden ones too',
} as const;

export type EffectKey = keyof typeof EFFECT_KEYS;

/** Stats a card can change while it is in play. */
export const STAT_EFFECTS = ['initiative', 'attack', 'defence', 'damageCapacity', 'speed'] as const;
export type StatEffect = (typeof STAT_EFFECTS)[number];

/** The prefix of a dual card's helicopter effect ("helicopter.attack"), TK-6.8. */
export const HELICOPTER_PREFIX = 'helicopter.';

/** The first effect key of a card the engine does not know, if any. */
export function unknownEffect(card: Card): string | undefined {
  for (const key of Object.keys(card.effect ?? {})) {
    const bare = key.startsWith(HELICOPTER_PREFIX) ? key.slice(HELICOPTER_PREFIX.length) : key;
    if (!(bare in EFFECT_KEYS)) return key;
  }
  return undefined;
}

/**
 * A card's effect on a model of a kind: a dual Critical card (TK-6.8) gives helicopters its
 * `helicopter.` keys in place of the plain ones when it has any.
 */
export function effectFor(card: Card, kind: 'tank' | 'helicopter'): Record<string, unknown> {
  let byKind = EFFECTS.get(card);
  if (!byKind) {
    byKind = { tank: effectUncached(card, 'tank'), helicopter: effectUncached(card, 'helicopter') };
    EFFECTS.set(card, byKind);
  }
  return byKind[kind];
}

/** Effects by card record: the rules ask for them on every stat and keyword they read. */
const EFFECTS = new WeakMap<Card, Record<'tank' | 'helicopter', Record<string, unknown>>>();

function effectUncached(card: Card, kind: 'tank' | 'helicopter'): Record<string, unknown> {
  const e = card.effect ?? {};
  const heli = Object.entries(e).filter(([k]) => k.startsWith(HELICOPTER_PREFIX));
  if (kind === 'tank' || heli.length === 0)
    return Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(HELICOPTER_PREFIX)));
  const base = Object.fromEntries(
    Object.entries(e).filter(
      ([k]) => !k.startsWith(HELICOPTER_PREFIX) && (k === 'damage' || k === 'repairable'),
    ),
  );
  for (const [k, v] of heli) base[k.slice(HELICOPTER_PREFIX.length)] = v;
  return base;
}

/** A number from an effect record (0 when absent). */
export const effectNumber = (e: Record<string, unknown>, key: string): number =>
  typeof e[key] === 'number' ? e[key] : 0;

/** Words for a Critical card's effects on a model, for the log. */
export function describeEffects(e: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const s of STAT_EFFECTS) {
    const v = effectNumber(e, s);
    if (v) out.push(`${v > 0 ? '+' : ''}${v} ${s === 'damageCapacity' ? 'Damage Capacity' : s}`);
  }
  if (typeof e['discardCardType'] === 'string')
    out.push(`discards its ${e['discardCardType']} cards`);
  return out;
}
