import { describe, expect, test } from 'vitest';
import { simulate } from '../../../game/simulate';
import { building, fixtureScenario, forest, type FixtureModel } from '../fixtures';
import { TANKS_BUNDLED } from '../catalogs';
import { makeTanksGame } from '../game';
import { testGame } from '../testing';
import { tanksView } from '../view';
import { sightBetween } from './sight';
import {
  defaultTerrainSpot,
  featuresNow,
  terrainPending,
  terrainToPlace,
} from './terrainPlacement';
import { TERRAIN_BY_PLAYERS } from './terrainPool';

/** Two forests and four buildings drawn anywhere: the players place them (TK-2.2). */
const POOL = [
  forest('wood-1', 5, 5, 2.5),
  forest('wood-2', 12, 5, 2.5),
  building('house-1', 20, 5, 4, 3),
  building('house-2', 26, 5, 4, 3),
  building('house-3', 30, 12, 4, 3),
  building('house-4', 30, 20, 4, 3),
];

const MODELS: FixtureModel[] = [
  { id: 'a1', side: 'a', type: 'fx.tank' },
  { id: 'b1', side: 'b', type: 'fx.tank' },
];

const pooled = (models: FixtureModel[] = MODELS, seed = 1) =>
  testGame({ models, features: POOL, options: { [TERRAIN_BY_PLAYERS]: true } }, seed);

describe('players place the terrain (TK-2.2, TK-2.3)', () => {
  test('roll-off, then alternate placing forests then buildings; every refusal names the rule and the distance', () => {
    const t = pooled();
    // Nothing is on the table before the roll-off, and nothing else may happen.
    expect(featuresNow(t.ctx, t.state)).toEqual([]);
    expect(t.ctx.terrain.pieces).toEqual([]);
    expect(t.refuse({ type: 'deploy', unit: 'a1', at: [18, 3], facing: 90 })).toContain(
      'roll off for the terrain',
    );
    expect(t.refuse({ type: 'chooseEdge', side: 'b', edge: 'south' })).toContain('(TK-2.2)');
    t.dice(2, 2, 3, 5);
    const [roll] = t.act({ type: 'rollForTerrain', side: 'a' });
    expect(roll).toEqual({
      type: 'TerrainRollOff',
      rolls: [
        { a: 2, b: 2 },
        { a: 3, b: 5 },
      ],
      side: 'b',
      ruleId: 'TK-2.2',
    });
    expect(t.refuse({ type: 'rollForTerrain', side: 'a' })).toContain('the roll-off is over');
    // b won: b places the first forest, a the second, then they alternate: b, a, b, a.
    expect(t.state.terrainPlacement!.pieces.map((p) => [p.id, p.side])).toEqual([
      ['wood-1', 'b'],
      ['wood-2', 'a'],
      ['house-1', 'b'],
      ['house-2', 'a'],
      ['house-3', 'b'],
      ['house-4', 'a'],
    ]);
    expect(t.refuse({ type: 'placeTerrain', side: 'a', piece: 'wood-1', at: [18, 18] })).toContain(
      'Side B places the next terrain piece',
    );
    expect(t.refuse({ type: 'placeTerrain', side: 'b', piece: 'house-1', at: [18, 18] })).toContain(
      'the piece to place now is',
    );
    // 2.5" of forest around (18, 8): its nearest point is 5.7" from the north edge (TK-2.3).
    expect(t.refuse({ type: 'placeTerrain', side: 'b', piece: 'wood-1', at: [18, 8] })).toMatch(
      /would lie 5\.7" from the north edge; .* one Measuring Arrow \(6"\) .* \(TK-2\.3\)/,
    );
    expect(t.refuse({ type: 'placeTerrain', side: 'b', piece: 'wood-1', at: [40, 8] })).toContain(
      'off the 36" × 36" table',
    );
    const [placed] = t.act({ type: 'placeTerrain', side: 'b', piece: 'wood-1', at: [12, 12] });
    expect(placed).toMatchObject({ type: 'TerrainPlaced', at: [12, 12], chosen: true });
    // The second forest 4.4" from the first (octagons): refused with the gap measured between the outlines.
    expect(t.refuse({ type: 'placeTerrain', side: 'a', piece: 'wood-2', at: [21, 12] })).toMatch(
      /would lie 4\.4" from wood-1; terrain pieces stay at least one Measuring Arrow/,
    );
    t.act({ type: 'placeTerrain', side: 'a', piece: 'wood-2', at: [24, 12] });
    // A building turned a quarter: 3" across east-west, 4" north-south.
    t.act({ type: 'turnTerrain', side: 'b', piece: 'house-1', rotation: 90 });
    t.act({ type: 'placeTerrain', side: 'b', piece: 'house-1', at: [7.5, 24] });
    const house = featuresNow(t.ctx, t.state).find((f) => f.id === 'house-1');
    expect(house).toMatchObject({ kind: 'building', x: 7.5, y: 24, rotation: 90 });
    expect(t.refuse({ type: 'placeTerrain', side: 'a', piece: 'house-2', at: [9, 24] })).toContain(
      '0.0" from house-1',
    );
    t.act({ type: 'placeTerrain', side: 'a', piece: 'house-2', at: [18, 24] });
    expect(terrainToPlace(t.state)).toMatchObject({ id: 'house-3', side: 'b' });
    // Passes put the last pieces at the default spot, legal by construction, or set one aside
    // when no spot is left.
    const [third] = t.act({ type: 'endPhase', side: 'b' });
    const [last] = t.act({ type: 'endPhase', side: 'a' });
    // b's default: as near its south edge as TK-2.3 allows (6" from it, 6" from house-2).
    expect(third).toMatchObject({ type: 'TerrainPlaced', piece: 'house-3', at: [28, 28.5] });
    expect(third).toMatchObject({ chosen: false });
    expect(last).toMatchObject({ type: 'TerrainSetAside', piece: 'house-4', ruleId: 'TK-2.3' });
    expect(terrainPending(t.state)).toBe(false);
    expect(featuresNow(t.ctx, t.state).map((f) => f.id)).toEqual([
      'wood-1',
      'wood-2',
      'house-1',
      'house-2',
      'house-3',
    ]);
    // Now the Defender chooses its edge (TK-2.4) and deployment follows as ever.
    t.act({ type: 'chooseEdge', side: 'b', edge: 'south' });
    t.act({ type: 'deploy', unit: 'b1', at: [18, 33], facing: 270 });
  });

  test('placed pieces block sight and movement like drawn ones', () => {
    const models: FixtureModel[] = [
      { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 3], facing: 90 },
      { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 26], facing: 270 },
    ];
    const t = pooled(models);
    const see = () => sightBetween(t.ctx, t.state, 'a1', 'b1');
    expect(see().visible).toBe(true);
    t.act({ type: 'rollForTerrain', side: 'a' });
    const place = (piece: string, at: [number, number]) =>
      t.act({ type: 'placeTerrain', side: terrainToPlace(t.state)!.side!, piece, at });
    // The forests off the line between the tanks, then a building across it.
    place('wood-1', [9, 10]);
    place('wood-2', [27, 10]);
    place('house-1', [18, 18]);
    const line = see();
    expect(line.visible).toBe(false);
    expect(line.blockedBy?.id).toBe('house-1');
    // The models already stand on the table: a piece may not cover one.
    const next = terrainToPlace(t.state)!;
    expect(
      t.refuse({ type: 'placeTerrain', side: next.side!, piece: next.id, at: [19, 27] }),
    ).toContain('would cover tank');
  });

  test('a pass with no legal spot left sets the piece aside', () => {
    // Four big forests' worth: 11" buildings leave no room for all of them with 6" gaps.
    const big = [
      forest('wood-1', 5, 5, 5.5),
      forest('wood-2', 12, 5, 5.5),
      building('house-1', 20, 5, 11, 11),
      building('house-2', 26, 5, 11, 11),
      building('house-3', 30, 12, 11, 11),
      building('house-4', 30, 20, 11, 11),
    ];
    const t = testGame({
      models: MODELS,
      features: big,
      options: { [TERRAIN_BY_PLAYERS]: true },
    });
    t.act({ type: 'rollForTerrain', side: 'a' });
    const out: string[] = [];
    for (let i = 0; i < 6; i++) {
      const e = t.act({ type: 'endPhase', side: terrainToPlace(t.state)!.side! })[0]!;
      out.push(e.type);
    }
    expect(out).toContain('TerrainSetAside');
    expect(terrainPending(t.state)).toBe(false);
  });

  test('the game start refuses a bad option, a wrong count or a piece too big, naming the field', () => {
    const start = (features = POOL, value: unknown = true) =>
      makeTanksGame(
        fixtureScenario({
          models: MODELS,
          features,
          options: { [TERRAIN_BY_PLAYERS]: value as boolean },
        }),
        TANKS_BUNDLED,
      );
    expect(start(POOL, 'yes')).toContain('ruleset option terrainPlacedByPlayers is "yes"');
    expect(start(POOL.slice(1))).toMatch(
      /the players place 2 forests \(TK-2\.2\), but map\.features has 1/,
    );
    const huge = [...POOL.slice(0, 5), building('house-4', 18, 18, 30, 3)];
    expect(start(huge)).toMatch(/map\.features\[5\] \(building house-4\) is 30\.0" × 3\.0"/);
    expect(typeof start(POOL, false)).toBe('object');
  });

  test('the view asks the placing side, previews the piece, and the board gets the placed terrain', () => {
    const t = pooled();
    const view = tanksView(t.ctx, t.game);
    expect(view.phase(t.state)).toMatchObject({
      phase: 'terrain',
      phaseLabel: 'Terrain roll-off',
      phaseRuleId: 'TK-2.2',
    });
    expect(view.phase(t.state).phases.map((p) => p.id)).toEqual([
      'terrain',
      'deployment',
      'movement',
      'shooting',
      'command',
    ]);
    const roll = view.commands(t.state, 'a1').find((c) => c.id === 'terrain-roll');
    expect(roll?.action).toEqual({ type: 'rollForTerrain', side: 'a' });
    t.act(roll!.action as never);
    const next = terrainToPlace(t.state)!;
    const unit = next.side === 'a' ? 'a1' : 'b1';
    expect(view.phase(t.state)).toMatchObject({ phaseLabel: 'Terrain placement' });
    expect(view.canAct(t.state, unit, next.side!)).toBe(true);
    expect(view.reachable(t.state, unit)?.placing).toContain('wood-1');
    expect(view.planMove(t.state, unit, [18, 3])).toMatchObject({ ok: false, ruleId: 'TK-2.3' });
    const plan = view.planMove(t.state, unit, [18, 18]);
    expect(plan).toMatchObject({
      ok: true,
      action: { type: 'placeTerrain', piece: 'wood-1', at: [18, 18] },
    });
    expect(plan.ok && plan.shapes?.[0]?.shape).toBe('polygon');
    const turn = view.commands(t.state, unit).find((c) => c.id === 'terrain-turn-45');
    expect(turn?.action).toMatchObject({ type: 'turnTerrain', rotation: 45 });
    expect(view.terrain!(t.state)).toEqual([]);
    if (plan.ok) t.act(plan.action as never);
    expect(view.terrain!(t.state).map((f) => f.id)).toEqual(['wood-1']);
    expect(defaultTerrainSpot(t.ctx, t.state)).toBeDefined();
  });

  test('bot against bot rolls off, places the pieces legally (setting aside any with no room) and plays to the end', () => {
    const made = makeTanksGame(
      fixtureScenario({
        models: MODELS,
        features: POOL,
        options: { [TERRAIN_BY_PLAYERS]: true },
        turnLimit: 3,
      }),
      TANKS_BUNDLED,
    );
    if (typeof made === 'string') throw new Error(made);
    const r = simulate(made.game, { seed: 3 });
    expect(r.stoppedBy, r.reason).toBe('over');
    const events: { type: string }[] = [];
    let s = made.game.newGame({ seed: 3 });
    for (const a of r.actions) {
      const step = made.game.reduce(s, a);
      if (!step.ok) throw new Error(step.reason);
      s = step.state;
      events.push(...step.events);
    }
    const placed = events.filter((e) => e.type === 'TerrainPlaced');
    const aside = events.filter((e) => e.type === 'TerrainSetAside');
    expect(placed.length + aside.length).toBe(6);
    expect(placed.length).toBeGreaterThanOrEqual(4);
  });
});
