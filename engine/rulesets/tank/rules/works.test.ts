import { describe, expect, test } from 'vitest';
import type { ScenarioDoc } from '../../../format';
import type { Reduction } from '../../../game/reducer';
import { fixtureScenario, type FixtureOptions } from '../fixtures';
import { createTankContext, type TankContext } from './context';
import { shotOdds } from './fire';
import { newTankGame, tankReducer } from './reducer';
import type { TankAction, TankEvent, TankState } from './state';

/** Entrenchment (TC-4.8), flame units, sappers and airlanding (TC-4.9), with placeholder values (TC-G4). */

const ctxOf = (o: Partial<FixtureOptions>, edit?: (s: ScenarioDoc) => void): TankContext => {
  const s = fixtureScenario({ layers: ['costello'], alpha: [], bravo: [], ...o });
  edit?.(s);
  const c = createTankContext(s);
  if (typeof c === 'string') throw new Error(c);
  return c;
};

/** Plays actions one by one; every one must be accepted. Returns the state and the events. */
function run(ctx: TankContext, state: TankState, actions: readonly TankAction[]) {
  const reduce = tankReducer(ctx);
  const events: TankEvent[] = [];
  let s = state;
  for (const a of actions) {
    const r: Reduction<TankState, TankEvent> = reduce(s, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.reason}`);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}
const refusal = (ctx: TankContext, state: TankState, a: TankAction) => {
  const r = tankReducer(ctx)(state, a);
  return r.ok ? 'accepted' : r.ruleId;
};
const END: TankAction[] = [
  { type: 'endPlot', side: 'alpha' },
  { type: 'endPlot', side: 'bravo' },
];

describe('entrenchment (EN, TC-4.8)', () => {
  const ctx = ctxOf({
    alpha: [{ id: 'sq', type: 'tank.infantrySquad', at: [4, 5] }],
    bravo: [{ id: 'tk', type: 'tank.pzIV', at: [9, 5], facing: 3 }],
  });
  const start = newTankGame(ctx, 1);

  test('after the catalog entrenchTurns turns of EN, the hex is an Improved Position for the squad', () => {
    expect(ctx.rules.constants['entrenchTurns']).toBe(2);
    const before = shotOdds(ctx, start, ['tk'], 'sq', 'DF');
    expect(before.defenceParts.some((p) => p.ruleId === 'TC-4.8')).toBe(false);
    const t1 = run(ctx, start, [{ type: 'plot', unit: 'sq', mission: 'EN' }, ...END]);
    expect(t1.events.filter((e) => e.type === 'entrenched')).toMatchObject([
      { unit: 'sq', turns: 1, needed: 2, ruleId: 'TC-4.8' },
    ]);
    expect(
      shotOdds(ctx, t1.state, ['tk'], 'sq', 'DF').defenceParts.map((p) => p.ruleId),
    ).not.toContain('TC-4.8');
    const t2 = run(ctx, t1.state, [{ type: 'plot', unit: 'sq', mission: 'EN' }, ...END]);
    expect(t2.state.units['sq']!.entrench).toEqual({ at: { col: 4, row: 5 }, turns: 2 });
    const after = shotOdds(ctx, t2.state, ['tk'], 'sq', 'DF');
    expect(after.defenceParts.find((p) => p.ruleId === 'TC-4.8')).toMatchObject({
      label: 'dug in, Improved Position',
      value: ctx.rules.constants['improvedPositionDsp'],
    });
    expect(after.defence).toBeGreaterThan(before.defence);
    // Dug in already: a further EN is refused; leaving the hex gives the position up.
    expect(refusal(ctx, t2.state, { type: 'plot', unit: 'sq', mission: 'EN' })).toBe('TC-4.8');
    const t3 = run(ctx, t2.state, [
      { type: 'plot', unit: 'sq', mission: 'MV', path: [[3, 5]] },
      ...END,
    ]);
    expect(t3.state.units['sq']!.entrench).toBeNull();
  });

  test('only infantry digs in, and only with the costello layer', () => {
    expect(refusal(ctx, start, { type: 'plot', unit: 'tk', mission: 'EN' })).toBe('TC-4.8');
    const base = ctxOf({
      layers: [],
      alpha: [{ id: 'sq', type: 'tank.infantrySquad', at: [4, 5] }],
      bravo: [{ id: 'tk', type: 'tank.pzIV', at: [9, 5] }],
    });
    expect(refusal(base, newTankGame(base, 1), { type: 'plot', unit: 'sq', mission: 'EN' })).toBe(
      'TC-4.8',
    );
  });
});

describe('flame units, sappers and airlanding (TC-4.9)', () => {
  test('a flame squad fires at one hex only, with the catalog flame die modifier', () => {
    const ctx = ctxOf({
      alpha: [
        { id: 'fl', type: 'tank.flameSquad', at: [4, 5] },
        { id: 'fl2', type: 'tank.flameSquad', at: [4, 2] },
      ],
      bravo: [{ id: 'sq', type: 'tank.infantrySquad', at: [5, 5] }],
    });
    const s = newTankGame(ctx, 1);
    const near = shotOdds(ctx, s, ['fl'], 'sq', 'DF');
    expect(near.legal).toBe(true);
    expect(near.mods).toContainEqual({
      label: 'flame weapon',
      value: ctx.rules.constants['flameDieMod'],
      ruleId: 'TC-4.9',
    });
    const far = shotOdds(ctx, s, ['fl2'], 'sq', 'DF');
    expect(far).toMatchObject({ legal: false, ruleId: 'TC-4.9' });
    expect(refusal(ctx, s, { type: 'plot', unit: 'fl2', mission: 'DF', target: 'sq' })).toBe(
      'TC-4.9',
    );
  });

  test('a sapper clears rubble out of a street next to it; other units cannot', () => {
    const ctx = ctxOf({
      alpha: [
        { id: 'sp', type: 'tank.sapperSquad', at: [4, 5] },
        { id: 'sq', type: 'tank.infantrySquad', at: [4, 6] },
      ],
      bravo: [{ id: 'tk', type: 'tank.pzIV', at: [12, 5] }],
    });
    const s: TankState = {
      ...newTankGame(ctx, 1),
      rubble: [{ hex: { col: 5, row: 5 }, blocksVehicles: true }],
    };
    const clr = (unit: string, at: [number, number]): TankAction => ({
      type: 'plot',
      unit,
      mission: 'CLR',
      at,
    });
    expect(refusal(ctx, s, clr('sq', [5, 5]))).toBe('TC-4.9');
    expect(refusal(ctx, s, clr('sp', [4, 4]))).toBe('TC-4.9');
    expect(refusal(ctx, s, clr('sp', [8, 5]))).toBe('TC-4.9');
    const r = run(ctx, s, [clr('sp', [5, 5]), ...END]);
    expect(r.events.filter((e) => e.type === 'cleared')).toMatchObject([
      { unit: 'sp', hex: { col: 5, row: 5 }, ruleId: 'TC-4.9' },
    ]);
    expect(r.state.rubble).toEqual([{ hex: { col: 5, row: 5 }, blocksVehicles: false }]);
  });

  test('a unit landing by air is off the map until its turn, then comes down by the landing roll', () => {
    const landing = (s: ScenarioDoc) => {
      s.forces.sides[0]!.formations[0]!.units[0]!['x-airlanding'] = 2;
    };
    const o = {
      alpha: [
        { id: 'para', type: 'tank.infantrySquad', at: [6, 6] as const },
        { id: 'sq', type: 'tank.infantrySquad', at: [2, 2] as const },
      ],
      bravo: [{ id: 'tk', type: 'tank.pzIV', at: [12, 5] as const }],
    };
    const ctx = ctxOf(o, landing);
    const s = newTankGame(ctx, 3);
    expect(s.units['para']!.at).toBeNull();
    expect(refusal(ctx, s, { type: 'plot', unit: 'para', mission: 'MV', path: [[6, 5]] })).toBe(
      'TC-4.9',
    );
    const r = run(ctx, s, END);
    const landed = r.events.find((e) => e.type === 'airlanded');
    expect(landed).toMatchObject({ unit: 'para', hex: { col: 6, row: 6 }, ruleId: 'TC-4.9' });
    const result = ctx.rules.airlanding.get((landed as { roll: number }).roll);
    expect((landed as { result: string }).result).toBe(result);
    expect(r.state.units['para']!.at).toEqual({ col: 6, row: 6 });
    expect(r.state.units['para']!.alive).toBe(result !== 'eliminated');
    expect(r.state.units['para']!.pinned).toBe(result === 'pinned');
    // Without the costello layer the scenario is refused, naming the unit and the rule.
    const base = fixtureScenario({ ...o, layers: [] });
    landing(base);
    expect(createTankContext(base)).toMatch(/unit para lands by air .*TC-4\.9.*costello/);
  });
});

describe('automatic spotting by the autoSpotting table and M markers (TC-7.3, TC-A10, TC-3)', () => {
  test('a unit that moved carries an M marker and is spotted from farther; cover shortens the reach', () => {
    const ctx = ctxOf({
      alpha: [
        { id: 'a', type: 'tank.pzIV', at: [4, 5] },
        { id: 'w', type: 'tank.dummy.infantry', at: [7, 3] },
      ],
      bravo: [{ id: 'b', type: 'tank.t34', at: [8, 5], facing: 3 }],
      terrain: [[7, 3, 'woods']],
    });
    const s = newTankGame(ctx, 1);
    const reach = (cover: boolean, mMarker: boolean) =>
      ctx.rules.autoSpotting.find((r) => r.cover === cover && r.mMarker === mMarker)!.rangeMax;
    expect(reach(false, false)).toBeLessThan(3);
    expect(reach(false, true)).toBeGreaterThanOrEqual(3);
    expect(reach(true, false)).toBeLessThan(2);
    // Turn 1: nobody is near enough; a moves one hex and gets an M marker in the MV step.
    const t1 = run(ctx, s, [{ type: 'plot', unit: 'a', mission: 'MV', path: [[5, 5]] }, ...END]);
    expect(t1.events.filter((e) => e.type === 'spotted')).toEqual([]);
    expect(t1.events.find((e) => e.type === 'mMarkers')).toMatchObject({
      step: 'MV',
      units: ['a'],
      ruleId: 'TC-3',
    });
    expect(t1.state.units['a']!.mMarker).toBe(true);
    // Turn 2, start of DF: a (3 hexes, open, M marker) is spotted by b; w (2 hexes, in woods, no
    // marker) and b (3 hexes from a, open, no marker; a dummy spots nobody) are not.
    const t2 = run(ctx, t1.state, END);
    expect(t2.events.filter((e) => e.type === 'spotted')).toEqual([
      {
        type: 'spotted',
        unit: 'a',
        by: 'b',
        ruleId: 'TC-A10',
        range: 3,
        reach: reach(false, true),
        why: 'in the open, with an M marker',
      },
    ]);
    expect(t2.state.units['a']!.mMarker).toBe(false);
    expect(t2.state.units['w']).toMatchObject({ spotted: false, alive: true });
    expect(t2.state.units['b']!.spotted).toBe(false);
  });
});

describe('vehicle smoke and impact scatter (TC-3 step 8, TC-G5)', () => {
  test('a vehicle destroyed in a turn leaves smoke over its wreck that blocks sight until the next cleanup', () => {
    const ctx = ctxOf({
      layers: [],
      alpha: [
        { id: 'a', type: 'tank.pzV', at: [4, 5] },
        { id: 'a2', type: 'tank.pzIV', at: [2, 5] },
      ],
      bravo: [
        { id: 'b', type: 'tank.pzIII', at: [6, 5], facing: 3 },
        { id: 'c', type: 'tank.t34', at: [10, 5], facing: 3 },
      ],
    });
    let s = newTankGame(ctx, 1);
    // Seeds differ only in the dice: play until a's shot destroys b.
    let r: ReturnType<typeof run> | undefined;
    for (let seed = 1; seed < 60; seed++) {
      s = newTankGame(ctx, seed);
      r = run(ctx, s, [{ type: 'plot', unit: 'a', mission: 'DF', target: 'b' }, ...END]);
      if (!r.state.units['b']!.alive) break;
    }
    expect(r!.state.units['b']!.alive).toBe(false);
    expect(r!.events.find((e) => e.type === 'vehicleSmoke')).toEqual({
      type: 'vehicleSmoke',
      units: ['b'],
      hexes: [{ col: 6, row: 5 }],
      until: 2,
      ruleId: 'TC-3',
    });
    expect(r!.state.smoke).toMatchObject([{ kind: 'vehicle', hex: { col: 6, row: 5 }, until: 2 }]);
    // a2 and c saw each other down row 5 before; the wreck's smoke now blocks.
    expect(shotOdds(ctx, s, ['a2'], 'c', 'DF').legal).toBe(true);
    expect(shotOdds(ctx, r!.state, ['a2'], 'c', 'DF').legal).toBe(false);
    const next = run(ctx, r!.state, END);
    expect(next.state.smoke).toEqual([]);
  });

  test('a mortar call that no friendly unit sees when it lands scatters by the impactScatter table', () => {
    const woods = Array.from({ length: 12 }, (_, row) => [6, row, 'woods'] as const);
    const ctx = ctxOf({
      terrain: woods,
      alpha: [
        { id: 'sq', type: 'tank.infantrySquad', at: [2, 5] },
        { id: 'mo', type: 'tank.mediumMortar', at: [2, 5] },
      ],
      bravo: [{ id: 'b', type: 'tank.t34', at: [14, 5], facing: 3 }],
    });
    for (let seed = 1; seed <= 12; seed++) {
      const s: TankState = {
        ...newTankGame(ctx, seed),
        calls: [
          {
            unit: 'mo',
            kind: 'IF',
            side: 'alpha',
            hex: { col: 10, row: 5 },
            he: 3,
            called: -1,
            lands: 1,
          },
        ],
      };
      const r = run(ctx, s, END);
      const sc = r.events.find((e) => e.type === 'impactScattered');
      expect(sc).toMatchObject({ unit: 'mo', from: { col: 10, row: 5 }, ruleId: 'TC-G5' });
      const { roll, to } = sc as Extract<TankEvent, { type: 'impactScattered' }>;
      const side = ctx.rules.impactScatter.get(roll);
      expect(side === null ? to : { moved: to.col !== 10 || to.row !== 5 }).toEqual(
        side === null ? { col: 10, row: 5 } : { moved: true },
      );
      expect(r.events.find((e) => e.type === 'indirectFire')).toMatchObject({ hex: to });
    }
  });
});

describe('terrain that holds fireteams (TC-4.6, placeholder marsh)', () => {
  test('with Costello, infantry that enters the placeholder marsh stays there a turn; without it, it does not', () => {
    const o = {
      alpha: [{ id: 'sq', type: 'tank.infantrySquad', at: [4, 5] as const }],
      bravo: [{ id: 'b', type: 'tank.t34', at: [14, 10] as const }],
      terrain: [[5, 5, 'marsh'] as const],
    };
    const ctx = ctxOf(o);
    const t1 = run(ctx, newTankGame(ctx, 1), [
      { type: 'plot', unit: 'sq', mission: 'MV', path: [[5, 5]] },
      ...END,
    ]);
    expect(t1.events).toContainEqual(
      expect.objectContaining({ type: 'stuck', unit: 'sq', ruleId: 'TC-4.6' }),
    );
    expect(
      refusal(ctx, t1.state, { type: 'plot', unit: 'sq', mission: 'MV', path: [[6, 5]] }),
    ).toBe('TC-4.6');
    const base = ctxOf({ ...o, layers: [] });
    const b1 = run(base, newTankGame(base, 1), [
      { type: 'plot', unit: 'sq', mission: 'MV', path: [[5, 5]] },
      ...END,
    ]);
    expect(b1.events.some((e) => e.type === 'stuck')).toBe(false);
  });
});
