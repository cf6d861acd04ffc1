import type { TankplankContext } from './context';
import type { TankplankState } from './state';

/**
 * What must hold in every Tankplank state a legal action can lead to. Returns the broken rules
 * (empty when the state is sound); the property tests run it after every accepted action.
 */
export function stateProblems(ctx: TankplankContext, s: TankplankState): string[] {
  const out: string[] = [];
  if (!['movement', 'firing', 'morale', 'ended'].includes(s.phase))
    out.push(`bad phase ${s.phase}`);
  if (s.turn < 1 || s.turn > s.turnLimit) out.push(`turn ${s.turn} outside 1..${s.turnLimit}`);
  for (const u of s.units.list()) {
    if (u.at) {
      const [x, y] = u.at;
      if (!(x >= -1e-9 && y >= -1e-9 && x <= ctx.map.width + 1e-9 && y <= ctx.map.height + 1e-9))
        out.push(`${u.id} is off the table at ${x},${y}`);
    }
    if (u.embarkedIn) {
      if (u.at) out.push(`${u.id} rides in ${u.embarkedIn} but has its own position`);
      const carrier = s.units.get(u.embarkedIn);
      if (!carrier?.passengers.includes(u.id))
        out.push(`${u.id} rides in ${u.embarkedIn}, which does not list it`);
    }
    for (const p of u.passengers)
      if (s.units.get(p)?.embarkedIn !== u.id)
        out.push(`${u.id} lists passenger ${p}, who is elsewhere`);
    if (!u.alive && (u.at || u.passengers.length > 0)) out.push(`${u.id} is dead but still placed`);
    if (u.doomed && s.phase !== 'firing')
      out.push(`${u.id} is marked hit outside the Firing phase`);
    if (u.moved > 1 + 1e-6) out.push(`${u.id} used ${u.moved} of its move`);
    for (const [k, v] of Object.entries(u.ammo))
      if (v < 0) out.push(`${u.id} has ${v} ${k} rounds`);
  }
  for (const [k, w] of Object.entries(s.teamWeapons))
    if (w.ammo < 0) out.push(`${k} has ${w.ammo} rounds`);
  if (s.phase === 'ended' && !s.result) out.push('ended without a result');
  return out;
}
