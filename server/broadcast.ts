import { Document, OutgoingMessage } from '@hocuspocus/server';
import * as Y from 'yjs';

/**
 * What a room sends its people, at the cost of one encoding (and one WebSocket frame) per change
 * instead of one per person.
 *
 * Hocuspocus (3.4.4) builds the message of a document change, and of a presence change, anew for
 * each connection of the room: `Document.handleUpdate` copies the encoded change once per
 * connection, `Document.handleAwarenessUpdate` encodes every changed person's presence (a JSON
 * text each) once per connection. With 100 people in a room that was 100 encodings of every
 * change and every cursor. The two methods are replaced here by ones that encode once and send
 * the same bytes to every connection, as the originals do otherwise, except that a change applied
 * through `applyFromClient` is not sent back to its sender when it holds nothing the sender lacks.
 * The bytes are framed once too and written to each ready socket as they are (`sendToRoom`).
 * They are bound in Document's constructor, so the prototype is changed once, before any room
 * opens.
 */

/** What of Hocuspocus's Connection a broadcast uses: its socket and its own send. */
interface RoomConnection {
  send(b: Uint8Array): void;
  readonly webSocket?: unknown;
}

interface HocuspocusDocument {
  name: string;
  callbacks: { onUpdate: (document: unknown, connection: unknown, update: Uint8Array) => void };
  connections: Map<unknown, { clients: Set<number>; connection: RoomConnection }>;
  awareness: Document['awareness'];
}

let installed = false;

/** Per room, the connection whose change it is applying and that needs none of it back. */
const echoFree = new WeakMap<object, unknown>();
/** Per room, the connection whose change was sent to the others before the room applied it. */
const forwarded = new WeakMap<object, unknown>();

/** The message of a document change for room `name`. */
function changeMessage(name: string, update: Uint8Array): Uint8Array {
  return new OutgoingMessage(name).createSyncMessage().writeUpdate(update).toUint8Array();
}

/**
 * The WebSocket frame carrying `payload` from a server (RFC 6455 5.2: final, binary, unmasked),
 * header and payload in one buffer.
 */
export function binaryFrame(payload: Uint8Array): Buffer {
  const n = payload.byteLength;
  const head = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x82;
  if (n < 126) frame[1] = n;
  else if (n < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  frame.set(payload, head);
  return frame;
}

/** The parts of a `ws` WebSocket (8.x) a framed write needs; all checked before use. */
interface WsSocket {
  readyState: number;
  _extensions?: Record<string, unknown>;
  _sender?: { _state?: number; _queue?: unknown[]; _firstFragment?: boolean };
  _socket?: { destroyed?: boolean; write(chunk: Uint8Array): boolean };
}

/**
 * Writes a ready frame straight to the connection's TCP socket when `ws` would write it the same
 * way now: the socket open, no extension (compression) on it, nothing queued in its sender and
 * no fragmented message under way. Returns false otherwise (the caller sends it through ws).
 */
function writeFrame(connection: RoomConnection, frame: Buffer): boolean {
  const ws = connection.webSocket as WsSocket | undefined;
  const sender = ws?._sender;
  const socket = ws?._socket;
  if (
    !ws ||
    ws.readyState !== 1 ||
    !sender ||
    sender._state !== 0 ||
    sender._queue?.length !== 0 ||
    sender._firstFragment !== true ||
    !socket ||
    socket.destroyed !== false ||
    typeof socket.write !== 'function' ||
    !ws._extensions ||
    Object.keys(ws._extensions).length !== 0
  )
    return false;
  socket.write(frame);
  return true;
}

/**
 * Sends the same bytes to every connection of a room but `skip`. The WebSocket frame is built
 * once and written to each connection's socket as it is: through Hocuspocus and ws, each of the
 * 19 sends of a 20-person room framed the message anew (a header buffer, a callback, a corked
 * write of two buffers), on the path of the last person's wait. A socket that ws is not ready to
 * write to directly (closing, compressing, a send queued) gets the message through ws as before;
 * a failed write closes the socket in ws as any other would.
 */
function sendToRoom(document: HocuspocusDocument, bytes: Uint8Array, skip: unknown): void {
  let frame: Buffer | undefined;
  for (const { connection: c } of document.connections.values()) {
    if (c === skip) continue;
    frame ??= binaryFrame(bytes);
    if (!writeFrame(c, frame)) c.send(bytes);
  }
}

/**
 * Applies a client's change to its room, sending it to everyone else in the room but not back to
 * its sender when the sender has all of it: when the room held no change waiting for another
 * (Yjs's pending structs and deletions), the change the room broadcasts is exactly what the
 * sender sent. When something was waiting, applying this change may bring in others' waiting
 * changes too, which the sender may lack, so it gets the broadcast as before. The echo cost the
 * server a socket write per change and the sender a decode and a transaction to learn nothing.
 *
 * `whole`: the caller knows the room takes this change in whole and nothing else with it (the
 * document guard applied it to its copy of the room, neither holding a waiting change before or
 * after, and it changed something). The change is then the room's change as it stands, so the
 * others are sent it before the room's document decodes and applies it, which takes that work
 * off the time until they see it; the room's own broadcast of it is skipped.
 */
export function applyFromClient(
  document: Y.Doc,
  update: Uint8Array,
  connection: object,
  whole = false,
): void {
  const clean = document.store.pendingStructs === null && document.store.pendingDs === null;
  if (clean && whole) {
    const room = document as unknown as HocuspocusDocument;
    sendToRoom(room, changeMessage(room.name, update), connection);
    forwarded.set(document, connection);
  } else if (clean) echoFree.set(document, connection);
  try {
    Y.applyUpdate(document, update, connection);
  } finally {
    echoFree.delete(document);
    forwarded.delete(document);
  }
}

/** Replaces Hocuspocus's per-connection encoding of broadcasts (idempotent). */
export function encodeBroadcastsOnce(): void {
  if (installed) return;
  const proto = Document.prototype as unknown as Record<string, unknown>;
  if (typeof proto.handleUpdate !== 'function' || typeof proto.handleAwarenessUpdate !== 'function')
    throw new Error(
      '@hocuspocus/server changed: Document.handleUpdate is gone (server/broadcast.ts)',
    );
  installed = true;
  proto.handleUpdate = function handleUpdate(
    this: HocuspocusDocument,
    update: Uint8Array,
    origin: unknown,
  ) {
    // Already sent to the others as the client sent it (applyFromClient, `whole`).
    if (forwarded.get(this) !== origin || origin === undefined) {
      const skip = echoFree.get(this) === origin ? origin : undefined;
      sendToRoom(this, changeMessage(this.name, update), skip);
    }
    // Hocuspocus's own hooks (onChange, the debounced store) after the people are served.
    this.callbacks.onUpdate(this, origin, update);
    return this;
  };
  proto.handleAwarenessUpdate = function handleAwarenessUpdate(
    this: HocuspocusDocument,
    { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
    connectionInstance: unknown,
  ) {
    if (connectionInstance !== null) {
      const connection = this.connections.get(connectionInstance);
      if (connection) {
        added.forEach((id) => connection.clients.add(id));
        removed.forEach((id) => connection.clients.delete(id));
      }
    }
    if (!this.connections.size) return this;
    const bytes = new OutgoingMessage(this.name)
      .createAwarenessUpdateMessage(this.awareness, added.concat(updated, removed))
      .toUint8Array();
    sendToRoom(this, bytes, undefined);
    return this;
  };
}
