import { expect, test } from 'vitest';
import { bundledScenario } from '../../../scripts/testing/bundled';
import { tanksExplain } from './explain';

test('sandtable odds --json carries the pools, the exact outcomes and their expectations', () => {
  const a = tanksExplain.odds(bundledScenario('tanks-your-first-game'), {
    shooter: 'usa.m1',
    target: 'sov.t64',
  });
  expect(a.exit).toBe(0);
  const j = a.json as Record<string, unknown>;
  expect(j['attackDice']).toBe(4);
  expect(j['defencePool']).toBe(1);
  const outcomes = j['outcomes'] as { hits: number; criticals: number; p: number }[];
  expect(outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
  const none = outcomes.find((o) => o.hits === 0 && o.criticals === 0)!.p;
  expect(j['pNoEffect']).toBeCloseTo(none, 12);
  const eh = outcomes.reduce((s, o) => s + o.hits * o.p, 0);
  expect(j['expectedHits']).toBeCloseTo(eh, 12);
  expect(typeof j['expectedCriticals']).toBe('number');
  expect(j['pDestroyed']).toBeGreaterThan(0);
  expect(a.text.join('\n')).toMatch(/policy: a Stationary shooter re-rolls/);
});

test('odds need both models on the table; a wrong unit is a wrong question', () => {
  const alpha = bundledScenario('tanks-last-battle-of-alpha-66');
  const r = tanksExplain.odds(alpha, { shooter: 'sov.t64-2', target: 'usa.alpha66' });
  expect([r.exit, r.text[0]]).toEqual([
    1,
    expect.stringMatching(/placed at deployment \(TK-2\.5\)/),
  ]);
  expect(tanksExplain.odds(alpha, { shooter: 'nobody', target: 'usa.alpha66' }).exit).toBe(2);
});

test('sandtable los names the corner a cottage hides', () => {
  const r = tanksExplain.sight(
    bundledScenario('tanks-your-first-game'),
    { unit: 'sov.t64' },
    { unit: 'usa.m1' },
  );
  expect(r.exit).toBe(0);
  expect(r.text.join('\n')).toMatch(/corner 2 .*not clear \(Cottage\)/);
});

test('sandtable los names the terrain the players have yet to place (TK-2.2)', () => {
  const r = tanksExplain.sight(
    bundledScenario('tanks-terrain-by-players'),
    { unit: 'sov.t64' },
    { unit: 'usa.m1' },
  );
  expect(r.text.at(-1)).toContain('Birch wood');
  expect(r.text.at(-1)).toContain('[TK-2.2]');
  expect((r.json as { notPlaced: string[] }).notPlaced).toHaveLength(6);
  const plain = tanksExplain.sight(
    bundledScenario('tanks-your-first-game'),
    { unit: 'sov.t64' },
    { unit: 'usa.m1' },
  );
  expect((plain.json as { notPlaced: string[] }).notPlaced).toEqual([]);
});
