/**
 * `npm run bench:import`: import times for a generated 200 × 200 hex Tiled map (TMX with CSV,
 * base64+zlib and base64+zstd layer data, and JSON) and for a generated BattleScribe game system
 * with five catalogues; then the 1:1 A4 PDF of the Tankplank village, vector (in Node, and in
 * headless Chromium through the app's export dialog) against the raster export (Chromium).
 * Prints numbers; not a test. `--no-browser` skips the Chromium part; `--no-build` reuses the
 * build in $SANDTABLE_OUT (default dist/).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync, strToU8, zlibSync } from 'fflate';
import { chromium } from 'playwright-core';
import { saxesXmlParser } from '../engine/import/saxesXml';
import { encodeBase64 } from '../engine/import/tiled/base64';
import {
  buildHexMap,
  defaultHexTerrain,
  hexRulesets,
  hexTerrainChoices,
  proposeMapping,
  readTiledMap,
  type TiledInput,
} from '../engine/import/tiled/index';
import { importBattleScribe, type BsInputFile } from '../engine/import/battlescribe/battlescribe';
import { exportVectorPdf } from '../renderer/src/export/vectorPdf';
import type { Scene } from '../renderer/src/canvas/paintTerrain';
import { BUNDLED_RULESETS } from '../engine/rulesets/registry';

const root = join(import.meta.dirname, '..');
const outDir = join(import.meta.dirname, 'out');
await mkdir(outDir, { recursive: true });
const RUNS = 7;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
function time(fn: () => void): { median: number; first: number } {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return { median: median(times), first: times[0]! };
}

// ---- Tiled 200 × 200 ---------------------------------------------------------------------------

const N = 200;
/** A terrain pattern: woods blobs, a town, marsh along a stream, hills rising to the east. */
function terrainGid(x: number, y: number): number {
  const n = Math.sin(x * 0.21) * Math.cos(y * 0.17) + Math.sin((x + y) * 0.05);
  if (Math.abs(y - 100 - Math.sin(x / 12) * 20) < 2) return 4; // swamp
  if (n > 1.1) return 2; // forest
  if ((x - 140) ** 2 + (y - 60) ** 2 < 120) return 3; // town
  if (n < -1.4) return 5; // rough
  return 1; // grass
}
const hillGid = (x: number) => (x > 150 ? 9 : x > 120 ? 8 : x > 90 ? 7 : 0);
const ground: number[] = [];
const hills: number[] = [];
for (let y = 0; y < N; y++)
  for (let x = 0; x < N; x++) {
    ground.push(terrainGid(x, y));
    hills.push(hillGid(x));
  }
const le = (gids: readonly number[]) => {
  const b = new Uint8Array(gids.length * 4);
  const v = new DataView(b.buffer);
  gids.forEach((g, i) => v.setUint32(i * 4, g, true));
  return b;
};
function zstd(bytes: Uint8Array): Uint8Array | null {
  const r = spawnSync('zstd', ['-c', '-q'], { input: bytes });
  return r.status === 0 ? new Uint8Array(r.stdout) : null;
}
const tileset = `<tileset firstgid="1" name="terrain" tilewidth="64" tileheight="55" tilecount="6" columns="0">
  <grid orientation="orthogonal" width="1" height="1"/>
  <tile id="0" type="grass"/><tile id="1" type="forest"/><tile id="2" type="town"/>
  <tile id="3" type="swamp"/><tile id="4" type="rough"><properties><property name="terrain" value="rubble"/></properties></tile>
  <tile id="5" type="decoration"/>
 </tileset>
 <tileset firstgid="7" name="hills" tilewidth="64" tileheight="55" tilecount="3" columns="0">
  <grid orientation="orthogonal" width="1" height="1"/>
  <tile id="0" type="hill 1"/><tile id="1" type="hill 2"/><tile id="2" type="hill 3"/>
 </tileset>`;
const tmx = (data: (gids: number[]) => string) => `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" width="${N}" height="${N}" tilewidth="64" tileheight="55" infinite="0" hexsidelength="32" staggeraxis="x" staggerindex="odd" nextlayerid="3" nextobjectid="1">
 ${tileset}
 <layer id="1" name="ground" width="${N}" height="${N}">
  ${data(ground)}
 </layer>
 <layer id="2" name="hills" width="${N}" height="${N}">
  ${data(hills)}
 </layer>
</map>
`;
const variants: { name: string; text: string }[] = [
  { name: 'TMX, CSV', text: tmx((g) => `<data encoding="csv">\n${g.join(',')}\n</data>`) },
  {
    name: 'TMX, base64 + zlib',
    text: tmx(
      (g) => `<data encoding="base64" compression="zlib">${encodeBase64(zlibSync(le(g)))}</data>`,
    ),
  },
  {
    name: 'TMX, base64 + gzip',
    text: tmx(
      (g) => `<data encoding="base64" compression="gzip">${encodeBase64(gzipSync(le(g)))}</data>`,
    ),
  },
];
if (zstd(new Uint8Array(4)))
  variants.push({
    name: 'TMX, base64 + zstd',
    text: tmx(
      (g) => `<data encoding="base64" compression="zstd">${encodeBase64(zstd(le(g))!)}</data>`,
    ),
  });
variants.push({
  name: 'JSON (.tmj), CSV array',
  text: JSON.stringify({
    type: 'map',
    orientation: 'hexagonal',
    width: N,
    height: N,
    tilewidth: 64,
    tileheight: 55,
    hexsidelength: 32,
    staggeraxis: 'x',
    staggerindex: 'odd',
    infinite: false,
    tilesets: [
      {
        firstgid: 1,
        name: 'terrain',
        tilecount: 6,
        tiles: ['grass', 'forest', 'town', 'swamp', 'rough', 'decoration'].map((type, id) => ({
          id,
          type,
          ...(type === 'rough'
            ? { properties: [{ name: 'terrain', type: 'string', value: 'rubble' }] }
            : {}),
        })),
      },
      {
        firstgid: 7,
        name: 'hills',
        tilecount: 3,
        tiles: ['hill 1', 'hill 2', 'hill 3'].map((type, id) => ({ id, type })),
      },
    ],
    layers: [
      { type: 'tilelayer', name: 'ground', width: N, height: N, data: ground },
      { type: 'tilelayer', name: 'hills', width: N, height: N, data: hills },
    ],
  }),
});

const ruleset = hexRulesets(BUNDLED_RULESETS)[0]!.id;
const terrains = hexTerrainChoices(ruleset, BUNDLED_RULESETS);
console.log(`Sandtable import benchmark (median of ${RUNS} runs; first run in brackets)`);
console.log(
  `\nTiled ${N} × ${N} hex map, 2 tile layers, imported for ${ruleset}: read + mapping + build`,
);
for (const v of variants) {
  const input: TiledInput[] = [
    { name: v.name.startsWith('JSON') ? 'big.tmj' : 'big.tmx', bytes: strToU8(v.text) },
  ];
  let hexes = 0;
  const t = time(() => {
    const read = readTiledMap(input, saxesXmlParser);
    const { report } = buildHexMap(read, proposeMapping(read, terrains), {
      defaultTerrain: defaultHexTerrain(terrains),
      terrains,
    });
    hexes = report.hexes;
  });
  console.log(
    `  ${v.name.padEnd(24)} ${kb(v.text.length).padStart(9)}  ${t.median.toFixed(0).padStart(5)} ms  (${t.first.toFixed(0)} ms)  ${hexes} hexes differ from clear`,
  );
}

// ---- BattleScribe: a game system and five catalogues -------------------------------------------

const NATIONS = ['US', 'Soviet', 'German', 'British', 'French'];
let seq = 0;
const id = () => `b${(seq++).toString(16).padStart(4, '0')}-${(seq * 7919).toString(16).slice(-4)}`;
const stats = (i: number) =>
  ['Crew Slots', 'Initiative', 'Attack', 'Defence', 'Damage Capacity']
    .map(
      (n, k) =>
        `<characteristic name="${n}" typeId="ch-${k}">${((i + k) % 6) + 1}</characteristic>`,
    )
    .join('');
const card = (name: string, cat: string, pts: number) => `
      <selectionEntry id="${id()}" name="${name}" hidden="false" collective="false" import="true" type="upgrade">
        <modifiers><modifier type="set" field="hidden" value="true"><conditions><condition field="selections" scope="ancestor" value="0.0" childId="cat-heli" type="instanceOf"/></conditions></modifier></modifiers>
        <constraints><constraint field="selections" scope="parent" value="1.0" id="${id()}" type="max"/></constraints>
        <profiles><profile id="${id()}" name="${name}" hidden="false" typeId="pt-up" typeName="Upgrade Card"><characteristics><characteristic name="Ability Text" typeId="up-text">${name}: re-roll one die once per turn when the target is at Close Range and this model has not moved.</characteristic></characteristics></profile></profiles>
        <categoryLinks><categoryLink id="${id()}" name="${cat}" hidden="false" targetId="cat-${cat.toLowerCase()}" primary="false"/></categoryLinks>
        <costs><cost name="pts" typeId="ct-pts" value="${pts}.0"/></costs>
      </selectionEntry>`;
const groups = (prefix: string, count: number) =>
  [
    'Crew: Commander',
    'Crew: Gunner',
    'Crew: Loader',
    'Crew: Driver',
    'Upgrade: Armour',
    'Upgrade: Engine',
    'Upgrade: Ammo',
  ]
    .map(
      (g) => `
    <selectionEntryGroup id="${id()}" name="${g} (${prefix})" hidden="false" collective="false" import="true">
      <selectionEntries>${Array.from({ length: count }, (_, i) => card(`${prefix} ${g.split(': ')[1]} ${i + 1}`, g.startsWith('Crew') ? 'Crew' : 'Upgrade', (i % 4) + 1)).join('')}
      </selectionEntries>
    </selectionEntryGroup>`,
    )
    .join('');
const gst = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<gameSystem id="sys-bench" name="Tanks (benchmark)" revision="1" battleScribeVersion="2.03" xmlns="http://www.battlescribe.net/schema/gameSystemSchema">
  <costTypes><costType id="ct-pts" name="pts" defaultCostLimit="-1.0"/></costTypes>
  <profileTypes>
    <profileType id="pt-tank" name="Tank"><characteristicTypes>${[0, 1, 2, 3, 4].map((k) => `<characteristicType id="ch-${k}" name="x"/>`).join('')}</characteristicTypes></profileType>
    <profileType id="pt-up" name="Upgrade Card"><characteristicTypes><characteristicType id="up-text" name="Ability Text"/></characteristicTypes></profileType>
    <profileType id="pt-platoon" name="Platoon Card"><characteristicTypes><characteristicType id="pl-text" name="Ability Text"/></characteristicTypes></profileType>
  </profileTypes>
  <categoryEntries><categoryEntry id="cat-tank" name="Tank"/><categoryEntry id="cat-heli" name="Helicopter"/><categoryEntry id="cat-crew" name="Crew"/><categoryEntry id="cat-upgrade" name="Upgrade"/></categoryEntries>
  <sharedSelectionEntryGroups>${groups('Global', 12)}
  </sharedSelectionEntryGroups>
</gameSystem>`;
const catalogue = (nation: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<catalogue id="cat-${nation}" name="${nation}" revision="1" battleScribeVersion="2.03" library="false" gameSystemId="sys-bench" gameSystemRevision="1" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <sharedSelectionEntries>${Array.from(
    { length: 40 },
    (_, i) => `
    <selectionEntry id="${id()}" name="${nation} tank ${i + 1}" hidden="false" collective="false" import="true" type="model">
      <constraints><constraint field="selections" scope="roster" value="3.0" id="${id()}" type="max"/></constraints>
      <profiles><profile id="${id()}" name="${nation} tank ${i + 1}" hidden="false" typeId="pt-tank" typeName="Tank"><characteristics>${stats(i)}</characteristics></profile></profiles>
      <categoryLinks><categoryLink id="${id()}" name="Tank" hidden="false" targetId="cat-tank" primary="true"/></categoryLinks>
      <entryLinks>${['Commander', 'Gunner', 'Loader', 'Driver', 'Armour', 'Engine', 'Ammo']
        .map(
          (g, k) =>
            `<entryLink id="${id()}" name="${g}" hidden="false" targetId="GROUP${k}" type="selectionEntryGroup"/>`,
        )
        .join('')}</entryLinks>
      <costs><cost name="pts" typeId="ct-pts" value="${15 + (i % 20)}.0"/></costs>
    </selectionEntry>`,
  ).join('')}
    <selectionEntry id="${id()}" name="${nation} platoon" hidden="false" collective="false" import="true" type="upgrade">
      <profiles><profile id="${id()}" name="${nation} platoon" typeId="pt-platoon" typeName="Platoon Card"><characteristics><characteristic name="Ability Text" typeId="pl-text">Once per game.</characteristic></characteristics></profile></profiles>
    </selectionEntry>
  </sharedSelectionEntries>
  <sharedSelectionEntryGroups>${groups(nation, 8)}
  </sharedSelectionEntryGroups>
</catalogue>`;
// Model entries link to the game system's global groups.
const globalGroupIds = [...gst.matchAll(/<selectionEntryGroup id="([^"]+)"/g)].map((m) => m[1]!);
const files: BsInputFile[] = [
  { name: 'system.gst', bytes: strToU8(gst) },
  ...NATIONS.map((n) => ({
    name: `${n}.cat`,
    bytes: strToU8(
      catalogue(n).replace(/GROUP(\d)/g, (_m, k: string) => globalGroupIds[Number(k)]!),
    ),
  })),
];
const total = files.reduce((s, f) => s + f.bytes.length, 0);
let summary = '';
const bsTime = time(() => {
  const { report } = importBattleScribe(files, saxesXmlParser, BUNDLED_RULESETS);
  summary = `${report.units} models, ${Object.values(report.cards).reduce((a, b) => a + b, 0)} cards, ${report.notImported.length} report lines`;
});
console.log(
  `\nBattleScribe game system + ${NATIONS.length} catalogues (${kb(total)} of XML): parse + import + schema check`,
);
console.log(`  ${bsTime.median.toFixed(0)} ms  (${bsTime.first.toFixed(0)} ms)  ${summary}`);

// ---- PDF: the village at 1:1 on A4 ------------------------------------------------------------

const village = JSON.parse(
  readFileSync(join(root, 'scenarios/tankplank-village.scenario.json'), 'utf8'),
);
const fonts = {
  regular: readFileSync(
    join(root, 'node_modules/@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff'),
  ),
  bold: readFileSync(
    join(root, 'node_modules/@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff'),
  ),
};
console.log('\nPDF of the Tankplank village at 1:1 on A4 (overlap 0.5")');
for (const style of ['printed', 'plain'] as const) {
  const scene = {
    kind: 'table',
    width: village.map.width,
    height: village.map.height,
    features: village.map.features,
    style,
  } as Scene;
  const times: number[] = [];
  let bytes: Uint8Array = new Uint8Array();
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    bytes = await exportVectorPdf(scene, village.map, {
      paper: 'a4',
      overlap: 0.5,
      margin: 0.4,
      title: 'Village',
      fonts,
    });
    times.push(performance.now() - t);
  }
  await writeFile(join(outDir, `village-vector-${style}.pdf`), bytes);
  console.log(
    `  vector, ${style.padEnd(7)} style, Node:     ${kb(bytes.length).padStart(9)}  ${median(times).toFixed(0)} ms  (${times[0]!.toFixed(0)} ms)`,
  );
}

if (!process.argv.includes('--no-browser')) {
  const dist = process.env.SANDTABLE_OUT ?? join(root, 'dist');
  if (!process.argv.includes('--no-build') || !existsSync(join(dist, 'renderer/index.html'))) {
    const r = spawnSync(
      'npx',
      ['vite', 'build', '--config', 'vite.config.ts', '--logLevel', 'error'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  const port = Number(process.env.PORT ?? 4327);
  let server: ChildProcess | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    server = spawn(
      join(root, 'node_modules/.bin/vite'),
      [
        'preview',
        '--config',
        'vite.config.ts',
        '--port',
        String(port),
        '--strictPort',
        '--host',
        '127.0.0.1',
      ],
      { cwd: root, stdio: 'ignore' },
    );
    const url = `http://127.0.0.1:${port}/`;
    for (let i = 0; i < 150; i++) {
      try {
        if ((await fetch(url)).ok) break;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const page = await browser.newPage({
      viewport: { width: 1400, height: 900 },
      acceptDownloads: true,
    });
    await page.addInitScript(() => {
      Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true });
    });
    await page.goto(url);
    await page
      .getByRole('button', { name: /village/i })
      .filter({ hasNotText: /artillery/i })
      .click();
    await page.getByTestId('table-view').waitFor();
    for (const style of ['printed', 'plain'] as const) {
      for (const kind of ['vector', 'raster'] as const) {
        await page.keyboard.press('Control+p');
        await page.getByLabel('Drawing').selectOption(kind);
        await page
          .getByLabel('Map style')
          .selectOption(style)
          .catch(() => undefined);
        const download = page.waitForEvent('download', { timeout: 300_000 });
        const t = performance.now();
        await page.getByRole('button', { name: 'Export' }).click();
        const d = await download;
        const ms = performance.now() - t;
        const file = join(outDir, `village-${kind}-${style}-chromium.pdf`);
        await d.saveAs(file);
        console.log(
          `  ${kind}, ${style.padEnd(7)} style, Chromium: ${kb((await stat(file)).size).padStart(9)}  ${ms.toFixed(0)} ms${kind === 'raster' ? ' (150 px/in)' : ''}`,
        );
      }
    }
  } finally {
    await browser.close();
    server?.kill();
  }
}
