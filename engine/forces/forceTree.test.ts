import { describe, expect, it } from 'vitest';
import type { Forces } from '../format';
import { minimalScenario } from '../format/testFixtures';
import {
  addFormation,
  addUnit,
  allUnits,
  embark,
  moveItem,
  removeItems,
  updateSide,
} from './forceTree';
import { exportSide, importSide } from './forcesFile';

const base = (): Forces => ({
  sides: [
    {
      id: 'a',
      name: 'A',
      formations: [
        {
          id: 'sq',
          kind: 'squad',
          units: [
            { id: 'r1', type: 'tp.rifleman', position: [3, 3] },
            { id: 'r2', type: 'tp.rifleman' },
          ],
        },
        { id: 'mot', kind: 'group', units: [{ id: 't1', type: 'tp.truck' }] },
      ],
    },
  ],
});

describe('force tree edits', () => {
  it('adds, moves and removes without touching the input', () => {
    const f = base();
    const before = JSON.stringify(f);
    let next = addFormation(f, 'a', { id: 'hw', kind: 'section', units: [] });
    next = addUnit(next, 'hw', { id: 'o1', type: 'tp.officer' });
    next = moveItem(next, 'r2', 'hw');
    expect(allUnits(next).map((p) => [p.unit.id, p.path.at(-1)!.id])).toEqual([
      ['r1', 'sq'],
      ['t1', 'mot'],
      ['o1', 'hw'],
      ['r2', 'hw'],
    ]);
    expect(moveItem(next, 'sq', 'sq')).toBe(next);
    next = moveItem(next, 'mot', 'hw');
    expect(next.sides[0]!.formations.map((x) => x.id)).toEqual(['sq', 'hw']);
    expect(JSON.stringify(f)).toBe(before);
    expect(updateSide(next, 'a', { colour: '#ff0000' }).sides[0]!.colour).toBe('#ff0000');
  });

  it('embarks a passenger (dropping its table position) and removing it empties the list', () => {
    let f = embark(base(), 'r1', 't1');
    const truck = allUnits(f).find((p) => p.unit.id === 't1')!.unit;
    expect(truck.passengers).toEqual(['r1']);
    expect(allUnits(f).find((p) => p.unit.id === 'r1')!.unit.position).toBeUndefined();
    f = removeItems(f, ['sq']);
    expect(allUnits(f).find((p) => p.unit.id === 't1')!.unit.passengers).toBeUndefined();
    expect(allUnits(f).map((p) => p.unit.id)).toEqual(['t1']);
  });
});

describe('forces files', () => {
  it('exports a side and imports it back as a new side with fresh ids, or over a side', () => {
    const doc = minimalScenario();
    const file = exportSide(doc, 'A');
    expect(file.format).toBe('sandtable.forces');
    const added = importSide(doc, file);
    expect(added.sides).toHaveLength(3);
    const copy = added.sides[2]!;
    expect(copy.id).not.toBe('A');
    const ids = allUnits(added).map((p) => p.unit.id);
    expect(new Set(ids).size).toBe(ids.length);
    const replaced = importSide(doc, file, 'B');
    expect(replaced.sides.map((s) => s.id)).toEqual(['A', 'B']);
    expect(replaced.sides[1]!.name).toBe('Side A');
  });
});

describe('hidden objectives', () => {
  it('another side sees only open objectives and its own until a hidden one is revealed', async () => {
    const { visibleObjectives } = await import('./objectiveView');
    const objectives = [
      { id: 'open', kind: 'vpPerTurn' as const },
      { id: 'a-secret', kind: 'holdZone' as const, owner: 'a', hidden: true },
      { id: 'b-secret', kind: 'holdZone' as const, owner: 'b', hidden: true },
    ];
    expect(visibleObjectives(objectives, null).map((o) => o.id)).toHaveLength(3);
    expect(visibleObjectives(objectives, 'a').map((o) => o.id)).toEqual(['open', 'a-secret']);
    expect(visibleObjectives(objectives, 'a', new Set(['b-secret'])).map((o) => o.id)).toEqual([
      'open',
      'a-secret',
      'b-secret',
    ]);
  });
});
