import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clone, sameJson } from './layout';

/** What clone must give: the JSON round trip it stands for. */
const viaJson = (v: unknown): unknown =>
  v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as unknown);

describe('clone', () => {
  it('gives what the JSON round trip gives, for JSON and for values JSON changes', () => {
    const odd = fc.constantFrom<unknown>(
      undefined,
      Number.NaN,
      Infinity,
      -0,
      new Date(0),
      { toJSON: () => 'x' },
      [1, undefined, 2],
      // eslint-disable-next-line no-sparse-arrays
      [1, , 2],
      Object.assign(Object.create(null) as object, { a: 1 }),
      JSON.parse('{"__proto__": {"b": 2}}') as unknown,
    );
    const value = fc.letrec((tie) => ({
      any: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue(),
        odd,
        fc.array(tie('any'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 4 }), tie('any'), { maxKeys: 4 }),
      ),
    })).any;
    fc.assert(
      fc.property(value, (v) => {
        const c = clone(v);
        expect(c).toStrictEqual(viaJson(v));
        expect(JSON.stringify(c)).toBe(JSON.stringify(viaJson(v)));
      }),
      { numRuns: 2000 },
    );
  });

  it('copies: the copy shares no object with the original', () => {
    const v = { a: [{ b: 1 }], c: { d: 'e' } };
    const c = clone(v);
    c.a[0]!.b = 2;
    c.c.d = 'f';
    expect(v).toEqual({ a: [{ b: 1 }], c: { d: 'e' } });
  });

  it('refuses a cycle as JSON does', () => {
    const v: Record<string, unknown> = {};
    v.self = v;
    expect(() => clone(v)).toThrow(TypeError);
  });
});

/** sameJson as it was written first (key lists), the reference the walking version must match. */
function sameJsonByKeyLists(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => sameJsonByKeyLists(v, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return ak.length === bk.length && ak.every((k) => k in bo && sameJsonByKeyLists(ao[k], bo[k]));
}

describe('sameJson', () => {
  it('answers as comparing key lists did, for equal, near and different values', () => {
    const leaf = fc.oneof(
      fc.constantFrom<unknown>(undefined, null, 0, 1, '', 'a', true, false),
      fc.jsonValue({ maxDepth: 1 }),
    );
    const value = fc.letrec((tie) => ({
      any: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('any'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'toString', 'constructor'), tie('any'), {
          maxKeys: 4,
        }),
      ),
    })).any;
    // Pairs: two independent values, a value and its copy, and a value and a copy with one key
    // changed, dropped or set to undefined (near misses are where a walk goes wrong).
    const tweak = (v: unknown, how: number): unknown => {
      if (typeof v !== 'object' || v === null) return how % 2 ? v : [v];
      const c = viaJson(v) as Record<string, unknown>;
      const key = Object.keys(c)[0];
      if (key === undefined) return Array.isArray(c) ? [...c, 1] : { a: 1 };
      if (how === 0) delete c[key];
      else if (how === 1) c[key] = undefined;
      else c[key] = [c[key]];
      return c;
    };
    fc.assert(
      fc.property(value, value, fc.integer({ min: 0, max: 3 }), (a, b, how) => {
        const pairs: [unknown, unknown][] = [
          [a, b],
          [a, a === undefined ? a : viaJson(a)],
          [a, tweak(a, how)],
        ];
        for (const [x, y] of pairs) {
          expect(sameJson(x, y)).toBe(sameJsonByKeyLists(x, y));
          expect(sameJson(y, x)).toBe(sameJsonByKeyLists(y, x));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('ignores key order and undefined values, and tells arrays from objects', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });
});
