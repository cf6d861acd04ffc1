import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { Feature } from '../../../format';
import { hashState } from '../../../game/stateHash';
import { replay } from '../../../game/replay';
import type { TankplankAction } from './actions';
import type { FixtureUnit } from './fixtures';
import { stateProblems } from './invariants';
import { tankplankReducer } from './reducer';
import { weaponsOf } from './situation';
import { fixtureGame } from './testing';

const features: Feature[] = [
  {
    id: 'road',
    kind: 'road',
    points: [
      [0, 12],
      [36, 12],
    ],
    width: 2,
  },
  {
    id: 'creek',
    kind: 'creek',
    points: [
      [18, 0],
      [18, 24],
    ],
    width: 3,
    bedDepth: 1.25,
    bankWidth: 1,
    fordableBy: ['tank', 'personnelCarrier'],
  },
  {
    id: 'bridge',
    kind: 'bridge',
    points: [
      [15.5, 11],
      [20.5, 11],
      [20.5, 13],
      [15.5, 13],
    ],
  },
  {
    id: 'house',
    kind: 'building',
    x: 10,
    y: 8,
    width: 3,
    depth: 3,
    buildingKind: 'underConstruction',
    floors: 2,
  },
  {
    id: 'wall',
    kind: 'wall',
    points: [
      [24, 4],
      [24, 20],
    ],
    height: 0.5,
    strength: 'small',
  },
  {
    id: 'woods',
    kind: 'woods',
    points: [
      [26, 14],
      [31, 14],
      [31, 19],
      [26, 19],
    ],
  },
];
const u = (
  side: 'a' | 'b',
  formation: string,
  id: string,
  type: string,
  at: [number, number],
  extra: Partial<FixtureUnit> = {},
): FixtureUnit => ({
  side,
  formation,
  id,
  type,
  at,
  facing: side === 'a' ? 0 : 180,
  ...extra,
});
const units: FixtureUnit[] = [
  u('a', 'a.sq', 'a1', 'tp.rifleman', [8, 10], { role: 'rifleman' }),
  u('a', 'a.sq', 'a2', 'tp.lmgGunner', [8, 11], { role: 'lmgGunner' }),
  u('a', 'a.sq', 'a3', 'tp.nco', [8, 13], { role: 'nco' }),
  u('a', 'a.sq', 'a4', 'tp.officer', [7, 13], { role: 'officer' }),
  u('a', 'a.hmg', 'ah1', 'tp.hmgCrew', [6, 6], { role: 'hmgCrew', extra: { 'x-setUp': true } }),
  u('a', 'a.hmg', 'ah2', 'tp.hmgCrew', [6, 6.5], { role: 'hmgCrew' }),
  u('a', 'a.t', 'atank', 'tp.mediumTank', [5, 16]),
  u('a', 'a.tr', 'atruck', 'tp.truck', [3, 12], { passengers: ['ap1', 'ap2'] }),
  { side: 'a', formation: 'a.p', id: 'ap1', type: 'tp.rifleman', role: 'rifleman' },
  { side: 'a', formation: 'a.p', id: 'ap2', type: 'tp.radioman', role: 'radioman' },
  u('b', 'b.sq', 'b1', 'tp.rifleman', [27, 10], { role: 'rifleman' }),
  u('b', 'b.sq', 'b2', 'tp.autoRifleman', [27, 11], { role: 'autoRifleman' }),
  u('b', 'b.sq', 'b3', 'tp.rifleman', [28, 15], { role: 'rifleman' }),
  u('b', 'b.bz', 'bb1', 'tp.bazookaCrew', [25, 12], { role: 'bazookaCrew' }),
  u('b', 'b.bz', 'bb2', 'tp.bazookaCrew', [25, 12.5], { role: 'bazookaCrew' }),
  u('b', 'b.ac', 'bac', 'tp.armouredCar', [30, 12]),
  u('b', 'b.ht', 'bht', 'tp.halfTrack', [32, 8]),
  u('b', 'b.at', 'bgun', 'tp.atGun', [33, 16], { extra: { 'x-setUp': true } }),
  u('b', 'b.at', 'bc1', 'tp.atCrew', [33, 16.5], { role: 'atCrew' }),
  u('b', 'b.at', 'bc2', 'tp.atCrew', [33.5, 16.5], { role: 'atCrew' }),
];

const intent = fc.record({
  kind: fc.constantFrom(
    'move',
    'move',
    'move',
    'fire',
    'fire',
    'fire',
    'fire',
    'fire',
    'end',
    'end',
    'mount',
    'dismount',
    'setUp',
    'climb',
    'face',
  ),
  unit: fc.nat(40),
  target: fc.nat(40),
  weapon: fc.nat(4),
  dx: fc.double({ min: -4, max: 4, noNaN: true }),
  dy: fc.double({ min: -4, max: 4, noNaN: true }),
  side: fc.constantFrom('a', 'b'),
});

test('no legal action, in any order, leads to an unsound state; replay reproduces it', () => {
  const { ctx, state: start } = fixtureGame({ units, features, seed: 9 });
  const reduce = tankplankReducer(ctx);
  fc.assert(
    fc.property(fc.array(intent, { minLength: 20, maxLength: 120 }), (intents) => {
      let s = start;
      const accepted: TankplankAction[] = [];
      for (const it of intents) {
        const ids = s.units.ids().filter((k) => s.units.get(k)!.alive);
        if (ids.length === 0) break;
        const id = ids[it.unit % ids.length]!;
        const unit = s.units.get(id)!;
        const enemies = ids.filter((k) => s.units.get(k)!.side !== unit.side && s.units.get(k)!.at);
        const friends = ids.filter((k) => s.units.get(k)!.side === unit.side);
        const other =
          it.kind === 'mount'
            ? friends[it.target % friends.length]!
            : (enemies[it.target % Math.max(1, enemies.length)] ?? id);
        const here = unit.at ??
          (unit.embarkedIn ? s.units.get(unit.embarkedIn)!.at : null) ?? [0, 12];
        const x = here[0] + it.dx;
        const y = here[1] + it.dy;
        let action: TankplankAction;
        switch (it.kind) {
          case 'move':
            action = { type: 'move', unit: id, path: [[x, y]] };
            break;
          case 'fire': {
            const info = ctx.units.get(id);
            const ws = info ? weaponsOf(ctx, info) : [];
            const w = ws[it.weapon % Math.max(1, ws.length)]?.weapon.id ?? 'tp.rifle';
            action =
              it.weapon % 2 === 0
                ? { type: 'fire', unit: id, weapon: w, target: other }
                : { type: 'fire', unit: id, weapon: w, at: [x, y] };
            break;
          }
          case 'end':
            action = {
              type: 'endPhase',
              side: s.ended.includes(it.side) ? (it.side === 'a' ? 'b' : 'a') : it.side,
            };
            break;
          case 'mount':
            action = { type: 'mount', unit: id, vehicle: other };
            break;
          case 'dismount':
            action = { type: 'dismount', unit: id, at: [here[0] + it.dx / 5, here[1] + it.dy / 5] };
            break;
          case 'setUp':
            action = { type: it.weapon % 2 === 0 ? 'setUp' : 'breakDown', unit: id };
            break;
          case 'climb':
            action = {
              type: 'climb',
              unit: id,
              to: (['ground', 'upper', 'roof'] as const)[it.weapon % 3]!,
            };
            break;
          case 'face':
            action = { type: 'face', unit: id, facing: ((it.dx + 4) * 45) % 360 };
            break;
        }
        const r = reduce(s, action);
        if (!r.ok) {
          expect(r.reason.length).toBeGreaterThan(0);
          continue;
        }
        s = r.state;
        accepted.push(action);
        expect(stateProblems(ctx, s)).toEqual([]);
      }
      const again = replay(reduce, start, accepted);
      expect(again.refused).toEqual([]);
      expect(again.hash).toBe(hashState(s));
    }),
    { numRuns: 60, seed: 424242 },
  );
});
