import { describe, expect, test } from 'vitest';
import { distinctGlyphs } from './glyphs';

const initial = (n: string) => n.slice(0, 1).toUpperCase();

describe('distinctGlyphs', () => {
  test('types whose short glyphs clash get two letters each, all different', () => {
    const g = distinctGlyphs(['Rifleman', 'Radioman', 'Medium tank', 'Rifleman'], initial);
    expect(g.get('Rifleman')).toBe('Ri');
    expect(g.get('Radioman')).toBe('Ra');
    expect(g.get('Medium tank')).toBe('M');
    expect(new Set(g.values()).size).toBe(3);
  });
  test('names with the same letters still differ', () => {
    const g = distinctGlyphs(['T-64', 'T64', 'T-62'], (n) =>
      n.replace(/[^A-Za-z0-9]/g, '').slice(0, 2),
    );
    expect(new Set(g.values()).size).toBe(3);
  });
});
