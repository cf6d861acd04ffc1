import { describe, expect, test } from 'vitest';
import { building, forest } from '../fixtures';
import { testGame } from '../testing';
import { currentActor } from './order';
import { isRefused, planShot } from './shooting';
import { sightBetween } from './sight';
import type { TanksEvent } from './state';

const ofType = <T extends TanksEvent['type']>(events: readonly TanksEvent[], type: T) =>
  events.filter((e): e is Extract<TanksEvent, { type: T }> => e.type === type);

describe('set-up and turn order (TK-2, TK-4.1, TK-6.1)', () => {
  test('models start where the scenario puts them, with no Speed token and Advantage to the Attacker', () => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [10, 4] },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [26, 32] },
      ],
      attacker: 'b',
    });
    expect(g.state.phase).toBe('movement');
    expect(g.state.turn).toBe(1);
    expect(g.state.models['a1']!.at).toEqual([10, 4]);
    expect(g.state.models['a1']!.speedToken).toBe(0);
    expect(g.state.advantage).toBe('b');
    expect(g.state.deck.draw).toHaveLength(20);
  });

  test('T9: an Initiative tie in movement: the side without Advantage moves first', () => {
    const g = testGame({
      models: [
        { id: 'us', side: 'a', type: 'fx.tank', at: [10, 4] },
        { id: 'sov', side: 'b', type: 'fx.tank', at: [26, 32] },
      ],
      attacker: 'b',
    });
    expect(currentActor(g.ctx, g.state)).toBe('us');
    expect(g.refuse({ type: 'move', unit: 'sov', heading: 270, distance: 1, facing: 270 })).toMatch(
      /TK-4\.1/,
    );
  });

  test('T10: the same tie in shooting: the side with Advantage shoots first', () => {
    const g = testGame({
      models: [
        { id: 'us', side: 'a', type: 'fx.tank', at: [10, 4] },
        { id: 'sov', side: 'b', type: 'fx.tank', at: [26, 32] },
      ],
      attacker: 'b',
    });
    g.act({ type: 'endPhase', side: 'a' }, { type: 'endPhase', side: 'b' });
    expect(g.state.phase).toBe('shooting');
    expect(currentActor(g.ctx, g.state)).toBe('sov');
  });

  test('tanks move before helicopters whatever their Initiative (TK-4.1)', () => {
    const g = testGame({
      models: [
        { id: 'heli', side: 'a', type: 'fx.heli', at: [10, 4] },
        { id: 'tank', side: 'b', type: 'fx.heavy', at: [26, 32] },
      ],
    });
    // fx.heli has Initiative 7, fx.heavy 5: in shooting the helicopter goes first, not in movement.
    expect(currentActor(g.ctx, g.state)).toBe('tank');
  });

  test('T8: equal Advantage rolls give the Attacker Advantage', () => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [10, 4] },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [26, 32] },
      ],
      attacker: 'b',
    });
    g.dice(3, 3);
    const ev = g.act(
      { type: 'endPhase', side: 'a' },
      { type: 'endPhase', side: 'b' },
      { type: 'endPhase', side: 'b' },
      { type: 'endPhase', side: 'a' },
    );
    const adv = ofType(ev, 'AdvantageRolled')[0]!;
    expect(adv.tie).toBe(true);
    expect(adv.side).toBe('b');
    expect(g.state.turn).toBe(2);
  });
});

describe('movement (TK-4)', () => {
  test('a tank moves up to the Tail and gets a Speed token per move', () => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [10, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [26, 32] },
      ],
    });
    g.act({ type: 'endPhase', side: 'b' });
    expect(g.refuse({ type: 'move', unit: 'a1', heading: 90, distance: 4.5, facing: 90 })).toMatch(
      /at most 4"/,
    );
    g.act({ type: 'move', unit: 'a1', heading: 90, distance: 4, facing: 90 });
    expect(g.state.models['a1']!.at).toEqual([10, 8]);
    expect(g.state.models['a1']!.speedToken).toBe(1);
    // TK-A9: the tank ends square to the arrow.
    expect(g.refuse({ type: 'move', unit: 'a1', heading: 90, distance: 2, facing: 45 })).toMatch(
      /TK-A9/,
    );
    g.act({ type: 'move', unit: 'a1', heading: 0, distance: 2, facing: 180 });
    expect(g.state.models['a1']!.speedToken).toBe(2);
    // Speed 2: the activation has ended and shooting begins.
    expect(g.state.phase).toBe('shooting');
  });

  test('a move may not cross a building (TK-4.10), nor run into another tank (TK-A16)', () => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [10, 4], facing: 90 },
        { id: 'a2', side: 'a', type: 'fx.tank', at: [15, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [26, 32] },
      ],
      features: [building('house', 10, 9, 4, 2)],
    });
    g.act({ type: 'endPhase', side: 'b' });
    expect(g.refuse({ type: 'move', unit: 'a1', heading: 90, distance: 4, facing: 90 })).toMatch(
      /house.*TK-4\.10/,
    );
    expect(g.refuse({ type: 'move', unit: 'a1', heading: 0, distance: 4, facing: 0 })).toMatch(
      /TK-A16/,
    );
  });

  test('Defensive Measures: Speed tokens up to Speed without moving (TK-4.7)', () => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [10, 4] },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [26, 32] },
      ],
    });
    g.act({ type: 'endPhase', side: 'b' });
    expect(g.refuse({ type: 'defend', unit: 'a1', tokens: 3 })).toMatch(/1 to 2/);
    g.act({ type: 'defend', unit: 'a1', tokens: 2 });
    expect(g.state.models['a1']!.speedToken).toBe(2);
    expect(g.state.models['a1']!.at).toEqual([10, 4]);
  });

  test('a Wheeled model moving into terrain makes only that move (TK-4.11, TK-A14)', () => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.buggy', at: [10, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [26, 32] },
      ],
      features: [forest('wood', 10, 10, 3)],
    });
    // fx.buggy has Initiative 3, below the tank's 5: it moves first.
    g.act({ type: 'move', unit: 'a1', heading: 90, distance: 4, facing: 90 });
    expect(g.state.models['a1']!.wheeledStop).toBe(true);
    expect(currentActor(g.ctx, g.state)).toBe('b1');
  });

  test('a low helicopter cannot enter a forest; a high one flies over it (TK-4.10)', () => {
    const g = testGame({
      models: [
        { id: 'h', side: 'a', type: 'fx.heli', at: [10, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [26, 32] },
      ],
      features: [forest('wood', 10, 11, 3)],
    });
    g.act({ type: 'endPhase', side: 'b' });
    expect(g.refuse({ type: 'move', unit: 'h', heading: 90, distance: 6, facing: 90 })).toMatch(
      /wood/,
    );
    g.act({ type: 'move', unit: 'h', heading: 90, distance: 6, facing: 90, elevation: 'high' });
    expect(g.state.models['h']!.elevation).toBe('high');
    expect(
      g.refuse({ type: 'move', unit: 'h', heading: 90, distance: 1, facing: 90, elevation: 'low' }),
    ).toMatch(/TK-4\.8/);
  });
});

describe('line of sight and cover (TK-5)', () => {
  test('a building between blocks sight and says so', () => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 4] },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 30] },
      ],
      features: [building('house', 18, 17, 8, 3)],
    });
    const s = sightBetween(g.ctx, g.state, 'a1', 'b1');
    expect(s.visible).toBe(false);
    expect(s.blockedBy?.name).toBe('house');
  });

  test('T13: two of four hull corners in view is cover (TK-5.8)', () => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 8], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 20], facing: 0 },
      ],
      features: [building('house', 16.5, 14, 3, 2)],
    });
    const s = sightBetween(g.ctx, g.state, 'a1', 'b1');
    expect(s.visible).toBe(true);
    expect(s.corners.filter((c) => c.clear)).toHaveLength(2);
    expect(s.cover).toBe(true);
  });

  test('a forest blocks a line that passes through it but conceals a tank inside it (TK-A7)', () => {
    const through = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 4] },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 30] },
      ],
      features: [forest('wood', 18, 17, 4)],
    });
    expect(sightBetween(through.ctx, through.state, 'a1', 'b1').visible).toBe(false);
    const inside = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 4] },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 17] },
      ],
      features: [forest('wood', 18, 17, 4)],
    });
    const s = sightBetween(inside.ctx, inside.state, 'a1', 'b1');
    expect(s.visible).toBe(true);
    expect(s.cover).toBe(true);
  });

  test('the forest a shooter stands in is ignored (TK-A6)', () => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 10] },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 30] },
      ],
      features: [forest('wood', 18, 10, 4)],
    });
    const s = sightBetween(g.ctx, g.state, 'a1', 'b1');
    expect(s.visible).toBe(true);
    expect(s.cover).toBe(false);
    expect(s.ignored).toEqual(['wood']);
  });

  test('other tanks block tanks, not low helicopters (TK-5.5, TK-A5)', () => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 4], facing: 90 },
        { id: 'h', side: 'a', type: 'fx.heli', at: [18, 9], facing: 90 },
        { id: 'mid', side: 'a', type: 'fx.tank', at: [18, 17], facing: 0 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 30] },
      ],
    });
    expect(sightBetween(g.ctx, g.state, 'a1', 'b1').visible).toBe(false);
    expect(sightBetween(g.ctx, g.state, 'h', 'b1').visible).toBe(true);
  });
});

describe('shooting (TK-6)', () => {
  test('T1: Defence 2, in cover, shooter moved once, target still, side shot: 3 dice', () => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [26, 18], facing: 270 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 18], facing: 270 },
      ],
      features: [forest('wood', 18, 18, 3)],
    });
    g.act(
      { type: 'endPhase', side: 'b' },
      { type: 'move', unit: 'a1', heading: 270, distance: 1, facing: 270 },
      { type: 'endPhase', side: 'a' },
    );
    const plan = planShot(g.ctx, g.state, 'a1', 'b1', 'gun');
    if (isRefused(plan)) throw new Error(plan.refused);
    expect(plan.defence.base).toBe(2);
    expect(plan.defence.modifiers.map((m) => m.value)).toEqual([1, 1, -1]);
    expect(plan.defence.dice).toBe(3);
  });

  test('T2 and T3: rolls 2,5,6,6 give 1 Hit and 2 Criticals; defence 1,2,4,6 leaves 1 Critical', () => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.heavy', at: [18, 30], facing: 270 },
      ],
    });
    // b1 (Initiative 5, no Advantage) moves first: it stays; a1 moves once (not Stationary).
    g.act(
      { type: 'endPhase', side: 'b' },
      { type: 'move', unit: 'a1', heading: 90, distance: 1, facing: 90 },
      { type: 'endPhase', side: 'a' },
    );
    g.dice(2, 5, 6, 6, 1, 2, 4, 6);
    const ev = g.act({ type: 'shoot', unit: 'a1', target: 'b1', weapon: 'gun' });
    const atk = ofType(ev, 'AttackRolled')[0]!;
    expect([atk.hits, atk.criticals, atk.rerolls.length]).toEqual([1, 2, 0]);
    const def = ofType(ev, 'DefenceRolled')[0]!;
    expect([def.pool, def.sixes, def.fours]).toEqual([4, 1, 1]);
    // Both sides have a real choice, so both are asked: the target first (TK-A12).
    expect(g.state.pending?.chooser).toBe('target');
    expect(g.game.status(g.state).waitingFor).toEqual(['b']);
    expect(g.refuse({ type: 'cancel', side: 'b', criticals: 2 })).toMatch(/0 to 1 Criticals/);
    const after = g.act({ type: 'cancel', side: 'b', criticals: 1 });
    expect(g.game.status(g.state).waitingFor).toEqual(['a']);
    after.push(...g.act({ type: 'cancel', side: 'a', criticals: 0 }));
    const cancels = ofType(after, 'Cancelled');
    expect(cancels.map((c) => [c.by, c.hits, c.criticals])).toEqual([
      ['target', 0, 1],
      ['shooter', 1, 0],
    ]);
    expect(ofType(after, 'DamageTaken')[0]).toMatchObject({ hits: 0, criticals: 1 });
    expect(ofType(after, 'CriticalCardDrawn')).toHaveLength(1);
  });

  test('T4: Defence 3, shooter Speed 2, target Speed 3, Scout in cover: 10 capped at 6', () => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.fastScout', at: [18, 26], facing: 270 },
      ],
      features: [forest('wood', 18, 26, 3)],
    });
    g.act(
      { type: 'defend', unit: 'b1', tokens: 3 },
      { type: 'move', unit: 'a1', heading: 90, distance: 2, facing: 90 },
      { type: 'move', unit: 'a1', heading: 90, distance: 2, facing: 90 },
    );
    const plan = planShot(g.ctx, g.state, 'a1', 'b1', 'gun');
    if (isRefused(plan)) throw new Error(plan.refused);
    expect(plan.defence.raw).toBe(10);
    expect(plan.defence.dice).toBe(6);
  });

  test('T5 and T6: missiles on the move hit only on 5 at Speed 1 and cannot fire at Speed 3', () => {
    const g = testGame({
      models: [
        { id: 'm', side: 'a', type: 'fx.missileTank', at: [18, 4], facing: 90 },
        { id: 'f', side: 'a', type: 'fx.fastMissile', at: [8, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 30], facing: 270 },
      ],
    });
    g.act(
      { type: 'move', unit: 'm', heading: 90, distance: 1, facing: 90 },
      { type: 'endPhase', side: 'a' },
      { type: 'defend', unit: 'f', tokens: 3 },
      { type: 'endPhase', side: 'b' },
    );
    expect(g.state.phase).toBe('shooting');
    const missile = planShot(g.ctx, g.state, 'm', 'b1', 'missiles');
    if (isRefused(missile)) throw new Error(missile.refused);
    expect([missile.attack.hitOn, missile.attack.criticalOn]).toEqual([[5], [6]]);
    const fast = planShot(g.ctx, g.state, 'f', 'b1', 'missiles');
    expect(isRefused(fast) && fast.ruleId).toBe('TK-6.9');
  });

  test('T7: a tank with Attack 5 shooting a low helicopter rolls 3 AAMG dice', () => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.heavy', at: [18, 4], facing: 90 },
        { id: 'h', side: 'b', type: 'fx.heli', at: [18, 20], facing: 270 },
      ],
    });
    const plan = planShot(g.ctx, g.state, 'a1', 'h', 'gun');
    if (isRefused(plan)) throw new Error(plan.refused);
    expect([plan.attack.label, plan.attack.dice]).toEqual(['AAMG', 3]);
  });

  test('a helicopter only shoots what is wholly in front of it (TK-5.7)', () => {
    const g = testGame({
      models: [
        { id: 'h', side: 'a', type: 'fx.heli', at: [18, 20], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 14], facing: 0 },
      ],
    });
    const plan = planShot(g.ctx, g.state, 'h', 'b1', 'gun');
    expect(isRefused(plan) && plan.ruleId).toBe('TK-5.7');
  });
});
