import { describe, expect, it } from 'vitest';
import type { ScenarioDoc } from '../../format';
import { entry } from '../../game/dict';
import wire from '../../../scenarios/ww1-wire.scenario.json';
import { botTurn, exactBattleValue, secondChoiceTurns } from './bot';
import { seedRng } from '../../random/dice';
import { WW1_BUNDLED } from './catalogs';
import { makeWw1Game } from './game';
import type { BattlePlan } from './rules/turn';

function made() {
  const m = makeWw1Game(wire as unknown as ScenarioDoc, WW1_BUNDLED);
  if (typeof m === 'string') throw new Error(m);
  return m;
}

describe('WWI bot: exact battle odds', () => {
  const { ctx, game } = made();
  const b = ctx.board;
  const start = game.newGame({ seed: 1 });
  const faces = b.rules.faces;
  const hitSymbols = [...new Set(faces)].filter((f) =>
    (entry(b.rules.hits, f) ?? []).includes('infantry'),
  );
  // One die at an infantry unit with one figure left, no flag it may ignore.
  const plan: BattlePlan = {
    close: false,
    bonus: false,
    distance: 2,
    baseDice: 1,
    dice: 1,
    diceModifiers: [],
    ignorable: 0,
    flagModifiers: [],
    hitSymbols,
    ruleIds: [],
  };
  const pHit = faces.filter((f) => hitSymbols.includes(f)).length / faces.length;
  const pFlag = faces.filter((f) => f === b.rules.flag).length / faces.length;
  const unit = start.units['german.inf3']!;

  it('a flag against a unit that can retreat pushes it back; one it cannot retreat from kills it', () => {
    const free = { ...unit, figures: 1, at: { col: 6, row: 2 } };
    const blocked = { ...unit, figures: 1, at: { col: 6, row: 0 } };
    const alone = (u: typeof unit) => ({ units: { [u.id]: u } });
    // A figure lost weighs 1, an elimination 3 more, a hex pushed back 0.3 (EXACT_WEIGHTS).
    expect(exactBattleValue(b, alone(free), plan, free)).toBeCloseTo(pHit * 4 + pFlag * 0.3, 9);
    expect(exactBattleValue(b, alone(blocked), plan, blocked)).toBeCloseTo((pHit + pFlag) * 4, 9);
  });

  it('the search plays its own side with the exact odds; the styles keep their rule', () => {
    expect(game.searchBot).toBeDefined();
    for (const side of ['british', 'german']) {
      let s = start;
      if (side === 'german') s = game.bot(s, 'british').state;
      const own = game.searchBot!(s, side, 'balanced');
      expect(own.actions).toEqual(botTurn(b, s, side, 'balanced', true).actions);
      expect(game.bot(s, side, 'balanced').actions).toEqual(
        botTurn(b, s, side, 'balanced').actions,
      );
      expect(own.actions.length).toBeGreaterThan(2);
    }
  });
});

describe('WWI search hooks: keyed dice and second choices', () => {
  const { ctx, game } = made();
  const start = game.newGame({ seed: 3 });
  const turn = game.searchBot!(start, 'british', 'balanced');
  const battles = (events: readonly { type: string }[]) =>
    events.filter((e) => e.type === 'battle').map((e) => JSON.stringify(e));
  const played = (s: typeof start) => {
    let at = s;
    const events: { type: string }[] = [];
    for (const a of turn.actions) {
      const r = game.reduce(at, a);
      if (!r.ok) throw new Error(r.reason);
      at = r.state;
      events.push(...r.events);
    }
    return { state: at, events };
  };

  it('keyed dice roll a battle from the battle, whatever the running dice; a game never keys them', () => {
    const a = played(game.keyedDice!(game.dice.set(start, seedRng(11)), 5));
    const b = played(game.keyedDice!(game.dice.set(start, seedRng(12)), 5));
    const other = played(game.keyedDice!(start, 6));
    expect(battles(a.events).length).toBeGreaterThan(0);
    expect(battles(a.events)).toEqual(battles(b.events));
    expect(battles(a.events)).not.toEqual(battles(other.events));
    // Unkeyed, the running dice roll: two seeds give other dice, and the game keeps no key.
    const plain = played(start);
    expect(plain.state.rollKey).toBeUndefined();
    expect(plain.state.rng).not.toEqual(start.rng);
    expect(battles(played(game.dice.set(start, seedRng(11))).events)).not.toEqual(
      battles(played(game.dice.set(start, seedRng(12))).events),
    );
  });

  it('each second-choice turn is legal and differs from the bot turn in the decision it names', () => {
    const seconds = secondChoiceTurns(ctx.board, start, 'british', 'balanced', true, ctx.names);
    expect(seconds.map((t) => t.label)).toContain('its second choice of command card');
    expect(seconds.some((t) => t.label.startsWith('its second-best place for'))).toBe(true);
    for (const t of seconds) {
      let s = start;
      for (const a of t.turn.actions) {
        const r = game.reduce(s, a);
        expect(r.ok, `${t.label}: ${JSON.stringify(a)}`).toBe(true);
        if (r.ok) s = r.state;
      }
      expect(s.active).toBe('german');
    }
    const card = seconds.find((t) => t.label === 'its second choice of command card')!;
    expect(card.turn.actions[0]).not.toEqual(turn.actions[0]);
    const placed = seconds.filter((t) => t.label.startsWith('its second-best place for'));
    expect(
      placed.every((t) => JSON.stringify(t.turn.actions) !== JSON.stringify(turn.actions)),
    ).toBe(true);
  });
});
