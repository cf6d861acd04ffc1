import { describe, expect, it } from 'vitest';
import { accepted, invalid, type Reducer } from './reducer';
import { SideTurnBuilder } from './sideTurn';

/** Adds to a count that stops at 5; each addition is an event. */
const rules: Reducer<number, number, string> = (n, by) =>
  n + by > 5 ? invalid(`${n} + ${by} is over 5`) : accepted(n + by, [`+${by}`]);

describe('SideTurnBuilder', () => {
  it('keeps the actions the rules accept, their events and the state after them', () => {
    const turn = new SideTurnBuilder(rules, 0);
    expect(turn.apply(2)).toBe(true);
    expect(turn.apply(9)).toBe(false);
    expect(turn.apply(3)).toBe(true);
    expect(turn.done()).toEqual({ actions: [2, 3], state: 5, events: ['+2', '+3'] });
  });

  it('applies the first of several actions the rules accept', () => {
    const turn = new SideTurnBuilder(rules, 3);
    expect(turn.applyFirst(undefined, 4, 1, 2)).toBe(true);
    expect(turn.actions).toEqual([1]);
    expect(turn.applyFirst(7, 8)).toBe(false);
    expect(turn.state).toBe(4);
  });

  it('records an action the bot put through the rules itself', () => {
    const turn = new SideTurnBuilder(rules, 1);
    turn.record(3, 4, ['+3']);
    expect(turn.done()).toEqual({ actions: [3], state: 4, events: ['+3'] });
  });

  it('says stop once the guard`s steps are used up', () => {
    const turn = new SideTurnBuilder(rules, 0, 3);
    let steps = 0;
    while (turn.step()) steps++;
    expect(steps).toBe(3);
    expect(turn.step()).toBe(false);
  });

  it('explains the turn by its notes, each once, only when the bot made any', () => {
    const turn = new SideTurnBuilder(rules, 0);
    turn.apply(1);
    expect(turn.done().explanation).toBeUndefined();
    turn.note('holding fire: nothing in sight');
    turn.note('holding fire: nothing in sight');
    turn.note('advance on the church');
    expect(turn.done().explanation).toEqual({
      notes: ['holding fire: nothing in sight', 'advance on the church'],
    });
  });
});
