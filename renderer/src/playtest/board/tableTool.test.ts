import { describe, expect, it } from 'vitest';
import { IDLE, toolMove, toolRelease, type TableTool } from './tableTool';

describe('the playtest table tool', () => {
  it('a press on a unit that stays put is a click that picks the unit out of its group', () => {
    const t: TableTool = { state: 'pointing', on: 'unit', unit: 'a', start: [5, 5] };
    const moved = toolMove(t, [5.1, 5]);
    expect(moved).toBe(t);
    expect(toolRelease(moved, [5.1, 5], false)).toEqual({ kind: 'pickOne', unit: 'a' });
    // Shift keeps the group as the press left it.
    expect(toolRelease(moved, [5.1, 5], true)).toEqual({ kind: 'none' });
  });

  it('a press on a unit becomes a move once the pointer travels a quarter inch', () => {
    const t: TableTool = { state: 'pointing', on: 'unit', unit: 'a', start: [5, 5] };
    const d = toolMove(t, [5.3, 5]);
    expect(d).toEqual({ state: 'dragging', kind: 'move', unit: 'a', to: [5.3, 5] });
    const further = toolMove(d, [9, 7]);
    expect(toolRelease(further, [9, 7.5], false)).toEqual({
      kind: 'move',
      unit: 'a',
      to: [9, 7.5],
    });
  });

  it('a click on the table moves the selection there; a drag on it does nothing', () => {
    const t: TableTool = { state: 'pointing', on: 'table', start: [10, 10] };
    expect(toolRelease(t, [10.2, 10], false)).toEqual({ kind: 'clickTable', at: [10.2, 10] });
    expect(toolRelease(t, [11, 10], false)).toEqual({ kind: 'none' });
  });

  it('the facing knob turns toward the pointer and commits a facing from 0 to 360', () => {
    const t: TableTool = { state: 'dragging', kind: 'face', unit: 'a', facing: null };
    expect(toolRelease(t, [0, 0], false)).toEqual({ kind: 'none' });
    const north = toolMove(t, [5, 0], [5, 5]);
    expect(toolRelease(north, [5, 0], false)).toEqual({ kind: 'face', unit: 'a', facing: 270 });
    const east = toolMove(t, [9, 5], [5, 5]);
    expect(toolRelease(east, [9, 5], false)).toEqual({ kind: 'face', unit: 'a', facing: 0 });
  });

  it('idle stays idle', () => {
    expect(toolMove(IDLE, [1, 1])).toBe(IDLE);
    expect(toolRelease(IDLE, [1, 1], false)).toEqual({ kind: 'none' });
  });
});
