import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newScenario, ScenarioStore } from '../engine/document';
import { loadDocument, serializeDocument } from '../engine/format';
import { CollabSession } from '../renderer/src/collab/CollabSession';
import { startCollabServer } from './collabServer';
import { newRoom, type Invitation } from './protocol';
import { until } from './rawClient';
import { testScope } from './testScope';

/**
 * The whole-document guard in a running server: a client that skips the checks writes changes
 * that break the scenario straight into its shared document; the server refuses them, nobody
 * else gets them, and a person joining later loads the last valid state.
 */

const { defer } = testScope();

function client(invitation: Invitation, name: string, store?: ScenarioStore) {
  const session = new CollabSession({
    store: store ?? new ScenarioStore(),
    invitation,
    create: store !== undefined,
    user: { name, colour: '#c33' },
    WebSocket,
  });
  defer(() => session.close());
  return session;
}

describe('documentGuard in the server', () => {
  it('refuses changes that break the scenario and keeps the room’s last valid state', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sandtable-guard-'));
    defer(() => rmSync(dir, { recursive: true, force: true }));
    const log: string[] = [];
    const server = await startCollabServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: dir,
      log: (l) => log.push(l),
    });
    defer(() => server.close());
    const inv = { server: server.url, ...newRoom() };
    const doc = newScenario({
      ruleset: 'tankplank',
      map: { kind: 'table', width: 36, height: 24 },
    });
    const host = client(inv, 'Anna', ScenarioStore.fromScenario(doc));
    const mallory = client(inv, 'Mallory');
    await until('Mallory to load the room', () => mallory.ready);

    mallory.shared.transact(() => mallory.shared.getMap('root').delete('formatVersion'));
    await until('the refusal', () => log.some((l) => /refused a change/.test(l)));
    expect(log.find((l) => /refused a change/.test(l))).toMatch(/format version was deleted/);

    // Mallory's app stops sending (the change would be refused again on every resend) and says
    // why and what to do; her later edits stay in her store.
    await until('Mallory to stop', () => mallory.status().kind === 'stopped');
    const stopped = mallory.status();
    expect(stopped.kind === 'stopped' && stopped.reason).toMatch(/format version was deleted/);
    expect(stopped.kind === 'stopped' && stopped.advice).toMatch(/stays on this computer/);
    await until('her connection to close', () => !mallory.online);
    mallory.reconnect();
    mallory.options.store.transact((w) =>
      w.putFeature({ id: 'kept', kind: 'tree', x: 3, y: 3, canopyRadius: 1 }),
    );
    expect(mallory.options.store.features.get('kept')).toBeDefined();
    expect(mallory.online).toBe(false);
    expect(log.filter((l) => /refused a change/.test(l))).toHaveLength(1);

    // Someone joining now loads what Anna shared, not Mallory's change.
    const late = client(inv, 'Late');
    await until('the late joiner to load the room', () => late.ready);
    const saved = serializeDocument(late.options.store.toScenario());
    expect(loadDocument(saved, { expect: ['sandtable.scenario'] }).ok).toBe(true);
    expect(late.options.store.toScenario().formatVersion).toBe(1);
    expect(host.options.store.toScenario().formatVersion).toBe(1);
  });
});
