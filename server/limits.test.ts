import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { startCollabServer, type CollabServer } from './collabServer';
import { CLOSE, LIMITS } from './limits';
import { encodeRoomToken, newRoom, REFUSALS } from './protocol';
import {
  authFrame,
  awarenessFrame,
  rawClient,
  syncFrame,
  until,
  type RawClient,
} from './rawClient';
import { RoomStore } from './roomStore';

/**
 * Every limit of server/limits.ts, tried with real sockets against a real server: each closes the
 * socket with its code and reason (or refuses the join), and nothing past it is kept.
 */

let dir: string;
let server: CollabServer;
const lines: string[] = [];
const HOST_SECRET = 'host-secret-of-this-server-0123';
const clients: RawClient[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sandtable-limits-'));
  server = await startCollabServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    createSecret: HOST_SECRET,
    log: (l) => lines.push(l),
  });
});
afterAll(async () => {
  for (const c of clients) c.ws.terminate();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function connect(): RawClient {
  const c = rawClient(server.url);
  clients.push(c);
  return c;
}

/** A room made with the host secret, and a joined raw client in it. */
async function joinedRoom(): Promise<{ room: string; secret: string; c: RawClient }> {
  const { room, secret } = newRoom();
  const c = connect();
  await c.opened;
  c.send(authFrame(room, encodeRoomToken({ secret, create: true, hostSecret: HOST_SECRET })));
  await until('the join', () => c.auth() === true);
  return { room, secret, c };
}

function change(fill: (doc: Y.Doc) => void, doc = new Y.Doc()): Uint8Array {
  const before = Y.encodeStateVector(doc);
  fill(doc);
  return Y.encodeStateAsUpdate(doc, before);
}

describe.concurrent('collaboration server limits', () => {
  it('closes a socket that joins no room within the time limit, whatever it sends', async () => {
    const silent = connect();
    const started = Date.now();
    const { code, reason } = await silent.closed;
    expect(code).toBe(CLOSE.authTimeout.code);
    expect(reason).toBe(CLOSE.authTimeout.reason);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LIMITS.authTimeoutMs - 500);
  });

  it('drops the frames of a socket that has not joined and closes it past a few', async () => {
    const { room } = newRoom();
    const c = connect();
    await c.opened;
    for (let i = 0; i <= LIMITS.maxFramesBeforeAuth; i++)
      c.send(syncFrame(room, 2, new Uint8Array(32 * 1024)));
    expect(await c.closed).toEqual(CLOSE.framesBeforeAuth);
    expect(c.acks()).toBe(0);
    expect(lines.some((l) => l.includes(CLOSE.framesBeforeAuth.reason))).toBe(true);
  });

  it('never applies frames sent before the join, even once the socket joins', async () => {
    const { room, secret } = newRoom();
    const host = connect();
    await host.opened;
    host.send(authFrame(room, encodeRoomToken({ secret, create: true, hostSecret: HOST_SECRET })));
    await until('the room made', () => host.auth() === true);
    const early = connect();
    await early.opened;
    // Hocuspocus alone queues these and applies them after the join.
    early.send(
      syncFrame(
        room,
        2,
        change((d) => d.getMap('m').set('early', true)),
      ),
    );
    early.send(authFrame(room, encodeRoomToken({ secret })));
    await until('the join', () => early.auth() === true);
    early.send(
      syncFrame(
        room,
        2,
        change((d) => d.getMap('m').set('late', true)),
      ),
    );
    await until('the change after the join acknowledged', () => early.acks() === 1);
    const peek = new RoomStore(path.join(dir, 'rooms.sqlite'));
    try {
      const stored = new Y.Doc();
      Y.applyUpdate(stored, peek.load(room)!);
      expect(stored.getMap('m').toJSON()).toEqual({ late: true });
    } finally {
      peek.close();
    }
  });

  it('takes a large change sent right behind the join, as sharing a big scenario does', async () => {
    const { room, secret } = newRoom();
    const c = connect();
    await c.opened;
    const big = change((d) => d.getMap('m').set('k', 'x'.repeat(4 * 1024 * 1024)));
    c.send(authFrame(room, encodeRoomToken({ secret, create: true, hostSecret: HOST_SECRET })));
    c.send(syncFrame(room, 2, big));
    await until('the change acknowledged', () => c.acks() === 1);
    expect(c.auth()).toBe(true);
  });

  it('refuses a frame larger than the limit before joining (1009)', async () => {
    const c = connect();
    await c.opened;
    c.send(new Uint8Array(LIMITS.maxFrameBytesBeforeAuth + 1));
    expect((await c.closed).code).toBe(1009);
  });

  it('drops the frames of a refused socket and closes it at the time limit', async () => {
    const { room } = await joinedRoom();
    const c = connect();
    await c.opened;
    c.send(authFrame(room, encodeRoomToken({ secret: newRoom().secret })));
    await until('the refusal', () => c.auth() === REFUSALS.wrongSecret);
    c.send(
      syncFrame(
        room,
        2,
        change((d) => d.getMap('m').set('k', 1)),
      ),
    );
    expect((await c.closed).code).toBe(CLOSE.authTimeout.code);
    expect(c.acks()).toBe(0);
  });

  it('closes a socket that keeps asking to join', async () => {
    const c = connect();
    await c.opened;
    for (let i = 0; i <= LIMITS.maxAuthAttempts; i++)
      c.send(authFrame(newRoom().room, encodeRoomToken({ secret: newRoom().secret })));
    expect(await c.closed).toEqual(CLOSE.tooManyAuth);
  });

  it('creates a room only with the host secret', async () => {
    const { room, secret } = newRoom();
    const c = connect();
    await c.opened;
    c.send(authFrame(room, encodeRoomToken({ secret, create: true })));
    await until('the refusal', () => typeof c.auth() === 'string');
    expect(c.auth()).toBe(REFUSALS.needHostSecret);
    const wrong = connect();
    await wrong.opened;
    wrong.send(
      authFrame(room, encodeRoomToken({ secret, create: true, hostSecret: 'x'.repeat(20) })),
    );
    await until('the refusal', () => typeof wrong.auth() === 'string');
    const { c: host } = await joinedRoom();
    expect(host.auth()).toBe(true);
  });

  it('acknowledges a change once stored, and one missing its dependencies never', async () => {
    const { room, c } = await joinedRoom();
    const doc = new Y.Doc();
    const first = change((d) => d.getMap('m').set('a', 'first'), doc);
    const second = change((d) => d.getMap('m').set('b', 'second'), doc);
    // The second builds on the first, which the server has not seen.
    c.send(syncFrame(room, 2, second));
    await until('the server asking for what it lacks', () => c.stepOnes() >= 1);
    expect(c.acks()).toBe(0);
    const peek = new RoomStore(path.join(dir, 'rooms.sqlite'));
    try {
      const stored = new Y.Doc();
      Y.applyUpdate(stored, peek.load(room) ?? new Uint8Array([0, 0]));
      expect(stored.getMap('m').get('b')).toBeUndefined();
      // Once the missing change arrives, both are in and both are acknowledged.
      c.send(syncFrame(room, 2, first));
      await until('both acknowledged', () => c.acks() === 2);
      const after = new Y.Doc();
      Y.applyUpdate(after, peek.load(room)!);
      expect(after.getMap('m').toJSON()).toEqual({ a: 'first', b: 'second' });
    } finally {
      peek.close();
    }
  });

  it('closes a socket whose change never gets its dependencies, unacknowledged', async () => {
    const { room, c } = await joinedRoom();
    const doc = new Y.Doc();
    change((d) => d.getMap('m').set('a', 1), doc);
    c.send(
      syncFrame(
        room,
        2,
        change((d) => d.getMap('m').set('b', 2), doc),
      ),
    );
    expect(await c.closed).toEqual(CLOSE.unresolved);
    expect(c.acks()).toBe(0);
  });

  it('closes a socket that sends an unreadable change, unacknowledged', async () => {
    const { room, c } = await joinedRoom();
    c.send(syncFrame(room, 2, new Uint8Array([255, 255, 255, 255, 255, 1, 2, 3])));
    expect(await c.closed).toEqual(CLOSE.malformed);
    expect(c.acks()).toBe(0);
  });

  it('refuses a frame past the frame limit and a change past the change limit', async () => {
    const a = await joinedRoom();
    a.c.send(syncFrame(a.room, 2, new Uint8Array(LIMITS.maxFrameBytes + 1)));
    expect((await a.c.closed).code).toBe(1009);
    const b = await joinedRoom();
    const big = change((d) => d.getMap('m').set('k', 'x'.repeat(LIMITS.maxUpdateBytes)));
    expect(big.byteLength).toBeLessThan(LIMITS.maxFrameBytes);
    b.c.send(syncFrame(b.room, 2, big));
    expect(await b.c.closed).toEqual(CLOSE.updateTooLarge);
    expect(b.c.acks()).toBe(0);
  });

  it('closes a socket whose change would take its room past the room limit', async () => {
    const { room, secret } = newRoom();
    // The room is nearly full on disk before anyone opens it.
    const seed = new RoomStore(path.join(dir, 'rooms.sqlite'));
    seed.admit(room, secret, true);
    const filler = new Y.Doc();
    for (let i = 0; i * 4 * 1024 * 1024 < LIMITS.maxRoomBytes - 5 * 1024 * 1024; i++)
      seed.append(
        room,
        change((d) => d.getMap('m').set(`k${i}`, 'x'.repeat(4 * 1024 * 1024)), filler),
      );
    seed.close();
    const c = connect();
    await c.opened;
    c.send(authFrame(room, encodeRoomToken({ secret })));
    await until('the join', () => c.auth() === true);
    c.send(
      syncFrame(
        room,
        2,
        change((d) => d.getMap('m').set('last', 'x'.repeat(6 * 1024 * 1024)), filler),
      ),
    );
    expect(await c.closed).toEqual(CLOSE.roomTooLarge);
    expect(c.acks()).toBe(0);
  });

  it('closes a socket past the message rate and one past the presence rate', async () => {
    const a = await joinedRoom();
    const stepOne = syncFrame(a.room, 0, Y.encodeStateVector(new Y.Doc()));
    for (let i = 0; i < LIMITS.messageBurst + 50; i++) a.c.send(stepOne);
    expect(await a.c.closed).toEqual(CLOSE.tooFast);
    const b = await joinedRoom();
    const doc = new Y.Doc();
    const awareness = new Awareness(doc);
    for (let i = 0; i < LIMITS.awarenessBurst + 20; i++) {
      awareness.setLocalStateField('cursor', [i, i]);
      b.c.send(awarenessFrame(b.room, encodeAwarenessUpdate(awareness, [doc.clientID])));
    }
    expect(await b.c.closed).toEqual(CLOSE.awarenessTooFast);
    awareness.destroy();
  });

  it('refuses a presence message past its size limit', async () => {
    const { room, c } = await joinedRoom();
    const doc = new Y.Doc();
    const awareness = new Awareness(doc);
    awareness.setLocalStateField('selection', ['x'.repeat(LIMITS.maxAwarenessBytes)]);
    c.send(awarenessFrame(room, encodeAwarenessUpdate(awareness, [doc.clientID])));
    expect(await c.closed).toEqual(CLOSE.awarenessTooLarge);
    awareness.destroy();
  });

  it('refuses a join past the number of people in a room', async () => {
    const { room, secret } = await joinedRoom();
    const joined: RawClient[] = [];
    for (let i = 1; i < LIMITS.maxClientsPerRoom; i++) {
      const c = connect();
      joined.push(c);
      await c.opened;
      c.send(authFrame(room, encodeRoomToken({ secret })));
      c.send(syncFrame(room, 0, Y.encodeStateVector(new Y.Doc())));
    }
    // The server answers a client's sync step 1 once its connection to the room is set up.
    await until('everyone in', () => joined.every((c) => c.stepOnes() >= 1));
    const last = connect();
    await last.opened;
    last.send(authFrame(room, encodeRoomToken({ secret })));
    await until('the refusal', () => typeof last.auth() === 'string');
    expect(last.auth()).toBe(REFUSALS.crowded);
    for (const c of joined) c.ws.close();
  });
});
