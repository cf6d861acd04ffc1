import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ScenarioDoc } from '../../format';
import { baselineGame, botWinsOverBaseline } from '../../game/bots/matches';
import { actionRng } from '../../game/legal';
import { auditLegalPlay } from '../../game/legalAudit';
import { simulate } from '../../game/simulate';

import { tankplankGame } from './game';
import { createContext } from './rules/context';

const dir = new URL('../../../scenarios/', import.meta.url);
const scenarios = readdirSync(dir)
  .filter((f) => f.startsWith('tankplank-') && f.endsWith('.scenario.json'))
  .sort();

const made = (file: string) => {
  const doc = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as ScenarioDoc;
  return { game: tankplankGame(createContext(doc)) };
};

describe('Tankplank sampled actions', () => {
  it('finds the bundled scenarios', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(3);
  });

  it.each(scenarios)('%s: every draw, in every state random play reaches, is accepted', (file) => {
    const { game } = made(file);
    let checked = 0;
    for (const seed of [1, 2]) {
      const audit = auditLegalPlay(game, { seed, maxActions: 200, turnLimit: 3 });
      expect(audit.problems).toEqual([]);
      checked += audit.checked;
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('draws different kinds of action: moves in many directions, turns, shots, ends of phases', () => {
    const { game } = made('tankplank-village.scenario.json');
    const rng = actionRng(5);
    const kinds = new Set<string>();
    const ends = new Set<string>();
    // Where the bots have brought the sides into contact: turn 3, a's Firing phase, then its
    // Movement phase of turn 4.
    for (const sideTurns of [11, 13]) {
      const s = simulate(game, { seed: 2, maxSideTurns: sideTurns }).state;
      const side = game.status(s).waitingFor[0]!;
      for (let i = 0; i < 60; i++) {
        const a = game.sampleAction!(s, side, rng)!;
        expect(game.reduce(s, a).ok).toBe(true);
        kinds.add(a.type);
        if (a.type === 'move') ends.add(a.path.at(-1)!.map(Math.round).join(','));
      }
    }
    expect(kinds).toEqual(new Set(['move', 'face', 'fire', 'endPhase']));
    expect(ends.size).toBeGreaterThan(10);
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
    const { game } = made('tankplank-village.scenario.json');
    const games = 2;
    expect(botWinsOverBaseline(game, games, {})).toBe(games);
  });
});
