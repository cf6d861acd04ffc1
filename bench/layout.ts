/**
 * `npm run bench:layout`: `sandtable validate` (read, decode, load, layout and force checks) on
 * the files that used to take minutes or run out of memory: roads drawn as 50 spokes through
 * one point and as smooth curves of 500 and 2,000 points over the village, the village creek
 * traced with 500, 1,000 and 10,000 points on its own legs, a wiggly road of 10,000 points, the
 * village highway traced with 5,000 points, a 10,000-feature table, and the largest generated
 * table the loader accepts (just under 32 MB). Each file is validated in a fresh process, so its
 * peak memory (max RSS) is its own; prints the time and memory of each; not a test.
 *
 * `npm run bench:layout -- <text>` runs only the cases whose name contains the text;
 * `--timeout <s>` (default 120) stops a case that runs longer.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { validateFile } from '../cli/validate';
import {
  DEFAULT_MAX_BYTES,
  serializeDocument,
  type Point,
  type ScenarioDoc,
} from '../engine/format/index';
import { retrace } from '../engine/layout/denseFixtures';
import { generateTable } from './generateTable';
import { BUNDLED_RULESETS } from '../engine/rulesets/registry';

const outDir = join(import.meta.dirname, 'out');
const fileOf = (name: string) =>
  join(outDir, `layout-${name.replace(/[^a-z0-9]+/gi, '-')}.scenario.json`);

/** In a child: validate one file and report time, CPU and peak memory as one line of JSON. */
async function measure(file: string): Promise<void> {
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const report = await validateFile(file, BUNDLED_RULESETS);
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  const layout = report.layout.map((p) => `${p.severity} ${p.check}: ${p.message}`);
  process.stdout.write(
    `${JSON.stringify({
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      peakMb: process.resourceUsage().maxRSS / 1024,
      refused: report.problems.length > 0,
      layout,
    })}\n`,
  );
}

async function cases(): Promise<[string, () => string][]> {
  const village = JSON.parse(
    await readFile(
      join(import.meta.dirname, '..', 'scenarios', 'tankplank-village.scenario.json'),
      'utf8',
    ),
  ) as ScenarioDoc;
  const withRoad = (points: Point[]) => () => {
    const doc = structuredClone(village);
    if (doc.map.kind === 'table')
      doc.map.features.push({ id: 'bench-road', kind: 'road', points, width: 2 });
    return serializeDocument(doc);
  };
  /** The village with feature `id` traced with about `n` points on its own legs. */
  const retraced = (id: string, n: number) => () => {
    const doc = structuredClone(village);
    const f = doc.map.kind === 'table' ? doc.map.features.find((x) => x.id === id) : undefined;
    if (!f || !('points' in f)) throw new Error(`the village has no feature ${id} with points`);
    // Off the legs by up to a billionth of an inch, as a tracing tool's rounding would leave it.
    f.points = retrace(f.points, n, 1e-9, 5);
    return serializeDocument(doc);
  };
  const spokes = Array.from({ length: 50 }, (_, i): Point =>
    i % 2 === 0 ? [18, 12] : [18 + 10 * Math.cos(i * 0.38), 12 + 10 * Math.sin(i * 0.38)],
  );
  const curve = (n: number) =>
    Array.from({ length: n }, (_, i): Point => [2 + (32 * i) / n, 12 + 8 * Math.sin((40 * i) / n)]);
  /** A road that wiggles: the smooth curve with a tenth of an inch of seeded noise per point. */
  const wiggly = (n: number) => {
    let seed = 99;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
    return curve(n).map(([x, y]): Point => [x + 0.1 * rnd(), y + 0.1 * rnd()]);
  };
  /** The most features whose file still fits under the loader's limit. */
  const largestTable = () => {
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
    return text;
  };
  return [
    ['village + road of 50 points as spokes', withRoad(spokes)],
    ['village + smooth road of 500 points', withRoad(curve(500))],
    ['village + smooth road of 2,000 points', withRoad(curve(2000))],
    ['village creek traced with 500 points', retraced('creek', 500)],
    ['village creek traced with 1,000 points', retraced('creek', 1000)],
    ['village creek traced with 10,000 points', retraced('creek', 9_990)],
    ['village + wiggly road of 10,000 points', withRoad(wiggly(10_000))],
    ['village highway traced with 5,000 points', retraced('road-3', 5000)],
    ['table of 10,000 features', () => serializeDocument(generateTable(10_000))],
    ['largest table the loader accepts', largestTable],
  ];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--measure') return measure(args[1]!);
  const t = args.indexOf('--timeout');
  const timeoutS = t >= 0 ? Number(args[t + 1]) : 120;
  const filter = args.filter((a, i) => !a.startsWith('--') && (t < 0 || i !== t + 1));
  await mkdir(outDir, { recursive: true });
  console.log(
    `sandtable validate (read + decode + load + layout + forces), one run each in a fresh process; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );
  for (const [name, make] of await cases()) {
    if (filter.length > 0 && !filter.some((f) => name.includes(f))) continue;
    const text = make();
    const file = fileOf(name);
    await writeFile(file, text);
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, import.meta.filename, '--measure', file],
      { encoding: 'utf8', timeout: timeoutS * 1000, maxBuffer: 64 * 1024 * 1024 },
    );
    const size = `${(Buffer.byteLength(text) / 1048576).toFixed(1)} MB`.padStart(7);
    const line = child.stdout.trim().split('\n').pop() ?? '';
    if (child.error || child.status !== 0 || !line.startsWith('{')) {
      const why = child.error?.message.includes('ETIMEDOUT')
        ? `stopped after ${timeoutS} s`
        : `failed: ${child.error?.message ?? child.stderr.trim().split('\n').pop()}`;
      console.log(`${name.padEnd(42)} ${size}  ${why}`);
      continue;
    }
    const r = JSON.parse(line) as {
      ms: number;
      cpuMs: number;
      peakMb: number;
      refused: boolean;
      layout: string[];
    };
    const errors = r.layout.filter((p) => p.startsWith('error')).length;
    console.log(
      `${name.padEnd(42)} ${size}  ${r.ms.toFixed(0).padStart(6)} ms (cpu ${r.cpuMs.toFixed(0)} ms)  peak ${r.peakMb.toFixed(0)} MB  ` +
        (r.refused
          ? 'refused'
          : `${r.layout.length} layout problems${errors ? ` (${errors} errors)` : ''}`),
    );
  }
}

await main();
