import { describe, expect, test } from 'vitest';
import type { Feature } from '../../../format';
import { replay } from '../../../game/replay';
import { tablePoint } from '../../../geometry/units';
import type { TankplankEvent } from './actions';
import type { TestAction } from './testing';
import { planShot } from './fire';
import type { FixtureUnit } from './fixtures';
import { testReducer } from './testing';
import { sightBetween } from './situation';
import type { TankplankState } from './state';
import { fixtureGame, withLevels } from './testing';

const man = (side: 'a' | 'b', id: string, at: [number, number]): FixtureUnit => ({
  side,
  formation: `${side}.sq`,
  id,
  type: 'tp.rifleman',
  role: 'rifleman',
  at,
  facing: side === 'a' ? 0 : 180,
});
const tank = (side: 'a' | 'b', id: string, at: [number, number], facing: number): FixtureUnit => ({
  side,
  formation: `${side}.t`,
  id,
  type: 'tp.mediumTank',
  at,
  facing,
});
const house = (id: string, kind: 'closed' | 'underConstruction', extra = {}): Feature => ({
  id,
  kind: 'building',
  x: 20,
  y: 12,
  width: 4,
  depth: 4,
  buildingKind: kind,
  floors: 2,
  ...extra,
});
const endPhase: TestAction[] = [
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
];
const events = (r: { events: readonly { event: TankplankEvent }[] }) =>
  r.events.map((e) => e.event);

describe('HE against a house wall (TP-11.5)', () => {
  test('a wall hit leaves a 2" hole and the men behind it save on the open-ground roll', () => {
    const { ctx, state } = fixtureGame({
      units: [
        tank('a', 'tank', [5, 12], 0),
        man('b', 'behind', [19, 12]),
        man('b', 'aside', [21.5, 13.8]),
      ],
      features: [house('house', 'underConstruction')],
      phase: 'firing',
    });
    const fire: TestAction = {
      type: 'fire',
      unit: 'tank',
      weapon: 'tp.tankGun',
      at: [18.2, 12],
      ammo: 'HE',
    };
    const plan = planShot(ctx, state, fire);
    if ('refused' in plan) throw new Error(plan.reason);
    expect(plan.house).toMatchObject({ house: 'house', part: 'wall', at: [18, 12] });
    expect(plan.template!.saves).toEqual([
      expect.objectContaining({ unit: 'behind', needed: 5, ruleId: 'TP-11.5' }),
    ]);
    const r = replay(testReducer(ctx), state, [{ type: 'forceDice', rolls: [6, 1] }, fire]);
    expect(r.refused).toEqual([]);
    expect(events(r)).toContainEqual(
      expect.objectContaining({ type: 'HouseHit', part: 'wall', house: 'house', burning: false }),
    );
    expect(events(r)).toContainEqual(
      expect.objectContaining({ type: 'CasualtyMarked', unit: 'behind', ruleId: 'TP-11.5' }),
    );
    expect(events(r)).not.toContainEqual(expect.objectContaining({ unit: 'aside' }));
    expect(r.state.gaps).toEqual([{ feature: 'house', at: [18, 12], width: 2 }]);
  });

  test('holes in both walls let the line of sight through the house', () => {
    const { ctx, state } = fixtureGame({
      units: [
        tank('a', 'ta', [5, 12], 0),
        tank('b', 'tb', [34, 12], 180),
        man('a', 'ma', [8, 14]),
        man('b', 'mb', [31, 14]),
      ],
      features: [house('house', 'closed')],
      phase: 'firing',
    });
    const through = (s: TankplankState) =>
      sightBetween(ctx, s, { point: tablePoint(10, 12) }, { point: tablePoint(30, 12) }).visible;
    expect(through(state)).toBe(false);
    const r = replay(testReducer(ctx), state, [
      { type: 'forceDice', rolls: [6, 6] },
      { type: 'fire', unit: 'ta', weapon: 'tp.tankGun', at: [18.2, 12], ammo: 'HE' },
      { type: 'fire', unit: 'tb', weapon: 'tp.tankGun', at: [21.8, 12], ammo: 'HE' },
    ]);
    expect(r.refused).toEqual([]);
    expect(r.state.gaps?.map((g) => g.at)).toEqual([
      [18, 12],
      [22, 12],
    ]);
    expect(through(r.state)).toBe(true);
    // A line that misses the holes is still blocked.
    expect(
      sightBetween(ctx, r.state, { point: tablePoint(10, 10.5) }, { point: tablePoint(30, 10.5) })
        .visible,
    ).toBe(false);
  });
});

describe('HE against a roof (TP-11.6, TP-11.7, TP-G15)', () => {
  test('a roof hit makes everyone on the upper floor save; the ground floor is untouched', () => {
    const { ctx, state } = fixtureGame({
      units: [
        tank('a', 'tank', [5, 12], 0),
        man('b', 'up', [20.5, 13]),
        man('b', 'down', [19.5, 11]),
      ],
      features: [house('house', 'underConstruction')],
      phase: 'firing',
    });
    const s = withLevels(state, { up: 'upper' });
    const r = replay(testReducer(ctx), s, [
      { type: 'forceDice', rolls: [6, 2] },
      { type: 'fire', unit: 'tank', weapon: 'tp.tankGun', at: [20, 12.2], ammo: 'HE' },
    ]);
    expect(r.refused).toEqual([]);
    expect(events(r)).toContainEqual(
      expect.objectContaining({
        type: 'HouseHit',
        part: 'roof',
        burning: false,
        ruleId: 'TP-11.6',
      }),
    );
    expect(events(r)).toContainEqual(
      expect.objectContaining({
        type: 'SaveRolled',
        unit: 'up',
        needed: 5,
        roll: 2,
        ruleId: 'TP-11.6',
      }),
    );
    expect(events(r)).not.toContainEqual(expect.objectContaining({ unit: 'down' }));
    expect(r.state.burningRoofs ?? []).toEqual([]);
  });

  test('men on the roof: the 2" circle kills, the far slope saves, survivors come down and the roof burns', () => {
    const { ctx, state } = fixtureGame({
      units: [
        tank('a', 'tank', [5, 12], 0),
        man('b', 'hit', [19, 12]),
        man('b', 'near', [19, 13.6]),
        man('b', 'far', [21, 12]),
        man('b', 'helper', [17.5, 12]),
      ],
      features: [house('house', 'closed', { roof: { type: 'pitched', ridge: 'depth' } })],
      phase: 'firing',
    });
    const s = withLevels(state, { hit: 'roof', near: 'roof', far: 'roof' });
    const reduce = testReducer(ctx);
    const r = replay(reduce, s, [
      { type: 'forceDice', rolls: [6, 6] },
      { type: 'fire', unit: 'tank', weapon: 'tp.tankGun', target: 'hit', ammo: 'HE' },
    ]);
    expect(r.refused).toEqual([]);
    const ev = events(r);
    expect(ev).toContainEqual(
      expect.objectContaining({ type: 'CasualtyMarked', unit: 'hit', ruleId: 'TP-11.7' }),
    );
    expect(ev).not.toContainEqual(expect.objectContaining({ type: 'SaveRolled', unit: 'hit' }));
    expect(ev).toContainEqual(
      expect.objectContaining({
        type: 'SaveRolled',
        unit: 'far',
        needed: 5,
        saved: true,
        ruleId: 'TP-11.7',
      }),
    );
    expect(ev).not.toContainEqual(expect.objectContaining({ unit: 'near' }));
    expect(ev).toContainEqual(
      expect.objectContaining({ type: 'HouseHit', part: 'roof', burning: true, ruleId: 'TP-11.7' }),
    );
    expect(r.state.burningRoofs).toEqual(['house']);

    // Next turn the survivors must come down.
    const next = replay(reduce, r.state, [...endPhase]);
    const forced = events(next).filter((e) => e.type === 'UnitMoved');
    expect(forced.map((e) => (e as { unit: string }).unit).sort()).toEqual(['far', 'near']);
    expect(forced[0]).toMatchObject({ level: 'ground', forced: 'the roof is burning' });
    expect(next.state.units.get('far')!.level).toBeUndefined();
    expect(next.state.phase).toBe('movement');

    // And nobody goes up again.
    const climb = reduce(next.state, { type: 'climb', unit: 'near', to: 'roof' });
    expect(climb).toMatchObject({ ok: false, ruleId: 'TP-11.7' });
  });
});
