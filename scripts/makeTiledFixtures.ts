/**
 * Makes the Tiled test maps in engine/import/tiled/testdata/ from the hand-written village.tmx:
 * one TMX per layer data encoding Tiled writes (XML tiles, CSV, base64 plain, zlib, gzip, zstd),
 * one per stagger layout, and an infinite (chunked) one, written here following Tiled's TMX
 * documentation. Then, when Tiled is installed (`apt-get install tiled`), Tiled itself reads each
 * one and writes it back as JSON (`tiled --export-map json`, also with `--embed-tilesets`), so the
 * JSON maps in the test corpus are written by Tiled, and a map Tiled could not read fails here.
 *
 *   npx tsx scripts/makeTiledFixtures.ts
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, zlibSync } from 'fflate';
import { encodeBase64 } from '../engine/import/tiled/base64';

const dir = join(import.meta.dirname, '../engine/import/tiled/testdata');
const base = readFileSync(join(dir, 'village.tmx'), 'utf8');

const csvBlocks = [...base.matchAll(/<data encoding="csv">([\s\S]*?)<\/data>/g)].map((m) =>
  m[1]!.split(',').map((s) => Number(s.trim())),
);

/** zstd compression through the zstd command (`apt-get install zstd`): no JS encoder is needed in the app. */
function zstd(bytes: Uint8Array): Uint8Array {
  const r = spawnSync('zstd', ['-c', '-q'], { input: bytes });
  if (r.status !== 0) throw new Error('the zstd command is needed to make the zstd test map');
  return new Uint8Array(r.stdout);
}

function le(gids: readonly number[]): Uint8Array {
  const b = new Uint8Array(gids.length * 4);
  gids.forEach((g, i) => new DataView(b.buffer).setUint32(i * 4, g, true));
  return b;
}

/** A fixed gzip header time, so writing the fixtures again gives the same bytes (`npm run generate --check`). */
const GZIP_STAMP = { mtime: '2026-01-01T00:00:00Z' };

type Enc = 'xml' | 'csv' | 'base64' | 'zlib' | 'gzip' | 'zstd';
function dataElement(gids: readonly number[], enc: Enc, indent: string): string {
  switch (enc) {
    case 'xml':
      return `<data>\n${gids.map((g) => `${indent} <tile${g ? ` gid="${g}"` : ''}/>`).join('\n')}\n${indent}</data>`;
    case 'csv':
      return `<data encoding="csv">\n${gids.join(',')}\n</data>`;
    case 'base64':
      return `<data encoding="base64">\n${indent} ${encodeBase64(le(gids))}\n${indent}</data>`;
    case 'zlib':
      return `<data encoding="base64" compression="zlib">\n${indent} ${encodeBase64(zlibSync(le(gids)))}\n${indent}</data>`;
    case 'gzip':
      return `<data encoding="base64" compression="gzip">\n${indent} ${encodeBase64(gzipSync(le(gids), GZIP_STAMP))}\n${indent}</data>`;
    case 'zstd':
      return `<data encoding="base64" compression="zstd">\n${indent} ${encodeBase64(zstd(le(gids)))}\n${indent}</data>`;
  }
}

function variant(enc: Enc): string {
  let i = 0;
  return base.replace(/<data encoding="csv">[\s\S]*?<\/data>/g, () =>
    dataElement(csvBlocks[i++]!, enc, '  '),
  );
}

const written: string[] = [];
const write = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  written.push(name);
};

for (const enc of ['xml', 'csv', 'base64', 'zlib', 'gzip', 'zstd'] as const)
  write(`enc-${enc}.tmx`, variant(enc));
for (const [axis, index] of [
  ['x', 'even'],
  ['y', 'odd'],
  ['y', 'even'],
] as const) {
  let text = base.replace(
    'staggeraxis="x" staggerindex="odd"',
    `staggeraxis="${axis}" staggerindex="${index}"`,
  );
  if (axis === 'y')
    text = text.replace('tilewidth="64" tileheight="55"', 'tilewidth="55" tileheight="64"');
  write(`layout-${axis}-${index}.tmx`, text);
}

// Infinite: the same 6 × 4 tiles placed from Tiled (-3, -2), in 16 × 16 chunks, gzip.
{
  const chunkData = (gids: readonly number[], cx: number, cy: number) => {
    const out = new Array<number>(256).fill(0);
    for (let y = 0; y < 4; y++)
      for (let x = 0; x < 6; x++) {
        const tx = x - 3 - cx;
        const ty = y - 2 - cy;
        if (tx >= 0 && ty >= 0 && tx < 16 && ty < 16) out[ty * 16 + tx] = gids[y * 6 + x]!;
      }
    return out;
  };
  let i = 0;
  const text = base
    .replace('infinite="0"', 'infinite="1"')
    .replace(/<data encoding="csv">[\s\S]*?<\/data>/g, () => {
      const gids = csvBlocks[i++]!;
      const chunks = [
        [-16, -16],
        [0, -16],
        [-16, 0],
        [0, 0],
      ].map(
        ([cx, cy]) =>
          `   <chunk x="${cx}" y="${cy}" width="16" height="16">\n    ${encodeBase64(gzipSync(le(chunkData(gids, cx!, cy!)), GZIP_STAMP))}\n   </chunk>`,
      );
      return `<data encoding="base64" compression="gzip">\n${chunks.join('\n')}\n  </data>`;
    });
  write('infinite.tmx', text);
}

write(
  'orthogonal.tmx',
  `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="2" height="2" tilewidth="32" tileheight="32" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" source="terrain.tsx"/>
 <layer id="1" name="ground" width="2" height="2">
  <data encoding="csv">
1,1,
1,1
</data>
 </layer>
</map>
`,
);

const tiled = spawnSync('tiled', ['--version'], {
  encoding: 'utf8',
  env: { ...process.env, QT_QPA_PLATFORM: 'offscreen' },
});
if (tiled.status !== 0) {
  console.log(
    `wrote ${written.length} TMX maps; Tiled is not installed, so the JSON maps were not regenerated`,
  );
} else {
  const env = { ...process.env, QT_QPA_PLATFORM: 'offscreen' };
  const run = (args: string[]) => {
    const r = spawnSync('tiled', args, { cwd: dir, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tiled ${args.join(' ')} failed: ${r.stderr}`);
  };
  run(['--export-tileset', 'json', 'terrain.tsx', 'terrain.tsj']);
  run(['--export-tileset', 'json', 'hills.tsx', 'hills.tsj']);
  for (const name of written.filter((n) => n !== 'orthogonal.tmx')) {
    run(['--export-map', 'json', name, name.replace(/\.tmx$/, '.tiled.tmj')]);
  }
  run(['--embed-tilesets', '--export-map', 'json', 'enc-zstd.tmx', 'embedded-zstd.tiled.tmj']);
  run(['--embed-tilesets', '--export-map', 'tmx', 'enc-zlib.tmx', 'embedded-zlib.tiled.tmx']);
  console.log(
    `wrote ${written.length} TMX maps; ${tiled.stdout.trim()} read each and wrote the .tiled.tmj/.tiled.tmx copies`,
  );
}
