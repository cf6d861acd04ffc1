import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { RouteFieldRecord } from '../engine/movement/routeField';
import { readRouteFields, writeRouteFields } from './labRouteFields';

const dir = mkdtempSync(join(tmpdir(), 'sandtable-routes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A small field of `columns` x `rows` nodes whose every node leads to the next one. */
function field(columns: number, rows: number, shift: number, closed = ''): RouteFieldRecord {
  const size = columns * rows;
  const cost = Float64Array.from({ length: size }, (_, n) =>
    n === 3 ? Infinity : n * 0.25 + shift,
  );
  const next = Int32Array.from({ length: size }, (_, n) => (n + 1 < size ? n + 1 : -1));
  return { mover: 'infantry|6|6|false|', closed, x: 10.5 + shift, y: 3, columns, rows, cost, next };
}

describe('route fields kept on disk by lab threads', () => {
  test('read back as written, every number the same', () => {
    const file = join(dir, 'routes-a.bin');
    // Odd sizes, so the blocks after them are padded to whole doubles.
    const written = [field(3, 5, 0), field(7, 3, 1, 'bridge-1'), field(2, 2, 2)];
    writeRouteFields(file, written);
    const read = readRouteFields(file)!;
    expect(read).toHaveLength(3);
    for (const [k, r] of read.entries()) {
      const w = written[k]!;
      expect({ ...r, cost: [...r.cost], next: [...r.next] }).toEqual({
        ...w,
        cost: [...w.cost],
        next: [...w.next],
      });
    }
  });

  test('a file not as written reads as none, so the fields are built again', () => {
    const file = join(dir, 'routes-b.bin');
    writeRouteFields(file, [field(4, 4, 0)]);
    const good = readFileSync(file);
    expect(readRouteFields(file)).toHaveLength(1);
    const bad = (name: string, bytes: Buffer) => {
      const f = join(dir, name);
      writeFileSync(f, bytes);
      return readRouteFields(f);
    };
    expect(bad('routes-short.bin', good.subarray(0, good.length - 8))).toBeUndefined();
    expect(bad('routes-long.bin', Buffer.concat([good, Buffer.alloc(8)]))).toBeUndefined();
    // Any byte changed: the file's sum no longer matches.
    const changed = Buffer.from(good);
    changed[40] = changed[40]! ^ 1;
    expect(bad('routes-changed.bin', changed)).toBeUndefined();
    // Changed and summed again, so only the checks of what it says can refuse it.
    const body = good.subarray(0, good.length - 20);
    const summed = (b: Buffer) => Buffer.concat([b, createHash('sha1').update(b).digest()]);
    expect(bad('routes-same.bin', summed(Buffer.from(body)))).toHaveLength(1);
    const magic = Buffer.from(body);
    magic[0] = 0x21;
    expect(bad('routes-magic.bin', summed(magic))).toBeUndefined();
    // The last node's next (-1) made a node off the grid.
    const offGrid = Buffer.from(body);
    offGrid.writeInt32LE(16, body.length - 4);
    expect(bad('routes-next.bin', summed(offGrid))).toBeUndefined();
    // A cost below 0.
    const negative = Buffer.from(body);
    negative.writeDoubleLE(-1, body.length - 16 * 4 - 8);
    expect(bad('routes-cost.bin', summed(negative))).toBeUndefined();
    expect(readRouteFields(join(dir, 'routes-none.bin'))).toBeUndefined();
  });

  test('only the newest few files are kept', () => {
    const sub = mkdtempSync(join(dir, 'many-'));
    for (let k = 0; k < 9; k++) writeRouteFields(join(sub, `routes-${k}.bin`), [field(2, 2, k)]);
    const left = readdirSync(sub).filter((f) => f.startsWith('routes-'));
    expect(left.length).toBe(6);
  });
});
