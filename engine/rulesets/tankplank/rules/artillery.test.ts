import { describe, expect, test } from 'vitest';
import { simulate } from '../../../game/simulate';
import { tankplankGame } from '../game';
import { bundledScenario } from '../../../../scripts/testing/bundled';
import { replay } from '../../../game/replay';
import { tankplankPlaytest } from '..';
import { createContext } from './context';
import { fixtureScenario } from './fixtures';
import { newGame } from './setup';
import type { TankplankEvent } from './actions';
import type { TestAction } from './testing';
import type { TankplankContext } from './context';
import { planShot, shotOdds, type ShotPlan } from './fire';
import type { FixtureUnit } from './fixtures';
import { testReducer } from './testing';
import type { TankplankState } from './state';
import { fixtureGame } from './testing';

const ART = { 'BASIC.OPT.ART': true };

const unit = (
  side: 'a' | 'b',
  formation: string,
  id: string,
  type: string,
  at: [number, number],
  role?: string,
  facing = side === 'a' ? 0 : 180,
): FixtureUnit => ({ side, formation, id, type, at, facing, ...(role ? { role } : {}) });

/** A towed gun at (5, 12) facing east with `crew` men of the given role beside it. */
const battery = (
  type: string,
  crew: number,
  role = 'artilleryCrew',
  crewType = 'tp.artilleryCrew',
) => [
  unit('a', 'a.bat', 'g', type, [5, 12]),
  ...Array.from({ length: crew }, (_, k) =>
    unit('a', 'a.bat', `c${k + 1}`, crewType, [4.5 + 0.3 * k, 13], role),
  ),
];

/** Marks a piece as set up long ago, so that set-up time plays no part. */
const dug = (state: TankplankState, key: string): TankplankState => ({
  ...state,
  teamWeapons: { ...state.teamWeapons, [key]: { setUp: true, setUpTurn: -10, ammo: 0 } },
});

/** Applies actions in order; every one must be accepted. */
function run(
  ctx: TankplankContext,
  state: TankplankState,
  actions: readonly TestAction[],
): { state: TankplankState; events: TankplankEvent[] } {
  const reduce = testReducer(ctx);
  const events: TankplankEvent[] = [];
  let s = state;
  for (const a of actions) {
    const r = reduce(s, a);
    if (!r.ok) throw new Error(`${a.type} refused: ${r.reason}`);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

const attempt = (ctx: TankplankContext, state: TankplankState, action: TestAction) =>
  testReducer(ctx)(state, action);

const phaseEnd: TestAction[] = [
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
];
/** From one Firing phase to the next turn's Firing phase. */
const nextFiring: TestAction[] = [...phaseEnd, ...phaseEnd];

const plan = (
  ctx: TankplankContext,
  state: TankplankState,
  req: Parameters<typeof planShot>[2],
) => {
  const p = planShot(ctx, state, req);
  if ('refused' in p) throw new Error(p.reason);
  return p as ShotPlan;
};

describe('artillery set-up (TP-18.7d)', () => {
  test('a towed gun fires two turns after it starts setting up, a self-propelled one after one', () => {
    const { ctx, state } = fixtureGame({
      units: [
        ...battery('tp.artMediumTowed', 6),
        unit('a', 'a.sp', 'sp', 'tp.artMediumSP', [5, 4]),
        unit('b', 'b.sq', 't', 'tp.rifleman', [20, 8], 'rifleman'),
      ],
    });
    const shot = (u: string, w: string): TestAction => ({
      type: 'fire',
      unit: u,
      weapon: w,
      at: [20, 12],
    });
    let s = run(ctx, state, [
      { type: 'setUp', unit: 'g' },
      { type: 'setUp', unit: 'sp' },
      ...phaseEnd,
    ]).state;
    expect(attempt(ctx, s, shot('g', 'tp.artMedium'))).toMatchObject({ ok: false });
    s = run(ctx, s, nextFiring).state; // turn 2
    expect(attempt(ctx, s, shot('g', 'tp.artMedium'))).toMatchObject({
      ok: false,
      ruleId: 'TP-18.7d',
    });
    expect(attempt(ctx, s, shot('sp', 'tp.artMedium')).ok).toBe(true);
    s = run(ctx, s, nextFiring).state; // turn 3
    expect(attempt(ctx, s, shot('g', 'tp.artMedium')).ok).toBe(true);
  });

  test('a self-propelled piece that drives off its position must set up again', () => {
    const { ctx, state } = fixtureGame({
      units: [
        unit('a', 'a.sp', 'sp', 'tp.artLightSP', [5, 12]),
        unit('b', 'b.sq', 't', 'tp.rifleman', [20, 12], 'rifleman'),
      ],
    });
    const shot: TestAction = { type: 'fire', unit: 'sp', weapon: 'tp.artLight', at: [20, 8] };
    const dugIn = run(ctx, state, [
      { type: 'setUp', unit: 'sp' },
      ...phaseEnd,
      ...nextFiring,
    ]).state;
    expect(attempt(ctx, dugIn, shot).ok).toBe(true);
    const moved = run(ctx, dugIn, [
      ...nextFiring.slice(0, 2),
      { type: 'move', unit: 'sp', path: [[7, 12]] },
      ...phaseEnd,
    ]).state;
    expect(moved.phase).toBe('firing');
    expect(attempt(ctx, moved, shot)).toMatchObject({ ok: false, ruleId: 'TP-18.7d' });
  });

  test('a gun that has not set up at all is told so', () => {
    const { ctx, state } = fixtureGame({
      units: [...battery('tp.artLightTowed', 4), unit('b', 'b.sq', 't', 'tp.rifleman', [20, 12])],
      phase: 'firing',
    });
    const r = attempt(ctx, state, { type: 'fire', unit: 'g', weapon: 'tp.artLight', target: 't' });
    expect(r).toMatchObject({ ok: false, ruleId: 'TP-18.7d' });
    expect(!r.ok && r.reason).toMatch(/set up/);
  });
});

describe('direct fire (TP-18.7c, TP-18.7i)', () => {
  const vsTank = (gun: string, weapon: string) => {
    const { ctx, state } = fixtureGame({
      // The tank faces away: the shot strikes its rear (armour 6) from 8", band C2.
      units: [...battery(gun, 6), unit('b', 'b.tk', 'tk', 'tp.mediumTank', [13, 12], undefined, 0)],
      phase: 'firing',
    });
    return { ctx, state: dug(state, `g:${weapon}`) };
  };

  test('against a vehicle it uses the tank tables: to hit 3+, impact 3 (medium) or 4 (heavy) +1 for range', () => {
    const m = vsTank('tp.artMediumTowed', 'tp.artMedium');
    const pm = plan(m.ctx, m.state, { unit: 'g', weapon: 'tp.artMedium', target: 'tk' });
    expect(pm.toHit).toMatchObject({ base: 3, needed: 3 });
    expect(pm.penetration).toMatchObject({ face: 'rear', armour: 6, impact: 3, rangeModifier: 1 });
    // Hit on 3-6 (4/6); penetrate when d6 + 3 + 1 >= 6, on 2-6 (5/6).
    expect(shotOdds(m.ctx, pm)).toMatchObject({ pHit: 4 / 6, pPenetrate: 5 / 6 });
    expect(shotOdds(m.ctx, pm).pKill).toBeCloseTo(20 / 36, 12);

    const h = vsTank('tp.artHeavyTowed', 'tp.artHeavy');
    const ph = plan(h.ctx, h.state, { unit: 'g', weapon: 'tp.artHeavy', target: 'tk' });
    // d6 + 4 + 1 >= 6 on any face.
    expect(ph.penetration).toMatchObject({ impact: 4, needed: 1 });
    expect(shotOdds(h.ctx, ph).pKill).toBeCloseTo(4 / 6, 12);
  });

  test('through the reducer a 3 then a 2 destroys the tank; a 3 then a 1 bounces off', () => {
    const m = vsTank('tp.artMediumTowed', 'tp.artMedium');
    const fire: TestAction = { type: 'fire', unit: 'g', weapon: 'tp.artMedium', target: 'tk' };
    const kill = run(m.ctx, m.state, [{ type: 'forceDice', rolls: [3, 2, 6, 6, 6, 6, 6] }, fire]);
    expect(kill.events.find((e) => e.type === 'PenetrationResolved')).toMatchObject({
      total: 6,
      penetrated: true,
    });
    const bounce = run(m.ctx, m.state, [{ type: 'forceDice', rolls: [3, 1] }, fire]);
    expect(bounce.events.find((e) => e.type === 'PenetrationResolved')).toMatchObject({
      total: 5,
      penetrated: false,
    });
  });

  test('against men the blast sector has A = 2, 2.5 or 3.5" by class', () => {
    const men = [
      unit('b', 'b.sq', 't1', 'tp.rifleman', [15, 12], 'rifleman'),
      unit('b', 'b.sq', 't2', 'tp.rifleman', [16.8, 12], 'rifleman'),
      unit('b', 'b.sq', 't3', 'tp.rifleman', [17.3, 12], 'rifleman'),
      unit('b', 'b.sq', 't4', 'tp.rifleman', [18.3, 12], 'rifleman'),
    ];
    const caught = (gun: string, weapon: string) => {
      const g = fixtureGame({ units: [...battery(gun, 6), ...men], phase: 'firing' });
      const p = plan(g.ctx, dug(g.state, `g:${weapon}`), { unit: 'g', weapon, target: 't1' });
      expect(p.mode).toBe('he');
      expect(p.template!.saves.every((x) => x.needed === 5)).toBe(true);
      return {
        radius: (p.template!.template as { radius: number }).radius,
        units: p.template!.saves.map((x) => x.unit).sort(),
      };
    };
    expect(caught('tp.artLightTowed', 'tp.artLight')).toEqual({ radius: 2, units: ['t1', 't2'] });
    expect(caught('tp.artMediumTowed', 'tp.artMedium')).toEqual({
      radius: 2.5,
      units: ['t1', 't2', 't3'],
    });
    expect(caught('tp.artHeavyTowed', 'tp.artHeavy')).toEqual({
      radius: 3.5,
      units: ['t1', 't2', 't3', 't4'],
    });
  });

  test('direct fire reaches 40" and no further', () => {
    const { ctx, state } = fixtureGame({
      units: [...battery('tp.artLightTowed', 4), unit('b', 'b.sq', 't', 'tp.rifleman', [35, 4])],
      phase: 'firing',
    });
    const s = dug(state, 'g:tp.artLight');
    const far: TestAction = { type: 'fire', unit: 'g', weapon: 'tp.artLight', at: [45.5, 12] };
    // The table is 36" wide: aim at a point past its edge along the gun's line.
    expect(attempt(ctx, s, far)).toMatchObject({ ok: false, ruleId: 'TP-18.7c' });
  });
});

describe('indirect fire (TP-18.7a, e, h; TP-A40, TP-A41)', () => {
  const field = (options?: Record<string, boolean>) => {
    const g = fixtureGame({
      units: [
        ...battery('tp.artMediumTowed', 6),
        unit('a', 'a.lt', 'l', 'tp.artLightTowed', [5, 6]),
        ...[0, 1, 2].map((k) =>
          unit('a', 'a.lt', `lc${k}`, 'tp.artilleryCrew', [4.5 + 0.4 * k, 7], 'artilleryCrew'),
        ),
        unit('a', 'a.hq', 'o', 'tp.officer', [6, 10], 'officer'),
        unit('a', 'a.hq', 'r', 'tp.radioman', [6, 11.5], 'radioman'),
        unit('b', 'b.sq', 't', 'tp.rifleman', [25, 10], 'rifleman'),
      ],
      phase: 'firing',
      ...(options ? { options } : {}),
    });
    return { ctx: g.ctx, state: dug(dug(g.state, 'g:tp.artMedium'), 'l:tp.artLight') };
  };
  const indirect = (u: string, weapon: string): TestAction => ({
    type: 'fire',
    unit: u,
    weapon,
    at: [25, 10],
    indirect: true,
  });

  test('without BASIC.OPT.ART artillery fires direct only, and nobody calls its fire', () => {
    const { ctx, state } = field();
    expect(attempt(ctx, state, indirect('l', 'tp.artLight'))).toMatchObject({
      ok: false,
      ruleId: 'TP-A41',
    });
    expect(
      attempt(ctx, state, { type: 'callFire', unit: 'o', mortar: 'g', at: [25, 10] }),
    ).toMatchObject({ ok: false, ruleId: 'TP-A41' });
    // Direct fire is still allowed.
    expect(
      attempt(ctx, state, {
        type: 'fire',
        unit: 'l',
        weapon: 'tp.artLight',
        target: 't',
      }).ok,
    ).toBe(true);
  });

  test('light artillery fires indirect at once at what its crew sees; medium needs a call', () => {
    const { ctx, state } = field(ART);
    const light = run(ctx, state, [
      { type: 'forceDice', rolls: [6, 6] },
      indirect('l', 'tp.artLight'),
    ]);
    expect(light.events.find((e) => e.type === 'MortarRound')).toMatchObject({
      unit: 'l',
      roll: 6,
      landed: [25, 10],
    });
    expect(attempt(ctx, state, indirect('g', 'tp.artMedium'))).toMatchObject({
      ok: false,
      ruleId: 'TP-18.7h',
    });
  });

  test('medium artillery fires the turn after the observer calls, not the same turn', () => {
    const { ctx, state } = field(ART);
    const called = run(ctx, state, [{ type: 'callFire', unit: 'o', mortar: 'g', at: [25, 10] }]);
    expect(called.events[0]).toMatchObject({ type: 'FireCalled', weapon: 'tp.artMedium' });
    expect(attempt(ctx, called.state, indirect('g', 'tp.artMedium'))).toMatchObject({
      ok: false,
      ruleId: 'TP-18.7e',
    });
    const later = run(ctx, called.state, nextFiring).state;
    const shot = run(ctx, later, [
      { type: 'forceDice', rolls: [1] },
      indirect('g', 'tp.artMedium'),
    ]);
    expect(shot.events.find((e) => e.type === 'MortarRound')).toMatchObject({
      unit: 'g',
      roll: 1,
      landed: null,
    });
  });

  test('exact odds of an indirect round: each matrix circle is one chance in six', () => {
    const { ctx, state } = field(ART);
    const p = plan(ctx, state, { unit: 'l', weapon: 'tp.artLight', target: 't', indirect: true });
    // Only the centred circle (roll 6) covers the man at the aim point with 2" circles; he then
    // fails a 5+ save on 1-4.
    expect(p.matrix).toHaveLength(5);
    const odds = shotOdds(ctx, p).perUnit;
    expect(odds.map((x) => x.unit)).toEqual(['t']);
    expect(odds[0]!.p).toBeCloseTo((1 / 6) * (4 / 6), 12);
    expect(shotOdds(ctx, p).pKill).toBeCloseTo((1 / 6) * (4 / 6), 12);
  });
});

describe('indirect artillery follows the mortar rules on canopies (TP-18.7a, TP-12.3)', () => {
  const withTree = (tree: { x: number; y: number; canopyRadius: number }) => {
    const g = fixtureGame({
      units: [
        unit('a', 'a.lt', 'l', 'tp.artLightTowed', [5, 6]),
        ...[0, 1, 2].map((k) =>
          unit('a', 'a.lt', `lc${k}`, 'tp.artilleryCrew', [4.5 + 0.4 * k, 7], 'artilleryCrew'),
        ),
        unit('b', 'b.sq', 't', 'tp.rifleman', [25, 10], 'rifleman'),
      ],
      features: [{ id: 'oak', kind: 'tree', ...tree }],
      phase: 'firing',
      options: ART,
    });
    // An observer called the fire last turn, so what the crew itself sees does not matter.
    const s = dug(g.state, 'l:tp.artLight');
    const tw = s.teamWeapons['l:tp.artLight']!;
    const called: TankplankState = {
      ...s,
      teamWeapons: {
        ...s.teamWeapons,
        'l:tp.artLight': { ...tw, call: { at: [25, 10], turn: s.turn - 1 } },
      },
    };
    return { ctx: g.ctx, state: called };
  };

  test('a man just behind a tree on the line of fire cannot be hit; the odds say so', () => {
    const open = withTree({ x: 25, y: 20, canopyRadius: 1 });
    const hit = plan(open.ctx, open.state, {
      unit: 'l',
      weapon: 'tp.artLight',
      target: 't',
      indirect: true,
    });
    expect(shotOdds(open.ctx, hit).pKill).toBeGreaterThan(0);
    // The same tree 2" in front of him on the line of fire shelters him (4" stand-off).
    const behind = withTree({ x: 23, y: 9.6, canopyRadius: 1 });
    const safe = plan(behind.ctx, behind.state, {
      unit: 'l',
      weapon: 'tp.artLight',
      target: 't',
      indirect: true,
    });
    expect(safe.matrix?.flatMap((m) => m.saves.map((x) => x.unit))).not.toContain('t');
    expect(shotOdds(behind.ctx, safe).pKill).toBe(0);
  });

  test('a piece under trees, or with trees close in front of it, may not fire indirect', () => {
    const under = withTree({ x: 5, y: 6, canopyRadius: 1.5 });
    const r = attempt(under.ctx, under.state, {
      type: 'fire',
      unit: 'l',
      weapon: 'tp.artLight',
      at: [25, 10],
      indirect: true,
    });
    expect(r).toMatchObject({ ok: false, ruleId: 'TP-12.3' });
    const close = withTree({ x: 8, y: 6.6, canopyRadius: 1 });
    expect(
      attempt(close.ctx, close.state, {
        type: 'fire',
        unit: 'l',
        weapon: 'tp.artLight',
        at: [25, 10],
        indirect: true,
      }),
    ).toMatchObject({ ok: false, ruleId: 'TP-12.3' });
  });
});

describe('burst sizes (TP-A16)', () => {
  test("OPT.ART classes in the basic game; the advanced rules' calibre table with ADV on", () => {
    const diameters = (layers?: string[]) => {
      const g = fixtureGame({
        units: [
          ...battery('tp.artMediumTowed', 6),
          unit('b', 'b.sq', 't', 'tp.rifleman', [25, 10], 'rifleman'),
        ],
        phase: 'firing',
        options: ART,
        ...(layers ? { layers } : {}),
      });
      const s = dug(g.state, 'g:tp.artMedium');
      const tw = s.teamWeapons['g:tp.artMedium']!;
      const called: TankplankState = {
        ...s,
        teamWeapons: {
          ...s.teamWeapons,
          'g:tp.artMedium': { ...tw, call: { at: [25, 10], turn: 0 } },
        },
      };
      const p = plan(g.ctx, called, {
        unit: 'g',
        weapon: 'tp.artMedium',
        target: 't',
        indirect: true,
      });
      return [...new Set(p.matrix!.map((m) => (m as { diameter?: number }).diameter))];
    };
    expect(diameters()).toEqual([3]);
    expect(diameters(['BASIC', 'ADV'])).toEqual([4]);
  });
});

describe('crew (TP-18.7f, TP-18.7g)', () => {
  const cadenceRun = (crew: number) => {
    const g = fixtureGame({
      units: [
        ...battery('tp.artMediumTowed', crew),
        unit('b', 'b.sq', 't', 'tp.rifleman', [30, 20]),
      ],
      phase: 'firing',
    });
    const ctx = g.ctx;
    let s = dug(g.state, 'g:tp.artMedium');
    const fire: TestAction[] = [
      { type: 'forceDice', rolls: [1] },
      { type: 'fire', unit: 'g', weapon: 'tp.artMedium', at: [20, 12] },
    ];
    const fired: boolean[] = [];
    for (let turn = 0; turn < 4; turn++) {
      const r = attempt(ctx, s, fire[0]!);
      if (!r.ok) throw new Error(r.reason);
      const f = attempt(ctx, r.state, fire[1]!);
      fired.push(f.ok);
      if (!f.ok) expect(f.ruleId).toBe('TP-18.7f');
      s = run(ctx, f.ok ? f.state : r.state, nextFiring).state;
    }
    return fired;
  };

  test('medium guns: 4 men fire every turn, 3 every other turn, 2 every third, 1 not at all', () => {
    expect(cadenceRun(4)).toEqual([true, true, true, true]);
    expect(cadenceRun(3)).toEqual([true, false, true, false]);
    expect(cadenceRun(2)).toEqual([true, false, false, true]);
    expect(cadenceRun(1)).toEqual([false, false, false, false]);
  });

  test('infantrymen and AT gunners cannot serve artillery', () => {
    for (const [role, type] of [
      ['rifleman', 'tp.rifleman'],
      ['atCrew', 'tp.atCrew'],
    ] as const) {
      const { ctx, state } = fixtureGame({
        units: [
          ...battery('tp.artLightTowed', 4, role, type),
          unit('b', 'b.sq', 't', 'tp.rifleman', [20, 12]),
        ],
        phase: 'firing',
      });
      const r = attempt(ctx, dug(state, 'g:tp.artLight'), {
        type: 'fire',
        unit: 'g',
        weapon: 'tp.artLight',
        target: 't',
      });
      expect(r).toMatchObject({ ok: false, ruleId: 'TP-18.7g' });
      expect(!r.ok && r.reason).toMatch(/has 0/);
    }
  });
});

describe('playtest adapter and the bundled variant', () => {
  test('the weapons list offers direct and indirect fire, and the preview gives the exact odds', () => {
    const scenario = fixtureScenario({
      title: 'artillery preview',
      options: ART,
      units: [
        { ...unit('a', 'a.bat', 'g', 'tp.artLightTowed', [5, 12]), extra: { 'x-setUp': true } },
        ...[0, 1, 2].map((k) =>
          unit('a', 'a.bat', `c${k}`, 'tp.artilleryCrew', [4.5 + 0.4 * k, 13], 'artilleryCrew'),
        ),
        unit('b', 'b.sq', 't', 'tp.rifleman', [25, 10], 'rifleman'),
      ],
    });
    const rs = tankplankPlaytest(scenario);
    const s = { ...rs.game.newGame({ seed: 1 }), phase: 'firing' as const };
    const sp = tankplankPlaytest(
      fixtureScenario({
        title: 'sp',
        units: [
          unit('a', 'a.sp', 'sp', 'tp.artHeavySP', [5, 12]),
          unit('b', 'b.sq', 't', 'tp.rifleman', [25, 10]),
        ],
      }),
    );
    expect(
      sp.commands(sp.game.newGame({ seed: 1 }), 'sp').find((c) => c.id === 'setUp')?.action,
    ).toEqual({
      type: 'setUp',
      unit: 'sp',
    });
    const choices = rs.weapons(s, 'g');
    expect(choices.map((c) => c.id)).toEqual(['tp.artLight', 'indirect:tp.artLight']);
    expect(choices[0]!.remaining).toBe('set up; 3 crew, fires every turn');
    const preview = rs.previewFire(s, 'g', 'indirect:tp.artLight', undefined, { unit: 't' });
    expect(preview.legal).toBe(true);
    expect(preview.action).toMatchObject({ type: 'fire', weapon: 'tp.artLight', indirect: true });
    expect(preview.odds.find((o) => o.label.endsWith('out of action'))?.p).toBeCloseTo(4 / 36, 12);
  });

  test('bots play the village with artillery to the end, every action legal', () => {
    const ctx = createContext(bundledScenario('tankplank-village-artillery'));
    // In some games both guns are knocked out on the way in: of a few seeds (the first usually
    // does), one must see a gun live long enough to set up and fire. Every game must end with
    // every action legal.
    let fired: number | undefined;
    for (const seed of [4, 5, 6, 7]) {
      const start = newGame(ctx, { seed, turnLimit: 8 });
      const game = simulate(tankplankGame(ctx), { seed, turnLimit: 8 });
      expect(game.state.phase).toBe('ended');
      expect(replay(testReducer(ctx), start, game.actions).refused).toEqual([]);
      const art = game.actions.filter((a) => 'unit' in a && a.unit.endsWith('.art.gun'));
      if (art.some((a) => a.type === 'setUp') && art.some((a) => a.type === 'fire')) {
        fired = seed;
        break;
      }
    }
    expect(fired).toBeDefined();
  });
});
