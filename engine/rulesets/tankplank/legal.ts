import type { Point } from '../../format';
import type { ActionRng } from '../../game/gameDef';
import { pick, pickNumber, sampleAccepted } from '../../game/legal';
import type { Reducer } from '../../game/reducer';
import { botPhase } from './bot';
import type { TankplankAction, TankplankEvent } from './rules/actions';
import type { TankplankContext } from './rules/context';
import { info, weaponsOf } from './rules/situation';
import type { TankplankState } from './rules/state';

/**
 * One action a Tankplank side may take now, drawn at random, for the ruleset kit
 * (`sampleAction`): units move to any point of the table in inches, so the choices cannot be
 * listed. A draw takes one of the side's units and something it may do in the phase: in the
 * Movement phase a straight move of any length in any direction (from its entry edge when it is
 * still off the table) or a turn in place; in the Firing phase a shot with any of its weapons at
 * any enemy, with AP or HE where the gun has both; in every phase the end of the side's part. The
 * first draw the rules accept is taken, else the end of the phase, else the heuristic bot's first
 * action, so the side is never left without one.
 */

type Rules = Reducer<TankplankState, TankplankAction, TankplankEvent>;

/** Draws per sample before the end of the phase is taken. */
const TRIES = 48;
/** The longest straight move drawn, in inches: longer than any unit moves in a phase. */
const REACH = 14;

export function tankplankSampleAction(
  ctx: TankplankContext,
  rules: Rules,
  state: TankplankState,
  side: string,
  waiting: readonly string[],
  rng: ActionRng,
): TankplankAction | undefined {
  if (state.phase === 'ended' || !waiting.includes(side)) return undefined;
  const end: TankplankAction = { type: 'endPhase', side };
  const mine = state.units.list().filter((u) => u.side === side && u.alive && !u.embarkedIn);
  const enemies = state.units.list().filter((u) => u.side !== side && u.alive && u.at);
  const { width, height } = ctx.map;
  const inside = (p: Point): Point => [
    Math.min(width, Math.max(0, p[0])),
    Math.min(height, Math.max(0, p[1])),
  ];
  // The end of the phase as likely as any one unit's action; else a unit's move, turn or shot,
  // drawn until the rules accept one (most shots drawn are out of sight or range).
  if (!mine.length || rng.index(mine.length + 1) === 0) return end;
  const draw = (): TankplankAction | undefined => {
    const u = pick(rng, mine)!;
    if (state.phase === 'movement') {
      const angle = pickNumber(rng, 0, 360);
      if (rng.index(4) === 0) return { type: 'face', unit: u.id, facing: angle };
      const rad = (angle * Math.PI) / 180;
      const length = pickNumber(rng, 0.25, REACH);
      const from: Point | undefined = u.at ? [u.at[0], u.at[1]] : entryPoint(ctx, side, rng);
      if (!from) return undefined;
      const to = inside([from[0] + Math.cos(rad) * length, from[1] + Math.sin(rad) * length]);
      return { type: 'move', unit: u.id, path: u.at ? [to] : [from, to] };
    }
    if (state.phase === 'firing') {
      const w = pick(rng, weaponsOf(ctx, info(ctx, state, u.id)));
      const target = pick(rng, enemies);
      if (!w || !target) return undefined;
      const gun = w.weapon.kind === 'cannon' || w.weapon.kind === 'howitzer';
      const ammo = gun ? pick(rng, ['AP', 'HE'] as const) : undefined;
      return {
        type: 'fire',
        unit: u.id,
        weapon: w.weapon.id,
        target: target.id,
        ...(ammo ? { ammo } : {}),
      };
    }
    return undefined;
  };
  return sampleAccepted(rules, state, draw, TRIES, [end]) ?? botPhase(ctx, state, side).actions[0];
}

/** A point of the side's entry edge (TP-4.1), or undefined when it has none. */
function entryPoint(ctx: TankplankContext, side: string, rng: ActionRng): Point | undefined {
  const e = ctx.entryEdges.get(side);
  if (!e) return undefined;
  const { width, height } = ctx.map;
  const along = e.edge === 'north' || e.edge === 'south' ? width : height;
  const t = pickNumber(rng, e.from ?? 0, e.to ?? along);
  switch (e.edge) {
    case 'west':
      return [0, t];
    case 'east':
      return [width, t];
    case 'north':
      return [t, 0];
    case 'south':
      return [t, height];
  }
}
