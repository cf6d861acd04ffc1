import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import {
  OutgoingMessage,
  Server,
  type Connection,
  type Document,
  type Extension,
} from '@hocuspocus/server';
import * as Y from 'yjs';
import { applyFromClient, encodeBroadcastsOnce } from './broadcast';
import { createDocumentGuard } from './documentGuard';
import { CLOSE, LIMITS } from './limits';
import { decodeRoomToken, encodeRefusedChange, REFUSALS, ROOM_PATTERN } from './protocol';
import { REDIS_ORIGIN, RedisRelay } from './redisRelay';
import { RoomStore } from './roomStore';
import { SocketGate } from './socketGate';

/** The origin of changes the server takes from its own database (another server's, found there). */
const STORE_ORIGIN = 'sandtable-store';

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
  /**
   * When set, only a client presenting this secret (the host's) may create a room; joining an
   * existing room still needs only that room's secret.
   */
  readonly createSecret?: string;
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
  /** The relay through Redis: 'off' without one, 'down' while Redis is unreachable. */
  readonly redis: 'off' | 'up' | 'down';
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

/** A change taken from a client and not yet acknowledged: it waits for a change it builds on. */
interface Waiting {
  readonly gate: SocketGate;
  /** Per Yjs client, the clock the document must reach for the change to be in it. */
  readonly to: Map<number, number>;
  /** It deleted something the document does not have yet. */
  readonly deletes: boolean;
  readonly since: number;
}

/**
 * Starts a Hocuspocus server for Sandtable rooms: each room protected by its secret, persisted
 * in SQLite update by update before it is acknowledged, and (with `redis`) relayed to the other
 * server processes sharing the same Redis and database.
 *
 * What a client sends passes a gate first (server/socketGate.ts, limits in server/limits.ts).
 * Document changes are applied here rather than by Hocuspocus, so that a change is acknowledged
 * only once it is in the document and on disk: a change Yjs cannot integrate yet (it builds on
 * one the server never received) waits, unacknowledged, while the client is asked for what is
 * missing, and its socket is closed if that never comes; an unreadable change closes the socket.
 */
export async function startCollabServer(options: CollabServerOptions): Promise<CollabServer> {
  const log = options.log ?? (() => undefined);
  encodeBroadcastsOnce();
  const store = new RoomStore(path.join(options.dataDir, 'rooms.sqlite'));
  const name = options.name ?? `sandtable-${process.pid}`;
  let relay: RedisRelay | undefined;
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
      redis: relay ? relay.status : 'off',
    };
  };

  /** The gate of each socket, by its upgrade request (what Hocuspocus's hooks are given). */
  const gates = new WeakMap<IncomingMessage, SocketGate>();
  /** Bytes each open room holds on disk (state plus appended changes), for the room limit. */
  const roomBytes = new Map<string, number>();
  /** Appends that failed since the start: a change whose append failed is not acknowledged. */
  let storeFailures = 0;
  /** Rooms applying a relayed change that may bring in waiting changes of this server's clients. */
  const storeRelayed = new WeakSet<Document>();
  const waiting = new Map<Connection, Waiting[]>();
  const refusals = new WeakMap<SocketGate, number>();

  const ack = (connection: Connection, applied: boolean) =>
    connection.send(
      new OutgoingMessage(connection.document.name).writeSyncStatus(applied).toUint8Array(),
    );

  const isIn = (document: Document, to: Map<number, number>, deletes: boolean): boolean => {
    for (const [client, clock] of to) if (Y.getState(document.store, client) < clock) return false;
    return !deletes || document.store.pendingDs === null;
  };

  /** Acknowledges the waiting changes of a room's clients that are now in the document. */
  const settle = (document: Document) => {
    for (const connection of document.getConnections()) {
      const list = waiting.get(connection);
      if (!list) continue;
      const still = list.filter((w) => {
        if (!isIn(document, w.to, w.deletes)) return true;
        ack(connection, true);
        return false;
      });
      if (still.length) waiting.set(connection, still);
      else waiting.delete(connection);
    }
  };

  /**
   * Whether a client's change may be applied: undefined when it may, else the reason. This is
   * where checks of the whole document go (server/documentGuard.ts): a refused change is not
   * applied, stored, relayed or acknowledged.
   */
  const guard = createDocumentGuard();
  const refuseChange = (room: string, document: Document, update: Uint8Array) =>
    guard.refuse(room, document, update);

  /** A change (sync step 2 or update) from a joined client; see SocketGate. */
  const change = (gate: SocketGate, room: string, update: Uint8Array): boolean => {
    const document = server.hocuspocus.documents.get(room);
    const connection = document?.connections.get(gate.ws)?.connection;
    // Still loading: Hocuspocus holds the frame and replays it once the room is open.
    if (!document || !connection) return false;
    if (update.byteLength > LIMITS.maxUpdateBytes) {
      gate.close(CLOSE.updateTooLarge, `${update.byteLength} bytes for room ${room}`);
      return true;
    }
    const size = roomBytes.get(room) ?? 0;
    if (size + update.byteLength > LIMITS.maxRoomBytes) {
      gate.close(CLOSE.roomTooLarge, `room ${room} holds ${size} bytes`);
      return true;
    }
    let meta: { to: Map<number, number> };
    try {
      meta = Y.parseUpdateMeta(update);
    } catch (error) {
      gate.close(
        CLOSE.malformed,
        `unreadable change for room ${room}: ${(error as Error).message}`,
      );
      return true;
    }
    const refused = refuseChange(room, document, update);
    if (refused) {
      log(`refused a change from ${gate.peer} in room ${room}: ${refused}`);
      // The reason first, so the client can stop and say why before the acknowledgement.
      connection.sendStateless(encodeRefusedChange(refused));
      ack(connection, false);
      const n = (refusals.get(gate) ?? 0) + 1;
      refusals.set(gate, n);
      if (n >= 3) gate.close(CLOSE.refusedChanges, refused);
      return true;
    }
    const failures = storeFailures;
    const pendingDsBefore = document.store.pendingDs;
    try {
      const whole = guard.takesWhole(room);
      guard.applying(room, () => applyFromClient(document, update, connection, whole));
    } catch (error) {
      // The guard's copy took the change the room's document could not: start it again.
      guard.forget(room);
      gate.close(CLOSE.malformed, `change for room ${room} failed: ${(error as Error).message}`);
      return true;
    }
    if (storeFailures !== failures) {
      gate.close(CLOSE.notStored, `room ${room}`);
      return true;
    }
    const deletes =
      document.store.pendingDs !== null && document.store.pendingDs !== pendingDsBefore;
    if (isIn(document, meta.to, deletes)) {
      ack(connection, true);
    } else {
      const list = waiting.get(connection) ?? [];
      list.push({ gate, to: meta.to, deletes, since: Date.now() });
      waiting.set(connection, list);
      // The client answers our state vector with everything this server lacks.
      connection.send(
        new OutgoingMessage(room)
          .createSyncMessage()
          .writeFirstSyncStepFor(document)
          .toUint8Array(),
      );
    }
    settle(document);
    return true;
  };

  // Changes that wait too long: their sockets are closed (the client resynchronises when it
  // reconnects); what Yjs held for them is dropped once nobody waits in that room.
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [connection, list] of waiting) {
      const expired = list.some((w) => now - w.since > LIMITS.unresolvedChangeMs);
      if (!expired && !list[0]?.gate.closed) continue;
      waiting.delete(connection);
      if (expired) list[0]?.gate.close(CLOSE.unresolved, `room ${connection.document.name}`);
      const document = connection.document;
      if (![...waiting.keys()].some((c) => c.document === document)) {
        document.store.pendingStructs = null;
        document.store.pendingDs = null;
      }
    }
  }, 1000);
  sweeper.unref();

  const rooms: Extension = {
    async onAuthenticate({ documentName, token, request }) {
      const gate = gates.get(request);
      try {
        if (!ROOM_PATTERN.test(documentName)) throw refusal(REFUSALS.badRoom);
        const t = decodeRoomToken(token);
        if (!t) throw refusal(REFUSALS.badToken);
        const open = server.hocuspocus.documents.get(documentName);
        if (open && open.getConnectionsCount() >= LIMITS.maxClientsPerRoom) {
          log(
            `refused a client of room ${documentName}: ${LIMITS.maxClientsPerRoom} already in it`,
          );
          throw refusal(REFUSALS.crowded);
        }
        const mayCreate =
          t.create === true &&
          (options.createSecret === undefined || t.hostSecret === options.createSecret);
        const verdict = store.admit(documentName, t.secret, mayCreate);
        if (verdict === 'wrong-secret') {
          log(`refused a client of room ${documentName}: wrong secret`);
          throw refusal(REFUSALS.wrongSecret);
        }
        if (verdict === 'no-room') {
          if (t.create === true) {
            log(`refused to create room ${documentName}: the host's secret is missing or wrong`);
            throw refusal(REFUSALS.needHostSecret);
          }
          throw refusal(REFUSALS.noRoom);
        }
        gate?.joined(documentName);
        return { room: documentName };
      } catch (error) {
        gate?.refused(documentName);
        throw error;
      }
    },
    async onLoadDocument({ documentName, document }) {
      const state = store.load(documentName);
      if (state) Y.applyUpdate(document, state, STORE_ORIGIN);
      roomBytes.set(documentName, state?.byteLength ?? 0);
      // Appended synchronously inside the change: on disk before the sender is acknowledged.
      // Changes relayed from another server are that server's to keep, except when one brings
      // in a change of our own client that was waiting for it.
      document.on('update', (update: Uint8Array, origin: unknown) => {
        if (origin === STORE_ORIGIN) return;
        if (origin === REDIS_ORIGIN && !storeRelayed.has(document)) return;
        try {
          store.append(documentName, update);
          roomBytes.set(documentName, (roomBytes.get(documentName) ?? 0) + update.byteLength);
        } catch (error) {
          storeFailures++;
          log(`could not store a change of room ${documentName}: ${(error as Error).message}`);
        }
      });
      log(`opened room ${documentName}`);
    },
    async onStoreDocument({ documentName, document }) {
      try {
        const merged = store.compact(documentName, Y.encodeStateAsUpdate(document));
        roomBytes.set(documentName, merged.byteLength);
        // What the database has and this server does not (another server's changes whose relay
        // was lost) joins the room here.
        const missing = Y.diffUpdate(merged, Y.encodeStateVector(document));
        Y.applyUpdate(document, missing, STORE_ORIGIN);
      } catch (error) {
        // Every update is already appended; folding them can wait for the next store.
        log(`could not compact room ${documentName} (will retry): ${(error as Error).message}`);
      }
    },
    async afterUnloadDocument({ documentName, instance }) {
      if (!instance.documents.has(documentName)) roomBytes.delete(documentName);
      if (!instance.documents.has(documentName)) guard.forget(documentName);
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
    relay = new RedisRelay({
      host: r.host,
      port: r.port,
      options: r.options,
      identifier: name,
      prefix: 'sandtable',
      log,
      applyRelayed: (document, apply) => {
        const waits = document.store.pendingStructs !== null || document.store.pendingDs !== null;
        if (waits) storeRelayed.add(document);
        try {
          apply();
        } finally {
          storeRelayed.delete(document);
        }
        if (waits) settle(document);
      },
    });
    extensions.push(relay);
  }
  const server = new Server(
    {
      name,
      port: options.port,
      address: options.host,
      quiet: true,
      stopOnSignals: false,
      extensions,
    },
    // A frame past this is refused by ws itself (close code 1009) before it is all buffered.
    { maxPayload: LIMITS.maxFrameBytes },
  );
  // Every socket goes through its gate before Hocuspocus sees it.
  server.webSocketServer.removeAllListeners('connection');
  server.webSocketServer.on('connection', (ws, request: IncomingMessage) => {
    ws.on('error', (error) => log(`socket error from ${peerOf(request)}: ${error.message}`));
    gates.set(request, new SocketGate(ws, peerOf(request), { change, log }));
    server.hocuspocus.handleConnection(ws, request);
  });
  // Hocuspocus (3.4.4) hands http.Server.listen `{ address }`, which Node ignores (it reads
  // `host`): the server listened on every interface whatever `host` said. Name the host here
  // (electron/core/collabHost.test.ts checks a loopback session cannot be reached from outside).
  const http = server.httpServer;
  const listen = http.listen.bind(http) as (options: object, done: () => void) => unknown;
  (http as { listen: unknown }).listen = (opts: object, done: () => void) =>
    listen({ ...opts, host: options.host }, done);
  try {
    await server.listen();
  } catch (error) {
    clearInterval(sweeper);
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
        clearInterval(sweeper);
        await server.destroy();
        store.close();
      })()),
  };
}

function peerOf(request: IncomingMessage): string {
  const s = request.socket;
  return `${s.remoteAddress ?? '?'}:${s.remotePort ?? '?'}`;
}
