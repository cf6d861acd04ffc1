import { describe, expect, it } from 'vitest';
import { newScenario } from '../../../engine/document';
import { allUnits } from '../../../engine/forces';
import type { ScenarioDoc } from '../../../engine/format/types';
import { EditorDriver } from '../editor/EditorDriver';
import { setupOf } from '../forces/setupModel';
import { hexCentre, hexGrid, offsetNeighbour } from '../../../engine/hex';
import { hexUnitAt } from './setupHit';
import { dropOnHex } from './setupTools';
import {
  fanOffsets,
  hexAreaBoundary,
  hexsideAwayFrom,
  isPlaced,
  positionLabel,
  toggleHex,
} from './hexSetup';

const flat = hexGrid({ orientation: 'flat', offset: 'odd', columns: 9, rows: 7 });
const pointy = hexGrid({ orientation: 'pointy', offset: 'odd', columns: 9, rows: 7 });

describe('hex set-up geometry', () => {
  it('units face away from their entry edge: flat north edge faces S (3), pointy south faces NE/NW', () => {
    expect(hexsideAwayFrom(flat, 'north')).toBe(3);
    expect(hexsideAwayFrom(flat, 'south')).toBe(0);
    // Pointy hexes have no north or south side: the first of the two closest is taken.
    expect([0, 5]).toContain(hexsideAwayFrom(pointy, 'south'));
    expect(hexsideAwayFrom(pointy, 'west')).toBe(1);
    expect(hexsideAwayFrom(pointy, 'east')).toBe(4);
  });

  it('the outline of a group of hexes is its outer hexsides only', () => {
    expect(hexAreaBoundary(flat, [{ col: 4, row: 3 }])).toHaveLength(6);
    const n = offsetNeighbour(flat, 4, 3, 2);
    // Two touching hexes share one hexside, which is inside: 12 - 2 = 10 outer sides.
    expect(hexAreaBoundary(flat, [{ col: 4, row: 3 }, n])).toHaveLength(10);
    // A ring of seven: 6 × 3 outer sides.
    const ring = [
      { col: 4, row: 3 },
      ...[0, 1, 2, 3, 4, 5].map((s) => offsetNeighbour(flat, 4, 3, s)),
    ];
    expect(hexAreaBoundary(flat, ring)).toHaveLength(18);
    // Hexes off the map are skipped.
    expect(hexAreaBoundary(flat, [{ col: 40, row: 3 }])).toEqual([]);
  });

  it('several counters in one hex get distinct offsets inside the hex', () => {
    expect(fanOffsets(1)).toEqual([[0, 0]]);
    for (const n of [2, 3, 4]) {
      const o = fanOffsets(n);
      expect(new Set(o.map((p) => p.map((v) => v.toFixed(3)).join()))).toHaveProperty('size', n);
      for (const [x, y] of o) expect(Math.hypot(x, y)).toBeLessThan(0.5);
    }
  });

  it('toggleHex adds and removes; positions read as hexes or inches', () => {
    const one = toggleHex([], { col: 1, row: 2 });
    expect(one).toEqual([{ col: 1, row: 2 }]);
    expect(toggleHex(one, { col: 1, row: 2 })).toEqual([]);
    expect(isPlaced({ position: { col: 0, row: 0 } })).toBe(true);
    expect(isPlaced({})).toBe(false);
    expect(positionLabel({ col: 4, row: 7 })).toBe('hex 0508 (col 4, row 7)');
    expect(positionLabel([3, 4])).toBe('(3, 4)');
  });
});

function hexDoc(): ScenarioDoc {
  const doc = newScenario({
    ruleset: 'ww1',
    map: {
      kind: 'hex',
      columns: 9,
      rows: 7,
      orientation: 'flat',
      defaultTerrain: 'clear',
      levels: { min: 0, max: 2 },
    },
  });
  doc.forces.sides[0]!.formations = [
    {
      id: 'p',
      kind: 'group',
      units: [
        { id: 'a', type: 'ww1.infantry', position: { col: 2, row: 2 } },
        { id: 'b', type: 'ww1.infantry', position: { col: 2, row: 2 } },
        { id: 'c', type: 'ww1.infantry' },
      ],
    },
  ];
  doc.deployment.entryEdges = [{ id: 'e', side: 'blue', edge: 'north' }];
  return doc;
}

const unit = (d: EditorDriver, id: string) =>
  allUnits(setupOf(d.editor).scenario().forces).find((p) => p.unit.id === id)!.unit;

describe('set-up on hex maps', () => {
  it('a unit dropped on a hex stands there facing away from its entry edge; one undo step', () => {
    const d = new EditorDriver(hexDoc());
    const layout = d.editor.hexLayout()!;
    expect(dropOnHex(d.editor, layout, 'c', hexCentre(layout, 5, 4))).toBe(true);
    expect(unit(d, 'c')).toMatchObject({ position: { col: 5, row: 4 }, facing: 3 });
    d.editor.undo();
    expect(unit(d, 'c').position).toBeUndefined();
  });

  it('a drop off the grid is refused with a hint and changes nothing', () => {
    const d = new EditorDriver(hexDoc());
    const layout = d.editor.hexLayout()!;
    expect(dropOnHex(d.editor, layout, 'a', [-5, -5])).toBe(false);
    expect(unit(d, 'a').position).toEqual({ col: 2, row: 2 });
    expect(d.editor.session.hint).toMatch(/not placed/);
  });

  it('units tool: a placed unit drags hex to hex; pressing with a unit picked places it', () => {
    const d = new EditorDriver(hexDoc());
    const layout = d.editor.hexLayout()!;
    d.tool('units').drag(hexCentre(layout, 2, 2), hexCentre(layout, 6, 5));
    expect(unit(d, 'a').position).toEqual({ col: 6, row: 5 });
    setupOf(d.editor).update({ placing: 'c' });
    // Dragging toward the south-east side turns it to hexside 2.
    const c = hexCentre(layout, 4, 1);
    d.drag(c, [c[0] + 2, c[1] + 1.2]);
    expect(unit(d, 'c')).toMatchObject({ position: { col: 4, row: 1 }, facing: 2 });
    // Alt-drag on a placed unit turns it in its hex: toward the north side (0), one undo step.
    d.alt = true;
    d.drag(c, [c[0], c[1] - 3]);
    d.alt = false;
    expect(unit(d, 'c')).toMatchObject({ position: { col: 4, row: 1 }, facing: 0 });
    d.editor.undo();
    expect(unit(d, 'c').facing).toBe(2);
  });

  it('objective and deployment tools build hex areas click by click', () => {
    const d = new EditorDriver(hexDoc());
    const layout = d.editor.hexLayout()!;
    const m = setupOf(d.editor);
    d.tool('objectivePoint').click(hexCentre(layout, 3, 3));
    expect(m.scenario().objectives[0]!.area).toEqual({
      shape: 'hexes',
      hexes: [{ col: 3, row: 3 }],
    });
    d.tool('objectiveZone')
      .click(hexCentre(layout, 4, 3))
      .click(hexCentre(layout, 3, 3));
    expect(m.scenario().objectives[0]!.area).toEqual({
      shape: 'hexes',
      hexes: [{ col: 4, row: 3 }],
    });
    d.tool('deployZone')
      .click(hexCentre(layout, 0, 0))
      .click(hexCentre(layout, 1, 0));
    expect(m.scenario().deployment.zones).toEqual([
      expect.objectContaining({
        side: 'blue',
        area: {
          shape: 'hexes',
          hexes: [
            { col: 0, row: 0 },
            { col: 1, row: 0 },
          ],
        },
      }),
    ]);
  });

  it('select tool: a click on a stack selects the hex and cycles through its units', () => {
    const d = new EditorDriver(hexDoc());
    const layout = d.editor.hexLayout()!;
    const m = setupOf(d.editor);
    expect(hexUnitAt(d.editor, 2, 2)).toEqual({ kind: 'unit', id: 'a' });
    d.tool('select').click(hexCentre(layout, 2, 2));
    expect(d.editor.session.selectedHex).toEqual({ col: 2, row: 2 });
    expect(m.session.selected).toEqual({ kind: 'unit', id: 'a' });
    d.click(hexCentre(layout, 2, 2));
    expect(m.session.selected).toEqual({ kind: 'unit', id: 'b' });
    d.click(hexCentre(layout, 5, 5));
    expect(d.editor.session.selectedHex).toEqual({ col: 5, row: 5 });
    expect(m.session.selected).toBeNull();
  });
});
