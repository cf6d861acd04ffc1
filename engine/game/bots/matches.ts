import type { AnyGameDef } from '../gameDef';
import type { GameAction } from '../action';
import { simulate, type SimulateResult } from '../simulate';
import { baselinePlayer } from './baseline';

/** Limits of a game played to measure the bots: the rules' own turn limit unless given. */
export interface MatchLimits {
  readonly turnLimit?: number;
  readonly maxSideTurns?: number;
}

const limited = (limits: MatchLimits) => ({
  ...(limits.turnLimit !== undefined ? { turnLimit: limits.turnLimit } : {}),
  ...(limits.maxSideTurns !== undefined ? { maxSideTurns: limits.maxSideTurns } : {}),
});

/**
 * A game of the baseline bot against itself: each side its own baseline player, seeded from the
 * game's seed and the side's place, so the same seed plays the same game.
 */
export function baselineGame(
  game: AnyGameDef,
  seed: number,
  limits: MatchLimits = {},
): SimulateResult<unknown, GameAction> {
  return simulate(game, {
    seed,
    ...limited(limits),
    players: Object.fromEntries(
      game.sides.map((s, k) => [s.id, baselinePlayer(game, seed * 10 + k)]),
    ),
  });
}

/**
 * How many of `games` games the ruleset's own bot (balanced style) wins against the baseline
 * bot, the two taking the first and the second side in turn (odd seeds the first), so the
 * layout's own bias cancels out.
 */
export function botWinsOverBaseline(
  game: AnyGameDef,
  games: number,
  limits: MatchLimits = {},
): number {
  const [a, b] = game.sides.map((s) => s.id) as [string, string];
  let wins = 0;
  for (let seed = 1; seed <= games; seed++) {
    const botSide = seed % 2 ? a : b;
    const baselineSide = botSide === a ? b : a;
    const r = simulate(game, {
      seed,
      ...limited(limits),
      players: { [baselineSide]: baselinePlayer(game, seed) },
    });
    if (r.result?.winner === botSide) wins++;
  }
  return wins;
}
