/**
 * The clients of bench/collab.ts, on a worker thread: each thread runs some of the app's clients
 * (CollabSession: store, bridge, Hocuspocus provider), as each person's computer would, so one
 * client's work on an edit does not delay another's. Times are process.hrtime, the same
 * monotonic clock in every thread.
 */
import { parentPort } from 'node:worker_threads';
import WebSocket from 'ws';
import { newScenario, ScenarioStore } from '../engine/document';
import { DEFAULT_RULESET } from '../engine/rulesets/registry';
import type { TreeFeature } from '../engine/format/types';
import { CollabSession } from '../renderer/src/collab/CollabSession';

export type ToClients =
  | {
      type: 'open';
      clients: { index: number; server: string; create: boolean }[];
      room: { room: string; secret: string };
    }
  | {
      type: 'start';
      startAt: number;
      measureFrom: number;
      stopAt: number;
      interval: number;
      total: number;
    }
  | { type: 'report' }
  | { type: 'close' };

export type FromClients =
  | { type: 'ready' }
  | {
      type: 'report';
      sent: [string, number][];
      /** Per edit: how many others saw it, when the first and the last did. */
      seen: [string, number, number, number][];
      /** Per edit: when each other client on this thread saw it. */
      times: [string, number[]][];
      trees: string[];
    };

/** Each client cycles through this many trees of its own: the room stays a realistic size. */
const TREES_PER_CLIENT = 10;
const now = () => Number(process.hrtime.bigint()) / 1e6;

interface Client {
  readonly index: number;
  readonly store: ScenarioStore;
  readonly session: CollabSession;
}

const port = parentPort!;
const clients: Client[] = [];
const sentAt = new Map<string, number>();
const seenBy = new Map<string, { count: number; first: number; last: number; times: number[] }>();
const timers: NodeJS.Timeout[] = [];

function open(
  index: number,
  server: string,
  create: boolean,
  room: { room: string; secret: string },
) {
  const store = create
    ? ScenarioStore.fromScenario(
        newScenario({
          ruleset: DEFAULT_RULESET.id,
          map: { kind: 'table', width: 72, height: 48 },
        }),
      )
    : new ScenarioStore();
  const session = new CollabSession({
    store,
    invitation: { server, ...room },
    create,
    user: { name: `client ${index}`, colour: '#888888' },
    WebSocket,
  });
  // A tree's name is "<sender>:<seq>"; its arrival here is this client seeing that edit.
  store.ydoc.getMap('features').observe((event) => {
    if (event.transaction.origin !== 'remote') return;
    const t = now();
    for (const key of event.keysChanged) {
      const tag = (store.ydoc.getMap('features').get(key) as { name?: string } | undefined)?.name;
      if (!tag || tag.startsWith(`${index}:`)) continue;
      const s = seenBy.get(tag);
      if (s) {
        s.count++;
        s.last = t;
        s.times.push(t);
      } else seenBy.set(tag, { count: 1, first: t, last: t, times: [t] });
    }
  });
  clients.push({ index, store, session });
}

async function whenReady() {
  while (!clients.every((c) => c.session.ready && c.session.status().kind === 'connected'))
    await new Promise((r) => setTimeout(r, 20));
  port.postMessage({ type: 'ready' } satisfies FromClients);
}

port.on('message', (m: ToClients) => {
  if (m.type === 'open') {
    for (const c of m.clients) open(c.index, c.server, c.create, m.room);
    void whenReady();
  } else if (m.type === 'start') {
    const counters = new Map<number, number>();
    for (const c of clients) {
      const offset = (m.interval * c.index) / m.total;
      const edit = () => {
        const t = now();
        if (t >= m.stopAt) return;
        const seq = counters.get(c.index) ?? 0;
        counters.set(c.index, seq + 1);
        const tag = `${c.index}:${seq}`;
        const tree: TreeFeature = {
          id: `b${c.index}-${seq % TREES_PER_CLIENT}`,
          kind: 'tree',
          name: tag,
          x: 1 + (seq % 70),
          y: 1 + (c.index % 46),
          canopyRadius: 1,
        };
        if (t >= m.measureFrom) sentAt.set(tag, t);
        c.store.transact((w) => w.putFeature(tree));
      };
      const first = Math.max(0, m.startAt + offset - now());
      timers.push(
        setTimeout(() => {
          edit();
          timers.push(setInterval(edit, m.interval));
        }, first),
      );
    }
  } else if (m.type === 'report') {
    port.postMessage({
      type: 'report',
      sent: [...sentAt],
      seen: [...seenBy].map(([tag, s]) => [tag, s.count, s.first, s.last]),
      times: [...seenBy].map(([tag, s]) => [tag, s.times]),
      trees: clients.map((c) => JSON.stringify(c.store.featureList().map((f) => [f.id, f.name]))),
    } satisfies FromClients);
  } else if (m.type === 'close') {
    timers.forEach((t) => clearInterval(t));
    void Promise.all(clients.map((c) => c.session.close())).then(() => process.exit(0));
  }
});
