import { describe, expect, test } from 'vitest';
import contourHills from '../../scenarios/tank-contour-hills.scenario.json';
import type { ScenarioDoc } from '../format';
import type { BotStyle } from '../game/gameDef';
import { BUNDLED_RULESETS } from '../rulesets/registry';
import { playtestFor } from './rulesets';
import {
  botTurn,
  currentState,
  searchBotPlay,
  startGame,
  undoLast,
  type PlaytestBot,
  type PlaytestGame,
} from './session';
import { LogStyleReader } from './styleReading';

function start(doc: unknown, bots: Record<string, PlaytestBot>, seed: number): PlaytestGame {
  const made = playtestFor(doc as ScenarioDoc, BUNDLED_RULESETS);
  if (!made.ok) throw new Error(made.reason);
  const sides = made.view.game.sides.map((s) => s.id);
  return startGame(made.view, seed, Object.fromEntries(sides.map((s) => [s, 'bot' as const])), {
    botStyles: bots,
  });
}

/** Plays bot gestures until `side` is asked `turns` times more, reading at each. */
function playReading(g: PlaytestGame, side: string, turns: number, reader?: LogStyleReader) {
  const reads: (readonly BotStyle[] | undefined)[] = [];
  for (let asked = 0, k = 0; asked < turns && k < 400; k++) {
    const status = g.view.game.status(currentState(g));
    if (status.over) break;
    const next = status.waitingFor[0]!;
    if (next === side) {
      asked++;
      if (reader) reads.push(reader.read(g));
    }
    const r = botTurn(g, next);
    if (!r.ok) throw new Error(r.reason);
    g = r.game;
  }
  return { game: g, reads };
}

describe('reading the other side’s style from a playtest log', () => {
  // TANK!'s styles plot differently from the first turn on, and its plots are hidden: the reading
  // is made on the state as the side believes it.
  test.each(['cautious', 'balanced', 'aggressive'] as const)(
    'a side the %s bot plays is read as that style from its first turn on',
    (style) => {
      const g = start(contourHills, { alpha: 'random', bravo: style }, 3);
      const reader = new LogStyleReader(g.view.game, 'alpha');
      const { reads } = playReading(g, 'alpha', 5, reader);
      expect(reads.length).toBe(5);
      // Nothing to read before the other side has played a turn; then that style alone.
      expect(reads[0]).toBeUndefined();
      for (const r of reads.slice(1)) expect(r).toEqual([style]);
    },
  );

  test('a side played at random fits no style: the reader says nothing', () => {
    const g = start(contourHills, { alpha: 'cautious', bravo: 'random' }, 5);
    const reader = new LogStyleReader(g.view.game, 'alpha');
    const { reads } = playReading(g, 'alpha', 5, reader);
    expect(reads.length).toBeGreaterThanOrEqual(3);
    expect(reads.every((r) => r === undefined)).toBe(true);
  });

  test('read as the log grows, or read anew after an undo: the same', () => {
    const g = start(contourHills, { alpha: 'random', bravo: 'aggressive' }, 11);
    const stepwise = new LogStyleReader(g.view.game, 'alpha');
    const { game, reads } = playReading(g, 'alpha', 4, stepwise);
    expect(reads[reads.length - 1]).toEqual(['aggressive']);
    // Back to where alpha was last asked: undone, the log no longer extends what was fed.
    let back = undoLast(game);
    while (back.view.game.status(currentState(back)).waitingFor[0] !== 'alpha')
      back = undoLast(back);
    expect(stepwise.read(back)).toEqual(['aggressive']);
    expect(new LogStyleReader(g.view.game, 'alpha').read(back)).toEqual(['aggressive']);
    // Asked twice at the same place (a search stopped and asked again): the same answer.
    expect(stepwise.read(back)).toEqual(['aggressive']);
  });

  test("the search bot's explanation names the style it read, and plays on it", () => {
    const g = start(contourHills, { alpha: 'search', bravo: 'cautious' }, 3);
    const { game, reads } = playReading(g, 'alpha', 2, new LogStyleReader(g.view.game, 'alpha'));
    expect(reads[1]).toEqual(['cautious']);
    let at = game;
    while (at.view.game.status(currentState(at)).waitingFor[0] !== 'alpha') at = undoLast(at);
    const read = searchBotPlay(at, 'alpha', { strength: 1, otherStyles: ['cautious'] });
    expect(read.explanation?.notes.join(' ')).toMatch(/as the cautious bot would/);
    const unread = searchBotPlay(at, 'alpha', { strength: 1 });
    expect(unread.explanation?.notes.join(' ')).not.toMatch(/bot would/);
  });
});
