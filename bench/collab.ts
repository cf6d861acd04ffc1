/**
 * Load script for live co-editing (npm run bench:collab): N clients edit one room on loopback for
 * a while; prints the propagation delay from one client's edit to every other client seeing it
 * (median and p95), with one server and with two servers behind Redis, and the servers' memory.
 *
 *   npm run bench:collab -- [--clients 20] [--duration 60] [--warmup 60] [--interval 1000]
 *                           [--mode one|redis|both] [--threads 2]
 *
 * The first `warmup` seconds of edits are sent but not measured: the connections settle and V8
 * compiles the per-edit code. A club's server and the people's apps run for an evening, so the
 * default (60 s) measures them warm; with 5 s V8 was still compiling through the measured time
 * (281 optimizing compilations in 30 s, about half the clients' CPU an edit), and `--warmup 5`
 * shows what the first half minute after a server starts costs (docs/benchmarks.md).
 * A room of 100 people: `--clients 100`; as each client edits once every `interval`, that is 100
 * edits a second in the room, and `--interval 5000` keeps the 20 a second of the default run.
 *
 * The servers are real `sandtable serve` processes and Redis is Debian's redis-server, all on
 * 127.0.0.1 ports picked free; the clients are the app's own CollabSession (store, schema-checked
 * bridge, Hocuspocus provider) on `--threads` worker threads (bench/collabClients.ts), as each
 * person's computer does its own work on an edit; with one thread the last of 19 receivers waits
 * for the 18 before it, which measured this process rather than the server. Times come from
 * process.hrtime, one monotonic clock for every thread. Each edit writes one tree tagged with its
 * sender and sequence number; a client "sees" it when the tree arrives in its store through the
 * bridge.
 *
 * Delays are given to all others (the last of the 19 to see an edit: the issue's measure), to
 * each other client (every edit and receiver: what one person waits) and to the first other. With
 * 19 receivers on two threads, the last one on a thread also waits for the receivers before it,
 * which each person's own computer would not.
 *
 * Beside the delays it prints the CPU time each edit costs the server process (from
 * /proc/<pid>/stat) and this process's client threads (all 20 clients' work: sending it and the
 * others taking it in), over the measured seconds: on a shared, loaded machine the delays move
 * with the load, these much less. The part of it the kernel did (system time: the loopback
 * sockets' sends and receives) is given in parentheses.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { buildSync } from 'esbuild';
import type { FromClients, ToClients } from './collabClients';
import {
  redisServerPath,
  startRedis,
  startServerProcess,
  type RedisProcess,
  type ServerProcess,
} from '../server/processes';
import { newRoom } from '../server/protocol';
import type { CollabServerStats } from '../server/collabServer';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    duration: { type: 'string', default: '60' },
    interval: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '60' },
    mode: { type: 'string', default: 'both' },
    threads: { type: 'string', default: '2' },
  },
});
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const THREADS = Math.max(1, Number(values.threads) || 1);
const CLIENTS = Number(values.clients);
const DURATION_S = Number(values.duration);
const INTERVAL_MS = Number(values.interval);
const WARMUP_S = Number(values.warmup);
if (!(CLIENTS >= 2) || !(DURATION_S > 0) || !(INTERVAL_MS > 0) || !(WARMUP_S >= 0)) {
  console.error(
    'usage: bench:collab [--clients N>=2] [--duration seconds] [--warmup seconds] [--interval ms] [--mode one|redis|both]',
  );
  process.exit(2);
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => Number(process.hrtime.bigint()) / 1e6;

function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

/** CPU time a process has used (ms): in its own code (user) and in the kernel for it (system). */
interface Cpu {
  readonly user: number;
  readonly system: number;
}

/** A process's CPU time, from /proc; undefined where there is none. */
function processCpu(pid: number): Cpu | undefined {
  try {
    // Fields after the command name (which is in parentheses): utime and stime are 14 and 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: (Number(fields[11]) * 1000) / 100, system: (Number(fields[12]) * 1000) / 100 };
  } catch {
    return undefined;
  }
}

const ownCpu = (): Cpu => {
  const c = process.cpuUsage();
  return { user: c.user / 1000, system: c.system / 1000 };
};

async function health(server: ServerProcess): Promise<CollabServerStats> {
  const res = await fetch(`http://127.0.0.1:${server.port}/health`);
  return (await res.json()) as CollabServerStats;
}

/**
 * The client threads' code (bench/collabClients.ts and what it imports of the app) as one module,
 * bundled once; packages stay imports, resolved from node_modules beside the bundle.
 */
let clientCode: string | undefined;
function clientThreadFile(): string {
  if (clientCode) return clientCode;
  const dir = path.join(root, 'node_modules', '.cache', 'sandtable-bench');
  mkdirSync(dir, { recursive: true });
  clientCode = path.join(dir, 'collabClients.mjs');
  buildSync({
    entryPoints: [path.join(root, 'bench', 'collabClients.ts')],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: clientCode,
    logLevel: 'silent',
  });
  return clientCode;
}

class ClientThread {
  readonly worker = new Worker(clientThreadFile());
  private waiting: ((m: FromClients) => void)[] = [];
  constructor() {
    this.worker.on('message', (m: FromClients) => this.waiting.shift()?.(m));
    this.worker.on('error', (e) => {
      console.error(`a client thread failed: ${e.message}`);
      process.exit(1);
    });
  }
  ask(m: ToClients): Promise<FromClients> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.worker.postMessage(m);
    });
  }
  tell(m: ToClients): void {
    this.worker.postMessage(m);
  }
}

async function run(label: string, servers: readonly ServerProcess[]) {
  const room = newRoom();
  const threads = Array.from({ length: Math.min(THREADS, CLIENTS) }, () => new ClientThread());
  const serverOf = (i: number) => servers[i % servers.length]!.url;
  // The first client shares the scenario into the room; then the others join, spread over threads.
  await threads[0]!.ask({
    type: 'open',
    room,
    clients: [{ index: 0, server: serverOf(0), create: true }],
  });
  await Promise.all(
    threads.map((t, ti) => {
      const clients = [];
      for (let i = 1; i < CLIENTS; i++)
        if (i % threads.length === ti)
          clients.push({ index: i, server: serverOf(i), create: false });
      return t.ask({ type: 'open', room, clients });
    }),
  );

  const memory: CollabServerStats[][] = servers.map(() => []);
  let sampling = true;
  const sample = async () => {
    const all = await Promise.all(servers.map(health));
    if (sampling) all.forEach((h, i) => memory[i]!.push(h));
  };
  await sample();
  const sampler = setInterval(() => void sample().catch(() => undefined), 5000);

  // Every client edits every INTERVAL_MS, the clients spread evenly over the interval.
  const startAt = now() + 200;
  const measureFrom = startAt + WARMUP_S * 1000;
  const stopAt = measureFrom + DURATION_S * 1000;
  for (const t of threads)
    t.tell({ type: 'start', startAt, measureFrom, stopAt, interval: INTERVAL_MS, total: CLIENTS });
  // CPU over the measured seconds: the servers' processes and this one (the client threads).
  await wait(measureFrom - now());
  const cpuFrom = { servers: servers.map((s) => processCpu(s.pid)), clients: ownCpu() };
  await wait(stopAt - now());
  const cpuTo = { servers: servers.map((s) => processCpu(s.pid)), clients: ownCpu() };
  await wait(50);
  const elapsed = DURATION_S;
  // Let the last edits arrive everywhere (or time out and count them as not delivered).
  const everyone = CLIENTS - 1;
  const deadline = Date.now() + 15_000;
  let sentAt: Map<string, number>;
  let seenBy: Map<string, { count: number; first: number; last: number }>;
  let trees: string[];
  let seenAt: Map<string, number[]>;
  for (;;) {
    const reports = (await Promise.all(threads.map((t) => t.ask({ type: 'report' })))).filter(
      (r): r is Extract<FromClients, { type: 'report' }> => r.type === 'report',
    );
    sentAt = new Map(reports.flatMap((r) => r.sent));
    seenBy = new Map();
    for (const r of reports)
      for (const [tag, count, first, last] of r.seen) {
        const s = seenBy.get(tag);
        if (s) {
          s.count += count;
          s.first = Math.min(s.first, first);
          s.last = Math.max(s.last, last);
        } else seenBy.set(tag, { count, first, last });
      }
    trees = reports.flatMap((r) => r.trees);
    seenAt = new Map();
    for (const r of reports)
      for (const [tag, times] of r.times) seenAt.set(tag, [...(seenAt.get(tag) ?? []), ...times]);
    const done = [...sentAt.keys()].every((t) => seenBy.get(t)?.count === everyone);
    if (done || Date.now() > deadline) break;
    await wait(200);
  }
  clearInterval(sampler);
  await sample();
  sampling = false;

  const delays: number[] = [];
  const firstDelays: number[] = [];
  /** Each other client's own delay for each edit: what one person waits. */
  const eachDelays: number[] = [];
  let incomplete = 0;
  for (const [tag, t0] of sentAt) {
    const s = seenBy.get(tag);
    // A tree overwritten by the sender's next edit before it arrived counts as seen by the rest.
    if (!s || s.count < everyone) incomplete++;
    else {
      delays.push(s.last - t0);
      firstDelays.push(s.first - t0);
      for (const t of seenAt.get(tag) ?? []) eachDelays.push(t - t0);
    }
  }
  delays.sort((a, b) => a - b);
  firstDelays.sort((a, b) => a - b);
  eachDelays.sort((a, b) => a - b);
  // Total, then how much of it the kernel did (the sockets' sends and receives on loopback).
  const perEdit = (from: Cpu | undefined, to: Cpu | undefined) => {
    if (from === undefined || to === undefined) return 'unknown';
    const ms = (x: number) => (x / sentAt.size).toFixed(2);
    const system = to.system - from.system;
    return `${ms(to.user - from.user + system)} ms (system ${ms(system)})`;
  };
  const texts = new Set(trees);
  await Promise.all(
    threads.map(
      (t) =>
        new Promise<void>((resolve) => {
          t.worker.once('exit', () => resolve());
          t.tell({ type: 'close' });
        }),
    ),
  );
  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  const lines = [
    `${label}:`,
    `  ${sentAt.size} edits in ${elapsed.toFixed(0)} s by ${CLIENTS} clients on ${threads.length} thread(s) (${(sentAt.size / elapsed).toFixed(1)} edits/s), each seen by ${everyone} others`,
    `  propagation to all others: median ${quantile(delays, 0.5).toFixed(1)} ms, p95 ${quantile(delays, 0.95).toFixed(1)} ms, max ${quantile(delays, 1).toFixed(1)} ms`,
    `  propagation to each other client (every edit and receiver): median ${quantile(eachDelays, 0.5).toFixed(1)} ms, p95 ${quantile(eachDelays, 0.95).toFixed(1)} ms`,
    `  propagation to the first other: median ${quantile(firstDelays, 0.5).toFixed(1)} ms, p95 ${quantile(firstDelays, 0.95).toFixed(1)} ms`,
    `  CPU per edit: ${servers.map((_s, i) => `server ${i + 1} ${perEdit(cpuFrom.servers[i], cpuTo.servers[i])}`).join(', ')}; the ${CLIENTS} clients together ${perEdit(cpuFrom.clients, cpuTo.clients)}`,
    `  edits not seen by every other client within 15 s of the end: ${incomplete}`,
    `  all clients ended with the same trees: ${texts.size === 1 ? 'yes' : `no (${texts.size} versions)`}`,
    `  load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    ...servers.map((_s, i) => {
      const m = memory[i]!;
      const peak = Math.max(...m.map((x) => x.rssBytes));
      return `  server ${i + 1} memory: RSS ${mb(m[0]!.rssBytes)} MB at start, peak ${mb(peak)} MB, ${mb(m.at(-1)!.rssBytes)} MB at the end (heap ${mb(m.at(-1)!.heapUsedBytes)} MB)`;
    }),
  ];
  console.log(lines.join('\n'));
}

async function main() {
  const dirs: string[] = [];
  const dataDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'sandtable-bench-collab-'));
    dirs.push(d);
    return d;
  };
  console.log(
    `bench:collab: ${CLIENTS} clients on ${Math.min(THREADS, CLIENTS)} thread(s), one edit each every ${INTERVAL_MS} ms, ${DURATION_S} s measured per run after ${WARMUP_S} s of warm-up, loopback; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the start`,
  );
  const running: (ServerProcess | RedisProcess)[] = [];
  try {
    if (values.mode === 'one' || values.mode === 'both') {
      const one = await startServerProcess({ dataDir: dataDir() });
      running.push(one);
      await run('One server', [one]);
      await one.stop();
      running.pop();
    }
    if (values.mode === 'redis' || values.mode === 'both') {
      if (!redisServerPath()) {
        console.log('Two servers behind Redis: skipped, redis-server is not installed');
      } else {
        const redis = await startRedis();
        running.push(redis);
        const shared = dataDir();
        const a = await startServerProcess({ dataDir: shared, redis: redis.url, name: 'a' });
        running.push(a);
        const b = await startServerProcess({ dataDir: shared, redis: redis.url, name: 'b' });
        running.push(b);
        await run('Two servers behind Redis (clients alternate between them)', [a, b]);
      }
    }
  } catch (error) {
    // A server that died says why in its output.
    for (const p of running) if ('output' in p) console.error(p.output().slice(-3000));
    throw error;
  } finally {
    for (const p of running.reverse()) await p.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

await main();
