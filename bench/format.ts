/**
 * `npm run bench:format`: time to load, migrate and validate a generated scenario with 10,000
 * terrain features, and the size of that file. Prints numbers; not a test.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadDocument, serializeDocument } from '../engine/format/index';
import { generateTable } from './generateTable';

const COUNT = Number(process.env.FEATURES ?? 10_000);
const RUNS = 15;

const outDir = join(import.meta.dirname, 'out');
await mkdir(outDir, { recursive: true });
const file = join(outDir, `table-${COUNT}.scenario.json`);

const t0 = performance.now();
const text0 = serializeDocument(generateTable(COUNT));
const saveMs = performance.now() - t0;
await writeFile(file, text0);

const times: number[] = [];
let first = 0;
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  const text = await readFile(file, 'utf8');
  const result = loadDocument(text, { file });
  const ms = performance.now() - start;
  if (!result.ok) throw new Error(`generated file is invalid: ${result.problems[0]?.message}`);
  if (i === 0) first = ms;
  else times.push(ms);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const bytes = Buffer.byteLength(text0);

console.log(`features:                ${COUNT}`);
console.log(`file size:               ${(bytes / 1024).toFixed(0)} KiB (${bytes} bytes)`);
console.log(`serialize (stable keys): ${saveMs.toFixed(1)} ms`);
console.log(`load, first (cold start): ${first.toFixed(1)} ms`);
console.log(
  `load, median of ${times.length}:          ${median.toFixed(1)} ms  (read + parse + migrate + validate + integrity)`,
);
console.log(`load, fastest:                  ${times[0]!.toFixed(1)} ms`);
