import { describe, expect, test } from 'vitest';
import village from '../../scenarios/tankplank-village.scenario.json';
import type { ScenarioDoc } from '../format';
import { parseGame, serializeGame } from './gameFile';
import { playtestFor } from './rulesets';
import type { TablePlaytestView } from './view';
import { applyActions, currentState, readableLog, replayGame, startGame } from './session';
import { BUNDLED_RULESETS } from '../rulesets/registry';

const base = village as unknown as ScenarioDoc;

function ruleset(scenario: ScenarioDoc = base): TablePlaytestView {
  const r = playtestFor(scenario, BUNDLED_RULESETS);
  if (!r.ok) throw new Error(r.reason);
  if (r.view.board !== 'table') throw new Error('expected a table game');
  return r.view;
}

const screened = (how: 'options' | 'layers'): ScenarioDoc => ({
  ...base,
  ruleset:
    how === 'options'
      ? { ...base.ruleset, options: { ...base.ruleset.options, 'BASIC.OPT.SCREEN': true } }
      : { ...base.ruleset, layers: [...(base.ruleset.layers ?? []), 'BASIC.OPT.SCREEN'] },
});

describe('movement against the clock (TP-4.3, TP-4.4)', () => {
  test('movement is timed at the catalog minutes; firing and morale are not', () => {
    const rs = ruleset();
    let g = startGame(rs, 3, { a: 'human', b: 'human' }, { clock: true });
    expect(rs.clock(currentState(g))).toMatchObject({ seconds: 5 * 60, ruleId: 'TP-4.3' });
    for (const side of ['a', 'b']) {
      const r = applyActions(g, [rs.game.endPhaseAction(currentState(g), side)]);
      if (!r.ok) throw new Error(r.reason);
      g = r.game;
    }
    expect(rs.phase(currentState(g)).phase).toBe('firing');
    expect(rs.clock(currentState(g))).toBeUndefined();
  });

  test.each(['options', 'layers'] as const)(
    'the screened first turn has its own, longer limit (BASIC.OPT.SCREEN in %s)',
    (how) => {
      const rs = ruleset(screened(how));
      const g = startGame(rs, 3, { a: 'human', b: 'human' });
      expect(rs.clock(currentState(g))).toMatchObject({ seconds: 6 * 60, ruleId: 'TP-4.4' });
    },
  );

  test('time up ends the side movement, says so in the log, and replays exactly', () => {
    const rs = ruleset();
    let g = startGame(rs, 9, { a: 'human', b: 'human' }, { clock: true });
    const moved = applyActions(g, [
      {
        type: 'move',
        unit: 'a.sq1.r1',
        path: [
          [0, 12],
          [1, 12],
        ],
      },
      rs.game.endPhaseAction(currentState(g), 'a', true),
    ]);
    if (!moved.ok) throw new Error(moved.reason);
    g = moved.game;
    expect(moved.events).toContainEqual(
      expect.objectContaining({ type: 'PhaseEnded', side: 'a', timeUp: true, ruleId: 'TP-4.3' }),
    );
    // Side A can do no more this phase; side B still moves.
    const late = applyActions(g, [
      {
        type: 'move',
        unit: 'a.sq1.r2',
        path: [
          [0, 11],
          [1, 11],
        ],
      },
    ]);
    expect(late.ok).toBe(false);
    const log = readableLog(g, null).map((l) => l.text);
    expect(log.some((t) => /^Time is up for .*stay where they are$/.test(t))).toBe(true);

    const text = serializeGame(g, base);
    const parsed = parseGame(text);
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    expect(parsed.doc.clock).toBe(true);
    const back = replayGame(
      rs,
      parsed.doc.seed,
      parsed.doc.controllers,
      parsed.doc.actions,
      parsed.doc.marks,
      { clock: parsed.doc.clock === true },
    );
    expect(back.refused).toEqual([]);
    expect(back.game.clock).toBe(true);
    expect(rs.game.hash(currentState(back.game))).toBe(parsed.doc.stateHash);
  });

  test('only the Movement phase runs against the clock; a bad clock field is refused on load', () => {
    const rs = ruleset();
    let g = startGame(rs, 2, { a: 'human', b: 'human' });
    for (const side of ['a', 'b']) {
      const r = applyActions(g, [rs.game.endPhaseAction(currentState(g), side)]);
      if (!r.ok) throw new Error(r.reason);
      g = r.game;
    }
    const r = applyActions(g, [rs.game.endPhaseAction(currentState(g), 'a', true)]);
    expect(r).toMatchObject({ ok: false, ruleId: 'TP-4.3' });

    const doc = JSON.parse(serializeGame(g, base)) as Record<string, unknown>;
    expect(doc['clock']).toBeUndefined();
    const bad = parseGame(JSON.stringify({ ...doc, clock: 'yes' }));
    expect(bad).toEqual({ ok: false, problems: ['/clock must be true or false'] });
  });
});
