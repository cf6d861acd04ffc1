import { describe, expect, it } from 'vitest';
import type { ScenarioDoc } from '../../format';
import { baselineGame, botWinsOverBaseline } from '../../game/bots/matches';
import { auditLegalPlay } from '../../game/legalAudit';
import wire from '../../../scenarios/ww1-wire.scenario.json';
import { WW1_BUNDLED } from './catalogs';
import { makeWw1Game } from './game';

const made = () => {
  const m = makeWw1Game(wire as unknown as ScenarioDoc, WW1_BUNDLED);
  if (typeof m === 'string') throw new Error(m);
  return m;
};

describe('WWI legal actions', () => {
  it('every action listed, in every state random play reaches, is accepted by reduce', () => {
    const { game } = made();
    let checked = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const audit = auditLegalPlay(game, { seed, maxActions: 1500 });
      expect(audit.problems).toEqual([]);
      checked += audit.checked;
    }
    // Many decisions, each with many choices: the listing is not trivially short.
    expect(checked).toBeGreaterThan(2000);
  });

  it('lists the cards in hand at the start, and only for the side to act', () => {
    const { game } = made();
    const s = game.newGame({ seed: 3 });
    const side = game.status(s).waitingFor[0]!;
    const other = game.sides.find((x) => x.id !== side)!.id;
    const cards = new Set(s.deck.hands[side]);
    expect(
      new Set(game.legalActions!(s, side).map((a) => a.type === 'playCard' && a.card)),
    ).toEqual(cards);
    expect(game.legalActions!(s, other)).toEqual([]);
  });

  it('the baseline bot plays both sides to the end through simulate', () => {
    const { game } = made();
    for (const seed of [1, 2]) {
      const r = baselineGame(game, seed, { maxSideTurns: 400 });
      expect(r.stoppedBy).toBe('over');
      expect(r.result).toBeDefined();
    }
  });

  it('the balanced bot beats the baseline', () => {
    const games = 6;
    expect(botWinsOverBaseline(made().game, games, { maxSideTurns: 400 })).toBeGreaterThanOrEqual(
      games - 1,
    );
  });
});
