import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import { loadDocument, serializeDocument, validatorFor } from '../format';
import type { Feature, Forces, ScenarioDoc, TreeFeature, Unit } from '../format/types';
import { REMOTE, ScenarioStore } from './ScenarioStore';
import { SyncBridge, type RefusedEntry } from './SyncBridge';
import { newScenario } from './newScenario';

const tree = (id: string, x: number, y: number): TreeFeature => ({
  id,
  kind: 'tree',
  x,
  y,
  canopyRadius: 1,
});

/** Two sides with a formation each, and a couple of units. */
function battle(): ScenarioDoc {
  const doc = newScenario({ ruleset: 'tankplank', map: { kind: 'table', width: 36, height: 24 } });
  doc.forces = {
    sides: [
      {
        id: 'red',
        name: 'Red',
        formations: [
          {
            id: 'red.p1',
            units: [
              { id: 'red.t1', type: 'tp.mediumTank' },
              { id: 'red.t2', type: 'tp.mediumTank' },
            ],
            formations: [{ id: 'red.p1.s1', units: [{ id: 'red.r1', type: 'tp.rifleman' }] }],
          },
        ],
      },
      {
        id: 'blue',
        name: 'Blue',
        formations: [{ id: 'blue.p1', units: [{ id: 'blue.t1', type: 'tp.mediumTank' }] }],
      },
    ],
  };
  if (doc.map.kind === 'table') doc.map.features = [tree('t1', 1, 1), tree('t2', 2, 2)];
  return doc;
}

/** A peer: the store its user edits, the shared document its provider would sync, the bridge. */
class Peer {
  readonly store: ScenarioStore;
  readonly shared = new Y.Doc();
  readonly bridge: SyncBridge;
  readonly refused: RefusedEntry[] = [];
  readonly outbox: Uint8Array[] = [];
  constructor(from: ScenarioDoc | Peer) {
    if (from instanceof Peer) {
      Y.applyUpdate(this.shared, Y.encodeStateAsUpdate(from.shared), 'provider');
      this.store = new ScenarioStore();
    } else {
      this.store = ScenarioStore.fromScenario(from);
    }
    this.shared.on('update', (u: Uint8Array, origin: unknown) => {
      if (origin !== 'provider') this.outbox.push(u);
    });
    this.bridge = new SyncBridge(
      this.store,
      this.shared,
      (r) => this.refused.push(...r),
      from instanceof Peer ? 'join' : 'seed',
    );
  }
  receive(update: Uint8Array): void {
    Y.applyUpdate(this.shared, update, 'provider');
  }
  text(): string {
    return serializeDocument(this.store.toScenario());
  }
}

/** Delivers every pending update to every other peer. */
function flush(peers: readonly Peer[]): void {
  for (const p of peers) {
    for (const u of p.outbox.splice(0)) for (const q of peers) if (q !== p) q.receive(u);
  }
}

const bundled = path.join(__dirname, '..', '..', 'scenarios');
const bundledFiles = readdirSync(bundled).filter((f) => f.endsWith('.scenario.json'));

describe('saved files are byte for byte what they were', () => {
  it.each(bundledFiles)('%s: through the store and through a peer', (file) => {
    const text = readFileSync(path.join(bundled, file), 'utf8');
    const res = loadDocument(text, { expect: ['sandtable.scenario'] });
    if (!res.ok) throw new Error(res.problems.map((p) => p.message).join('\n'));
    const doc = res.doc as ScenarioDoc;
    const expected = serializeDocument(doc);
    const a = new Peer(doc);
    expect(a.text()).toBe(expected);
    const b = new Peer(a);
    expect(b.refused).toEqual([]);
    expect(b.text()).toBe(expected);
    // The bundled files are written by the saver, so the text itself round-trips too.
    expect(b.text()).toBe(text);
  });
});

describe('SyncBridge', () => {
  it('keeps both peers’ edits of different units, and of one unit’s place and its fields', () => {
    const a = new Peer(battle());
    const b = new Peer(a);
    const editUnit = (f: Forces, id: string, patch: Partial<Unit>): Forces =>
      JSON.parse(
        JSON.stringify(f, (_k, v: unknown) =>
          v && typeof v === 'object' && (v as Unit).id === id ? { ...(v as Unit), ...patch } : v,
        ),
      ) as Forces;
    a.store.transact((w) =>
      w.setRoot(
        'forces',
        editUnit(a.store.toScenario().forces, 'red.t1', { name: 'Anna' }) as never,
      ),
    );
    b.store.transact((w) =>
      w.setRoot(
        'forces',
        editUnit(b.store.toScenario().forces, 'red.t2', { name: 'Berta' }) as never,
      ),
    );
    // b also moves the rifleman up into the platoon while a renames him.
    a.store.transact((w) =>
      w.setRoot(
        'forces',
        editUnit(a.store.toScenario().forces, 'red.r1', { name: 'Carl' }) as never,
      ),
    );
    const moved = b.store.toScenario().forces;
    const p1 = moved.sides[0]!.formations[0]!;
    p1.units.unshift(p1.formations![0]!.units.pop()!);
    b.store.transact((w) => w.setRoot('forces', moved as never));
    flush([a, b]);
    expect(a.text()).toBe(b.text());
    const units = a.store.toScenario().forces.sides[0]!.formations[0]!.units;
    expect(units.map((u) => [u.id, u.name])).toEqual([
      ['red.r1', 'Carl'],
      ['red.t1', 'Anna'],
      ['red.t2', 'Berta'],
    ]);
  });

  it('never duplicates or drops a feature when two peers reorder at once', () => {
    const doc = battle();
    if (doc.map.kind === 'table')
      doc.map.features = ['a', 'b', 'c', 'd'].map((id, i) => tree(id, i, i));
    const a = new Peer(doc);
    const b = new Peer(a);
    a.store.transact((w) => w.setFeatureOrder(['d', 'a', 'b', 'c']));
    b.store.transact((w) => w.setFeatureOrder(['b', 'c', 'd', 'a']));
    flush([a, b]);
    const ids = a.store.featureList().map((f) => f.id);
    expect([...ids].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(b.store.featureList().map((f) => f.id)).toEqual(ids);
  });

  it('refuses and reports an invalid record from a peer, and writes nothing of it', () => {
    const a = new Peer(battle());
    const b = new Peer(a);
    // A peer that skips the checks writes straight into its shared document.
    a.shared.transact(() => {
      a.shared.getMap('features').set('bad', { id: 'bad', kind: 'tree', x: 'left' });
      a.shared.getMap('features:at').set('bad', { order: 'a5' });
      a.shared.getMap('units').set('red.t1', { id: 'red.t1' });
      a.shared.getMap('root').set('meta', { title: 42 });
      a.shared.getMap('features:at').set('t1', { order: '!!' });
    });
    const before = b.text();
    flush([a, b]);
    expect(b.text()).toBe(before);
    expect(b.store.feature('bad')).toBeUndefined();
    expect(b.refused.map((r) => `${r.part}/${r.key}`).sort()).toEqual([
      'features/bad',
      'features:at/t1',
      'root/meta',
      'units/red.t1',
    ]);
    expect(b.refused.find((r) => r.key === 'bad')?.problem).toMatch(/canopyRadius|\/x/);
    // A valid edit after the refused ones still arrives.
    a.store.transact((w) => w.putFeature(tree('t3', 3, 3)));
    flush([a, b]);
    expect(b.store.feature('t3')).toMatchObject({ x: 3 });
  });

  it('undoes only the local user’s edits, and never a peer’s newer value', () => {
    const a = new Peer(battle());
    const b = new Peer(a);
    a.store.transact((w) => w.putFeature(tree('mine', 5, 5)));
    b.store.transact((w) => w.putFeature(tree('theirs', 6, 6)));
    flush([a, b]);
    a.store.transact((w) => w.putFeature({ ...tree('t1', 1, 1), canopyRadius: 2 }));
    flush([a, b]);
    b.store.transact((w) => w.putFeature({ ...tree('t1', 1, 1), canopyRadius: 3 }));
    flush([a, b]);
    // a's resize was overwritten by b's later one, which stands: that step has nothing left to
    // undo and is passed over, so the undo takes back a's tree.
    expect(a.store.undo()).toBe(true);
    expect(a.store.feature('t1')).toMatchObject({ canopyRadius: 3 });
    expect(a.store.feature('mine')).toBeUndefined();
    expect(a.store.feature('theirs')).toBeDefined();
    expect(a.store.canUndo()).toBe(false);
    flush([a, b]);
    expect(b.text()).toBe(a.text());
    expect(b.store.canUndo()).toBe(true);
  });

  it('merges edits made offline when the peers meet again', () => {
    const a = new Peer(battle());
    const b = new Peer(a);
    a.store.transact((w) => w.deleteFeature('t1'));
    b.store.transact((w) => w.putFeature(tree('offline', 9, 9)));
    b.store.transact((w) => w.setRoot('meta', { title: 'Renamed offline' }));
    // Nothing was delivered while b was away; b's outbox holds its edits.
    flush([a, b]);
    expect(a.store.feature('offline')).toBeDefined();
    expect(b.store.feature('t1')).toBeUndefined();
    expect(a.store.toScenario().meta.title).toBe('Renamed offline');
    expect(a.text()).toBe(b.text());
  });

  it('writes a peer’s changes under the REMOTE origin', () => {
    const a = new Peer(battle());
    const b = new Peer(a);
    const origins: unknown[] = [];
    b.store.subscribe((o) => origins.push(o));
    a.store.transact((w) => w.putFeature(tree('x', 1, 2)));
    flush([a, b]);
    expect(origins).toEqual([REMOTE]);
  });
});

// ---- convergence ------------------------------------------------------------------------------

type Op =
  | { kind: 'add'; x: number }
  | { kind: 'move'; pick: number; x: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'reorder'; pick: number; to: number }
  | { kind: 'title'; text: string }
  | { kind: 'unitName'; pick: number; text: string }
  | { kind: 'addUnit'; pick: number }
  | { kind: 'moveUnit'; pick: number; to: number }
  | { kind: 'deleteFormation'; pick: number }
  | { kind: 'undo' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), x: fc.integer({ min: 0, max: 35 }) }),
  fc.record({
    kind: fc.constant('move' as const),
    pick: fc.nat(),
    x: fc.integer({ min: 0, max: 35 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('reorder' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('title' as const), text: fc.string({ minLength: 1 }) }),
  fc.record({ kind: fc.constant('unitName' as const), pick: fc.nat(), text: fc.string() }),
  fc.record({ kind: fc.constant('addUnit' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('moveUnit' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('deleteFormation' as const), pick: fc.nat() }),
  fc.constant({ kind: 'undo' as const }),
);

function apply(store: ScenarioStore, op: Op): void {
  const features = store.featureList();
  const pickFeature = (n: number): Feature | undefined => features[n % (features.length || 1)];
  const forces = store.toScenario().forces;
  const formations = forces.sides.flatMap((s) => {
    const all: Forces['sides'][number]['formations'] = [];
    const walk = (fs: typeof all) =>
      fs.forEach((f) => {
        all.push(f);
        walk(f.formations ?? []);
      });
    walk(s.formations);
    return all;
  });
  const units = formations.flatMap((f) => f.units);
  switch (op.kind) {
    case 'add':
      store.transact((w) => w.putFeature(tree(store.newId('tree'), op.x, op.x % 24)));
      return;
    case 'move': {
      const f = pickFeature(op.pick);
      if (f && f.kind === 'tree') store.transact((w) => w.putFeature({ ...f, x: op.x }));
      return;
    }
    case 'delete': {
      const f = pickFeature(op.pick);
      if (f) store.transact((w) => w.deleteFeature(f.id));
      return;
    }
    case 'reorder': {
      if (features.length < 2) return;
      const ids = features.map((f) => f.id);
      const [moved] = ids.splice(op.pick % ids.length, 1);
      ids.splice(op.to % (ids.length + 1), 0, moved!);
      store.transact((w) => w.setFeatureOrder(ids));
      return;
    }
    case 'title':
      store.transact((w) => w.setRoot('meta', { title: op.text }));
      return;
    case 'unitName': {
      const u = units[op.pick % (units.length || 1)];
      if (u) u.name = op.text;
      if (u) store.transact((w) => w.setRoot('forces', forces as never));
      return;
    }
    case 'addUnit': {
      const f = formations[op.pick % (formations.length || 1)];
      if (!f) return;
      f.units.splice(op.pick % (f.units.length + 1), 0, {
        id: store.newId('unit'),
        type: 'tp.rifleman',
      });
      store.transact((w) => w.setRoot('forces', forces as never));
      return;
    }
    case 'moveUnit': {
      const from = formations.find((f) => f.units.length > 0 && f.units[op.pick % f.units.length]);
      const to = formations[op.to % (formations.length || 1)];
      if (!from || !to) return;
      const [u] = from.units.splice(op.pick % from.units.length, 1);
      to.units.splice(op.to % (to.units.length + 1), 0, u!);
      store.transact((w) => w.setRoot('forces', forces as never));
      return;
    }
    case 'deleteFormation': {
      const side = forces.sides[op.pick % forces.sides.length]!;
      if (side.formations.length > 0) side.formations.splice(op.pick % side.formations.length, 1);
      store.transact((w) => w.setRoot('forces', forces as never));
      return;
    }
    case 'undo':
      store.undo();
      return;
  }
}

describe('convergence (property)', () => {
  it('random edits on 2 or 3 peers, updates exchanged in random order with duplicates, end in one scenario', () => {
    const validate = validatorFor('sandtable.scenario');
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 3 }),
        fc.array(
          fc.record({
            peer: fc.nat(),
            op: opArb,
            deliver: fc.array(fc.record({ from: fc.nat(), to: fc.nat(), dup: fc.boolean() }), {
              maxLength: 3,
            }),
          }),
          { maxLength: 40 },
        ),
        fc.nat(),
        (count, steps, seed) => {
          const first = new Peer(battle());
          const peers = [first];
          while (peers.length < count) peers.push(new Peer(first));
          // Every update a peer ever sent, so deliveries can be out of order and repeated.
          const sent: Uint8Array[][] = peers.map(() => []);
          const delivered = peers.map(() => new Set<Uint8Array>());
          const collect = () => peers.forEach((p, i) => sent[i]!.push(...p.outbox.splice(0)));
          for (const step of steps) {
            apply(peers[step.peer % count]!.store, step.op);
            collect();
            for (const d of step.deliver) {
              const from = d.from % count;
              const to = d.to % count;
              const list = sent[from]!;
              if (from === to || list.length === 0) continue;
              // Any update sent so far, not necessarily the next one: out of order.
              const u = list[(d.from * 7 + d.to + seed) % list.length]!;
              peers[to]!.receive(u);
              delivered[to]!.add(u);
              if (d.dup) peers[to]!.receive(u);
            }
            collect();
          }
          // Finally everyone hears everything, in reverse order and twice.
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
          for (const p of peers) expect(p.refused).toEqual([]);
          const doc = peers[0]!.store.toScenario();
          expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
