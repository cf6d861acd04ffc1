import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ScenarioDoc } from '../../format';
import { baselineGame, botWinsOverBaseline } from '../../game/bots/matches';
import { actionRng } from '../../game/legal';
import { auditLegalPlay } from '../../game/legalAudit';
import { TANKS_BUNDLED } from './catalogs';
import { makeTanksGame } from './game';

const dir = new URL('../../../scenarios/', import.meta.url);
const scenarios = readdirSync(dir)
  .filter((f) => f.startsWith('tanks-') && f.endsWith('.scenario.json'))
  .sort();

const made = (file: string) => {
  const doc = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as ScenarioDoc;
  const m = makeTanksGame(doc, TANKS_BUNDLED);
  if (typeof m === 'string') throw new Error(`${file}: ${m}`);
  return m;
};

describe('TANKS sampled actions', () => {
  it('finds the bundled scenarios', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(3);
  });

  it.each(scenarios)('%s: every draw, in every state random play reaches, is accepted', (file) => {
    const { game } = made(file);
    let checked = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const audit = auditLegalPlay(game, { seed, maxActions: 250, turnLimit: 4 });
      expect(audit.problems).toEqual([]);
      checked += audit.checked;
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('draws different kinds of action: moves of many headings, shots, Defensive Measures', () => {
    const { game } = made('tanks-your-first-game.scenario.json');
    const rng = actionRng(5);
    const kinds = new Set<string>();
    const headings = new Set<number>();
    let seed = 1;
    let s = game.newGame({ seed });
    for (let i = 0; i < 300; i++) {
      const side = game.status(s).waitingFor[0];
      if (!side) {
        s = game.newGame({ seed: ++seed });
        continue;
      }
      const a = game.sampleAction!(s, side, rng)!;
      kinds.add(a.type);
      if (a.type === 'move') headings.add(a.heading);
      const next = game.reduce(s, a);
      expect(next.ok).toBe(true);
      if (next.ok) s = next.state;
    }
    expect(kinds.size).toBeGreaterThanOrEqual(3);
    expect(headings.size).toBeGreaterThan(3);
  });

  it.each(scenarios)(
    '%s: the baseline bot plays both sides to the end through simulate',
    (file) => {
      const { game } = made(file);
      const r = baselineGame(game, 3, { turnLimit: 5, maxSideTurns: 2000 });
      expect(r.stoppedBy).toBe('over');
      expect(r.result).toBeDefined();
    },
  );

  it('the balanced bot beats the baseline', () => {
    const { game } = made('tanks-your-first-game.scenario.json');
    const games = 4;
    // The scenario's own 10 turns: since the bot drives to a spot the enemy cannot shoot from
    // (1376220) its duels run about 5.6 turns, and 6 cut some short as draws.
    expect(botWinsOverBaseline(game, games, { turnLimit: 10 })).toBeGreaterThanOrEqual(games - 1);
  });
});
