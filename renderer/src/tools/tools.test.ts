import { describe, expect, it } from 'vitest';
import { EditorDriver } from '../editor/EditorDriver';
import { newScenario } from '../../../engine/document';
import type { Feature } from '../../../engine/format/types';
import { hexCentre } from '../../../engine/hex';

const only = <K extends Feature['kind']>(d: EditorDriver, kind: K) =>
  d.features().filter((f) => f.kind === kind) as Extract<Feature, { kind: K }>[];

describe('drawing tools', () => {
  it('draws a road by clicks, finishing with a double-click, as one undo step', () => {
    const d = new EditorDriver().tool('road');
    d.click([2, 2]).click([10, 2]).doubleClick([10, 8]);
    const [road] = only(d, 'road');
    expect(road?.points).toEqual([
      [2, 2],
      [10, 2],
      [10, 8],
    ]);
    expect(road?.width).toBe(2);
    expect(d.editor.session.selection).toEqual([road!.id]);
    expect(d.editor.session.preview).toBeNull();
    d.editor.undo();
    expect(d.features()).toHaveLength(0);
    d.editor.redo();
    expect(d.features()).toHaveLength(1);
  });

  it('snaps to the grid and to other features, and Alt draws free', () => {
    const d = new EditorDriver().tool('wall');
    d.click([2.2, 3.1]).click([6.9, 3.2]);
    d.key('Enter');
    expect(only(d, 'wall')[0]!.points).toEqual([
      [2, 3],
      [7, 3],
    ]);
    d.editor.update({ grid: { ...d.editor.session.grid, snap: false } });
    d.tool('fence').click([7.3, 3.3]).click([9.33, 5.77]);
    d.key('Enter');
    // First point snapped to the wall's end vertex (within 8 px), the second stayed free.
    expect(only(d, 'fence')[0]!.points).toEqual([
      [7, 3],
      [9.33, 5.77],
    ]);
  });

  it('closes an area by clicking its first point; Escape and Backspace edit the draft', () => {
    const d = new EditorDriver().tool('woods');
    d.click([1, 1]).click([5, 1]).click([9, 9]);
    expect(d.key('Backspace')).toBe(true);
    d.click([5, 5]).click([1, 1]);
    expect(only(d, 'woods')[0]!.points).toEqual([
      [1, 1],
      [5, 1],
      [5, 5],
    ]);
    d.click([20, 20]).click([22, 20]);
    expect(d.key('Escape')).toBe(true);
    expect(d.features()).toHaveLength(1);
  });

  it('refuses a polyline with one point', () => {
    const d = new EditorDriver().tool('creek');
    d.click([3, 3]);
    d.key('Enter');
    expect(d.features()).toHaveLength(0);
  });

  it('drags out a building and clicks a default one', () => {
    const d = new EditorDriver().tool('building');
    d.drag([2, 2], [6, 5]);
    d.click([20, 10]);
    const [a, b] = only(d, 'building');
    expect(a).toMatchObject({
      x: 4,
      y: 3.5,
      width: 4,
      depth: 3,
      buildingKind: 'closed',
      floors: 1,
    });
    expect(b).toMatchObject({ x: 20, y: 10, width: 3, depth: 2 });
  });

  it('drops three trees, each one undo step', () => {
    const d = new EditorDriver().tool('tree');
    d.click([3, 3]).click([6, 3]).click([9, 3]);
    expect(only(d, 'tree').map((t) => [t.x, t.y, t.canopyRadius])).toEqual([
      [3, 3, 1.5],
      [6, 3, 1.5],
      [9, 3, 1.5],
    ]);
    d.editor.undo();
    expect(only(d, 'tree')).toHaveLength(2);
  });

  it('snaps a bridge onto the road crossing a creek', () => {
    const d = new EditorDriver();
    d.tool('road').click([0, 10]).click([30, 10]);
    d.key('Enter');
    d.tool('creek').click([15, 0]).click([15, 24]);
    d.key('Enter');
    d.tool('bridge').click([15.4, 10.6]);
    const [bridge] = only(d, 'bridge');
    expect(bridge?.carries).toBe(only(d, 'road')[0]!.id);
    expect(bridge?.spans).toBe(only(d, 'creek')[0]!.id);
    const xs = bridge!.points.map((p) => p[0]);
    const ys = bridge!.points.map((p) => p[1]);
    // Centred on the crossing, along the road, 0.5" wider than it, clearing creek and banks.
    expect((Math.min(...xs) + Math.max(...xs)) / 2).toBeCloseTo(15);
    expect((Math.min(...ys) + Math.max(...ys)) / 2).toBeCloseTo(10);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(2.5);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(2.5);
  });
});

describe('select tool', () => {
  const withTrees = () => {
    const d = new EditorDriver().tool('tree');
    d.click([5, 5]).click([10, 5]).click([20, 20]);
    return d.tool('select');
  };

  it('selects by click, shift-click and marquee', () => {
    const d = withTrees();
    const [t1, t2] = d.editor.features().map((f) => f.id);
    d.click([5, 5]);
    expect(d.editor.session.selection).toEqual([t1]);
    d.shift = true;
    d.click([10, 5]);
    expect(d.editor.session.selection).toEqual([t1, t2]);
    d.click([5, 5]);
    expect(d.editor.session.selection).toEqual([t2]);
    d.shift = false;
    d.click([30, 2]);
    expect(d.editor.session.selection).toEqual([]);
    d.drag([2, 2], [13, 8]);
    expect(d.editor.session.selection).toEqual([t1, t2]);
  });

  it('moves the selection in one undo step, snapping to the grid', () => {
    const d = withTrees();
    d.drag([5, 5], [8.2, 6.9]);
    expect(only(d, 'tree')[0]).toMatchObject({ x: 8, y: 7 });
    d.editor.undo();
    expect(only(d, 'tree')[0]).toMatchObject({ x: 5, y: 5 });
  });

  it('moves, adds and deletes vertices', () => {
    const d = new EditorDriver().tool('road');
    d.click([2, 2]).click([10, 2]);
    d.key('Enter');
    d.tool('select');
    d.drag([10, 2], [10, 6]);
    expect(only(d, 'road')[0]!.points).toEqual([
      [2, 2],
      [10, 6],
    ]);
    d.drag([6, 4], [6, 1]);
    expect(only(d, 'road')[0]!.points).toEqual([
      [2, 2],
      [6, 1],
      [10, 6],
    ]);
    d.alt = true;
    d.click([6, 1]);
    expect(only(d, 'road')[0]!.points).toEqual([
      [2, 2],
      [10, 6],
    ]);
    d.click([2, 2]);
    expect(only(d, 'road')[0]!.points).toHaveLength(2);
  });

  it('rotates a building with the rotate handle', () => {
    const d = new EditorDriver().tool('building');
    d.drag([10, 10], [14, 12]);
    d.tool('select');
    // Rotate handle sits 24 px (2.4") above the top centre.
    d.drag([12, 7.6], [16, 11]);
    expect(only(d, 'building')[0]!.rotation).toBeCloseTo(90, 0);
  });
});

describe('measuring tape', () => {
  it('measures a snapped distance', () => {
    const d = new EditorDriver().tool('tape');
    d.drag([1, 1], [4.1, 5.1]);
    expect(d.editor.session.tape).toEqual({ a: [1, 1], b: [4, 5] });
  });
});

describe('editing operations', () => {
  it('duplicates, copies across documents, deletes, reorders, locks and hides', () => {
    const d = new EditorDriver().tool('tree');
    d.click([5, 5]).click([8, 5]);
    const ed = d.editor;
    const [t1, t2] = ed.features().map((f) => f.id) as [string, string];
    ed.select([t1]);
    ed.duplicateSelection();
    const [t3] = ed.session.selection as [string];
    expect([t1, t2]).not.toContain(t3);
    expect(ed.feature(t3)).toMatchObject({ x: 6, y: 6 });
    ed.reorder('back');
    expect(ed.features().map((f) => f.id)).toEqual([t3, t1, t2]);
    ed.select([t1, t2]);
    const text = ed.copy();
    const other = new EditorDriver().editor;
    expect(other.paste(text)).toBe(true);
    expect(other.features().map((f) => [f.kind, (f as { x: number }).x])).toEqual([
      ['tree', 5],
      ['tree', 8],
    ]);
    ed.paste(text);
    expect(ed.features()).toHaveLength(5);
    expect(new Set(ed.features().map((f) => f.id)).size).toBe(5);
    ed.setFlag('locked', [t1]);
    expect(ed.feature(t1)?.locked).toBe(true);
    expect(ed.featureAt([5, 5])?.id).not.toBe(t1);
    ed.setFlag('hidden', [t2], true);
    ed.select([t2, t3]);
    ed.deleteSelection();
    expect(ed.features().map((f) => f.id)).not.toContain(t2);
    ed.undo();
    expect(ed.features().map((f) => f.id)).toContain(t2);
  });

  it('nudges in one undo step per press and never undoes the camera', () => {
    const d = new EditorDriver().tool('tree');
    d.click([5, 5]);
    const ed = d.editor;
    ed.nudge(0.1, 0);
    ed.panBy(100, 0);
    ed.undo();
    expect(ed.features()[0]).toMatchObject({ x: 5 });
    expect(ed.session.camera.x).toBe(100);
  });
});

describe('hex tools', () => {
  const hexDoc = () =>
    newScenario({
      ruleset: 'tank',
      map: {
        kind: 'hex',
        columns: 8,
        rows: 6,
        orientation: 'flat',
        defaultTerrain: 'clear',
        levels: { min: 0, max: 3 },
      },
    });

  it('paints a stroke of hexes as one undo step, fills, toggles a ridge', () => {
    const d = new EditorDriver(hexDoc());
    const ed = d.editor;
    const layout = ed.hexLayout()!;
    ed.update({ hexBrush: { ...ed.session.hexBrush, mode: 'level', level: 2 } });
    d.tool('hexBrush').drag(hexCentre(layout, 1, 1), hexCentre(layout, 3, 1), 8);
    expect(ed.hex(1, 1).level).toBe(2);
    expect(ed.hex(3, 1).level).toBe(2);
    const painted = ed.store.hexes.list().length;
    expect(painted).toBeGreaterThanOrEqual(3);
    ed.undo();
    expect(ed.store.hexes.list()).toHaveLength(0);
    ed.redo();
    ed.update({ hexBrush: { ...ed.session.hexBrush, mode: 'terrain', terrain: 'woods' } });
    d.tool('hexFill').click(hexCentre(layout, 6, 5));
    expect(ed.hex(6, 5).terrain).toBe('woods');
    expect(ed.hex(1, 1).terrain).toBeUndefined();
    const c = hexCentre(layout, 2, 2);
    d.tool('hexRidge').click([c[0], c[1] - layout.size * 0.8]);
    expect(ed.store.hexsides.list()).toEqual([{ col: 2, row: 2, side: 0, ridge: true }]);
    // The same side clicked from the hex above removes it.
    const above = hexCentre(layout, 2, 1);
    d.click([above[0], above[1] + layout.size * 0.8]);
    expect(ed.store.hexsides.list()).toEqual([]);
  });
});

describe('select tool on ground bands', () => {
  it('clicks select a ground band, drags on it draw a marquee', () => {
    const d = new EditorDriver().tool('ground');
    d.click([0, 0]).click([36, 0]).click([36, 24]).click([0, 24]).click([0, 0]);
    d.tool('tree').click([10, 10]);
    d.tool('select');
    d.editor.clearSelection();
    d.drag([8, 8], [12, 12]);
    expect(d.editor.session.selection).toEqual([only(d, 'tree')[0]!.id]);
    expect(only(d, 'ground')[0]!.points[0]).toEqual([0, 0]);
    d.click([20, 20]);
    expect(d.editor.session.selection).toEqual([only(d, 'ground')[0]!.id]);
    d.drag([20, 20], [21, 20]);
    expect(only(d, 'ground')[0]!.points[0]).toEqual([1, 0]);
  });
});
