import { describe, expect, it } from 'vitest';
import type { SightMap, SightRequest } from '../../../engine/sight/sightMap';
import {
  SightClient,
  type FromSightWorker,
  type SightPort,
  type ToSightWorker,
} from './sightClient';

/** Ports that hold what they were sent until the test answers. */
function heldPorts() {
  const ports: { sent: ToSightWorker[]; reply: (m: FromSightWorker) => void }[] = [];
  const make = (): SightPort => {
    const p = { sent: [] as ToSightWorker[], reply: (_m: FromSightWorker) => {} };
    ports.push(p);
    return {
      post: (m) => p.sent.push(m),
      listen: (onMessage) => {
        p.reply = onMessage;
      },
      terminate: () => {},
    };
  };
  /** Answers port k's last message: every cell of its band seen, checks = its viewer count. */
  const answer = (k: number) => {
    const p = ports[k]!;
    const m = p.sent[p.sent.length - 1]!;
    const [from, to] = m.request.rows ?? [0, 2];
    const seen = new Uint8Array(4);
    seen.fill(k + 1, from * 2, to * 2);
    const map: SightMap = {
      grid: { kind: 'table', columns: 2, rows: 2, cell: 0.5, width: 1, height: 1 },
      seen,
      checks: m.request.viewers.length,
      cellsChecked: (to - from) * 2,
      incremental: false,
      ms: 10 + k,
    };
    p.reply({ id: m.id, map });
  };
  return { ports, make, answer };
}

/** A request on a 1" × 1" table (2 × 2 cells of 1/2") with `n` viewer points. */
const req = (n: number): SightRequest =>
  ({
    scenario: { map: { kind: 'table', width: 1, height: 1, features: [] } },
    eye: 'man',
    cell: 0.5,
    viewers: Array.from({ length: n }, () => [0, 0]),
  }) as unknown as SightRequest;

describe('SightClient', () => {
  it('sends one request at a time and, of those that wait, only the newest', () => {
    const { ports, make, answer } = heldPorts();
    const shown: number[] = [];
    const client = new SightClient(
      (m) => shown.push(m.checks),
      (e) => {
        throw new Error(e);
      },
      make,
      1,
    );
    client.request(req(1));
    client.request(req(2));
    client.request(req(3));
    client.request(req(4));
    expect(ports[0]!.sent.map((m) => m.request.viewers.length)).toEqual([1]);
    expect(client.dropped).toBe(2);
    answer(0);
    // The newest waiting request went out; the answer to the first is shown meanwhile.
    expect(ports[0]!.sent.map((m) => m.request.viewers.length)).toEqual([1, 4]);
    expect(shown).toEqual([1]);
    expect(client.working).toBe(true);
    answer(0);
    expect(shown).toEqual([1, 4]);
    expect(client.working).toBe(false);
  });

  it('shows a preview of every band before the merged map, once', () => {
    const { ports, make } = heldPorts();
    const shown: SightMap[] = [];
    const client = new SightClient(
      (m) => shown.push(m),
      () => {},
      make,
      2,
    );
    client.request(req(1));
    const reply = (k: number, preview?: number) => {
      const m = ports[k]!.sent[0]!;
      const map = {
        grid: { kind: 'table', columns: 2, rows: 2, cell: 0.5, width: 1, height: 1 },
        seen: new Uint8Array(4).fill(preview ? 5 : 7),
        checks: 1,
        cellsChecked: 1,
        incremental: false,
        ...(preview ? { preview } : {}),
      } as SightMap;
      ports[k]!.reply({ id: m.id, map });
    };
    reply(0, 4);
    expect(shown).toEqual([]);
    reply(1, 4);
    expect(shown.map((m) => [m.preview, Array.from(m.seen)])).toEqual([[4, [5, 5, 5, 5]]]);
    reply(1);
    reply(0);
    expect(shown.length).toBe(2);
    expect(shown[1]!.preview).toBeUndefined();
    expect(Array.from(shown[1]!.seen)).toEqual([7, 7, 7, 7]);
    expect(client.working).toBe(false);
  });

  it('splits a map into bands of rows, one per worker, and merges their answers', () => {
    const { ports, make, answer } = heldPorts();
    const shown: SightMap[] = [];
    const client = new SightClient(
      (m) => shown.push(m),
      (e) => {
        throw new Error(e);
      },
      make,
      2,
    );
    client.request(req(3));
    expect(ports.map((p) => p.sent[0]!.request.rows)).toEqual([
      [0, 1],
      [1, 2],
    ]);
    answer(1);
    expect(shown).toEqual([]);
    answer(0);
    expect(Array.from(shown[0]!.seen)).toEqual([1, 1, 2, 2]);
    expect(shown[0]!.checks).toBe(6);
    expect(shown[0]!.ms).toBe(11);
  });
});
