import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { templateContains, type Template } from './templates';
import { tablePoint } from './units';
import { project } from './vector';

const apex = fc.record({
  x: fc.double({ min: 0, max: 36, noNaN: true }),
  y: fc.double({ min: 0, max: 24, noNaN: true }),
});
const axis = fc.double({ min: 0, max: 359.99, noNaN: true });
const length = fc.double({ min: 1, max: 30, noNaN: true });
const width = fc.double({ min: 0.5, max: 4, noNaN: true });

describe('the edge of a template belongs to it', () => {
  test('a cone or strip contains the points along its far edge, and not those just beyond', () => {
    fc.assert(
      fc.property(
        apex,
        axis,
        length,
        width,
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        fc.constantFrom<'cone' | 'strip'>('cone', 'strip'),
        (a, axisDeg, len, w, across, shape) => {
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
