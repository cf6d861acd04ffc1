import { describe, expect, test } from 'vitest';
import { hexDistance } from '../../hex';
import { tankBotTurn } from './bot';
import { fixtureScenario, type FixtureOptions } from './fixtures';
import { makeTankGame } from './game';
import { tankView } from './view';

const start = (o: FixtureOptions) => {
  const m = makeTankGame(fixtureScenario(o));
  if (typeof m === 'string') throw new Error(m);
  return { ...m, state: m.game.newGame({ seed: 1 }) };
};

describe('the TANK! bot', () => {
  test('fires at the target its exact odds favour most, and ends its plotting', () => {
    const g = start({
      layers: ['optional'],
      alpha: [{ id: 'a1', type: 'tank.pzV', at: [2, 2], facing: 3 }],
      bravo: [
        // Front-on T-34 far off, and a Panzer III (weaker armour) close: the close one is the shot.
        { id: 'far', type: 'tank.t34', at: [2, 10], facing: 0 },
        { id: 'near', type: 'tank.pzIII', at: [2, 5], facing: 0 },
      ],
    });
    const t = tankBotTurn(g.ctx, g.state, 'alpha');
    expect(t.actions).toContainEqual({ type: 'plot', unit: 'a1', mission: 'DF', target: 'near' });
    expect(t.actions.at(-1)).toEqual({ type: 'endPlot', side: 'alpha' });
  });

  test('with nothing in reach, a tank moves toward the objective and prefers cover', () => {
    const doc = fixtureScenario({
      layers: ['optional', 'costello'],
      terrain: [
        [8, 6, 'woods'],
        [8, 5, 'woods'],
      ],
      alpha: [{ id: 'a1', type: 'tank.pzIV', at: [1, 6], facing: 1 }],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [15, 0], facing: 4 }],
    });
    doc.objectives = [
      {
        id: 'hill',
        kind: 'holdZone',
        name: 'Hill',
        owner: 'alpha',
        area: { shape: 'hexes', hexes: [{ col: 12, row: 6 }] },
        holdTurns: 2,
      },
    ];
    const m = makeTankGame(doc);
    if (typeof m === 'string') throw new Error(m);
    const s = m.game.newGame({ seed: 1 });
    const t = tankBotTurn(m.ctx, s, 'alpha');
    const plot = t.actions.find((a) => a.type === 'plot' && a.unit === 'a1');
    expect(plot).toMatchObject({ mission: 'MV' });
    const path = (plot as unknown as { path: [number, number][] }).path;
    const end = path[path.length - 1]!;
    const d = (c: number, r: number) =>
      hexDistance(m.ctx.map.toAxial({ col: c, row: r }), m.ctx.map.toAxial({ col: 12, row: 6 }));
    expect(d(end[0], end[1])).toBeLessThan(d(1, 6));
  });

  test('a tank with nothing to shoot moves to a hull-down hex behind a ridge facing the enemy', () => {
    const g = start({
      layers: ['costello'],
      columns: 30,
      // A ridge facing the enemy east of the tank, and one facing away west of it.
      ridges: [
        [7, 5, 2],
        [3, 5, 4],
      ],
      alpha: [{ id: 'a1', type: 'tank.pzIV', at: [5, 5], facing: 2 }],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [29, 5], facing: 5 }],
    });
    const t = tankBotTurn(g.ctx, g.state, 'alpha');
    const plot = t.actions.find((a) => a.type === 'plot' && a.unit === 'a1') as unknown as {
      mission: string;
      path: [number, number][];
    };
    expect(plot.mission).toBe('MV');
    expect(plot.path.at(-1)).toEqual([7, 5]);
  });

  test('plays either side: both bots end the turn and it resolves', () => {
    const g = start({
      layers: ['optional', 'costello'],
      alpha: [{ id: 'a1', type: 'tank.pzIV', at: [2, 2], facing: 3 }],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [2, 8], facing: 0 }],
    });
    const a = tankBotTurn(g.ctx, g.state, 'alpha');
    const b = tankBotTurn(g.ctx, a.state, 'bravo');
    expect(b.state.turn).toBe(2);
    expect(b.events.some((e) => e.type === 'step' && e.step === 'DF')).toBe(true);
  });
});

describe('the TANK! playtest view', () => {
  const g = start({
    layers: ['optional', 'costello'],
    alpha: [{ id: 'a1', type: 'tank.pzIV', at: [2, 2], facing: 3 }],
    bravo: [
      { id: 'b1', type: 'tank.t34', at: [2, 8], facing: 0 },
      { id: 'b2', type: 'tank.dummy.vehicle', at: [6, 8], facing: 0 },
    ],
  });
  const view = tankView(g.ctx, g.game);
  test('an unspotted enemy, dummies included, shows only as a vehicle counter', () => {
    const seen = view.counters(g.state, 'alpha').filter((c) => c.side === 'bravo');
    expect(seen.map((c) => [c.label, c.glyph])).toEqual([
      ['Unspotted vehicle', '?'],
      ['Unspotted vehicle', '?'],
    ]);
    const own = view.counters(g.state, 'bravo').find((c) => c.id === 'b2')!;
    expect(own.label).toContain('dummy');
  });
  test("a side's plots show on its own counters and board only", () => {
    const r = g.game.reduce(g.state, { type: 'plot', unit: 'a1', mission: 'MV', path: [[2, 3]] });
    if (!r.ok) throw new Error(r.reason);
    expect(
      view
        .counters(r.state, 'alpha')
        .find((c) => c.id === 'a1')!
        .status.join(),
    ).toContain('plot: MV');
    expect(
      view
        .counters(r.state, 'bravo')
        .find((c) => c.id === 'a1')!
        .status.join(),
    ).not.toContain('plot');
    expect(view.hexMarks!(r.state, 'alpha').highlight?.hexes).toEqual([{ col: 2, row: 3 }]);
    expect(view.hexMarks!(r.state, 'bravo').highlight).toBeUndefined();
  });
  test('the fire preview gives the line of sight hex by hex and the exact odds', () => {
    const p = view.previewFire(g.state, 'a1', 'DF', undefined, { unit: 'b1' });
    expect(p.legal).toBe(true);
    expect(p.sight?.hexes?.length).toBe(7);
    expect(p.odds.reduce((n, o) => n + o.p, 0)).toBeCloseTo(1);
    expect(p.steps[0]!.modifiers).toContainEqual(expect.objectContaining({ ruleId: 'TC-7.4' }));
  });
});

describe('the TANK! bot and the missions MVR, SF, MT, DT and the morale fallback', () => {
  const withGoal = (o: FixtureOptions, hex: { col: number; row: number }) => {
    const doc = fixtureScenario(o);
    doc.objectives = [
      {
        id: 'goal',
        kind: 'holdZone',
        name: 'Goal',
        owner: 'alpha',
        area: { shape: 'hexes', hexes: [hex] },
        holdTurns: 2,
      },
    ];
    const m = makeTankGame(doc);
    if (typeof m === 'string') throw new Error(m);
    return { ...m, state: m.game.newGame({ seed: 1 }) };
  };
  const plotOf = (t: { actions: readonly unknown[] }, unit: string) =>
    t.actions.find(
      (a) => (a as { type: string }).type === 'plot' && (a as { unit: string }).unit === unit,
    ) as { mission: string; path?: [number, number][]; target?: string; at?: number[] } | undefined;

  test('a tank whose best hex lies behind it backs there (MVR), keeping its front to the enemy', () => {
    const g = withGoal(
      {
        terrain: [
          [7, 2, 'woods'],
          [8, 2, 'woods'],
          [9, 2, 'woods'],
        ],
        alpha: [{ id: 'a1', type: 'tank.pzIII', at: [8, 5], facing: 0 }],
        bravo: [{ id: 'b1', type: 'tank.t34', at: [8, 0], facing: 3 }],
      },
      { col: 8, row: 9 },
    );
    const p = plotOf(tankBotTurn(g.ctx, g.state, 'alpha'), 'a1');
    expect(p?.mission).toBe('MVR');
    expect(p?.path?.at(-1)?.[1]).toBeGreaterThan(5);
  });

  test('a mortar with no target in reach lays smoke between the enemy and the friend it sees (SF)', () => {
    const g = start({
      layers: ['costello'],
      columns: 40,
      alpha: [
        { id: 'a1', type: 'tank.infantrySquad', at: [1, 5] },
        { id: 'a2', type: 'tank.mediumMortar', at: [1, 5] },
        { id: 'a3', type: 'tank.pzIV', at: [28, 2], facing: 2 },
      ],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [38, 2], facing: 5 }],
    });
    const p = plotOf(tankBotTurn(g.ctx, g.state, 'alpha'), 'a2');
    expect(p?.mission).toBe('SF');
    expect(p?.at?.[0]).toBeGreaterThan(28);
    expect(p?.at?.[0]).toBeLessThan(38);
  });

  test('infantry in cover with no enemy in reach digs in (EN); a sapper next to a closed street clears it (CLR)', () => {
    const g = start({
      layers: ['costello'],
      columns: 30,
      terrain: [[3, 5, 'woods']],
      alpha: [
        { id: 'a1', type: 'tank.infantrySquad', at: [3, 5] },
        { id: 'a2', type: 'tank.sapperSquad', at: [6, 5] },
      ],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [28, 2], facing: 5 }],
    });
    const state = { ...g.state, rubble: [{ hex: { col: 7, row: 5 }, blocksVehicles: true }] };
    const turn = tankBotTurn(g.ctx, state, 'alpha');
    expect(plotOf(turn, 'a1')?.mission).toBe('EN');
    expect(plotOf(turn, 'a2')).toMatchObject({ mission: 'CLR', at: [7, 5] });
  });

  test('infantry far from the objective mounts the tank in its hex, which waits; near the enemy it gets off', () => {
    const g = withGoal(
      {
        columns: 30,
        alpha: [
          { id: 'a1', type: 'tank.infantrySquad', at: [1, 5] },
          { id: 'a2', type: 'tank.pzIV', at: [1, 5], facing: 2 },
        ],
        bravo: [{ id: 'b1', type: 'tank.t34', at: [28, 5], facing: 5 }],
      },
      { col: 20, row: 5 },
    );
    const t = tankBotTurn(g.ctx, g.state, 'alpha');
    expect(plotOf(t, 'a1')).toMatchObject({ mission: 'MT', target: 'a2' });
    expect(plotOf(t, 'a2')?.path ?? []).toEqual([]);
    const r = g.game.reduce(t.state, { type: 'endPlot', side: 'bravo' });
    if (!r.ok) throw new Error(r.reason);
    expect(r.state.units['a1']!.carriedBy).toBe('a2');
    // Riding next to the enemy, the squad plots DT.
    const near = {
      ...r.state,
      units: {
        ...r.state.units,
        a1: { ...r.state.units['a1']!, at: { col: 24, row: 5 } },
        a2: { ...r.state.units['a2']!, at: { col: 24, row: 5 } },
      },
    };
    expect(plotOf(tankBotTurn(g.ctx, near, 'alpha'), 'a1')).toMatchObject({ mission: 'DT' });
  });

  test('in the base game a platoon member closes up on where its leader ends (OT-G8)', () => {
    const g = withGoal(
      {
        columns: 30,
        alpha: [
          { id: 'a1', type: 'tank.pzIV', at: [1, 5], facing: 2, platoon: 'p' },
          { id: 'a2', type: 'tank.pzIII', at: [1, 9], facing: 2, platoon: 'p' },
        ],
        bravo: [{ id: 'b1', type: 'tank.t34', at: [29, 0], facing: 5 }],
      },
      { col: 20, row: 2 },
    );
    const t = tankBotTurn(g.ctx, g.state, 'alpha');
    expect(t.actions.filter((a) => a.type === 'plot')).toHaveLength(2);
    const lead = plotOf(t, 'a1')!;
    const member = plotOf(t, 'a2')!;
    expect(lead.mission).toBe('MV');
    expect(member.mission).toBe('MV');
    const end = (p: { path?: [number, number][] }) => {
      const [c, r] = p.path!.at(-1)!;
      return g.ctx.map.toAxial({ col: c, row: r });
    };
    // The member cannot get within 2 hexes of the leader's end this turn: it closes up.
    const start = g.ctx.map.toAxial({ col: 1, row: 9 });
    expect(hexDistance(end(lead), end(member))).toBeLessThan(hexDistance(end(lead), start));
  });

  test('a unit marked for a morale test writes a fallback facing toward the enemy (TC-6.4)', () => {
    const g = start({
      layers: ['costello'],
      alpha: [{ id: 'a1', type: 'tank.pzIV', at: [2, 2], facing: 3 }],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [12, 2], facing: 5 }],
    });
    const marked = {
      ...g.state,
      units: { ...g.state.units, a1: { ...g.state.units['a1']!, marks: ['isolated' as const] } },
    };
    const t = tankBotTurn(g.ctx, marked, 'alpha');
    expect(t.actions).toContainEqual(
      expect.objectContaining({ unit: 'a1', mission: 'FC', fallback: true }),
    );
  });
});
