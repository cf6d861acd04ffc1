import { Document, OutgoingMessage } from '@hocuspocus/server';
import * as Y from 'yjs';

/**
 * What a room sends its people, at the cost of one encoding per change instead of one per person.
 *
 * Hocuspocus (3.4.4) builds the message of a document change, and of a presence change, anew for
 * each connection of the room: `Document.handleUpdate` copies the encoded change once per
 * connection, `Document.handleAwarenessUpdate` encodes every changed person's presence (a JSON
 * text each) once per connection. With 100 people in a room that was 100 encodings of every
 * change and every cursor. The two methods are replaced here by ones that encode once and send
 * the same bytes to every connection, as the originals do otherwise, except that a change applied
 * through `applyFromClient` is not sent back to its sender when it holds nothing the sender lacks.
 * They are bound in Document's constructor, so the prototype is changed once, before any room
 * opens.
 */

interface HocuspocusDocument {
  name: string;
  callbacks: { onUpdate: (document: unknown, connection: unknown, update: Uint8Array) => void };
  connections: Map<unknown, { clients: Set<number>; connection: { send(b: Uint8Array): void } }>;
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

/** Sends the same bytes to every connection of a room but `skip`. */
function sendToRoom(document: HocuspocusDocument, bytes: Uint8Array, skip: unknown): void {
  for (const { connection: c } of document.connections.values()) if (c !== skip) c.send(bytes);
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
    for (const { connection: c } of this.connections.values()) c.send(bytes);
    return this;
  };
}
