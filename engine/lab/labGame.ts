import type { AnyGameDef, BoardPiece } from '../game/gameDef';
import { simulate, type Player } from '../game/simulate';
import type { Death, GameRecord, LabSettings } from './types';

/**
 * Plays one lab game through the headless driver, bots on every side, and keeps what the
 * statistics need: result, length, final hash, where pieces fell and where the winner stood.
 * A pure function of the game, the seed and the settings.
 */
export function playLabGame(game: AnyGameDef, seed: number, settings: LabSettings): GameRecord {
  const players: Record<string, Player> = {};
  for (const side of game.sides) {
    players[side.id] = { kind: 'bot', style: settings.styles[side.id] ?? 'balanced' };
  }
  // Last known place of each piece: a piece that is gone at the next look fell there.
  const lastSeen = new Map<string, BoardPiece>();
  const deaths: Death[] = [];
  const pieces = game.pieces?.bind(game);
  const r = simulate(game, {
    seed,
    players,
    record: false,
    ...(settings.turnLimit !== undefined ? { turnLimit: settings.turnLimit } : {}),
    ...(pieces
      ? {
          observe: (state: unknown, sideTurn: number) => {
            for (const p of pieces(state)) {
              const before = lastSeen.get(p.id);
              if (p.alive && p.at) lastSeen.set(p.id, p);
              else if (!p.alive && before) {
                deaths.push({ side: p.side, type: p.type, at: before.at!, sideTurn });
                lastSeen.delete(p.id);
              }
            }
          },
        }
      : {}),
  });
  const result = r.stoppedBy === 'over' ? r.result : undefined;
  const winner = result ? result.winner : null;
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
    turns: game.status(r.state).turn,
    sideTurns: r.sideTurns,
    stoppedBy: r.stoppedBy,
    ...(r.reason !== undefined ? { reason: r.reason } : {}),
    hash: r.hash,
    deaths,
    held,
  };
}
