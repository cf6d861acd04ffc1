import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { loadDocument } from '../../../format';
import { simulate } from '../../../game/simulate';
import { seedRng } from '../../../random/dice';
import { TANKS_BUNDLED } from '../catalogs';
import { makeTanksGame } from '../game';
import type { TanksAction, TanksState } from './state';

describe("the search's keyed dice (game.ts keyedDice, keyedDice.ts)", () => {
  const r = loadDocument(readFileSync('scenarios/tanks-your-first-game.scenario.json', 'utf8'), {
    expect: ['sandtable.scenario'],
  });
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('; '));
  const made = makeTanksGame(r.doc, TANKS_BUNDLED);
  if (typeof made === 'string') throw new Error(made);
  const { game } = made;
  // The state before the game's first shot, and that shot.
  const played = simulate(game, { seed: 2 });
  let before = game.newGame({ seed: 2 });
  let shot: TanksAction | undefined;
  for (const a of played.actions) {
    if (a.type === 'shoot') {
      shot = a;
      break;
    }
    const next = game.reduce(before, a);
    if (!next.ok) throw new Error(next.reason);
    before = next.state;
  }
  const rolls = (s: TanksState) => {
    const out = game.reduce(s, shot!);
    if (!out.ok) throw new Error(out.reason);
    return { state: out.state, rolls: out.events.filter((e) => e.type === 'AttackRolled') };
  };

  test('a keyed shot rolls from the key and the shot, whatever the running dice; a game never keys them', () => {
    expect(shot).toBeDefined();
    const a = rolls(game.keyedDice!(game.dice.set(before, seedRng(11)), 5));
    const b = rolls(game.keyedDice!(game.dice.set(before, seedRng(12)), 5));
    const other = rolls(game.keyedDice!(before, 6));
    expect(a.rolls.length).toBe(1);
    expect(a.rolls).toEqual(b.rolls);
    expect(a.rolls).not.toEqual(other.rolls);
    // Keyed, the running dice stay as they were; unkeyed they roll on and no key is kept.
    expect(a.state.rng).toEqual(game.dice.set(before, seedRng(11)).rng);
    const plain = rolls(before);
    expect(plain.state.rollKey).toBeUndefined();
    expect(plain.state.rng).not.toEqual(before.rng);
    expect(rolls(game.dice.set(before, seedRng(11))).rolls).not.toEqual(
      rolls(game.dice.set(before, seedRng(12))).rolls,
    );
  });
});
