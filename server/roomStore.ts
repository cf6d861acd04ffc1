import { createHash, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as Y from 'yjs';

/**
 * Rooms kept in one SQLite file (better-sqlite3): each room's secret (its SHA-256 only), its
 * compacted Yjs state, and the updates received since. Every update a client sends is appended
 * before the server acknowledges it, so a server killed at any moment loses no acknowledged edit;
 * compaction folds the appended updates into the state later. Several server processes (behind
 * Redis) can share the file: SQLite's WAL mode and a busy timeout let them write in turn.
 */
export class RoomStore {
  private readonly db: Database.Database;
  private readonly statements: ReturnType<RoomStore['prepare']>;

  constructor(readonly file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode: a committed append survives the process being killed.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS rooms (
        name TEXT PRIMARY KEY,
        secret_sha256 BLOB NOT NULL,
        state BLOB,
        created_at TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS updates (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        room TEXT NOT NULL,
        data BLOB NOT NULL
      );
      CREATE INDEX IF NOT EXISTS updates_room ON updates (room, id);
    `);
    this.statements = this.prepare();
  }

  private prepare() {
    const db = this.db;
    return {
      room: db.prepare<[string], { secret_sha256: Buffer; state: Buffer | null }>(
        'SELECT secret_sha256, state FROM rooms WHERE name = ?',
      ),
      create: db.prepare<[string, Buffer, string]>(
        'INSERT OR IGNORE INTO rooms (name, secret_sha256, created_at) VALUES (?, ?, ?)',
      ),
      updates: db.prepare<[string], { id: number; data: Buffer }>(
        'SELECT id, data FROM updates WHERE room = ? ORDER BY id',
      ),
      append: db.prepare<[string, Buffer]>('INSERT INTO updates (room, data) VALUES (?, ?)'),
      setState: db.prepare<[Buffer, string]>('UPDATE rooms SET state = ? WHERE name = ?'),
      dropUpTo: db.prepare<[string, number]>('DELETE FROM updates WHERE room = ? AND id <= ?'),
      count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM rooms'),
    };
  }

  /**
   * Checks a client's secret for a room. `create` makes the room with this secret when it does
   * not exist yet; an existing room always wants its own secret.
   */
  admit(room: string, secret: string, create: boolean): 'ok' | 'wrong-secret' | 'no-room' {
    const hash = sha256(secret);
    let row = this.statements.room.get(room);
    if (!row && create) {
      this.statements.create.run(room, hash, new Date().toISOString());
      row = this.statements.room.get(room);
    }
    if (!row) return 'no-room';
    return row.secret_sha256.length === hash.length && timingSafeEqual(row.secret_sha256, hash)
      ? 'ok'
      : 'wrong-secret';
  }

  /** The room's whole state: the compacted state plus every update appended since. */
  load(room: string): Uint8Array | null {
    const row = this.statements.room.get(room);
    const updates = this.statements.updates.all(room).map((u) => new Uint8Array(u.data));
    const parts = [...(row?.state ? [new Uint8Array(row.state)] : []), ...updates];
    return parts.length ? Y.mergeUpdates(parts) : null;
  }

  /** Appends one update (synchronously: it is on disk when this returns). */
  append(room: string, update: Uint8Array): void {
    this.statements.append.run(room, Buffer.from(update));
  }

  /**
   * Folds the appended updates and `current` (a server's in-memory state) into the room's state
   * and drops those updates, in one transaction. Updates another server appended meanwhile are
   * folded in too, so nothing is dropped that the new state does not hold. Returns the new state.
   */
  compact(room: string, current: Uint8Array): Uint8Array {
    // IMMEDIATE: take the write lock before reading, so another process's append in between
    // makes this wait (busy timeout) instead of failing on a stale snapshot.
    const fold = this.db.transaction(() => {
      const row = this.statements.room.get(room);
      const updates = this.statements.updates.all(room);
      const parts = [
        ...(row?.state ? [new Uint8Array(row.state)] : []),
        ...updates.map((u) => new Uint8Array(u.data)),
        current,
      ];
      const merged = Y.mergeUpdates(parts);
      this.statements.setState.run(Buffer.from(merged), room);
      const last = updates[updates.length - 1];
      if (last) this.statements.dropUpTo.run(room, last.id);
      return merged;
    });
    return fold.immediate();
  }

  roomCount(): number {
    return this.statements.count.get()?.n ?? 0;
  }

  close(): void {
    this.db.close();
  }
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
