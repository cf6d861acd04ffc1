/**
 * Actions are checked at the boundary: every action a saved game, a log or the CLI brings is
 * checked against its ruleset's schema before the reducer sees it; a bad one is refused with its
 * index and what is wrong, and the game stops there with everything before it kept.
 */
import { describe, expect, it } from 'vitest';
import { bundledScenario } from '../../scripts/testing/bundled';
import { currentState, replayGame } from '../playtest';
import { RULESETS } from '../rulesets/registry';
import { rulesetModule } from '../rulesets/registry';
import { actionProblem, checkActionLog } from './actionSchema';
import type { GameAction } from './gameDef';
import { replayChecked } from './replay';
import { simulate } from './simulate';

const village = bundledScenario('tankplank-village');

const made = rulesetModule('tankplank')!.game!(village);
if (!made.ok) throw new Error(made.reason);
const game = made.game;
const schema = game.actions!;

describe('action schemas', () => {
  it('every ruleset with a rules engine has one, and its games use it', () => {
    for (const m of RULESETS) {
      if (!m.game) continue;
      expect(m.actions, m.id).toBeDefined();
    }
    expect(game.actions).toBe(rulesetModule('tankplank')!.actions);
  });

  it('accepts every action the bot plays in a game of both sides', () => {
    const played = simulate(game, { seed: 5, maxSideTurns: 8 });
    expect(played.actions.length).toBeGreaterThan(50);
    const kinds = new Set<string>();
    for (const a of played.actions) {
      expect(actionProblem(schema, a), JSON.stringify(a)).toBeUndefined();
      kinds.add(a.type);
    }
    expect([...kinds]).toEqual(expect.arrayContaining(['move', 'endPhase', 'fire']));
  });

  it.each([
    [null, /an action is an object/],
    [{ type: 'teleport', unit: 'a.tank1' }, /"teleport" is not an action of this ruleset/],
    [{ type: 'move', unit: 'a.tank1', path: null }, /"path" must be a list of points, not null/],
    [
      {
        type: 'move',
        unit: 'a.tank1',
        path: [
          [1, 2],
          [1e308, 2],
        ],
      },
      /point 1 of "path"/,
    ],
    [{ type: 'move', unit: 'a.tank1' }, /needs "path"/],
    [{ type: 'move', unit: 7, path: [[1, 1]] }, /"unit" must be an id/],
    [{ type: 'endPhase', side: 'a', extra: 1 }, /has no field "extra"/],
    [{ type: 'fire', unit: 'a', weapon: 'w', ammo: 'HEAT' }, /"ammo" must be one of "AP", "HE"/],
    [{ type: 'face', unit: 'a', facing: Number.NaN }, /"facing" must be a number/],
    [{ type: 'forceDice', rolls: [99] }, /forceDice.*test driver only, never from a file/],
  ])('refuses %j in words', (action, words) => {
    expect(actionProblem(schema, action)).toMatch(words);
    // The game's own reducer refuses it too, whatever way it came in: no exception.
    const r = game.reduce(game.newGame({ seed: 1 }), action as GameAction);
    expect(r.ok).toBe(false);
  });

  it('a log stops at its first malformed action, with the index, keeping those before', () => {
    const good = simulate(game, { seed: 3, maxSideTurns: 2 }).actions;
    const log: unknown[] = [...good.slice(0, 5), { type: 'move', unit: 'x', path: null }, good[5]];
    const checked = checkActionLog(schema, log);
    expect(checked).toMatchObject({ ok: false, index: 5 });
    const replayed = replayChecked(game, game.newGame({ seed: 3 }), log);
    expect(replayed.stoppedAt).toMatchObject({ action: 5, reason: /"path"/ });
    expect(replayed.hash).toBe(
      replayChecked(game, game.newGame({ seed: 3 }), good.slice(0, 5)).hash,
    );
  });

  it('a saved game stops at its first malformed action, keeping every action before it', () => {
    const view = made.view();
    const good = simulate(game, { seed: 9, maxSideTurns: 2 }).actions as GameAction[];
    const broken = [
      ...good.slice(0, 7),
      { type: 'move', unit: 'a', path: 'north' },
      ...good.slice(7),
    ];
    const { game: g, refused } = replayGame(
      view,
      9,
      { a: 'bot', b: 'bot' },
      broken as GameAction[],
    );
    expect(g.entries).toHaveLength(7);
    expect(refused).toEqual([
      {
        index: 7,
        reason: expect.stringMatching(
          /"path" must be a list of points.*the game stops here, keeping the 7 actions before it/,
        ),
      },
    ]);
    expect(view.counters(currentState(g), null).length).toBeGreaterThan(0);
  });
});

describe('list fields of hex rulesets', () => {
  const listSchema = new Map([
    [
      'order',
      {
        description: 'order units along a path',
        fields: {
          units: { kind: 'ids', min: 1, max: 3 },
          path: { kind: 'hexes', min: 1, max: 4 },
        },
      },
    ],
  ] as const);

  it('accepts ids and hexes and names what is wrong with a bad one', () => {
    const ok = { type: 'order', units: ['a', 'b'], path: [{ col: 1, row: 2 }] };
    expect(actionProblem(listSchema, ok)).toBeUndefined();
    expect(actionProblem(listSchema, { ...ok, units: [] })).toMatch(/"units" must have 1 to 3 ids/);
    expect(actionProblem(listSchema, { ...ok, units: ['a', 7] })).toMatch(/id 1 of "units"/);
    expect(actionProblem(listSchema, { ...ok, path: [{ col: 1, row: -1 }] })).toMatch(
      /hex 0 of "path" must be \{"col", "row"\}/,
    );
    expect(actionProblem(listSchema, { ...ok, path: [{ col: 1, row: 2, x: 1 }] })).toMatch(
      /hex 0 of "path"/,
    );
  });
});
