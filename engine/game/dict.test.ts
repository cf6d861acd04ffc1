import { describe, expect, it } from 'vitest';
import { Dice, seedRng } from '../random/dice';
import { dict, dictValues, entry, withEntry } from './dict';

describe('records without a prototype', () => {
  it('finds nothing of Object.prototype under names that come from files', () => {
    const d = dict<number>([['a', 1]]);
    expect(d['constructor']).toBeUndefined();
    expect(entry(d, 'toString')).toBeUndefined();
    expect(Object.getPrototypeOf(withEntry(d, 'valueOf', 2))).toBeNull();
  });

  it('keeps keys, order and values as Object.keys and Object.values give them, over a chain of copies', () => {
    // Names of every kind, integer-like ones too (they sort first, in number order), set and
    // re-set in a seeded order: each copy is checked against a record built afresh.
    const dice = new Dice(seedRng(7));
    const names = ['b', '10', 'a', '2', 'unit-3', 'constructor', '007', 'z', '1', '__proto__x'];
    let d = dict<number>();
    const plain: [string, number][] = [];
    for (let step = 0; step < 400; step++) {
      const name = names[dice.index(names.length)]!;
      d = withEntry(d, name, step);
      const at = plain.findIndex(([k]) => k === name);
      if (at >= 0) plain[at] = [name, step];
      else plain.push([name, step]);
      const fresh = dict(plain);
      expect(Object.keys(d)).toEqual(Object.keys(fresh));
      // Read through the kept key list, twice (the second read is the remembered one).
      expect(dictValues(d)).toEqual(Object.values(fresh));
      expect(dictValues(d)).toBe(dictValues(d));
      expect(Object.keys(dict(d))).toEqual(Object.keys(fresh));
      expect(Object.values(dict(d))).toEqual(Object.values(fresh));
    }
    expect(Object.keys(d)).toHaveLength(names.length);
  });

  it('leaves the record it copies unchanged', () => {
    const d = dict<number>([
      ['a', 1],
      ['b', 2],
    ]);
    dictValues(d);
    const e = withEntry(d, 'c', 3);
    // With e's values listed, f is copied from that list (and lists its own from a copy of it).
    dictValues(e);
    const f = withEntry(e, 'a', 9);
    const g = withEntry(f, 'c', 7);
    expect({ ...d }).toEqual({ a: 1, b: 2 });
    expect({ ...e }).toEqual({ a: 1, b: 2, c: 3 });
    expect({ ...f }).toEqual({ a: 9, b: 2, c: 3 });
    expect(dictValues(f)).toEqual([9, 2, 3]);
    expect(dictValues(g)).toEqual([9, 2, 7]);
    expect(dictValues(e)).toEqual([1, 2, 3]);
    expect(dictValues(d)).toEqual([1, 2]);
  });
});
