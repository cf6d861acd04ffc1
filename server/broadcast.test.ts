import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as decoding from 'lib0/decoding';
import { Document } from '@hocuspocus/server';
import { describe, expect, it } from 'vitest';
import WebSocket, * as wsModule from 'ws';
import * as Y from 'yjs';
import { applyFromClient, binaryFrame, encodeBroadcastsOnce } from './broadcast';
import { startCollabServer } from './collabServer';
import { encodeRoomToken, newRoom } from './protocol';
import { authFrame, syncFrame, until } from './rawClient';
import { testScope } from './testScope';

/**
 * What a room sends back to the sender of a change (server/broadcast.ts): nothing when the change
 * is all the room takes in (the sender has it), the room's whole change when it also brings in
 * changes that were waiting for it (the sender may lack those). Raw sockets against a real server
 * on loopback, each keeping the document it is sent.
 */

const { defer } = testScope();

const SYNC = 0;
const SYNC_STATUS = 8;

/** A socket in a room: what the server sends it goes into `doc`; frames and acks counted. */
async function member(url: string, room: string, token: string) {
  const ws = new WebSocket(url);
  ws.binaryType = 'nodebuffer';
  defer(() => ws.terminate());
  const doc = new Y.Doc();
  let updates = 0;
  let acks = 0;
  let stepOnes = 0;
  let authenticated = false;
  ws.on('message', (data: Buffer) => {
    const d = decoding.createDecoder(new Uint8Array(data));
    decoding.readVarString(d);
    const type = decoding.readVarUint(d);
    if (type === 2) authenticated = true;
    else if (type === SYNC_STATUS && decoding.readVarUint(d) === 1) acks++;
    else if (type === SYNC) {
      const sub = decoding.readVarUint(d);
      if (sub === 0) stepOnes++;
      if (sub === 2) updates++;
      if (sub === 1 || sub === 2) Y.applyUpdate(doc, decoding.readVarUint8Array(d), 'server');
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(authFrame(room, token));
  await until('the join to be taken', () => authenticated);
  return {
    doc,
    updates: () => updates,
    acks: () => acks,
    /** Sync step 1 messages: the server asking for what it lacks. */
    stepOnes: () => stepOnes,
    /** Sends a change as a sync update. */
    send: (update: Uint8Array) => ws.send(syncFrame(room, 2, update)),
  };
}

const tree = (x: number) => ({ id: 't1', kind: 'tree', x, y: 5, canopyRadius: 1 });

/** The change `edit` makes to `doc`, as Yjs encodes it. */
function changeOf(doc: Y.Doc, edit: () => void): Uint8Array {
  let out: Uint8Array | undefined;
  const take = (u: Uint8Array) => (out = u);
  doc.on('update', take);
  doc.transact(edit);
  doc.off('update', take);
  return out!;
}

async function room() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandtable-broadcast-'));
  defer(() => rmSync(dir, { recursive: true, force: true }));
  const server = await startCollabServer({ port: 0, host: '127.0.0.1', dataDir: dir });
  defer(() => server.close());
  const { room, secret } = newRoom();
  const a = await member(server.url, room, encodeRoomToken({ secret, create: true }));
  const b = await member(server.url, room, encodeRoomToken({ secret }));
  return { a, b };
}

describe('a change sent to its room', () => {
  it('reaches the others and not its sender, when it is all the room takes in', async () => {
    const { a, b } = await room();
    const mine = new Y.Doc();
    a.send(changeOf(mine, () => mine.getMap('features').set('t1', tree(1))));
    await until('the acknowledgement', () => a.acks() === 1);
    await until('the other to have it', () => b.doc.getMap('features').has('t1'));
    // The server writes the broadcast before the acknowledgement on the same socket.
    expect(a.updates()).toBe(0);
    expect(b.updates()).toBe(1);
  });

  it('goes back to its sender too when it brings in a change that waited for it', async () => {
    const { a, b } = await room();
    // A's change, which B has seen (another way) and builds on: B's tree replaces A's.
    const aDoc = new Y.Doc();
    const first = changeOf(aDoc, () => aDoc.getMap('features').set('t1', tree(1)));
    const bDoc = new Y.Doc();
    Y.applyUpdate(bDoc, first);
    const second = changeOf(bDoc, () => bDoc.getMap('features').set('t1', tree(2)));
    // B's change reaches the server first: it waits there for A's, unacknowledged.
    const asked = b.stepOnes();
    b.send(second);
    await until('the server to ask B for what it lacks', () => b.stepOnes() > asked);
    expect(b.acks()).toBe(0);
    a.send(first);
    await until('both acknowledged', () => a.acks() === 1 && b.acks() === 1);
    // A gets the room's change, which holds B's tree: without it A would keep its own.
    await until('A to have B’s tree', () => {
      const t = a.doc.getMap('features').get('t1') as { x?: number } | undefined;
      return t?.x === 2;
    });
    expect(a.updates()).toBe(1);
    expect((b.doc.getMap('features').get('t1') as { x: number }).x).toBe(2);
  });
});

describe('a change the room takes in whole', () => {
  /** A room with a sender and two others whose sends record whether the room had the tree yet. */
  function roomOf() {
    encodeBroadcastsOnce();
    const doc = new Document('r');
    const seen: { who: string; roomHadIt: boolean }[] = [];
    const connection = (who: string) => ({
      send: () => seen.push({ who, roomHadIt: doc.getMap('features').has('t1') }),
    });
    const sender = connection('sender');
    for (const [key, c] of [
      ['a', sender],
      ['b', connection('b')],
      ['c', connection('c')],
    ] as const)
      (doc.connections as Map<unknown, unknown>).set(key, { clients: new Set(), connection: c });
    const mine = new Y.Doc();
    const update = changeOf(mine, () => mine.getMap('features').set('t1', tree(1)));
    return { doc, seen, sender, update };
  }

  it('is sent to the others before the room applies it, once, and not to its sender', () => {
    const { doc, seen, sender, update } = roomOf();
    applyFromClient(doc, update, sender, true);
    expect(doc.getMap('features').has('t1')).toBe(true);
    expect(seen).toEqual([
      { who: 'b', roomHadIt: false },
      { who: 'c', roomHadIt: false },
    ]);
  });

  it('is otherwise sent from the room once applied, as before', () => {
    const { doc, seen, sender, update } = roomOf();
    applyFromClient(doc, update, sender);
    expect(seen).toEqual([
      { who: 'b', roomHadIt: true },
      { who: 'c', roomHadIt: true },
    ]);
  });
});

describe('the frame a broadcast writes to each socket', () => {
  /** What ws on the client side reads from `bytes`: the messages, binary or not. */
  function read(bytes: Buffer) {
    // ws's frame parser (untyped in @types/ws): what a client's socket runs on what arrives.
    const { Receiver } = wsModule as unknown as {
      Receiver: new (options: object) => {
        on(event: 'message', listener: (data: Buffer, binary: boolean) => void): void;
        write(chunk: Buffer): void;
      };
    };
    const receiver = new Receiver({ binaryType: 'nodebuffer', isServer: false });
    const got: { data: Buffer; binary: boolean }[] = [];
    receiver.on('message', (data: Buffer, binary: boolean) => got.push({ data, binary }));
    receiver.write(bytes);
    return got;
  }

  it('is read by ws as the one binary message it holds, at every length encoding', () => {
    // 7-bit, 16-bit and 64-bit lengths and their edges (RFC 6455 5.2).
    for (const n of [0, 1, 125, 126, 127, 300, 65535, 65536, 70000]) {
      const payload = Uint8Array.from({ length: n }, (_, i) => (i * 7 + n) & 255);
      const got = read(binaryFrame(payload));
      expect(got, `length ${n}`).toHaveLength(1);
      expect(got[0]!.binary).toBe(true);
      expect(new Uint8Array(got[0]!.data)).toEqual(payload);
    }
  });

  /** A connection whose ws socket is in `state`; records what was written and what was sent. */
  function connectionIn(state: { readyState?: number; queued?: number; extensions?: object }) {
    const written: Buffer[] = [];
    const sent: Uint8Array[] = [];
    const connection = {
      send: (b: Uint8Array) => sent.push(b),
      webSocket: {
        readyState: state.readyState ?? 1,
        _extensions: state.extensions ?? {},
        _sender: { _state: 0, _queue: new Array(state.queued ?? 0), _firstFragment: true },
        _socket: { destroyed: false, write: (b: Buffer) => written.push(b) > 0 },
      },
    };
    return { connection, written, sent };
  }

  it('goes straight to a ready socket, and through ws to one that is busy, closing or compressing', () => {
    encodeBroadcastsOnce();
    const doc = new Document('r');
    const ready = connectionIn({});
    const busy = connectionIn({ queued: 1 });
    const closing = connectionIn({ readyState: 2 });
    const compressing = connectionIn({ extensions: { 'permessage-deflate': {} } });
    const sender = connectionIn({});
    const all = { ready, busy, closing, compressing, sender };
    for (const [key, c] of Object.entries(all))
      (doc.connections as Map<unknown, unknown>).set(key, {
        clients: new Set(),
        connection: c.connection,
      });
    const mine = new Y.Doc();
    const update = changeOf(mine, () => mine.getMap('features').set('t1', tree(1)));
    applyFromClient(doc, update, sender.connection, true);
    expect(ready.sent).toHaveLength(0);
    expect(ready.written).toHaveLength(1);
    for (const c of [busy, closing, compressing]) {
      expect(c.written).toHaveLength(0);
      expect(c.sent).toHaveLength(1);
      // The same message either way: the frame holds what ws would have framed.
      expect(new Uint8Array(read(ready.written[0]!)[0]!.data)).toEqual(c.sent[0]);
    }
    expect(sender.written.length + sender.sent.length).toBe(0);
  });
});
