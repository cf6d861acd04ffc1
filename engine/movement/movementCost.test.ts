import { describe, expect, test } from 'vitest';
import { bundledScenario } from '../../scripts/testing/bundled';
import { tablePoint } from '../geometry/units';
import { createContext, moverOf } from '../rulesets/tankplank/rules/context';
import { unitType } from '../rulesets/tankplank/rules/catalog';
import { inUnfordableWater, pathCost, segmentCoster } from './movementCost';
import { isReachable, reachableArea } from './reachableArea';

const ctx = createContext(bundledScenario('tankplank-village'));
const mover = (type: string) => moverOf(ctx, unitType(ctx.catalog, type));
const P = (x: number, y: number) => tablePoint(x, y);

describe('movement on the village', () => {
  test('T16: a jeep that stays on road 3 moves at 10"; one that leaves it moves at 4" for the whole move (TP-5.2)', () => {
    const onRoad = pathCost(ctx.terrain, mover('tp.jeep'), [P(1, 13), P(8, 12.5)]);
    expect(onRoad).toMatchObject({ legal: true, allOnRoad: true, rate: 10 });
    const leaves = pathCost(ctx.terrain, mover('tp.jeep'), [P(1, 13), P(6, 13), P(6, 10.5)]);
    expect(leaves).toMatchObject({ legal: true, allOnRoad: false, rate: 4 });
    expect(leaves.cost).toBeCloseTo(7.5 / 4, 9);
    expect(leaves.charges[0]!.ruleId).toBe('TP-5.2');
  });

  test('men cannot ford the creek but cross by a bridge or the catwalk (TP-5.4)', () => {
    const ford = pathCost(ctx.terrain, mover('tp.rifleman'), [P(15.5, 7.5), P(20.5, 7.5)]);
    expect(ford.legal).toBe(false);
    expect(ford.blockedBy?.ruleId).toBe('TP-5.4');
    const catwalk = pathCost(ctx.terrain, mover('tp.rifleman'), [P(16, 8.75), P(19, 8.75)]);
    expect(catwalk.legal).toBe(true);
  });

  test('a man may not step off a bridge into the creek; one who stands in it wades out (TP-5.4)', () => {
    const rifleman = mover('tp.rifleman');
    // Along bridge 3's deck (y 10.25-13.75) and off its side into the gully.
    expect(pathCost(ctx.terrain, rifleman, [P(18.5, 12), P(18.5, 13)]).legal).toBe(true);
    const off = pathCost(ctx.terrain, rifleman, [P(18.5, 12), P(18.5, 14.2)]);
    expect(off).toMatchObject({ legal: false, blockedBy: { ruleId: 'TP-5.4' } });
    expect(inUnfordableWater(ctx.terrain, P(18.5, 14.2), rifleman)).toBe(true);
    expect(inUnfordableWater(ctx.terrain, P(18.5, 13), rifleman)).toBe(false);
    // From the water back onto the deck, or out onto the bank, for the ford's half move.
    const back = pathCost(ctx.terrain, rifleman, [P(18.5, 14.2), P(18.5, 13.5)]);
    expect(back.legal).toBe(true);
    expect(back.charges.find((c) => c.kind === 'creek')).toMatchObject({ cost: 0.5 });
    const bank = pathCost(ctx.terrain, rifleman, [P(16, 15.5), P(15, 15.5)]);
    expect(bank.legal).toBe(true);
    // Not along the bed, nor out and back in.
    expect(pathCost(ctx.terrain, rifleman, [P(18.3, 15.5), P(18.3, 16.5)]).legal).toBe(false);
    expect(pathCost(ctx.terrain, rifleman, [P(16, 15.5), P(15, 15.5), P(16, 16)]).legal).toBe(
      false,
    );
    // A tank may stop in the water: it fords.
    expect(inUnfordableWater(ctx.terrain, P(18.5, 14.2), mover('tp.mediumTank'))).toBe(false);
  });

  test('a tank fords for half a move; a truck cannot; vehicles may not use the catwalk', () => {
    const tank = pathCost(ctx.terrain, mover('tp.mediumTank'), [P(15, 15.5), P(21, 15.5)]);
    expect(tank.legal).toBe(true);
    expect(tank.charges.find((c) => c.kind === 'creek')).toMatchObject({
      cost: 0.5,
      ruleId: 'TP-5.4',
    });
    expect(tank.cost).toBeCloseTo(6 / 6 + 0.5, 9);
    expect(pathCost(ctx.terrain, mover('tp.truck'), [P(15, 15.5), P(21, 15.5)]).legal).toBe(false);
    expect(pathCost(ctx.terrain, mover('tp.jeep'), [P(16, 8.75), P(19, 8.75)]).legal).toBe(false);
  });

  test('the reachable area of a man in the open is about a 3" disc', () => {
    const grid = reachableArea(ctx.terrain, mover('tp.rifleman'), P(3, 2.5), 1, 0.5);
    expect(isReachable(grid, P(5.5, 2.5))).toBe(true);
    expect(isReachable(grid, P(6.6, 2.5))).toBe(false);
  });
});

describe('segmentCoster', () => {
  test('costs each part of a line as pathCost does, from one look at the terrain', () => {
    // Seeded lines over the whole village (creek, roads, bridges, walls, houses), for a man, a
    // wheeled truck and a tank, each cut at many points.
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const movers = ['tp.rifleman', 'tp.truck', 'tp.mediumTank'].map(mover);
    let compared = 0;
    let illegal = 0;
    for (let k = 0; k < 300; k++) {
      const from = P(next() * ctx.map.width, next() * ctx.map.height);
      const to = P(next() * ctx.map.width, next() * ctx.map.height);
      const m = movers[k % movers.length]!;
      const along = segmentCoster(ctx.terrain, m, from, to);
      for (const t of [0, 0.013, 0.25, 0.5, 0.61803, 0.875, 0.999, 1]) {
        const direct = pathCost(ctx.terrain, m, [
          from,
          P(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t),
        ]);
        const cut = along(t);
        // A barred path is NaN; a legal one costs what pathCost says, road rate or not.
        expect(Number.isNaN(cut)).toBe(!direct.legal);
        if (direct.legal) expect(cut).toBeCloseTo(direct.cost, 9);
        compared++;
        if (!direct.legal) illegal++;
      }
    }
    expect(compared).toBe(2400);
    // The lines met bans too (the creek for men and trucks), not only open ground.
    expect(illegal).toBeGreaterThan(100);
  });
});

describe('segmentCoster memo', () => {
  test('a line asked again, by the same kind of mover, gets the answers it got before', () => {
    let seed = 777;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const man = mover('tp.rifleman');
    const lines = Array.from({ length: 40 }, () => [
      P(next() * ctx.map.width, next() * ctx.map.height),
      P(next() * ctx.map.width, next() * ctx.map.height),
    ]);
    const cuts = [0.125, 0.5, 0.75, 1];
    const first = lines.map(([a, b]) =>
      cuts.map((t) => segmentCoster(ctx.terrain, man, a!, b!)(t)),
    );
    lines.forEach(([a, b], i) => {
      // Another mover object of the same kind shares them; a slower one (towing) has its own.
      const again = segmentCoster(ctx.terrain, mover('tp.rifleman'), P(a!.x, a!.y), b!);
      const towing = segmentCoster(
        ctx.terrain,
        moverOf(ctx, unitType(ctx.catalog, 'tp.rifleman'), 2),
        a!,
        b!,
      );
      cuts.forEach((t, k) => {
        expect(again(t)).toBe(first[i]![k]);
        const slow = towing(t);
        const direct = pathCost(
          ctx.terrain,
          moverOf(ctx, unitType(ctx.catalog, 'tp.rifleman'), 2),
          [a!, P(a!.x + (b!.x - a!.x) * t, a!.y + (b!.y - a!.y) * t)],
        );
        expect(Number.isNaN(slow)).toBe(!direct.legal);
        if (direct.legal) {
          expect(slow).toBeCloseTo(direct.cost, 9);
          // Towing halves the rate: the slow mover's answers are its own, not the man's.
          if (first[i]![k]! > 0) expect(slow).toBeGreaterThan(first[i]![k]!);
        }
      });
    });
    // The first answers were not all barred or free.
    const flat = first.flat();
    expect(flat.filter((c) => Number.isNaN(c)).length).toBeGreaterThan(0);
    expect(flat.filter((c) => c > 0).length).toBeGreaterThan(40);
    // A coster kept while thousands of other lines are asked for (the memo starts again
    // meanwhile) still answers for its own line.
    const [c0, c1] = lines[1]!;
    const kept = segmentCoster(ctx.terrain, man, c0!, c1!);
    kept(1);
    for (let k = 0; k < 9000; k++) {
      // Lines of other lengths, each asked the cuts asked of the kept one below.
      const other = segmentCoster(ctx.terrain, man, P(1 + k / 1000, 1), P(30, 2 + k / 1000));
      other(0.25);
      other(0.5);
    }
    for (const t of [0.25, 0.5, 1]) {
      const d = pathCost(ctx.terrain, man, [
        c0!,
        P(c0!.x + (c1!.x - c0!.x) * t, c0!.y + (c1!.y - c0!.y) * t),
      ]);
      const got = kept(t);
      expect(Number.isNaN(got)).toBe(!d.legal);
      if (d.legal) expect(got).toBeCloseTo(d.cost, 9);
    }
    // With gaps in walls the answers are worked out afresh, and agree with pathCost.
    const [a, b] = lines[0]!;
    const gaps = [{ feature: 'nowhere', at: [0, 0] as [number, number], width: 1 }];
    const withGaps = segmentCoster(ctx.terrain, man, a!, b!, gaps)(0.5);
    const direct = pathCost(ctx.terrain, man, [a!, P((a!.x + b!.x) / 2, (a!.y + b!.y) / 2)], gaps);
    expect(Number.isNaN(withGaps)).toBe(!direct.legal);
    if (direct.legal) expect(withGaps).toBeCloseTo(direct.cost, 9);
  });
});
