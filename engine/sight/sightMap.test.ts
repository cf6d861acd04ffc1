import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newScenario } from '../document/newScenario';
import { loadDocument, type Feature, type HexMap, type Point, type ScenarioDoc } from '../format';
import { BUNDLED_RULESETS, RULESETS } from '../rulesets/registry';
import {
  areaViewers,
  mergeSightBands,
  pointSightOf,
  rowBands,
  SightMapper,
  sightGridOf,
  unitPoints,
} from './sightMap';

/** A ruleset with a line-of-sight engine on a table, and a hex ruleset without one. */
const tableRuleset = RULESETS.find((m) => m.board === 'table' && m.sightChecker)!;
const hexRuleset = RULESETS.find((m) => m.board === 'hex' && !m.sightChecker)!;

/** A 12" × 8" table with a high wall from (6, 2) to (6, 6). */
function walled(features: Feature[] = [wall(6)]): ScenarioDoc {
  const doc = newScenario({
    ruleset: tableRuleset.id,
    map: { kind: 'table', width: 12, height: 8 },
  });
  return { ...doc, map: { kind: 'table', width: 12, height: 8, features } };
}

function wall(x: number, id = 'w', from = 2, to = 6): Feature {
  return {
    id,
    kind: 'wall',
    points: [
      [x, from],
      [x, to],
    ],
    height: 2,
    heightClass: 'high',
    thickness: 0.3,
    thicknessClass: 'thick',
    strength: 'strong',
  };
}

/** Whether the cell containing `p` is seen in a map. */
function seenAt(
  map: { grid: { columns: number; cell: number }; seen: Uint8Array },
  [x, y]: Point,
): boolean {
  const c = Math.floor(x / map.grid.cell);
  const r = Math.floor(y / map.grid.cell);
  return map.seen[c + r * map.grid.columns] === 1;
}

describe('sight map on a table', () => {
  it('cuts the table into quarter-inch cells', () => {
    const g = sightGridOf({ kind: 'table', width: 36, height: 24, features: [] });
    expect([g.columns, g.rows]).toEqual([144, 96]);
    expect([g.centres[0], g.centres[1]]).toEqual([0.125, 0.125]);
  });

  it('a wall hides the cells behind it and not those beside it', () => {
    const map = new SightMapper(BUNDLED_RULESETS).run({
      scenario: walled(),
      eye: 'man',
      cell: 0.5,
      viewers: [[2, 4]],
    });
    expect(seenAt(map, [4, 4])).toBe(true);
    expect(seenAt(map, [8, 4])).toBe(false);
    expect(seenAt(map, [11, 4])).toBe(false);
    // Past the wall's end the line runs round it.
    expect(seenAt(map, [8.25, 7.75])).toBe(true);
    expect(map.checks).toBe(24 * 16);
  });

  it('dead ground to the enemy is what none of its eyes sees', () => {
    const map = new SightMapper(BUNDLED_RULESETS).run({
      scenario: walled(),
      eye: 'vehicle',
      cell: 0.5,
      viewers: [[2, 4]],
      enemy: [[11, 4]],
    });
    const dead = (p: Point) =>
      map.enemySeen![Math.floor(p[0] / 0.5) + Math.floor(p[1] / 0.5) * map.grid.columns] === 0;
    expect(dead([3, 4])).toBe(true);
    expect(dead([9, 4])).toBe(false);
  });

  it('a moved wall gives the map a fresh build gives', () => {
    const mapper = new SightMapper(BUNDLED_RULESETS);
    const base = { eye: 'man' as const, cell: 0.5, viewers: [[2, 4]] as Point[] };
    mapper.run({ ...base, scenario: walled() });
    const moved = mapper.run({ ...base, scenario: walled([wall(9)]) });
    const fresh = new SightMapper(BUNDLED_RULESETS).run({ ...base, scenario: walled([wall(9)]) });
    expect(moved.incremental).toBe(true);
    expect(Array.from(moved.seen)).toEqual(Array.from(fresh.seen));
    expect(seenAt(moved, [8, 4])).toBe(true);
    expect(seenAt(moved, [11, 4])).toBe(false);
    // Nothing changed: nothing is checked.
    expect(mapper.run({ ...base, scenario: walled([wall(9)]) }).checks).toBe(0);
  });

  it('a wall added in a corner checks again only the cells it can reach', () => {
    const mapper = new SightMapper(BUNDLED_RULESETS);
    const base = { eye: 'man' as const, cell: 0.5, viewers: [[2, 4]] as Point[] };
    mapper.run({ ...base, scenario: walled() });
    const both = walled([wall(6), wall(10, 'corner', 6.5, 7.5)]);
    const added = mapper.run({ ...base, scenario: both });
    const fresh = new SightMapper(BUNDLED_RULESETS).run({ ...base, scenario: both });
    expect(added.incremental).toBe(true);
    expect(added.cellsChecked).toBeLessThan(fresh.cellsChecked / 4);
    expect(Array.from(added.seen)).toEqual(Array.from(fresh.seen));
    expect(seenAt(added, [11, 7.9])).toBe(false);
  });

  it('bands of rows worked out apart merge into the whole map', () => {
    const base = {
      scenario: walled(),
      eye: 'man' as const,
      cell: 0.5,
      viewers: [[2, 4]] as Point[],
    };
    const whole = new SightMapper(BUNDLED_RULESETS).run({ ...base, enemy: [[11, 4]] });
    const bands = rowBands(16, 3);
    expect(bands).toEqual([
      [0, 5],
      [5, 11],
      [11, 16],
    ]);
    const parts = bands.map((rows) => ({
      rows,
      map: new SightMapper(BUNDLED_RULESETS).run({ ...base, enemy: [[11, 4]], rows }),
    }));
    expect(parts[0]!.map.cellsChecked).toBe(5 * 24);
    const merged = mergeSightBands(parts);
    expect(Array.from(merged.seen)).toEqual(Array.from(whole.seen));
    expect(Array.from(merged.enemySeen!)).toEqual(Array.from(whole.enemySeen!));
    expect(merged.cellsChecked).toBe(whole.cellsChecked);
  });

  it('a preview checks every fourth cell of every fourth row and agrees with the map there', () => {
    const base = {
      scenario: walled(),
      eye: 'man' as const,
      cell: 0.5,
      viewers: [[2, 4]] as Point[],
    };
    const mapper = new SightMapper(BUNDLED_RULESETS);
    const quick = mapper.preview(base);
    expect(mapper.updates(base)).toBe(false);
    const whole = mapper.run(base);
    expect(mapper.updates(base)).toBe(true);
    expect(quick.preview).toBe(4);
    expect(quick.checks).toBe(6 * 4);
    for (let r = 2; r < 16; r += 4) {
      for (let c = 2; c < 24; c += 4) expect(quick.seen[c + r * 24]).toBe(whole.seen[c + r * 24]);
    }
    expect(seenAt(quick, [11, 4])).toBe(false);
    expect(seenAt(quick, [4, 4])).toBe(true);
  });

  it('a zone sees what any of its sample points sees', () => {
    const zone = { shape: 'rect' as const, x: 0, y: 0, width: 3, height: 8 };
    const pts = areaViewers(zone, walled().map, 12);
    expect(pts.length).toBeGreaterThan(0);
    expect(pts.length).toBeLessThanOrEqual(12);
    for (const [x, y] of pts) expect(x >= 0 && x <= 3 && y >= 0 && y <= 8).toBe(true);
    const map = new SightMapper(BUNDLED_RULESETS).run({
      scenario: walled(),
      eye: 'man',
      cell: 0.5,
      viewers: pts,
    });
    // Round the wall's ends from the zone's top and bottom, but not straight behind its middle.
    expect(seenAt(map, [7, 0.25])).toBe(true);
    expect(seenAt(map, [6.5, 4])).toBe(false);
  });
});

describe('sight map on a hex map', () => {
  /** A 3 × 7 flat-topped map (column 1 runs straight down) with woods at (1, 3). */
  function hexScenario(hexes: HexMap['hexes'] = [{ col: 1, row: 3, terrain: 'woods' }]) {
    const preset = hexRuleset.presets[0]!;
    const doc = newScenario({ ruleset: hexRuleset.id, map: preset.map });
    const map = {
      ...(doc.map as HexMap),
      orientation: 'flat' as const,
      columns: 3,
      rows: 7,
      hexes,
    };
    // The scenario's own catalog says woods block everyone's sight (whatever layers it uses).
    const catalog = {
      terrainTypes: [{ id: 'woods', name: 'Woods', rules: { blocksLOSFor: ['all' as const] } }],
    };
    return { ...doc, map, catalog };
  }
  const centre = (doc: ScenarioDoc, col: number, row: number): [number, number] => {
    const g = sightGridOf(doc.map);
    const i = (col + row * g.columns) * 2;
    return [g.centres[i]!, g.centres[i + 1]!];
  };

  it('a hex of woods blocks the hexes behind it, hex by hex', () => {
    const doc = hexScenario();
    const grid = sightGridOf(doc.map);
    expect([grid.kind, grid.columns, grid.rows]).toEqual(['hex', 3, 7]);
    const map = new SightMapper(BUNDLED_RULESETS).run({
      scenario: doc,
      eye: 'man',
      viewers: [centre(doc, 1, 1)],
    });
    const seen = (col: number, row: number) => map.seen[col + row * 3] === 1;
    expect(seen(1, 2)).toBe(true);
    expect(seen(1, 3)).toBe(true); // the woods hex itself
    expect(seen(1, 4)).toBe(false);
    expect(seen(1, 6)).toBe(false);
    expect(seen(0, 1)).toBe(true);
    expect(map.seen.length).toBe(21);
    // Without the woods the same hexes are in sight.
    const open = hexScenario([]);
    const clear = new SightMapper(BUNDLED_RULESETS).run({
      scenario: open,
      eye: 'man',
      viewers: [centre(open, 1, 1)],
    });
    expect(clear.seen[1 + 6 * 3]).toBe(1);
  });

  it('a higher hex between blocks, one of the same level does not', () => {
    const hilly = hexScenario([{ col: 1, row: 3, level: 2 }]);
    expect(
      pointSightOf(hilly, 'man', BUNDLED_RULESETS)(centre(hilly, 1, 1), centre(hilly, 1, 5)),
    ).toBe(false);
    const flat = hexScenario([{ col: 1, row: 3, level: 0 }]);
    expect(
      pointSightOf(flat, 'man', BUNDLED_RULESETS)(centre(flat, 1, 1), centre(flat, 1, 5)),
    ).toBe(true);
    // Standing on the hill, one sees down past it.
    const onTop = hexScenario([
      { col: 1, row: 1, level: 2 },
      { col: 1, row: 3, level: 1 },
    ]);
    expect(
      pointSightOf(onTop, 'vehicle', BUNDLED_RULESETS)(centre(onTop, 1, 1), centre(onTop, 1, 5)),
    ).toBe(true);
  });
});

/** The first bundled table scenario with a line of sight and a full table of terrain. */
function bundledTable(): ScenarioDoc {
  const dir = new URL('../../scenarios/', import.meta.url);
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.scenario.json'))
    .sort()) {
    const loaded = loadDocument(readFileSync(new URL(file, dir), 'utf8'), {
      file,
      expect: ['sandtable.scenario'],
    });
    if (!loaded.ok) continue;
    const doc = loaded.doc;
    const module = RULESETS.find((m) => m.id === doc.ruleset.id);
    if (doc.map.kind === 'table' && doc.map.features.length > 20 && module?.sightChecker)
      return doc;
  }
  throw new Error('no bundled table scenario with a line of sight');
}

describe('incremental updates on a bundled table', () => {
  it('moving a building, a wall or a piece of ground gives the map a fresh build gives', () => {
    const doc = bundledTable();
    if (doc.map.kind !== 'table') throw new Error('a table');
    const map = doc.map;
    const base = {
      eye: 'man' as const,
      cell: 1,
      viewers: [[map.width / 2, map.height / 2]] as Point[],
    };
    const mapper = new SightMapper(BUNDLED_RULESETS);
    mapper.run({ ...base, scenario: doc });
    for (const kind of ['building', 'wall', 'ground'] as const) {
      const f = map.features.find((x) => x.kind === kind);
      if (!f) continue;
      const shifted: Feature =
        'points' in f
          ? { ...f, points: f.points.map(([x, y]) => [x + 2, y + 1.5] as [number, number]) }
          : 'x' in f && 'y' in f
            ? ({ ...f, x: f.x + 2, y: f.y + 1.5 } as Feature)
            : f;
      const moved: ScenarioDoc = {
        ...doc,
        map: { ...map, features: map.features.map((x) => (x.id === f.id ? shifted : x)) },
      };
      const updated = mapper.run({ ...base, scenario: moved });
      const fresh = new SightMapper(BUNDLED_RULESETS).run({ ...base, scenario: moved });
      expect(updated.incremental).toBe(true);
      expect(Array.from(updated.seen), `after moving ${f.id}`).toEqual(Array.from(fresh.seen));
      // A building is small: only the cells behind where it was and is are checked again (a
      // large piece of ground may reach most of the table).
      if (kind === 'building') expect(updated.cellsChecked).toBeLessThan(fresh.cellsChecked / 2);
      mapper.run({ ...base, scenario: doc });
    }
  });
});

describe('rulesets without a line of sight', () => {
  it('a table ruleset without a sightChecker is refused by name', () => {
    const none = RULESETS.find((m) => m.board === 'table' && !m.sightChecker);
    if (!none) return;
    const doc = newScenario({ ruleset: none.id, map: { kind: 'table', width: 6, height: 4 } });
    expect(() => pointSightOf(doc, 'man', BUNDLED_RULESETS)).toThrow(
      `${none.label} does not give a line of sight`,
    );
  });
});

describe('viewers', () => {
  it('lists the placed units of a side with their points', () => {
    const doc = walled();
    const side = doc.forces.sides[0]!;
    const withUnit: ScenarioDoc = {
      ...doc,
      forces: {
        sides: [
          {
            ...side,
            formations: [{ id: 'f', units: [{ id: 'u1', type: 'x', position: [3, 4] }] }],
          },
          ...doc.forces.sides.slice(1),
        ],
      },
    };
    expect(unitPoints(withUnit, side.id)).toEqual([{ id: 'u1', side: side.id, point: [3, 4] }]);
  });
});
