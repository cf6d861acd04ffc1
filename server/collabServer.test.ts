import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newScenario, ScenarioStore } from '../engine/document';
import { serializeDocument } from '../engine/format';
import type { TreeFeature } from '../engine/format/types';
import { CollabSession, type CollabStatus } from '../renderer/src/collab/CollabSession';
import { startCollabServer } from './collabServer';
import {
  freePort,
  health,
  startServerProcess,
  startRedis,
  redisServerPath,
  type ServerProcess,
} from './processes';
import { newRoom, REFUSALS, type Invitation } from './protocol';
import { until } from './rawClient';
import { testScope } from './testScope';

const tree = (id: string, x: number): TreeFeature => ({
  id,
  kind: 'tree',
  x,
  y: 5,
  canopyRadius: 1,
});

const { defer, tempDir: tempDirNamed } = testScope();

const tempDir = () => tempDirNamed('collab');

/** A Node client: its own store, joined to (or sharing into) a room. */
function client(invitation: Invitation, create: boolean, store = new ScenarioStore()) {
  let status: CollabStatus = { kind: 'connecting' };
  const session = new CollabSession({
    store,
    invitation,
    create,
    user: { name: create ? 'host' : 'guest', colour: '#c33' },
    WebSocket,
    onStatus: (s) => (status = s),
  });
  defer(() => session.close());
  return {
    store,
    session,
    status: () => status,
    text: () => serializeDocument(store.toScenario()),
  };
}

const scenario = () =>
  newScenario({ ruleset: 'tankplank', map: { kind: 'table', width: 36, height: 24 } });

describe('collaboration server', () => {
  it('shares a scenario into a room; a guest with the secret joins it and edits flow both ways', async () => {
    const server = await startCollabServer({ port: 0, host: '127.0.0.1', dataDir: tempDir() });
    defer(() => server.close());
    const inv = { server: server.url, ...newRoom() };
    const host = client(inv, true, ScenarioStore.fromScenario(scenario()));
    const guest = client(inv, false);
    await until('the guest to load the room', () => guest.session.ready);
    expect(guest.text()).toBe(host.text());
    host.store.transact((w) => w.putFeature(tree('a', 1)));
    guest.store.transact((w) => w.putFeature(tree('b', 2)));
    await until('both edits on both sides', () =>
      [host, guest].every((c) => c.store.feature('a') && c.store.feature('b')),
    );
    expect(guest.text()).toBe(host.text());
    await until('presence', () => host.session.peers().some((p) => p.name === 'guest'));
    guest.session.setCursor([3, 4]);
    guest.session.setSelection(['a']);
    await until('cursor and selection', () => {
      const p = host.session.peers()[0];
      return p?.cursor?.[0] === 3 && p.selection[0] === 'a';
    });
    // Presence is not a document edit: nothing for undo, the document text unchanged.
    expect(host.store.canUndo()).toBe(true);
    expect(host.text()).toBe(guest.text());
  });

  it('refuses a wrong secret and a room that does not exist; the client joins nothing', async () => {
    const server = await startCollabServer({ port: 0, host: '127.0.0.1', dataDir: tempDir() });
    defer(() => server.close());
    const inv = { server: server.url, ...newRoom() };
    const host = client(inv, true, ScenarioStore.fromScenario(scenario()));
    await until('the host to be acknowledged', () => host.status().kind === 'connected');
    const intruder = client({ ...inv, secret: newRoom().secret }, false);
    await until('a refusal', () => intruder.status().kind === 'refused');
    expect(intruder.status()).toEqual({ kind: 'refused', reason: REFUSALS.wrongSecret });
    expect(intruder.session.ready).toBe(false);
    expect(intruder.store.isEmpty()).toBe(true);
    // Even asking to create the room anew with another secret is refused.
    const creator = client({ ...inv, secret: newRoom().secret }, true, new ScenarioStore());
    await until('a refusal', () => creator.status().kind === 'refused');
    const lost = client({ server: server.url, ...newRoom() }, false);
    await until('a refusal', () => lost.status().kind === 'refused');
    expect(lost.status()).toEqual({ kind: 'refused', reason: REFUSALS.noRoom });
    expect(host.store.featureList()).toHaveLength(0);
  });

  it('loses no acknowledged edit when the server is killed and restarted', async () => {
    const dataDir = tempDir();
    let server: ServerProcess = await startServerProcess({ dataDir });
    defer(() => server.kill());
    const inv = { server: server.url, ...newRoom() };
    const host = client(inv, true, ScenarioStore.fromScenario(scenario()));
    for (let i = 0; i < 20; i++) host.store.transact((w) => w.putFeature(tree(`t${i}`, i)));
    await until('every edit acknowledged', () => host.status().kind === 'connected');
    // Killed outright, long before its debounced store would have run.
    await server.kill();
    await until('the client to notice', () => host.status().kind === 'offline');
    server = await startServerProcess({ dataDir, port: server.port });
    const fresh = client(inv, false);
    await until('a new client to load the room', () => fresh.session.ready);
    expect(fresh.store.featureList().map((f) => f.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => `t${i}`),
    );
    // The host reconnects by itself and keeps editing.
    host.store.transact((w) => w.putFeature(tree('after', 30)));
    await until('the edit after the restart', () => fresh.store.feature('after') !== undefined);
    expect(fresh.text()).toBe(host.text());
  });

  it.skipIf(!redisServerPath())(
    'relays a room between two servers behind Redis, clients on each',
    async () => {
      const redis = await startRedis();
      defer(() => redis.stop());
      const dataDir = tempDir();
      const a = await startServerProcess({ dataDir, redis: redis.url, name: 'a' });
      defer(() => a.stop());
      const b = await startServerProcess({ dataDir, redis: redis.url, name: 'b' });
      defer(() => b.stop());
      const room = newRoom();
      const host = client({ server: a.url, ...room }, true, ScenarioStore.fromScenario(scenario()));
      await until('the host to be acknowledged', () => host.status().kind === 'connected');
      const guest = client({ server: b.url, ...room }, false);
      await until('the guest on server b to load the room', () => guest.session.ready);
      host.store.transact((w) => w.putFeature(tree('from-a', 1)));
      guest.store.transact((w) => w.putFeature(tree('from-b', 2)));
      await until('both edits on both servers', () =>
        [host, guest].every((c) => c.store.feature('from-a') && c.store.feature('from-b')),
      );
      expect(guest.text()).toBe(host.text());
      // A wrong secret is refused on the other server too: they share the rooms database.
      const intruder = client({ server: b.url, ...room, secret: newRoom().secret }, false);
      await until('a refusal', () => intruder.status().kind === 'refused');
    },
    180_000,
  );

  it.skipIf(!redisServerPath())(
    'starts and serves its clients while Redis is unreachable, and relays once Redis comes',
    async () => {
      const port = await freePort();
      const dataDir = tempDir();
      const url = `redis://127.0.0.1:${port}`;
      const a = await startServerProcess({ dataDir, redis: url, name: 'a' });
      defer(() => a.stop());
      const b = await startServerProcess({ dataDir, redis: url, name: 'b' });
      defer(() => b.stop());
      expect((await health(a.port)).redis).toBe('down');
      const room = newRoom();
      const host = client({ server: a.url, ...room }, true, ScenarioStore.fromScenario(scenario()));
      const mate = client({ server: a.url, ...room }, false);
      await until('a client of the same server to join', () => mate.session.ready);
      host.store.transact((w) => w.putFeature(tree('no-redis', 1)));
      await until('the edit on the same server', () => !!mate.store.feature('no-redis'));
      const other = client({ server: b.url, ...room }, false);
      await until('a client of the other server to load the room', () => other.session.ready);
      host.store.transact((w) => w.putFeature(tree('still-no-redis', 2)));
      await until('the host acknowledged', () => host.status().kind === 'connected');
      const redis = await startRedis({ port });
      defer(() => redis.stop());
      for (const s of [a, b])
        for (let i = 0; (await health(s.port)).redis !== 'up'; i++) {
          if (i > 600) throw new Error('a server did not reach Redis');
          await new Promise((r) => setTimeout(r, 50));
        }
      // The other server's client gets what was made without Redis, and edits flow again.
      await until('the edits made without Redis on the other server', () =>
        ['no-redis', 'still-no-redis'].every((id) => other.store.feature(id)),
      );
      other.store.transact((w) => w.putFeature(tree('from-b', 3)));
      await until('the edit from b on a', () => !!host.store.feature('from-b'));
      expect(other.text()).toBe(host.text());
      expect(a.output()).toContain('Redis unreachable');
    },
    180_000,
  );
});
