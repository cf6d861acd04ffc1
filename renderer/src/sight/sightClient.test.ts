import { describe, expect, it } from 'vitest';
import type { SightMap, SightRequest } from '../../../engine/sight/sightMap';
import {
  SightClient,
  type FromSightWorker,
  type SightPort,
  type ToSightWorker,
} from './sightClient';

/** A port that holds what it was sent until the test answers it. */
function heldPort() {
  const sent: ToSightWorker[] = [];
  let reply: (m: FromSightWorker) => void = () => {};
  const port: SightPort = {
    post: (m) => sent.push(m),
    listen: (onMessage) => {
      reply = onMessage;
    },
    terminate: () => {},
  };
  const answer = (k: number) => {
    const m = sent[k]!;
    const map = { checks: m.request.viewers.length } as unknown as SightMap;
    reply({ id: m.id, map });
  };
  return { port, sent, answer };
}

const req = (n: number) => ({ viewers: Array.from({ length: n }, () => [0, 0]) }) as SightRequest;

describe('SightClient', () => {
  it('sends one request at a time and, of those that wait, only the newest', () => {
    const { port, sent, answer } = heldPort();
    const shown: number[] = [];
    const client = new SightClient(
      (m) => shown.push(m.checks),
      (e) => {
        throw new Error(e);
      },
      () => port,
    );
    client.request(req(1));
    client.request(req(2));
    client.request(req(3));
    client.request(req(4));
    expect(sent.map((m) => m.request.viewers.length)).toEqual([1]);
    expect(client.dropped).toBe(2);
    answer(0);
    // The newest waiting request went out; the answer to the first is shown meanwhile.
    expect(sent.map((m) => m.request.viewers.length)).toEqual([1, 4]);
    expect(shown).toEqual([1]);
    expect(client.working).toBe(true);
    answer(1);
    expect(shown).toEqual([1, 4]);
    expect(client.working).toBe(false);
  });
});
