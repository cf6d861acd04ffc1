import * as decoding from 'lib0/decoding';
import type WebSocket from 'ws';
import { CLOSE, LIMITS, type CloseEvent } from './limits';

/** Hocuspocus message types (see @hocuspocus/server types.ts). */
export const MESSAGE = { sync: 0, awareness: 1, auth: 2, syncReply: 4 } as const;
/** y-protocols sync sub-types. */
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/** A room's state on one socket: asked to join (the server is deciding), refused, or joined. */
type RoomState = 'pending' | 'refused' | 'joined';

export interface GateHandlers {
  /**
   * A document change (sync step 2 or update) from a joined socket. Return true when it was
   * handled here (applied, acknowledged or refused); false lets Hocuspocus queue it, which it does
   * while the room is still loading.
   */
  change(gate: SocketGate, room: string, update: Uint8Array): boolean;
  log(line: string): void;
}

/** A token bucket: `rate` a second sustained, `burst` at once. */
class Bucket {
  private tokens: number;
  private last = performance.now();
  constructor(
    private readonly rate: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }
  take(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

interface Header {
  readonly room: string;
  readonly type: number;
  /** For sync messages that carry a change: the change. */
  readonly update?: Uint8Array;
}

function bytesOf(data: unknown): Uint8Array | undefined {
  if (Buffer.isBuffer(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (Array.isArray(data)) return bytesOf(Buffer.concat(data as Buffer[]));
  return undefined;
}

function readHeader(bytes: Uint8Array): Header | undefined {
  try {
    const d = decoding.createDecoder(bytes);
    const room = decoding.readVarString(d);
    const type = decoding.readVarUint(d);
    if (type === MESSAGE.sync || type === MESSAGE.syncReply) {
      const sub = decoding.readVarUint(d);
      if (sub === SYNC_STEP_2 || sub === SYNC_UPDATE)
        return { room, type, update: decoding.readVarUint8Array(d) };
    }
    return { room, type };
  } catch {
    return undefined;
  }
}

/**
 * Stands between a WebSocket and Hocuspocus and decides what of it Hocuspocus sees. Before a
 * socket asks to join a room its frames are dropped (never queued) and it is closed after
 * `authTimeoutMs` if it joins none; while a join is decided the frames the client sends at once
 * are passed on (Hocuspocus holds them) up to a byte budget; after a refusal they are dropped.
 * Every message counts against the socket's rate, presence messages against their own; document
 * changes of a joined room go to `handlers.change`, which applies them and acknowledges only what
 * was stored. Each limit (server/limits.ts) closes the socket with its code and a log line.
 *
 * It works by filtering the socket's 'message' events (Hocuspocus listens to those), and by
 * lowering ws's per-socket payload limit until a join is asked for, so a stranger's frame is never
 * buffered past 64 KiB.
 */
export class SocketGate {
  private readonly rooms = new Map<string, RoomState>();
  private readonly messages = new Bucket(LIMITS.messagesPerSecond, LIMITS.messageBurst);
  private readonly awareness = new Bucket(LIMITS.awarenessPerSecond, LIMITS.awarenessBurst);
  /** Frames already let through once: Hocuspocus replays queued frames through 'message'. */
  private readonly seen = new WeakSet<object>();
  private readonly timer: NodeJS.Timeout;
  private framesBeforeAuth = 0;
  private authAttempts = 0;
  private pendingBytes = 0;
  closed = false;

  constructor(
    readonly ws: WebSocket,
    readonly peer: string,
    private readonly handlers: GateHandlers,
  ) {
    this.setMaxPayload(LIMITS.maxFrameBytesBeforeAuth);
    const emit = ws.emit.bind(ws);
    ws.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
      if (event === 'message' && !this.admit(args[0])) return false;
      return emit(event, ...args);
    }) as typeof ws.emit;
    this.timer = setTimeout(() => {
      if (![...this.rooms.values()].includes('joined')) this.close(CLOSE.authTimeout);
    }, LIMITS.authTimeoutMs);
    this.timer.unref();
    ws.once('close', () => {
      this.closed = true;
      clearTimeout(this.timer);
    });
  }

  /** The server let this socket into `room`. */
  joined(room: string): void {
    this.rooms.set(room, 'joined');
  }

  /** The server refused this socket's join of `room`: its frames for the room are dropped. */
  refused(room: string): void {
    this.rooms.set(room, 'refused');
    if (![...this.rooms.values()].some((s) => s !== 'refused'))
      this.setMaxPayload(LIMITS.maxFrameBytesBeforeAuth);
  }

  /** Closes the socket with a limit's code and reason, logs it, and drops whatever else comes. */
  close(event: CloseEvent, detail = ''): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.handlers.log(`closed ${this.peer}: ${event.reason}${detail ? ` (${detail})` : ''}`);
    try {
      this.ws.close(event.code, event.reason);
    } catch {
      this.ws.terminate();
    }
    // A peer that does not answer the close handshake is cut off.
    setTimeout(() => this.ws.terminate(), 2000).unref();
  }

  private setMaxPayload(bytes: number): void {
    // ws keeps the limit on its receiver; lowering it per socket is not public API, so checked.
    const receiver = (this.ws as unknown as { _receiver?: { _maxPayload?: number } })._receiver;
    if (receiver && typeof receiver._maxPayload === 'number') receiver._maxPayload = bytes;
  }

  /** Whether Hocuspocus gets this frame. */
  private admit(data: unknown): boolean {
    if (this.closed) return false;
    const bytes = bytesOf(data);
    if (!bytes) return false;
    const replay = typeof data === 'object' && data !== null && this.seen.has(data);
    if (!replay && typeof data === 'object' && data !== null) this.seen.add(data);
    const header = readHeader(bytes);
    if (!header) {
      if ([...this.rooms.values()].includes('joined')) this.close(CLOSE.malformed);
      else this.dropBeforeAuth();
      return false;
    }
    const state = this.rooms.get(header.room);
    if (header.type === MESSAGE.auth) {
      // A second join of the same room (Hocuspocus would queue it for ever) is dropped.
      if (state !== undefined) return this.dropBeforeAuth();
      if (++this.authAttempts > LIMITS.maxAuthAttempts) {
        this.close(CLOSE.tooManyAuth);
        return false;
      }
      if (this.rooms.size >= LIMITS.maxRoomsPerSocket) {
        this.close(CLOSE.tooManyRooms);
        return false;
      }
      this.rooms.set(header.room, 'pending');
      this.setMaxPayload(LIMITS.maxFrameBytes);
      return true;
    }
    if (state === undefined || state === 'refused') return this.dropBeforeAuth();
    if (!replay) {
      if (!this.messages.take()) {
        this.close(CLOSE.tooFast);
        return false;
      }
      if (header.type === MESSAGE.awareness) {
        if (bytes.byteLength > LIMITS.maxAwarenessBytes) {
          this.close(CLOSE.awarenessTooLarge, `${bytes.byteLength} bytes`);
          return false;
        }
        if (!this.awareness.take()) {
          this.close(CLOSE.awarenessTooFast);
          return false;
        }
      }
    }
    if (state === 'pending') {
      this.pendingBytes += bytes.byteLength;
      if (this.pendingBytes > LIMITS.maxPendingBytesDuringAuth) {
        this.close(CLOSE.framesBeforeAuth, `${this.pendingBytes} bytes while joining`);
        return false;
      }
      return true;
    }
    if (header.update && this.handlers.change(this, header.room, header.update)) return false;
    return true;
  }

  private dropBeforeAuth(): false {
    if (++this.framesBeforeAuth > LIMITS.maxFramesBeforeAuth)
      this.close(CLOSE.framesBeforeAuth, `${this.framesBeforeAuth} frames dropped`);
    return false;
  }
}
