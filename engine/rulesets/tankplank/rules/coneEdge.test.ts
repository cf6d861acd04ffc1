import { describe, expect, test } from 'vitest';
import { planShot, shotOdds, type ShotPlan } from './fire';
import type { FixtureUnit } from './fixtures';
import { fixtureGame } from './testing';

// Seed 000 L221-227: "A light machine gun cone is 12 inches long. It is 1 1/2 inches wide." "A
// submachine gun cone is 3 inches long and 1 ½ inches wide." The cone is laid over the target and
// everyone in it is caught (L217, TP-8.1, TP-8.2); a band's upper bound belongs to it (TP-A4), so a
// man exactly at the cone's length, or on its edge, is in the cone.

const gunner = (type: string, role: string): FixtureUnit => ({
  side: 'a',
  formation: 'a.sq',
  id: 'g',
  type,
  role,
  at: [5, 5],
  facing: 0,
});
const man = (id: string, at: [number, number]): FixtureUnit => ({
  side: 'b',
  formation: 'b.sq',
  id,
  type: 'tp.rifleman',
  role: 'rifleman',
  at,
  facing: 180,
});

function cone(shooter: FixtureUnit, weapon: string, targets: FixtureUnit[]) {
  const { ctx, state } = fixtureGame({ units: [shooter, ...targets], phase: 'firing' });
  const p = planShot(ctx, state, { unit: 'g', weapon, target: targets[0]!.id });
  if ('refused' in p) throw new Error(`refused: ${p.reason}`);
  const plan = p as ShotPlan;
  return { plan, caught: plan.template?.saves.map((s) => s.unit) ?? [], odds: shotOdds(ctx, p) };
}

describe('a man at the very end or edge of an MG cone is caught (TP-8.1, TP-8.2)', () => {
  test('L221: an LMG fires its 12" cone at a man 12.0" away and catches him (save 5+: 4/6 out)', () => {
    const { plan, caught, odds } = cone(gunner('tp.lmgGunner', 'lmgGunner'), 'tp.lmg', [
      man('t', [17, 5]),
    ]);
    expect(plan.mode).toBe('cone');
    expect(caught).toEqual(['t']);
    expect(odds.pKill).toBeCloseTo(4 / 6, 12);
  });

  test('L227: an SMG catches a man 3.0" away in its 3" cone', () => {
    const { plan, caught } = cone(gunner('tp.nco', 'nco'), 'tp.smg', [man('t', [8, 5])]);
    expect(plan.mode).toBe('cone');
    expect(caught).toEqual(['t']);
  });

  test('L221: the corners of the 1.5"-wide end of the LMG cone are in it; just beyond them is not', () => {
    const { caught } = cone(gunner('tp.lmgGunner', 'lmgGunner'), 'tp.lmg', [
      man('t', [17, 5]),
      man('corner', [17, 5.75]),
      man('outside', [17, 5.8]),
      man('beyond', [17.05, 5]),
    ]);
    expect(caught.sort()).toEqual(['corner', 't']);
  });
});
