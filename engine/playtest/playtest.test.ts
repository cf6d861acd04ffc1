import { describe, expect, test } from 'vitest';
import village from '../../scenarios/tankplank-village.scenario.json';
import type { ScenarioDoc } from '../format';
import { parseGame, serializeGame } from './gameFile';
import { playtestFor } from './rulesets';
import type { TablePlaytestView } from './view';
import {
  applyActions,
  currentState,
  readableLog,
  replayGame,
  startGame,
  undoLast,
} from './session';
import { BUNDLED_RULESETS } from '../rulesets/registry';

const scenario = village as unknown as ScenarioDoc;

function ruleset(): TablePlaytestView {
  const r = playtestFor(scenario, BUNDLED_RULESETS);
  if (!r.ok) throw new Error(r.reason);
  if (r.view.board !== 'table') throw new Error('expected a table game');
  return r.view;
}

describe('playtest session over the Tankplank engine', () => {
  test('units enter from their edge: a move off the table is planned from the entry edge (TP-4.1)', () => {
    const rs = ruleset();
    const g = startGame(rs, 1, { a: 'human', b: 'human' });
    const plan = rs.planMove(currentState(g), 'a.sq1.r1', [2, 12]);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.path[0]).toEqual([0, 12]);
    expect(plan.snapped).toBe(false);
    // Too far for a man (3"/turn): snapped to the furthest legal point on the line.
    const far = rs.planMove(currentState(g), 'a.sq1.r1', [20, 12]);
    expect(far.ok && far.snapped).toBe(true);
    if (far.ok) expect(far.to[0]).toBeLessThanOrEqual(3.01);
  });

  test('undo takes back one gesture; a saved game replays to the same state', () => {
    const rs = ruleset();
    let g = startGame(rs, 5, { a: 'human', b: 'bot' });
    const moves = ['a.sq1.r1', 'a.sq1.r2'].map((u, k) => {
      const p = rs.planMove(currentState(g), u, [2, 10 + k]);
      if (!p.ok) throw new Error(p.reason);
      return p.action;
    });
    const r = applyActions(g, moves);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    g = r.game;
    expect(g.entries).toHaveLength(2);
    expect(undoLast(g).entries).toHaveLength(0);
    const text = serializeGame(g, scenario);
    const parsed = parseGame(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const back = replayGame(
      rs,
      parsed.doc.seed,
      parsed.doc.controllers,
      parsed.doc.actions,
      parsed.doc.marks,
    );
    expect(back.refused).toEqual([]);
    expect(rs.game.hash(currentState(back.game))).toBe(parsed.doc.stateHash);
  });

  test(
    'a bot-vs-bot game reaches its end and every roll is in the log',
    { timeout: 60_000 },
    () => {
      const rs = ruleset();
      let g = startGame(rs, 42, { a: 'bot', b: 'bot' });
      for (let guard = 0; guard < 200 && !rs.phase(currentState(g)).over; guard++) {
        const side = rs.phase(currentState(g)).waitingFor[0]!;
        for (const a of rs.game.bot(currentState(g), side).actions) {
          const r = applyActions(g, [a]);
          if (r.ok) g = r.game;
        }
      }
      expect(rs.game.result(currentState(g))).toBeDefined();
      const log = readableLog(g, null);
      expect(log.some((l) => l.tone === 'end')).toBe(true);
      expect(log.filter((l) => l.dice.length > 0).every((l) => /rolled \d/.test(l.text))).toBe(
        true,
      );
    },
  );

  test('the enemy objective is secret until revealed (TP-3.1)', () => {
    const rs = ruleset();
    const s = rs.game.newGame({ seed: 1 });
    const seenByA = rs.objectives(s, 'a');
    expect(seenByA.find((o) => o.owner === 'a')?.known).toBe(true);
    expect(seenByA.find((o) => o.owner === 'b')?.known).toBe(false);
    expect(seenByA.find((o) => o.owner === 'b')?.area).toBeUndefined();
  });

  test('a scenario of a ruleset without an engine says so', () => {
    const r = playtestFor(
      { ...scenario, ruleset: { id: 'tanks' } } as ScenarioDoc,
      BUNDLED_RULESETS,
    );
    expect(r.ok).toBe(false);
  });
});

describe('fire preview explains itself', () => {
  test('a tank on the highway cannot see a rifleman behind the Bridge X site, and says so (TP-7.1)', () => {
    const rs = ruleset();
    let g = startGame(rs, 1, { a: 'human', b: 'human' });
    const act = (a: Parameters<typeof applyActions>[1][number]) => {
      const r = applyActions(g, [a]);
      if (!r.ok) throw new Error(r.reason);
      g = r.game;
    };
    const move = (unit: string, to: [number, number]) => {
      const p = rs.planMove(currentState(g), unit, to);
      if (!p.ok) throw new Error(p.reason);
      act(p.action);
    };
    move('a.tank1', [5, 12]);
    act(rs.game.endPhaseAction(currentState(g), 'a'));
    move('b.ht1', [30, 12]);
    move('b.sq1.r4', [33.5, 8]);
    act(rs.game.endPhaseAction(currentState(g), 'b'));
    const s = currentState(g);
    const blocked = rs.previewFire(s, 'a.tank1', 'tp.tankGun', 'AP', { unit: 'b.sq1.r4' });
    expect(blocked.legal).toBe(false);
    expect(blocked.sight?.visible).toBe(false);
    expect(blocked.sight?.blockedBy).toMatchObject({ name: 'Bridge X site', kind: 'building' });
    const clear = rs.previewFire(s, 'a.tank1', 'tp.tankGun', 'AP', { unit: 'b.ht1' });
    expect(clear.legal).toBe(true);
    expect(clear.steps.map((x) => x.ruleId)).toContain('TP-9.2');
    expect(clear.odds.find((o) => o.label.includes('out of action'))?.p).toBeGreaterThan(0);
  });
});

describe('sandtable.game files', () => {
  const base = {
    format: 'sandtable.game',
    formatVersion: 1,
    app: { name: 'sandtable', version: '0.1.0' },
    scenario,
    ruleset: 'tankplank',
    seed: 3,
    controllers: { a: 'human', b: 'bot' },
    actions: [{ type: 'endPhase', side: 'a' }],
    marks: [0],
    stateHash: '0',
  };
  test('a well-formed game parses', () => {
    expect(parseGame(JSON.stringify(base)).ok).toBe(true);
  });
  test('a game from a newer Sandtable is refused with a clear message, never half-loaded', () => {
    const r = parseGame(JSON.stringify({ ...base, formatVersion: 99 }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]).toMatch(/newer Sandtable/);
  });
  test('a scenario file is not a game; bad fields are named by pointer', () => {
    const r1 = parseGame(JSON.stringify({ format: 'sandtable.scenario' }));
    expect(r1.ok).toBe(false);
    const r2 = parseGame(JSON.stringify({ ...base, seed: 1.5, controllers: { a: 'robot' } }));
    expect(r2.ok).toBe(false);
    if (!r2.ok)
      expect(r2.problems).toEqual([
        '/seed must be an integer',
        '/controllers/a must be "human" or "bot"',
      ]);
  });
});
