import { describe, expect, test } from 'vitest';
import { newItemOf, setIn } from './inspectorData';
import { fieldsOf, resolve } from './schemaFields';

const building = {
  id: 'b1',
  kind: 'building',
  openings: [
    { type: 'door', wall: 'north', offset: 1, width: 0.75 },
    { type: 'window', wall: 'east', offset: 0.5, width: 0.5, floor: 1 },
  ],
};

describe('inspector edits inside lists', () => {
  test('a field of one list item changes in place; the list stays an array', () => {
    const next = setIn(building, ['openings', '1', 'wall'], 'west') as typeof building;
    expect(Array.isArray(next.openings)).toBe(true);
    expect(next.openings[1]).toEqual({
      type: 'window',
      wall: 'west',
      offset: 0.5,
      width: 0.5,
      floor: 1,
    });
    expect(next.openings[0]).toBe(building.openings[0]);
    expect(building.openings[1]!.wall).toBe('east');
  });

  test('clearing an optional field of an item removes the key, not the item', () => {
    const next = setIn(building, ['openings', '1', 'floor'], undefined) as typeof building;
    expect(next.openings).toHaveLength(2);
    expect(next.openings[1]).not.toHaveProperty('floor');
  });

  test('a new opening has every required field at a value the schema accepts', () => {
    const spec = fieldsOf('building').find((f) => f.key === 'openings')!;
    const item = newItemOf(resolve(spec.schema.items!));
    expect(item).toEqual({ type: 'door', wall: 'north', offset: 0, width: 1 });
  });
});

test("the underlay's rotation resolves to a number field, not a JSON text box", async () => {
  const { mapFieldsOf } = await import('./schemaFields');
  const underlay = mapFieldsOf('table').find((f) => f.key === 'underlay')!;
  const rotation = resolve(underlay.schema.properties!.rotation!);
  expect(rotation.type).toBe('number');
  expect(rotation.maximum).toBe(360);
});
