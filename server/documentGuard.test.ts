import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ScenarioStore } from '../engine/document/ScenarioStore';
import { SyncBridge } from '../engine/document/SyncBridge';
import { newScenario } from '../engine/document/newScenario';
import type { Forces, ScenarioDoc, Unit } from '../engine/format/types';
import { createDocumentGuard } from './documentGuard';

/**
 * The server's whole-document check on plain Y.Docs: the room's document as the server holds
 * it, and clients that send it their changes (through the bridge, as the app does, or written
 * straight into their shared document, as a hostile client would).
 */

function scenario(): ScenarioDoc {
  const doc = newScenario({ ruleset: 'tankplank', map: { kind: 'table', width: 36, height: 24 } });
  const units = (p: string): Unit[] =>
    Array.from({ length: 10 }, (_, i) => ({ id: `${p}${i}`, type: 'tp.rifleman' }));
  doc.forces = {
    sides: [
      {
        id: 'red',
        name: 'Red',
        formations: [
          { id: 'A', name: 'Able', units: units('a') },
          { id: 'B', name: 'Baker', units: units('b') },
        ],
      },
      { id: 'blue', name: 'Blue', formations: [{ id: 'C', units: units('c') }] },
    ],
  };
  return doc;
}

/** A room on the server, and a client whose changes go through the guard before the room. */
class Room {
  readonly doc = new Y.Doc();
  readonly guard = createDocumentGuard();
  readonly refused: string[] = [];
  /** Sends a client's change; the room takes it only when the guard lets it through. */
  send(update: Uint8Array): boolean {
    const why = this.guard.refuse('room', this.doc, update);
    if (why) {
      this.refused.push(why);
      return false;
    }
    // As the server does: the copy that checked the change need not take it again.
    this.guard.applying('room', () => Y.applyUpdate(this.doc, update, 'client'));
    return true;
  }
}

class Client {
  readonly store: ScenarioStore;
  readonly shared = new Y.Doc();
  readonly outbox: Uint8Array[] = [];
  constructor(room: Room, seed?: ScenarioDoc) {
    this.shared.on('update', (u: Uint8Array, origin: unknown) => {
      if (origin !== 'server') this.outbox.push(u);
    });
    if (seed) {
      this.store = ScenarioStore.fromScenario(seed);
      new SyncBridge(this.store, this.shared, undefined, 'seed');
    } else {
      Y.applyUpdate(this.shared, Y.encodeStateAsUpdate(room.doc), 'server');
      this.store = new ScenarioStore();
      new SyncBridge(this.store, this.shared, undefined, 'join');
    }
  }
  /** Sends every pending change; true when the room took them all. */
  push(room: Room): boolean {
    return this.outbox.splice(0).every((u) => room.send(u));
  }
  editForces(fn: (f: Forces) => void): void {
    const forces = this.store.toScenario().forces;
    fn(forces);
    this.store.transact((w) => w.setRoot('forces', forces as never));
  }
}

function seeded(): { room: Room; ann: Client } {
  const room = new Room();
  const ann = new Client(room, scenario());
  expect(ann.push(room)).toBe(true);
  return { room, ann };
}

describe('documentGuard', () => {
  it('lets a valid seed and ordinary edits through', () => {
    const { room, ann } = seeded();
    ann.editForces((f) => (f.sides[0]!.formations[0]!.units[0]!.name = 'Anna'));
    ann.store.transact((w) => w.setRoot('meta', { title: 'Renamed' }));
    expect(ann.push(room)).toBe(true);
    expect(room.refused).toEqual([]);
    expect(new ScenarioStore(room.doc).toScenario().meta.title).toBe('Renamed');
  });

  it('says a change may be sent as it came only when the room takes it in whole and alone', () => {
    const { room, ann } = seeded();
    ann.store.transact((w) => w.setRoot('meta', { title: 'First' }));
    const [first] = ann.outbox.splice(0);
    ann.store.transact((w) => w.setRoot('meta', { title: 'Second' }));
    const [second] = ann.outbox.splice(0);
    // The second builds on the first, which the room has not had: it waits, not whole.
    expect(room.guard.refuse('room', room.doc, second!)).toBeUndefined();
    expect(room.guard.takesWhole('room')).toBe(false);
    room.guard.applying('room', () => Y.applyUpdate(room.doc, second!, 'client'));
    // The first now also brings in the second that waited for it: not what was sent, alone.
    expect(room.guard.refuse('room', room.doc, first!)).toBeUndefined();
    expect(room.guard.takesWhole('room')).toBe(false);
    room.guard.applying('room', () => Y.applyUpdate(room.doc, first!, 'client'));
    expect(new ScenarioStore(room.doc).toScenario().meta.title).toBe('Second');
    // An ordinary change into a room with nothing waiting: whole. Sent twice: nothing new.
    ann.store.transact((w) => w.setRoot('meta', { title: 'Third' }));
    const [third] = ann.outbox.splice(0);
    expect(room.guard.refuse('room', room.doc, third!)).toBeUndefined();
    expect(room.guard.takesWhole('room')).toBe(true);
    room.guard.applying('room', () => Y.applyUpdate(room.doc, third!, 'client'));
    expect(room.guard.takesWhole('room')).toBe(false);
    expect(room.guard.refuse('room', room.doc, third!)).toBeUndefined();
    expect(room.guard.takesWhole('room')).toBe(false);
  });

  it('lets the concurrent A-into-B and B-into-A moves through: the view resolves them', () => {
    const { room } = seeded();
    const a = new Client(room);
    const b = new Client(room);
    a.editForces((f) => {
      const red = f.sides[0]!;
      const able = red.formations.shift()!;
      (red.formations[0]!.formations ??= []).push(able);
    });
    b.editForces((f) => {
      const red = f.sides[0]!;
      const baker = red.formations.pop()!;
      (red.formations[0]!.formations ??= []).push(baker);
    });
    expect(a.push(room)).toBe(true);
    expect(b.push(room)).toBe(true);
    const saved = new ScenarioStore(room.doc).toScenario();
    const count = JSON.stringify(saved.forces).match(/"type"/g)!.length;
    expect(count).toBe(30);
  });

  it('lets every side deleted through: the scenario makes up a side that holds what is left', () => {
    const { room } = seeded();
    const mallory = new Client(room);
    mallory.shared.transact(() => {
      for (const id of ['red', 'blue']) {
        mallory.shared.getMap('sides').delete(id);
        mallory.shared.getMap('sides:at').delete(id);
      }
    });
    expect(mallory.push(room)).toBe(true);
    const saved = new ScenarioStore(room.doc).toScenario();
    expect(saved.forces.sides.map((s) => s.name)).toEqual(['Recovered side']);
    expect(JSON.stringify(saved.forces).match(/"type"/g)!.length).toBe(30);
  });

  const hostile: [string, (s: Y.Doc) => void, RegExp][] = [
    [
      'a unit listed as its own passenger',
      (s) => s.getMap('units').set('a0', { id: 'a0', type: 'tp.rifleman', passengers: ['a0'] }),
      /own passenger/,
    ],
    [
      'the root formatVersion deleted',
      (s) => s.getMap('root').delete('formatVersion'),
      /format version/,
    ],
    ['the ruleset deleted', (s) => s.getMap('root').delete('ruleset'), /ruleset/],
    ['the map’s kind deleted', (s) => s.getMap('map').delete('kind'), /kind/],
    [
      'an outline that crosses itself',
      (s) => {
        s.getMap('features').set('bow', {
          id: 'bow',
          kind: 'woods',
          points: [
            [0, 0],
            [4, 4],
            [4, 0],
            [0, 4],
          ],
        });
        s.getMap('features:at').set('bow', { order: 'a5' });
      },
      /crosses itself/,
    ],
    [
      'a placement under a parent kind that does not exist',
      (s) => s.getMap('units:at').set('a0', { order: 'a0', parent: 'nowhere:x' }),
      /parent/,
    ],
  ];
  it.each(hostile)('refuses %s and keeps the last valid state', (_name, write, problem) => {
    const { room } = seeded();
    const before = Y.encodeStateAsUpdate(room.doc);
    const mallory = new Client(room);
    mallory.shared.transact(() => write(mallory.shared));
    expect(mallory.push(room)).toBe(false);
    expect(room.refused[0]).toMatch(problem);
    expect(Y.encodeStateAsUpdate(room.doc)).toEqual(before);
    // The guard started again from the room: a valid change afterwards still passes.
    const ann = new Client(room);
    ann.store.transact((w) => w.setRoot('meta', { title: 'Still fine' }));
    expect(ann.push(room)).toBe(true);
  });
});
