import { describe, expect, test } from 'vitest';
import { bundledScenario } from '../../scripts/testing/bundled';
import { tablePoint } from '../geometry/units';
import { unitType } from '../rulesets/tankplank/rules/catalog';
import { createContext, moverOf } from '../rulesets/tankplank/rules/context';
import { pathCost } from './movementCost';
import { routeField, routeFrom } from './routeField';

const ctx = createContext(bundledScenario('tankplank-village'));
const mover = (type: string) => moverOf(ctx, unitType(ctx.catalog, type));
const P = (x: number, y: number) => tablePoint(x, y);
const crosses = (way: readonly { x: number; y: number }[], id: string, from = P(2, 13)) => {
  let at = from;
  for (const p of way) {
    if (ctx.terrain.crossings(at, P(p.x, p.y)).some((c) => c.entry.id === id)) return true;
    at = P(p.x, p.y);
  }
  return false;
};

describe('route fields over the village', () => {
  test('a truck is led over a bridge, the whole way legal, to the far farm', () => {
    const truck = mover('tp.truck');
    const target = P(33, 13);
    const field = routeField(ctx.terrain, truck, target);
    const start = P(2, 13);
    const way = routeFrom(ctx.terrain, field, start, 0);
    expect(way.at(-1)).toEqual(target);
    const cost = pathCost(ctx.terrain, truck, [start, ...way]);
    expect(cost.legal).toBe(true);
    // A truck cannot ford (TP-5.4): the way goes over one of the bridges.
    expect(['bridge-1', 'bridge-2', 'bridge-3'].some((b) => crosses(way, b))).toBe(true);
    // Built once: the same field comes back.
    expect(routeField(ctx.terrain, truck, target)).toBe(field);
  });

  test('with the bridge it used closed, the way goes over another one', () => {
    const truck = mover('tp.truck');
    const target = P(33, 13);
    const way = routeFrom(ctx.terrain, routeField(ctx.terrain, truck, target), P(2, 13), 0);
    const used = ['bridge-1', 'bridge-2', 'bridge-3'].find((b) => crosses(way, b))!;
    const other = routeFrom(
      ctx.terrain,
      routeField(ctx.terrain, truck, target, [used]),
      P(2, 13),
      0,
    );
    expect(crosses(other, used)).toBe(false);
    expect(pathCost(ctx.terrain, truck, [P(2, 13), ...other]).legal).toBe(true);
  });

  test('the way stops short of the target by as much as asked', () => {
    const way = routeFrom(
      ctx.terrain,
      routeField(ctx.terrain, mover('tp.mediumTank'), P(33, 13)),
      P(2, 13),
      7,
    );
    const end = way.at(-1)!;
    expect(Math.hypot(end.x - 33, end.y - 13)).toBeGreaterThanOrEqual(7);
    expect(Math.hypot(end.x - 33, end.y - 13)).toBeLessThan(8);
  });
});
