import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { bundledScenario } from '../../../../scripts/testing/bundled';
import { simulate } from '../../../game/simulate';
import { TANKS_BUNDLED } from '../catalogs';
import { makeTanksGame } from '../game';
import { sightBetween } from './sight';
import type { ModelState, TanksState } from './state';

/**
 * The bot's brief sight (SightOptions.brief: first blocker only, no words, no cover lines to a
 * target out of sight) must answer as the full check does: whether the target is seen and, when
 * it is, whether it is in cover. Models of every bundled TANKS scenario are put at many seeded
 * places, facings and (helicopters) elevations, and every pair is asked both ways, with a wreck
 * on the table half the time.
 */

const FILES = readdirSync('scenarios')
  .filter((f) => f.startsWith('tanks-') && f.endsWith('.scenario.json'))
  .sort();

/** A small seeded generator (numbers in [0, 1)), so a failure names a layout that repeats. */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('brief sight answers as the full check does', () => {
  for (const file of FILES) {
    test(file, () => {
      const made = makeTanksGame(bundledScenario(file), TANKS_BUNDLED);
      if (typeof made === 'string') throw new Error(made);
      const { ctx } = made;
      // After the set-up's first steps, so terrain the players place (TK-2.2) is down.
      const start = simulate(made.game, { seed: 1, maxSideTurns: 12, record: false }).state;
      const next = generator(file.length * 7919);
      let compared = 0;
      let seen = 0;
      let covered = 0;
      for (let layout = 0; layout < 100; layout++) {
        const models: Record<string, ModelState> = {};
        ctx.order.forEach((id, k) => {
          const m = start.models[id]!;
          const heli = ctx.models.get(id)!.card.kind === 'helicopter';
          models[id] = {
            ...m,
            at: [2 + next() * (ctx.table.width - 4), 2 + next() * (ctx.table.height - 4)],
            facing: Math.floor(next() * 12) * 30,
            elevation: heli ? (next() < 0.3 ? 'high' : 'low') : null,
            // Half the layouts leave the first model's wreck on the table.
            status: k === 0 && layout % 2 === 1 ? 'destroyed' : 'active',
          };
        });
        const state: TanksState = { ...start, models };
        for (const a of ctx.order)
          for (const b of ctx.order) {
            if (a === b || models[a]!.status !== 'active' || models[b]!.status !== 'active')
              continue;
            const full = sightBetween(ctx, state, a, b);
            const brief = sightBetween(ctx, state, a, b, { brief: true });
            const where = `layout ${layout}: ${a} at ${models[a]!.at!.join(',')} to ${b} at ${models[b]!.at!.join(',')}`;
            expect(brief.visible, where).toBe(full.visible);
            if (full.visible) expect(brief.cover, where).toBe(full.cover);
            compared++;
            if (full.visible) seen++;
            if (full.visible && full.cover) covered++;
          }
      }
      // The layouts must try both answers, or the comparison says little.
      expect(compared).toBeGreaterThan(75);
      expect(seen).toBeGreaterThan(0);
      expect(seen).toBeLessThan(compared);
      expect(covered).toBeGreaterThan(0);
    });
  }
});
