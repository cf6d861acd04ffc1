import { describe, expect, test } from 'vitest';
import { fixtureScenario } from '../rules/fixtures';
import { tankplankPlaytest } from '..';
import { tankplankExplain } from '../explain';
import { tankplankKit, type TankplankKit } from './kit';
import { describeEvent } from './log';
import type { TankplankEvent, TankplankState } from '../rules';

describe('counter glyphs', () => {
  test('a Rifleman and a Radioman carry different letters, every type its own', () => {
    const tp = tankplankPlaytest(
      fixtureScenario({
        title: 'glyphs',
        features: [],
        units: [
          { side: 'a', formation: 'a.sq', id: 'r1', type: 'tp.rifleman', at: [5, 5] },
          { side: 'a', formation: 'a.sq', id: 'r2', type: 'tp.rifleman', at: [6, 5] },
          { side: 'a', formation: 'a.sq', id: 'rad', type: 'tp.radioman', at: [7, 5] },
          { side: 'b', formation: 'b.t', id: 't', type: 'tp.mediumTank', at: [20, 5] },
        ],
      }),
    );
    const counters = tp.counters(tp.game.newGame({ seed: 1 }), null);
    const glyph = (id: string) => counters.find((c) => c.id === id)!.glyph;
    expect(glyph('r1')).toBe(glyph('r2'));
    expect(glyph('r1')).not.toBe(glyph('rad'));
    expect(glyph('t')).toBe('MT');
    // Two unnamed riflemen of one squad are told apart by a number, not by their ids.
    const label = (id: string) => counters.find((c) => c.id === id)!.label;
    expect(label('r1')).toContain('Rifleman 1');
    expect(label('r2')).toContain('Rifleman 2');
    expect(label('r1')).not.toContain('[r1]');
  });
});

describe('names instead of ids', () => {
  const scenario = fixtureScenario({
    title: 'names',
    features: [
      {
        id: 'building-ivi12yvh',
        kind: 'building',
        x: 20,
        y: 10,
        width: 4,
        depth: 4,
        buildingKind: 'closed',
        floors: 2,
        roof: { type: 'flat' },
      },
    ],
    units: [
      { side: 'a', formation: 'a.sq', id: 'r1', type: 'tp.rifleman', at: [10, 10] },
      { side: 'b', formation: 'b.sq', id: 'r2', type: 'tp.rifleman', at: [30, 10] },
    ],
  });

  test('a line of sight blocked by an unnamed building names its kind and number', () => {
    const e = tankplankExplain.sight(scenario, { unit: 'r1' }, { unit: 'r2' });
    const text = e.text.join('\n');
    expect(text).toContain('blocked by building 1');
    expect(text).not.toContain('ivi12yvh');
  });

  test("a dropped heavy weapon's formation reads as words", () => {
    const kit = tankplankKit(scenario);
    expect(kit.formationNames.get('a.sq:dropped')).toBe("a.sq's dropped weapon");
  });
});

test("a destroyed vehicle's crewman rolling his save is named by the vehicle, not 'b.truck2.crew1'", () => {
  // Seen in the village walk: the crew are no units of the game until they save.
  const truck = { id: 'b.truck2' };
  const state = { units: { get: (id: string) => (id === truck.id ? truck : undefined) } };
  const kit = {
    shortLabel: (_: unknown, id: string) => (id === truck.id ? 'Truck 2 (Trucks)' : id),
  } as unknown as TankplankKit;
  const e = {
    type: 'SaveRolled',
    unit: 'b.truck2.crew1',
    needed: 5,
    roll: 3,
    saved: false,
    modifiers: [],
    ruleId: 'TP-14.5',
  } as unknown as TankplankEvent;
  const text = describeEvent(kit, e, state as unknown as TankplankState)[0]!.text;
  expect(text).toMatch(/^Truck 2 \(Trucks\) crewman 1 saves on 5\+/);
  expect(text).not.toContain('b.truck2');
});

test('an objective Tankplank does not score says so and what to do, not "nobody: held 0 of 1"', () => {
  const tp = tankplankPlaytest(
    fixtureScenario({
      title: 'open objective',
      features: [],
      units: [{ side: 'a', formation: 'a.sq', id: 'r1', type: 'tp.rifleman', at: [5, 5] }],
      objectives: [
        {
          id: 'objective-x1',
          name: 'Objective 1',
          kind: 'holdZone',
          area: { shape: 'rect', x: 14, y: 10, width: 8, height: 4 },
          holdTurns: 1,
        },
      ],
    }),
  );
  const [view] = tp.objectives(tp.game.newGame({ seed: 1 }), null);
  expect(view!.text).toMatch(/^Objective 1: not scored in Tankplank/);
  expect(view!.text).toContain('give it an owner');
  expect(view!.text).not.toContain('nobody');
  // No hold count for the board to show; the side has no objective of its own.
  expect(view!.needed).toBe(0);
  const [score] = tp.score(tp.game.newGame({ seed: 1 }));
  expect(score!.value).toBe('1/1 units in play; no objective of its own');
});
