import { zlibSync } from 'fflate';
import { toTiledStagger } from '../../hex/offset';
import type { Hex, HexFlag, HexMap } from '../../format/types';
import { encodeBase64 } from './base64';
import { HEX_FLAGS } from './mapping';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One tile of the exported tilesets: what it stands for. */
interface ExportTile {
  readonly label: string;
  readonly terrain?: string;
  readonly flags?: readonly HexFlag[];
  readonly level?: number;
}

/** Tile size in pixels of a regular hex with 32 px sides: flat tops are 64 wide, 55 high. */
const SIDE = 32;
const ACROSS = Math.round(SIDE * Math.sqrt(3));

export interface TmxExport {
  readonly tmx: string;
  /** Hex labels become point objects; hexsides and contours have no Tiled equivalent. */
  readonly notes: readonly string[];
}

/**
 * Writes a Sandtable hex map as a Tiled TMX map (hexagonal, the same stagger axis and index, one
 * tile per hex, zlib-compressed base64 layers as Tiled writes by default). Terrain (with its
 * flags) and levels go on two tile layers whose tiles carry `terrain`, flag and `level`
 * properties, so that importing the file again gives back the same terrain and levels; hex labels
 * go on an object layer. The tilesets have no images: Tiled shows the tiles' properties, and a
 * designer can give the tileset images in Tiled.
 */
export function exportTmx(map: HexMap, title: string): TmxExport {
  const { staggeraxis, staggerindex } = toTiledStagger(map);
  const flat = map.orientation === 'flat';
  const tilewidth = flat ? 2 * SIDE : ACROSS;
  const tileheight = flat ? ACROSS : 2 * SIDE;
  const byKey = new Map<string, Hex>(map.hexes.map((h) => [`${h.col},${h.row}`, h]));

  const terrainTiles: ExportTile[] = [];
  const terrainIndex = new Map<string, number>();
  const levelTiles: ExportTile[] = [];
  const levelIndex = new Map<number, number>();
  const terrainOf = (h: Hex | undefined) => {
    const terrain = h?.terrain ?? map.defaultTerrain;
    const flags = HEX_FLAGS.filter((f) => h?.[f] === true);
    const k = [terrain, ...flags].join('+');
    let i = terrainIndex.get(k);
    if (i === undefined) {
      i = terrainTiles.length;
      terrainIndex.set(k, i);
      terrainTiles.push({ label: k, terrain, flags });
    }
    return i;
  };
  const levelOf = (level: number) => {
    let i = levelIndex.get(level);
    if (i === undefined) {
      i = levelTiles.length;
      levelIndex.set(level, i);
      levelTiles.push({ label: `level ${level}`, level });
    }
    return i;
  };
  const terrainCells = new Uint32Array(map.columns * map.rows);
  const levelCells = new Uint32Array(map.columns * map.rows);
  for (let row = 0; row < map.rows; row++) {
    for (let col = 0; col < map.columns; col++) {
      const h = byKey.get(`${col},${row}`);
      const i = row * map.columns + col;
      terrainCells[i] = terrainOf(h);
      levelCells[i] = h?.level ? levelOf(h.level) : -1 >>> 0;
    }
  }
  const firstTerrain = 1;
  const firstLevel = firstTerrain + terrainTiles.length;
  const terrainGids = terrainCells.map((t) => t + firstTerrain);
  const levelGids = levelCells.map((t) => (t === 0xffffffff ? 0 : t + firstLevel));

  const layerData = (gids: Uint32Array) => {
    const bytes = new Uint8Array(gids.length * 4);
    gids.forEach((g, i) => {
      bytes[i * 4] = g & 0xff;
      bytes[i * 4 + 1] = (g >>> 8) & 0xff;
      bytes[i * 4 + 2] = (g >>> 16) & 0xff;
      bytes[i * 4 + 3] = (g >>> 24) & 0xff;
    });
    return encodeBase64(zlibSync(bytes));
  };
  const tileset = (name: string, first: number, tiles: readonly ExportTile[]) =>
    [
      ` <tileset firstgid="${first}" name="${esc(name)}" tilewidth="${tilewidth}" tileheight="${tileheight}" tilecount="${tiles.length}" columns="0">`,
      `  <grid orientation="orthogonal" width="1" height="1"/>`,
      ...tiles.flatMap((t, id) => [
        `  <tile id="${id}" type="${esc(t.label)}">`,
        '   <properties>',
        ...(t.terrain !== undefined
          ? [`    <property name="terrain" value="${esc(t.terrain)}"/>`]
          : []),
        ...(t.flags ?? []).map((f) => `    <property name="${f}" type="bool" value="true"/>`),
        ...(t.level !== undefined
          ? [`    <property name="level" type="int" value="${t.level}"/>`]
          : []),
        '   </properties>',
        '  </tile>',
      ]),
      ' </tileset>',
    ].join('\n');

  // Point objects at hex centres, in Tiled's hexagonal pixel geometry.
  const staggered = (n: number) => ((n & 1) === 1) === (staggerindex === 'odd');
  const centre = (col: number, row: number): [number, number] =>
    flat
      ? [
          col * ((tilewidth + SIDE) / 2) + tilewidth / 2,
          row * tileheight + tileheight / 2 + (staggered(col) ? tileheight / 2 : 0),
        ]
      : [
          col * tilewidth + tilewidth / 2 + (staggered(row) ? tilewidth / 2 : 0),
          row * ((tileheight + SIDE) / 2) + tileheight / 2,
        ];
  const labelled = map.hexes.filter((h) => h.label);
  const objects = labelled.map((h, i) => {
    const [x, y] = centre(h.col, h.row);
    return `  <object id="${i + 1}" name="${esc(h.label!)}" x="${x}" y="${y}">\n   <point/>\n  </object>`;
  });
  const notes: string[] = [];
  if (map.hexsides?.length)
    notes.push(
      `${map.hexsides.length} hexside(s) (ridges, walls, streams) are not written: Tiled has no hexsides`,
    );
  if (map.contours?.length)
    notes.push(
      `${map.contours.length} contour line(s) are not written; the levels they follow are`,
    );
  const tmx = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" width="${map.columns}" height="${map.rows}" tilewidth="${tilewidth}" tileheight="${tileheight}" infinite="0" hexsidelength="${SIDE}" staggeraxis="${staggeraxis}" staggerindex="${staggerindex}" nextlayerid="4" nextobjectid="${labelled.length + 1}">`,
    ' <properties>',
    `  <property name="title" value="${esc(title)}"/>`,
    `  <property name="defaultTerrain" value="${esc(map.defaultTerrain)}"/>`,
    ...(map.hexSize?.inches
      ? [`  <property name="hexInches" type="float" value="${map.hexSize.inches}"/>`]
      : []),
    ' </properties>',
    tileset('sandtable-terrain', firstTerrain, terrainTiles),
    ...(levelTiles.length ? [tileset('sandtable-levels', firstLevel, levelTiles)] : []),
    ` <layer id="1" name="terrain" width="${map.columns}" height="${map.rows}">`,
    `  <data encoding="base64" compression="zlib">${layerData(terrainGids)}</data>`,
    ' </layer>',
    ` <layer id="2" name="levels" width="${map.columns}" height="${map.rows}">`,
    `  <data encoding="base64" compression="zlib">${layerData(levelGids)}</data>`,
    ' </layer>',
    ' <objectgroup id="3" name="labels">',
    ...objects,
    ' </objectgroup>',
    '</map>',
    '',
  ].join('\n');
  return { tmx, notes };
}
