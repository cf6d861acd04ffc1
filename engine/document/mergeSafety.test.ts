import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import { loadDocument, serializeDocument } from '../format';
import type { Formation, Forces, ScenarioDoc, Unit } from '../format/types';
import { ScenarioStore } from './ScenarioStore';
import { SyncBridge, type RefusedEntry, type RepairNotice } from './SyncBridge';
import { newScenario } from './newScenario';
import { scenarioProblems } from './documentChecks';

/**
 * Merges never lose a record and the whole document stays valid: concurrent structural edits
 * between in-process peers (each a store, a shared Y.Doc and a bridge, as in the app), and
 * hostile changes written straight into a shared document, as a peer that skips the checks would.
 */

const units = (prefix: string, n: number): Unit[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `${prefix}.u${i}`,
    type: 'tp.rifleman',
    name: `${prefix} rifleman ${i}`,
  }));

/** Red with formations A and B of ten units each, and Blue with one formation. */
function twoPlatoons(): ScenarioDoc {
  const doc = newScenario({ ruleset: 'tankplank', map: { kind: 'table', width: 36, height: 24 } });
  doc.forces = {
    sides: [
      {
        id: 'red',
        name: 'Red',
        formations: [
          { id: 'A', name: 'Able', units: units('A', 10) },
          { id: 'B', name: 'Baker', units: units('B', 10) },
        ],
      },
      {
        id: 'blue',
        name: 'Blue',
        formations: [
          {
            id: 'C',
            name: 'Charlie',
            units: [
              { id: 'C.t1', type: 'tp.mediumTank', name: 'Tiger' },
              { id: 'C.t2', type: 'tp.mediumTank', name: 'Panther' },
              ...units('C', 2),
            ],
          },
        ],
      },
    ],
  };
  return doc;
}

class Peer {
  readonly store: ScenarioStore;
  readonly shared = new Y.Doc();
  readonly bridge: SyncBridge;
  readonly refused: RefusedEntry[] = [];
  readonly repaired: RepairNotice[] = [];
  readonly outbox: Uint8Array[] = [];
  constructor(
    from: ScenarioDoc | Peer,
    readonly name: string,
    names: Map<number, string> = new Map(),
  ) {
    if (from instanceof Peer) {
      Y.applyUpdate(this.shared, Y.encodeStateAsUpdate(from.shared), 'provider');
      this.store = new ScenarioStore();
    } else {
      this.store = ScenarioStore.fromScenario(from);
    }
    names.set(this.shared.clientID, name);
    this.shared.on('update', (u: Uint8Array, origin: unknown) => {
      if (origin !== 'provider') this.outbox.push(u);
    });
    this.bridge = new SyncBridge(
      this.store,
      this.shared,
      (r) => this.refused.push(...r),
      from instanceof Peer ? 'join' : 'seed',
      { onRepaired: (r) => this.repaired.push(...r), nameOf: (id) => names.get(id) },
    );
  }
  receive(update: Uint8Array): void {
    Y.applyUpdate(this.shared, update, 'provider');
  }
  doc(): ScenarioDoc {
    return this.store.toScenario();
  }
  text(): string {
    return serializeDocument(this.doc());
  }
  editForces(fn: (f: Forces) => void): void {
    const forces = this.doc().forces;
    fn(forces);
    this.store.transact((w) => w.setRoot('forces', forces as never));
  }
}

function flush(peers: readonly Peer[]): void {
  for (let round = 0; round < 2; round++)
    for (const p of peers)
      for (const u of p.outbox.splice(0)) for (const q of peers) if (q !== p) q.receive(u);
}

/** Every formation of the forces, depth first, with the side it is in. */
function allFormations(forces: Forces): { f: Formation; side: string; parent: Formation[] }[] {
  const out: { f: Formation; side: string; parent: Formation[] }[] = [];
  for (const s of forces.sides) {
    const walk = (list: Formation[]) =>
      list.forEach((f) => {
        out.push({ f, side: s.id, parent: list });
        walk(f.formations ?? []);
      });
    walk(s.formations);
  }
  return out;
}

const ids = (doc: ScenarioDoc) => {
  const fs = allFormations(doc.forces);
  return {
    formations: fs.map((x) => x.f.id).sort(),
    units: fs.flatMap((x) => x.f.units.map((u) => u.id)).sort(),
  };
};

/** Loader verdict on the saved text: the problems, or [] when it opens. */
function loads(doc: ScenarioDoc): string[] {
  const res = loadDocument(serializeDocument(doc), { expect: ['sandtable.scenario'] });
  return res.ok ? [] : res.problems.map((p) => `${p.pointer}: ${p.message}`);
}

function take(forces: Forces, id: string): Formation {
  for (const x of allFormations(forces)) {
    if (x.f.id === id) {
      x.parent.splice(x.parent.indexOf(x.f), 1);
      return x.f;
    }
  }
  throw new Error(`no formation ${id}`);
}
const find = (forces: Forces, id: string) => allFormations(forces).find((x) => x.f.id === id)!.f;

describe('concurrent structural edits', () => {
  it('A moved into B while B is moved into A keeps both formations and all 20 units, on both peers and in the file', () => {
    const names = new Map<number, string>();
    const ann = new Peer(twoPlatoons(), 'Ann', names);
    const bob = new Peer(ann, 'Bob', names);
    const before = ids(ann.doc());
    ann.editForces((f) => {
      const a = take(f, 'A');
      (find(f, 'B').formations ??= []).push(a);
    });
    bob.editForces((f) => {
      const b = take(f, 'B');
      (find(f, 'A').formations ??= []).push(b);
    });
    flush([ann, bob]);
    expect(ann.text()).toBe(bob.text());
    expect(ids(ann.doc())).toEqual(before);
    expect(loads(ann.doc())).toEqual([]);
    // Broken at the smallest order key (A came first) and lifted to the top of Red.
    const red = ann.doc().forces.sides[0]!;
    expect(red.formations.map((f) => f.id)).toEqual(['A']);
    expect(red.formations[0]!.formations!.map((f) => f.id)).toEqual(['B']);
    for (const p of [ann, bob]) {
      expect(p.refused).toEqual([]);
      expect(p.repaired).toHaveLength(1);
      expect(p.repaired[0]!.text).toMatch(/formation "Able" and formation "Baker"/i);
      expect(p.repaired[0]!.text).toMatch(/top of side "Red"/);
    }
    // Ann's move of Able is the one undone: the notice says so on both peers.
    expect(ann.repaired[0]!.by).toBe('Ann');
    expect(bob.repaired[0]!.by).toBe('Ann');
    // The next edit of the forces writes the resolved tree; nothing moves and nothing is told again.
    ann.editForces((f) => (f.sides[1]!.name = 'Blue team'));
    flush([ann, bob]);
    expect(bob.text()).toBe(ann.text());
    expect(ann.store.repairs()).toEqual([]);
    expect(ids(bob.doc())).toEqual(before);
  });

  it('a unit moved into a formation someone deletes at the same time is kept, and its mover is told by name', () => {
    const ann = new Peer(twoPlatoons(), 'Ann');
    const bob = new Peer(ann, 'Bob');
    ann.editForces((f) => f.sides[0]!.formations.splice(1, 1)); // deletes Baker and its units
    bob.editForces((f) => {
      const tiger = find(f, 'C').units.shift()!;
      find(f, 'B').units.push(tiger);
    });
    flush([ann, bob]);
    expect(ann.text()).toBe(bob.text());
    const now = ids(ann.doc());
    expect(now.units).toContain('C.t1');
    expect(now.formations).not.toContain('B');
    expect(now.units.filter((u) => u.startsWith('B.'))).toEqual([]);
    expect(loads(ann.doc())).toEqual([]);
    const told = bob.repaired.find((r) => r.id === 'C.t1');
    expect(told?.text).toMatch(/unit "Tiger" was put into a formation that someone else deleted/i);
    expect(told?.text).toMatch(/formation "Able" of side "Red"/);
  });

  it('two people deleting the last two sides at once end with one made-up side, the same on both', () => {
    const ann = new Peer(twoPlatoons(), 'Ann');
    const bob = new Peer(ann, 'Bob');
    ann.editForces((f) => f.sides.splice(0, 1));
    bob.editForces((f) => f.sides.splice(1, 1));
    flush([ann, bob]);
    expect(ann.text()).toBe(bob.text());
    expect(loads(ann.doc())).toEqual([]);
    expect(ann.doc().forces.sides.map((s) => s.name)).toEqual(['Recovered side']);
    for (const p of [ann, bob]) {
      expect(p.refused).toEqual([]);
      expect(p.repaired.map((r) => r.kind)).toContain('no-side');
    }
  });

  it('the same passenger loaded into two transports at once rides in one of them', () => {
    const ann = new Peer(twoPlatoons(), 'Ann');
    const bob = new Peer(ann, 'Bob');
    ann.editForces((f) => (find(f, 'C').units[0]!.passengers = ['C.u0']));
    bob.editForces((f) => (find(f, 'C').units[1]!.passengers = ['C.u0']));
    flush([ann, bob]);
    expect(ann.text()).toBe(bob.text());
    expect(loads(ann.doc())).toEqual([]);
    const [tiger, panther] = find(ann.doc().forces, 'C').units;
    expect([tiger!.passengers, panther!.passengers]).toEqual([['C.u0'], undefined]);
    expect(ann.repaired.map((r) => r.text)).toEqual([
      'Unit "Panther" no longer carries unit "C rifleman 0": it was loaded into unit "Tiger" at the same time.',
    ]);
  });
});

describe('references a concurrent delete leaves dangling', () => {
  it('a zone drawn for a side someone deletes at the same time is left out on every peer, with a notice', () => {
    const ann = new Peer(twoPlatoons(), 'Ann');
    const bob = new Peer(ann, 'Bob');
    ann.editForces((f) => f.sides.splice(1, 1));
    const dep = bob.doc().deployment ?? {};
    bob.store.transact((w) =>
      w.setRoot('deployment', {
        ...dep,
        zones: [
          {
            id: 'z-blue',
            side: 'blue',
            name: 'Blue start',
            area: { shape: 'rect', x: 0, y: 0, width: 6, height: 24 },
          },
        ],
      } as never),
    );
    flush([ann, bob]);
    expect(ann.text()).toBe(bob.text());
    expect(loads(ann.doc())).toEqual([]);
    expect(ann.doc().deployment?.zones ?? []).toEqual([]);
    expect(bob.refused).toEqual([]);
    expect(bob.repaired.map((r) => r.text)).toContain(
      'Deployment zone "Blue start" is left out: its side was deleted.',
    );
  });
});

describe('victory conditions after concurrent deletes', () => {
  it('a condition naming an objective someone deletes at the same time loses that reference', () => {
    const doc = twoPlatoons();
    doc.objectives = [
      {
        id: 'hill',
        name: 'Hill',
        kind: 'holdZone',
        area: { shape: 'rect', x: 1, y: 1, width: 4, height: 4 },
      },
    ];
    const ann = new Peer(doc, 'Ann');
    const bob = new Peer(ann, 'Bob');
    ann.store.transact((w) => w.setRoot('objectives', [] as never));
    const victory = bob.doc().victory;
    bob.store.transact((w) =>
      w.setRoot('victory', {
        ...victory,
        conditions: [
          ...victory.conditions,
          { id: 'take-hill', kind: 'objectiveAchieved', objective: 'hill', side: 'red' },
        ],
      } as never),
    );
    flush([ann, bob]);
    expect(ann.text()).toBe(bob.text());
    expect(loads(ann.doc())).toEqual([]);
    const c = ann.doc().victory.conditions.find((x) => x.id === 'take-hill');
    expect(c).toEqual({ id: 'take-hill', kind: 'objectiveAchieved', side: 'red' });
    expect(bob.refused).toEqual([]);
  });
});

describe('the map’s references after concurrent edits', () => {
  it('a bridge laid over a road someone deletes at the same time keeps no link to it', () => {
    const doc = twoPlatoons();
    if (doc.map.kind !== 'table') throw new Error('table');
    doc.map.features.push({
      id: 'road',
      kind: 'road',
      points: [
        [0, 10],
        [36, 10],
      ],
      width: 2,
    });
    const ann = new Peer(doc, 'Ann');
    const bob = new Peer(ann, 'Bob');
    ann.store.transact((w) => w.deleteFeature('road'));
    bob.store.transact((w) =>
      w.putFeature({
        id: 'br',
        kind: 'bridge',
        points: [
          [10, 8],
          [14, 8],
          [14, 12],
          [10, 12],
        ],
        carries: 'road',
      } as never),
    );
    flush([ann, bob]);
    expect(ann.text()).toBe(bob.text());
    expect(loads(ann.doc())).toEqual([]);
    expect(ann.store.feature('br')).toBeDefined();
    expect(bob.refused).toEqual([]);
    expect(bob.repaired.map((r) => r.text)).toContain(
      'The bridge "br" no longer carries "road": that feature was deleted.',
    );
  });
});

// ---- hostile changes ---------------------------------------------------------------------------

/** Mallory writes into her shared document directly, as a client that skips every check would. */
function hostile(write: (shared: Y.Doc) => void) {
  const names = new Map<number, string>();
  const ann = new Peer(twoPlatoons(), 'Ann', names);
  const mallory = new Peer(ann, 'Mallory', names);
  const before = ann.text();
  mallory.shared.transact(() => write(mallory.shared));
  flush([ann, mallory]);
  return { ann, before };
}

describe('changes that break the whole document are refused, naming who and what', () => {
  const cases: [string, (shared: Y.Doc) => void, RegExp][] = [
    [
      'a unit listed as its own passenger',
      (s) => {
        const u = s.getMap('units').get('A.u0') as Unit;
        s.getMap('units').set('A.u0', { ...u, passengers: ['A.u0'] });
      },
      /own passenger/,
    ],
    [
      'the root formatVersion deleted',
      (s) => s.getMap('root').delete('formatVersion'),
      /format version was deleted/,
    ],
    ['the ruleset deleted', (s) => s.getMap('root').delete('ruleset'), /lacks "ruleset"/],
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
  ];
  it.each(cases)('%s', (_name, write, problem) => {
    const { ann, before } = hostile(write);
    const doc = ann.doc();
    expect(loads(doc)).toEqual([]);
    expect(ids(doc)).toEqual(ids(JSON.parse(before) as ScenarioDoc));
    expect(ann.refused.length).toBeGreaterThan(0);
    const r = ann.refused[ann.refused.length - 1]!;
    expect(r.problem).toMatch(problem);
    // Yjs records who wrote a value but not who deleted one: a deletion is refused unnamed here
    // (the server names the connection it came from).
    if (!/deleted|lacks|needs at least|kind/.test(r.problem)) expect(r.by).toBe('Mallory');
    expect(r.what).toBeTruthy();
  });

  it('a unit put under a formation that does not exist is kept, re-homed, and the notice names who', () => {
    const { ann } = hostile((s) =>
      s.getMap('units:at').set('A.u0', { order: 'a0', parent: 'formation:nope' }),
    );
    expect(loads(ann.doc())).toEqual([]);
    expect(ids(ann.doc()).units).toContain('A.u0');
    expect(ann.repaired).toHaveLength(1);
    expect(ann.repaired[0]).toMatchObject({ id: 'A.u0', by: 'Mallory' });
    expect(ann.repaired[0]!.text).toMatch(/unit "A rifleman 0"/i);
  });

  it('every side deleted: a made-up side holds every formation and unit left, with a notice', () => {
    const { ann, before } = hostile((s) => {
      for (const id of ['red', 'blue']) {
        s.getMap('sides').delete(id);
        s.getMap('sides:at').delete(id);
      }
    });
    expect(loads(ann.doc())).toEqual([]);
    expect(ann.doc().forces.sides.map((s) => s.name)).toEqual(['Recovered side']);
    expect(ids(ann.doc())).toEqual(ids(JSON.parse(before) as ScenarioDoc));
    expect(ann.repaired.map((r) => r.kind)).toContain('no-side');
  });

  it('a peer joining a room that holds a broken record leaves that record out', () => {
    const ann = new Peer(twoPlatoons(), 'Ann');
    const u = ann.shared.getMap('units').get('A.u1') as Unit;
    ann.shared.getMap('units').set('A.u1', { ...u, passengers: ['A.u1'] });
    const late = new Peer(ann, 'Late');
    expect(loads(late.doc())).toEqual([]);
    expect(late.refused.map((r) => `${r.part}/${r.key}`)).toEqual(['units/A.u1']);
  });
});

// ---- random concurrent edits between three peers ------------------------------------------------

type Op =
  | { kind: 'moveUnit'; pick: number; to: number }
  | { kind: 'reparent'; pick: number; to: number }
  | { kind: 'deleteUnit'; pick: number }
  | { kind: 'deleteFormation'; pick: number }
  | { kind: 'renameUnit'; pick: number; text: string }
  | { kind: 'renameFormation'; pick: number; text: string }
  | { kind: 'addUnit'; pick: number }
  | { kind: 'addFormation'; pick: number }
  | { kind: 'load'; pick: number; to: number }
  | { kind: 'deleteSide'; pick: number }
  | { kind: 'undo' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('moveUnit' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('reparent' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('reparent' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('deleteUnit' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('deleteFormation' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('renameUnit' as const),
    pick: fc.nat(),
    text: fc.string({ minLength: 1, maxLength: 8 }),
  }),
  fc.record({
    kind: fc.constant('renameFormation' as const),
    pick: fc.nat(),
    text: fc.string({ minLength: 1, maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant('addUnit' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('addFormation' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('load' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('deleteSide' as const), pick: fc.nat() }),
  fc.constant({ kind: 'undo' as const }),
);

/**
 * Applies an edit as the forces panel would: on the peer's own view, checked locally (no
 * formation into its own subtree, a passenger of the same side that nothing carries yet).
 * Returns the ids it deleted and the ids it created.
 */
function apply(p: Peer, op: Op): { deleted: string[]; created: string[] } {
  const out = { deleted: [] as string[], created: [] as string[] };
  const forces = p.doc().forces;
  const fs = allFormations(forces);
  const us = fs.flatMap((x) => x.f.units.map((u) => ({ u, x })));
  const pick = <T>(list: readonly T[], n: number): T | undefined => list[n % (list.length || 1)];
  const commit = () => p.store.transact((w) => w.setRoot('forces', forces as never));
  const subtree = (f: Formation): Formation[] => [f, ...(f.formations ?? []).flatMap(subtree)];
  switch (op.kind) {
    case 'moveUnit': {
      const from = pick(us, op.pick);
      const to = pick(fs, op.to);
      if (!from || !to || to.side !== from.x.side) return out;
      from.x.f.units.splice(from.x.f.units.indexOf(from.u), 1);
      to.f.units.splice(op.to % (to.f.units.length + 1), 0, from.u);
      break;
    }
    case 'reparent': {
      const moved = pick(fs, op.pick);
      if (!moved) return out;
      const inside = new Set(subtree(moved.f));
      const targets = [...forces.sides.map((s) => s.formations), ...fs.map((x) => x.f)].filter(
        (t) => !(t as Formation).id || !inside.has(t as Formation),
      );
      const target = pick(targets, op.to)!;
      moved.parent.splice(moved.parent.indexOf(moved.f), 1);
      const list = Array.isArray(target) ? target : ((target.formations ??= []) as Formation[]);
      list.splice(op.to % (list.length + 1), 0, moved.f);
      break;
    }
    case 'deleteUnit': {
      const u = pick(us, op.pick);
      if (!u) return out;
      u.x.f.units.splice(u.x.f.units.indexOf(u.u), 1);
      out.deleted.push(u.u.id);
      break;
    }
    case 'deleteFormation': {
      const f = pick(fs, op.pick);
      if (!f) return out;
      f.parent.splice(f.parent.indexOf(f.f), 1);
      for (const g of subtree(f.f)) out.deleted.push(g.id, ...g.units.map((u) => u.id));
      break;
    }
    case 'renameUnit': {
      const u = pick(us, op.pick);
      if (!u) return out;
      u.u.name = op.text;
      break;
    }
    case 'renameFormation': {
      const f = pick(fs, op.pick);
      if (!f) return out;
      f.f.name = op.text;
      break;
    }
    case 'addUnit': {
      const f = pick(fs, op.pick);
      if (!f) return out;
      const id = p.store.newId('unit');
      f.f.units.push({ id, type: 'tp.rifleman' });
      out.created.push(id);
      break;
    }
    case 'addFormation': {
      const side = pick(forces.sides, op.pick)!;
      const id = p.store.newId('formation');
      const uid = p.store.newId('unit');
      side.formations.push({ id, name: 'New', units: [{ id: uid, type: 'tp.rifleman' }] });
      out.created.push(id, uid);
      break;
    }
    case 'load': {
      const carrier = pick(us, op.pick);
      const passenger = pick(us, op.to);
      if (!carrier || !passenger || carrier.u === passenger.u) return out;
      if (carrier.x.side !== passenger.x.side) return out;
      const carried = new Map<string, string>();
      for (const { u } of us) for (const q of u.passengers ?? []) carried.set(q, u.id);
      if (carried.has(passenger.u.id)) return out;
      // No loop: the carrier must not ride (however deep) inside the passenger.
      for (let at: string | undefined = carrier.u.id; at; at = carried.get(at))
        if (at === passenger.u.id) return out;
      (carrier.u.passengers ??= []).push(passenger.u.id);
      break;
    }
    case 'deleteSide': {
      // As the forces panel: only while another side is left, with its whole order of battle.
      if (forces.sides.length < 2) return out;
      const [side] = forces.sides.splice(op.pick % forces.sides.length, 1);
      const all = (fs: Formation[]): Formation[] =>
        fs.flatMap((f) => [f, ...all(f.formations ?? [])]);
      for (const f of all(side!.formations)) out.deleted.push(f.id, ...f.units.map((u) => u.id));
      break;
    }
    case 'undo':
      // Undo may bring back a record this peer deleted; the test counts it as never deleted.
      p.store.undo();
      return out;
  }
  commit();
  return out;
}

interface Step {
  peer: number;
  op: Op;
  offline: number | null;
  deliver: { from: number; to: number; pick: number }[];
}

/** Plays the steps between three peers and checks convergence, validity and that nothing is lost. */
function play(steps: Step[]): void {
  const names = new Map<number, string>();
  const first = new Peer(twoPlatoons(), 'p0', names);
  const peers = [first, new Peer(first, 'p1', names), new Peer(first, 'p2', names)];
  const online = [true, true, true];
  const sent: Uint8Array[][] = [[], [], []];
  const collect = () => peers.forEach((p, i) => sent[i]!.push(...p.outbox.splice(0)));
  const known = new Set(ids(first.doc()).formations.concat(ids(first.doc()).units));
  const deleted = new Set<string>();
  const present = (p: Peer) => {
    const now = ids(p.doc());
    return new Set([...now.formations, ...now.units]);
  };
  for (const step of steps) {
    if (step.offline !== null) online[step.offline] = !online[step.offline];
    const actor = peers[step.peer]!;
    const before = present(actor);
    const { deleted: d, created } = apply(actor, step.op);
    d.forEach((id) => deleted.add(id));
    created.forEach((id) => known.add(id));
    // A local edit removes exactly what it deletes (an undo: what it takes back).
    const gone = [...before].filter((id) => !present(actor).has(id));
    if (step.op.kind === 'undo') gone.forEach((id) => deleted.add(id));
    else expect(gone.sort()).toEqual([...new Set(d)].sort());
    collect();
    for (const { from, to, pick } of step.deliver) {
      if (from === to || !online[from] || !online[to] || !sent[from]!.length) continue;
      // Any update sent so far: out of order, sometimes twice.
      peers[to]!.receive(sent[from]![pick % sent[from]!.length]!);
    }
    collect();
  }
  // Everyone back online; everything delivered, newest first, twice.
  for (let round = 0; round < 2; round++) {
    collect();
    peers.forEach((p, to) =>
      sent.forEach((list, from) => {
        if (from !== to) [...list].reverse().forEach((u) => p.receive(u));
      }),
    );
  }
  const texts = peers.map((p) => p.text());
  for (const t of texts) expect(t).toBe(texts[0]);
  const doc = peers[0]!.doc();
  expect(loads(doc)).toEqual([]);
  const have = present(peers[0]!);
  const lost = [...known].filter((id) => !deleted.has(id) && !have.has(id));
  expect(lost).toEqual([]);
  for (const p of peers) expect(p.refused).toEqual([]);
}

describe('merges never lose a record (property)', () => {
  it('three peers editing forces concurrently, with offline spells and any delivery order, converge to one valid scenario that lost nothing nobody deleted', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            peer: fc.nat(2),
            op: opArb,
            offline: fc.option(fc.nat(2), { freq: 4 }),
            deliver: fc.array(fc.record({ from: fc.nat(2), to: fc.nat(2), pick: fc.nat() }), {
              maxLength: 4,
            }),
          }),
          { maxLength: 30 },
        ),
        play,
      ),
      { numRuns: Number(process.env.MERGE_RUNS ?? 120) },
    );
  });
});

describe('the whole-document check', () => {
  it('passes the village scenario as the store exports it', () => {
    const file = path.join(__dirname, '..', '..', 'scenarios', 'tankplank-village.scenario.json');
    const res = loadDocument(readFileSync(file, 'utf8'), { expect: ['sandtable.scenario'] });
    if (!res.ok) throw new Error('the village scenario does not load');
    const store = ScenarioStore.fromScenario(res.doc);
    expect(scenarioProblems(store.scenarioView())).toEqual([]);
  });
});

describe('merges never lose a record (cases the property found)', () => {
  it('a move delivered before the change it builds on does not delete the formation it moves', () => {
    play([
      { peer: 0, op: { kind: 'addFormation', pick: 0 }, offline: 0, deliver: [] },
      { peer: 0, op: { kind: 'renameFormation', pick: 0, text: ' ' }, offline: 1, deliver: [] },
      { peer: 0, op: { kind: 'load', pick: 0, to: 0 }, offline: 0, deliver: [] },
      {
        peer: 0,
        op: { kind: 'reparent', pick: 0, to: 1467561494 },
        offline: 1,
        deliver: [{ from: 0, to: 1, pick: 1095115239 }],
      },
      { peer: 1, op: { kind: 'load', pick: 0, to: 1 }, offline: null, deliver: [] },
    ]);
  });
});
