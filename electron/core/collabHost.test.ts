import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newScenario, ScenarioStore } from '../../engine/document';
import { CollabSession } from '../../renderer/src/collab/CollabSession';
import { newRoom } from '../../server/protocol';
import { lanAddresses, SessionHost } from './collabHost';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('SessionHost (Host session… in the desktop app)', () => {
  it('lists the IPv4 network addresses, not loopback', () => {
    expect(
      lanAddresses({
        lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true } as never],
        eth0: [
          { address: '192.168.1.5', family: 'IPv4', internal: false } as never,
          { address: 'fe80::1', family: 'IPv6', internal: false } as never,
        ],
      }),
    ).toEqual(['192.168.1.5']);
  });

  it('starts one server, takes a shared scenario into a room, and stops', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sandtable-host-'));
    dirs.push(dir);
    const host = new SessionHost(dir, { host: '127.0.0.1', port: 0 });
    const info = await host.start();
    expect(await host.start()).toEqual(info);
    expect(info.local).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    const store = ScenarioStore.fromScenario(
      newScenario({ ruleset: 'tankplank', map: { kind: 'table', width: 36, height: 24 } }),
    );
    const room = newRoom();
    const mine = new CollabSession({
      store,
      invitation: { server: info.local, ...room },
      create: true,
      user: { name: 'host', colour: '#333' },
      WebSocket,
    });
    const guestStore = new ScenarioStore();
    const guest = new CollabSession({
      store: guestStore,
      invitation: { server: info.lan[0]!, ...room },
      create: false,
      user: { name: 'guest', colour: '#666' },
      WebSocket,
    });
    const deadline = Date.now() + 15_000;
    while (!guest.ready && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(guestStore.toScenario()).toEqual(store.toScenario());
    await mine.close();
    await guest.close();
    await host.stop();
  });
});
