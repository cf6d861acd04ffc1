import { describe, expect, test } from 'vitest';
import { bundledScenario } from '../../../../scripts/testing/bundled';
import { tanks } from '../index';
import { tanksView } from '../view';
import { makeTanksGame } from '../game';
import { TANKS_BUNDLED } from '../catalogs';
import type { TanksState } from './state';

/** TK-2.4: the Defender chooses its table edge, the Attacker takes the opposite one. */
describe('the Defender chooses the edge (TK-2.4)', () => {
  const made = makeTanksGame(bundledScenario('tanks-air-cover.scenario.json'), TANKS_BUNDLED);
  if (typeof made === 'string') throw new Error(made);
  const { ctx, game } = made;
  const start = game.newGame({ seed: 4 });
  const defender = start.defender;
  const attacker = start.attacker;
  const own = defender === 'sov' ? 'north' : 'south';
  const other = own === 'north' ? 'south' : 'north';
  const defenderTank = defender === 'sov' ? 'sov.t64' : 'usa.m1';

  test('nobody deploys before the choice; only the Defender chooses, between the two edges', () => {
    expect(start.edgeChoice).toBe('pending');
    expect(
      game.reduce(start, { type: 'deploy', unit: defenderTank, at: [18, 3], facing: 90 }),
    ).toMatchObject({ ok: false, ruleId: 'TK-2.4' });
    expect(game.reduce(start, { type: 'chooseEdge', side: attacker, edge: own })).toMatchObject({
      ok: false,
      ruleId: 'TK-2.4',
    });
    expect(game.reduce(start, { type: 'chooseEdge', side: defender, edge: 'east' })).toMatchObject({
      ok: false,
      ruleId: 'TK-2.4',
    });
  });

  test('taking the other edge swaps the deployment zones', () => {
    const r = game.reduce(start, { type: 'chooseEdge', side: defender, edge: other });
    if (!r.ok) throw new Error(r.reason);
    const s = r.state as TanksState;
    expect(s.edgeChoice).toBe('swapped');
    expect(r.events[0]).toMatchObject({
      type: 'EdgeChosen',
      edge: other,
      attackerEdge: own,
      chosen: true,
    });
    // The Defender's models now deploy along the other edge, and no longer along their old one.
    const view = tanksView(ctx, game);
    const first = view.phase(s).prompt;
    expect(first.kind).toBe('activate');
    const unit = first.kind === 'activate' ? first.unit : '';
    const y = other === 'north' ? 3 : 33;
    const near = view.planMove(s, unit, [18, y]);
    expect(near.ok, near.ok ? '' : near.reason).toBe(true);
    const far = view.planMove(s, unit, [18, 36 - y]);
    expect(far.ok).toBe(false);
  });

  test('passing keeps the scenario edge; the view asks the Defender on its first model', () => {
    const view = tanksView(ctx, game);
    const p = view.phase(start);
    expect(p.phaseRuleId).toBe('TK-2.4');
    expect(p.waitingFor).toEqual([defender]);
    const unit = p.prompt.kind === 'activate' ? p.prompt.unit : '';
    expect(view.commands(start, unit).map((c) => c.label)).toEqual([
      `Keep the ${own} edge (the Attacker deploys opposite)`,
      `Take the ${other} edge (the Attacker deploys opposite)`,
    ]);
    const r = game.reduce(start, game.endPhaseAction(start, defender));
    if (!r.ok) throw new Error(r.reason);
    expect((r.state as TanksState).edgeChoice).toBe('kept');
  });

  test('scenarios that fix positions or the deployment order offer no choice', () => {
    for (const file of [
      'tanks-your-first-game.scenario.json',
      'tanks-last-battle-of-alpha-66.scenario.json',
    ]) {
      const g = tanks.game!(bundledScenario(file));
      if (!g.ok) throw new Error(g.reason);
      expect((g.game.newGame({ seed: 1 }) as TanksState).edgeChoice).toBeUndefined();
    }
  });
});
