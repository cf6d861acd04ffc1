import { describe, expect, test } from 'vitest';
import type { UnitType } from '../../../format';
import { replayLog, type LogEntry } from '../../../game/simulate';
import { fixtureScenario, type FixtureOptions } from '../fixtures';
import { makeTankGame, tankGame } from '../game';
import { createTankContext } from './context';
import { shotOdds, sightFor } from './fire';
import { enterable } from './plot';
import { resolutionSteps, resolveTurn } from './resolve';
import type { TankAction, TankEvent, TankState } from './state';
import { readTankRules, tankCatalog } from './tables';

/** A test unit type with round numbers. */
const unitType = (
  id: string,
  o: { ap?: number; he?: number; def?: number; ma?: number; cls?: UnitType['class'] } = {},
): UnitType => ({
  id: `test.${id}`,
  name: id,
  class: o.cls ?? 'tank',
  mobility: o.cls === 'infantry' ? 'foot' : 'tracked',
  armour: { front: o.def ?? 6, side: o.def ?? 6, rear: o.def ?? 6 },
  speeds: { ma: o.ma ?? 10 },
  points: 5,
  stats: { apAttack: o.ap ?? 6, heAttack: o.he ?? 6, rangeHexes: 20, panicPct: 20 },
});

const UNITS = [
  unitType('tank'),
  unitType('gun', { ap: 8, he: 8 }),
  unitType('squad', { cls: 'infantry', ma: 3, def: 1, ap: 1, he: 4 }),
];

const gameOf = (o: Partial<FixtureOptions> & Pick<FixtureOptions, 'alpha' | 'bravo'>) => {
  const m = makeTankGame(fixtureScenario({ units: UNITS, ...o }));
  if (typeof m === 'string') throw new Error(m);
  return m;
};

type Log = LogEntry<TankAction>[];
const plot = (
  unit: string,
  mission: Extract<TankAction, { type: 'plot' }>['mission'],
  extra: Partial<Extract<TankAction, { type: 'plot' }>> = {},
): TankAction => ({ type: 'plot', unit, mission, ...extra });
const turn = (...a: TankAction[]): TankAction[] => [
  ...a,
  { type: 'endPlot', side: 'alpha' },
  { type: 'endPlot', side: 'bravo' },
];
const dice = (...rolls: number[]): LogEntry<TankAction> => ({ type: 'forceDice', rolls });
const play = (g: ReturnType<typeof gameOf>, log: Log, seed = 1) =>
  replayLog(g.game, g.game.newGame({ seed }), log, { allowForcedDice: true });
const evs = (r: { events: readonly { event: TankEvent }[] }) => r.events.map((e) => e.event);
const col = (c: number, rows: number[]) => rows.map((r) => [c, r] as const);

describe('opportunity fire during movement (OT-G7, TC-3 step 5)', () => {
  // b1 drives down column 9 past a gap between two woods: a1 sees it only in rows 3-6.
  const woods = {
    terrain: [
      [5, 3, 'woods'],
      [5, 7, 'woods'],
      [6, 7, 'woods'],
    ] as const,
  };
  test('an OF unit fires at the mover where it passes in sight, not at its hidden final hex', () => {
    const g = gameOf({
      ...woods,
      alpha: [{ id: 'a1', type: 'test.gun', at: [2, 5], facing: 1 }],
      bravo: [{ id: 'b1', type: 'test.tank', at: [9, 1] }],
    });
    const r = play(g, [
      ...turn(plot('a1', 'OF'), plot('b1', 'MV', { path: col(9, [2, 3, 4, 5, 6, 7, 8]) })),
    ]);
    expect(r.refused).toEqual([]);
    const shot = evs(r).find((e) => e.type === 'fire');
    expect(shot).toMatchObject({ kind: 'OF', target: 'b1', at: { col: 9, row: 3 }, impulse: 2 });
    // The final hex is out of sight: the old reading (fire after movement) had no shot at all.
    const end = r.state.units['b1']!;
    if (end.alive) {
      expect(end.at).toEqual({ col: 9, row: 8 });
      expect(sightFor(g.ctx, r.state, 'alpha', { col: 2, row: 5 }, end.at!).visible).toBe(false);
    }
  });

  test('a hit stops the mover in the hex where it was hit; the moves are logged before the shots', () => {
    const g = gameOf({
      ...woods,
      alpha: [{ id: 'a1', type: 'test.gun', at: [2, 5], facing: 1 }],
      bravo: [{ id: 'b1', type: 'test.tank', at: [9, 1] }],
    });
    const r = play(g, [
      dice(1),
      ...turn(plot('a1', 'OF'), plot('b1', 'MV', { path: col(9, [2, 3, 4, 5, 6, 7, 8]) })),
    ]);
    const e = evs(r);
    const moved = e.findIndex((x) => x.type === 'moved');
    const fire = e.findIndex((x) => x.type === 'fire');
    expect(moved).toBeGreaterThan(-1);
    expect(fire).toBeGreaterThan(moved);
    expect(e[fire]).toMatchObject({ result: 'destroyed', at: { col: 9, row: 3 } });
    expect(e[moved]).toMatchObject({
      path: [
        { col: 9, row: 2 },
        { col: 9, row: 3 },
      ],
      stopped: 'destroyed on the way',
    });
  });

  test('bestHex waits for the closest hex of an approaching mover; firstSight fires at once', () => {
    const setup = (reading?: string) =>
      gameOf({
        ...(reading ? { options: { opportunityFireAt: reading } } : {}),
        alpha: [{ id: 'a1', type: 'test.gun', at: [2, 5], facing: 1 }],
        bravo: [{ id: 'b1', type: 'test.tank', at: [14, 5], facing: 4 }],
      });
    const path = [13, 12, 11, 10, 9, 8, 7].map((c) => [c, 5] as const);
    const log = turn(plot('a1', 'OF'), plot('b1', 'MV', { path }));
    const best = evs(play(setup(), [dice(6), ...log])).find((e) => e.type === 'fire');
    expect(best).toMatchObject({ at: { col: 7, row: 5 }, range: 5, impulse: 7 });
    const first = evs(play(setup('firstSight'), [dice(6), ...log])).find((e) => e.type === 'fire');
    expect(first).toMatchObject({ at: { col: 13, row: 5 }, range: 11, impulse: 1 });
  });

  test('a DF plotted for the OF phase fires only at its target, and only when it moves', () => {
    const g = gameOf({
      alpha: [{ id: 'a1', type: 'test.gun', at: [2, 5], facing: 1 }],
      bravo: [
        { id: 'b1', type: 'test.tank', at: [9, 3] },
        { id: 'b2', type: 'test.tank', at: [9, 7] },
      ],
    });
    const held = plot('a1', 'DF', { target: 'b1', phase: 'OF' });
    // b2 moves first in sight, b1 later: the shot waits for b1.
    const r = play(g, [
      dice(6),
      ...turn(
        held,
        plot('b2', 'MV', { path: col(9, [8, 9]) }),
        plot('b1', 'MV', { path: col(8, [3]).concat(col(7, [3])) }),
      ),
    ]);
    const shots = evs(r).filter((e) => e.type === 'fire');
    expect(shots).toHaveLength(1);
    expect(shots[0]).toMatchObject({ kind: 'OF', target: 'b1' });
    // b1 standing still draws no fire at all, not even in the DF step.
    const still = play(g, turn(held, plot('b2', 'MV', { path: col(9, [8]) })));
    expect(evs(still).some((e) => e.type === 'fire')).toBe(false);
  });

  test('two enemies entering one hex in the same impulse both stop short', () => {
    const g = gameOf({
      alpha: [{ id: 'a1', type: 'test.tank', at: [4, 5] }],
      bravo: [{ id: 'b1', type: 'test.tank', at: [6, 5] }],
    });
    const r = play(g, [
      ...turn(plot('a1', 'MV', { path: [[5, 5]] }), plot('b1', 'MV', { path: [[5, 5]] })),
    ]);
    const moves = evs(r).filter((e) => e.type === 'moved');
    expect(moves).toHaveLength(2);
    for (const m of moves)
      expect(m).toMatchObject({ path: [], stopped: expect.stringMatching(/same time/) });
  });

  test('a hex an enemy leaves in the same impulse is still held, whichever side is listed first', () => {
    // One unit drives 5,5 → 6,5 → 7,5; the other comes 6,7 → 6,6 → 6,5, reaching 6,5 in
    // impulse 2, as the first leaves it. The newcomer stops short, whichever side it is on.
    for (const [runner, chaser] of [
      ['a1', 'b1'],
      ['b1', 'a1'],
    ] as const) {
      const at = (id: string) => (id === runner ? ([5, 5] as const) : ([6, 7] as const));
      const g = gameOf({
        alpha: [{ id: 'a1', type: 'test.tank', at: at('a1') }],
        bravo: [{ id: 'b1', type: 'test.tank', at: at('b1') }],
      });
      const r = play(
        g,
        turn(
          plot(runner, 'MV', {
            path: [
              [6, 5],
              [7, 5],
            ],
          }),
          plot(chaser, 'MV', { path: col(6, [6, 5]) }),
        ),
      );
      expect(r.refused).toEqual([]);
      expect(r.state.units[runner]!.at).toEqual({ col: 7, row: 5 });
      expect(r.state.units[chaser]!.at).toEqual({ col: 6, row: 6 });
      expect(evs(r)).toContainEqual(
        expect.objectContaining({
          type: 'moved',
          unit: chaser,
          stopped: 'hex 6,5 is held by the enemy',
        }),
      );
    }
  });

  test('the resolution steps put mounting after movement and no separate OF step', () => {
    const g = gameOf({ alpha: [], bravo: [] });
    expect(resolutionSteps(g.ctx)).toEqual(['IF', 'DF', 'MV', 'MT_DT', 'FC', 'CLEANUP']);
  });
});

describe('MVR: movement in reverse (TC-G2)', () => {
  test('backs through the rear hexsides keeping its facing, at twice the MP; forward is refused', () => {
    const g = gameOf({
      alpha: [{ id: 'a1', type: 'test.tank', at: [5, 5], facing: 0 }],
      bravo: [{ id: 'b1', type: 'test.tank', at: [12, 2] }],
    });
    const s0 = g.game.newGame({ seed: 1 });
    const fwd = g.game.reduce(s0, plot('a1', 'MVR', { path: [[5, 4]] }));
    expect(fwd.ok).toBe(false);
    if (!fwd.ok) expect(fwd.reason).toMatch(/TC-G2/);
    const r = play(g, turn(plot('a1', 'MVR', { path: col(5, [6, 7, 8]) })));
    expect(r.refused).toEqual([]);
    expect(evs(r).find((e) => e.type === 'moved')).toMatchObject({ mp: 6, facing: 0 });
    expect(r.state.units['a1']).toMatchObject({ at: { col: 5, row: 8 }, facing: 0 });
    // Six hexes back cost 12 MP, more than the allowance of 10.
    const far = g.game.reduce(s0, plot('a1', 'MVR', { path: col(5, [6, 7, 8, 9, 10, 11]) }));
    expect(far.ok).toBe(false);
  });

  test('a dummy may not back (TC-7.1)', () => {
    const g = gameOf({
      layers: ['costello'],
      alpha: [{ id: 'a1', type: 'tank.dummy.vehicle', at: [5, 5] }],
      bravo: [{ id: 'b1', type: 'test.tank', at: [12, 2] }],
    });
    const r = g.game.reduce(g.game.newGame({ seed: 1 }), plot('a1', 'MVR', { path: [[5, 6]] }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/TC-7.1/);
  });
});

describe('MT and DT: infantry riding on a vehicle (OT-32.8 (8), OT-A6)', () => {
  const riders = (layers: string[] = ['optional']) =>
    gameOf({
      layers,
      alpha: [
        { id: 'a1', type: 'test.tank', at: [4, 5], facing: 1 },
        { id: 'a2', type: 'test.squad', at: [4, 5] },
      ],
      bravo: [
        { id: 'b1', type: 'test.gun', at: [12, 5] },
        { id: 'b2', type: 'test.tank', at: [4, 9] },
      ],
    });
  const mount = turn(plot('a2', 'MT', { target: 'a1' }));

  test('mounts after movement, rides along, may plot only DT, and gets off next to the vehicle', () => {
    const g = riders();
    const r = play(g, [
      ...mount,
      ...turn(plot('a1', 'MV', { path: col(4, [4, 3]) })),
      plot('a2', 'OF'),
      plot('a2', 'DT', { at: [5, 3] }),
      { type: 'endPlot', side: 'alpha' },
      { type: 'endPlot', side: 'bravo' },
    ]);
    expect(r.refused).toHaveLength(1);
    expect(r.refused[0]!.reason).toMatch(/OT-32.8/);
    const e = evs(r);
    expect(e).toContainEqual(
      expect.objectContaining({ type: 'mounted', unit: 'a2', carrier: 'a1' }),
    );
    expect(e).toContainEqual(
      expect.objectContaining({ type: 'dismounted', unit: 'a2', hex: { col: 5, row: 3 } }),
    );
    expect(r.state.units['a2']).toMatchObject({ at: { col: 5, row: 3 }, carriedBy: null });
  });

  test('fire at a rider is refused: fire at its vehicle', () => {
    const g = riders();
    const r = play(g, [...mount, plot('b2', 'DF', { target: 'a2' })]);
    expect(r.refused.at(-1)?.reason).toMatch(/rides on .*OT-32.8/);
  });

  test('pinning fire at the vehicle attacks the rider apart at defence 1 and throws it off', () => {
    const g = riders();
    // b1 (HE 8) pins a1; the rider: 8 − 1 = 7 on the 10-hex row, roll 1: eliminated.
    const r = play(g, [...mount, dice(1, 1), ...turn(plot('b1', 'DF-P', { target: 'a1' }))]);
    const e = evs(r);
    expect(e).toContainEqual(
      expect.objectContaining({ type: 'fire', kind: 'DF-P', target: 'a1', result: 'pinned' }),
    );
    expect(e).toContainEqual(
      expect.objectContaining({
        type: 'fire',
        kind: 'DF-P',
        target: 'a2',
        attack: 8,
        defence: 1,
        differential: 7,
        result: 'eliminated',
        ruleId: 'OT-A6',
      }),
    );
    expect(e).toContainEqual(expect.objectContaining({ type: 'dismounted', unit: 'a2' }));
    expect(r.state.units['a2']!.alive).toBe(false);
  });

  test('with Costello the riders are spotted by the fire, with +2 that turn (TC-7.3, TC-7.4)', () => {
    const g = riders(['optional', 'costello']);
    const r = play(g, [...mount, dice(1, 1), ...turn(plot('b1', 'DF-P', { target: 'a1' }))]);
    const e = evs(r);
    expect(e).toContainEqual(expect.objectContaining({ type: 'spotted', unit: 'a2', by: 'b1' }));
    const hit = e.find((x) => x.type === 'fire' && x.target === 'a2');
    expect(hit).toMatchObject({ roll: 1, adjusted: 3, ruleId: 'OT-A6' });
    expect(hit && hit.type === 'fire' ? hit.mods : []).toContainEqual(
      expect.objectContaining({ value: 2, ruleId: 'TC-7.4' }),
    );
  });

  test('a vehicle destroyed with riders takes them with it (placeholder ridersLostWithCarrier)', () => {
    const g = riders();
    const r = play(g, [...mount, dice(1), ...turn(plot('b1', 'DF', { target: 'a1' }))]);
    expect(r.state.units['a1']!.alive).toBe(false);
    expect(r.state.units['a2']!.alive).toBe(false);
  });

  test('MT needs a vehicle in or next to the hex, with room', () => {
    const g = gameOf({
      alpha: [
        { id: 'a1', type: 'test.tank', at: [4, 5] },
        { id: 'a2', type: 'test.squad', at: [4, 8] },
        { id: 'a3', type: 'test.squad', at: [4, 5] },
        { id: 'a4', type: 'test.squad', at: [4, 6] },
      ],
      bravo: [{ id: 'b1', type: 'test.tank', at: [12, 2] }],
    });
    const s0 = g.game.newGame({ seed: 1 });
    const far = g.game.reduce(s0, plot('a2', 'MT', { target: 'a1' }));
    expect(far.ok).toBe(false);
    const one = g.game.reduce(s0, plot('a3', 'MT', { target: 'a1' }));
    expect(one.ok).toBe(true);
    if (!one.ok) return;
    const full = g.game.reduce(one.state, plot('a4', 'MT', { target: 'a1' }));
    expect(full.ok).toBe(false);
    if (!full.ok) expect(full.reason).toMatch(/full/);
  });
});

describe('SF: mortar smoke (TC-4.2, TC-3 steps 2 and 8)', () => {
  const smokeGame = () =>
    gameOf({
      layers: ['costello'],
      columns: 20,
      alpha: [
        { id: 'a1', type: 'tank.infantrySquad', at: [1, 5] },
        { id: 'a2', type: 'tank.mediumMortar', at: [1, 5] },
        { id: 'a3', type: 'test.tank', at: [2, 2] },
      ],
      bravo: [{ id: 'b1', type: 'test.gun', at: [12, 2] }],
    });

  test('lands two turns after the call, blocks sight through its hex for the turn, lifts at the cleanup', () => {
    const g = smokeGame();
    const log = [
      ...turn(plot('a2', 'SF', { at: [8, 2] })),
      ...turn(),
      plot('b1', 'DF', { target: 'a3' }),
      { type: 'endPlot', side: 'alpha' } as TankAction,
    ];
    const r = play(g, log);
    expect(r.refused).toEqual([]);
    expect(evs(r)).toContainEqual(
      expect.objectContaining({ type: 'mortarCalled', unit: 'a2', lands: 3 }),
    );
    // Turn 3 resolved up to its IF step: the smoke is on the map and blocks b1's sight of a3.
    const s: TankState = { ...r.state, done: ['alpha', 'bravo'] };
    const afterIf = resolveTurn(g.ctx, s, 1);
    expect(afterIf.state.smoke).toEqual([
      expect.objectContaining({ hex: { col: 8, row: 2 }, until: 3 }),
    ]);
    const seen = sightFor(g.ctx, afterIf.state, 'bravo', { col: 12, row: 2 }, { col: 2, row: 2 });
    expect(seen.visible).toBe(false);
    expect(seen.blockedBy).toMatchObject({ case: 'smoke', why: ['smoke'], ruleId: 'TC-G2' });
    const whole = resolveTurn(g.ctx, s);
    const e = whole.events;
    expect(e).toContainEqual(
      expect.objectContaining({ type: 'smokePlaced', hex: { col: 8, row: 2 } }),
    );
    expect(e).toContainEqual(
      expect.objectContaining({ type: 'noFire', unit: 'b1', target: 'a3', ruleId: 'TC-G2' }),
    );
    expect(e).toContainEqual(expect.objectContaining({ type: 'smokeLifted' }));
    expect(whole.state.smoke).toEqual([]);
  });

  test('SF is refused to a unit that cannot lay smoke, with or without the costello layer', () => {
    const g = smokeGame();
    const s0 = g.game.newGame({ seed: 1 });
    const r = g.game.reduce(s0, plot('a3', 'SF', { at: [7, 2] }));
    expect(r.ok).toBe(false);
    const base = gameOf({
      alpha: [{ id: 'a3', type: 'test.tank', at: [2, 2] }],
      bravo: [{ id: 'b1', type: 'test.gun', at: [12, 2] }],
    });
    const r2 = base.game.reduce(base.game.newGame({ seed: 1 }), plot('a3', 'SF', { at: [7, 2] }));
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.reason).toMatch(/only mortars call SF.*TC-4.4/);
  });
});

describe('TC-6.4: FC or MVR instead after "cancel all missions"', () => {
  // The T8 situation: an isolated unit with panic 20% rolls 5: 5 − 2 − 3 = 0, cancel all.
  const isolated = () =>
    gameOf({
      layers: ['costello'],
      alpha: [
        { id: 'a1', type: 'test.tank', at: [2, 2], platoon: 'p' },
        { id: 'a2', type: 'test.tank', at: [2, 3], platoon: 'p', facing: 0 },
      ],
      bravo: [{ id: 'b1', type: 'test.tank', at: [14, 10] }],
    });
  const away = turn(plot('a2', 'MV', { path: col(2, [4, 5, 6, 7, 8, 9, 10]) }));

  test('the fallback FC is carried out when morale cancels every mission', () => {
    const g = isolated();
    const r = play(g, [
      ...away,
      plot('a2', 'DF', { target: 'b1' }),
      plot('a2', 'FC', { facing: 0, fallback: true }),
      dice(5),
      { type: 'endPlot', side: 'alpha' },
      { type: 'endPlot', side: 'bravo' },
    ]);
    expect(r.refused).toEqual([]);
    const e = evs(r);
    expect(e).toContainEqual(
      expect.objectContaining({
        type: 'morale',
        unit: 'a2',
        score: 0,
        result: 'cancelAllMissions',
      }),
    );
    expect(e).toContainEqual(expect.objectContaining({ type: 'fallback', unit: 'a2' }));
    expect(e).toContainEqual(expect.objectContaining({ type: 'faced', unit: 'a2', facing: 0 }));
    expect(e.some((x) => x.type === 'fire' && x.firers.includes('a2'))).toBe(false);
  });

  test('a fallback must be FC or MVR and comes after the main plot', () => {
    const g = isolated();
    const s0 = g.game.newGame({ seed: 1 });
    const before = g.game.reduce(s0, plot('a2', 'FC', { facing: 2, fallback: true }));
    expect(before.ok).toBe(false);
    const main = g.game.reduce(s0, plot('a2', 'DF', { target: 'b1' }));
    expect(main.ok).toBe(true);
    if (!main.ok) return;
    const wrong = g.game.reduce(main.state, plot('a2', 'OF', { fallback: true }));
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.reason).toMatch(/TC-6.4/);
  });
});

describe('TC-1.3: buildings become rubble', () => {
  const town = () =>
    gameOf({
      layers: ['costello'],
      columns: 20,
      terrain: [[8, 5, 'urban']],
      alpha: [
        { id: 'a1', type: 'tank.infantrySquad', at: [1, 5] },
        { id: 'a2', type: 'tank.heavyMortar', at: [1, 5] },
        { id: 'a3', type: 'test.tank', at: [4, 5] },
      ],
      bravo: [
        { id: 'b1', type: 'test.squad', at: [8, 5] },
        { id: 'b2', type: 'test.tank', at: [9, 6] },
      ],
    });

  test('HE on an urban hex can bring the building down; its rubble scatters into a street that closes to vehicles', () => {
    const g = town();
    // Turn 3: the HE 5 lands on 8,5: b1 rolls 6 (no effect), collapse roll 1 ≤ 2, scatter roll 5 → hexside 3.
    const r = play(g, [
      ...turn(plot('a2', 'IF', { at: [8, 5] })),
      ...turn(),
      dice(6, 1, 5),
      ...turn(),
    ]);
    const rub = evs(r).find((e) => e.type === 'rubble');
    expect(rub).toMatchObject({
      hex: { col: 8, row: 5 },
      roll: 1,
      collapseMax: 2,
      collapsed: true,
      scatter: { col: 8, row: 6 },
      ruleId: 'TC-1.3',
    });
    expect(r.state.rubble).toEqual([
      { hex: { col: 8, row: 5 }, blocksVehicles: false },
      { hex: { col: 8, row: 6 }, blocksVehicles: true },
    ]);
    // The building no longer blocks sight (rubble is no potential blocking hex), and a vehicle
    // may not drive into the blocked street.
    const seen = sightFor(g.ctx, r.state, 'alpha', { col: 4, row: 5 }, { col: 12, row: 5 });
    expect(seen.checks.some((c) => c.why.includes('urban'))).toBe(false);
    expect(enterable(g.ctx, 'b2', { col: 8, row: 6 }, r.state)).toBe(false);
    expect(enterable(g.ctx, 'b2', { col: 8, row: 5 }, r.state)).toBe(true);
    expect(enterable(g.ctx, 'b1', { col: 8, row: 6 }, r.state)).toBe(true);
    const street = g.game.reduce(
      r.state,
      plot('b2', 'MV', {
        path: [[8, 6]],
      }),
    );
    expect(street.ok).toBe(false);
    if (!street.ok) expect(street.reason).toMatch(/rubble blocks the street.*TC-1.3/);
    // Infantry in the rubble counts it as an Improved Position (TC-1.3).
    const shot = shotOdds(g.ctx, r.state, ['a3'], 'b1', 'DF');
    expect(shot.defenceParts).toContainEqual(
      expect.objectContaining({ label: 'rubble, infantry position', ruleId: 'TC-1.3' }),
    );
  });
});

describe('OT-G8: follow the leader (base game)', () => {
  test("a platoon member's move must end near where its leader ends", () => {
    const g = gameOf({
      alpha: [
        { id: 'a1', type: 'test.tank', at: [2, 2], platoon: 'p' },
        { id: 'a2', type: 'test.tank', at: [2, 3], platoon: 'p' },
      ],
      bravo: [{ id: 'b1', type: 'test.tank', at: [14, 10] }],
    });
    const s0 = g.game.newGame({ seed: 1 });
    const lead = g.game.reduce(s0, plot('a1', 'MV', { path: col(2, [1, 0]) }));
    expect(lead.ok).toBe(true);
    if (!lead.ok) return;
    const stray = g.game.reduce(lead.state, plot('a2', 'MV', { path: col(2, [4, 5]) }));
    expect(stray.ok).toBe(false);
    if (!stray.ok) expect(stray.reason).toMatch(/follow its leader.*OT-G8/);
    const near = g.game.reduce(lead.state, plot('a2', 'MV', { path: col(2, [2, 1]) }));
    expect(near).toMatchObject({ ok: true });
  });
});

describe('OT-G5: panic under indirect fire in the base game', () => {
  // A base-game mortar from the scenario's own catalog (the Costello ones need that layer).
  const mortar: UnitType = {
    ...unitType('mortar', { cls: 'gun', ap: 0, he: 6, ma: 0 }),
    stats: {
      apAttack: 0,
      heAttack: 6,
      rangeHexes: 35,
      rangeMin: 5,
      callDelayTurns: 2,
      panicPct: 0,
    },
  };
  const shelled = (layers: string[] = []) => {
    const m = makeTankGame(
      fixtureScenario({
        layers,
        units: [...UNITS, mortar],
        alpha: [
          { id: 'a1', type: 'test.mortar', at: [1, 5] },
          { id: 'a2', type: 'test.tank', at: [4, 5], facing: 1 },
        ],
        bravo: [{ id: 'b1', type: 'test.tank', at: [9, 5], facing: 0 }],
      }),
    );
    if (typeof m === 'string') throw new Error(m);
    return m;
  };
  const call = turn(plot('a1', 'IF', { at: [9, 5] }));

  test('a unit that panics (d10 ≤ its panic in tens) runs through the A-B-C hexside instead of its plot', () => {
    const g = shelled();
    // Turn 3: IF roll 6 (no effect), panic d10 2 ≤ 20% → panics, scatter 3 → B, straight back.
    const r = replayLog(
      g.game,
      g.game.newGame({ seed: 1 }),
      [...call, ...turn(), plot('b1', 'DF', { target: 'a2' }), dice(6, 2, 3), ...turn()],
      { allowForcedDice: true },
    );
    expect(r.refused).toEqual([]);
    const e = evs(r);
    expect(e).toContainEqual(
      expect.objectContaining({
        type: 'panic',
        unit: 'b1',
        roll: 2,
        panicPct: 20,
        panicked: true,
        stays: false,
        scatterRoll: 3,
        path: [
          { col: 9, row: 6 },
          { col: 9, row: 7 },
        ],
        ruleId: 'OT-G5',
      }),
    );
    expect(e.some((x) => x.type === 'fire' && x.firers.includes('b1'))).toBe(false);
    expect(r.state.units['b1']!.at).toEqual({ col: 9, row: 7 });
  });

  test('a pinned unit that panics stays where it is (OT-32.81 (4)); a roll above the level holds', () => {
    const g = shelled();
    // IF roll 1: the vehicle is pinned (ifEffects); panic d10 1: panics, but stays.
    const pinned = evs(
      replayLog(g.game, g.game.newGame({ seed: 1 }), [...call, ...turn(), dice(1, 1), ...turn()], {
        allowForcedDice: true,
      }),
    );
    expect(pinned).toContainEqual(
      expect.objectContaining({ type: 'panic', panicked: true, stays: true, ruleId: 'OT-32.81' }),
    );
    const held = evs(
      replayLog(g.game, g.game.newGame({ seed: 1 }), [...call, ...turn(), dice(6, 3), ...turn()], {
        allowForcedDice: true,
      }),
    );
    expect(held).toContainEqual(
      expect.objectContaining({ type: 'panic', roll: 3, panicked: false }),
    );
  });

  test('with the costello layer no panic test is made: morale replaces it (TC-6.5)', () => {
    const g = shelled(['costello']);
    const r = replayLog(g.game, g.game.newGame({ seed: 1 }), [...call, ...turn(), ...turn()], {
      allowForcedDice: true,
    });
    expect(evs(r).some((e) => e.type === 'indirectFire')).toBe(true);
    expect(evs(r).some((e) => e.type === 'panic')).toBe(false);
  });
});

describe('TC-4.6 / TC-G7: fireteams held an extra turn by some terrain; TC-4.5 support squads', () => {
  test('infantry entering terrain with exitDelayTurns 1 may not move out the next turn, the turn after it may', () => {
    const doc = fixtureScenario({
      layers: ['costello'],
      units: UNITS,
      terrain: [[5, 5, 'bog']],
      alpha: [{ id: 'a1', type: 'test.squad', at: [4, 5] }],
      bravo: [{ id: 'b1', type: 'test.tank', at: [14, 10] }],
    });
    (doc as { catalog: { terrainTypes?: unknown[] } }).catalog.terrainTypes = [
      { id: 'bog', name: 'Bog', appliesTo: 'hex', stats: { mp: 1, dsp: 0, exitDelayTurns: 1 } },
    ];
    const g = makeTankGame(doc);
    if (typeof g === 'string') throw new Error(g);
    const r = replayLog(g.game, g.game.newGame({ seed: 1 }), [
      ...turn(plot('a1', 'MV', { path: [[5, 5]] })),
      plot('a1', 'MV', { path: [[6, 5]] }),
      ...turn(),
      plot('a1', 'MV', { path: [[6, 5]] }),
    ]);
    expect(evs(r)).toContainEqual(
      expect.objectContaining({ type: 'stuck', unit: 'a1', until: 2, ruleId: 'TC-4.6' }),
    );
    expect(r.refused).toHaveLength(1);
    expect(r.refused[0]).toMatchObject({ action: 3 });
    expect(r.refused[0]!.reason).toMatch(/one more turn in the bog.*TC-4.6/);
  });

  test('a squad with anti-tank weapons cannot serve a support weapon (refused at game start)', () => {
    const atSquad: UnitType = {
      ...unitType('atSquad', { cls: 'infantry', ma: 3, def: 1 }),
      stats: { apAttack: 3, heAttack: 4, rangeHexes: 8, panicPct: 20, iatd: true },
    };
    const m = makeTankGame(
      fixtureScenario({
        layers: ['costello'],
        units: [...UNITS, atSquad],
        alpha: [
          { id: 'a1', type: 'test.atSquad', at: [1, 5] },
          { id: 'a2', type: 'tank.hmg', at: [1, 5] },
        ],
        bravo: [{ id: 'b1', type: 'test.tank', at: [14, 10] }],
      }),
    );
    expect(m).toMatch(/unit a1 .*anti-tank weapons.*a2.*TC-4.5/);
  });
});

describe('TC-G2: plots are checked against the catalog missions table', () => {
  const doc = () =>
    fixtureScenario({
      units: UNITS,
      alpha: [{ id: 'a1', type: 'test.tank', at: [5, 5] }],
      bravo: [{ id: 'b1', type: 'test.tank', at: [12, 2] }],
    });

  test('a base mission the table leaves out is refused with TC-G2', () => {
    const ctx = createTankContext(doc());
    if (typeof ctx === 'string') throw new Error(ctx);
    const missions = new Map([...ctx.rules.missions].filter(([code]) => code !== 'MVR'));
    const g = tankGame({ ...ctx, rules: { ...ctx.rules, missions } });
    const r = g.reduce(g.newGame({ seed: 1 }), plot('a1', 'MVR', { path: [[5, 6]] }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/missions table has no MVR.*TC-G2/);
    expect(g.reduce(g.newGame({ seed: 1 }), plot('a1', 'MV', { path: [[5, 6]] })).ok).toBe(true);
  });

  test('a mission resolving in a step the sequence lacks is refused at game start', () => {
    const d = doc();
    const cat = tankCatalog(d);
    const t = cat.tables['missions']!;
    const tables = {
      ...cat.tables,
      missions: { ...t, rows: [...t.rows, { code: 'XX', step: 'MT', needsTargetHex: false }] },
    };
    expect(readTankRules({ ...cat, tables }, d.ruleset)).toMatch(
      /resolves XX in step MT, which the sequence of play .* does not have/,
    );
  });
});
