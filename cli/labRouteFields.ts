import { createHash } from 'node:crypto';
import {
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import type { ScenarioDoc } from '../engine/format';
import type { RouteFieldRecord } from '../engine/movement/routeField';

/**
 * Route fields kept on disk between lab runs, beside the thread bundle they were built by
 * (node_modules/.cache/sandtable-threads). A village lab thread built the same 130-odd fields in
 * every run, about 20 of them in its first game (230 ms of its 410); a run whose map and code are
 * those of a run before starts with them. A file is named by the code (the bundle's name and its
 * manifest, which lists the hash of every source file) and by what a terrain is made from (the
 * scenario's ruleset, map and catalog), so a field read back is the one the thread would build.
 */

/** What a thread needs to find its kept fields: its bundle's directory and the code's id. */
export interface RouteFieldStore {
  readonly dir: string;
  readonly code: string;
}

/**
 * The store of a thread whose code is the bundle at `codeUrl` (its `import.meta.url`); undefined
 * when the code was not loaded from a kept bundle (a data URL) or its manifest cannot be read.
 */
export function routeFieldStore(codeUrl: string): RouteFieldStore | undefined {
  if (!codeUrl.startsWith('file:') || !codeUrl.endsWith('.mjs')) return undefined;
  try {
    const bundle = fileURLToPath(codeUrl);
    const manifest = readFileSync(bundle.replace(/\.mjs$/, '.json'));
    const code = createHash('sha1').update(bundle).update('\0').update(manifest).digest('hex');
    return { dir: join(bundle, '..'), code };
  } catch {
    return undefined;
  }
}

/** The file of a scenario's fields: by the code and everything its terrain is made from. */
export function routeFieldFile(store: RouteFieldStore, scenario: ScenarioDoc): string {
  const made = JSON.stringify([scenario.ruleset, scenario.map, scenario.catalog ?? null]);
  const name = createHash('sha1').update(store.code).update('\0').update(made).digest('hex');
  return join(store.dir, `${FILE_PREFIX}${name}.bin`);
}

const FILE_PREFIX = 'routes-';
const MAGIC = 'SANDTABLE-ROUTES-2\n';
/** The file ends with the sha1 of all before it: a file torn or changed is read as none. */
const SUM_BYTES = 20;
/** At most this many fields in a file and this many bytes (a village's are about 15 MB). */
const MOST_FIELDS = 400;
const MOST_BYTES = 256 * 1024 * 1024;
/** Files of other maps or code kept beside the newest; older ones are deleted on a write. */
const FILES_KEPT = 6;

/** A field's head in the file: the record without its two arrays, which follow the heads. */
type Head = Omit<RouteFieldRecord, 'cost' | 'next'>;

/**
 * The fields kept in `file`, checked: undefined when there is no file or anything in it is not
 * as written (wrong size, a cost below 0 or not a number, a next node off the grid), so a bad
 * file costs only the time to build the fields again.
 */
export function readRouteFields(file: string): RouteFieldRecord[] | undefined {
  let buf: Buffer;
  try {
    if (statSync(file).size > MOST_BYTES) return undefined;
    buf = readFileSync(file);
  } catch {
    return undefined;
  }
  if (buf.length < SUM_BYTES) return undefined;
  const sum = createHash('sha1')
    .update(buf.subarray(0, buf.length - SUM_BYTES))
    .digest();
  if (!sum.equals(buf.subarray(buf.length - SUM_BYTES))) return undefined;
  buf = buf.subarray(0, buf.length - SUM_BYTES);
  if (buf.subarray(0, MAGIC.length).toString('latin1') !== MAGIC) return undefined;
  if (buf.length < MAGIC.length + 4) return undefined;
  const headLength = buf.readUInt32LE(MAGIC.length);
  const headAt = MAGIC.length + 4;
  if (headAt + headLength > buf.length) return undefined;
  let heads: unknown;
  try {
    heads = JSON.parse(buf.subarray(headAt, headAt + headLength).toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(heads) || heads.length > MOST_FIELDS || !heads.every(isHead)) return undefined;
  const out: RouteFieldRecord[] = [];
  let at = align8(headAt + headLength);
  for (const h of heads) {
    const size = h.columns * h.rows;
    const end = at + size * 8 + align8(size * 4);
    if (end > buf.length) return undefined;
    const cost = new Float64Array(
      buf.buffer.slice(buf.byteOffset + at, buf.byteOffset + at + size * 8),
    );
    at += size * 8;
    const next = new Int32Array(
      buf.buffer.slice(buf.byteOffset + at, buf.byteOffset + at + size * 4),
    );
    at = end;
    for (let n = 0; n < size; n++) {
      const c = cost[n]!;
      const to = next[n]!;
      if (!(c >= 0) || to < -1 || to >= size) return undefined;
    }
    out.push({ ...h, cost, next });
  }
  return at === buf.length ? out : undefined;
}

function isHead(h: unknown): h is Head {
  if (typeof h !== 'object' || h === null) return false;
  const r = h as Record<string, unknown>;
  const whole = (v: unknown) =>
    Number.isSafeInteger(v) && (v as number) > 0 && (v as number) <= 4096;
  return (
    typeof r['mover'] === 'string' &&
    typeof r['closed'] === 'string' &&
    Number.isFinite(r['x']) &&
    Number.isFinite(r['y']) &&
    whole(r['columns']) &&
    whole(r['rows'])
  );
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

/**
 * Writes `records` to `file` (under another name, then renamed, so a thread starting at the same
 * moment never reads half a file) and deletes all but the newest FILES_KEPT such files beside it.
 * A read-only install keeps nothing, silently: the fields are built again next time.
 */
export function writeRouteFields(file: string, records: readonly RouteFieldRecord[]): void {
  const kept = records.slice(0, MOST_FIELDS);
  const head = Buffer.from(
    JSON.stringify(
      kept.map((r) => ({
        mover: r.mover,
        closed: r.closed,
        x: r.x,
        y: r.y,
        columns: r.columns,
        rows: r.rows,
      })),
    ),
    'utf8',
  );
  const parts: Buffer[] = [Buffer.from(MAGIC, 'latin1'), Buffer.alloc(4)];
  parts[1]!.writeUInt32LE(head.length);
  parts.push(head);
  let length = MAGIC.length + 4 + head.length;
  const pad = (to: number) => {
    if (to > length) parts.push(Buffer.alloc(to - length));
    length = to;
  };
  pad(align8(length));
  for (const r of kept) {
    parts.push(Buffer.from(r.cost.buffer, r.cost.byteOffset, r.cost.byteLength));
    parts.push(Buffer.from(r.next.buffer, r.next.byteOffset, r.next.byteLength));
    length += r.cost.byteLength + r.next.byteLength;
    pad(align8(length));
  }
  try {
    // Named by the thread too: both threads of a run may write the same file at once.
    const tmp = `${file}.${process.pid}.${threadId}.${Date.now()}.tmp`;
    const body = Buffer.concat(parts);
    writeFileSync(tmp, Buffer.concat([body, createHash('sha1').update(body).digest()]));
    renameSync(tmp, file);
    pruneRouteFiles(join(file, '..'));
  } catch {
    // Nowhere to keep them: built again next run.
  }
}

function pruneRouteFiles(dir: string): void {
  const files = readdirSync(dir)
    .filter((f) => f.startsWith(FILE_PREFIX) && f.endsWith('.bin'))
    .map((f) => ({ f, at: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { f } of files.slice(FILES_KEPT)) unlinkSync(join(dir, f));
}
