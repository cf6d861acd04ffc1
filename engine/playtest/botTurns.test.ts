import { describe, expect, test } from 'vitest';
import firstGame from '../../scenarios/tanks-your-first-game.scenario.json';
import type { ScenarioDoc } from '../format';
import { validateFile } from '../format/schemaRegistry';
import { settingsProblem } from '../lab/worker';
import { gameDoc, parseGame, serializeGame } from './gameFile';
import { playtestFor } from './rulesets';
import {
  applyBotTurn,
  botFor,
  botSeed,
  botTurn,
  currentState,
  fastBotPlay,
  searchBotPlay,
  startGame,
  undoLast,
  undoLastHuman,
  type PlaytestGame,
} from './session';
import { BUNDLED_RULESETS } from '../rulesets/registry';

const scenario = firstGame as unknown as ScenarioDoc;

function start(bots: PlaytestGame['botStyles'], seed = 7): PlaytestGame {
  const made = playtestFor(scenario, BUNDLED_RULESETS);
  if (!made.ok) throw new Error(made.reason);
  const sides = made.view.game.sides.map((s) => s.id);
  return startGame(made.view, seed, Object.fromEntries(sides.map((s) => [s, 'bot' as const])), {
    ...(bots ? { botStyles: bots } : {}),
  });
}

const firstSide = (g: PlaytestGame) => g.view.game.status(currentState(g)).waitingFor[0]!;

describe('the bot chosen for each side in the playtest', () => {
  test('is the one chosen, balanced when none is, never an object built-in', () => {
    const g = start({ sov: 'search', toString: 'random' } as Record<string, 'search' | 'random'>);
    expect(botFor(g, 'sov')).toBe('search');
    expect(botFor(g, 'usa')).toBe('balanced');
    expect(botFor(start(undefined), 'constructor')).toBe('balanced');
  });

  test("a bot's reasons stay beside its gesture, go with it on undo and are never saved", () => {
    // The TANKS bot says why it moves and fires as it does.
    let g = start({ sov: 'cautious', usa: 'cautious' });
    let withNotes = 0;
    for (let i = 0; i < 12 && !g.view.game.status(currentState(g)).over; i++) {
      const r = botTurn(g, firstSide(g));
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      g = r.game;
      withNotes = g.botNotes?.length ?? 0;
    }
    expect(withNotes).toBeGreaterThan(0);
    const last = g.botNotes![g.botNotes!.length - 1]!;
    expect(last.bot).toBe('cautious');
    expect(last.explanation.notes.length).toBeGreaterThan(0);
    // Every note sits at the first action of a gesture of its side.
    for (const n of g.botNotes!) expect(g.marks).toContain(n.at);
    // Undo back past the last explained gesture drops its note, and only it.
    let u = g;
    while (u.entries.length > last.at) u = undoLast(u);
    expect(u.botNotes).toEqual(g.botNotes!.slice(0, -1));
    // With only bots playing, undo takes back one gesture at a time too.
    expect(undoLastHuman(g).entries.length).toBeLessThan(g.entries.length);
    // A saved game carries the actions only.
    expect(JSON.stringify(gameDoc(g, scenario))).not.toContain('botNotes');
    expect(JSON.stringify(gameDoc(g, scenario))).not.toContain(last.explanation.notes[0]!);
  });

  test('the random baseline plays the same again from the same game, and differs by seed', () => {
    const g = start({ sov: 'random', usa: 'random' });
    const side = firstSide(g);
    const a = fastBotPlay(g, side).actions;
    expect(a.length).toBeGreaterThan(0);
    expect(fastBotPlay(g, side).actions).toEqual(a);
    expect(botSeed(g)).not.toBe(botSeed(start(undefined, 8)));
    expect(botSeed(g, 0)).not.toBe(botSeed(g, 1));
    const r = applyBotTurn(g, side, { actions: a });
    expect(r.ok && r.game.entries.length).toBe(a.length);
  });

  test('a bot with nothing to say that plays nothing ends its phase, so the game goes on', () => {
    const g = start(undefined);
    const side = firstSide(g);
    const r = applyBotTurn(g, side, { actions: [] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.game.entries).toHaveLength(1);
    expect(r.game.botNotes ?? []).toHaveLength(0);
  });

  test('the search bot weighs candidates, stops with the best so far, and repeats itself', () => {
    const g = start({ sov: 'search' });
    const side = firstSide(g);
    const full = searchBotPlay(g, side, { strength: 1 });
    expect(full.explanation?.candidates?.length).toBeGreaterThan(1);
    expect(full.explanation?.candidates?.filter((c) => c.chosen)).toHaveLength(1);
    expect(searchBotPlay(g, side, { strength: 1 }).actions).toEqual(full.actions);
    let asked = 0;
    const stopped = searchBotPlay(g, side, { strength: 1, shouldStop: () => ++asked > 3 });
    expect(stopped.explanation?.notes.join(' ')).toMatch(/stopped after 3 of \d+ games/);
    const r = applyBotTurn(g, side, stopped, 'search');
    expect(r.ok && r.game.botNotes?.[0]?.bot).toBe('search');
    // botTurn itself never blocks on the search: it plays the balanced bot for it.
    const quick = botTurn(g, side);
    expect(quick.ok && quick.game.entries.map((e) => e.action)).toEqual(
      fastBotPlay(g, side, 'balanced').actions,
    );
  });
});

describe('bot names in files and settings', () => {
  test('a scenario may name any bot per side; an unknown one is refused', () => {
    const withBots = (bots: Record<string, string>) =>
      validateFile('scenario.schema.json', { ...scenario, playtest: { bots } });
    expect(withBots({ sov: 'search', usa: 'random' })).toEqual([]);
    expect(withBots({ sov: 'cautious' })).toEqual([]);
    expect(withBots({ sov: 'reckless' }).length).toBeGreaterThan(0);
  });

  test('lab settings from a queue take every bot name and refuse others', () => {
    const base = { games: 2, firstSeed: 1 };
    expect(settingsProblem({ ...base, styles: { a: 'search', b: 'random' } })).toBeUndefined();
    expect(settingsProblem({ ...base, styles: { a: 'balanced' } })).toBeUndefined();
    expect(settingsProblem({ ...base, styles: { a: 'reckless' } })).toMatch(
      /the style "reckless"; use random, cautious, balanced, aggressive, search/,
    );
  });
});

describe('a saved game remembers its bots', () => {
  test('the bots chosen are saved and read back; a bad name is refused where it is', () => {
    const g = start({ sov: 'search', usa: 'random' });
    const text = serializeGame(g, scenario);
    const back = parseGame(text);
    expect(back.ok && back.doc.bots).toEqual({ sov: 'search', usa: 'random' });
    // A game saved before the choice has no bots and still loads.
    const old = JSON.parse(text) as Record<string, unknown>;
    delete old['bots'];
    expect(parseGame(JSON.stringify(old)).ok).toBe(true);
    const bad = parseGame(JSON.stringify({ ...old, bots: { sov: 'reckless' } }));
    expect(bad.ok ? [] : bad.problems).toEqual([
      '/bots/sov must be cautious, balanced, aggressive, random or search, not the text "reckless"',
    ]);
  });
});
