import { describe, expect, it } from 'vitest';
import { seedRng } from '../random/dice';
import type { ActionSchema } from './actionSchema';
import { defineGame, eraseGame, SIDE_COLOURS } from './defineGame';
import { accepted, invalid } from './reducer';
import { hashState } from './stateHash';

type CountState = { readonly n: number; readonly rng: ReturnType<typeof seedRng> };
type CountAction = { readonly type: 'add'; readonly by: number };

const ACTIONS: ActionSchema = new Map([
  ['add', { description: 'adds to the count', fields: { by: { kind: 'number', min: 1, max: 3 } } }],
]);

const counter = (sides: { id: string; colour?: string }[], palette?: string[]) =>
  defineGame<CountState, CountAction, string>({
    rulesetId: 'count',
    sides: sides.map((s) => ({ ...s, name: s.id, deployment: 'none' })),
    ...(palette ? { palette } : {}),
    actions: ACTIONS,
    rules: (state, action) =>
      state.n + action.by > 5
        ? invalid('the count stops at 5')
        : accepted({ ...state, n: state.n + action.by }, [`+${action.by}`]),
    newGame: (o) => ({ n: 0, rng: seedRng(o.seed) }),
    status: (s) => ({ turn: s.n, phase: 'count', waitingFor: ['a'], over: s.n === 5 }),
    result: () => undefined,
    eventVisible: () => true,
    actionSide: () => 'a',
    endPhaseAction: () => ({ type: 'add', by: 1 }),
    bot: (state) => ({ actions: [], state, events: [] }),
  });

describe('defineGame', () => {
  it('refuses an action that does not fit the schema before the rules see it', () => {
    const game = counter([{ id: 'a' }]);
    const s = game.newGame({ seed: 1 });
    const bad = game.reduce(s, { type: 'add', by: 9 } as CountAction);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.reason).toMatch(/by/);
    const unknown = game.reduce(s, { type: 'jump' } as unknown as CountAction);
    expect(unknown.ok).toBe(false);
    const good = game.reduce(s, { type: 'add', by: 2 });
    expect(good.ok && good.state.n).toBe(2);
    const rules = game.reduce({ ...s, n: 4 }, { type: 'add', by: 2 });
    expect(!rules.ok && rules.reason).toBe('the count stops at 5');
  });

  it('colours sides that set none from the palette, by side order', () => {
    const kit = counter([{ id: 'a' }, { id: 'b', colour: '#123456' }, { id: 'c' }]);
    expect(kit.sides.map((s) => s.colour)).toEqual([SIDE_COLOURS[0], '#123456', SIDE_COLOURS[2]]);
    const own = counter([{ id: 'a' }, { id: 'b' }, { id: 'c' }], ['#111111', '#222222']);
    expect(own.sides.map((s) => s.colour)).toEqual(['#111111', '#222222', '#111111']);
  });

  it('supplies the hash and the dice lens on the state`s rng', () => {
    const game = counter([{ id: 'a' }]);
    const s = game.newGame({ seed: 7 });
    expect(game.hash(s)).toBe(hashState(s));
    expect(game.dice.get(s)).toEqual(seedRng(7));
    const moved = game.dice.set(s, seedRng(8));
    expect(moved.rng).toEqual(seedRng(8));
    expect(s.rng).toEqual(seedRng(7));
  });

  it('erases to the game shared code holds, the same object', () => {
    const game = counter([{ id: 'a' }]);
    expect(eraseGame(game)).toBe(game);
  });
});
