import { Document, OutgoingMessage } from '@hocuspocus/server';

/**
 * What a room sends its people, at the cost of one encoding per change instead of one per person.
 *
 * Hocuspocus (3.4.4) builds the message of a document change, and of a presence change, anew for
 * each connection of the room: `Document.handleUpdate` copies the encoded change once per
 * connection, `Document.handleAwarenessUpdate` encodes every changed person's presence (a JSON
 * text each) once per connection. With 100 people in a room that was 100 encodings of every
 * change and every cursor. The two methods are replaced here by ones that encode once and send
 * the same bytes to every connection, as the originals do otherwise (the sender gets its own
 * change back, which Yjs ignores). They are bound in Document's constructor, so the prototype is
 * changed once, before any room opens.
 */

interface HocuspocusDocument {
  name: string;
  callbacks: { onUpdate: (document: unknown, connection: unknown, update: Uint8Array) => void };
  connections: Map<unknown, { clients: Set<number>; connection: { send(b: Uint8Array): void } }>;
  awareness: Document['awareness'];
}

let installed = false;

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
    connection: unknown,
  ) {
    this.callbacks.onUpdate(this, connection, update);
    const bytes = new OutgoingMessage(this.name)
      .createSyncMessage()
      .writeUpdate(update)
      .toUint8Array();
    for (const { connection: c } of this.connections.values()) c.send(bytes);
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
