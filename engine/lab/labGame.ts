import type { AnyGameDef, BoardPiece } from '../game/gameDef';
import { GAME_TIME_BUDGET_MS, simulate, type Player } from '../game/simulate';
import { dict } from '../game/dict';
import { botPlayer, type BotName } from '../game/bots/baseline';
import { leader, standing } from '../game/score';
import type { Death, GameRecord, LabSettings } from './types';

/**
 * The bot the settings give a side, or the balanced one. Read as an own property: a side whose id
 * is also the name of an object's built-in property (`toString`, `constructor`) must not pick that
 * up as its style.
 */
export function styleFor(settings: LabSettings, side: string): BotName {
  return Object.hasOwn(settings.styles, side) ? settings.styles[side]! : 'balanced';
}

/**
 * The players of one lab game, by side id (a dictionary without a prototype): each side's bot from
 * the settings. A bot that draws its own choices (random, search) draws them from the game's seed
 * and the side's place, so the game and its replay for the playtest (`log`) are the same.
 */
export function labPlayers(
  game: AnyGameDef,
  settings: LabSettings,
  seed: number,
): Record<string, Player> {
  const players = dict<Player>();
  for (const [k, side] of game.sides.entries())
    players[side.id] = botPlayer(
      game,
      styleFor(settings, side.id),
      seed * 16 + k,
      settings.searchStrength !== undefined ? { strength: settings.searchStrength } : {},
    );
  return players;
}

/**
 * Plays one lab game through the headless driver, bots on every side, and keeps what the
 * statistics need: result, length, final hash, where pieces fell and where the winner stood.
 * A pure function of the game, the seed and the settings.
 */
export function playLabGame(
  game: AnyGameDef,
  seed: number,
  settings: LabSettings,
  /** A clock (milliseconds) for the game's time budget; without one, the game has none. */
  now?: () => number,
): GameRecord {
  const players = labPlayers(game, settings, seed);
  // Last known place of each piece: a piece that is gone at the next look fell there.
  const lastSeen = new Map<string, BoardPiece>();
  // The pieces list of the last look, to pass over the pieces it shares with the next.
  let looked: readonly BoardPiece[] = [];
  const deaths: Death[] = [];
  const pieces = game.pieces?.bind(game);
  const objectives = game.objectives?.bind(game);
  // control[id][t - 1]: who held objective id at the end of turn t. The end of turn t is the
  // first state the game reports a later turn in, or the last state when it ends in turn t.
  const control: Record<string, (string | null)[]> = {};
  let turnSeen = 1;
  const noteControl = (state: unknown, final: boolean) => {
    if (!objectives) return;
    const turn = game.status(state).turn;
    const upTo = final ? turn : turn - 1;
    if (upTo < turnSeen) return;
    for (const o of objectives(state)) {
      const row = (control[o.id] ??= []);
      for (let t = Math.max(turnSeen, row.length + 1); t <= upTo; t++) row[t - 1] = o.holder;
    }
    turnSeen = upTo + 1;
  };
  // leaders[t - 1]: the side ahead by its standing at the end of turn t (as for control): the
  // score is read once a turn, when the game first reports a later one, so it costs little.
  const leaders: (string | null)[] = [];
  const noteLeader = (state: unknown, final: boolean) => {
    const turn = game.status(state).turn;
    const upTo = final ? turn : turn - 1;
    if (upTo < leaders.length + 1) return;
    const ahead = leader(standing(game, state));
    while (leaders.length < upTo) leaders.push(ahead);
  };
  const killsIn = pieces ? game.kills?.() : undefined;
  const kills: Death[] = [];
  const r = simulate(game, {
    seed,
    players,
    record: false,
    ...(now ? { timeBudget: { ms: GAME_TIME_BUDGET_MS, now } } : {}),
    ...(settings.turnLimit !== undefined ? { turnLimit: settings.turnLimit } : {}),
    observe: (state: unknown, sideTurn: number, events: readonly unknown[]) => {
      noteLeader(state, false);
      noteControl(state, false);
      if (!pieces) return;
      const now = pieces(state);
      // Where each killer stood: where it is now, or where it was last seen when it is gone
      // too (knocked out in the same exchange) or off the board (a rider, a piece that left).
      const found = killsIn && events.length > 0 ? killsIn.killsIn(events) : [];
      if (found.length > 0) {
        const byId = new Map(now.map((p) => [p.id, p]));
        for (const k of found) {
          const p = byId.get(k.killer);
          const seen = p?.alive && p.at ? p : lastSeen.get(k.killer);
          if (seen?.at) kills.push({ side: seen.side, type: seen.type, at: seen.at, sideTurn });
        }
      }
      for (let k = 0; k < now.length; k++) {
        const p = now[k]!;
        // The same piece object in the same place as at the last look (a game may keep the
        // pieces of units that did not change) was noted then: nothing to note again.
        if (p === looked[k]) continue;
        const before = lastSeen.get(p.id);
        if (p.alive && p.at) lastSeen.set(p.id, p);
        else if (!p.alive && before) {
          deaths.push({ side: p.side, type: p.type, at: before.at!, sideTurn });
          lastSeen.delete(p.id);
        }
      }
      looked = now;
    },
  });
  noteLeader(r.state, true);
  noteControl(r.state, true);
  const result = r.stoppedBy === 'over' ? r.result : undefined;
  const winner = result ? result.winner : null;
  const status = game.status(r.state);
  const botPlan = game.botPlan?.bind(game);
  const plans: Record<string, string> = {};
  // The plan is the game's own (drawn from its seed), the same in every state of it.
  for (const side of game.sides) {
    const plan = botPlan?.(r.state, side.id);
    if (plan !== undefined) plans[side.id] = plan;
  }
  const firstPlayer = game.firstPlayer?.(r.state);
  const atTurnLimit =
    winner === 'draw' && status.turnLimit !== undefined && status.turn >= status.turnLimit;
  const lacking: Record<string, string> = {};
  if (atTurnLimit && objectives)
    for (const o of objectives(r.state)) if (o.lacking) lacking[o.id] = o.lacking;
  const held =
    pieces && winner !== null && winner !== 'draw'
      ? pieces(r.state)
          .filter((p) => p.side === winner && p.alive && p.at)
          .map((p) => p.at!)
      : [];
  return {
    seed,
    winner,
    text: result?.text ?? r.reason ?? `stopped after ${r.sideTurns} side turns`,
    turns: status.turn,
    sideTurns: r.sideTurns,
    stoppedBy: r.stoppedBy,
    ...(r.reason !== undefined ? { reason: r.reason } : {}),
    ...(r.stalledSide !== undefined ? { stalledSide: r.stalledSide } : {}),
    ...(atTurnLimit ? { atTurnLimit: true } : {}),
    hash: r.hash,
    deaths,
    ...(killsIn ? { kills } : {}),
    held,
    ...(objectives ? { control } : {}),
    ...(Object.keys(plans).length > 0 ? { plans } : {}),
    ...(Object.keys(lacking).length > 0 ? { lacking } : {}),
    ...(leaders.length > 0 ? { leaders } : {}),
    ...(firstPlayer !== undefined ? { firstPlayer } : {}),
  };
}
