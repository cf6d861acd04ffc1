/**
 * Load script for live co-editing (npm run bench:collab): N clients edit one room on loopback for
 * a while; prints the propagation delay from one client's edit to every other client seeing it
 * (median and p95), with one server and with two servers behind Redis, and the servers' memory.
 *
 *   npm run bench:collab -- [--clients 20] [--duration 60] [--warmup 5] [--interval 1000]
 *                           [--mode one|redis|both]
 *
 * The first `warmup` seconds of edits are sent but not measured (connections and JIT settle).
 *
 * The servers are real `sandtable serve` processes and Redis is Debian's redis-server, all on
 * 127.0.0.1 ports picked free; the clients are the app's own CollabSession (store, schema-checked
 * bridge, Hocuspocus provider) in this process, so their clocks agree. Each edit writes one tree
 * tagged with its sender and sequence number; a client "sees" it when the tree arrives in its
 * store through the bridge.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { DEFAULT_PRESET, newScenario, ScenarioStore } from '../engine/document';
import type { TreeFeature } from '../engine/format/types';
import { CollabSession } from '../renderer/src/collab/CollabSession';
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
    warmup: { type: 'string', default: '5' },
    mode: { type: 'string', default: 'both' },
  },
});
const CLIENTS = Number(values.clients);
const DURATION_S = Number(values.duration);
const INTERVAL_MS = Number(values.interval);
const WARMUP_S = Number(values.warmup);
/** Each client cycles through this many trees of its own: the room stays a realistic size. */
const TREES_PER_CLIENT = 10;

if (!(CLIENTS >= 2) || !(DURATION_S > 0) || !(INTERVAL_MS > 0) || !(WARMUP_S >= 0)) {
  console.error(
    'usage: bench:collab [--clients N>=2] [--duration seconds] [--warmup seconds] [--interval ms] [--mode one|redis|both]',
  );
  process.exit(2);
}

interface Client {
  readonly index: number;
  readonly store: ScenarioStore;
  readonly session: CollabSession;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, ok: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await wait(20);
  }
}

function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

async function health(server: ServerProcess): Promise<CollabServerStats> {
  const res = await fetch(`http://127.0.0.1:${server.port}/health`);
  return (await res.json()) as CollabServerStats;
}

async function run(label: string, servers: readonly ServerProcess[]) {
  const room = newRoom();
  const clients: Client[] = [];
  // sent[sender][seq] = time; seen[sender][seq] = number of other clients that have it, and when
  // the last one did.
  const sentAt = new Map<string, number>();
  const seenBy = new Map<string, { count: number; last: number }>();
  const open = (index: number, create: boolean) => {
    const store = create
      ? ScenarioStore.fromScenario(
          newScenario({
            ruleset: DEFAULT_PRESET.ruleset,
            map: { kind: 'table', width: 72, height: 48 },
          }),
        )
      : new ScenarioStore();
    const server = servers[index % servers.length]!;
    const session = new CollabSession({
      store,
      invitation: { server: server.url, ...room },
      create,
      user: { name: `client ${index}`, colour: '#888888' },
      WebSocket,
    });
    // A tree's name is "<sender>:<seq>"; its arrival here is this client seeing that edit.
    store.ydoc.getMap('features').observe((event) => {
      if (event.transaction.origin !== 'remote') return;
      const now = performance.now();
      for (const key of event.keysChanged) {
        const tag = (store.ydoc.getMap('features').get(key) as { name?: string } | undefined)?.name;
        if (!tag || tag.startsWith(`${index}:`)) continue;
        const s = seenBy.get(tag);
        if (s) {
          s.count++;
          s.last = now;
        } else seenBy.set(tag, { count: 1, last: now });
      }
    });
    clients.push({ index, store, session });
  };
  open(0, true);
  await until('the room to be created', () => clients[0]!.session.status().kind === 'connected');
  for (let i = 1; i < CLIENTS; i++) open(i, false);
  await until('every client to join', () =>
    clients.every((c) => c.session.ready && c.session.status().kind === 'connected'),
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
  const counters = clients.map(() => 0);
  const timers: ReturnType<typeof setInterval>[] = [];
  const start = performance.now();
  const measureFrom = start + WARMUP_S * 1000;
  for (const c of clients) {
    const offset = (INTERVAL_MS * c.index) / CLIENTS;
    timers.push(
      setTimeout(() => {
        const edit = () => {
          const seq = counters[c.index]!++;
          const tag = `${c.index}:${seq}`;
          const tree: TreeFeature = {
            id: `b${c.index}-${seq % TREES_PER_CLIENT}`,
            kind: 'tree',
            name: tag,
            x: 1 + (seq % 70),
            y: 1 + (c.index % 46),
            canopyRadius: 1,
          };
          const now = performance.now();
          if (now >= measureFrom) sentAt.set(tag, now);
          c.store.transact((w) => w.putFeature(tree));
        };
        edit();
        timers.push(setInterval(edit, INTERVAL_MS));
      }, offset) as unknown as ReturnType<typeof setInterval>,
    );
  }
  await wait((WARMUP_S + DURATION_S) * 1000);
  timers.forEach((t) => clearInterval(t));
  const elapsed = (performance.now() - measureFrom) / 1000;
  // Let the last edits arrive everywhere (or time out and count them as not delivered).
  const everyone = CLIENTS - 1;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && [...sentAt.keys()].some((t) => seenBy.get(t)?.count !== everyone))
    await wait(50);
  clearInterval(sampler);
  await sample();
  sampling = false;

  const delays: number[] = [];
  let incomplete = 0;
  for (const [tag, t0] of sentAt) {
    const s = seenBy.get(tag);
    // A tree overwritten by the sender's next edit before it arrived counts as seen by the rest.
    if (!s || s.count < everyone) incomplete++;
    else delays.push(s.last - t0);
  }
  delays.sort((a, b) => a - b);
  const texts = new Set(
    clients.map((c) => JSON.stringify(c.store.featureList().map((f) => [f.id, f.name]))),
  );
  for (const c of clients) await c.session.close();
  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  const lines = [
    `${label}:`,
    `  ${sentAt.size} edits in ${elapsed.toFixed(0)} s by ${CLIENTS} clients (${(sentAt.size / elapsed).toFixed(1)} edits/s), each seen by ${everyone} others`,
    `  propagation to all others: median ${quantile(delays, 0.5).toFixed(1)} ms, p95 ${quantile(delays, 0.95).toFixed(1)} ms, max ${quantile(delays, 1).toFixed(1)} ms`,
    `  edits not seen by every other client within 15 s of the end: ${incomplete}`,
    `  all clients ended with the same trees: ${texts.size === 1 ? 'yes' : `no (${texts.size} versions)`}`,
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
    `bench:collab: ${CLIENTS} clients, one edit each every ${INTERVAL_MS} ms, ${DURATION_S} s measured per run after ${WARMUP_S} s of warm-up, loopback`,
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
