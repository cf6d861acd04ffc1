import type { CatalogDoc, HexMap, HexRef } from '../../../format';
import type { RulesetCatalog } from '../../../forces/rulesetCatalog';
import {
  axialKey,
  axialToOffset,
  hexDistance,
  hexGrid,
  hexsideKey,
  offsetToAxial,
  type Axial,
  type HexGrid,
  type HexsideKey,
} from '../../../hex';

/** A hex of the TANK! map with what the rules ask of it. */
export interface TankHex {
  readonly col: number;
  readonly row: number;
  readonly level: number;
  readonly terrain: string;
  readonly woods: boolean;
  readonly urban: boolean;
  readonly improvedPosition: boolean;
  /** Terrain defence points (OT-G4). */
  readonly dsp: number;
  /** Movement points to enter (placeholder terrain stat `mp`). */
  readonly mp: number;
  readonly vehicleImpassable: boolean;
  /** Blocks the base game's line of sight (placeholder terrain stat `blocksLos`). */
  readonly blocksBaseLos: boolean;
  /** A potential blocking hex of Costello's line of sight by its terrain (TC-2.2). */
  readonly costelloBlocking: boolean;
  readonly overrunProtection: boolean;
  /** Rubble gives infantry a defensive position (TC-1.3, catalog stat infantryDefensivePosition). */
  readonly infantryPosition: boolean;
  /** Extra turns infantry must stay after entering (TC-4.6, terrain stat exitDelayTurns, TC-G7). */
  readonly exitDelayTurns: number;
}

export interface TankMap {
  readonly grid: HexGrid;
  readonly columns: number;
  readonly rows: number;
  readonly levels: { readonly min: number; readonly max: number };
  hex(a: Axial): TankHex | undefined;
  readonly ridges: ReadonlySet<HexsideKey>;
  toAxial(h: HexRef): Axial;
  toRef(a: Axial): HexRef;
  /**
   * The same map with these hexes turned to rubble in play (TC-1.3): a destroyed building, or a
   * street the rubble scattered into, with the rubble terrain's catalog stats. `blocked` hexes
   * (scattered rubble in a street) are closed to vehicles.
   */
  rubbled(rubble: readonly { readonly hex: HexRef; readonly blocksVehicles: boolean }[]): TankMap;
}

/**
 * The map as the rules read it, or the first hex the rules cannot play (a level outside the
 * contour range, a terrain the catalog does not know), named by column and row.
 */
export function readTankMap(
  map: HexMap,
  cat: RulesetCatalog,
  placeholder: CatalogDoc,
  contourMax: number | undefined,
): TankMap | string {
  const grid = hexGrid(map);
  const lo = map.levels?.min ?? 0;
  const hi = Math.min(map.levels?.max ?? 0, contourMax ?? Infinity);
  const standIn = new Map((placeholder.terrainTypes ?? []).map((t) => [t.id, t]));
  const stat = (terrain: string, key: string): unknown =>
    cat.terrainTypes.get(terrain)?.stats?.[key] ?? standIn.get(terrain)?.stats?.[key];
  const byKey = new Map<string, TankHex>();
  const given = new Map(map.hexes.map((h) => [`${h.col},${h.row}`, h]));
  for (let col = 0; col < map.columns; col++) {
    for (let row = 0; row < map.rows; row++) {
      const h = given.get(`${col},${row}`);
      const level = h?.level ?? 0;
      if (!Number.isInteger(level) || level < lo || level > hi)
        return `hex ${col},${row} has level ${level}, outside the contour range ${lo}..${hi} (map.levels${contourMax !== undefined ? `, TC-1.5 levels 0..${contourMax}` : ''}): set its level within the range`;
      const terrain = h?.terrain ?? (h?.woods ? 'woods' : h?.urban ? 'urban' : map.defaultTerrain);
      if (!cat.terrainTypes.has(terrain) && !standIn.has(terrain))
        return `hex ${col},${row} has terrain "${terrain}", which no TANK! catalog defines: use one of ${[...new Set([...cat.terrainTypes.keys(), ...standIn.keys()])].join(', ')}`;
      const t = cat.terrainTypes.get(terrain) ?? standIn.get(terrain)!;
      const woods = h?.woods === true || terrain === 'woods';
      const urban = (h?.urban === true && terrain !== 'rubble') || terrain === 'urban';
      byKey.set(axialKey(offsetToAxial(grid, { col, row })), {
        col,
        row,
        level,
        terrain,
        woods,
        urban,
        improvedPosition: h?.improvedPosition === true,
        dsp: Number(stat(terrain, 'dsp') ?? 0),
        mp: Number(stat(terrain, 'mp') ?? 1),
        vehicleImpassable: (t.rules?.impassableTo ?? []).includes('allVehicles'),
        blocksBaseLos: stat(terrain, 'blocksLos') === true || woods || urban,
        costelloBlocking: stat(terrain, 'potentialBlockingHex') === true || woods || urban,
        overrunProtection:
          stat(terrain, 'overrunProtection') === true || h?.improvedPosition === true,
        infantryPosition: stat(terrain, 'infantryDefensivePosition') === true,
        exitDelayTurns: Number(stat(terrain, 'exitDelayTurns') ?? 0),
      });
    }
  }
  const ridges = new Set<HexsideKey>();
  for (const s of map.hexsides ?? [])
    if (s.ridge)
      ridges.add(hexsideKey(map.orientation, { hex: offsetToAxial(grid, s), side: s.side as 0 }));
  const rubbleTerrain = cat.terrainTypes.has('rubble') || standIn.has('rubble');
  const overlays = new Map<string, TankMap>();
  const make = (hex: (a: Axial) => TankHex | undefined): TankMap => ({
    grid,
    columns: map.columns,
    rows: map.rows,
    levels: { min: lo, max: hi },
    hex,
    ridges,
    toAxial: (h) => offsetToAxial(grid, h),
    toRef: (a) => axialToOffset(grid, a),
    rubbled(rubble) {
      if (rubble.length === 0 || !rubbleTerrain) return plain;
      const id = rubble
        .map((r) => `${r.hex.col},${r.hex.row}${r.blocksVehicles ? '!' : ''}`)
        .join(';');
      let m = overlays.get(id);
      if (!m) {
        const changed = new Map<string, TankHex>();
        for (const r of rubble) {
          const k = axialKey(offsetToAxial(grid, r.hex));
          const was = byKey.get(k);
          if (!was) continue;
          changed.set(k, {
            ...was,
            terrain: 'rubble',
            woods: false,
            urban: false,
            dsp: Number(stat('rubble', 'dsp') ?? 0),
            mp: Number(stat('rubble', 'mp') ?? 1),
            vehicleImpassable: was.vehicleImpassable || r.blocksVehicles,
            blocksBaseLos: stat('rubble', 'blocksLos') === true,
            costelloBlocking: stat('rubble', 'potentialBlockingHex') === true,
            overrunProtection: stat('rubble', 'overrunProtection') === true || was.improvedPosition,
            infantryPosition: stat('rubble', 'infantryDefensivePosition') === true,
            exitDelayTurns: Number(stat('rubble', 'exitDelayTurns') ?? 0),
          });
        }
        m = make((a) => changed.get(axialKey(a)) ?? byKey.get(axialKey(a)));
        overlays.set(id, m);
      }
      return m;
    },
  });
  // Looked up by a number, not the string key: the bots and sight ask for hexes millions of
  // times a search (the same hexes as `byKey`).
  const byNumber = new Map<number, TankHex>();
  for (const [k, h] of byKey) {
    const [q, r] = k.split(',').map(Number) as [number, number];
    byNumber.set(numberKey(q, r), h);
  }
  const plain = make((a) => byNumber.get(numberKey(a.q, a.r)));
  return plain;
}

/** Hexes between two map hexes. */
export const hexRange = (m: TankMap, a: HexRef, b: HexRef): number =>
  hexDistance(m.toAxial(a), m.toAxial(b));

/** A number for an axial hex, one per hex within ±2^20 of the origin (any map Sandtable opens). */
const numberKey = (q: number, r: number): number => (q + 1048576) * 2097152 + (r + 1048576);
