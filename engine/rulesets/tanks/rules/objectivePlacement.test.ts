import { describe, expect, test } from 'vitest';
import type { Objective } from '../../../format';
import { simulate } from '../../../game/simulate';
import { testGame } from '../testing';
import { tanksView } from '../view';
import { defaultObjectiveSpot, objectivesOf, objectiveToPlace } from './objectives';

/** Tokens without a position: the players place them in the game (TK-9). */
const token = (id: string, owner?: string): Objective => ({
  id,
  name: `Token ${id}`,
  kind: 'vpPerTurn',
  ...(owner ? { owner } : {}),
  holders: { classes: ['tank'], excludeEnemy: true },
  vpPerTurn: 1,
});

/** Free-for-All, the Defender (b) having kept its south edge (TK-2.4 comes first). */
const freeForAll = (edge = 'south') => {
  const t = testGame({
    options: { mission: 'tanks.freeForAll' },
    models: [
      { id: 'a1', side: 'a', type: 'fx.tank' },
      { id: 'b1', side: 'b', type: 'fx.tank' },
    ],
    objectives: [token('oa', 'a'), token('ob', 'b')],
  });
  expect(t.refuse({ type: 'placeObjective', side: 'a', objective: 'oa', at: [18, 33] })).toContain(
    '(TK-2.4)',
  );
  t.act({ type: 'chooseEdge', side: 'b', edge });
  return t;
};

describe('players place the objective tokens (TK-9)', () => {
  test('Free-for-All: the Attacker places first, near the opponent edge; illegal spots are refused', () => {
    const t = freeForAll();
    expect(objectiveToPlace(t.state)).toMatchObject({ id: 'oa', side: 'a' });
    expect(objectivesOf(t.ctx, t.state)).toEqual([]);
    // Nobody deploys before the tokens are down.
    // The refusal names the token, never its id (issue 38, item 9).
    expect(t.refuse({ type: 'deploy', unit: 'a1', at: [18, 3], facing: 90 })).toMatch(
      /first places Token oa within .*\(TK-9\)/,
    );
    expect(t.refuse({ type: 'placeObjective', side: 'a', objective: 'ob', at: [18, 33] })).toMatch(
      /the token to place now is Token oa, not Token ob/,
    );
    // The Defender may not place the Attacker's token, and b's edge (south) is where a's goes.
    expect(
      t.refuse({ type: 'placeObjective', side: 'b', objective: 'oa', at: [18, 33] }),
    ).toContain('Side A places the next objective token');
    expect(t.refuse({ type: 'placeObjective', side: 'a', objective: 'oa', at: [18, 20] })).toMatch(
      /within one Measuring Arrow .* of Side B's south edge; this spot is 16\.0" from it \(TK-9\)/,
    );
    expect(
      t.refuse({ type: 'placeObjective', side: 'a', objective: 'oa', at: [40, 33] }),
    ).toContain('off the');
    t.act({ type: 'placeObjective', side: 'a', objective: 'oa', at: [10, 32] });
    expect(objectiveToPlace(t.state)).toMatchObject({ id: 'ob', side: 'b' });
    t.act({ type: 'placeObjective', side: 'b', objective: 'ob', at: [25, 2] });
    expect(objectiveToPlace(t.state)).toBeUndefined();
    const placed = objectivesOf(t.ctx, t.state);
    expect(placed.map((o) => [o.id, o.owner, o.area])).toEqual([
      ['oa', 'a', { shape: 'point', at: [10, 32] }],
      ['ob', 'b', { shape: 'point', at: [25, 2] }],
    ]);
    // Deployment follows.
    t.act({ type: 'deploy', unit: 'b1', at: [18, 33], facing: 270 });
  });

  test('the view asks the placing side on the board and draws the strip; the bot places legally', () => {
    const t = freeForAll();
    const view = tanksView(t.ctx, t.game);
    const p = view.phase(t.state);
    expect(p.phaseLabel).toBe('Objective placement');
    expect(p.phaseRuleId).toBe('TK-9');
    expect(p.prompt).toMatchObject({ kind: 'activate', unit: 'a1' });
    expect(view.reachable(t.state, 'a1')?.entry).toMatchObject({
      area: { shape: 'edgeStrip', edge: 'south' },
      ruleId: 'TK-9',
    });
    expect(view.planMove(t.state, 'a1', [18, 20])).toMatchObject({ ok: false, ruleId: 'TK-9' });
    const plan = view.planMove(t.state, 'a1', [18, 34]);
    expect(plan).toMatchObject({
      ok: true,
      action: { type: 'placeObjective', side: 'a', objective: 'oa', at: [18, 34] },
    });
    // The bot's spot: half an arrow in from the edge, near the middle, legal.
    const spot = defaultObjectiveSpot(t.ctx, t.state)!;
    expect(spot[1]).toBeGreaterThan(36 - t.ctx.rules.arrow.total);
    const turn = t.game.bot!(t.state, 'a', undefined);
    expect(turn.actions[0]).toMatchObject({ type: 'placeObjective', objective: 'oa' });
  });

  test('No Retreat: the Attacker places both tokens, apart; a pass puts the token at the default spot', () => {
    const t = testGame({
      options: { mission: 'tanks.noRetreat' },
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank' },
        { id: 'b1', side: 'b', type: 'fx.tank' },
      ],
      objectives: [token('o1'), token('o2')],
    });
    expect(t.state.placedObjectives?.map((p) => p.side)).toEqual(['a', 'a']);
    t.act({ type: 'endPhase', side: 'b' });
    const ev = t.act({ type: 'endPhase', side: 'a' });
    expect(ev[0]).toMatchObject({ type: 'ObjectivePlaced', objective: 'o1', chosen: false });
    t.act({ type: 'endPhase', side: 'a' });
    const [o1, o2] = objectivesOf(t.ctx, t.state).map((o) =>
      o.area?.shape === 'point' ? o.area.at : ([0, 0] as const),
    );
    expect(Math.hypot(o1![0] - o2![0], o1![1] - o2![1])).toBeGreaterThanOrEqual(
      t.ctx.rules.arrow.total,
    );
    expect(o1![1]).toBeGreaterThan(36 - t.ctx.rules.arrow.total);
  });

  test('a bot game places both tokens and plays Free-for-All to its end', () => {
    const t = freeForAll();
    const r = simulate(t.game, { seed: 3 });
    expect(r.stoppedBy).toBe('over');
    expect(r.actions.filter((a) => a.type === 'placeObjective')).toHaveLength(2);
    expect(r.state.placedObjectives?.every((p) => p.at !== null)).toBe(true);
    expect(r.state.phase).toBe('ended');
  });

  test("after the Defender swaps edges, the Attacker's token goes near the Defender's new edge", () => {
    const t = freeForAll('north');
    expect(
      t.refuse({ type: 'placeObjective', side: 'a', objective: 'oa', at: [18, 33] }),
    ).toContain("Side B's north edge");
    t.act({ type: 'placeObjective', side: 'a', objective: 'oa', at: [18, 3] });
  });

  test('only Free-for-All and No Retreat tokens are placed by the players, before deployment or turn 1', () => {
    expect(() =>
      testGame({
        options: { mission: 'tanks.kingOfTheHill' },
        models: [
          { id: 'a1', side: 'a', type: 'fx.tank' },
          { id: 'b1', side: 'b', type: 'fx.tank' },
        ],
        objectives: [token('hill')],
      }),
    ).toThrow(/objective hill has no position; only Free-for-All and No Retreat/);
    // With every model already on the table, the tokens go down before turn 1's first move.
    const t = testGame({
      options: { mission: 'tanks.freeForAll' },
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 3] },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 33] },
      ],
      objectives: [token('oa', 'a'), token('ob', 'b')],
    });
    expect(t.state.phase).toBe('movement');
    expect(t.refuse({ type: 'defend', unit: 'b1', tokens: 1 })).toContain('(TK-9)');
    t.act(
      { type: 'placeObjective', side: 'a', objective: 'oa', at: [18, 34] },
      { type: 'endPhase', side: 'b' },
    );
    expect(objectivesOf(t.ctx, t.state)).toHaveLength(2);
  });
});
