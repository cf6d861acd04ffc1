import { describe, expect, test } from 'vitest';
import { validateDefinition } from '../../../engine/format';
import type { Feature } from '../../../engine/format/types';
import { describeFieldError } from './fieldErrors';
import { tableBoundsError } from './tableBounds';

/** What the worker sends back for a value checked against a map definition. */
function errorsFor(def: string, value: unknown) {
  return validateDefinition('map.schema.json', def, value).map((x) =>
    describeFieldError(def, {
      path: x.instancePath,
      message: x.message ?? '',
      keyword: x.keyword,
      params: x.params as Record<string, unknown>,
    }),
  );
}

const building = {
  id: 'building-1',
  kind: 'building',
  x: 10,
  y: 10,
  width: 4,
  depth: 3,
  buildingKind: 'closed',
  floors: 1,
} as Feature;

describe('inspector field errors in the game words', () => {
  test('a width of 0 says it must be more than 0 inches, on the width field', () => {
    const errs = errorsFor('building', { ...building, width: 0 });
    expect(errs).toEqual([expect.objectContaining({ path: '/width' })]);
    expect(errs[0]!.message).toBe('Width must be more than 0 inches');
  });

  test('an emptied required field is reported on that field, not as a missing property', () => {
    const { width: _w, ...rest } = building as Extract<Feature, { kind: 'building' }>;
    const errs = errorsFor('building', rest);
    expect(errs[0]!.path).toBe('/width');
    expect(errs[0]!.message).toMatch(/^Width is needed: enter a number of inches/);
    expect(errs[0]!.message).not.toMatch(/required property/);
  });

  test('floors above the limit and a bad colour read as sentences', () => {
    expect(errorsFor('building', { ...building, floors: 30 })[0]!.message).toBe(
      'Floors must be at most 20',
    );
    expect(errorsFor('building', { ...building, floors: 1.5 })[0]!.message).toBe(
      'Floors must be a whole number',
    );
    const table = errorsFor('tableMap', {
      kind: 'table',
      width: 36,
      height: 24,
      features: [],
      baseColour: 'green',
    });
    expect(table[0]!.message).toMatch(/^Base colour must be a colour written as #/);
  });

  test('no message is raw validator text', () => {
    const samples = [
      errorsFor('building', { ...building, width: -2 }),
      errorsFor('tree', { id: 't', kind: 'tree', x: 1, y: 1, canopyRadius: 0 }),
      errorsFor('tableMap', { kind: 'table', width: 0, height: 24, features: [] }),
    ].flat();
    expect(samples.length).toBeGreaterThan(0);
    for (const e of samples) expect(e.message).not.toMatch(/^must |property|NOT/);
  });
});

describe('inspector keeps features on the table', () => {
  const table = { width: 36, height: 24 };
  test('a building 99,999" wide is refused with the widest that fits', () => {
    const err = tableBoundsError(
      building,
      { ...building, width: 99999 } as Feature,
      ['width'],
      table,
    );
    expect(err?.path).toBe('/width');
    expect(err?.message).toMatch(
      /^Width must be at most 20 inches here: 99999 would put the building off the 36 × 24 inch table/,
    );
  });

  test('x = -50 is refused with the lowest x that keeps it on', () => {
    const err = tableBoundsError(building, { ...building, x: -50 } as Feature, ['x'], table);
    expect(err?.message).toMatch(/^X must be at least 2 inches here/);
  });

  test('an edit that stays on the table passes', () => {
    expect(tableBoundsError(building, { ...building, x: 30 } as Feature, ['x'], table)).toBeNull();
  });

  test('a feature already hanging off may still be edited in ways that do not make it worse', () => {
    const off = { ...building, x: -1 } as Feature;
    expect(tableBoundsError(off, { ...off, floors: 2 } as Feature, ['floors'], table)).toBeNull();
    expect(tableBoundsError(off, { ...off, x: -3 } as Feature, ['x'], table)?.message).toMatch(
      /further off the 36 × 24 inch table/,
    );
  });
});
