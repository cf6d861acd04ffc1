import { describe, expect, test } from 'vitest';
import type { Feature } from '../../../format';
import { building } from '../fixtures';
import { testGame, type TestGame } from '../testing';
import { tanksView } from '../view';

/**
 * Moving a tank by clicking on the table (TK-4.3, TK-4.10, TK-A9): the tank goes along the arrow
 * towards the click, stops just short of the first thing it would run into and says what that
 * is, by name; what it stands against does not hold it back when it drives away.
 */
describe('a tank moved by a click', () => {
  const start = (features: Feature[], at: [number, number] = [10, 4], facing = 0): TestGame => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at, facing },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [26, 32] },
      ],
      features,
    });
    g.act({ type: 'endPhase', side: 'b' });
    return g;
  };
  const plan = (g: TestGame, to: [number, number]) =>
    tanksView(g.ctx, g.game).planMove(g.state, 'a1', to);
  const moved = (g: TestGame, from: readonly number[]) => {
    const at = g.state.models['a1']!.at!;
    return Math.hypot(at[0] - from[0]!, at[1] - from[1]!);
  };

  test('a click past a building moves the tank along the arrow to just short of it', () => {
    const g = start([building('house', 10, 9, 4, 2)]);
    const p = plan(g, [12, 12]);
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.explanation).toMatch(
      /It stops short: .*meets house \(Building\) after 2\.\d" along the arrow/,
    );
    g.act(p.action as never);
    // Just short: one more hundredth of an inch would not do.
    expect(moved(g, [10, 4])).toBeGreaterThan(2.3);
    expect(moved(g, [10, 4])).toBeLessThan(2.5);
  });

  test('from against the building, a click away from it moves a whole Tail and cites nothing', () => {
    const g = start([building('house', 10, 9, 4, 2)]);
    const first = plan(g, [12, 12]);
    if (!first.ok) throw new Error(first.reason);
    g.act(first.action as never);
    const stopped = [...g.state.models['a1']!.at!];
    for (const away of [
      [16, 6],
      [4, 7],
      [10, 0],
      [15, 2],
      [5, 2],
    ] as [number, number][]) {
      const p = plan(g, away);
      expect(p.ok, `click at ${away.join(',')}`).toBe(true);
      if (!p.ok) continue;
      expect(p.explanation, `click at ${away.join(',')}`).not.toMatch(/house|stops short/);
      expect(p.explanation).toMatch(/4\.0" along the arrow/);
    }
    const p = plan(g, [10, 0]);
    if (!p.ok) throw new Error(p.reason);
    g.act(p.action as never);
    expect(moved(g, stopped)).toBeCloseTo(4, 5);
  });

  test('a click heading away from the building is not held back by it when the tank turns', () => {
    // Stopped against the house's top right, facing 55°: driving east-south-east turns the tank
    // first; the turn used to sweep a wedge over the corner and cut the move to 0.5-1.3".
    const g = start([building('house', 10, 9, 4, 2)], [11.67, 6.34], 55);
    for (const to of [
      [17.6, 7.4],
      [17.3, 8.4],
      [16.9, 9.3],
    ] as [number, number][]) {
      const p = plan(g, to);
      expect(p.ok, `click at ${to.join(',')}`).toBe(true);
      if (!p.ok) continue;
      expect(p.explanation, `click at ${to.join(',')}`).not.toMatch(/house|stops short/);
      expect(p.explanation).toMatch(/4\.0" along the arrow/);
    }
  });

  test('a click into the building it stands against is refused, and says so without claiming it moves', () => {
    const g = start([building('house', 10, 9, 4, 2)]);
    const first = plan(g, [12, 12]);
    if (!first.ok) throw new Error(first.reason);
    g.act(first.action as never);
    const p = plan(g, [9, 13]);
    expect(p).toMatchObject({ ok: false, ruleId: 'TK-4.10' });
    if (p.ok) return;
    expect(p.reason).toMatch(/stands against house \(Building\) and cannot move that way/);
    expect(p.reason).not.toMatch(/stops/);
  });

  test('the obstruction named is the first one the arrow meets, called by name, never by id', () => {
    // The far building comes first in the map; the near one has no name.
    const far: Feature = { ...building('far-house-id', 10, 14, 4, 2), name: 'Farmhouse' };
    const near = building('building-ivi12yvh', 10, 9, 4, 2);
    const { name: _drop, ...unnamed } = near;
    const g = start([far, unnamed as Feature]);
    const p = plan(g, [10, 20]);
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.explanation).toMatch(/meets building 2 \(Building\)/);
    expect(p.explanation).not.toMatch(/Farmhouse|ivi12yvh/);
  });
});
