import { describe, expect, test } from 'vitest';
import type { TankplankAction, TankplankState } from '../rules';
import { fixtureScenario } from '../rules/fixtures';
import { mortarTeam } from '../rules/testing';
import { tankplankPlaytest } from '..';

const scenario = fixtureScenario({
  title: 'house and tree',
  features: [
    {
      id: 'house',
      kind: 'building',
      x: 20,
      y: 12,
      width: 4,
      depth: 4,
      buildingKind: 'closed',
      floors: 1,
      roof: { type: 'pitched', ridge: 'depth' },
    },
    { id: 'oak', kind: 'tree', x: 20, y: 4.5, canopyRadius: 1.5 },
  ],
  units: [
    { side: 'a', formation: 'a.t', id: 'tank', type: 'tp.mediumTank', at: [5, 12], facing: 0 },
    ...mortarTeam([3, 6]),
    { side: 'b', formation: 'b.sq', id: 'r1', type: 'tp.rifleman', role: 'rifleman', at: [21, 12] },
    { side: 'b', formation: 'b.sq', id: 'u', type: 'tp.rifleman', role: 'rifleman', at: [20.3, 5] },
    { side: 'b', formation: 'b.sq', id: 'o', type: 'tp.rifleman', role: 'rifleman', at: [19, 6.2] },
  ],
});

describe('playtest adapter: AA MG, burning roofs, mortar shelter', () => {
  const tp = tankplankPlaytest(scenario);
  const start = tp.game.newGame({ seed: 1 }) as TankplankState;

  test('a tank offers "commander takes the AA MG" and the log says what it means', () => {
    const cmd = tp.commands(start, 'tank').find((c) => c.id === 'manAaMg');
    expect(cmd?.action).toEqual({ type: 'manAaMg', unit: 'tank' });
    const r = tp.game.reduce(start, cmd!.action as TankplankAction);
    if (!r.ok) throw new Error(r.reason);
    const line = tp.describe(r.events[0]!, r.state)[0]!;
    expect(line.text).toContain('at most ½ of its move');
    expect(line.ruleIds).toEqual(['TP-5.11']);
    expect(tp.counters(r.state, null).find((c) => c.id === 'tank')?.status).toContain(
      'commander on AA MG',
    );
  });

  test('a man on a burning roof shows it on his counter', () => {
    const s: TankplankState = {
      ...start,
      burningRoofs: ['house'],
      units: start.units.with('r1', { ...start.units.get('r1')!, level: 'roof' }),
    };
    expect(tp.counters(s, null).find((c) => c.id === 'r1')?.status).toContain('roof burning');
    const line = tp.describe(
      {
        type: 'HouseHit',
        unit: 'tank',
        house: 'house',
        part: 'roof',
        at: [21, 12],
        burning: true,
        ruleId: 'TP-11.7',
      },
      s,
    )[0]!;
    expect(line.text).toContain('on fire');
  });

  test('the mortar preview names who the round cannot reach and counts only the others', () => {
    const s: TankplankState = { ...start, phase: 'firing' };
    const p = tp.previewFire(s, 'm1', 'tp.mortar60', undefined, { at: [19.5, 5.5] });
    expect(p.legal).toBe(true);
    const step = p.steps.find((x) => x.ruleId === 'TP-12.3');
    expect(step?.base).toContain('under the tree 1');
    expect(p.odds.find((o) => o.label.startsWith('expected casualties'))?.label).toContain(
      '1 within reach',
    );
  });
});
