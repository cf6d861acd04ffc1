import { describe, expect, test } from 'vitest';
import { Dice, seedRng } from '../../../random/dice';
import {
  attackOutcomes,
  cancelByPolicy,
  criticalDamage,
  shotOdds,
  shotOutcomes,
  type AttackSpec,
  type DefenceSpec,
  type Outcome,
} from './odds';
import { rollAttack } from './shooting';

/**
 * The odds are exact: they equal a brute-force walk over every face of every die, re-rolls
 * included, applying the same policy die by die.
 */

const spec = (over: Partial<AttackSpec> = {}): AttackSpec => ({
  label: 'Attack',
  dice: 3,
  modifiers: [],
  hitOn: [4, 5],
  criticalOn: [6],
  stationary: false,
  rerolls: [],
  brutal: false,
  splitCriticals: false,
  ruleId: 'TK-6.3',
  ...over,
});

/** Every sequence of faces for n dice. */
function* faces(n: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of faces(n - 1)) for (let f = 1; f <= 6; f++) yield [...rest, f];
}

/**
 * Brute force: every first roll, then every result of every re-roll the policy makes, each
 * weighted 1/6 per die rolled; read by the same code that reads a real roll (rollAttack), fed
 * the faces as forced dice.
 */
function bruteAttack(s: AttackSpec): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (forced: number[], p: number) => {
    const dice = new Dice({ ...seedRng(1), forced });
    let r: ReturnType<typeof rollAttack>;
    try {
      r = rollAttack(s, dice);
    } catch {
      return;
    }
    const used = forced.length - (dice.state().forced?.length ?? 0);
    if (dice.rolls.some((x) => !x.forced)) {
      // The roll needed one more die than forced: branch on its six faces.
      for (let f = 1; f <= 6; f++) walk([...forced.slice(0, used), f], p / 6);
      return;
    }
    const k = `${r.hits},${r.criticals}`;
    out.set(k, (out.get(k) ?? 0) + p);
  };
  for (const first of faces(s.dice)) walk(first, 6 ** -s.dice);
  return out;
}

const asMap = (o: readonly Outcome[]) => new Map(o.map((x) => [`${x.hits},${x.criticals}`, x.p]));

function expectSame(a: Map<string, number>, b: Map<string, number>) {
  const keys = new Set([...a.keys(), ...b.keys()]);
  for (const k of keys) expect(a.get(k) ?? 0, k).toBeCloseTo(b.get(k) ?? 0, 12);
}

describe('exact attack odds equal a brute-force walk over all faces', () => {
  const cases: [string, Partial<AttackSpec>][] = [
    ['plain', {}],
    ['Stationary', { stationary: true }],
    ['Stabiliser', { rerolls: [{ label: 'Stabiliser', value: 1, ruleId: 'TK-6.5' }] }],
    [
      'Advanced Stabiliser and a crew card',
      {
        rerolls: [
          { label: 'Advanced Stabiliser', value: 2, ruleId: 'TK-6.5' },
          { label: 'crew', value: 1, ruleId: 'TK-8' },
        ],
      },
    ],
    ['Brutal, Stationary', { brutal: true, stationary: true }],
    ['missile at Speed 1', { hitOn: [5], criticalOn: [6] }],
    ['split Criticals with Brutal', { splitCriticals: true, brutal: true }],
  ];
  for (const [name, over] of cases)
    test(name, () => {
      const s = spec(over);
      expectSame(asMap(attackOutcomes(s)), bruteAttack(s));
      expect(attackOutcomes(s).reduce((t, o) => t + o.p, 0)).toBeCloseTo(1, 12);
    });
});

describe('defence and cancelling', () => {
  test('the joint distribution after defence equals brute force over both pools', () => {
    const attack = spec({ dice: 2, stationary: true });
    const defence: DefenceSpec = { base: 2, modifiers: [], raw: 2, dice: 2, cancelMin: 4 };
    const brute = new Map<string, number>();
    for (const [k, p] of bruteAttack(attack)) {
      const [h, c] = k.split(',').map(Number) as [number, number];
      for (const d of faces(2)) {
        const r = cancelByPolicy(
          h,
          c,
          d.filter((f) => f === 6).length,
          d.filter((f) => f === 4 || f === 5).length,
          'targetFirst',
        );
        const key = `${r.hits},${r.criticals}`;
        brute.set(key, (brute.get(key) ?? 0) + p / 36);
      }
    }
    expectSame(asMap(shotOutcomes(attack, defence, 'targetFirst')), brute);
  });

  test('the target spends its 6s on Criticals, the shooter its 4-5s on Hits (TK-A12)', () => {
    // T3: 1 Hit and 2 Criticals against 1,2,4,6: one Critical left.
    expect(cancelByPolicy(1, 2, 1, 1, 'targetFirst')).toEqual({ hits: 0, criticals: 1 });
    expect(cancelByPolicy(3, 0, 2, 0, 'targetFirst')).toEqual({ hits: 1, criticals: 0 });
  });

  test('six defence dice cancel everything with the chance the faces give', () => {
    const o = shotOdds(
      spec({ dice: 1 }),
      { base: 6, modifiers: [], raw: 6, dice: 6, cancelMin: 4 },
      'targetFirst',
      { pile: [1], discard: [] },
      1,
    );
    // One attack die: a Hit or Critical (1/2) survives only if no defence die shows 4-6 (1/64).
    expect(o.pNoEffect).toBeCloseTo(1 - 0.5 / 64, 12);
    expect(o.expectedDamage).toBeCloseTo(0.5 / 64, 12);
  });
});

describe('Critical card damage', () => {
  test('drawn without replacement from the pile, then from the reshuffled discards', () => {
    const d = criticalDamage(2, [0, 2, 2], []);
    // Pairs: {0,2} twice, {2,2} once, of three.
    expect(d.get(2)).toBeCloseTo(2 / 3, 12);
    expect(d.get(4)).toBeCloseTo(1 / 3, 12);
    const beyond = criticalDamage(2, [1], [0, 2]);
    expect(beyond.get(1)).toBeCloseTo(1 / 2, 12);
    expect(beyond.get(3)).toBeCloseTo(1 / 2, 12);
  });

  test('the chance to destroy counts the Hits and the cards together', () => {
    const o = shotOdds(
      spec({ dice: 1, hitOn: [], criticalOn: [1, 2, 3, 4, 5, 6] }),
      { base: 0, modifiers: [], raw: 0, dice: 0, cancelMin: 4 },
      'targetFirst',
      { pile: [0, 1, 2, 3], discard: [] },
      2,
    );
    expect(o.pDestroyed).toBeCloseTo(2 / 4, 12);
    expect(o.expectedDamage).toBeCloseTo(1.5, 12);
  });
});
