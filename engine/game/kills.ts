import type { KillCounter, PieceKill } from './gameDef';

/**
 * A kill counter for rulesets whose events say who attacked whom in one event and that a piece
 * is gone in a later one, maybe side turns later: the last piece to attack a piece before it is
 * gone is its killer. A piece gone with no attack on it before (a crash, a failed retreat)
 * counts for nobody.
 */
export function lastAttackKills<E>(
  attack: (e: E) => PieceKill | undefined,
  gone: (e: E) => string | undefined,
): KillCounter<E> {
  const lastAttacker = new Map<string, string>();
  return {
    killsIn(events) {
      const out: PieceKill[] = [];
      for (const e of events) {
        const a = attack(e);
        if (a) lastAttacker.set(a.victim, a.killer);
        const victim = gone(e);
        const killer = victim === undefined ? undefined : lastAttacker.get(victim);
        if (victim !== undefined && killer !== undefined) {
          out.push({ killer, victim });
          lastAttacker.delete(victim);
        }
      }
      return out;
    },
  };
}
