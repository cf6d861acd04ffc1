import * as decoding from 'lib0/decoding';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newScenario, ScenarioStore } from '../engine/document';
import { serializeDocument } from '../engine/format';
import type { TreeFeature } from '../engine/format/types';
import { CollabSession } from '../renderer/src/collab/CollabSession';
import { startCollabServer, type CollabServer } from './collabServer';
import { redisServerPath, startRedis } from './processes';
import { newRoom, type Invitation } from './protocol';
import { until } from './rawClient';
import { testScope } from './testScope';

/**
 * A person joins a room before the host's scenario has reached the server: the host's app has
 * created the room (its join was taken) but the frame carrying its scenario is still on the way.
 * The server answers the joiner's first sync with an empty room. The joiner's app must not open
 * that empty room as the scenario; it waits until the host's scenario arrives, then opens it,
 * and what either person does next reaches the other. Real servers on loopback; the two-server
 * case goes through a real redis-server on a free port.
 *
 * The host's scenario is held back by its socket (HoldingSocket), not by a timer: the test
 * decides the order of events, then waits for states.
 */

const { defer, tempDir: tempDirNamed } = testScope();

const tempDir = () => tempDirNamed('join');

/** Whether a frame a client sends carries document content (sync step 2 or an update). */
function carriesContent(data: unknown): boolean {
  const bytes =
    data instanceof Uint8Array
      ? data
      : ArrayBuffer.isView(data)
        ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
        : data instanceof ArrayBuffer
          ? new Uint8Array(data)
          : undefined;
  if (!bytes) return false;
  const d = decoding.createDecoder(bytes);
  decoding.readVarString(d);
  if (decoding.readVarUint(d) !== 0) return false;
  const sub = decoding.readVarUint(d);
  return sub === 1 || sub === 2;
}

/** A WebSocket class that holds back the content frames its client sends until released. */
function holdingSocket() {
  const held: { socket: WebSocket; data: unknown }[] = [];
  let holding = true;
  class HoldingSocket extends WebSocket {
    override send(data: unknown, ...rest: unknown[]): void {
      if (holding && carriesContent(data)) {
        held.push({ socket: this, data });
        return;
      }
      (super.send as (...a: unknown[]) => void)(data, ...rest);
    }
  }
  return {
    HoldingSocket,
    held: () => held.length,
    release: () => {
      holding = false;
      for (const { socket, data } of held.splice(0))
        if (socket.readyState === WebSocket.OPEN) socket.send(data as Uint8Array);
    },
  };
}

const tree = (id: string, x: number): TreeFeature => ({
  id,
  kind: 'tree',
  x,
  y: 5,
  canopyRadius: 1,
});

function person(
  invitation: Invitation,
  create: boolean,
  store: ScenarioStore,
  WebSocketClass: unknown = WebSocket,
) {
  /** What the store held when the session said it was ready (the app opens it then). */
  let openedWith: string | undefined;
  const session = new CollabSession({
    store,
    invitation,
    create,
    user: { name: create ? 'host' : 'guest', colour: '#c33' },
    WebSocket: WebSocketClass,
    onReady: () => {
      openedWith = store.isEmpty() ? 'an empty room' : serializeDocument(store.toScenario());
    },
  });
  defer(() => session.close());
  return {
    store,
    session,
    openedWith: () => openedWith,
    text: () => serializeDocument(store.toScenario()),
  };
}

const scenario = () => {
  const doc = newScenario({ ruleset: 'tankplank', map: { kind: 'table', width: 36, height: 24 } });
  return ScenarioStore.fromScenario({
    ...doc,
    map: { ...doc.map, features: [tree('host-tree', 4)] },
  } as typeof doc);
};

/**
 * The host shares into `hostServer` with its scenario held back; the guest joins through
 * `guestServer` and finds the room empty; then the scenario goes through.
 */
async function joinBeforeTheScenario(hostServer: CollabServer, guestServer: CollabServer) {
  const room = newRoom();
  const hold = holdingSocket();
  const host = person({ server: hostServer.url, ...room }, true, scenario(), hold.HoldingSocket);
  // The host's join was taken and the server asked for its content: the room exists, empty.
  await until('the host to try to send its scenario', () => hold.held() > 0);
  const guest = person({ server: guestServer.url, ...room }, false, new ScenarioStore());
  await until('the guest to finish its first sync', () => guest.session.provider.isSynced);
  // The server said the room is empty: the guest's app must not open that as the scenario.
  expect(guest.openedWith()).toBeUndefined();
  expect(guest.session.ready).toBe(false);
  expect(guest.session.status().kind).toBe('syncing');

  hold.release();
  await until('the guest to open the room', () => guest.session.ready);
  expect(guest.openedWith()).toBe(host.text());
  expect(guest.store.feature('host-tree')).toBeDefined();

  // Nobody's work is lost afterwards: an edit each way reaches the other.
  guest.store.transact((w) => w.putFeature(tree('guest-tree', 8)));
  host.store.transact((w) => w.putFeature(tree('host-tree-2', 12)));
  await until('both edits on both sides', () =>
    [host, guest].every((p) => p.store.feature('guest-tree') && p.store.feature('host-tree-2')),
  );
  expect(guest.text()).toBe(host.text());
  expect(guest.store.featureList()).toHaveLength(3);
}

describe('joining a room before the host scenario arrives', () => {
  it('on one server: the guest waits for the scenario, then opens it', async () => {
    const server = await startCollabServer({ port: 0, host: '127.0.0.1', dataDir: tempDir() });
    defer(() => server.close());
    await joinBeforeTheScenario(server, server);
  });

  it('through Redis (host on one server, guest on another): the guest opens the scenario', async () => {
    if (!redisServerPath()) {
      console.log('skipped: redis-server is not installed (apt-get install redis-server)');
      return;
    }
    const redis = await startRedis();
    defer(() => redis.stop());
    const dataDir = tempDir();
    const a = await startCollabServer({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      redis: redis.url,
      name: 'a',
    });
    defer(() => a.close());
    const b = await startCollabServer({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      redis: redis.url,
      name: 'b',
    });
    defer(() => b.close());
    await until('both servers to reach Redis', () => [a, b].every((s) => s.stats().redis === 'up'));
    await joinBeforeTheScenario(a, b);
  });
});
