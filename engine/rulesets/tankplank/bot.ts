import type { BotStyle } from '../../game/gameDef';
import { fireAll } from './botFire';
import { moveAll } from './botMove';
import { sidePlan } from './botPlan';
import type { TankplankAction, TankplankEvent } from './rules/actions';
import type { TankplankContext } from './rules/context';
import { tankplankReducer } from './rules/reducer';
import type { TankplankState } from './rules/state';

/**
 * The Tankplank bot, deterministic and played through the reducer, so it can only do what the
 * rules allow. It plays to win: it takes its objective (carries squads and a radio team there,
 * clears out the enemy, holds it) and denies the enemy's (heavy weapons and guns set up in the
 * home ground). A style per side sets how far forward it goes and what it shoots first:
 * cautious keeps a squad home and stands off; aggressive sends everything in.
 */
export function botPhase(
  ctx: TankplankContext,
  state: TankplankState,
  side: string,
  style: BotStyle = 'balanced',
): { state: TankplankState; actions: TankplankAction[]; events: TankplankEvent[] } {
  const reduce = tankplankReducer(ctx);
  let s = state;
  const actions: TankplankAction[] = [];
  const events: TankplankEvent[] = [];
  const apply = (a: TankplankAction): boolean => {
    const r = reduce(s, a);
    if (!r.ok) return false;
    s = r.state;
    actions.push(a);
    events.push(...r.events);
    return true;
  };
  if (s.phase === 'movement' || s.phase === 'firing') {
    const plan = sidePlan(ctx, s, side, style);
    if (s.phase === 'movement') moveAll(ctx, () => s, plan, apply);
    else fireAll(ctx, () => s, plan, apply);
  }
  if (s.phase !== 'ended') apply({ type: 'endPhase', side });
  return { state: s, actions, events };
}

/** The result of a whole bot-versus-bot game. */
export interface BotGame {
  readonly state: TankplankState;
  /** Every accepted action, in order: replaying them from the start gives the same game. */
  readonly actions: readonly TankplankAction[];
  readonly events: number;
}

/** Plays a game to its end with both sides run by the bot. */
export function playBotGame(
  ctx: TankplankContext,
  start: TankplankState,
  maxPhases = 200,
): BotGame {
  let s = start;
  const actions: TankplankAction[] = [];
  let events = 0;
  for (let k = 0; k < maxPhases && s.phase !== 'ended'; k++) {
    for (const side of ctx.sides) {
      if (s.phase === 'ended') break;
      const r = botPhase(ctx, s, side);
      s = r.state;
      actions.push(...r.actions);
      events += r.events.length;
    }
  }
  return { state: s, actions, events };
}
