import { describe, expect, it } from 'vitest';
import type { HexMap } from '../../../../engine/format/types';
import { simulate } from '../../../../engine/game/simulate';
import { hexCentre, hexGrid } from '../../../../engine/hex';
import {
  applyActions,
  currentState,
  startGame,
  type CounterView,
} from '../../../../engine/playtest';
import { HEX_IDLE, hexToolMove, hexToolRelease, type HexTool } from './hexTool';
import { counterSpotAt, counterSpots, symbolOf } from './paintHex';
import {
  skirmishGame,
  skirmishScenario,
  skirmishView,
  type SkirmishState,
} from './hexSkirmish.fixture';

const grid = hexGrid(skirmishScenario().map as HexMap);

describe('the hex board tool', () => {
  it('a press on a unit that stays in its hex is a click; leaving the hex starts a move', () => {
    const t: HexTool = { state: 'pointing', on: 'unit', unit: 'r1', start: { col: 1, row: 3 } };
    expect(hexToolMove(t, { col: 1, row: 3 })).toBe(t);
    expect(hexToolRelease(t, { col: 1, row: 3 }, false)).toEqual({ kind: 'pickOne', unit: 'r1' });
    const d = hexToolMove(t, { col: 2, row: 3 });
    expect(d).toEqual({ state: 'dragging', kind: 'move', unit: 'r1', to: { col: 2, row: 3 } });
    expect(hexToolRelease(hexToolMove(d, { col: 3, row: 2 }), { col: 3, row: 2 }, false)).toEqual({
      kind: 'move',
      unit: 'r1',
      to: { col: 3, row: 2 },
    });
    // Released off the map, the move is dropped.
    expect(hexToolRelease(d, null, false)).toEqual({ kind: 'none' });
  });

  it('a click on a hex is a press and release in the same hex', () => {
    const t: HexTool = { state: 'pointing', on: 'hex', start: { col: 4, row: 4 } };
    expect(hexToolRelease(t, { col: 4, row: 4 }, false)).toEqual({
      kind: 'clickHex',
      at: { col: 4, row: 4 },
    });
    expect(hexToolRelease(t, { col: 5, row: 4 }, false)).toEqual({ kind: 'none' });
  });

  it('turning follows the hexside toward the pointer and commits on release', () => {
    const t: HexTool = { state: 'dragging', kind: 'face', unit: 'r1', facing: null };
    expect(hexToolRelease(t, null, false)).toEqual({ kind: 'none' });
    const turned = hexToolMove(t, { col: 2, row: 3 }, 2);
    expect(hexToolRelease(turned, { col: 2, row: 3 }, false)).toEqual({
      kind: 'face',
      unit: 'r1',
      facing: 2,
    });
    expect(hexToolMove(HEX_IDLE, { col: 0, row: 0 })).toBe(HEX_IDLE);
  });
});

describe('counters on hexes', () => {
  it('a destroyed vehicle is drawn as a wreck, live counters by their type', () => {
    expect(symbolOf('wreck')).toBe('wreck');
    expect(symbolOf('vehicle')).toBe('armour');
    expect(symbolOf('figure')).toBe('infantry');
    expect(symbolOf('gun')).toBe('gun');
  });

  const counters = skirmishView.counters(skirmishGame.newGame({ seed: 1 }), null);
  const stacked: CounterView<'hex'>[] = counters.map((c) =>
    c.id === 'r2' ? { ...c, at: { col: 1, row: 3 } } : c,
  );

  it('a lone counter sits on its hex centre; a stack fans out and each counter can be hit', () => {
    const lone = counterSpots(grid, counters, new Set());
    const b1 = lone.find((s) => s.counter.id === 'b1')!;
    expect(b1.centre).toEqual(hexCentre(grid, 7, 3));
    const spots = counterSpots(grid, stacked, new Set());
    const [a, b] = spots.filter((s) => s.counter.at?.col === 1 && s.counter.at.row === 3);
    expect(a!.centre).not.toEqual(b!.centre);
    expect(a!.half).toBeLessThan(b1.half);
    // Fanned counters overlap a little, as on the set-up screen: each is hit on its outer part.
    const [hx, hy] = hexCentre(grid, 1, 3);
    for (const s of [a!, b!]) {
      const out: [number, number] = [
        s.centre[0] + (s.centre[0] - hx) * 0.5,
        s.centre[1] + (s.centre[1] - hy) * 0.5,
      ];
      expect(counterSpotAt(spots, out)?.counter.id).toBe(s.counter.id);
    }
    // Between hexes, nothing.
    const [x, y] = hexCentre(grid, 4, 5);
    expect(counterSpotAt(spots, [x, y])).toBeUndefined();
  });

  it('the selected counter of a stack is drawn last, on top', () => {
    const spots = counterSpots(grid, stacked, new Set(['r1']));
    expect(spots[spots.length - 1]!.counter.id).toBe('r1');
    const other = counterSpots(grid, stacked, new Set(['r2']));
    expect(other[other.length - 1]!.counter.id).toBe('r2');
  });
});

describe('the hex fixture game behind the board tests', () => {
  it('plays to its end through the headless driver', () => {
    const r = simulate(skirmishGame, { seed: 3, maxSideTurns: 200 });
    expect(r.stoppedBy).toBe('over');
    expect(r.result?.text).toMatch(/wins|Draw/);
  });

  it('asks for every hex prompt: cards, plot, activate, wait', () => {
    const kinds = new Set<string>();
    let game = startGame(skirmishView, 5, { red: 'human', blue: 'human' });
    for (let i = 0; i < 200; i++) {
      const s = currentState(game) as SkirmishState;
      const ph = skirmishView.phase(s);
      kinds.add(ph.prompt.kind);
      if (ph.over) break;
      const side = ph.waitingFor[0]!;
      const r = applyActions(game, skirmishGame.bot(s, side).actions);
      if (!r.ok) throw new Error(r.reason);
      game = r.game;
    }
    expect([...kinds].sort()).toEqual(['activate', 'cards', 'plot', 'wait']);
  });

  it('shows the acting unit where it can go, hex by hex, within its allowance', () => {
    let s = skirmishGame.newGame({ seed: 1 });
    for (const a of [
      { type: 'pass', side: 'red' },
      { type: 'pass', side: 'blue' },
      { type: 'plot', unit: 'r1', mission: 'advance' },
      { type: 'pass', side: 'red' },
      { type: 'pass', side: 'blue' },
    ]) {
      const r = skirmishGame.reduce(s, a);
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
    }
    // The gun and the rifles hold (no mission given), so they act first, then the tank.
    expect(skirmishView.phase(s).prompt).toEqual({
      kind: 'activate',
      unit: 'b1',
      queue: ['r2', 'r1'],
    });
    // A holding unit does not move.
    expect(skirmishView.reachable(s, 'b1')).toBeUndefined();
    for (const side of ['blue', 'red']) {
      const r = skirmishGame.reduce(s, { type: 'pass', side });
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
    }
    const tank = skirmishView.reachable(s, 'r1')!;
    expect(tank.grid).toBeUndefined();
    expect(tank.hexes!.length).toBeGreaterThan(10);
    expect(tank.hexes!.every((h) => h.cost > 0 && h.cost <= tank.budget)).toBe(true);
    const plan = skirmishView.planMove(s, 'r1', { col: 3, row: 3 });
    expect(plan.ok && plan.path.length).toBe(3);
  });
});
