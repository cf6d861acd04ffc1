import { describe, expect, it } from 'vitest';
import { newScenario } from '../../../engine/document';
import { allUnits } from '../../../engine/forces';
import type { ScenarioDoc } from '../../../engine/format/types';
import { EditorDriver } from '../editor/EditorDriver';
import { setupOf } from '../forces/setupModel';
import { commandForKey, type AppActions } from '../commands/commands';

function tanks(): ScenarioDoc {
  const doc = newScenario({ ruleset: 'tanks', map: { kind: 'table', width: 36, height: 36 } });
  doc.forces.sides[0]!.formations = [
    {
      id: 'p',
      kind: 'platoon',
      units: [
        { id: 'a', type: 'tanks.m1' },
        { id: 'b', type: 'tanks.m1' },
      ],
    },
  ];
  doc.deployment.entryEdges = [{ id: 'e', side: 'blue', edge: 'north' }];
  return doc;
}

describe('set-up tools', () => {
  it('deployment zone: a drag is a rectangle for the active side, one undo step', () => {
    const d = new EditorDriver(tanks());
    const m = setupOf(d.editor);
    d.tool('deployZone').drag([2, 1], [34, 6]);
    expect(m.scenario().deployment.zones).toEqual([
      {
        id: expect.stringMatching(/^deploy-blue-[0-9a-z]{8}$/),
        side: 'blue',
        name: 'Blue deployment',
        area: { shape: 'rect', x: 2, y: 1, width: 32, height: 5 },
      },
    ]);
    d.editor.undo();
    expect(m.scenario().deployment.zones ?? []).toEqual([]);
  });

  it('deployment zone: a click near an edge makes a strip one Measuring Arrow deep', () => {
    const d = new EditorDriver(tanks());
    const m = setupOf(d.editor);
    m.update({ activeSide: 'red' });
    d.tool('deployZone').click([18, 35]);
    expect(m.scenario().deployment.zones?.[0]).toMatchObject({
      side: 'red',
      area: { shape: 'edgeStrip', edge: 'south', depth: 6 },
    });
  });

  it('entry edge: a click picks the nearest edge and replaces the side’s previous one', () => {
    const d = new EditorDriver(tanks());
    const m = setupOf(d.editor);
    d.tool('entryEdge').click([1, 20]);
    expect(m.scenario().deployment.entryEdges).toEqual([{ id: 'e', side: 'blue', edge: 'west' }]);
  });

  it('units: press to place, drag to face; the next unplaced unit is queued', () => {
    const d = new EditorDriver(tanks());
    const m = setupOf(d.editor);
    m.update({ placing: 'a' });
    d.tool('units').drag([10, 3], [10, 8]);
    const units = allUnits(m.scenario().forces).map((p) => p.unit);
    expect(units[0]).toMatchObject({ position: [10, 3], facing: 90 });
    expect(m.session.placing).toBe('b');
    // Pressing on a placed unit drags it; one undo step puts it back.
    d.drag([10, 3], [12, 4]);
    expect(allUnits(m.scenario().forces)[0]!.unit.position).toEqual([12, 4]);
    d.editor.undo();
    expect(allUnits(m.scenario().forces)[0]!.unit.position).toEqual([10, 3]);
  });

  it('objective point and zone', () => {
    const d = new EditorDriver(tanks());
    const m = setupOf(d.editor);
    d.tool('objectivePoint').click([18, 18]);
    d.tool('objectiveZone').drag([30, 10], [35, 20]);
    expect(m.scenario().objectives.map((o) => [o.kind, o.area])).toEqual([
      ['vpPerTurn', { shape: 'point', at: [18, 18] }],
      ['holdZone', { shape: 'rect', x: 30, y: 10, width: 5, height: 10 }],
    ]);
  });

  it('Delete removes the selected set-up item (not a feature) as one undo step', () => {
    const d = new EditorDriver(tanks());
    const m = setupOf(d.editor);
    d.tool('objectivePoint').click([18, 18]);
    const ctx = { editor: d.editor, app: {} as AppActions };
    const key = { key: 'Delete', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
    const cmd = commandForKey(key, ctx);
    expect(cmd?.id).toBe('setup.delete');
    cmd!.run(ctx);
    expect(m.scenario().objectives).toEqual([]);
    d.editor.undo();
    expect(m.scenario().objectives).toHaveLength(1);
  });

  it('units tool: an objective token drags to a new place', () => {
    const d = new EditorDriver(tanks());
    const m = setupOf(d.editor);
    d.tool('objectivePoint').click([18, 18]);
    d.tool('units').drag([18, 18], [18, 30]);
    expect(m.scenario().objectives[0]!.area).toEqual({ shape: 'point', at: [18, 30] });
    d.editor.undo();
    expect(m.scenario().objectives[0]!.area).toEqual({ shape: 'point', at: [18, 18] });
  });
});
