import { describe, expect, test } from 'vitest';
import { simulate, type Player } from '../../../game/simulate';
import { testGame } from '../testing';
import type { TanksAction, TanksState } from './index';

/**
 * A side that plays nothing (an empty player: a peer gone quiet, a script with no moves) through
 * the kit's one headless driver. The driver ends the side's phase for it; in deployment that
 * deploys its next model where the rules allow (TK-2.5), as ending a set-up step places terrain,
 * the edge and objectives by default, so the game leaves set-up instead of stopping "stuck".
 */
const silent: Player<TanksState, TanksAction> = { kind: 'source', next: () => [] };

describe('an empty player in TANKS', () => {
  const game = () =>
    testGame({
      turnLimit: 3,
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank' },
        { id: 'b2', side: 'b', type: 'fx.tank' },
      ],
    });

  test('its models are deployed in its zone and the game is played to its end', () => {
    const g = game();
    expect(g.state.phase).toBe('deployment');
    // Every deployment goes through the rules' own check of the zone (deployProblem).
    const deployed: string[] = [];
    const r = simulate(g.game, {
      seed: 1,
      players: { b: silent },
      observe: (_s, _n, events) => {
        for (const e of events) if (e.type === 'ModelDeployed') deployed.push(e.unit);
      },
    });
    expect(r.reason).toBeUndefined();
    expect(r.stoppedBy).toBe('over');
    expect(deployed.sort()).toEqual(['b1', 'b2']);
  });

  test('both sides silent: set-up ends and the game runs to its turn limit', () => {
    const g = game();
    const r = simulate(g.game, { seed: 2, players: { a: silent, b: silent }, stallTurns: 0 });
    expect(r.stoppedBy).toBe('over');
    expect(g.game.status(r.state).turn).toBe(3);
  });

  test('ending the phase deploys the next model, as an event the log can show', () => {
    const g = game();
    // The Defender's edge is settled first (ending the phase keeps its edge), then the models.
    const seen: string[] = [];
    while (g.state.phase === 'deployment' && seen.length < 10) {
      const side = g.game.status(g.state).waitingFor[0]!;
      seen.push(...g.act({ type: 'endPhase', side }).map((e) => e.type));
    }
    expect(seen.filter((t) => t === 'ModelDeployed')).toHaveLength(2);
    expect(g.state.phase).toBe('movement');
  });
});
