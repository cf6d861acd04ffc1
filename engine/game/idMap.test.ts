import { describe, expect, it } from 'vitest';
import { Dice, seedRng } from '../random/dice';
import { IdMap } from './idMap';
import { hashState } from './stateHash';

describe('IdMap', () => {
  it('answers for any id, those of Object.prototype too, and finds nothing it was not given', () => {
    const m = IdMap.of<number>({ a: 1 }).with('constructor', 2).with('__proto__', 3);
    expect(m.get('constructor')).toBe(2);
    expect(m.get('__proto__')).toBe(3);
    expect(m.get('toString')).toBeUndefined();
    expect(m.has('valueOf')).toBe(false);
    expect(m.ids()).toEqual(['a', 'constructor', '__proto__']);
  });

  it('keeps every earlier map as it was over a chain of changes, each like a record built afresh', () => {
    // Ids set and set again in a seeded order: after each change the new map holds what a
    // plain list of pairs holds, and the map it was made from still holds what it held.
    const dice = new Dice(seedRng(11));
    const names = ['b', '10', 'a', '2', 'unit-3', 'constructor', 'z', '1'];
    let m = IdMap.of<number>();
    const plain: [string, number][] = [];
    const kept: [IdMap<number>, [string, number][]][] = [];
    for (let step = 0; step < 300; step++) {
      const name = names[dice.index(names.length)]!;
      const before = m.ids();
      m = dice.index(4) === 0 ? m.withAll([[name, step]]) : m.with(name, step);
      const at = plain.findIndex(([k]) => k === name);
      if (at >= 0) plain[at] = [name, step];
      else plain.push([name, step]);
      expect([...m.entries()]).toEqual(plain);
      expect(m.list()).toEqual(plain.map(([, v]) => v));
      expect(m.size).toBe(plain.length);
      for (const [id, v] of plain) expect(m.get(id)).toBe(v);
      // A change of value shares the id list; a new id makes a new one.
      if (at >= 0) expect(m.ids()).toBe(before);
      else expect(m.ids()).not.toBe(before);
      if (step % 37 === 0) kept.push([m, plain.map((e) => [...e] as [string, number])]);
    }
    for (const [old, pairs] of kept) expect([...old.entries()]).toEqual(pairs);
  });

  it('sets many entries in one copy, new ids last in the order given', () => {
    const m = IdMap.of<number>([
      ['x', 1],
      ['y', 2],
    ]);
    const n = m.withAll([
      ['y', 20],
      ['w', 30],
      ['x', 10],
      ['v', 40],
      ['w', 31],
    ]);
    expect([...n.entries()]).toEqual([
      ['x', 10],
      ['y', 20],
      ['w', 31],
      ['v', 40],
    ]);
    expect([...m.entries()]).toEqual([
      ['x', 1],
      ['y', 2],
    ]);
    expect(n.get('z')).toBeUndefined();
  });

  it('is written as its record: JSON and state hashes see { id: value }', () => {
    const rec = { b: { at: [1, 2] }, a: { at: null } };
    const m = IdMap.of(rec);
    expect(JSON.parse(JSON.stringify({ units: m }))).toEqual({ units: rec });
    expect(Object.getPrototypeOf(m.toJSON())).toBeNull();
    expect(hashState({ units: m })).toBe(hashState({ units: rec }));
    expect(hashState({ units: m.with('a', { at: [0, 0] }) })).not.toBe(hashState({ units: rec }));
  });
});
