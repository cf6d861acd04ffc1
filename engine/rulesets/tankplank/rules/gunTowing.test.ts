import { describe, expect, test } from 'vitest';
import type { Feature } from '../../../format';
import type { FixtureUnit } from './fixtures';
import { fixtureGame, testReducer } from './testing';

// Seed 000 L138: "Two men can tow an antitank gun on roads and on flat ground. They cannot move it
// over objects." (TP-5.5). Men climb a wall for half a move (L160); the gun they drag cannot.

const crew = (id: string, at: [number, number]): FixtureUnit => ({
  side: 'a',
  formation: 'a.at',
  id,
  type: 'tp.atCrew',
  role: 'atCrew',
  at,
  facing: 0,
});
const units: FixtureUnit[] = [
  // 0.4" short of the walls at x = 6: 0.7" at 2" a turn plus half a move to cross would fit.
  { side: 'a', formation: 'a.at', id: 'gun', type: 'tp.atGun', at: [5.6, 12], facing: 0 },
  crew('c1', [5.6, 12.5]),
  crew('c2', [5.1, 12]),
];
const wall = (strength: 'small' | 'strong'): Feature => ({
  id: `wall-${strength}`,
  kind: 'wall',
  points: [
    [6, 8],
    [6, 16],
  ],
  height: strength === 'small' ? 0.5 : 1,
  strength,
});
const fence: Feature = {
  id: 'fence',
  kind: 'fence',
  points: [
    [6, 8],
    [6, 16],
  ],
};
const towOver = (features: Feature[]) => {
  const { ctx, state } = fixtureGame({ units, features });
  return testReducer(ctx)(state, { type: 'move', unit: 'gun', path: [[6.3, 12]] });
};

describe('an AT gun is towed on roads and flat ground, never over objects (TP-5.5)', () => {
  test('L138: two men cannot drag the gun over a small wall', () => {
    const r = towOver([wall('small')]);
    expect(r).toMatchObject({ ok: false, ruleId: 'TP-5.5' });
    expect(!r.ok && r.reason).toMatch(
      /^wall 1 stops this mover.*towed only on roads and flat ground/,
    );
  });

  test('L138: nor over a strong wall or a fence', () => {
    expect(towOver([wall('strong')])).toMatchObject({ ok: false, ruleId: 'TP-5.5' });
    expect(towOver([fence])).toMatchObject({ ok: false, ruleId: 'TP-5.5' });
  });

  test('L138, L160: on open ground they drag it; the men themselves climb the wall', () => {
    expect(towOver([])).toMatchObject({ ok: true });
    const { ctx, state } = fixtureGame({ units, features: [wall('small')] });
    expect(
      testReducer(ctx)(state, { type: 'move', unit: 'c1', path: [[6.3, 12.5]] }),
    ).toMatchObject({ ok: true });
  });
});
