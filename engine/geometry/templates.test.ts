import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { templateContains, templateTest, type Template } from './templates';
import { tablePoint } from './units';
import { project } from './vector';

const apex = fc.record({
  x: fc.double({ min: 0, max: 36, noNaN: true }),
  y: fc.double({ min: 0, max: 24, noNaN: true }),
});
const axis = fc.double({ min: 0, max: 359.99, noNaN: true });
const length = fc.double({ min: 1, max: 30, noNaN: true });
const width = fc.double({ min: 0.5, max: 4, noNaN: true });
/** A cone or strip's apex, axis, length, width and shape. */
const coneOrStrip = fc.record({
  a: apex,
  axisDeg: axis,
  len: length,
  w: width,
  shape: fc.constantFrom<'cone' | 'strip'>('cone', 'strip'),
});

describe('the edge of a template belongs to it', () => {
  test('a cone or strip contains the points along its far edge, and not those just beyond', () => {
    fc.assert(
      fc.property(
        coneOrStrip,
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        ({ a, axisDeg, len, w, shape }, across) => {
          const muzzle = tablePoint(a.x, a.y);
          const t: Template = { shape, apex: muzzle, axisDeg, length: len, width: w };
          const end = project(muzzle, axisDeg, len);
          const onEdge = project(end, axisDeg + 90, across * w);
          expect(templateContains(t, onEdge)).toBe(true);
          expect(templateContains(t, project(onEdge, axisDeg, 0.01))).toBe(false);
        },
      ),
    );
  });

  test('a burst contains the points on its rim; a sector those on its arc and straight sides', () => {
    fc.assert(
      fc.property(apex, axis, fc.double({ min: 0.5, max: 5, noNaN: true }), (a, deg, size) => {
        const centre = tablePoint(a.x, a.y);
        const circle: Template = { shape: 'circle', centre, diameter: size };
        expect(templateContains(circle, project(centre, deg, size / 2))).toBe(true);
        expect(templateContains(circle, project(centre, deg, size / 2 + 0.01))).toBe(false);
        const sector: Template = {
          shape: 'sector',
          apex: centre,
          axisDeg: deg,
          radius: size,
          angleDeg: 90,
        };
        expect(templateContains(sector, project(centre, deg, size))).toBe(true);
        expect(templateContains(sector, project(centre, deg + 45, size / 2))).toBe(true);
        expect(templateContains(sector, project(centre, deg + 45, size))).toBe(true);
        expect(templateContains(sector, project(centre, deg + 46, size / 2))).toBe(false);
      }),
    );
  });
});

describe('templateTest answers as templateContains', () => {
  test('for points anywhere near a cone or strip, on its edges and just beyond them', () => {
    const point = fc.record({
      x: fc.double({ min: -10, max: 70, noNaN: true }),
      y: fc.double({ min: -10, max: 60, noNaN: true }),
    });
    fc.assert(
      fc.property(
        coneOrStrip,
        fc.array(point, { minLength: 1, maxLength: 20 }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        ({ a, axisDeg, len, w, shape }, points, along) => {
          const at = tablePoint(a.x, a.y);
          const t: Template = { shape, apex: at, axisDeg, length: len, width: w };
          const test = templateTest(t);
          // Points on and a hair off the far edge and the sides, where the slack decides.
          const end = project(at, axisDeg, len);
          const edge = [
            project(end, axisDeg + 90, (along * w) / 2),
            project(project(end, axisDeg, 1e-6), axisDeg + 90, (along * w) / 2),
            project(project(end, axisDeg, 3e-6), axisDeg - 90, (along * w) / 2),
            project(at, axisDeg + 90, (w / 2) * (1 + along * 1e-6)),
          ];
          for (const p of [...points.map((q) => tablePoint(q.x, q.y)), ...edge])
            expect(test(p)).toBe(templateContains(t, p));
        },
      ),
    );
  });

  test('a circle and a sector are answered as templateContains answers them', () => {
    const circle: Template = { shape: 'circle', centre: tablePoint(5, 5), diameter: 4 };
    const sector: Template = {
      shape: 'sector',
      apex: tablePoint(5, 5),
      axisDeg: 90,
      radius: 6,
      angleDeg: 60,
    };
    for (const t of [circle, sector])
      for (const p of [
        tablePoint(5, 7),
        tablePoint(5, 7.01),
        tablePoint(5, 10.9),
        tablePoint(9, 5),
      ])
        expect(templateTest(t)(p)).toBe(templateContains(t, p));
  });
});
