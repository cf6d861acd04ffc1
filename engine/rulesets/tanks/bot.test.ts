import { describe, expect, test } from 'vitest';
import type { ScenarioDoc } from '../../format';
import { bundledScenario } from '../../../scripts/testing/bundled';
import { composeRulesetCatalog } from '../../forces/rulesetCatalog';
import { simulate } from '../../game/simulate';
import { botTurn } from './bot';
import { TANKS_BUNDLED } from './catalogs';
import { makeTanksGame } from './game';
import { building, fixtureType, forest } from './fixtures';
import { tanks } from './index';
import { sightBetween, type TanksAction } from './rules';
import { testGame } from './testing';

const yourFirstGame = () => bundledScenario('tanks-your-first-game');

describe('the bot plays every mission to an end (TK-9)', () => {
  const doc = yourFirstGame();
  const cat = composeRulesetCatalog(doc.ruleset, tanks.catalogs, doc.catalog);
  for (const preset of tanks.missions!.presets(cat)) {
    test(preset.name, () => {
      const patch = tanks.missions!.apply(doc, preset.id, cat, { attacker: 'usa' });
      const made = tanks.game!({ ...doc, ...patch });
      if (!made.ok) throw new Error(made.reason);
      for (const seed of [1, 2]) {
        const r = simulate(made.game, { seed, record: false });
        expect(r.stoppedBy, r.reason).toBe('over');
        expect(r.result?.text).toMatch(/wins|Draw/);
      }
    });
  }
});

describe('the bundled helicopter scenario plays to an end', () => {
  test('Air Cover: both sides deploy, the helicopters fly and shoot, the game ends with a result', () => {
    const made = tanks.game!(bundledScenario('tanks-air-cover'));
    if (!made.ok) throw new Error(made.reason);
    const sim = simulate(made.game, { seed: 1 });
    expect(sim.stoppedBy, sim.reason).toBe('over');
    expect(sim.result?.text).toMatch(/wins|Draw/);
    // The game again from its log, for its events.
    const events: { type: string; unit?: string }[] = [];
    let s = made.game.newGame({ seed: 1 });
    for (const a of sim.actions) {
      const step = made.game.reduce(s, a);
      if (!step.ok) throw new Error(step.reason);
      s = step.state;
      events.push(...(step.events as { type: string; unit?: string }[]));
    }
    for (const heli of ['sov.hind', 'usa.cobra']) {
      expect(events.some((e) => e.type === 'ModelDeployed' && e.unit === heli)).toBe(true);
      expect(events.some((e) => e.type === 'ModelMoved' && e.unit === heli)).toBe(true);
    }
    expect(
      events.some(
        (e) => e.type === 'AttackRolled' && (e.unit === 'sov.hind' || e.unit === 'usa.cobra'),
      ),
    ).toBe(true);
  });
});

describe('the bundled scenario with terrain placed by the players plays to an end (TK-2.2)', () => {
  test('the bots roll off, put down all six pieces one Measuring Arrow apart, then play it out', () => {
    const made = tanks.game!(bundledScenario('tanks-terrain-by-players'));
    if (!made.ok) throw new Error(made.reason);
    const sim = simulate(made.game, { seed: 1 });
    expect(sim.stoppedBy, sim.reason).toBe('over');
    expect(sim.result?.text).toMatch(/wins|Draw/);
    const kinds = sim.actions.map((a) => a.type);
    expect(kinds[0]).toBe('rollForTerrain');
    expect(kinds.filter((k) => k === 'placeTerrain')).toHaveLength(6);
    // Every piece down before anything else happens.
    expect(kinds.slice(1, 7).every((k) => k === 'placeTerrain')).toBe(true);
  });
});

describe("the search bot's own side puts a Forest by its tank (TK-2.2, TK-2.3)", () => {
  test('each side its Forest nearer its tank than the styles do; buildings and the styles as before', () => {
    const made = makeTanksGame(bundledScenario('tanks-terrain-by-players'), TANKS_BUNDLED);
    if (typeof made === 'string') throw new Error(made);
    const { ctx, game } = made;
    let state = game.newGame({ seed: 1 });
    const roll = game.reduce(state, { type: 'rollForTerrain', side: 'sov' });
    if (!roll.ok) throw new Error(roll.reason);
    state = roll.state;
    for (let piece = 0; piece < 6; piece++) {
      const side = game.status(state).waitingFor[0]!;
      const style = botTurn(ctx, state, side, 'balanced').actions[0];
      const own = game.searchBot!(state, side, 'balanced').actions[0];
      if (style?.type !== 'placeTerrain' || own?.type !== 'placeTerrain')
        throw new Error(`piece ${piece}: no placement`);
      const tank = state.models[side === 'sov' ? 'sov.t64' : 'usa.m1']!.at!;
      const away = (a: { at: readonly [number, number] }) =>
        Math.hypot(a.at[0] - tank[0], a.at[1] - tank[1]);
      if (style.piece.startsWith('forest')) {
        expect(away(own)).toBeLessThan(away(style) - 1);
        // Within a move or two: a Forest keeps one Measuring Arrow from the edge the tank is by.
        expect(away(own)).toBeLessThan(10);
      } else expect(own).toEqual(style);
      const next = game.reduce(state, own);
      if (!next.ok) throw new Error(next.reason);
      state = next.state;
    }
  });
});

describe('every set-up step in its order (TK-2.2, TK-2.4, TK-9, TK-2.5)', () => {
  test('Air Cover with the terrain placed by the players and Free-for-All tokens placed in the game', () => {
    const loaded = bundledScenario('tanks-air-cover');
    let doc: ScenarioDoc = {
      ...loaded,
      ruleset: {
        ...loaded.ruleset,
        options: { ...(loaded.ruleset.options ?? {}), terrainPlacedByPlayers: true },
      },
    };
    const cat = composeRulesetCatalog(doc.ruleset, tanks.catalogs, doc.catalog);
    doc = { ...doc, ...tanks.missions!.apply(doc, 'tanks.freeForAll.inGame', cat, {}) };
    const made = tanks.game!(doc);
    if (!made.ok) throw new Error(made.reason);
    // The set-up only (the whole game is the other tests' business).
    const sim = simulate(made.game, { seed: 1, maxSideTurns: 10 });
    expect(sim.stoppedBy, sim.reason).not.toBe('stuck');
    // Roll-off and six pieces, the Defender's edge (a pass keeps it), two tokens; then models.
    expect(sim.actions.slice(0, 11).map((a) => a.type)).toEqual([
      'rollForTerrain',
      ...Array<string>(6).fill('placeTerrain'),
      'endPhase',
      'placeObjective',
      'placeObjective',
      'deploy',
    ]);
  });
});

describe('bot choices', () => {
  test('boxed in, exposed and with nothing to shoot with, it takes Defensive Measures', () => {
    const g = testGame({
      models: [
        { id: 'decoy', side: 'a', type: 'fx.decoy', at: [18, 18], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.heavy', at: [18, 32], facing: 270 },
      ],
      types: [
        fixtureType('fx.decoy', 'tank', {
          initiative: 1,
          attack: 0,
          defence: 2,
          damageCapacity: 3,
        }),
      ],
      features: [
        building('west', 16.75, 18, 1, 6),
        building('east', 19.25, 18, 1, 6),
        building('north', 18, 16, 3, 1),
        building('south-left', 17.05, 20, 1.1, 1),
        building('south-right', 18.95, 20, 1.1, 1),
      ],
    });
    const turn = botTurn(g.ctx, g.state, 'a');
    expect(turn.actions[0]).toEqual({ type: 'defend', unit: 'decoy', tokens: 2 });
  });

  test('it shoots the target its exact odds favour: the one in the open, not the one in cover', () => {
    const g = testGame({
      models: [
        { id: 'a1', side: 'a', type: 'fx.tank', at: [18, 4], facing: 90 },
        { id: 'hidden', side: 'b', type: 'fx.tank', at: [10, 28], facing: 270 },
        { id: 'open', side: 'b', type: 'fx.tank', at: [26, 28], facing: 270 },
      ],
      features: [forest('wood', 10, 28, 3)],
    });
    g.act(
      { type: 'endPhase', side: 'b' },
      { type: 'endPhase', side: 'b' },
      { type: 'endPhase', side: 'a' },
    );
    expect(g.state.phase).toBe('shooting');
    const turn = botTurn(g.ctx, g.state, 'a');
    expect(turn.actions[0]).toMatchObject({ type: 'shoot', unit: 'a1', target: 'open' });
  });

  test('it turns its face-down cards up before acting, so their effects apply (TK-8.7)', () => {
    const g = testGame({
      models: [
        {
          id: 'a1',
          side: 'a',
          type: 'tanks.m1',
          at: [18, 4],
          facing: 90,
          cards: [{ card: 'tanks.crew.bannon', hidden: true }],
        },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 30], facing: 270 },
      ],
    });
    g.act({ type: 'endPhase', side: 'b' });
    const turn = botTurn(g.ctx, g.state, 'a');
    expect(turn.actions[0]).toEqual({ type: 'reveal', unit: 'a1', card: 'tanks.crew.bannon' });
  });
});

describe('bot moves', () => {
  test('a tank may end a move square across the arrow (TK-A9), its front toward the enemy', () => {
    const made = tanks.game!(yourFirstGame());
    if (!made.ok) throw new Error(made.reason);
    const across: string[] = [];
    for (const seed of [1, 2, 3, 4]) {
      const r = simulate(made.game, { seed, record: true });
      for (const a of r.actions as readonly TanksAction[]) {
        if (a.type !== 'move') continue;
        const turn = (((a.facing - a.heading) % 360) + 360) % 360;
        if (turn === 90 || turn === 270) across.push(`${a.unit} ${a.heading}° facing ${a.facing}°`);
      }
    }
    // Before, every move of the bot ended along its heading or back along it.
    expect(across.length, 'no move ended across its arrow').toBeGreaterThan(0);
  });

  test('a tank turns on its spot, out along the arrow and back, when its hull faced another way has cover (TK-4.3, TK-5.8)', () => {
    const made = makeTanksGame(yourFirstGame(), TANKS_BUNDLED);
    if (typeof made === 'string') throw new Error(made);
    const { ctx, game } = made;
    const start = game.reduce(game.newGame({ seed: 1 }), { type: 'endPhase', side: 'sov' });
    if (!start.ok) throw new Error(start.reason);
    const m1 = start.state.models['usa.m1']!;
    // The M1 at its start, facing the T-64 across the table, is open to it: the Cottage hides
    // one hull corner of four.
    expect(sightBetween(ctx, start.state, 'sov.t64', 'usa.m1').cover).toBe(false);
    const turn = botTurn(ctx, start.state, 'usa', 'balanced');
    const [out, back] = turn.actions;
    if (out?.type !== 'move' || back?.type !== 'move') throw new Error('the M1 did not move twice');
    expect(back.heading).toBe((out.heading + 180) % 360);
    expect(back.distance).toBe(out.distance);
    // After its moves (the shooting phase has begun), on the same spot, faced another way.
    const after = game.reduce(start.state, out);
    if (!after.ok) throw new Error(after.reason);
    const home = game.reduce(after.state, back);
    if (!home.ok) throw new Error(home.reason);
    const turned = home.state.models['usa.m1']!;
    expect(Math.hypot(turned.at![0] - m1.at![0], turned.at![1] - m1.at![1])).toBeLessThan(1e-6);
    expect(turned.facing).not.toBe(m1.facing);
    expect(sightBetween(ctx, home.state, 'sov.t64', 'usa.m1').cover).toBe(true);
    expect(turn.explanation?.notes.join(' ')).toMatch(/turns on its spot/);
  });
});
