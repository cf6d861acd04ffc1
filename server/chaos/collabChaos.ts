/**
 * The collaboration fault suite: real redis-server on a free loopback port, two `sandtable serve`
 * processes sharing it and one database (server A reaches Redis through a TCP proxy that can be
 * cut, a partition), and the app's own clients (CollabSession: store, bridge, Hocuspocus
 * provider) editing one room at once while faults are played:
 *
 *   - kill -9 of server A, restarted on the same port after a while;
 *   - Redis killed for `redisDownMs` and restarted;
 *   - server A parted from Redis for `partitionMs` while B keeps it;
 *   - a client offline for `offlineMs`, editing, then back;
 *   - hostile frames: oversize, garbage, floods of frames from sockets that never join.
 *
 * Every edit adds a tree with a unique id. An edit is acknowledged when its client's status is
 * "connected" after it (every local change acknowledged by the server, so on its disk). At the
 * end every client and a fresh client on each server must hold the same scenario, with every
 * acknowledged edit in it once; the scenario must load with the file loader. Waits are for
 * states (status, health, convergence) with generous deadlines, never fixed sleeps.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { newScenario, ScenarioStore } from '../../engine/document';
import { DEFAULT_RULESET } from '../../engine/rulesets/registry';
import { loadDocument, serializeDocument } from '../../engine/format';
import type { TreeFeature } from '../../engine/format/types';
import { CollabSession } from '../../renderer/src/collab/CollabSession';
import {
  health,
  startRedis,
  startServerProcess,
  startTcpProxy,
  type RedisProcess,
  type ServerProcess,
  type TcpProxy,
} from '../processes';
import { LIMITS } from '../limits';
import { encodeRoomToken, newRoom, type Invitation } from '../protocol';
import { authFrame, rawClient, syncFrame, until } from '../rawClient';

export interface ChaosOptions {
  /** Clients per server. */
  readonly clientsPerServer: number;
  /** How long each fault lasts (edits go on meanwhile). */
  readonly serverDownMs: number;
  readonly redisDownMs: number;
  readonly partitionMs: number;
  readonly offlineMs: number;
  /** Edits are made by each client every this many ms. */
  readonly editEveryMs: number;
  /** Deadline for every wait for a state (convergence, reconnection). */
  readonly waitMs: number;
  readonly log?: (line: string) => void;
}

export interface ChaosReport {
  readonly sent: number;
  readonly acknowledged: number;
  /** Acknowledged edits missing from some client or from a fresh client at the end. */
  readonly lost: number;
  /** Edits never acknowledged (made while offline and still not confirmed) that are missing. */
  readonly lostUnacknowledged: number;
  /** Ids present more than once in some client's scenario. */
  readonly duplicated: number;
  /** Final scenarios (any client's, or a fresh client's) that the file loader refuses. */
  readonly invalidStatesAccepted: number;
  readonly converged: boolean;
  /** Server processes that exited by themselves (a crash), by name. */
  readonly serversExited: string[];
  /** Hostile sockets the servers failed to close, by what they did. */
  readonly hostileNotClosed: string[];
  readonly faults: string[];
}

interface Client {
  readonly name: string;
  readonly store: ScenarioStore;
  readonly session: CollabSession;
  /** Ids of the edits it made, in order. */
  readonly sent: string[];
  /** How many of `sent` are acknowledged. */
  acked: number;
  paused: boolean;
}

const TABLE = { kind: 'table' as const, width: 72, height: 48 };

export function chaosPassed(r: ChaosReport): boolean {
  return (
    r.lost === 0 &&
    r.duplicated === 0 &&
    r.invalidStatesAccepted === 0 &&
    r.converged &&
    r.serversExited.length === 0 &&
    r.hostileNotClosed.length === 0
  );
}

export function formatChaosReport(r: ChaosReport): string {
  return [
    `faults played: ${r.faults.join('; ')}`,
    `edits sent: ${r.sent}`,
    `edits acknowledged: ${r.acknowledged}`,
    `acknowledged edits lost: ${r.lost}`,
    `unacknowledged edits lost: ${r.lostUnacknowledged}`,
    `edits duplicated: ${r.duplicated}`,
    `invalid states accepted: ${r.invalidStatesAccepted}`,
    `all copies converged: ${r.converged ? 'yes' : 'NO'}`,
    `servers that exited by themselves: ${r.serversExited.length ? r.serversExited.join(', ') : 'none'}`,
    `hostile sockets not closed: ${r.hostileNotClosed.length ? r.hostileNotClosed.join(', ') : 'none'}`,
  ].join('\n');
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => undefined);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sandtable-chaos-'));
  const faults: string[] = [];
  const clients: Client[] = [];
  let redis: RedisProcess | undefined;
  let proxy: TcpProxy | undefined;
  const servers: { a?: ServerProcess; b?: ServerProcess } = {};
  const exited: string[] = [];
  const watch = (name: string, p: ServerProcess) => {
    void p.exited.then((how) => {
      if (how.expected) return;
      exited.push(`${name} (${how.code ?? how.signal})`);
      log(`server ${name} exited by itself:\n${p.output().slice(-2000)}`);
    });
  };
  const timers: NodeJS.Timeout[] = [];
  try {
    redis = await startRedis();
    proxy = await startTcpProxy(redis.port);
    const viaProxy = `redis://127.0.0.1:${proxy.port}`;
    servers.a = await startServerProcess({ dataDir, redis: viaProxy, name: 'a' });
    servers.b = await startServerProcess({ dataDir, redis: redis.url, name: 'b' });
    watch('a', servers.a);
    watch('b', servers.b);
    const portA = servers.a.port;
    const room = newRoom();
    const invite = (s: ServerProcess): Invitation => ({ server: s.url, ...room });

    const open = (name: string, server: ServerProcess, create: boolean): Client => {
      const store = create
        ? ScenarioStore.fromScenario(newScenario({ ruleset: DEFAULT_RULESET.id, map: TABLE }))
        : new ScenarioStore();
      const session = new CollabSession({
        store,
        invitation: invite(server),
        create,
        user: { name, colour: '#336699' },
        WebSocket,
      });
      const c: Client = { name, store, session, sent: [], acked: 0, paused: false };
      clients.push(c);
      return c;
    };
    const host = open('a0', servers.a, true);
    await until(
      'the room to be created',
      () => host.session.status().kind === 'connected',
      options.waitMs,
    );
    for (let i = 0; i < options.clientsPerServer; i++) {
      if (i > 0) open(`a${i}`, servers.a, false);
      open(`b${i}`, servers.b, false);
    }
    await until(
      'every client to join',
      () => clients.every((c) => c.session.ready),
      options.waitMs,
    );

    // Every client edits on its own clock; acknowledgement is read from its status.
    let seq = 0;
    const edit = (c: Client) => {
      if (c.paused || !c.session.ready) return;
      const id = `tree-${c.name}-${seq++}`;
      const n = c.sent.length;
      const tree: TreeFeature = {
        id,
        kind: 'tree',
        x: 1 + (n % 70),
        y: 1 + (Math.floor(n / 70) % 46),
        canopyRadius: 0.5,
      };
      c.store.transact((w) => w.putFeature(tree));
      c.sent.push(id);
    };
    const confirm = () => {
      for (const c of clients) if (c.session.status().kind === 'connected') c.acked = c.sent.length;
    };
    clients.forEach((c, i) => {
      const t = setTimeout(
        () => {
          timers.push(setInterval(() => edit(c), options.editEveryMs));
        },
        (options.editEveryMs * i) / clients.length,
      );
      timers.push(t);
    });
    timers.push(setInterval(confirm, 10));
    const during = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const onA = clients.filter((c) => c.name.startsWith('a'));
    const allConnected = (what: string) =>
      until(
        what,
        () => clients.every((c) => c.session.status().kind !== 'offline'),
        options.waitMs,
      );

    // 1. Concurrent edits on both servers.
    await during(options.serverDownMs);
    faults.push('concurrent edits on two servers');

    // 2. kill -9 server A while its clients edit; restart it on the same port.
    await servers.a.kill();
    await until(
      "A's clients to notice",
      () => onA.every((c) => c.session.status().kind === 'offline'),
      options.waitMs,
    );
    await during(options.serverDownMs);
    servers.a = await startServerProcess({ dataDir, redis: viaProxy, name: 'a', port: portA });
    watch('a', servers.a);
    await allConnected("A's clients to reconnect after the restart");
    faults.push(`server A killed (SIGKILL) for ${options.serverDownMs} ms`);

    // 3. Redis down (killed) while everyone edits; restarted on the same port.
    await redis.kill();
    const redisState = async (want: string) => {
      const deadline = Date.now() + options.waitMs;
      for (;;) {
        const states = await Promise.all(
          [servers.a!, servers.b!].map((s) => health(s.port).then((h) => h.redis as string)),
        );
        if (states.every((s) => s === want)) return;
        if (Date.now() > deadline)
          throw new Error(`servers did not report Redis ${want}: ${states.join(', ')}`);
        await during(50);
      }
    };
    await redisState('down');
    await during(options.redisDownMs);
    redis = await startRedis({ port: redis.port });
    await redisState('up');
    faults.push(`Redis down for ${options.redisDownMs} ms`);

    // 4. A partition: A loses Redis, B keeps it.
    proxy.cut();
    await redisStateOf(servers.a, 'down', options.waitMs);
    await during(options.partitionMs);
    proxy.heal();
    await redisStateOf(servers.a, 'up', options.waitMs);
    faults.push(`server A parted from Redis for ${options.partitionMs} ms`);

    // 5. A client offline, editing, then back.
    const offline = clients[clients.length - 1]!;
    offline.session.disconnect();
    const before = offline.sent.length;
    await during(options.offlineMs);
    const madeOffline = offline.sent.length - before;
    offline.session.reconnect();
    faults.push(
      `client ${offline.name} offline for ${options.offlineMs} ms (${madeOffline} edits made offline)`,
    );

    // 6. Hostile frames against both servers.
    const hostileNotClosed = await hostile([servers.a, servers.b], room.room, options.waitMs);
    faults.push('hostile frames: oversize, garbage, floods before joining, a refused join');

    // The end: stop editing, let everything settle.
    timers.forEach((t) => clearInterval(t));
    await allConnected('every client to be back');
    await until(
      'every client to have every edit acknowledged',
      () => clients.every((c) => c.session.status().kind === 'connected'),
      options.waitMs,
    );
    confirm();
    const everyId = clients.flatMap((c) => c.sent);
    const idsOf = (s: ScenarioStore) => s.featureList().map((f) => f.id);
    const converged = async () => {
      try {
        await until(
          'every client to hold every edit',
          () => {
            const first = new Set(idsOf(clients[0]!.store));
            return (
              everyId.every((id) => first.has(id)) &&
              clients.every((c) => idsOf(c.store).length === first.size)
            );
          },
          options.waitMs,
        );
        return true;
      } catch {
        return false;
      }
    };
    let ok = await converged();
    // Fresh clients load the room from each server.
    const fresh = [servers.a, servers.b].map((s, i) => open(`fresh${i}`, s, false));
    await until(
      'fresh clients to load the room',
      () => fresh.every((c) => c.session.ready),
      options.waitMs,
    );
    ok = (await converged()) && ok;
    const texts = new Set(clients.map((c) => serializeDocument(c.store.toScenario())));
    const acked = new Set(clients.flatMap((c) => c.sent.slice(0, c.acked)));
    let lost = 0;
    let lostUnacked = 0;
    let duplicated = 0;
    let invalid = 0;
    for (const c of clients) {
      const ids = idsOf(c.store);
      const have = new Set(ids);
      duplicated += ids.length - have.size;
      for (const id of everyId) {
        if (have.has(id)) continue;
        if (acked.has(id)) lost++;
        else lostUnacked++;
      }
    }
    for (const text of texts) {
      const loaded = loadDocument(text, { expect: ['sandtable.scenario'] });
      if (!loaded.ok) {
        invalid++;
        log(`a final scenario does not load: ${loaded.problems[0]?.message}`);
      }
    }
    return {
      sent: everyId.length,
      acknowledged: acked.size,
      lost,
      lostUnacknowledged: lostUnacked,
      duplicated,
      invalidStatesAccepted: invalid,
      converged: ok && texts.size === 1,
      serversExited: exited,
      hostileNotClosed,
      faults,
    };
  } finally {
    timers.forEach((t) => clearInterval(t));
    for (const c of clients) await c.session.close();
    await servers.a?.stop();
    await servers.b?.stop();
    await proxy?.close();
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function redisStateOf(server: ServerProcess, want: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const h = await health(server.port);
    if (h.redis === want) return;
    if (Date.now() > deadline)
      throw new Error(`server did not report Redis ${want} (${String(h.redis)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Hostile sockets against each server: each must be closed (or its join refused) and the server
 * must keep answering. Returns what was not closed.
 */
async function hostile(servers: ServerProcess[], room: string, waitMs: number): Promise<string[]> {
  const notClosed: string[] = [];
  for (const s of servers) {
    const tries: [string, () => Promise<unknown>][] = [
      [
        'oversize frame before joining',
        async () => {
          const c = rawClient(s.url);
          await c.opened;
          c.send(new Uint8Array(LIMITS.maxFrameBytesBeforeAuth * 4));
          return c.closed;
        },
      ],
      [
        'garbage before joining',
        async () => {
          const c = rawClient(s.url);
          await c.opened;
          for (let i = 0; i <= LIMITS.maxFramesBeforeAuth; i++)
            c.send(Uint8Array.from({ length: 200 }, (_, j) => (i * 31 + j * 7) & 255));
          return c.closed;
        },
      ],
      [
        'updates for the room without joining',
        async () => {
          const c = rawClient(s.url);
          await c.opened;
          for (let i = 0; i <= LIMITS.maxFramesBeforeAuth; i++)
            c.send(syncFrame(room, 2, new Uint8Array(16 * 1024)));
          return c.closed;
        },
      ],
      [
        'a refused join, then updates',
        async () => {
          const c = rawClient(s.url);
          await c.opened;
          c.send(authFrame(room, encodeRoomToken({ secret: newRoom().secret })));
          await until('the refusal', () => typeof c.auth() === 'string', waitMs);
          for (let i = 0; i < 50; i++) c.send(syncFrame(room, 2, new Uint8Array(1024)));
          return c.closed;
        },
      ],
    ];
    const results = await Promise.all(
      tries.map(async ([what, run]) => {
        const closed = await Promise.race([
          run().then(() => true),
          new Promise<boolean>((r) => setTimeout(() => r(false), LIMITS.authTimeoutMs + waitMs)),
        ]);
        return closed ? undefined : `${what} (server ${s.port})`;
      }),
    );
    notClosed.push(...results.filter((r): r is string => r !== undefined));
    // The server still answers.
    await health(s.port);
  }
  return notClosed;
}
