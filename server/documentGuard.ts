import * as Y from 'yjs';
import { changeProblems, type TouchedEntry } from '../engine/document/changeChecks';
import { changedEntries, docMaps } from '../engine/document/docMaps';
import { scenarioProblems } from '../engine/document/documentChecks';
import type { Json } from '../engine/document/layout';
import { entryProblem } from '../engine/document/recordSchemas';
import { ScenarioStore } from '../engine/document/ScenarioStore';

/**
 * The server's check of a client's change against the whole scenario: the change is applied to a
 * scratch copy of the room's document, every entry it touches is checked against its schema and
 * the scenario the copy would save is checked with the rules the loader applies (format version,
 * schema, integrity: engine/document/documentChecks.ts). A change that breaks the scenario is
 * refused before the room's document, the database or another client sees it, so the room keeps
 * its last valid state.
 *
 * Cost: the scratch copy follows the room's document change by change, so a check is one
 * `applyUpdate` on the copy plus the check of what the change touched
 * (engine/document/changeChecks.ts), not a copy of the room nor a validation of all of it;
 * `npx tsx bench/documentGuard.ts` measures it per change on the village scenario.
 * A room stored before these checks, already broken, is not locked: only problems a change
 * adds to the ones the room had count.
 */

/** What the guard keeps per open room. */
interface Scratch {
  readonly doc: Y.Doc;
  readonly store: ScenarioStore;
  /** The room's document the copy follows. */
  readonly source: Y.Doc;
  /** Stops following it. */
  readonly stop: () => void;
  /** Problems of the last state the guard let through (a room broken before the checks). */
  known: Set<string>;
  /**
   * The last change let through was applied to a copy and a room that held no change waiting
   * for another: the room takes in exactly what the copy did, so following it is skipped.
   */
  sameAsRoom: boolean;
  /** The room is applying a change the copy already holds (see `applying`). */
  muted: boolean;
  /**
   * The last change let through is what the room will take in, whole and alone: `sameAsRoom`,
   * the copy held no waiting change after it either, and it changed something.
   */
  whole: boolean;
}

/** The origin of the guard's own writes into a scratch copy. */
const GUARD = 'sandtable-guard';

export interface DocumentGuard {
  /** Why `update` from a client may not be applied to `document` (room `room`), or undefined. */
  refuse(room: string, document: Y.Doc, update: Uint8Array): string | undefined;
  /**
   * Runs `apply`, which applies to the room's document the change `refuse` just let through.
   * The scratch copy already holds it; when neither held a change waiting for another, the copy
   * does not decode and apply it a second time as it follows the room.
   */
  applying(room: string, apply: () => void): void;
  /**
   * Whether the room will take in the change `refuse` just let through whole and nothing else
   * with it, so it may be sent to the others as it came (server/broadcast.ts applyFromClient).
   */
  takesWhole(room: string): boolean;
  /** Drops the scratch copy of a room that was unloaded, or whose document refused a change. */
  forget(room: string): void;
}

export function createDocumentGuard(): DocumentGuard {
  const rooms = new Map<string, Scratch>();

  /**
   * A copy of the room's document that follows it change by change: every change the document
   * takes (a checked client's, one relayed through Redis, one found in the database) is applied
   * to the copy too, which costs the change's size. Re-applying the client change the copy
   * already holds is a no-op for Yjs. Comparing state vectors instead cost two encodings of a
   * vector as long as the room's history of clients on every change.
   */
  const open = (document: Y.Doc): Scratch => {
    const doc = new Y.Doc({ gc: true });
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(document), GUARD);
    const store = new ScenarioStore(doc);
    const known = new Set(
      store.isEmpty() ? [] : scenarioProblems(store.scenarioView()).map((p) => p.message),
    );
    const s: Scratch = {
      doc,
      store,
      known,
      source: document,
      stop: () => document.off('update', follow),
      sameAsRoom: false,
      muted: false,
      whole: false,
    };
    const follow = (update: Uint8Array) => {
      if (!s.muted) Y.applyUpdate(doc, update, GUARD);
    };
    document.on('update', follow);
    return s;
  };

  const drop = (room: string) => {
    rooms.get(room)?.stop();
    rooms.delete(room);
  };

  /** The scratch copy of a room, which follows the room's document. */
  const scratchOf = (room: string, document: Y.Doc): Scratch => {
    let s = rooms.get(room);
    if (s && s.source !== document) {
      drop(room);
      s = undefined;
    }
    if (!s) {
      s = open(document);
      rooms.set(room, s);
    }
    return s;
  };

  return {
    refuse(room, document, update) {
      const s = scratchOf(room, document);
      s.sameAsRoom = noneWaiting(s.doc) && noneWaiting(document);
      s.whole = false;
      let changed: Y.Transaction['changed'] | undefined;
      let tx: Y.Transaction | undefined;
      const listen = (tr: Y.Transaction) => {
        if (tr.origin !== 'client') return;
        changed = tr.changed;
        tx = tr;
      };
      s.doc.on('afterTransaction', listen);
      try {
        Y.applyUpdate(s.doc, update, 'client');
      } catch (error) {
        drop(room);
        return `the change cannot be read: ${(error as Error).message}`;
      } finally {
        s.doc.off('afterTransaction', listen);
      }
      // Nothing of it integrated yet (it waits for a change it builds on): checked when it is.
      if (!changed) {
        s.sameAsRoom = false;
        return undefined;
      }
      const touched = changedEntries(s.doc, changed);
      const problem = entryProblems(s.doc, touched) ?? wholeProblems(s, touched);
      if (problem) {
        // The copy holds the refused change: start again from the room next time.
        drop(room);
        return problem;
      }
      s.whole = s.sameAsRoom && noneWaiting(s.doc) && tx !== undefined && changedSomething(tx);
      return undefined;
    },
    takesWhole(room) {
      return rooms.get(room)?.whole === true;
    },
    applying(room, apply) {
      const s = rooms.get(room);
      const mute = s?.sameAsRoom === true;
      if (s) {
        s.sameAsRoom = false;
        s.whole = false;
      }
      if (!mute) {
        apply();
        return;
      }
      s!.muted = true;
      try {
        apply();
      } finally {
        s!.muted = false;
      }
    },
    forget(room) {
      drop(room);
    },
  };
}

/** Whether a transaction added or deleted anything. */
function changedSomething(tr: Y.Transaction): boolean {
  if (tr.deleteSet.clients.size > 0) return true;
  for (const [client, clock] of tr.afterState)
    if ((tr.beforeState.get(client) ?? 0) < clock) return true;
  return false;
}

/** Whether a document holds no change waiting for another (Yjs's pending structs and deletions). */
function noneWaiting(doc: Y.Doc): boolean {
  return doc.store.pendingStructs === null && doc.store.pendingDs === null;
}

/** The first entry the change wrote that fails its own schema, in words. */
function entryProblems(doc: Y.Doc, touched: readonly TouchedEntry[]): string | undefined {
  // The map's fields are read only for a change to one of them (entryProblem needs them then).
  let mapFields: Record<string, Json> | undefined;
  const maps = docMaps(doc).byName;
  for (const { name, key } of touched) {
    const map = maps.get(name)!;
    if (!map.has(key)) continue;
    if (name === 'map') mapFields ??= Object.fromEntries(map.entries());
    const problem = entryProblem(name, key, map.get(key)!, mapFields ?? {});
    if (problem) return `${name} "${key}" ${problem}`;
  }
  return undefined;
}

/**
 * The problems the change adds to the scenario as a whole, in words. Only what the touched
 * entries can break is looked at (engine/document/changeChecks.ts): the same verdict as checking
 * the whole scenario, at the cost of the change.
 */
function wholeProblems(s: Scratch, touched: readonly TouchedEntry[]): string | undefined {
  // A room nobody has seeded yet: the first client's seed is checked entry by entry only.
  if (s.store.isEmpty() || !touched.length) return undefined;
  // A seed (the root arrives) is a whole new scenario: what it had before is not known.
  if (touched.some((t) => t.name === 'root' && t.key === 'format')) s.known = new Set();
  // A room that was broken before the checks is checked whole, so that what a change mends
  // leaves what is known (and breaking it again counts); a valid room by what the change touched.
  const whole = s.known.size > 0;
  if (whole) s.store.invalidate();
  const problems = whole
    ? scenarioProblems(s.store.scenarioView())
    : // Every touched entry passed entryProblems first: its schema is not checked twice.
      changeProblems(s.store, touched, { entriesChecked: true });
  const added = problems.filter((p) => !s.known.has(p.message));
  if (added.length)
    return `it would break the scenario: ${added
      .slice(0, 3)
      .map((p) => p.message)
      .join('; ')}`;
  if (whole) s.known = new Set(problems.map((p) => p.message));
  return undefined;
}
