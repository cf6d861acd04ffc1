import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';
import {
  isEmptyRoom,
  SyncBridge,
  type RefusedEntry,
  type RepairNotice,
  type ScenarioStore,
} from '../../../engine/document';
import type { Point } from '../../../engine/format/types';
import { CLOSE, closeAdvice, type CloseAdvice } from '../../../server/limits';
import { decodeRefusedChange, encodeRoomToken, type Invitation } from '../../../server/protocol';

/**
 * One open scenario shared in a room: the store the user edits, bridged (engine/document
 * SyncBridge) to the room's shared Y.Doc, which a Hocuspocus provider syncs with the server and
 * an optional local persistence (IndexedDB in the browser) keeps across reloads and offline
 * spells. Presence (name, colour, cursor, selection) travels through Yjs awareness, never as a
 * document edit. Pure TypeScript: the browser and the Node load script both use it.
 */

/** What the status bar shows. */
export type CollabStatus =
  | { kind: 'connecting' }
  /** Connected, every local edit acknowledged by the server. */
  | { kind: 'connected' }
  /** Connected, local edits on their way (or the first sync running). */
  | { kind: 'syncing'; pending: number }
  /**
   * No connection; edits are kept locally and merge when it returns. `reason`: why the server
   * closed the connection, when it said (server/limits.ts), and `advice`: what happens next.
   */
  | { kind: 'offline'; pending: number; reason?: string; advice?: string }
  /** The server refused the room: the reason in words. */
  | { kind: 'refused'; reason: string }
  /**
   * The server refused a change of this client's (it would break the scenario, or is past a
   * limit): sending it again would be refused again, so nothing more is sent. The store keeps
   * every edit; `advice` says what the person can do (save a copy, join again).
   */
  | { kind: 'stopped'; reason: string; advice: string };

/** Who a collaborator is and what they point at, as awareness carries it. */
export interface Presence {
  readonly name: string;
  readonly colour: string;
  /** Table point under their pointer, or null when it is off the table. */
  readonly cursor: Point | null;
  /** Ids of the records they have selected (features, units, objectives...). */
  readonly selection: readonly string[];
}

export interface Peer extends Presence {
  /** Yjs client id of the peer's awareness. */
  readonly clientId: number;
}

/** A local store of the room's shared document (IndexedDB in the browser). */
export interface LocalPersistence {
  /** Resolves once the stored state is in the document. */
  readonly whenSynced: Promise<unknown>;
  destroy(): Promise<void> | void;
}

export interface CollabSessionOptions {
  readonly store: ScenarioStore;
  readonly invitation: Invitation;
  /** True when this client shares its scenario into a new room; false to join one. */
  readonly create: boolean;
  /** The server's secret for creating rooms, when it asks for one (a session this app hosts). */
  readonly hostSecret?: string;
  readonly user: { name: string; colour: string };
  /** The WebSocket class (Node has none built in before version 22). */
  readonly WebSocket?: unknown;
  /** Keeps the shared document locally; given the room's document and a storage name. */
  readonly persistence?: (doc: Y.Doc, name: string) => LocalPersistence;
  readonly onStatus?: (status: CollabStatus) => void;
  readonly onPeers?: (peers: readonly Peer[]) => void;
  /** A peer's entries that failed the file format's checks and were not written. */
  readonly onRefused?: (refused: readonly RefusedEntry[]) => void;
  /** Concurrent structural edits the scenario resolved (a loop of formations, a lost parent). */
  readonly onRepaired?: (repairs: readonly RepairNotice[]) => void;
  /** The store now holds the room's scenario (after joining) or the room holds ours. */
  readonly onReady?: () => void;
}

/**
 * Counts, on the socket in use, the frames that carry document changes to the server (sync step 2
 * and updates) and the server's acknowledgements (sync status, applied). Hocuspocus handles a
 * socket's frames in order and acknowledges each after applying it, and the server appends every
 * update to disk before that: when the acknowledgements catch up with the frames sent, every local
 * edit is stored. (The provider's own counter is reset at each handshake and drifts when edits are
 * queued before it, so it cannot say this.)
 */
class AckTracker {
  private socket: object | null = null;
  sent = 0;
  acked = 0;
  /** The server's sync step 1 arrived on this socket, so our step 2 reply is counted in `sent`. */
  handshake = false;
  constructor(private readonly changed: () => void) {}

  /** A WebSocket class that reports to this tracker. */
  wrap(Base: typeof WebSocket): typeof WebSocket {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const tracker = this;
    return class CountingWebSocket extends Base {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        tracker.socket = this;
        tracker.sent = 0;
        tracker.acked = 0;
        tracker.handshake = false;
        this.addEventListener('message', (e: MessageEvent) => tracker.received(this, e.data));
      }
      override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
        const counted = tracker.socket === this && carriesChanges(data);
        if (counted) tracker.sent++;
        super.send(data);
        if (counted) tracker.changed();
      }
    };
  }

  private received(socket: object, data: unknown): void {
    if (socket !== this.socket) return;
    const bytes = toBytes(data);
    if (!bytes) return;
    const m = readHeader(bytes);
    if (!m) return;
    // Only an acknowledgement or the first handshake changes what the status says: a peer's
    // change (most frames) leaves it, and reporting on each cost a status object and its text.
    if (m.type === SYNC_STATUS && m.next !== undefined && (m.next & 0x3f) === 1) {
      this.acked++;
      this.changed();
    } else if ((m.type === SYNC || m.type === SYNC_REPLY) && m.next === 0 && !this.handshake) {
      this.handshake = true;
      this.changed();
    }
  }

  get pending(): number {
    return Math.max(0, this.sent - this.acked);
  }
}

/** Hocuspocus message types (see @hocuspocus/common). */
const SYNC = 0;
const SYNC_REPLY = 4;
const SYNC_STATUS = 8;

function toBytes(data: unknown): Uint8Array | undefined {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data))
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return undefined;
}

/** Where the last `varUintAt` stopped; -1 when the bytes ended first. */
let varUintEnd = 0;

/** The varUint at `at` in `bytes` (its end in `varUintEnd`), or undefined when it is cut short. */
function varUintAt(bytes: Uint8Array, at: number): number | undefined {
  let n = 0;
  let shift = 0;
  while (at < bytes.length) {
    const b = bytes[at++]!;
    n += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) {
      varUintEnd = at;
      return n;
    }
    shift += 7;
  }
  varUintEnd = -1;
  return undefined;
}

/**
 * The message type after the document name, and the first varUint after it. Read for every frame
 * a client receives (each peer's edit), so without a closure or a decoder per frame.
 */
function readHeader(bytes: Uint8Array): { type: number; next: number | undefined } | undefined {
  const nameLength = varUintAt(bytes, 0);
  if (nameLength === undefined) return undefined;
  const type = varUintAt(bytes, varUintEnd + nameLength);
  if (type === undefined) return undefined;
  return { type, next: varUintAt(bytes, varUintEnd) };
}

/** Whether a frame the client sends carries document changes: sync step 2 or an update. */
function carriesChanges(data: unknown): boolean {
  const bytes = toBytes(data);
  const m = bytes && readHeader(bytes);
  return !!m && m.type === SYNC && (m.next === 1 || m.next === 2);
}

export class CollabSession {
  readonly shared = new Y.Doc();
  private readonly acks = new AckTracker(() => this.report());
  readonly provider: HocuspocusProvider;
  private readonly socket: HocuspocusProviderWebsocket;
  private readonly local: LocalPersistence | undefined;
  private bridge: SyncBridge | undefined;
  private connection: 'connecting' | 'connected' | 'disconnected' = 'connecting';
  private synced = false;
  private refusedReason: string | undefined;
  /** Why the session stopped sending (a refused change), once it has. */
  private stopped: CloseAdvice | undefined;
  /** The last close the server explained, shown while offline. */
  private lastClose: CloseAdvice | undefined;
  private closed = false;
  private lastStatus = '';
  /** Local changes to the room not yet acknowledged by the server (counted per transaction). */
  private unconfirmed = 0;
  /** Stops sending the shared document's local changes (see sendLocalChangesOnly). */
  private stopSending: () => void = () => undefined;
  /** A joiner synced with a room that holds no scenario yet: stops waiting for it. */
  private stopWaiting: (() => void) | undefined;

  constructor(readonly options: CollabSessionOptions) {
    const { invitation } = options;
    this.local = options.persistence?.(
      this.shared,
      `sandtable-room:${invitation.server}/${invitation.room}`,
    );
    const Base = (options.WebSocket ?? globalThis.WebSocket) as typeof WebSocket;
    this.socket = new HocuspocusProviderWebsocket({
      url: invitation.server,
      WebSocketPolyfill: this.acks.wrap(Base),
      // Offline is noticed within a few seconds even when the socket does not close.
      messageReconnectTimeout: 8000,
      maxDelay: 4000,
    });
    this.provider = new HocuspocusProvider({
      websocketProvider: this.socket,
      name: invitation.room,
      document: this.shared,
      token: encodeRoomToken({
        secret: invitation.secret,
        create: options.create,
        ...(options.hostSecret ? { hostSecret: options.hostSecret } : {}),
      }),
      onStatus: ({ status }) => {
        this.connection = status;
        if (status !== 'connected') this.synced = false;
        if (status === 'connected') this.lastClose = undefined;
        this.report();
      },
      onClose: ({ event }) => {
        const advice = closeAdvice(event.code, event.reason);
        if (!advice || this.stopped) return;
        if (advice.retry) {
          this.lastClose = advice;
          this.report();
        } else this.stop(advice);
      },
      onStateless: ({ payload }) => {
        const reason = decodeRefusedChange(payload);
        if (reason === undefined || this.stopped) return;
        this.stop(
          closeAdvice(
            CLOSE.refusedChanges.code,
            `The server refused a change of yours: ${reason}.`,
          )!,
        );
      },
      onSynced: ({ state }) => {
        this.synced = state;
        if (state) this.startWithScenario();
        this.report();
      },
      onAuthenticationFailed: ({ reason }) => {
        this.refusedReason = reason;
        this.report();
        // A refused room joins nothing: stop retrying with the same secret.
        this.socket.disconnect();
      },
      onAwarenessChange: () => this.reportPeers(),
    });
    this.sendLocalChangesOnly();
    this.provider.setAwarenessField('user', options.user);
    this.provider.setAwarenessField('cursor', null);
    this.provider.setAwarenessField('selection', []);
    // Sharing puts the scenario into the new room at once, even before the server answers.
    if (options.create) this.start();
    else if (this.local) {
      // A room visited before (edits made offline, a reload) opens from the local copy at once.
      void this.local.whenSynced.then(() => {
        if (!this.closed && this.shared.getMap('root').has('format')) this.start();
      });
    }
    this.provider.attach();
    this.report();
  }

  /**
   * The provider sends the shared document's local changes from an 'update' listener, and Yjs
   * encodes every transaction's change for as long as one such listener exists, so each change a
   * peer sent was encoded once more on every client, only for the provider to drop it (its own
   * origin): a tenth of a client's work on a peer's edit in bench:collab's profile. Here the
   * provider's listener (and the count of local changes) is attached only while a transaction of
   * another origin than the provider is open, until every transaction has ended, so that a
   * transaction started inside another's observers is still sent. A local persistence listens to
   * every change and keeps the encoding; nothing else changes.
   */
  private sendLocalChangesOnly(): void {
    const doc = this.shared;
    const provider = this.provider;
    const send = provider.boundDocumentUpdateHandler;
    const onUpdate = (update: Uint8Array, origin: unknown) => {
      if (origin === provider) return;
      send(update, origin);
      this.unconfirmed++;
    };
    doc.off('update', send);
    let attached = false;
    const open = (tr: Y.Transaction) => {
      if (attached || tr.origin === provider) return;
      attached = true;
      doc.on('update', onUpdate);
    };
    const ended = () => {
      if (!attached) return;
      attached = false;
      doc.off('update', onUpdate);
    };
    doc.on('beforeTransaction', open);
    doc.on('afterAllTransactions', ended);
    this.stopSending = () => {
      doc.off('beforeTransaction', open);
      doc.off('afterAllTransactions', ended);
      doc.off('update', onUpdate);
    };
  }

  /**
   * Starts once the room holds a scenario. A person can join a room before the host's scenario
   * has reached the server (the host's app created the room, the frame with its scenario is still
   * on its way, or with two servers still in Redis): the server then answers the first sync with
   * an empty room. Opening that would show an empty scenario, and anything done in it would be
   * written into the room beside the host's; so a joiner waits (status 'syncing') until the
   * scenario arrives, which it does through the same connection.
   */
  private startWithScenario(): void {
    if (this.bridge || this.closed || this.stopWaiting) return;
    if (this.options.create || !isEmptyRoom(this.shared)) {
      this.start();
      return;
    }
    const arrived = () => {
      if (isEmptyRoom(this.shared)) return;
      this.stopWaiting?.();
      this.start();
      this.report();
    };
    this.shared.on('afterTransaction', arrived);
    this.stopWaiting = () => {
      this.shared.off('afterTransaction', arrived);
      this.stopWaiting = undefined;
    };
  }

  /** Bridges the store and the room, once; the start decides which side gives its content. */
  private start(): void {
    if (this.bridge || this.closed) return;
    this.bridge = new SyncBridge(
      this.options.store,
      this.shared,
      (r) => this.options.onRefused?.(r),
      this.options.create ? 'seed' : 'join',
      {
        onRepaired: (r) => this.options.onRepaired?.(r),
        // Awareness runs on the shared document, so its client ids are those of the writers.
        nameOf: (clientId) => {
          if (clientId === this.shared.clientID) return this.options.user.name;
          const user = this.provider.awareness?.getStates().get(clientId)?.user as
            { name?: unknown } | undefined;
          return typeof user?.name === 'string' ? user.name.slice(0, 40) : undefined;
        },
      },
    );
    this.options.onReady?.();
  }

  /** Whether the socket to the server is open now. */
  get online(): boolean {
    return this.connection === 'connected';
  }

  /** Whether the store holds the room's scenario yet (a joiner waits for the first sync). */
  get ready(): boolean {
    return this.bridge !== undefined;
  }

  status(): CollabStatus {
    if (this.refusedReason) return { kind: 'refused', reason: this.refusedReason };
    if (this.stopped)
      return { kind: 'stopped', reason: this.stopped.reason, advice: this.stopped.advice };
    if (this.connection === 'disconnected')
      return this.lastClose
        ? {
            kind: 'offline',
            pending: this.unconfirmed,
            reason: this.lastClose.reason,
            advice: this.lastClose.advice,
          }
        : { kind: 'offline', pending: this.unconfirmed };
    if (this.connection === 'connecting') return { kind: 'connecting' };
    if (!this.synced || !this.bridge || !this.acks.handshake || this.acks.pending > 0)
      return { kind: 'syncing', pending: this.unconfirmed };
    this.unconfirmed = 0;
    return { kind: 'connected' };
  }

  private report(): void {
    const s = this.status();
    const key = JSON.stringify(s);
    if (key === this.lastStatus) return;
    this.lastStatus = key;
    this.options.onStatus?.(s);
  }

  /** The other clients in the room with their presence. */
  peers(): Peer[] {
    const awareness = this.provider.awareness;
    if (!awareness) return [];
    const out: Peer[] = [];
    for (const [clientId, state] of awareness.getStates()) {
      if (clientId === awareness.clientID) continue;
      const user = state.user as { name?: unknown; colour?: unknown } | undefined;
      if (!user || typeof user.name !== 'string') continue;
      out.push({
        clientId,
        name: user.name.slice(0, 40),
        colour: typeof user.colour === 'string' ? user.colour : '#888888',
        cursor: isPoint(state.cursor) ? state.cursor : null,
        selection: Array.isArray(state.selection)
          ? (state.selection as unknown[]).filter((s): s is string => typeof s === 'string')
          : [],
      });
    }
    return out.sort((a, b) => a.clientId - b.clientId);
  }

  private reportPeers(): void {
    this.options.onPeers?.(this.peers());
  }

  setCursor(point: Point | null): void {
    this.provider.setAwarenessField('cursor', point);
  }
  setSelection(ids: readonly string[]): void {
    this.provider.setAwarenessField('selection', [...ids]);
  }

  /**
   * Stops talking to the room after a refusal that reconnecting cannot mend: the change would be
   * sent and refused again, and every later edit of this client builds on it. The store and the
   * shared document keep everything (the local copy too); the person is told why and what to do.
   */
  private stop(advice: CloseAdvice): void {
    this.stopped = advice;
    this.socket.disconnect();
    this.report();
  }

  /** Drops the connection (the user went offline); edits stay local until `reconnect`. */
  disconnect(): void {
    this.socket.disconnect();
    this.connection = 'disconnected';
    this.report();
  }
  reconnect(): void {
    if (this.refusedReason || this.stopped || this.closed) return;
    void this.socket.connect();
  }

  /** Leaves the room: the store keeps its content and becomes a local document again. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopWaiting?.();
    this.bridge?.close();
    this.stopSending();
    this.provider.destroy();
    this.socket.destroy();
    await this.local?.destroy();
  }
}

function isPoint(v: unknown): v is Point {
  return (
    Array.isArray(v) &&
    v.length === 2 &&
    typeof v[0] === 'number' &&
    typeof v[1] === 'number' &&
    Number.isFinite(v[0]) &&
    Number.isFinite(v[1])
  );
}
