import { describe, expect, it } from 'vitest';
import { defineGame } from '../game/defineGame';
import { accepted } from '../game/reducer';
import { seedRng } from '../random/dice';
import { defineView, eraseView, playable } from './viewBase';

type S = { readonly n: number; readonly rng: ReturnType<typeof seedRng> };
const game = defineGame<S, { readonly type: 'tick' }, string>({
  rulesetId: 'tick',
  sides: [{ id: 'a', name: 'A', deployment: 'none' }],
  actions: new Map([['tick', { description: 'ticks', fields: {} }]]),
  rules: (s) => accepted({ ...s, n: s.n + 1 }, ['tick']),
  newGame: (o) => ({ n: 0, rng: seedRng(o.seed) }),
  status: (s) => ({ turn: s.n, phase: 'tick', waitingFor: ['a'], over: false }),
  result: () => undefined,
  eventVisible: () => true,
  actionSide: () => 'a',
  endPhaseAction: () => ({ type: 'tick' }),
  bot: (state) => ({ actions: [], state, events: [] }),
});

/** A view that writes only what every game has its own way. */
const view = defineView<S, string, 'hex'>({
  board: 'hex',
  game,
  label: 'Tick',
  table: { width: 2, height: 1 },
  phase: (s) => ({
    turn: s.n,
    turnLimit: undefined,
    phase: 'tick',
    phaseLabel: 'Tick',
    phaseRuleId: undefined,
    phases: [{ id: 'tick', label: 'Tick' }],
    waitingFor: ['a'],
    todo: {},
    prompt: { kind: 'move' },
    over: false,
  }),
  counters: () => [],
  canAct: () => false,
  describe: (e) => [{ text: e, ruleIds: [], dice: [], tone: 'move', units: [] }],
});

describe('defineView', () => {
  const s = game.newGame({ seed: 1 });

  it('supplies the members a view leaves out', () => {
    expect(view.objectives(s, null)).toEqual([]);
    expect(view.score(s)).toEqual([]);
    expect(view.commands(s, 'u')).toEqual([]);
    expect(view.reachable(s, 'u')).toBeUndefined();
    expect(view.faceAction(s, 'u', 0)).toBeUndefined();
    expect(view.weapons(s, 'u')).toEqual([]);
    expect(view.clock(s)).toBeUndefined();
    const move = view.planMove(s, 'u', { col: 1, row: 0 });
    expect(move.ok).toBe(false);
    const fire = view.previewFire(s, 'u', 'w', undefined, {});
    expect(fire.legal).toBe(false);
    expect(fire.reason).toMatch(/nothing fires/);
  });

  it('keeps what the ruleset writes, over the defaults', () => {
    const own = defineView<S, string, 'hex'>({
      ...view,
      score: (st) => [{ side: 'a', label: 'ticks', value: String(st.n) }],
      clock: () => ({ seconds: 60, ruleId: 'T-1', onTimeUp: 'the phase ends' }),
    });
    expect(own.score(s)).toEqual([{ side: 'a', label: 'ticks', value: '0' }]);
    expect(own.clock(s)?.seconds).toBe(60);
    expect(own.describe('tick', s)[0]?.text).toBe('tick');
  });

  it('hands the game and its view to the registry erased, the same objects', () => {
    const made = playable(game, view);
    expect(made.ok).toBe(true);
    expect(made.game).toBe(game);
    expect(made.view()).toBe(view);
    expect(eraseView(view)).toBe(view);
  });
});
