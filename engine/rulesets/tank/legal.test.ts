import { describe, expect, it } from 'vitest';
import type { ScenarioDoc } from '../../format';
import { baselineGame, botWinsOverBaseline } from '../../game/bots/matches';
import { auditLegalPlay } from '../../game/legalAudit';
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
