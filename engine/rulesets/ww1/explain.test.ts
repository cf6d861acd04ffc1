import { describe, expect, it } from 'vitest';
import type { ScenarioDoc } from '../../format';
import wire from '../../../scenarios/ww1-wire.scenario.json';
import { ww1Explain } from './explain';

const base = wire as unknown as ScenarioDoc;

/** ww1-wire with the male tank moved next to the German trench garrison's 3rd Company. */
function tankNextTo(): ScenarioDoc {
  const s = JSON.parse(JSON.stringify(base)) as ScenarioDoc;
  const u = s.forces.sides[0]!.formations[0]!.units.find((x) => x.id === 'british.male1')!;
  u.position = { col: 6, row: 3 };
  return s;
}

type Odds = {
  dice: number;
  hits: number[];
  flags: number[];
  pVacated: number;
  flagIgnores: number;
  flagModifiers: { label: string; value: number; ruleId: string }[];
  modifiers: { label: string; value: number; ruleId: string }[];
};

describe('sandtable odds and los for WWI', () => {
  it('gives exact odds of hits and flags with every modifier and rule id, matching every face', () => {
    const r = ww1Explain.odds(tankNextTo(), {
      shooter: 'british.male1',
      target: 'german.inf3',
      weapon: 'ww1.card.buttAndBayonet',
    });
    expect(r.exit).toBe(0);
    const o = r.json as Odds;
    // Male tank close dice 3, +1 Butt & Bayonet, -1 trench (close combat into a trench).
    expect(o.modifiers.map((m) => [m.value, m.ruleId])).toEqual([
      [-1, 'WW-G5'],
      [1, 'WW-G1'],
    ]);
    expect(o.dice).toBe(3);
    // Tankschreken takes the trench's flag ignore away.
    expect(o.flagIgnores).toBe(0);
    expect(o.flagModifiers.map((m) => m.ruleId)).toEqual(['WW-G5', 'WW-5.3']);
    // Brute force over the 6^3 faces: 1-3 hit infantry, 5 is a flag.
    const hits = [0, 0, 0, 0];
    const flags = [0, 0, 0, 0];
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++)
        for (let c = 1; c <= 6; c++) {
          const f = [a, b, c];
          hits[f.filter((x) => x <= 3).length]! += 1 / 216;
          flags[f.filter((x) => x === 5).length]! += 1 / 216;
        }
    o.hits.forEach((p, k) => expect(p).toBeCloseTo(hits[k]!, 6));
    o.flags.forEach((p, k) => expect(p).toBeCloseTo(flags[k]!, 6));
    expect(r.text.join('\n')).toMatch(/the tank then gains ground, WW-6.2/);
  });

  it('refuses what cannot be asked or battled, saying why', () => {
    expect(ww1Explain.odds(base, { shooter: 'nobody', target: 'german.inf3' }).exit).toBe(2);
    const far = ww1Explain.odds(base, { shooter: 'british.male1', target: 'german.inf3' });
    expect(far.exit).toBe(1);
    expect(far.text[0]).toMatch(/out of range.*WW-4.1/);
    const card = ww1Explain.odds(base, {
      shooter: 'british.inf3',
      target: 'german.inf3',
      weapon: 'ww1.card.zeppelin',
    });
    expect(card.text[0]).toMatch(/"ww1.card.zeppelin" is not one \(.*ww1.card.buttAndBayonet/);
    const tankCard = ww1Explain.odds(tankNextTo(), {
      shooter: 'british.male1',
      target: 'german.inf3',
      weapon: 'ww1.card.steadyAim',
    });
    expect(tankCard.text[0]).toMatch(/Steady Aim is played with a ranged combat/);
  });

  it('draws sight hex to hex and names what blocks it', () => {
    const clear = ww1Explain.sight(base, { unit: 'british.inf3' }, { unit: 'german.inf3' });
    expect(clear.exit).toBe(0);
    const blocked = ww1Explain.sight(base, { unit: 'german.gun1' }, { unit: 'british.inf3' });
    expect(blocked.exit).toBe(1);
    expect(blocked.text.join('\n')).toMatch(/blocked by unit german.inf3 at 0703/);
  });
});
