import {
  IncomingMessage,
  MessageReceiver,
  OutgoingMessage,
  type Document,
  type Extension,
  type Hocuspocus,
  type afterLoadDocumentPayload,
  type afterUnloadDocumentPayload,
  type onConfigurePayload,
} from '@hocuspocus/server';
import RedisClient, { type RedisOptions } from 'ioredis';
import * as decoding from 'lib0/decoding';
import { applyAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { MESSAGE } from './socketGate';

/**
 * The origin of changes relayed from another server. Hocuspocus itself does not store changes of
 * this origin (Hocuspocus.handleDocumentUpdate compares with this string), and neither do we:
 * the server that received a change from its client stored it.
 */
export const REDIS_ORIGIN = '__hocuspocus__redis__origin__';

/** Every room is compared with the other servers this often, in case a relayed change was lost. */
const ANTI_ENTROPY_MS = 10_000;
/** A room asks the others for what it lacks at most this often. */
const RESYNC_THROTTLE_MS = 300;
const SYNC_UPDATE = 2;

export interface RedisRelayOptions {
  readonly host: string;
  readonly port: number;
  readonly options?: RedisOptions;
  /** This server's name, unique among the servers sharing the Redis. */
  readonly identifier: string;
  readonly prefix: string;
  readonly log: (line: string) => void;
  /**
   * Runs a relayed change. The server uses it to store what a relayed change brings in of its
   * own clients' changes (ones that waited in Yjs for a dependency that came through Redis).
   */
  readonly applyRelayed?: (document: Document, apply: () => void) => void;
}

/**
 * Relays rooms between server processes through Redis pub/sub, in place of
 * @hocuspocus/extension-redis (3.4.4), which a Redis outage of about 12 s stops: its publishes
 * go through ioredis's offline queue, fail with MaxRetriesPerRequestError after 20 reconnection
 * attempts, and the rejection of its `onChange` hook is never handled, so Node exits. That
 * extension also relays a change in three Redis trips (it publishes its state vector, the other
 * server answers with its own, then the change is sent); this one publishes the change itself.
 *
 * Redis is optional to a running server: commands fail at once while it is unreachable
 * (`enableOfflineQueue: false`, every error handled), ioredis reconnects for ever, and each
 * server serves its own clients meanwhile. When a connection comes back, every open room
 * publishes its state vector (sync step 1); the others answer with what it lacks and ask for
 * what they lack (step 2 and step 1), so the servers converge on everything either received.
 * A relayed change that Yjs cannot integrate (a lost earlier change) and a slow periodic round
 * trigger the same exchange.
 */
export class RedisRelay implements Extension {
  extensionName = 'RedisRelay';
  private readonly pub: RedisClient;
  private readonly sub: RedisClient;
  /** Set by onConfigure, which Hocuspocus runs as it starts (before Redis can answer). */
  private instance: Hocuspocus | undefined;
  private readonly prefix: Buffer;
  /** Rooms with local changes since the last anti-entropy round. */
  private readonly changed = new Set<string>();
  private readonly lastResync = new Map<string, number>();
  private readonly listeners = new Map<string, () => void>();
  private readonly timer: NodeJS.Timeout;
  private down = false;
  private destroyed = false;

  constructor(private readonly options: RedisRelayOptions) {
    const common: RedisOptions = {
      ...options.options,
      // Fail at once while Redis is away (the rooms resynchronise when it is back) instead of
      // queueing commands that later fail all together.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      // Reconnect for ever, at most every 1 s.
      retryStrategy: (times) => Math.min(50 * times, 1000),
      connectTimeout: 2000,
    };
    this.pub = new RedisClient(options.port, options.host, common);
    this.sub = new RedisClient(options.port, options.host, common);
    const id = Buffer.from(options.identifier, 'utf8');
    this.prefix = Buffer.concat([Buffer.from([id.length]), id]);
    for (const client of [this.pub, this.sub]) {
      client.on('error', (error: Error) => this.unreachable(error));
      client.on('end', () => this.unreachable());
      client.on('close', () => this.unreachable());
      client.on('ready', () => this.reachable());
    }
    this.sub.on('messageBuffer', (_channel: Buffer, data: Buffer) => this.received(data));
    this.timer = setInterval(() => this.antiEntropy(), ANTI_ENTROPY_MS);
    this.timer.unref();
  }

  /** 'up' when both connections to Redis are ready. */
  get status(): 'up' | 'down' {
    return this.pub.status === 'ready' && this.sub.status === 'ready' ? 'up' : 'down';
  }

  async onConfigure({ instance }: onConfigurePayload) {
    this.instance = instance;
  }

  private channel(room: string): string {
    return `${this.options.prefix}:${room}`;
  }

  private unreachable(error?: Error): void {
    if (this.destroyed || this.down) return;
    this.down = true;
    this.options.log(
      `Redis unreachable${error ? ` (${error.message})` : ''}: serving this server's own clients; rooms resynchronise when it is back`,
    );
  }

  private reachable(): void {
    if (this.destroyed || this.status !== 'up' || !this.instance) return;
    const rooms = [...this.instance.documents.keys()];
    if (this.down) this.options.log(`Redis is back: resynchronising ${rooms.length} open room(s)`);
    this.down = false;
    for (const room of rooms) this.subscribe(room);
  }

  /** Subscribes to a room's channel, then asks the other servers for what this one lacks. */
  private subscribe(room: string): void {
    if (this.sub.status !== 'ready') return;
    this.sub.subscribe(this.channel(room)).then(
      () => {
        const document = this.instance?.documents.get(room);
        if (!document) return;
        this.resync(document, true);
        this.publish(room, new OutgoingMessage(room).writeQueryAwareness().toUint8Array());
      },
      () => this.unreachable(),
    );
  }

  /** Publishes this server's state vector for the room (sync step 1). */
  private resync(document: Document, now = false): void {
    const at = Date.now();
    if (!now && at - (this.lastResync.get(document.name) ?? 0) < RESYNC_THROTTLE_MS) return;
    this.lastResync.set(document.name, at);
    const message = new OutgoingMessage(document.name)
      .createSyncMessage()
      .writeFirstSyncStepFor(document);
    this.publish(document.name, message.toUint8Array());
  }

  private publish(room: string, message: Uint8Array): void {
    if (this.pub.status !== 'ready') {
      this.unreachable();
      return;
    }
    this.pub
      .publish(this.channel(room), Buffer.concat([this.prefix, message]))
      .catch(() => this.unreachable());
  }

  private antiEntropy(): void {
    if (this.status !== 'up') return;
    for (const room of this.changed) {
      const document = this.instance?.documents.get(room);
      if (document) this.resync(document, true);
    }
    this.changed.clear();
  }

  async afterLoadDocument({ documentName, document }: afterLoadDocumentPayload) {
    const onUpdate = (update: Uint8Array, origin: unknown) => {
      if (origin === REDIS_ORIGIN) return;
      this.changed.add(documentName);
      this.publish(
        documentName,
        new OutgoingMessage(documentName).createSyncMessage().writeUpdate(update).toUint8Array(),
      );
    };
    const onAwareness = (
      changes: { added: number[]; updated: number[]; removed: number[] },
      origin: unknown,
    ) => {
      if (origin === REDIS_ORIGIN) return;
      // With nobody here only a departure is news (the last client's cursor leaves the others).
      if (document.getConnectionsCount() === 0 && changes.removed.length === 0) return;
      const clients = [...changes.added, ...changes.updated, ...changes.removed];
      this.publish(
        documentName,
        new OutgoingMessage(documentName)
          .createAwarenessUpdateMessage(document.awareness, clients)
          .toUint8Array(),
      );
    };
    document.on('update', onUpdate);
    document.awareness.on('update', onAwareness);
    this.listeners.set(documentName, () => {
      document.off('update', onUpdate);
      document.awareness.off('update', onAwareness);
    });
    // Never fails the load: without Redis the room opens for this server's clients.
    this.subscribe(documentName);
  }

  async afterUnloadDocument({ documentName, instance }: afterUnloadDocumentPayload) {
    if (instance.documents.has(documentName)) return;
    this.listeners.get(documentName)?.();
    this.listeners.delete(documentName);
    this.lastResync.delete(documentName);
    if (this.sub.status === 'ready')
      this.sub.unsubscribe(this.channel(documentName)).catch(() => undefined);
  }

  private received(data: Buffer): void {
    try {
      const idLength = data[0]!;
      if (data.toString('utf8', 1, idLength + 1) === this.options.identifier) return;
      const bytes = new Uint8Array(
        data.buffer,
        data.byteOffset + idLength + 1,
        data.length - idLength - 1,
      );
      const d = decoding.createDecoder(bytes);
      const room = decoding.readVarString(d);
      const document = this.instance?.documents.get(room);
      if (!document) return;
      const type = decoding.readVarUint(d);
      const apply = this.options.applyRelayed ?? ((_doc: Document, fn: () => void) => fn());
      if (type === MESSAGE.awareness) {
        applyAwarenessUpdate(document.awareness, decoding.readVarUint8Array(d), REDIS_ORIGIN);
        return;
      }
      if (type === MESSAGE.sync && decoding.peekVarUint(d) === SYNC_UPDATE) {
        decoding.readVarUint(d);
        const update = decoding.readVarUint8Array(d);
        apply(document, () => Y.applyUpdate(document, update, REDIS_ORIGIN));
      } else {
        // Sync steps 1 and 2 and awareness queries: Hocuspocus's receiver answers through Redis.
        const message = new IncomingMessage(bytes);
        message.writeVarString(message.readVarString());
        apply(document, () =>
          new MessageReceiver(message, REDIS_ORIGIN).apply(document, undefined, (reply) =>
            this.publish(room, reply),
          ),
        );
      }
      // A change that waits for an earlier one this server never got: ask for what it lacks.
      if (document.store.pendingStructs || document.store.pendingDs) this.resync(document);
    } catch (error) {
      this.options.log(
        `ignored a relayed message that could not be read: ${(error as Error).message}`,
      );
    }
  }

  async onDestroy() {
    this.destroyed = true;
    clearInterval(this.timer);
    for (const off of this.listeners.values()) off();
    this.pub.disconnect(false);
    this.sub.disconnect(false);
  }
}
