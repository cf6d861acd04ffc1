import { describe, expect, it } from 'vitest';
import { bundledScenario } from '../../scripts/testing/bundled';
import type { Formation, ScenarioDoc } from '../format/types';
import { searchTurn } from '../game/bots/search';
import { BUNDLED_RULESETS } from '../rulesets/registry';
import { playtestFor } from './rulesets';
import type { AnyPlaytestView, BoardKind, CounterView, GameAction } from './view';

/*
 * Issue 38, item 9: what the playtest shows a person names units, formations and map features by
 * their names, never by the ids the file keys them with. A game of each ruleset is played by its
 * bots, and at states along the way everything the screen reads as text (counters, commands,
 * weapons, fire previews and their refusals, move plans, the prompt, the log and a rule's refusal
 * in the players' words) is searched for an id of the scenario.
 */

const SCENARIOS = [
  'tankplank-village.scenario.json',
  'tanks-your-first-game.scenario.json',
  'tank-contour-hills.scenario.json',
  'ww1-wire.scenario.json',
];

/** Keys whose values are ids or data for the program, not text for a person. */
const NOT_TEXT = new Set([
  'id',
  'action',
  'actions',
  'next',
  'all',
  'unit',
  'units',
  'target',
  'side',
  'formation',
  'embarkedIn',
  'passengers',
  'ruleId',
  'ruleIds',
  'kind',
  'tone',
  'shape',
  'owner',
  'phase',
  'waitingFor',
  'pending',
  'queue',
  'for',
]);

/** Every string a person reads in a view result, with where it was found. */
function texts(value: unknown, path: string, out: { path: string; text: string }[]): void {
  if (typeof value === 'string') out.push({ path, text: value });
  else if (Array.isArray(value)) value.forEach((v, i) => texts(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) if (!NOT_TEXT.has(k)) texts(v, `${path}.${k}`, out);
}

/** The ids a scenario keys things with that a person should never read. */
function idsOf(doc: ScenarioDoc): string[] {
  const ids = new Set<string>();
  const walk = (fs: readonly Formation[]) => {
    for (const f of fs) {
      ids.add(f.id);
      for (const u of f.units) ids.add(u.id);
      walk(f.formations ?? []);
    }
  };
  for (const s of doc.forces.sides) walk(s.formations);
  if (doc.map.kind === 'table') for (const f of doc.map.features) ids.add(f.id);
  for (const o of doc.objectives) ids.add(o.id);
  for (const z of doc.deployment.zones ?? []) ids.add(z.id);
  // An id that is an ordinary word ("british") may be a name too.
  return [...ids].filter((id) => /[.\-_\d]/.test(id) && id.length > 3);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the playtest names things, never shows their ids', () => {
  for (const name of SCENARIOS) {
    it(name, () => {
      const doc = bundledScenario(name);
      const made = playtestFor(doc, BUNDLED_RULESETS);
      if (!made.ok) throw new Error(made.reason);
      const view = made.view as AnyPlaytestView;
      const rules = view.game;
      const ids = idsOf(doc);
      expect(ids.length).toBeGreaterThan(0);
      const idPattern = new RegExp(
        `(?<![\\w.\\-])(${ids.map(escape).join('|')})(?![\\w\\-]|\\.\\w)`,
      );
      const found: string[] = [];
      const check = (where: string, value: unknown) => {
        const out: { path: string; text: string }[] = [];
        texts(value, where, out);
        for (const t of out) {
          const m = idPattern.exec(t.text);
          if (m && found.length < 20) found.push(`${t.path}: "${t.text}" shows ${m[1]}`);
        }
      };
      let state = rules.newGame({ seed: 3 });
      let looked = 0;
      let refusals = 0;
      for (let sideTurn = 0; sideTurn < 60 && !rules.status(state).over; sideTurn++) {
        const side = rules.status(state).waitingFor[0];
        if (side === undefined) break;
        if (sideTurn % 3 === 0) {
          looked++;
          const counters = view.counters(state, side) as readonly CounterView<BoardKind>[];
          check('counters', counters);
          check('phase', view.phase(state));
          check('prompt', view.promptFor?.(state, side));
          check('objectives', view.objectives(state, side));
          const own = counters.filter((c) => c.side === side && c.alive).slice(0, 4);
          const enemies = counters.filter((c) => c.side !== side && c.alive && c.at).slice(0, 3);
          for (const u of own) {
            check(`commands(${u.id})`, view.commands(state, u.id));
            const weapons = view.weapons(state, u.id);
            check(`weapons(${u.id})`, weapons);
            for (const w of weapons.slice(0, 2))
              for (const e of enemies)
                check(
                  `fire(${u.id},${w.id},${e.id})`,
                  view.previewFire(state, u.id, w.id, undefined, { unit: e.id }),
                );
            if (enemies[0]?.at)
              check(`move(${u.id})`, view.planMove(state, u.id, enemies[0].at as never));
          }
        }
        const turn = rules.bot(state, side, 'balanced');
        for (const e of turn.events) check('log', view.describe(e, turn.state, side));
        // Refusals as the screen shows them: the bot's actions played by another side's unit,
        // and by the right unit once the turn has moved on.
        const other = view.counters(state, null).find((c) => c.side !== side && c.alive);
        for (const a of turn.actions.slice(0, 3)) {
          const tries = [
            other ? ({ ...(a as object), unit: other.id } as unknown as GameAction) : undefined,
            a,
          ];
          for (const [k, t] of tries.entries()) {
            if (!t) continue;
            const r = rules.reduce(k === 0 ? state : turn.state, t);
            if (r.ok) continue;
            refusals++;
            check('refusal', view.words?.(state, r.reason) ?? r.reason);
          }
        }
        if (turn.state === state) break;
        state = turn.state;
      }
      expect(looked).toBeGreaterThan(2);
      expect(refusals).toBeGreaterThan(0);
      expect(found).toEqual([]);
    });
  }
});

/** A pattern that finds any of a scenario's ids, whole or by its last part ("t64" of "sov.t64"). */
function idOrTailPattern(doc: ScenarioDoc): RegExp {
  const ids = idsOf(doc);
  const words = new Set(ids);
  // The last part of a dotted id, when it is no ordinary word a name could hold.
  for (const id of ids) {
    const tail = id.split('.').pop()!;
    if (tail !== id && /\d|[-_]/.test(tail)) words.add(tail);
  }
  // Case counts: "M1 Abrams" is a name, "m1" the tail of "usa.m1".
  return new RegExp(`(?<![\\w.\\-])(${[...words].map(escape).join('|')})(?![\\w\\-]|\\.\\w)`);
}

describe("the search bot's explanation names units, never their ids", () => {
  // Issue 39 item 5: the strong bot's side turn, expanded, lists the candidates it weighed; a
  // candidate that changes one unit's action names that unit and its target as the board does.
  for (const name of SCENARIOS) {
    it(name, () => {
      const doc = bundledScenario(name);
      const made = playtestFor(doc, BUNDLED_RULESETS);
      if (!made.ok) throw new Error(made.reason);
      const rules = (made.view as AnyPlaytestView).game;
      const pattern = idOrTailPattern(doc);
      const found: string[] = [];
      let labels = 0;
      let state = rules.newGame({ seed: 3 });
      // The first side turn the search plays (the balanced bot plays before it where it must).
      for (let sideTurn = 0, searched = 0; sideTurn < 12 && searched < 1; sideTurn++) {
        if (rules.status(state).over) break;
        const side = rules.status(state).waitingFor[0];
        if (side === undefined) break;
        const turn =
          sideTurn % 2 === 0
            ? searchTurn(rules, state, side, { seed: sideTurn + 1, strength: 2 })
            : rules.bot(state, side, 'balanced');
        if (turn.explanation) {
          searched++;
          const e = turn.explanation;
          for (const text of [...e.notes, ...(e.candidates ?? []).map((c) => c.label)]) {
            labels++;
            const m = pattern.exec(text);
            if (m && found.length < 10) found.push(`"${text}" shows ${m[1]}`);
          }
        }
        if (turn.state === state) break;
        state = turn.state;
      }
      expect(labels).toBeGreaterThan(2);
      expect(found).toEqual([]);
    });
  }
});

describe('rule keys read as words', () => {
  it("TANK!'s morale markers say why in words, not by their key ('firstLethalFire')", () => {
    const doc = bundledScenario('tank-contour-hills.scenario.json');
    const made = playtestFor(doc, BUNDLED_RULESETS);
    if (!made.ok) throw new Error(made.reason);
    const view = made.view;
    const state = view.game.newGame({ seed: 1 });
    const unit = view.counters(state, null)[0]!.id;
    for (const mark of ['isolated', 'firstLethalFire', 'platoonLoss', 'retreating']) {
      const lines = view.describe({ type: 'marked', unit, mark, ruleId: 'TC-6.1' }, state);
      expect(lines.map((l) => l.text).join(' ')).toMatch(/gets a morale marker \([a-z ]+\)/);
    }
  });
});

describe('no doubled words', () => {
  it("TANK!'s end at the turn limit names its winner once", () => {
    const doc = bundledScenario('tank-contour-hills.scenario.json');
    const made = playtestFor(doc, BUNDLED_RULESETS);
    if (!made.ok) throw new Error(made.reason);
    const view = made.view;
    const state = view.game.newGame({ seed: 1 });
    const ended = (text: string) =>
      view
        .describe({ type: 'gameOver', winner: 'bravo', text }, state)
        .map((l) => l.text)
        .join(' ');
    expect(ended('Bravo (Soviet) wins: the turn limit (12) is reached')).toBe(
      'Bravo (Soviet) wins: the turn limit (12) is reached',
    );
    expect(ended('Alpha (German) has no unit left on the map')).toBe(
      'Bravo (Soviet) wins: Alpha (German) has no unit left on the map',
    );
  });
});

describe('scores name their side', () => {
  it("each ruleset's score line is labelled with the side's name", () => {
    for (const name of SCENARIOS) {
      const doc = bundledScenario(name);
      const made = playtestFor(doc, BUNDLED_RULESETS);
      if (!made.ok) throw new Error(made.reason);
      const view = made.view;
      const lines = view.score(view.game.newGame({ seed: 1 }));
      expect(
        lines.map((l) => l.label),
        name,
      ).toEqual(doc.forces.sides.map((s) => s.name));
    }
  });
});
