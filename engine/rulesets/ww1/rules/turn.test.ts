import { describe, expect, it } from 'vitest';
import type { CatalogDoc, Hex, ScenarioDoc } from '../../../format';
import type { GameDef } from '../../../game/gameDef';
import { replayLog, type LogEntry } from '../../../game/simulate';
import wire from '../../../../scenarios/ww1-wire.scenario.json';
import core from '../../../../scenarios/catalogs/ww1.catalog.json';
import placeholder from '../../../../scenarios/catalogs/ww1.placeholder.catalog.json';
import { readWw1Rules, type Ww1Rules } from './data';
import {
  cellDistance,
  reduceWw1,
  setUpWw1,
  type HexCell,
  type Ww1Action,
  type Ww1Board,
  type Ww1Event,
  type Ww1State,
} from './turn';

const CATALOGS = [core, placeholder] as unknown as CatalogDoc[];

function rules(options: Record<string, string | boolean> = {}): Ww1Rules {
  const r = readWw1Rules(CATALOGS, { options });
  if (!r.ok) throw new Error(r.reason);
  return r.rules;
}

type Placed = { id: string; side: 'british' | 'german'; type: string; at: HexCell };

/** The bundled scenario's map and sides with our own hexes and units. */
function scenario(units: Placed[], hexes: Hex[] = []): ScenarioDoc {
  const base = wire as unknown as ScenarioDoc;
  const sides = base.forces!.sides.map((side) => ({
    ...side,
    formations: [
      {
        id: `${side.id}.all`,
        kind: 'group' as const,
        name: 'All',
        units: units
          .filter((u) => u.side === side.id)
          .map((u) => ({ id: u.id, type: u.type, name: u.id, position: u.at })),
      },
    ],
  }));
  return {
    ...base,
    map: { ...base.map, hexes } as ScenarioDoc['map'],
    forces: { ...base.forces!, sides },
  } as ScenarioDoc;
}

/** A game whose British hand holds `hand`, for replayLog with forced dice. */
function start(
  units: Placed[],
  hexes: Hex[] = [],
  hand: string[] = [],
  combatHand: string[] = [],
  options: Record<string, string | boolean> = {},
) {
  const made = setUpWw1(scenario(units, hexes), rules(options), 7);
  if (!made.ok) throw new Error(made.reason);
  const board: Ww1Board = made.board;
  const state: Ww1State = {
    ...made.state,
    deck: { ...made.state.deck, hands: { ...made.state.deck.hands, british: hand } },
    combat: { ...made.state.combat, hands: { ...made.state.combat.hands, british: combatHand } },
  };
  const def = {
    reduce: (s: Ww1State, a: Ww1Action) => reduceWw1(board, s, a),
    dice: {
      get: (s: Ww1State) => s.rng,
      set: (s: Ww1State, rng: Ww1State['rng']) => ({ ...s, rng }),
    },
  } as unknown as GameDef<Ww1State, Ww1Action, Ww1Event>;
  const run = (log: LogEntry<Ww1Action>[]) => replayLog(def, state, log, { allowForcedDice: true });
  return { board, state, run };
}

const MALE = 'ww1.tank.male';
const FEMALE = 'ww1.tank.female';
const INF = 'ww1.infantry';
const ART = 'ww1.fieldArtillery';
const PROBE = 'ww1.card.probeCentre';
const force = (...rolls: number[]) => ({ type: 'forceDice' as const, rolls });
// Battle die faces (placeholder): 1, 2 infantry; 3 grenade; 4 tank; 5 flag; 6 star.

/** Play the centre card, order the tank and end moves: the battle phase. */
const toBattle = (unit: string, path: HexCell[] = []): LogEntry<Ww1Action>[] => [
  { type: 'playCard', card: PROBE },
  { type: 'order', units: [unit] },
  ...(path.length ? [{ type: 'move' as const, unit, path }] : []),
  { type: 'endMoves' },
];

describe('WWI catalog data', () => {
  it('reads the placeholder base game: die faces, hits, command deck, hand size', () => {
    const r = rules();
    expect(r.faces).toEqual(['infantry', 'infantry', 'grenade', 'tank', 'flag', 'star']);
    expect(r.hits.grenade).toEqual(['infantry', 'gun', 'tank']);
    expect(r.handSize).toBe(4);
    expect(r.commands['ww1.card.firstStrike']).toMatchObject({ noGainGround: true, units: 1 });
    expect(r.combats['ww1.card.buttAndBayonet']).toMatchObject({
      battle: 'close',
      playableByTanks: true,
      noGainGround: true,
    });
    expect(r.options).toMatchObject({
      tankschrekenVoidsAllIgnores: true,
      maleBonusCombat: 'closeOnly',
    });
    expect(r.units[FEMALE]).toMatchObject({ cls: 'tank', sex: 'female', rangedDice: [3, 2] });
  });

  it('refuses a catalog without the battle die, naming the table', () => {
    const cut = JSON.parse(JSON.stringify(placeholder)) as CatalogDoc;
    delete cut.tables!.battleDice;
    const r = readWw1Rules([core as unknown as CatalogDoc, cut]);
    expect(r).toEqual({ ok: false, reason: 'catalog table "battleDice" is missing or empty' });
  });

  it('refuses card effects outside the vocabulary, bog-down faces the die lacks and unknown options', () => {
    const card = readWw1Rules(CATALOGS, {
      catalog: {
        cards: [
          {
            id: 'x.card',
            name: 'Gas attack',
            cardType: 'combat',
            count: 1,
            effect: { battle: 'close', poison: 2 },
          },
        ],
      },
    });
    expect(!card.ok && card.reason).toMatch(
      /cards\["x.card"\].effect.poison is not in the combat card vocabulary/,
    );
    const cut = JSON.parse(JSON.stringify(placeholder)) as CatalogDoc;
    cut.tables!.bogDown!.rows[0]!.bogsOn = ['skull'];
    const face = readWw1Rules([core as unknown as CatalogDoc, cut]);
    expect(!face.ok && face.reason).toMatch(
      /tables.bogDown.rows\[0\].bogsOn names "skull", which is not a face/,
    );
    const opt = readWw1Rules(CATALOGS, { options: { 'WW-A3': 'always' } });
    expect(!opt.ok && opt.reason).toMatch(/ruleset.options.WW-A3 is "always"/);
    const unknown = readWw1Rules(CATALOGS, { options: { fogOfWar: true } });
    expect(!unknown.ok && unknown.reason).toMatch(/ruleset.options.fogOfWar is not a WWI option/);
    const ok = readWw1Rules(CATALOGS, { options: { maleBonusCombat: 'closeOrFire' } });
    expect(ok.ok && ok.rules.options.maleBonusCombat).toBe('closeOrFire');
  });

  it('refuses a unit of an unknown type at game start, naming the unit and field', () => {
    const made = setUpWw1(
      scenario([{ id: 'x', side: 'british', type: 'ww1.zeppelin', at: { col: 5, row: 4 } }]),
      rules(),
      1,
    );
    expect(made.ok).toBe(false);
    expect(!made.ok && made.reason).toMatch(/unit x: type "ww1.zeppelin" is not in the catalog/);
  });

  it('deals each side a hand of the hand size from the seeded deck', () => {
    const made = setUpWw1(scenario([]), rules(), 3);
    expect(made.ok && made.state.deck.hands.british!.length).toBe(4);
    expect(made.ok && made.state.deck.hands.german!.length).toBe(4);
  });
});

describe('WWI turn', () => {
  const tank = (at: HexCell, type = MALE): Placed => ({ id: 't', side: 'british', type, at });
  const foe = (id: string, at: HexCell, type = INF): Placed => ({ id, side: 'german', type, at });

  it('plays a card from the hand, orders only in its sections, and draws at the end', () => {
    const g = start(
      [tank({ col: 5, row: 4 }), { id: 'l', side: 'british', type: INF, at: { col: 1, row: 6 } }],
      [],
      [PROBE],
    );
    const r = g.run([
      { type: 'playCard', card: 'ww1.card.attackLeft' },
      { type: 'playCard', card: PROBE },
      { type: 'order', units: ['l'] },
      { type: 'order', units: ['t'] },
      { type: 'endMoves' },
      { type: 'endTurn' },
    ]);
    expect(r.refused.map((x) => x.action)).toEqual([0, 2]);
    expect(r.refused[0]!.reason).toMatch(/does not hold card/);
    expect(r.refused[1]!.reason).toMatch(/not in centre/);
    expect(r.state.deck.hands.british).toHaveLength(1);
    expect(r.state.deck.discard).toEqual([PROBE]);
    expect(r.state.active).toBe('german');
  });

  it('WW-3 (T3): a tank is not stopped by wire and removes it; infantry is stopped', () => {
    const hexes: Hex[] = [{ col: 5, row: 3, terrain: 'wire', wire: true, stopsMovement: true }];
    const g = start([tank({ col: 5, row: 4 })], hexes, [PROBE]);
    const r = g.run(toBattle('t', [{ col: 5, row: 3 }]));
    expect(r.refused).toEqual([]);
    expect(r.state.wireCleared).toEqual(['5,3']);
    expect(r.state.units.t).toMatchObject({ at: { col: 5, row: 3 }, stopped: false });
    expect(r.events.map((e) => e.event.type)).toContain('wireRemoved');

    const i = start([{ id: 't', side: 'british', type: INF, at: { col: 5, row: 4 } }], hexes, [
      PROBE,
    ]);
    const ri = i.run(toBattle('t', [{ col: 5, row: 3 }]));
    expect(ri.state.wireCleared).toEqual([]);
    expect(ri.state.units.t!.stopped).toBe(true);
  });

  it('WW-4.3 (T1): next to an enemy a tank may not fire further, but may close combat', () => {
    const units = [
      tank({ col: 5, row: 4 }),
      foe('a', { col: 4, row: 4 }),
      foe('b', { col: 5, row: 1 }),
    ];
    const g = start(units, [], [PROBE]);
    expect(cellDistance(g.board, { col: 5, row: 4 }, { col: 5, row: 1 })).toBe(3);
    const r = g.run([
      ...toBattle('t'),
      { type: 'battle', unit: 't', target: 'b' },
      force(4, 4, 4),
      { type: 'battle', unit: 't', target: 'a' },
    ]);
    expect(r.refused).toHaveLength(1);
    expect(r.refused[0]!.reason).toMatch(/WW-4.3/);
    const b = r.events.find((e) => e.event.type === 'battle')!.event;
    expect(b).toMatchObject({ target: 'a', close: true, dice: 3, hits: 0 });

    // Without the adjacent enemy the same shot is in range (2 dice at 3 hexes) and in sight.
    const far = start([tank({ col: 5, row: 4 }), foe('b', { col: 5, row: 1 })], [], [PROBE]);
    const rf = far.run([...toBattle('t'), force(1, 2), { type: 'battle', unit: 't', target: 'b' }]);
    expect(rf.refused).toEqual([]);
    expect(rf.state.units.b!.figures).toBe(2);
  });

  it('WW-4.4, WW-5.4 (T2): a tank that moved onto a building hex does not battle', () => {
    const hexes: Hex[] = [{ col: 5, row: 3, terrain: 'village', building: true }];
    const g = start([tank({ col: 5, row: 4 }), foe('a', { col: 5, row: 2 })], hexes, [PROBE]);
    const r = g.run([
      ...toBattle('t', [{ col: 5, row: 3 }]),
      { type: 'battle', unit: 't', target: 'a' },
    ]);
    expect(r.refused[0]!.reason).toMatch(/building hex.*WW-4.4, WW-5.4/);
  });

  it('WW-5.3 (T4-T6): Tankschreken voids flag ignores, except on a building or for field artillery', () => {
    const flagsIgnored = (terrain: string, type: string, attacker: string): number => {
      const hexes: Hex[] = [
        { col: 5, row: 3, terrain, ...(terrain === 'village' ? { building: true } : {}) },
      ];
      const g = start(
        [{ ...tank({ col: 5, row: 4 }), type: attacker }, foe('a', { col: 5, row: 3 }, type)],
        hexes,
        [PROBE],
      );
      const r = g.run([
        ...toBattle('t'),
        force(5, 5, 5, 1),
        { type: 'battle', unit: 't', target: 'a' },
      ]);
      expect(r.refused).toEqual([]);
      return (r.events.find((e) => e.event.type === 'battle')!.event as { flagsIgnored: number })
        .flagsIgnored;
    };
    expect(flagsIgnored('trench', INF, MALE)).toBe(0); // T4: the trench's ignore is void
    expect(flagsIgnored('trench', INF, INF)).toBe(1); // not a tank: the trench ignores one
    expect(flagsIgnored('village', INF, MALE)).toBe(1); // T5: building hex keeps it
    expect(flagsIgnored('trench', ART, MALE)).toBe(1); // T6: field artillery keeps it
  });

  it('flags retreat the unit toward its own edge; a blocked retreat costs a figure; hits remove figures', () => {
    const g = start(
      [
        tank({ col: 5, row: 4 }),
        foe('a', { col: 5, row: 3 }),
        foe('c', { col: 5, row: 2 }),
        foe('d', { col: 6, row: 2 }),
      ],
      [],
      [PROBE],
    );
    const r = g.run([...toBattle('t'), force(1, 5, 6), { type: 'battle', unit: 't', target: 'a' }]);
    expect(r.state.units.a).toMatchObject({ at: { col: 5, row: 3 }, figures: 2 });
    expect(r.events.map((e) => e.event.type)).toContain('figureLost');
    expect(r.state.units.t!.at).toEqual({ col: 5, row: 4 }); // not vacated: no gaining ground
  });

  it('WW-6 (T7): a successful close combat makes the ordered tank gain ground, then roll bog-down', () => {
    const g = start([tank({ col: 5, row: 4 }), foe('a', { col: 5, row: 3 })], [], [PROBE]);
    const r = g.run([
      ...toBattle('t'),
      force(1, 1, 5, 1),
      { type: 'battle', unit: 't', target: 'a' },
    ]);
    expect(r.refused).toEqual([]);
    expect(r.state.units.a!.at.row).toBe(2);
    expect(r.state.units.t).toMatchObject({
      at: { col: 5, row: 3 },
      bonusOpen: true,
      bogged: false,
    });
    expect(r.events.map((e) => e.event.type)).toEqual([
      'cardPlayed',
      'deck',
      'ordered',
      'battle',
      'figureLost',
      'figureLost',
      'retreated',
      'gainedGround',
      'bogDown',
      'bonusOpen',
    ]);
  });

  it('WW-6.3(a), WW-A1: a tank that entered a hex that stops it does not gain ground', () => {
    const hexes: Hex[] = [{ col: 5, row: 4, terrain: 'trench' }];
    const g = start([tank({ col: 5, row: 5 }), foe('a', { col: 5, row: 3 })], hexes, [PROBE]);
    const r = g.run([
      ...toBattle('t', [{ col: 5, row: 4 }]),
      force(1, 1, 5),
      { type: 'battle', unit: 't', target: 'a' },
    ]);
    expect(r.refused).toEqual([]);
    expect(r.state.units.t!.at).toEqual({ col: 5, row: 4 });
    expect(r.events.at(-1)!.event).toEqual({
      type: 'noGainGround',
      unit: 't',
      ruleId: 'WW-6.3(a)',
    });
  });

  it('WW-A5, WW-A4: gaining ground into wire removes it and keeps the bonus; into a building ends it', () => {
    const gain = (hex: Hex) => {
      const g = start(
        [tank({ col: 5, row: 4 }), foe('a', { col: 5, row: 3 }, ART)],
        [hex],
        [PROBE],
      );
      return g.run([
        ...toBattle('t'),
        force(3, 3, 1, 1),
        { type: 'battle', unit: 't', target: 'a' },
      ]);
    };
    const w = gain({ col: 5, row: 3, terrain: 'wire', wire: true, stopsMovement: true });
    expect(w.state.wireCleared).toEqual(['5,3']);
    expect(w.state.units.t).toMatchObject({ at: { col: 5, row: 3 }, bonusOpen: true });
    const v = gain({ col: 5, row: 3, terrain: 'village', building: true });
    expect(v.state.units.t).toMatchObject({ at: { col: 5, row: 3 }, bonusOpen: false });
  });

  it('WW-6.3(b): a tank ordered by First Strike does not gain ground', () => {
    const g = start(
      [tank({ col: 5, row: 4 }), foe('a', { col: 5, row: 3 })],
      [],
      ['ww1.card.firstStrike'],
    );
    const r = g.run([
      { type: 'playCard', card: 'ww1.card.firstStrike' },
      { type: 'order', units: ['t'] },
      { type: 'endMoves' },
      force(1, 1, 5),
      { type: 'battle', unit: 't', target: 'a' },
    ]);
    expect(r.state.units.t!.at).toEqual({ col: 5, row: 4 });
    expect(r.events.at(-1)!.event).toEqual({
      type: 'noGainGround',
      unit: 't',
      ruleId: 'WW-6.3(b)',
    });
  });

  it('WW-7.4: a tank that bogs down gets no bonus combat, and does not move next turn', () => {
    const g = start(
      [tank({ col: 5, row: 4 }), foe('a', { col: 5, row: 3 }), foe('b', { col: 5, row: 2 })],
      [],
      [PROBE],
    );
    const r = g.run([
      ...toBattle('t'),
      force(1, 1, 5, 6),
      { type: 'battle', unit: 't', target: 'a' },
      { type: 'battle', unit: 't', target: 'b' },
      { type: 'endTurn' },
    ]);
    expect(r.state.units.t).toMatchObject({ at: { col: 5, row: 3 }, bogged: true });
    expect(r.refused[0]!.reason).toMatch(/no bonus combat open \(WW-7.1\)/);
  });

  it('WW-7.2, 7.3 (T9, T10): with nothing adjacent, a female tank may fire its bonus, a male may not', () => {
    const bonusFire = (type: string) => {
      const g = start(
        [
          tank({ col: 5, row: 4 }, type),
          foe('a', { col: 5, row: 3 }, ART),
          foe('far', { col: 6, row: 1 }),
        ],
        [],
        [PROBE],
      );
      return g.run([
        ...toBattle('t'),
        force(3, 3, 1, 1, 1, 1, 1),
        { type: 'battle', unit: 't', target: 'a' },
        { type: 'battle', unit: 't', target: 'far' },
      ]);
    };
    const male = bonusFire(MALE);
    expect(male.refused[0]!.reason).toMatch(/male tank.*WW-7.3/);
    const female = bonusFire(FEMALE);
    expect(female.refused).toEqual([]);
    expect(female.state.units.far!.figures).toBe(1); // 3 dice at 2 hexes, all infantry
    expect(female.state.units.t).toMatchObject({ bonusUsed: true, bonusOpen: false });
  });

  it('WW-7.7: a bonus close combat that succeeds gains ground again but opens no second bonus', () => {
    const g = start(
      [
        tank({ col: 5, row: 4 }),
        foe('a', { col: 5, row: 3 }, ART),
        foe('b', { col: 5, row: 2 }, ART),
        foe('c', { col: 5, row: 1 }),
      ],
      [],
      [PROBE],
    );
    const r = g.run([
      ...toBattle('t'),
      force(3, 3, 1, 1, 3, 3, 1, 1),
      { type: 'battle', unit: 't', target: 'a' },
      { type: 'battle', unit: 't', target: 'b' },
      { type: 'battle', unit: 't', target: 'c' },
    ]);
    expect(r.state.units.t).toMatchObject({
      at: { col: 5, row: 2 },
      bonusUsed: true,
      bonusOpen: false,
    });
    expect(r.refused[0]!.reason).toMatch(/WW-7.6/);
    expect(r.events.filter((e) => e.event.type === 'gainedGround')).toHaveLength(2);
  });

  it('ends the game when a side reaches its medals', () => {
    const units = [
      tank({ col: 5, row: 4 }),
      foe('a', { col: 5, row: 3 }, ART),
      foe('z', { col: 0, row: 0 }),
    ];
    const g = start(units, [], [PROBE]);
    const won: Ww1State = { ...g.state, kills: { british: 4, german: 0 } };
    const made = setUpWw1(scenario(units), rules(), 7);
    const board = made.ok ? made.board : g.board;
    let s = won;
    for (const a of [
      { type: 'playCard', card: PROBE },
      { type: 'order', units: ['t'] },
      { type: 'endMoves' },
    ] as Ww1Action[]) {
      const r = reduceWw1(board, s, a);
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
    }
    const r = reduceWw1(
      board,
      { ...s, rng: { ...s.rng, forced: [3, 3, 1, 6] } },
      { type: 'battle', unit: 't', target: 'a' },
    );
    expect(r.ok && r.state).toMatchObject({ phase: 'over', winner: 'british' });
    expect(r.ok && reduceWw1(board, r.state, { type: 'endTurn' }).ok).toBe(false);
  });

  const BB = 'ww1.card.buttAndBayonet';
  const AMBUSH = 'ww1.card.surpriseAmbush';
  const AIM = 'ww1.card.steadyAim';

  it('WW-5.5, WW-6.3(d) (T8): a tank plays Butt & Bayonet for a die more and does not gain ground', () => {
    const g = start([tank({ col: 5, row: 4 }), foe('a', { col: 5, row: 3 })], [], [PROBE], [BB]);
    const r = g.run([
      ...toBattle('t'),
      force(1, 1, 1, 1),
      { type: 'battle', unit: 't', target: 'a', card: BB },
      { type: 'battle', unit: 't', target: 'a' },
    ]);
    expect(r.refused.map((x) => x.action)).toEqual([5]);
    const b = r.events.find((e) => e.event.type === 'battle')!.event;
    expect(b).toMatchObject({ dice: 4, hits: 4 });
    expect(r.events.map((e) => e.event)).toContainEqual({
      type: 'noGainGround',
      unit: 't',
      ruleId: 'WW-6.3(d)',
    });
    expect(r.state.units.t!.at).toEqual({ col: 5, row: 4 });
    expect(r.state.combat.hands.british).toEqual([]);
    expect(r.state.combat.discard).toEqual([BB]);
  });

  it('WW-6.3(c): Surprise Ambush voids the flag ignores and stops the gain; a tank may not play Steady Aim', () => {
    const hexes: Hex[] = [{ col: 5, row: 3, terrain: 'village', building: true }];
    const g = start(
      [tank({ col: 5, row: 4 }), foe('a', { col: 5, row: 3 })],
      hexes,
      [PROBE],
      [AMBUSH, AIM],
    );
    const r = g.run([
      ...toBattle('t'),
      { type: 'battle', unit: 't', target: 'a', card: AIM },
      force(5, 6, 6),
      { type: 'battle', unit: 't', target: 'a', card: AMBUSH },
    ]);
    expect(r.refused[0]!.reason).toMatch(/Steady Aim is played with a ranged combat/);
    const b = r.events.find((e) => e.event.type === 'battle')!.event;
    expect(b).toMatchObject({ flags: 1, flagsIgnored: 0 });
    expect(r.state.units.a!.at).toEqual({ col: 5, row: 2 });
    expect(r.events.map((e) => e.event)).toContainEqual({
      type: 'noGainGround',
      unit: 't',
      ruleId: 'WW-6.3(c)',
    });
  });

  it('WW-A3 closeOrFire lets a male tank fire its bonus; WW-A2 false keeps a unit ability against Tankschreken', () => {
    const units = [
      tank({ col: 5, row: 4 }),
      foe('a', { col: 5, row: 3 }, ART),
      foe('b', { col: 7, row: 3 }),
    ];
    const log: LogEntry<Ww1Action>[] = [
      ...toBattle('t'),
      force(3, 3, 1, 1),
      { type: 'battle', unit: 't', target: 'a' },
      force(4, 4),
      { type: 'battle', unit: 't', target: 'b' },
    ];
    const asWritten = start(units, [], [PROBE]).run(log);
    expect(asWritten.refused[0]!.reason).toMatch(/WW-7.3/);
    const read = start(units, [], [PROBE], [], { 'WW-A3': 'closeOrFire' }).run(log);
    expect(read.refused).toEqual([]);
    const mg = (options: Record<string, boolean>) =>
      start(
        [tank({ col: 5, row: 4 }), foe('m', { col: 5, row: 3 }, 'ww1.machineGun')],
        [],
        [PROBE],
        [],
        options,
      ).run([...toBattle('t'), force(5, 6, 6), { type: 'battle', unit: 't', target: 'm' }]);
    const voided = mg({}).events.find((e) => e.event.type === 'battle')!.event;
    expect(voided).toMatchObject({ flags: 1, flagsIgnored: 0 });
    const kept = mg({ tankschrekenVoidsAllIgnores: false }).events.find(
      (e) => e.event.type === 'battle',
    )!.event;
    expect(kept).toMatchObject({ flags: 1, flagsIgnored: 1 });
  });

  it('WW-A6: a tank battling without an order (Counter-attack) does not gain ground; the other reading lets it', () => {
    const CA = 'ww1.card.counterAttack';
    const units = [tank({ col: 5, row: 4 }), foe('a', { col: 5, row: 3 })];
    const log: LogEntry<Ww1Action>[] = [
      { type: 'playCard', card: PROBE },
      { type: 'endMoves' },
      { type: 'battle', unit: 't', target: 'a' },
      force(1, 1, 5, 1),
      { type: 'battle', unit: 't', target: 'a', card: CA },
    ];
    const asWritten = start(units, [], [PROBE], [CA]).run(log);
    expect(asWritten.refused.map((x) => x.action)).toEqual([2]);
    expect(asWritten.refused[0]!.reason).toMatch(/not an ordered unit/);
    expect(asWritten.events.map((e) => e.event)).toContainEqual({
      type: 'noGainGround',
      unit: 't',
      ruleId: 'WW-A6',
    });
    const other = start(units, [], [PROBE], [CA], { 'WW-A6': false }).run(log);
    expect(other.refused.map((x) => x.action)).toEqual([2]);
    expect(other.state.units.t!.at).toEqual({ col: 5, row: 3 });
  });
});
