/**
 * Hashes for seeds that must differ in every bit though the numbers they come from are close
 * (a game seed and a turn, a rollout's number): the search bot's seeds (engine/game/bots/search.ts)
 * and the keyed dice of WWI's rollouts (engine/rulesets/ww1/rules/keyedDice.ts). Pure and
 * deterministic: the same parts give the same number on every machine.
 */

/** A 32-bit mix of whole numbers (splitmix-like), for seeds that differ in every bit. */
export function mixSeed(...parts: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h | 0;
}

/** A 32-bit hash of a string (FNV-1a over its UTF-16 code units), for seeds. */
export function textHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}
