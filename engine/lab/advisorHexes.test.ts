import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { HexRef, ScenarioDoc, Unit } from '../format';
import { gridAxial, hexDistance, hexGrid } from '../hex';
import { BESIDE_RANGE, hexesForAddedUnit } from './advisorHexes';

const wire = (): ScenarioDoc =>
  JSON.parse(readFileSync('scenarios/ww1-wire.scenario.json', 'utf8')) as ScenarioDoc;

const units = (doc: ScenarioDoc): Unit[] =>
  doc.forces.sides.flatMap((s) => s.formations.flatMap((f) => f.units));
const key = (h: HexRef) => `${h.col},${h.row}`;
const lastOfType = (doc: ScenarioDoc, type: string) =>
  [...units(doc)].reverse().find((u) => u.type === type)!;

describe('where an added unit stands on a hex map', () => {
  test('without zones: free hexes beside the unit it copies, nearest first, on ground its type stands on', () => {
    const doc = wire();
    const copy = lastOfType(doc, 'ww1.infantry');
    const r = hexesForAddedUnit(doc, 'british', copy);
    if (!r.ok) throw new Error(r.why);
    expect(r.where).toBe('beside its other units');
    expect(r.hexes.length).toBeGreaterThan(0);
    const taken = new Set(units(doc).map((u) => key(u.position as HexRef)));
    const terrain = new Map(doc.map.kind === 'hex' ? doc.map.hexes.map((h) => [key(h), h]) : []);
    const grid = hexGrid(doc.map as Parameters<typeof hexGrid>[0]);
    const from = copy.position as HexRef;
    const d = (h: HexRef) =>
      hexDistance(gridAxial(grid, from.col, from.row), gridAxial(grid, h.col, h.row));
    for (const h of r.hexes) {
      expect(taken.has(key(h))).toBe(false);
      expect(d(h)).toBeLessThanOrEqual(BESIDE_RANGE);
      expect(d(h)).toBeGreaterThan(0);
      // Open ground, or ground an infantry unit of the scenario already stands on.
      const t = terrain.get(key(h))?.terrain;
      const stoodOn = units(doc)
        .filter((u) => u.type === copy.type)
        .map((u) => terrain.get(key(u.position as HexRef))?.terrain);
      expect(t === undefined || stoodOn.includes(t)).toBe(true);
    }
    const ds = r.hexes.map(d);
    expect(ds).toEqual([...ds].sort((a, b) => a - b));
  });

  test('with a zone of hexes: only its free hexes; a full zone says why', () => {
    const doc = wire();
    const copy = lastOfType(doc, 'ww1.infantry');
    const britishHexes = doc.forces.sides[0]!.formations.flatMap((f) =>
      f.units.map((u) => u.position as HexRef),
    );
    const free: HexRef = { col: 12, row: 8 };
    const withZone = (hexes: HexRef[]): ScenarioDoc => ({
      ...doc,
      deployment: {
        ...doc.deployment,
        zones: [{ id: 'z', side: 'british', area: { shape: 'hexes', hexes } }],
      },
    });
    const r = hexesForAddedUnit(withZone([...britishHexes, free]), 'british', copy, 'Infantry');
    expect(r).toEqual({ ok: true, hexes: [free], where: 'in its deployment zone' });
    const full = hexesForAddedUnit(withZone(britishHexes), 'british', copy, 'Infantry');
    expect(full.ok).toBe(false);
    if (!full.ok)
      expect(full.why).toMatch(/no free hex in British.*deployment zone.*one unit a hex/);
  });

  test('an edge strip zone gives its rows only, and a zone drawn in inches cannot be named', () => {
    const doc = wire();
    const copy = lastOfType(doc, 'ww1.infantry');
    const strip: ScenarioDoc = {
      ...doc,
      deployment: {
        ...doc.deployment,
        zones: [
          { id: 'z', side: 'british', area: { shape: 'edgeStrip', edge: 'south', depth: 2 } },
        ],
      },
    };
    const r = hexesForAddedUnit(strip, 'british', copy, 'Infantry', 100);
    if (!r.ok) throw new Error(r.why);
    const rows = doc.map.kind === 'hex' ? doc.map.rows : 0;
    expect(r.hexes.length).toBeGreaterThan(4);
    for (const h of r.hexes) expect(h.row).toBeGreaterThanOrEqual(rows - 2);
    const inches: ScenarioDoc = {
      ...doc,
      deployment: {
        ...doc.deployment,
        zones: [
          { id: 'z', side: 'british', area: { shape: 'rect', x: 0, y: 0, width: 3, height: 3 } },
        ],
      },
    };
    const no = hexesForAddedUnit(inches, 'british', copy, 'Infantry');
    expect(no.ok).toBe(false);
  });
});
