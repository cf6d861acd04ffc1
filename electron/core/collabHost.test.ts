import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newScenario, ScenarioStore } from '../../engine/document';
import { CollabSession } from '../../renderer/src/collab/CollabSession';
import { newRoom } from '../../server/protocol';
import { createConnection } from 'node:net';
import {
  bindAddressFor,
  HOST_SCOPE_QUESTION,
  lanAddresses,
  scopeFromAnswer,
  SessionHost,
} from './collabHost';

/** Whether a TCP connection to host:port is accepted. */
const reachable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host, port });
    socket.setTimeout(3000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

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

  it('opens to the network only on the explicit answer; closing the question keeps it local', () => {
    expect(HOST_SCOPE_QUESTION.buttons[HOST_SCOPE_QUESTION.defaultId]).toBe('Only This Computer');
    expect(scopeFromAnswer(HOST_SCOPE_QUESTION.cancelId)).toBe('this-computer');
    expect(scopeFromAnswer(HOST_SCOPE_QUESTION.defaultId)).toBe('this-computer');
    expect(HOST_SCOPE_QUESTION.buttons[1]).toBe('Open to My Network');
    expect(scopeFromAnswer(1)).toBe('network');
    expect(scopeFromAnswer(2)).toBe('this-computer');
    expect(scopeFromAnswer(-1)).toBe('this-computer');
    expect(bindAddressFor('this-computer')).toBe('127.0.0.1');
    expect(bindAddressFor('network')).toBe('0.0.0.0');
  });

  it('listens on loopback by default: other computers cannot reach a session kept local', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sandtable-host-'));
    dirs.push(dir);
    const host = new SessionHost(dir, { port: 0 });
    const info = await host.start();
    expect(info).toMatchObject({ network: false, lan: [] });
    const port = Number(new URL(info.local).port);
    expect(await reachable('127.0.0.1', port)).toBe(true);
    // This computer's own network addresses are what another computer would dial.
    for (const address of lanAddresses())
      expect(await reachable(address, port), address).toBe(false);
    await host.stop();
  });

  it('starts one server, takes a shared scenario into a room, and stops', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sandtable-host-'));
    dirs.push(dir);
    const host = new SessionHost(dir, { port: 0 });
    const info = await host.start('this-computer');
    expect(await host.start('this-computer')).toEqual(info);
    expect(info.local).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    const store = ScenarioStore.fromScenario(
      newScenario({ ruleset: 'tankplank', map: { kind: 'table', width: 36, height: 24 } }),
    );
    const room = newRoom();
    // Someone else on the network cannot create a room on the hosted server.
    const strangerRoom = newRoom();
    const stranger = new CollabSession({
      store: ScenarioStore.fromScenario(store.toScenario()),
      invitation: { server: info.local, ...strangerRoom },
      create: true,
      user: { name: 'stranger', colour: '#999' },
      WebSocket,
    });
    const refusedBy = Date.now() + 15_000;
    while (stranger.status().kind !== 'refused' && Date.now() < refusedBy)
      await new Promise((r) => setTimeout(r, 20));
    expect(stranger.status()).toMatchObject({ kind: 'refused', reason: /host/ });
    await stranger.close();
    const mine = new CollabSession({
      store,
      invitation: { server: info.local, ...room },
      create: true,
      hostSecret: info.hostSecret,
      user: { name: 'host', colour: '#333' },
      WebSocket,
    });
    const guestStore = new ScenarioStore();
    const guest = new CollabSession({
      store: guestStore,
      invitation: { server: info.local, ...room },
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
