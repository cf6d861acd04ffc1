import { describe, expect, test } from 'vitest';
import { bundledScenario } from '../../../scripts/testing/bundled';
import type { ScenarioDoc } from '../../format';
import { simulate } from '../../game/simulate';
import { fixtureScenario } from './fixtures';
import { makeTankGame } from './game';
import { resolutionSteps } from './rules/resolve';
import type { TankEvent } from './rules/state';
import { rulesState, type TankPlayAction, type TankPlayState } from './steps';

const meeting = (layers: string[]) =>
  fixtureScenario({
    layers,
    turnLimit: 6,
    terrain: [
      [7, 5, 'woods'],
      [7, 6, 'urban'],
    ],
    levels: [[8, 7, 1]],
    alpha: [
      { id: 'a1', type: 'tank.pzIV', at: [1, 4], facing: 2, platoon: 'ap' },
      { id: 'a2', type: 'tank.pzIV', at: [1, 6], facing: 2, platoon: 'ap' },
    ],
    bravo: [
      { id: 'b1', type: 'tank.t34', at: [12, 4], facing: 5, platoon: 'bp' },
      { id: 'b2', type: 'tank.t34', at: [12, 6], facing: 5, platoon: 'bp' },
    ],
  });

const made = (doc: ScenarioDoc) => {
  const m = makeTankGame(doc);
  if (typeof m === 'string') throw new Error(m);
  return m;
};

/**
 * Replays a bot game's actions with every side asking for steps, playing each turn's resolution
 * one step at a time; checks after each turn that the state and the events are those of the game
 * resolved at once.
 */
function replayStepped(doc: ScenarioDoc, seed: number) {
  const { ctx, game } = made(doc);
  const plain = simulate(game, { seed, record: true });
  const steps = resolutionSteps(ctx).length;
  let a = game.newGame({ seed });
  let b: TankPlayState = a;
  let turns = 0;
  let stepsPlayed = 0;
  for (const action of plain.actions as TankPlayAction[]) {
    const ra = game.reduce(a, action);
    expect(ra.ok).toBe(true);
    if (!ra.ok) return;
    a = ra.state;
    const rb = game.reduce(
      b,
      action.type === 'endPlot' ? { type: 'endPlot', side: action.side, steps: true } : action,
    );
    expect(rb.ok).toBe(true);
    if (!rb.ok) return;
    b = rb.state;
    const events: TankEvent[] = [...rb.events];
    if (!b.resolving) {
      // While plotting, only the side that asked for steps is added to the rules' state.
      expect(game.hash(rulesState(b))).toBe(game.hash(a));
      if (action.type === 'endPlot') expect(b.stepsBy).toBe(action.side);
      continue;
    }
    // Every side has plotted: the turn waits at its first step for the side that asked.
    expect(action.type).toBe('endPlot');
    const side = action.type === 'endPlot' ? action.side : '';
    expect(game.status(b)).toMatchObject({ phase: 'resolve', waitingFor: [side] });
    for (let k = 1; b.resolving; k++) {
      expect(game.reduce(b, { type: 'plot', unit: 'a1', mission: 'OF' }).ok).toBe(false);
      const step = game.reduce(b, { type: 'resolve' });
      expect(step.ok).toBe(true);
      if (!step.ok) return;
      // Each step's events open with its header from the sequence of play.
      expect(step.events[0]).toMatchObject({ type: 'step', step: resolutionSteps(ctx)[k - 1] });
      events.push(...step.events);
      b = step.state;
      stepsPlayed++;
      if (b.resolving) expect(b.resolving.done).toBe(k);
      else expect(k).toBe(steps);
    }
    turns++;
    expect(events).toEqual(ra.events);
    expect(game.hash(b)).toBe(game.hash(a));
    expect(b).toEqual(a);
  }
  expect(turns).toBeGreaterThan(1);
  expect(stepsPlayed).toBe(turns * steps);
  expect(game.hash(b)).toBe(plain.hash);
}

describe('TANK! resolution step by step', () => {
  test.each([[[]], [['optional']], [['costello']], [['optional', 'costello']]])(
    'with layers %j, a seeded game resolved step by step ends every turn in the state resolving at once gives',
    (layers) => replayStepped(meeting(layers), 11),
  );

  test('Contour hills, resolved step by step, plays to the same end and hash', () =>
    replayStepped(bundledScenario('tank-contour-hills'), 3));

  test('Resolve all plays the steps left at once; bots and the lab never ask for steps', () => {
    const { game } = made(meeting(['costello']));
    const plain = simulate(game, { seed: 5, record: true });
    expect(plain.actions.some((x) => x.type === 'resolve')).toBe(false);
    let s = game.newGame({ seed: 5 });
    let atOnce = s;
    for (const side of ['alpha', 'bravo']) {
      const turn = game.bot(s, side);
      s = turn.state;
      atOnce = turn.state;
    }
    // Replay the bots' plots, ending with steps asked by alpha only.
    s = game.newGame({ seed: 5 });
    const first = game.bot(s, 'alpha');
    for (const x of first.actions) {
      const r = game.reduce(s, x.type === 'endPlot' ? { ...x, steps: true } : x);
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
    }
    expect(s.stepsBy).toBe('alpha');
    const second = game.bot(s, 'bravo');
    for (const x of second.actions) {
      const r = game.reduce(s, x);
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
    }
    // Alpha asked, so alpha's person plays the steps, even though bravo ended plotting last.
    expect(game.status(s)).toMatchObject({ phase: 'resolve', waitingFor: ['alpha'] });
    expect(game.actionSide(s, { type: 'resolve' })).toBe('alpha');
    const one = game.reduce(s, { type: 'resolve' });
    if (!one.ok) throw new Error(one.reason);
    expect(game.endPhaseAction(one.state, 'alpha')).toEqual({ type: 'resolve', all: true });
    const rest = game.reduce(one.state, { type: 'resolve', all: true });
    if (!rest.ok) throw new Error(rest.reason);
    expect(rest.state.resolving).toBeUndefined();
    expect(game.hash(rest.state)).toBe(game.hash(atOnce));
    expect(game.reduce(rest.state, { type: 'resolve' })).toMatchObject({ ok: false });
  });
});
