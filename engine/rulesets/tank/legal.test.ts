import { describe, expect, it } from 'vitest';
import type { ScenarioDoc } from '../../format';
import { baselinePlayer } from '../../game/bots/baseline';
import { auditLegalPlay } from '../../game/legalAudit';
import { simulate } from '../../game/simulate';
import hills from '../../../scenarios/tank-contour-hills.scenario.json';

import { makeTankGame } from './game';

const made = () => {
  const m = makeTankGame(hills as unknown as ScenarioDoc);
  if (typeof m === 'string') throw new Error(m);
  return m;
};

describe('TANK! legal actions', () => {
  it('every action listed, in every state random play reaches, is accepted by reduce', () => {
    const { game } = made();
    let checked = 0;
    for (const seed of [1, 2]) {
      // A listing runs to about 1,400 plots: the whole of it is checked at every 20th decision.
      const audit = auditLegalPlay(game, { seed, maxActions: 240, listEvery: 20 });
      expect(audit.problems).toEqual([]);
      checked += audit.checked;
    }
    // Many decisions, each with many choices: the listing is not trivially short.
    expect(checked).toBeGreaterThan(2500);
  });

  it('lists plots for every unit of the side and the end of plotting, for both sides at once', () => {
    const { game } = made();
    const s = game.newGame({ seed: 3 });
    for (const side of game.status(s).waitingFor) {
      const listed = game.legalActions!(s, side);
      expect(listed).toContainEqual({ type: 'endPlot', side });
      const units = new Set(listed.flatMap((a) => (a.type === 'plot' ? [a.unit] : [])));
      expect(units.size).toBeGreaterThan(1);
      expect(listed.filter((a) => a.type === 'plot' && a.mission === 'MV').length).toBeGreaterThan(
        3,
      );
    }
  });

  it('the baseline bot plays both sides to the end through simulate', () => {
    const { game } = made();
    for (const seed of [1, 2]) {
      const r = simulate(game, {
        seed,
        maxSideTurns: 400,
        players: Object.fromEntries(
          game.sides.map((s, k) => [s.id, baselinePlayer(game, seed * 10 + k)]),
        ),
      });
      expect(r.stoppedBy).toBe('over');
      expect(r.result).toBeDefined();
    }
  });

  it('the balanced bot beats the baseline', () => {
    const { game } = made();
    let wins = 0;
    const games = 6;
    for (let seed = 1; seed <= games; seed++) {
      const [a, b] = game.sides.map((s) => s.id) as [string, string];
      const botSide = seed % 2 ? a : b;
      const randomSide = botSide === a ? b : a;
      const r = simulate(game, {
        seed,
        maxSideTurns: 400,
        players: { [randomSide]: baselinePlayer(game, seed) },
      });
      if (r.result?.winner === botSide) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(games - 1);
  });
});
