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

/**
 * Applies a client's change to its room, sending it to everyone else in the room but not back to
 * its sender when the sender has all of it: when the room held no change waiting for another
 * (Yjs's pending structs and deletions), the change the room broadcasts is exactly what the
 * sender sent. When something was waiting, applying this change may bring in others' waiting
 * changes too, which the sender may lack, so it gets the broadcast as before. The echo cost the
 * server a socket write per change and the sender a decode and a transaction to learn nothing.
 */
export function applyFromClient(document: Y.Doc, update: Uint8Array, connection: object): void {
  const clean = document.store.pendingStructs === null && document.store.pendingDs === null;
  if (clean) echoFree.set(document, connection);
  try {
    Y.applyUpdate(document, update, connection);
  } finally {
    echoFree.delete(document);
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
    const bytes = new OutgoingMessage(this.name)
      .createSyncMessage()
      .writeUpdate(update)
      .toUint8Array();
    const skip = echoFree.get(this) === origin ? origin : undefined;
    for (const { connection: c } of this.connections.values()) if (c !== skip) c.send(bytes);
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
