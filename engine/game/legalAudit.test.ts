import { describe, expect, it } from 'vitest';
import { seedRng, type RngState } from '../random/dice';
import type { ActionSpec } from './actionSchema';
import { defineGame } from './defineGame';
import { auditLegalPlay } from './legalAudit';
import { accepted, invalid } from './reducer';

/** Counting to 10 by 1 to 3; `claims` says what the ruleset claims may be added. */
type S = { readonly n: number; readonly rng: RngState };
type A = { readonly type: 'add'; readonly by: number };
const counting = (claims: (s: S) => number[], how: 'list' | 'sample') =>
  defineGame<S, A, string>({
    rulesetId: 'count',
    sides: [{ id: 'a', name: 'A', deployment: 'none' }],
    actions: new Map<string, ActionSpec>([
      ['add', { description: 'adds', fields: { by: { kind: 'number', min: 1, max: 3 } } }],
    ]),
    rules: (s, a) =>
      s.n + a.by > 10
        ? invalid(`${s.n} + ${a.by} is past 10`)
        : accepted({ ...s, n: s.n + a.by }, []),
    newGame: (o) => ({ n: 0, rng: seedRng(o.seed) }),
    status: (s) => ({
      turn: s.n,
      phase: 'count',
      waitingFor: s.n < 10 ? ['a'] : [],
      over: s.n >= 10,
    }),
    result: (s) => (s.n >= 10 ? { winner: 'a', text: 'counted' } : undefined),
    eventVisible: () => true,
    actionSide: () => 'a',
    endPhaseAction: (s) => ({ type: 'add', by: Math.min(1, 10 - s.n) }),
    bot: (state) => ({ actions: [], state, events: [] }),
    ...(how === 'list'
      ? { legalActions: (s: S) => claims(s).map((by): A => ({ type: 'add', by })) }
      : {
          sampleAction: (s: S, _side: string, rng: { index(n: number): number }) => {
            const c = claims(s);
            return c.length ? { type: 'add' as const, by: c[rng.index(c.length)]! } : undefined;
          },
        }),
  });

const honest = (s: S) => [1, 2, 3].filter((by) => s.n + by <= 10);
const careless = () => [1, 2, 3];

describe('auditLegalPlay', () => {
  it('finds nothing wrong with a ruleset whose listed and drawn actions the rules accept', () => {
    for (const how of ['list', 'sample'] as const) {
      const audit = auditLegalPlay(counting(honest, how), { seed: 1 });
      expect(audit.problems).toEqual([]);
      expect(audit.over).toBe(true);
      expect(audit.checked).toBeGreaterThan(4);
    }
  });

  it('names the state and the action when a listed or drawn action is refused', () => {
    const listed = auditLegalPlay(counting(careless, 'list'), { seed: 1 });
    expect(listed.problems.length).toBeGreaterThan(0);
    expect(listed.problems[0]).toMatch(
      /turn (8|9), count, a: \{"type":"add","by":[23]\} refused: .* past 10/,
    );
    const drawn = auditLegalPlay(counting(careless, 'sample'), { seed: 2, samples: 20 });
    expect(drawn.problems.some((p) => p.includes('past 10'))).toBe(true);
  });

  it('says when a side asked to act is offered nothing', () => {
    const audit = auditLegalPlay(
      counting(() => [], 'list'),
      { seed: 1 },
    );
    expect(audit.problems[0]).toMatch(/asked to act, but no legal action is listed/);
  });
});
