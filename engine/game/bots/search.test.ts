import { describe, expect, it } from 'vitest';
import { seedRng, type RngState } from '../../random/dice';
import type { ActionSpec } from '../actionSchema';
import { defineGame } from '../defineGame';
import type { BotStyle, GameDef } from '../gameDef';
import { accepted, invalid } from '../reducer';
import { simulate } from '../simulate';
import { botPlayer, BOT_NAMES } from './baseline';
import { SEARCH_STRENGTHS, searchStrength, searchTurn } from './search';
import { StyleReader } from './styleReader';

/**
 * A race to 10: on its turn a side adds 1, 2 or 3 to its count as often as it likes, then
 * passes; the first to 10 wins. Its bot adds once and passes (1 cautious, 2 balanced, 3
 * aggressive), so the first side always wins a game of bots in one style; a side that adds more in
 * one turn can overtake it.
 */
type RaceState = {
  readonly counts: Readonly<Record<string, number>>;
  readonly active: string;
  readonly winner?: string;
  readonly rng: RngState;
};
type RaceAction = { readonly type: 'add'; readonly by: number } | { readonly type: 'pass' };

const STEP: Readonly<Record<BotStyle, number>> = { cautious: 1, balanced: 2, aggressive: 3 };
const other = (side: string) => (side === 'a' ? 'b' : 'a');
const race: GameDef<RaceState, RaceAction, string> = defineGame<RaceState, RaceAction, string>({
  rulesetId: 'race',
  sides: ['a', 'b'].map((id) => ({ id, name: id.toUpperCase(), deployment: 'none' })),
  actions: new Map<string, ActionSpec>([
    ['add', { description: 'adds', fields: { by: { kind: 'number', min: 1, max: 3 } } }],
    ['pass', { description: 'passes', fields: {} }],
  ]),
  rules: (s, a) => {
    if (s.winner) return invalid('the race is over');
    if (a.type === 'pass') return accepted({ ...s, active: other(s.active) }, ['pass']);
    const n = s.counts[s.active]! + a.by;
    if (n > 10) return invalid('past 10');
    return accepted(
      { ...s, counts: { ...s.counts, [s.active]: n }, ...(n === 10 ? { winner: s.active } : {}) },
      [`+${a.by}`],
    );
  },
  newGame: (o) => ({ counts: { a: 0, b: 0 }, active: 'a', rng: seedRng(o.seed) }),
  status: (s) => ({
    turn: 0,
    phase: 'race',
    waitingFor: s.winner ? [] : [s.active],
    over: s.winner !== undefined,
  }),
  result: (s) => (s.winner ? { winner: s.winner, text: `${s.winner} wins` } : undefined),
  eventVisible: () => true,
  actionSide: (s) => s.active,
  endPhaseAction: () => ({ type: 'pass' }),
  bot: (s, side, style = 'balanced') => {
    const by = Math.min(STEP[style], 10 - s.counts[side]!);
    const actions: RaceAction[] = [{ type: 'add', by }, { type: 'pass' }];
    let st = s;
    const events: string[] = [];
    for (const a of actions) {
      const r = race.reduce(st, a);
      if (!r.ok) break;
      st = r.state;
      events.push(...r.events);
    }
    return { actions: actions.slice(0, st.winner ? 1 : 2), state: st, events };
  },
  legalActions: (s, side) =>
    s.winner || s.active !== side
      ? []
      : [
          ...[1, 2, 3]
            .filter((by) => s.counts[side]! + by <= 10)
            .map((by): RaceAction => ({ type: 'add', by })),
          { type: 'pass' },
        ],
});

/** The state after the first side's bot turn: the second side to move. */
const afterA = () => race.bot(race.newGame({ seed: 1 }), 'a').state;

/**
 * Two dials: the first side sets each of its two dials to 0-3 and ends; it wins with both at 3.
 * No style's turn does it (balanced turns the first, aggressive the second, cautious neither):
 * only a turn that takes one unit's action from another style's turn wins.
 */
type DialState = {
  readonly dials: Readonly<Record<string, number>>;
  readonly done: boolean;
  readonly rng: RngState;
};
type DialAction =
  | { readonly type: 'set'; readonly unit: string; readonly value: number }
  | { readonly type: 'end' };
const PLAN: Readonly<Record<BotStyle, readonly [number, number]>> = {
  cautious: [0, 0],
  balanced: [3, 0],
  aggressive: [0, 3],
};
const dials: GameDef<DialState, DialAction, string> = defineGame<DialState, DialAction, string>({
  rulesetId: 'dials',
  sides: ['a', 'b'].map((id) => ({ id, name: id.toUpperCase(), deployment: 'none' })),
  actions: new Map<string, ActionSpec>([
    [
      'set',
      {
        description: 'sets a dial',
        fields: { unit: { kind: 'id' }, value: { kind: 'number', min: 0, max: 3 } },
      },
    ],
    ['end', { description: 'ends', fields: {} }],
  ]),
  rules: (s, a) => {
    if (s.done) return invalid('over');
    if (a.type === 'end') return accepted({ ...s, done: true }, ['end']);
    if (!(a.unit in s.dials) || a.value < 0 || a.value > 3) return invalid('no such setting');
    return accepted({ ...s, dials: { ...s.dials, [a.unit]: a.value } }, ['set']);
  },
  newGame: (o) => ({ dials: { u1: 0, u2: 0 }, done: false, rng: seedRng(o.seed) }),
  status: (s) => ({ turn: 1, phase: 'dials', waitingFor: s.done ? [] : ['a'], over: s.done }),
  result: (s) =>
    s.done
      ? s.dials.u1 === 3 && s.dials.u2 === 3
        ? { winner: 'a', text: 'a wins' }
        : { winner: 'b', text: 'b wins' }
      : undefined,
  eventVisible: () => true,
  actionSide: () => 'a',
  endPhaseAction: () => ({ type: 'end' }),
  bot: (s, side, style = 'balanced') => {
    const [u1, u2] = PLAN[style];
    const actions: DialAction[] = [
      { type: 'set', unit: 'u1', value: u1 },
      { type: 'set', unit: 'u2', value: u2 },
      { type: 'end' },
    ];
    let st = s;
    for (const a of actions) {
      const r = dials.reduce(st, a);
      if (r.ok) st = r.state;
    }
    return side === 'a' && !s.done
      ? { actions, state: st, events: [] }
      : { actions: [], state: s, events: [] };
  },
  legalActions: (s, side) =>
    s.done || side !== 'a'
      ? []
      : [
          ...['u1', 'u2'].flatMap((unit) =>
            [0, 1, 2, 3].map((value): DialAction => ({ type: 'set', unit, value })),
          ),
          { type: 'end' },
        ],
});

/**
 * A guess: the first side plays x or y, then the second replies in its style. x wins against a
 * cautious or balanced reply and loses to an aggressive one; y is always a draw. The balanced
 * and aggressive bots play x, the cautious one y.
 */
type GuessState = {
  readonly pick?: 'x' | 'y';
  readonly reply?: BotStyle;
  readonly rng: RngState;
};
type GuessAction =
  | { readonly type: 'pick'; readonly pick: 'x' | 'y' }
  | { readonly type: 'reply'; readonly style: BotStyle };
const guess: GameDef<GuessState, GuessAction, string> = defineGame<GuessState, GuessAction, string>(
  {
    rulesetId: 'guess',
    sides: ['a', 'b'].map((id) => ({ id, name: id.toUpperCase(), deployment: 'none' })),
    actions: new Map<string, ActionSpec>([
      ['pick', { description: 'picks', fields: { pick: { kind: 'word', values: ['x', 'y'] } } }],
      [
        'reply',
        {
          description: 'replies',
          fields: { style: { kind: 'word', values: ['cautious', 'balanced', 'aggressive'] } },
        },
      ],
    ]),
    rules: (s, a) =>
      a.type === 'pick' && !s.pick
        ? accepted({ ...s, pick: a.pick }, ['pick'])
        : a.type === 'reply' && s.pick && !s.reply
          ? accepted({ ...s, reply: a.style }, ['reply'])
          : invalid('not now'),
    newGame: (o) => ({ rng: seedRng(o.seed) }),
    status: (s) => ({
      turn: 1,
      phase: 'guess',
      waitingFor: !s.pick ? ['a'] : !s.reply ? ['b'] : [],
      over: s.reply !== undefined,
    }),
    result: (s) =>
      !s.reply
        ? undefined
        : s.pick === 'y'
          ? { winner: 'draw', text: 'draw' }
          : s.reply === 'aggressive'
            ? { winner: 'b', text: 'b wins' }
            : { winner: 'a', text: 'a wins' },
    eventVisible: () => true,
    actionSide: (s) => (s.pick ? 'b' : 'a'),
    endPhaseAction: (s, side) =>
      side === 'a' ? { type: 'pick', pick: 'y' } : { type: 'reply', style: 'balanced' },
    bot: (s, side, style = 'balanced') => {
      const a: GuessAction =
        side === 'a'
          ? { type: 'pick', pick: style === 'cautious' ? 'y' : 'x' }
          : { type: 'reply', style };
      const r = guess.reduce(s, a);
      return r.ok
        ? { actions: [a], state: r.state, events: [] }
        : { actions: [], state: s, events: [] };
    },
    legalActions: (s, side) =>
      side === 'a' && !s.pick
        ? [
            { type: 'pick', pick: 'x' },
            { type: 'pick', pick: 'y' },
          ]
        : [],
  },
);

describe('the search bot', () => {
  it('weighs one unit doing what another style would while the others keep to the plan', () => {
    const t = searchTurn(dials, dials.newGame({ seed: 1 }), 'a', { seed: 1, strength: 2 });
    expect(dials.result(t.state)?.winner).toBe('a');
    expect(t.explanation!.candidates![0]!.label).toBe(
      "balanced bot's turn, u2 as the aggressive bot plays it",
    );
    // Every style's own turn loses, and was weighed.
    const own = t.explanation!.candidates!.filter((c) => /^\w+ bot's turn$/.test(c.label));
    expect(own.map((c) => c.score)).toEqual([0, 0, 0]);
  });

  it('weighs the ruleset`s aimed actions, one unit at a time and all at once', () => {
    // Every style leaves both dials at 0 and nothing is drawn; the ruleset aims each dial at 3.
    const { legalActions: _, ...rest } = dials;
    const aimed: GameDef<DialState, DialAction, string> = {
      ...rest,
      bot: (s, side) => dials.bot(s, side, 'cautious'),
      aimedActions: (s, side) =>
        s.done || side !== 'a'
          ? []
          : [
              { type: 'set', unit: 'u1', value: 3 },
              { type: 'set', unit: 'u2', value: 3 },
            ],
    };
    const t = searchTurn(aimed, aimed.newGame({ seed: 1 }), 'a', { seed: 1, strength: 2 });
    expect(aimed.result(t.state)?.winner).toBe('a');
    const labels = t.explanation!.candidates!.map((c) => c.label);
    expect(labels[0]).toBe("balanced bot's turn, every unit it can toward the objectives");
    expect(labels).toContain("balanced bot's turn, u1 toward the objectives");
    expect(labels).toContain("balanced bot's turn, u2 toward the objectives");
    expect(t.explanation!.candidates!.find((c) => c.label === "balanced bot's turn")!.score).toBe(
      0,
    );
  });

  it('judges a turn by the other side`s most dangerous style, not the average one', () => {
    const t = searchTurn(guess, guess.newGame({ seed: 1 }), 'a', { seed: 4, strength: 2 });
    // x wins two replies in three on average, but loses to the aggressive one: y draws.
    expect(t.actions).toEqual([{ type: 'pick', pick: 'y' }]);
    const x = t.explanation!.candidates!.find((c) => c.label === "balanced bot's turn")!;
    expect(x.score).toBe(0);
    expect(t.explanation!.candidates![0]!.score).toBe(0.5);
  });

  it('models the other side by the styles it is known to play, where it is told them', () => {
    const t = searchTurn(guess, guess.newGame({ seed: 1 }), 'a', {
      seed: 4,
      strength: 2,
      otherStyles: ['balanced'],
    });
    // Against the balanced reply x wins; only the aggressive one made y the safer pick.
    expect(t.actions).toEqual([{ type: 'pick', pick: 'x' }]);
    expect(t.explanation!.candidates![0]!.score).toBe(1);
  });

  it('reads the other side`s style from its turns, and gives up where no style plays them', () => {
    for (const style of ['cautious', 'balanced', 'aggressive'] as const) {
      const reader = new StyleReader(race, 'a');
      let s = race.newGame({ seed: 1 });
      expect(reader.before(s)).toBeUndefined();
      s = race.bot(s, 'a').state;
      reader.after(s);
      s = race.bot(s, 'b', style).state;
      expect(reader.before(s)).toEqual([style]);
    }
    // The other side adds 1, then 3: no one style plays both turns.
    const reader = new StyleReader(race, 'a');
    let s = race.newGame({ seed: 1 });
    const add = (st: RaceState, by: number) =>
      [{ type: 'add', by } as const, { type: 'pass' } as const].reduce((x, a) => {
        const r = race.reduce(x, a);
        if (!r.ok) throw new Error(r.reason);
        return r.state;
      }, st);
    reader.before(s);
    s = add(s, 1);
    reader.after(s);
    s = add(s, 1);
    expect(reader.before(s)).toEqual(['cautious']);
    s = add(s, 1);
    reader.after(s);
    s = add(s, 3);
    expect(reader.before(s)).toBeUndefined();
    s = add(s, 1);
    reader.after(s);
    expect(reader.before(add(s, 1))).toBeUndefined();
  });

  it('reads the other side`s style without peeking at what it holds in secret', () => {
    // B holds a hidden bonus that a cannot see (its belief: none). B's balanced bot adds 1 with
    // the bonus and 2 without; its cautious bot always 1. B plays cautiously (adds 1) in both.
    type Secret = RaceState & { readonly bonus: number };
    const secret: GameDef<Secret, RaceAction, string> = {
      ...(race as unknown as GameDef<Secret, RaceAction, string>),
      bot: (s, side, style = 'balanced') => {
        const t = race.bot(s, side, style === 'balanced' && s.bonus === 1 ? 'cautious' : style);
        return { ...t, state: { ...t.state, bonus: s.bonus } };
      },
      reduce: (s, a) => {
        const r = race.reduce(s, a);
        return r.ok ? { ...r, state: { ...r.state, bonus: s.bonus } } : r;
      },
      determinize: (s) => ({ ...s, bonus: 0 }),
    };
    const readings = [0, 1].map((bonus) => {
      const reader = new StyleReader(secret, 'a');
      let s: Secret = { ...race.newGame({ seed: 1 }), bonus };
      reader.before(s);
      s = secret.bot(s, 'a').state;
      reader.after(s);
      s = secret.bot(s, 'b', 'cautious').state;
      return reader.before(s);
    });
    // A reader that replayed b's turn with the true bonus would also keep balanced when it is 1.
    expect(readings).toEqual([['cautious'], ['cautious']]);
  });

  it('gives the same turn and explanation for the same state, side, seed and strength', () => {
    const s = afterA();
    const one = searchTurn(race, s, 'b', { seed: 7, strength: 2 });
    const two = searchTurn(race, s, 'b', { seed: 7, strength: 2 });
    expect(two.actions).toEqual(one.actions);
    expect(two.explanation).toEqual(one.explanation);
    expect(one.actions.length).toBeGreaterThan(0);
  });

  it('explains its turn: the candidates in words with scores and games, the chosen one first', () => {
    const t = searchTurn(race, afterA(), 'b', { seed: 3, strength: 2 });
    const cands = t.explanation!.candidates!;
    expect(cands.length).toBeGreaterThan(2);
    expect(cands.filter((c) => c.chosen)).toEqual([cands[0]]);
    expect(cands.map((c) => c.label)).toContain("balanced bot's turn");
    for (const c of cands) {
      expect(c.score).toBeGreaterThanOrEqual(0);
      expect(c.score).toBeLessThanOrEqual(1);
    }
    expect(cands[0]!.games).toBeGreaterThan(0);
    expect(t.explanation!.notes.join(' ')).toMatch(/weighed \d+ side turns/);
    // Identical action lists are weighed once.
    const keys = new Set(cands.map((c) => c.label));
    expect(keys.size).toBe(cands.length);
  });

  it('overtakes a bot that always wins from the first seat, where the bot itself never does', () => {
    let searchWins = 0;
    let botWins = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const vsSearch = simulate(race, {
        seed,
        players: { b: botPlayer(race, 'search', seed, { strength: 1 }) },
      });
      if (vsSearch.result?.winner === 'b') searchWins++;
      if (simulate(race, { seed }).result?.winner === 'b') botWins++;
    }
    expect(botWins).toBe(0);
    expect(searchWins).toBeGreaterThanOrEqual(3);
  });

  it('reseeds the dice and draws the hidden parts, as the searching side, before every rollout', () => {
    const viewers: string[] = [];
    const seeds = new Set<string>();
    let reseeded = 0;
    const watched: GameDef<RaceState, RaceAction, string> = {
      ...race,
      dice: {
        get: race.dice.get,
        set: (s, rng) => {
          reseeded++;
          seeds.add(JSON.stringify(rng.state));
          return race.dice.set(s, rng);
        },
      },
      determinize: (s, viewer) => {
        viewers.push(viewer);
        return s;
      },
    };
    let done = 0;
    const t = searchTurn(watched, afterA(), 'b', {
      seed: 5,
      strength: 2,
      onProgress: (n) => (done = n),
    });
    expect(done).toBeGreaterThan(0);
    expect(reseeded).toBe(done);
    // Once for the state the candidates are planned on, then once a rollout.
    expect(viewers).toEqual(Array(done + 1).fill('b'));
    // Each rollout its own dice (shared by the candidates, so fewer seeds than rollouts).
    expect(seeds.size).toBeGreaterThan(1);
    expect(t.explanation!.candidates!.reduce((n, c) => n + c.games, 0)).toBe(done);
  });

  it('stops when asked, or at its deadline, and plays the best so far', () => {
    const s = afterA();
    const progress: [number, number][] = [];
    let asked = 0;
    const t = searchTurn(race, s, 'b', {
      seed: 2,
      strength: 3,
      shouldStop: () => ++asked > 4,
      onProgress: (d, total) => progress.push([d, total]),
    });
    expect(progress.map(([d]) => d)).toEqual([1, 2, 3, 4]);
    const total = progress[0]![1];
    expect(total).toBeGreaterThan(4);
    expect(t.explanation!.notes.join(' ')).toContain(`stopped after 4 of ${total} games`);
    expect(t.actions.length).toBeGreaterThan(0);
    let clock = 0;
    const timed = searchTurn(race, s, 'b', {
      seed: 2,
      strength: 3,
      now: () => clock++,
      deadline: 3,
    });
    expect(timed.explanation!.notes.join(' ')).toContain(`stopped after 3 of ${total} games`);
  });

  it('does nothing for a side not asked to act; presets grow with strength', () => {
    expect(searchTurn(race, afterA(), 'a', { seed: 1 }).actions).toEqual([]);
    expect(searchStrength(0)).toBe(SEARCH_STRENGTHS[0]);
    expect(searchStrength(99)).toBe(SEARCH_STRENGTHS.at(-1));
    for (let i = 1; i < SEARCH_STRENGTHS.length; i++)
      expect(SEARCH_STRENGTHS[i]!.rollouts).toBeGreaterThan(SEARCH_STRENGTHS[i - 1]!.rollouts);
    expect(BOT_NAMES).toContain('search');
  });

  it('plays whole games as a player of simulate, the same for the same seed', () => {
    const play = () =>
      simulate(race, { seed: 9, players: { a: botPlayer(race, 'search', 9, { strength: 1 }) } });
    expect(play().actions).toEqual(play().actions);
    expect(play().stoppedBy).toBe('over');
  });

  it('weighs standing in a phase as a plan for the game, and looks as far ahead as the ruleset asks', () => {
    const played = (hooks: boolean) => {
      const game = hooks ? sniper : { ...sniper, standPhases: undefined, searchLook: undefined };
      return simulate(game, {
        seed: 3,
        players: { b: botPlayer(game, 'search', 3, { strength: 1 }) },
      });
    };
    // Only standing every turn wins for B (shots of 1, 2 and 3 before A's fourth of 1): standing
    // once is worth no more than stepping, so no single turn's choice is worth more than another.
    const withPlan = played(true);
    expect(withPlan.result?.winner).toBe('b');
    const without = played(false);
    expect(without.result?.winner).toBe('a');
    // B's first turn, after A stepped and shot: its notes name the look ahead and the plan.
    const afterA = simulate(sniper, { seed: 1, maxSideTurns: 1 }).state;
    expect(afterA.active).toBe('b');
    const first = searchTurn(sniper, afterA, 'b', { seed: 1, strength: 1 });
    expect(first.explanation?.notes[0]).toContain('4 turns ahead');
    expect(first.explanation?.notes[1]).toContain('standing in every move phase from now on');
  });
});

/**
 * A shoot-out where standing pays only over several turns: each turn a side may step (or stand)
 * in its move phase, then shoots: 1 Damage, and where it has stood for n turns in a row, n. A has
 * 6 points and shoots first, B 4. The bots always step. GameDef.standPhases names the move phase; searchLook asks for a look
 * ahead of 4 turns (the preset's quick one is 1).
 */
type SniperState = {
  readonly hp: Readonly<Record<string, number>>;
  readonly active: string;
  readonly phase: 'move' | 'fire';
  readonly stood: boolean;
  /** Turns in a row each side has stood, this one included. */
  readonly streak: Readonly<Record<string, number>>;
  readonly turn: number;
  readonly winner?: string;
  readonly rng: RngState;
};
type SniperAction = { readonly type: 'step' | 'shoot' | 'pass' };
const next = (s: SniperState): SniperState => ({
  ...s,
  active: other(s.active),
  phase: 'move',
  stood: false,
  turn: s.active === 'b' ? s.turn + 1 : s.turn,
});
const sniper: GameDef<SniperState, SniperAction, string> = {
  ...defineGame<SniperState, SniperAction, string>({
    rulesetId: 'sniper',
    sides: ['a', 'b'].map((id) => ({ id, name: id.toUpperCase(), deployment: 'none' })),
    actions: new Map<string, ActionSpec>(
      ['step', 'shoot', 'pass'].map((t) => [t, { description: t, fields: {} }]),
    ),
    rules: (s, a) => {
      if (s.winner) return invalid('over');
      if (a.type === 'step')
        return s.phase === 'move'
          ? accepted(
              { ...s, phase: 'fire', stood: false, streak: { ...s.streak, [s.active]: 0 } },
              ['step'],
            )
          : invalid('not now');
      if (a.type === 'pass')
        return s.phase === 'move'
          ? accepted(
              {
                ...s,
                phase: 'fire',
                stood: true,
                streak: { ...s.streak, [s.active]: s.streak[s.active]! + 1 },
              },
              ['stand'],
            )
          : accepted(next(s), ['hold fire']);
      if (s.phase !== 'fire') return invalid('not now');
      const target = other(s.active);
      const hp = s.hp[target]! - (s.stood ? s.streak[s.active]! : 1);
      const hit = { ...s, hp: { ...s.hp, [target]: hp } };
      return accepted(hp <= 0 ? { ...hit, winner: s.active } : next(hit), ['shot']);
    },
    newGame: (o) => ({
      hp: { a: 6, b: 4 },
      active: 'a',
      phase: 'move',
      stood: false,
      streak: { a: 0, b: 0 },
      turn: 1,
      rng: seedRng(o.seed),
    }),
    status: (s) => ({
      turn: s.turn,
      phase: s.phase,
      waitingFor: s.winner ? [] : [s.active],
      over: s.winner !== undefined,
    }),
    result: (s) => (s.winner ? { winner: s.winner, text: `${s.winner} wins` } : undefined),
    eventVisible: () => true,
    actionSide: (s) => s.active,
    endPhaseAction: () => ({ type: 'pass' }),
    bot: (s, side) => {
      if (s.winner || s.active !== side) return { actions: [], state: s, events: [] };
      const actions: SniperAction[] =
        s.phase === 'move' ? [{ type: 'step' }, { type: 'shoot' }] : [{ type: 'shoot' }];
      let st = s;
      for (const a of actions) {
        const r = sniper.reduce(st, a);
        if (r.ok) st = r.state;
      }
      return { actions, state: st, events: [] };
    },
    legalActions: (s, side) =>
      s.winner || s.active !== side
        ? []
        : s.phase === 'move'
          ? [{ type: 'step' }, { type: 'pass' }]
          : [{ type: 'shoot' }, { type: 'pass' }],
  }),
  standPhases: ['move'],
  searchLook: () => ({ horizon: 4 }),
};
