import path from 'node:path';
import { Server, type Extension } from '@hocuspocus/server';
import { Redis } from '@hocuspocus/extension-redis';
import * as Y from 'yjs';
import { decodeRoomToken, REFUSALS, ROOM_PATTERN } from './protocol';
import { RoomStore } from './roomStore';

/** The origin the Redis extension gives updates relayed from another server process. */
const REDIS_ORIGIN = '__hocuspocus__redis__origin__';

export interface CollabServerOptions {
  /** TCP port; 0 picks a free one. */
  readonly port: number;
  /** Interface to listen on: `0.0.0.0` for the local network, `127.0.0.1` for this machine. */
  readonly host: string;
  /** Folder of the rooms database (`rooms.sqlite`). Several servers behind Redis share one. */
  readonly dataDir: string;
  /** `redis://[user:password@]host:port[/db]`: relay rooms between server processes. */
  readonly redis?: string;
  /** A name for this process in logs and in Redis (default: host:port and the process id). */
  readonly name?: string;
  /** Where log lines go (default: nowhere). */
  readonly log?: (line: string) => void;
}

export interface CollabServerStats {
  readonly name: string;
  /** Rooms loaded in this process now. */
  readonly openRooms: number;
  /** Rooms in the database. */
  readonly storedRooms: number;
  readonly connections: number;
  readonly rssBytes: number;
  readonly heapUsedBytes: number;
}

export interface CollabServer {
  readonly port: number;
  /** `ws://host:port` as clients on this machine reach it. */
  readonly url: string;
  stats(): CollabServerStats;
  /** Stores every open room and stops listening. */
  close(): Promise<void>;
}

/** Options for the Redis extension from a `redis://` URL, or a sentence saying what is wrong. */
export function redisOptions(
  url: string,
):
  | { host: string; port: number; options: { username?: string; password?: string; db?: number } }
  | { problem: string } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { problem: `--redis "${url}" is not a URL; give redis://host:port` };
  }
  if (u.protocol !== 'redis:')
    return { problem: `--redis must start with redis://, not ${u.protocol}//` };
  const db = u.pathname.replace(/^\//, '');
  if (db && !/^\d+$/.test(db))
    return { problem: `--redis database "${db}" must be a number (redis://host:port/0)` };
  return {
    host: u.hostname || '127.0.0.1',
    port: Number(u.port || 6379),
    options: {
      ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
      ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
      ...(db ? { db: Number(db) } : {}),
    },
  };
}

/** An error the server sends to a refused client as the reason. */
function refusal(reason: string): Error & { reason: string } {
  return Object.assign(new Error(reason), { reason });
}

/**
 * Starts a Hocuspocus server for Sandtable rooms: each room protected by its secret, persisted
 * in SQLite update by update before it is acknowledged, and (with `redis`) relayed to the other
 * server processes sharing the same Redis and database.
 */
export async function startCollabServer(options: CollabServerOptions): Promise<CollabServer> {
  const log = options.log ?? (() => undefined);
  const store = new RoomStore(path.join(options.dataDir, 'rooms.sqlite'));
  const name = options.name ?? `sandtable-${process.pid}`;
  // Called only once the server below exists (health requests, the caller).
  const stats = (): CollabServerStats => {
    const memory = process.memoryUsage();
    return {
      name,
      openRooms: server.hocuspocus.getDocumentsCount(),
      storedRooms: store.roomCount(),
      connections: server.hocuspocus.getConnectionsCount(),
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
    };
  };

  const rooms: Extension = {
    async onAuthenticate({ documentName, token }) {
      if (!ROOM_PATTERN.test(documentName)) throw refusal(REFUSALS.badRoom);
      const t = decodeRoomToken(token);
      if (!t) throw refusal(REFUSALS.badToken);
      const verdict = store.admit(documentName, t.secret, t.create === true);
      if (verdict === 'wrong-secret') {
        log(`refused a client of room ${documentName}: wrong secret`);
        throw refusal(REFUSALS.wrongSecret);
      }
      if (verdict === 'no-room') throw refusal(REFUSALS.noRoom);
      return { room: documentName };
    },
    async onLoadDocument({ documentName, document }) {
      const state = store.load(documentName);
      if (state) Y.applyUpdate(document, state);
      // Appended synchronously inside the update: on disk before the sender is acknowledged.
      // Updates relayed from another server are that server's to keep.
      document.on('update', (update: Uint8Array, origin: unknown) => {
        if (origin !== REDIS_ORIGIN) store.append(documentName, update);
      });
      log(`opened room ${documentName}`);
    },
    async onStoreDocument({ documentName, document }) {
      try {
        store.compact(documentName, Y.encodeStateAsUpdate(document));
      } catch (error) {
        // Every update is already appended; folding them can wait for the next store.
        log(`could not compact room ${documentName} (will retry): ${(error as Error).message}`);
      }
    },
    async onRequest({ request, response }) {
      if (request.url === '/health') {
        response.writeHead(200, {
          'Content-Type': 'application/json',
          'Access-Control-Allow-Origin': '*',
        });
        response.end(JSON.stringify(stats()));
        // Handled: a rejection with no error stops Hocuspocus's default answer.
        throw null;
      }
    },
  };

  const extensions: Extension[] = [rooms];
  if (options.redis) {
    const r = redisOptions(options.redis);
    if ('problem' in r) throw new Error(r.problem);
    extensions.unshift(new Redis({ ...r, identifier: name, prefix: 'sandtable' }));
  }
  const server = new Server({
    name,
    port: options.port,
    address: options.host,
    quiet: true,
    stopOnSignals: false,
    extensions,
  });
  // Hocuspocus (3.4.4) hands http.Server.listen `{ address }`, which Node ignores (it reads
  // `host`): the server listened on every interface whatever `host` said. Name the host here.
  const http = server.httpServer;
  const listen = http.listen.bind(http) as (options: object, done: () => void) => unknown;
  (http as { listen: unknown }).listen = (opts: object, done: () => void) =>
    listen({ ...opts, host: options.host }, done);
  try {
    await server.listen();
  } catch (error) {
    store.close();
    throw error;
  }
  const port = server.address.port;
  const local = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  log(`listening on ${options.host}:${port}`);
  let closed: Promise<void> | undefined;
  return {
    port,
    url: `ws://${local}:${port}`,
    stats,
    close: () =>
      (closed ??= (async () => {
        await server.destroy();
        store.close();
      })()),
  };
}
