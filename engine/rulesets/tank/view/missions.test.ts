import { describe, expect, test } from 'vitest';
import { fixtureScenario } from '../fixtures';
import { makeTankGame } from '../game';
import { tankView } from './index';

const made = () => {
  const m = makeTankGame(
    fixtureScenario({
      layers: ['costello'],
      columns: 20,
      alpha: [
        { id: 'a1', type: 'tank.infantrySquad', at: [2, 5] },
        { id: 'a4', type: 'tank.infantrySquad', at: [1, 5] },
        { id: 'a2', type: 'tank.mediumMortar', at: [1, 5] },
        { id: 'a3', type: 'tank.pzIV', at: [3, 5], facing: 1 },
      ],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [12, 2], facing: 4 }],
    }),
  );
  if (typeof m === 'string') throw new Error(m);
  return { ...m, view: tankView(m.ctx, m.game), state: m.game.newGame({ seed: 2 }) };
};

describe('TANK! playtest: the missions MT, DT, MVR and SF, smoke and rubble on the board', () => {
  test('infantry next to a friendly vehicle is offered MT; the plot it writes is accepted', () => {
    const m = made();
    const mt = m.view.commands(m.state, 'a1').find((c) => c.id === 'MT-a3');
    expect(mt?.label).toMatch(/Mount Panzer IV.*\(MT, 0\/\d aboard\)/);
    expect(mt?.action).toEqual({ type: 'plot', unit: 'a1', mission: 'MT', target: 'a3' });
    expect(m.game.reduce(m.state, mt!.action as never).ok).toBe(true);
    // The mortar is not infantry that rides: no MT for it.
    expect(m.view.commands(m.state, 'a2').some((c) => c.id.startsWith('MT-'))).toBe(false);
  });

  test('a rider may only dismount: DT into its carrier hex or next to it, by command or by a click', () => {
    const m = made();
    const units = {
      ...m.state.units,
      a1: { ...m.state.units['a1']!, at: { col: 3, row: 5 }, carriedBy: 'a3' },
    };
    const s = { ...m.state, units };
    const cmds = m.view.commands(s, 'a1');
    expect(cmds.every((c) => c.id.startsWith('DT-'))).toBe(true);
    expect(cmds).toHaveLength(7);
    const counter = m.view.counters(s, 'alpha').find((c) => c.id === 'a1')!;
    expect(counter.embarkedIn).toBe('a3');
    expect(counter.status.join()).toMatch(/riding Panzer IV/);
    expect(m.view.counters(s, 'alpha').find((c) => c.id === 'a3')!.passengers).toEqual(['a1']);
    expect(m.view.reachable(s, 'a1')?.hexes).toHaveLength(7);
    const plan = m.view.planMove(s, 'a1', { col: 4, row: 5 });
    expect(plan).toMatchObject({ ok: true, action: { mission: 'DT', at: [4, 5] } });
    const far = m.view.planMove(s, 'a1', { col: 8, row: 5 });
    expect(far).toMatchObject({ ok: false, ruleId: 'TC-G2' });
  });

  test('a vehicle may back up one hex keeping its facing (MVR); a mortar lays smoke (SF) on a hex', () => {
    const m = made();
    const mvr = m.view.commands(m.state, 'a3').filter((c) => c.id.startsWith('MVR-'));
    expect(mvr.length).toBeGreaterThan(0);
    for (const c of mvr) expect(m.game.reduce(m.state, c.action as never).ok).toBe(true);
    // With a mission plotted, backing up is also offered as its morale fallback (TC-6.4).
    expect(m.view.commands(m.state, 'a3').some((c) => c.id.startsWith('MVR-fallback'))).toBe(false);
    const fc = m.game.reduce(m.state, { type: 'plot', unit: 'a3', mission: 'OF' });
    if (!fc.ok) throw new Error(fc.reason);
    const fb = m.view.commands(fc.state, 'a3').find((c) => c.id.startsWith('MVR-fallback'))!;
    expect(fb.label).toMatch(/^If morale cancels its missions: back up to \d{4} \(MVR\)$/);
    const withFb = m.game.reduce(fc.state, fb.action as never);
    if (!withFb.ok) throw new Error(withFb.reason);
    expect(withFb.state.plots['alpha']!['a3']).toMatchObject({
      mission: 'OF',
      fallback: { mission: 'MVR' },
    });
    expect(m.view.weapons(m.state, 'a2').map((w) => w.id)).toEqual(['IF', 'SF']);
    const sf = m.view.previewFire(m.state, 'a2', 'SF', undefined, { at: { col: 8, row: 3 } });
    expect(sf.legal).toBe(true);
    expect(sf.action).toMatchObject({ mission: 'SF', at: [8, 3] });
  });

  test('smoke and rubble show on the board for everybody', () => {
    const m = made();
    const s = {
      ...m.state,
      smoke: [
        {
          kind: 'mortar' as const,
          hex: { col: 8, row: 3 },
          side: 'alpha',
          unit: 'a2',
          placed: 1,
          until: 1,
        },
      ],
      rubble: [{ hex: { col: 9, row: 3 }, blocksVehicles: true }],
    };
    for (const viewer of ['alpha', 'bravo', null]) {
      const marks = m.view.hexMarks!(s, viewer);
      expect(marks.clouds).toEqual([{ cell: { col: 8, row: 3 }, label: 'smoke to turn 1' }]);
      expect(marks.changed).toEqual([
        {
          cell: { col: 9, row: 3 },
          set: { terrain: 'rubble', rubble: true, urban: false, building: false },
        },
      ]);
    }
  });
});

describe('TANK! playtest: digging in (EN, TC-4.8) and clearing rubble (CLR, TC-4.9) from the unit panel', () => {
  const m = () => {
    const g = makeTankGame(
      fixtureScenario({
        layers: ['costello'],
        alpha: [
          { id: 'sq', type: 'tank.infantrySquad', at: [2, 5] },
          { id: 'sp', type: 'tank.sapperSquad', at: [4, 5] },
          { id: 'tk', type: 'tank.pzIV', at: [3, 2] },
        ],
        bravo: [{ id: 'b1', type: 'tank.t34', at: [12, 2], facing: 4 }],
      }),
    );
    if (typeof g === 'string') throw new Error(g);
    return { ...g, view: tankView(g.ctx, g.game), state: g.game.newGame({ seed: 2 }) };
  };

  test('infantry is offered EN; after the catalog turns its counter shows IP and EN is refused', () => {
    const g = m();
    const en = g.view.commands(g.state, 'sq').find((c) => c.id === 'EN');
    expect(en).toMatchObject({
      label: 'Dig in here (EN, 1 of 2 turns)',
      action: { type: 'plot', unit: 'sq', mission: 'EN' },
      ruleId: 'TC-4.8',
    });
    expect(g.view.commands(g.state, 'tk').some((c) => c.id === 'EN')).toBe(false);
    const dug = {
      ...g.state,
      units: {
        ...g.state.units,
        sq: { ...g.state.units['sq']!, entrench: { at: { col: 2, row: 5 }, turns: 2 } },
      },
    };
    const counter = g.view.counters(dug, 'alpha').find((c) => c.id === 'sq')!;
    expect(counter.badges).toContain('IP');
    expect(counter.status).toContain('dug in: an Improved Position for it');
    expect(g.view.commands(dug, 'sq').find((c) => c.id === 'EN')).toMatchObject({
      action: undefined,
      ruleId: 'TC-4.8',
    });
  });

  test('a sapper next to rubble that closes a street is offered CLR for that hex only', () => {
    const g = m();
    const s = {
      ...g.state,
      rubble: [
        { hex: { col: 5, row: 5 }, blocksVehicles: true },
        { hex: { col: 9, row: 5 }, blocksVehicles: true },
      ],
    };
    const clr = g.view.commands(s, 'sp').filter((c) => c.id.startsWith('CLR-'));
    expect(clr).toHaveLength(1);
    expect(clr[0]).toMatchObject({
      id: 'CLR-5-5',
      action: { type: 'plot', unit: 'sp', mission: 'CLR', at: [5, 5] },
      ruleId: 'TC-4.9',
    });
    expect(g.game.reduce(s, clr[0]!.action as never).ok).toBe(true);
    expect(g.view.commands(s, 'sq').some((c) => c.id.startsWith('CLR-'))).toBe(false);
  });
});
