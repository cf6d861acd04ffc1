import { describe, expect, it } from 'vitest';
import type { ScenarioDoc } from '../../format';
import { actionProblem } from '../../game/actionSchema';
import { simulate, type Player } from '../../game/simulate';
import type { HexPlaytestView } from '../../playtest/view';
import wire from '../../../scenarios/ww1-wire.scenario.json';
import { rulesetModule } from '../registry';
import { WW1_BUNDLED } from './catalogs';
import { makeWw1Game, type Ww1Game } from './game';
import type { Ww1Action, Ww1Event, Ww1State } from './rules/turn';
import { ww1View } from './view';

const scenario = wire as unknown as ScenarioDoc;

function made() {
  const m = makeWw1Game(scenario, WW1_BUNDLED);
  if (typeof m === 'string') throw new Error(m);
  return m;
}

/** A side that plays its first card, orders nobody and ends its turn. */
const passive: Player<Ww1State, Ww1Action> = {
  kind: 'source',
  next: (s) => [
    { type: 'playCard', card: s.deck.hands[s.active]![0]! },
    { type: 'endMoves' },
    { type: 'endTurn' },
  ],
};

describe('WWI game on ww1-wire', () => {
  it('the registry plays it; bot against bot ends with a winner, every action in the schema', () => {
    const m = rulesetModule('ww1')!.game!(scenario);
    expect(m.ok).toBe(true);
    const game = made().game;
    const r = simulate(game, { seed: 11, maxSideTurns: 300 });
    expect(r.stoppedBy).toBe('over');
    expect(['british', 'german']).toContain(r.result?.winner);
    for (const a of r.actions)
      expect(actionProblem(game.actions!, a), JSON.stringify(a)).toBeUndefined();
    const kinds = new Set(r.actions.map((a) => a.type));
    expect([...kinds].sort()).toEqual([
      'battle',
      'endMoves',
      'endTurn',
      'move',
      'order',
      'playCard',
    ]);
  });

  it.each([
    ['british', 'german'],
    ['german', 'british'],
  ])('the bot plays %s to a win against a side that does nothing', (bot, idle) => {
    const game: Ww1Game = made().game;
    const r = simulate(game, { seed: 4, maxSideTurns: 300, players: { [idle]: passive } });
    expect(r.stoppedBy).toBe('over');
    expect(r.result?.winner).toBe(bot);
  });

  it('a card drawn is seen only by its owner; a turn limit ends the game on medals', () => {
    const game = made().game;
    const draw: Ww1Event = {
      type: 'deck',
      deck: 'command',
      event: { type: 'draw', hand: 'british', cards: ['ww1.card.probeLeft'] },
    };
    expect(game.eventVisible(draw, 'british', game.newGame({ seed: 1 }))).toBe(true);
    expect(game.eventVisible(draw, 'german', game.newGame({ seed: 1 }))).toBe(false);
    expect(game.eventVisible(draw, null, game.newGame({ seed: 1 }))).toBe(true);
    const r = simulate(game, { seed: 2, turnLimit: 2, maxSideTurns: 50 });
    expect(r.stoppedBy).toBe('over');
    expect(r.state.turn).toBe(3);
  });

  it('a map that names no sections is split into left, centre and right thirds', () => {
    const bare = JSON.parse(JSON.stringify(scenario)) as ScenarioDoc;
    if (bare.map.kind === 'hex') delete bare.map.sections;
    const m = makeWw1Game(bare, WW1_BUNDLED);
    if (typeof m === 'string') throw new Error(m);
    expect(m.ctx.board.sections.map((x) => [x.id, x.fromCol, x.toCol])).toEqual([
      ['left', 0, 4],
      ['centre', 5, 8],
      ['right', 9, 12],
    ]);
    expect(simulate(m.game, { seed: 2, maxSideTurns: 6 }).stoppedBy).not.toBe('stuck');
  });

  it('refuses a scenario with an unknown unit type or a card naming a section the map lacks', () => {
    const bad = JSON.parse(JSON.stringify(scenario)) as ScenarioDoc;
    bad.forces.sides[0]!.formations[0]!.units[0]!.type = 'ww1.zeppelin';
    expect(makeWw1Game(bad, WW1_BUNDLED)).toMatch(
      /type "ww1.zeppelin" is not in the catalog's units/,
    );
    const sections = JSON.parse(JSON.stringify(scenario)) as ScenarioDoc;
    if (sections.map.kind === 'hex') sections.map.sections = sections.map.sections!.slice(0, 2);
    expect(makeWw1Game(sections, WW1_BUNDLED)).toMatch(
      /effect.sections names section "right", which map.sections lacks \(left, centre\)/,
    );
  });
});

describe('WWI playtest view', () => {
  const { ctx, game } = made();
  const view: HexPlaytestView<Ww1State, Ww1Event> = ww1View(ctx, game);

  it('shows a hand only to its owner, lights the sections of the card played, marks ordered units', () => {
    const s0 = game.newGame({ seed: 3 });
    const mine = view.promptFor!(s0, 'british');
    expect(mine.kind).toBe('cards');
    const hand = mine.kind === 'cards' ? mine.hand : [];
    expect(hand.filter((c) => c.action)).toHaveLength(4);
    expect(hand.filter((c) => c.name.includes('combat card'))).toHaveLength(2);
    const theirs = view.promptFor!(s0, 'german');
    const seen = theirs.kind === 'cards' ? theirs.hand.map((c) => c.id) : [];
    expect(
      seen.every((id) =>
        s0.deck.hands.german!.concat(s0.combat.hands.german!).includes(id.split('@')[0]!),
      ),
    ).toBe(true);
    expect(view.promptFor!(s0, '')).toEqual({ kind: 'wait', for: ['british'] });
    const played = game.reduce(s0, { type: 'playCard', card: s0.deck.hands.british![0]! });
    if (!played.ok) throw new Error(played.reason);
    const marks = view.hexMarks!(played.state, 'british');
    expect(marks.highlight?.hexes.length).toBeGreaterThan(0);
    const p = view.phase(played.state).prompt;
    expect(p.kind).toBe('orders');
    const first = p.kind === 'orders' ? p.pending[0]! : '';
    const cmd = view.commands(played.state, first)[0]!;
    const ordered = game.reduce(played.state, cmd.action as Ww1Action);
    if (!ordered.ok) throw new Error(ordered.reason);
    const c = view.counters(ordered.state, 'british').find((x) => x.id === first)!;
    expect(c.status).toContain('ordered');
  });

  it('a tank through the wire: the hex is drawn without wire, and the battle preview gives exact odds', () => {
    let s = game.newGame({ seed: 1 });
    s = {
      ...s,
      deck: { ...s.deck, hands: { ...s.deck.hands, british: ['ww1.card.probeCentre'] } },
      units: {
        ...s.units,
        'british.female1': { ...s.units['british.female1']!, at: { col: 8, row: 6 } },
      },
    };
    const step = (a: Ww1Action) => {
      const r = game.reduce(s, a);
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
      return r.events;
    };
    step({ type: 'playCard', card: 'ww1.card.probeCentre' });
    step({ type: 'order', units: ['british.female1'] });
    const reach = view.reachable(s, 'british.female1')!;
    expect(reach.hexes!.map((h) => `${h.cell.col},${h.cell.row}`)).toContain('8,5');
    const plan = view.planMove(s, 'british.female1', { col: 8, row: 5 });
    expect(plan.ok).toBe(true);
    const events = step((plan as { action: Ww1Action }).action);
    expect(events.map((e) => e.type)).toContain('wireRemoved');
    expect(view.hexMarks!(s, null).changed).toEqual([
      { cell: { col: 8, row: 5 }, set: { wire: false, stopsMovement: false, terrain: 'clear' } },
    ]);
    step({ type: 'endMoves' });
    const preview = view.previewFire(s, 'british.female1', 'battle', undefined, {
      unit: 'german.inf4',
    });
    expect(preview.legal).toBe(true);
    const total = preview.odds.filter((o) => / hits?$/.test(o.label)).reduce((n, o) => n + o.p, 0);
    expect(total).toBeCloseTo(1, 10);
  });

  it('after gaining ground a tank is offered its bonus combat in the panel and the weapon list', () => {
    let s = game.newGame({ seed: 1 });
    const units = { ...s.units };
    units['british.male1'] = { ...units['british.male1']!, at: { col: 7, row: 2 } };
    units['german.inf3'] = { ...units['german.inf3']!, figures: 1 };
    s = {
      ...s,
      units,
      deck: { ...s.deck, hands: { ...s.deck.hands, british: ['ww1.card.probeCentre'] } },
    };
    for (const a of [
      { type: 'playCard', card: 'ww1.card.probeCentre' },
      { type: 'order', units: ['british.male1'] },
      { type: 'endMoves' },
    ] as Ww1Action[]) {
      const r = game.reduce(s, a);
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
    }
    // Force one infantry hit (die 1, 2 dice in the trench) on the last figure of the 3rd Company, then no bog-down.
    const r = game.reduce(
      { ...s, rng: { ...s.rng, forced: [1, 4, 1, 1] } },
      {
        type: 'battle',
        unit: 'british.male1',
        target: 'german.inf3',
      },
    );
    if (!r.ok) throw new Error(r.reason);
    expect(r.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['eliminated', 'gainedGround', 'bogDown', 'bonusOpen']),
    );
    const after = r.state;
    expect(view.weapons(after, 'british.male1')[0]!.label).toBe('Bonus combat');
    expect(view.phase(after).todo.british).toContain('Male tank D1: bonus combat open (optional)');
    expect(view.counters(after, 'british').find((c) => c.id === 'british.male1')!.status).toContain(
      'bonus combat',
    );
    const lines = r.events.flatMap((e) => view.describe(e, after)).map((l) => l.text);
    expect(lines).toContain('Male tank D1 gains ground into 0703');
    expect(lines.some((l) => /may battle once more: close combat only/.test(l))).toBe(true);
  });
});
