import { describe, expect, test } from 'vitest';
import { fixtureScenario } from './fixtures';
import { tankExplain } from './explain';

const column = (levels: number[], terrain: Record<number, string> = {}) => ({
  levels: levels.map((l, row) => [2, row, l] as const),
  terrain: Object.entries(terrain).map(([row, t]) => [2, Number(row), t] as const),
});

describe('sandtable los on a TANK! hex scenario', () => {
  const doc = fixtureScenario({
    layers: ['optional', 'costello'],
    ...column([3, 3, 3, 3, 1, 0, 0, 0, 0, 0, 0], { 4: 'woods' }),
    alpha: [{ id: 'a1', type: 'tank.pzIV', at: [2, 0], facing: 3 }],
    bravo: [{ id: 'b1', type: 'tank.t34', at: [2, 10] }],
  });
  test('names the hexes crossed, each potential blocking hex with level, ED, R, d, table row and rule', () => {
    const e = tankExplain.sight(doc, { unit: 'a1' }, { unit: 'b1' });
    expect(e.exit).toBe(1);
    expect(e.text[0]).toMatch(/^BLOCKED: .* level 3 → .* level 0; range 10 hexes/);
    expect(e.text[2]).toMatch(/^Hexes crossed \(11\): 0301 L3, 0302 L3/);
    expect(e.text.join('\n')).toContain(
      'level 1, woods: ED = L(high) + L(low) − 2 × L(block) = 1; R = 10, d = 4; table row ED 1: R ≥ 3 × d → blocks (TC-2.7)',
    );
    expect(e.json).toMatchObject({
      visible: false,
      range: 10,
      blockedBy: { ed: 1, R: 10, d: 4, ruleId: 'TC-2.7' },
    });
  });
  test('hexes given as column,row; a point off the map is a usage error', () => {
    expect(tankExplain.sight(doc, { point: [2, 0] }, { point: [2, 3] }).exit).toBe(0);
    expect(tankExplain.sight(doc, { point: [2, 0] }, { point: [40, 3] }).exit).toBe(2);
    expect(tankExplain.sight(doc, { unit: 'zz' }, { unit: 'b1' }).exit).toBe(2);
  });
});

describe('sandtable odds on a TANK! hex scenario', () => {
  const doc = fixtureScenario({
    layers: ['optional', 'costello'],
    alpha: [{ id: 'a1', type: 'tank.pzIV', at: [2, 2], facing: 3 }],
    bravo: [
      { id: 'b1', type: 'tank.t34', at: [2, 6], facing: 0 },
      { id: 'b2', type: 'tank.infantrySquad', at: [4, 2] },
    ],
  });
  test('the CRT cell, every die modifier and the exact chance of each result', () => {
    const e = tankExplain.odds(doc, { shooter: 'a1', target: 'b1' });
    expect(e.exit).toBe(0);
    // AP 11 against the T-34's front 12 at 4 hexes: column −1 of the ≤ 5 row is "1-2"; +2 for a target spotted this turn.
    expect(e.json).toMatchObject({
      kind: 'DF',
      attack: 11,
      defence: 12,
      differential: -1,
      rowMax: 5,
      threshold: 2,
      mods: [{ value: 2, ruleId: 'TC-7.4' }],
      outcomes: { noEffect: 1 },
    });
    expect(e.text.join('\n')).toContain('+2 target spotted this turn (TC-7.4)');
  });
  test('soft targets show the elimination and pin bands (OT-32.9)', () => {
    const e = tankExplain.odds(doc, { shooter: 'a1', target: 'b2' });
    const j = e.json as { outcomes: Record<string, number>; killMax: number };
    expect(j.killMax).toBe(1);
    // +2 for spotting this turn pushes every roll past the eliminating band 1.
    expect(j.outcomes['eliminated']).toBeUndefined();
    expect((j.outcomes['pinned'] ?? 0) + (j.outcomes['noEffect'] ?? 0)).toBeCloseTo(1);
    expect(j.outcomes['pinned']).toBeCloseTo(4 / 6);
  });
  test('pinning fire reads the extended cell with −2 (OT-32.8)', () => {
    const e = tankExplain.odds(doc, { shooter: 'a1', target: 'b1', weapon: 'DF-P' });
    expect(e.json).toMatchObject({ kind: 'DF-P', mods: [{ value: -2 }, { value: 2 }] });
  });
  test('a mission that cannot attack is a usage error', () => {
    expect(tankExplain.odds(doc, { shooter: 'a1', target: 'b1', weapon: 'FC' }).exit).toBe(2);
  });
});

describe('sandtable odds for indirect fire names what follows the roll', () => {
  test('a building under the fire may fall to rubble (TC-1.3); with Costello no panic line', () => {
    const doc = fixtureScenario({
      layers: ['costello'],
      columns: 20,
      terrain: [[9, 5, 'urban']],
      alpha: [
        { id: 'a1', type: 'tank.infantrySquad', at: [1, 5] },
        { id: 'a2', type: 'tank.heavyMortar', at: [1, 5] },
      ],
      bravo: [{ id: 'b1', type: 'tank.infantrySquad', at: [9, 5] }],
    });
    const text = tankExplain.odds(doc, { shooter: 'a2', target: 'b1' }).text.join('\n');
    expect(text).toContain('The building may fall: rubble on a d6 of 1-2 with HE 5');
    expect(text).not.toContain('Panic');
  });
  test('in the base game a unit under the fire tests panic (OT-G5)', () => {
    const doc = fixtureScenario({
      columns: 20,
      units: [
        {
          id: 'test.mortar',
          name: 'mortar',
          class: 'gun',
          mobility: 'foot',
          armour: { front: 1, side: 1, rear: 1 },
          speeds: { ma: 0 },
          points: 3,
          stats: { apAttack: 0, heAttack: 6, rangeHexes: 35, rangeMin: 5, callDelayTurns: 2 },
        },
      ],
      alpha: [{ id: 'a1', type: 'test.mortar', at: [1, 5] }],
      bravo: [{ id: 'b1', type: 'tank.pzIII', at: [9, 5] }],
    });
    const text = tankExplain.odds(doc, { shooter: 'a1', target: 'b1' }).text.join('\n');
    expect(text).toContain('panics on a d10 of 1-2 (panic 20%)');
  });
});
