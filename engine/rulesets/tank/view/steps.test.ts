import { describe, expect, test } from 'vitest';
import { applyActions, readableLog, startGame, type PlaytestGame } from '../../../playtest/session';
import type { GameAction, ResolvePrompt } from '../../../playtest/view';
import { eraseView } from '../../../playtest/viewBase';
import { fixtureScenario } from '../fixtures';
import { makeTankGame } from '../game';
import { resolutionSteps } from '../rules/resolve';
import { tankView } from './index';

const made = () => {
  const m = makeTankGame(
    fixtureScenario({
      layers: ['optional', 'costello'],
      alpha: [{ id: 'a1', type: 'tank.pzIV', at: [2, 2], facing: 3 }],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [2, 8], facing: 0 }],
    }),
  );
  if (typeof m === 'string') throw new Error(m);
  return { ...m, view: tankView(m.ctx, m.game) };
};

/** Both sides plotted by people (each asking for steps): alpha fires at the unspotted T-34. */
function plotted() {
  const m = made();
  let game: PlaytestGame = startGame(eraseView(m.view), 4, {
    alpha: 'human',
    bravo: 'human',
  });
  const act = (...actions: GameAction[]) => {
    const r = applyActions(game, actions);
    if (!r.ok) throw new Error(r.reason);
    game = r.game;
  };
  const endPlot = (side: string) => m.view.personEndsPhase!(m.game.newGame({ seed: 4 }), side);
  act({ type: 'plot', unit: 'a1', mission: 'DF', target: 'b1' }, endPlot('alpha'));
  act({ type: 'plot', unit: 'b1', mission: 'OF' }, endPlot('bravo'));
  return { ...m, act, game: () => game };
}

const state = (g: PlaytestGame) => g.entries[g.entries.length - 1]!.state as never;

describe('TANK! playtest: resolving a turn step by step', () => {
  test('a person ending plotting asks for steps; the prompt lists the sequence of play and plays it one step at a time', () => {
    const m = plotted();
    const s0 = state(m.game());
    const p0 = m.view.promptFor!(s0, 'bravo') as ResolvePrompt;
    expect(p0.kind).toBe('resolve');
    expect(p0.done).toBe(0);
    expect(p0.happened).toEqual([]);
    expect(p0.steps.map((x) => x.id)).toEqual(resolutionSteps(m.ctx));
    expect(p0.steps.map((x) => x.id)).not.toContain('PLOT');
    expect(m.view.phase(s0)).toMatchObject({ phaseLabel: 'Resolution', waitingFor: ['bravo'] });
    // The first step played: its header and nothing of the later steps.
    m.act(p0.next!);
    const p1 = m.view.promptFor!(state(m.game()), 'bravo') as ResolvePrompt;
    expect(p1.done).toBe(1);
    expect(p1.happened[0]!.line.text).toContain(p1.steps[0]!.label);
    expect(p1.happened.some((h) => h.line.tone === 'fire')).toBe(false);
    expect(m.view.phase(state(m.game())).phase).toBe(p1.steps[0]!.id);
  });

  test("the enemy's log and step never name an unspotted firer, nor draw the line of sight that would show it; its own side's do", () => {
    const m = plotted();
    const s0 = state(m.game());
    const dfAt = (m.view.promptFor!(s0, null) as ResolvePrompt).steps.findIndex(
      (x) => x.id === 'DF',
    );
    for (let k = 0; k <= dfAt; k++) m.act({ type: 'resolve' });
    const s = state(m.game());
    const a1 = m.ctx.units.get('a1')!.name;
    const t34 = m.ctx.units.get('b1')!.name;

    const bravo = m.view.promptFor!(s, 'bravo') as ResolvePrompt;
    const shot = bravo.happened.find((h) => h.line.tone === 'fire')!;
    expect(shot.line.text).toContain(`Unspotted vehicle → ${t34}`);
    expect(shot.line.text).not.toContain(a1);
    expect(shot.sight).toBeUndefined();
    const bravoLog = readableLog(m.game(), 'bravo').map((l) => l.text);
    expect(bravoLog.some((t) => t.includes(`${t34} is spotted by Unspotted vehicle`))).toBe(true);
    expect(bravoLog.join('\n')).not.toContain(a1);

    const alpha = m.view.promptFor!(s, 'alpha') as ResolvePrompt;
    const own = alpha.happened.find((h) => h.line.tone === 'fire')!;
    expect(own.line.text).toContain(`${a1} → ${t34}`);
    expect(own.sight?.hexes?.length).toBe(7);
    expect(own.detail?.[0]).toMatch(/^CRT row up to \d+ hexes \(range 6\), column [+-]?\d+: /);
    // The shot's cell and die are in its line: what the enemy may know of the shot too.
    expect(shot.line.text).toMatch(/cell [^;]+; roll \d/);
    expect(shot.line.dice).toHaveLength(1);
    expect(readableLog(m.game(), 'alpha').some((l) => l.text.includes(a1))).toBe(true);
    // Nobody in particular (bots only, or the game over) reads every name.
    expect(readableLog(m.game(), null).some((l) => l.text.includes(`${a1} → ${t34}`))).toBe(true);
  });

  test('a mortar call stays with its side until its fire lands', () => {
    const m = made();
    const call = {
      type: 'mortarCalled',
      unit: 'a1',
      side: 'alpha',
      hex: { col: 3, row: 3 },
      he: 4,
      lands: 3,
      ruleId: 'TC-4.4',
    } as const;
    const s = m.game.newGame({ seed: 1 });
    expect(m.game.eventVisible(call, 'alpha', s)).toBe(true);
    expect(m.game.eventVisible(call, 'bravo', s)).toBe(false);
  });
});
