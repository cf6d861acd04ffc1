import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadDocument, serializeDocument } from '../format';
import type { ScenarioDoc, TreeFeature } from '../format/types';
import { LOAD, REMOTE, ScenarioStore, TYPING_MERGE_MS } from './ScenarioStore';
import { newScenario } from './newScenario';
import { TABLE_PRESETS } from '../rulesets/registry';

const table = () =>
  newScenario({ ruleset: 'tankplank', map: { kind: 'table', width: 36, height: 24 } });
const tree = (id: string, x: number, y: number): TreeFeature => ({
  id,
  kind: 'tree',
  x,
  y,
  canopyRadius: 1,
});

describe('newScenario', () => {
  it('makes a valid document for every preset', () => {
    for (const p of TABLE_PRESETS) {
      const doc = newScenario({ ruleset: p.ruleset, map: p.map });
      const res = loadDocument(serializeDocument(doc), { expect: ['sandtable.scenario'] });
      expect(res.ok ? [] : res.problems.map((x) => x.message), p.id).toEqual([]);
    }
  });
});

describe('ScenarioStore', () => {
  it('round-trips a table scenario exactly', () => {
    const doc: ScenarioDoc = table();
    if (doc.map.kind !== 'table') throw new Error('table');
    doc.map.features.push(
      {
        id: 'r1',
        kind: 'road',
        points: [
          [0, 1],
          [10, 2],
        ],
        width: 2,
        'x-note': { a: [1] },
      },
      tree('t1', 3, 4),
      {
        id: 'b1',
        kind: 'building',
        x: 5,
        y: 5,
        width: 4,
        depth: 3,
        buildingKind: 'open',
        floors: 2,
      },
    );
    doc['x-extra'] = 1;
    const store = ScenarioStore.fromScenario(doc);
    expect(serializeDocument(store.toScenario())).toBe(serializeDocument(doc));
    expect(store.toScenario()).toEqual(doc);
  });

  it('round-trips hex maps with and without optional collections', () => {
    const doc = newScenario({ ruleset: 'tank', map: TABLE_PRESETS[3]!.map });
    if (doc.map.kind !== 'hex') throw new Error('hex');
    doc.map.hexes.push({ col: 1, row: 2, level: 1, terrain: 'woods' });
    expect(ScenarioStore.fromScenario(doc).toScenario()).toEqual(doc);
    delete doc.map.hexsides;
    delete doc.map.contours;
    expect(ScenarioStore.fromScenario(doc).toScenario()).toEqual(doc);
  });

  it('keeps feature order through any sequence of features (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 1000 }), { maxLength: 30 }), (ns) => {
        const doc = table();
        if (doc.map.kind !== 'table') return;
        doc.map.features = ns.map((n) => tree(`t${n}`, n % 36, n % 24));
        expect(ScenarioStore.fromScenario(doc).toScenario()).toEqual(doc);
      }),
    );
  });

  it('undoes one transaction as one step and never undoes loading or remote edits', () => {
    const store = ScenarioStore.fromScenario(table());
    expect(store.canUndo()).toBe(false);
    store.transact((w) => {
      w.putFeature(tree('a', 1, 1));
      w.putFeature(tree('b', 2, 2));
    });
    store.transact((w) => w.putFeature({ ...tree('a', 1, 1), canopyRadius: 3 }));
    store.transact((w) => w.putFeature(tree('remote', 9, 9)), REMOTE);
    expect(store.featureList().map((f) => f.id)).toEqual(['a', 'b', 'remote']);
    store.undo();
    expect((store.feature('a') as { canopyRadius: number }).canopyRadius).toBe(1);
    store.undo();
    expect(store.featureList().map((f) => f.id)).toEqual(['remote']);
    expect(store.canUndo()).toBe(false);
    store.redo();
    store.redo();
    expect((store.feature('a') as { canopyRadius: number }).canopyRadius).toBe(3);
    store.load(table());
    expect(store.canUndo()).toBe(false);
    store.transact((w) => w.putFeature(tree('c', 1, 1)), LOAD);
    expect(store.canUndo()).toBe(false);
  });

  it('typing into one field is one undo step; another field or another edit starts a new one', () => {
    const store = ScenarioStore.fromScenario(table());
    const title = () => (store.toScenario().meta as { title: string }).title;
    const typeTitle = (text: string, field = 'meta.title') =>
      store.transact((w) => w.setRoot('meta', { title: text }), undefined, field);
    const before = title();
    for (const text of ['V', 'Vi', 'Vil', 'Village']) typeTitle(text);
    store.transact((w) => w.putFeature(tree('a', 1, 1)));
    typeTitle('Village 2');
    typeTitle('Village 23');
    typeTitle('Hamlet', 'meta.other');
    expect(title()).toBe('Hamlet');
    store.undo();
    expect(title()).toBe('Village 23');
    store.undo();
    expect(title()).toBe('Village');
    expect(store.feature('a')).toBeDefined();
    store.undo();
    expect(store.feature('a')).toBeUndefined();
    store.undo();
    expect(title()).toBe(before);
    expect(store.canUndo()).toBe(false);
    // After an undo, typing again in the same field is a new step.
    typeTitle('X');
    typeTitle('XY');
    store.undo();
    expect(title()).toBe(before);
  });

  it('a pause the caller timed from the keystrokes decides, not when the edits were applied', async () => {
    const store = ScenarioStore.fromScenario(table());
    const title = () => (store.toScenario().meta as { title: string }).title;
    const typeTitle = (text: string, pausedMs?: number) =>
      store.transact((w) => w.setRoot('meta', { title: text }), undefined, 'meta.title', pausedMs);
    const before = title();
    typeTitle('A');
    // A busy page applies the next key more than TYPING_MERGE_MS later, though it was typed
    // 100 ms after the first (the undo manager's own clock would start a new step).
    await new Promise((done) => setTimeout(done, TYPING_MERGE_MS + 100));
    typeTitle('Al', 100);
    // Applied at once, but after the user paused 2.5 s: a new step.
    typeTitle('All', 2500);
    store.undo();
    expect(title()).toBe('Al');
    store.undo();
    expect(title()).toBe(before);
  });

  it('reorders features and undoes the reorder', () => {
    const store = ScenarioStore.fromScenario(table());
    store.transact((w) => ['a', 'b', 'c'].forEach((id, i) => w.putFeature(tree(id, i, i))));
    store.transact((w) => w.setFeatureOrder(['c', 'a', 'b']));
    expect(store.featureList().map((f) => f.id)).toEqual(['c', 'a', 'b']);
    store.undo();
    expect(store.featureList().map((f) => f.id)).toEqual(['a', 'b', 'c']);
  });

  it('does not let callers mutate stored records', () => {
    const store = ScenarioStore.fromScenario(table());
    const t = tree('a', 1, 1);
    store.transact((w) => w.putFeature(t));
    (t as { x: number }).x = 99;
    expect((store.feature('a') as { x: number }).x).toBe(1);
  });
});
