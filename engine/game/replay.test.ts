import fc from 'fast-check';
import { expect, test } from 'vitest';
import { accepted, invalid, type Reducer } from './reducer';
import { replay } from './replay';
import { canonicalJson, hashState } from './stateHash';

test('the state hash ignores key order and sees every value', () => {
  expect(hashState({ a: 1, b: [1, 2] })).toBe(hashState({ b: [1, 2], a: 1 }));
  expect(hashState({ a: 1 })).not.toBe(hashState({ a: 2 }));
  expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
  fc.assert(
    fc.property(fc.jsonValue(), (v) => {
      expect(hashState(v)).toMatch(/^[0-9a-f]{16}$/);
    }),
    { seed: 5 },
  );
});

test('replay folds actions, collects events and refusals, and is deterministic', () => {
  const counter: Reducer<{ n: number }, number, string> = (s, a) =>
    a < 0 ? invalid(`negative ${a}`) : accepted({ n: s.n + a }, [`+${a}`]);
  fc.assert(
    fc.property(fc.array(fc.integer({ min: -3, max: 9 })), (xs) => {
      const r = replay(counter, { n: 0 }, xs);
      expect(r.state.n).toBe(xs.filter((x) => x >= 0).reduce((a, b) => a + b, 0));
      expect(r.refused.map((x) => x.action)).toEqual(xs.flatMap((x, i) => (x < 0 ? [i] : [])));
      expect(r.events.map((e) => e.event)).toEqual(xs.filter((x) => x >= 0).map((x) => `+${x}`));
      expect(replay(counter, { n: 0 }, xs).hash).toBe(r.hash);
    }),
    { seed: 6 },
  );
});
