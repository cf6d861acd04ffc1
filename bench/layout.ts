/**
 * `npm run bench:layout`: `sandtable validate` (read, decode, load, layout and force checks) on
 * the files that used to take minutes or run out of memory: roads drawn as 50 spokes through
 * one point and as smooth curves of 500 and 2,000 points over the village, a 10,000-feature
 * table, and the largest generated table the loader accepts (just under 32 MB). Prints the time
 * and memory of each; not a test.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { validateFile } from '../cli/validate';
import { BUNDLED_CATALOGS } from '../engine/forces/index';
import { DEFAULT_MAX_BYTES, serializeDocument, type ScenarioDoc } from '../engine/format/index';
import { generateTable } from './generateTable';

const outDir = join(import.meta.dirname, 'out');
await mkdir(outDir, { recursive: true });
const village = JSON.parse(
  await readFile(
    join(import.meta.dirname, '..', 'scenarios', 'tankplank-village.scenario.json'),
    'utf8',
  ),
) as ScenarioDoc;

function withRoad(name: string, points: [number, number][]): [string, string] {
  const doc = structuredClone(village);
  if (doc.map.kind === 'table')
    doc.map.features.push({ id: 'bench-road', kind: 'road', points, width: 2 });
  return [name, serializeDocument(doc)];
}

const spokes = Array.from({ length: 50 }, (_, i): [number, number] =>
  i % 2 === 0 ? [18, 12] : [18 + 10 * Math.cos(i * 0.38), 12 + 10 * Math.sin(i * 0.38)],
);
const curve = (n: number) =>
  Array.from({ length: n }, (_, i): [number, number] => [
    2 + (32 * i) / n,
    12 + 8 * Math.sin((40 * i) / n),
  ]);

/** The most features whose file still fits under the loader's limit. */
function largestTable(): [string, string] {
  let n = 140_000;
  let text = serializeDocument(generateTable(n));
  while (Buffer.byteLength(text) < DEFAULT_MAX_BYTES * 0.985) {
    n += 2_000;
    text = serializeDocument(generateTable(n));
  }
  while (Buffer.byteLength(text) > DEFAULT_MAX_BYTES) {
    n -= 1_000;
    text = serializeDocument(generateTable(n));
  }
  return [`table of ${n} features`, text];
}

const cases: [string, string][] = [
  withRoad('village + road of 50 points as spokes', spokes),
  withRoad('village + smooth road of 500 points', curve(500)),
  withRoad('village + smooth road of 2,000 points', curve(2000)),
  ['table of 10,000 features', serializeDocument(generateTable(10_000))],
  largestTable(),
];

console.log(
  `sandtable validate (read + decode + load + layout + forces), one run each; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
);
for (const [name, text] of cases) {
  const file = join(outDir, `layout-${name.replace(/[^a-z0-9]+/gi, '-')}.scenario.json`);
  await writeFile(file, text);
  const before = process.memoryUsage().rss;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const report = await validateFile(file, BUNDLED_CATALOGS);
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
  console.log(
    `${name.padEnd(40)} ${mb(Buffer.byteLength(text)).padStart(6)}  ${ms.toFixed(0).padStart(6)} ms (cpu ${cpuMs.toFixed(0)} ms)  ` +
      `${report.problems.length ? 'refused' : `${report.layout.length} layout problems`}, rss ${mb(before)} -> ${mb(process.memoryUsage().rss)}`,
  );
}
