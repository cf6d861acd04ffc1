import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clone } from './layout';

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
