import type { BotStyle, SideTurn } from '../../game/gameDef';
import { SideTurnBuilder } from '../../game/sideTurn';
import { fireAll, type FireReport } from './botFire';
import { moveAll } from './botMove';
import { sidePlan, type SidePlan } from './botPlan';
import { radioMayGo } from './botRide';
import { info } from './rules/situation';
import type { TankplankAction, TankplankEvent } from './rules/actions';
import type { TankplankContext } from './rules/context';
import { tankplankReducer } from './rules/reducer';
import type { TankplankState } from './rules/state';
import { overlappedModel } from './rules/standing';
import type { Point } from '../../format';

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
): SideTurn<TankplankState, TankplankAction, TankplankEvent> {
  const reduce = tankplankReducer(ctx);
  const turn = new SideTurnBuilder(reduce, state);
  const apply = (a: TankplankAction): boolean => {
    if (turn.apply(a)) return true;
    const short = a.type === 'move' ? stopShort(ctx, turn.state, a, reduce) : undefined;
    if (short) turn.record(short.action, short.state, short.events);
    return short !== undefined;
  };
  const s = () => turn.state;
  if (state.phase === 'movement' || state.phase === 'firing') {
    const plan = sidePlan(ctx, state, side, style);
    for (const n of planNotes(plan, state.turn)) turn.note(n);
    if (state.phase === 'movement') moveAll(ctx, s, plan, apply);
    else {
      const report: FireReport = { fired: 0, shooters: 0, saved: [], blind: 0 };
      fireAll(ctx, s, plan, apply, report);
      for (const n of fireNotes(ctx, state, plan, report)) turn.note(n);
    }
  }
  if (turn.state.phase !== 'ended') apply({ type: 'endPhase', side });
  return turn.done();
}

/** The side's plan this phase, in words, for the bot's explanation (`SideTurn.explanation`). */
export function planNotes(plan: SidePlan, turn: number): string[] {
  const p = plan.params;
  const target = plan.goal ? 'the objective' : "the enemy's edge of the table";
  const notes: string[] = [];
  if (plan.rush)
    notes.push(
      `plan (${p.style}): every man into ${target} the shortest way: it is all but clear and few turns are left`,
    );
  else if (plan.push)
    notes.push(
      `plan (${p.style}): the assault goes for ${target}${plan.flank ? ` by ${plan.flank.name}` : ''}`,
    );
  else
    notes.push(
      `plan (${p.style}): the assault waits on its own half for the enemy to come on, until turn ${p.pushTurn} or until it is ${p.pushWhenStronger} times as strong`,
    );
  if (plan.pressing)
    notes.push(
      `the turn limit nears: the ${p.style} style now presses for ${target} as the aggressive one does, as a draw at the limit wins nothing`,
    );
  if (!plan.carriersGo && turn < p.carriersGoTurn)
    notes.push(
      `loaded carriers wait short of the fight until the enemy's anti-armour is beaten or turn ${p.carriersGoTurn}`,
    );
  if (plan.goal) {
    const inGoal = plan.enemiesInGoal.length;
    if (radioMayGo(plan))
      notes.push(
        inGoal === 0
          ? 'radio teams go in: the objective is clear'
          : `radio teams go in with ${inGoal} ${inGoal === 1 ? 'enemy' : 'enemies'} still in the objective${plan.lastChance || plan.rush ? ': later would be too late to hold it' : ''}`,
      );
    else
      notes.push(
        `radio teams wait ${plan.radioEnters ? 'short of the objective' : 'off the table'} while ${inGoal} ${inGoal === 1 ? 'enemy stands' : 'enemies stand'} in it: a radioman lost is a hold lost`,
      );
  }
  if (plan.enemiesInHome.length > 0)
    notes.push(
      `${plan.enemiesInHome.length} of the enemy in our home ground: the heavy weapons and guns posted there deny it`,
    );
  return notes;
}

/** Why fire was held this Firing phase, in words. */
function fireNotes(
  ctx: TankplankContext,
  state: TankplankState,
  plan: SidePlan,
  report: FireReport,
): string[] {
  const notes: string[] = [];
  notes.push(
    `fired ${report.fired} ${report.fired === 1 ? 'shot' : 'shots'} from ${report.shooters} units able to fire`,
  );
  if (report.saved.length > 0) {
    const named = report.saved
      .slice(0, 3)
      .map((h) => `${info(ctx, state, h.unit).type.name}'s ${h.weapon} (${h.value.toFixed(2)})`);
    const more = report.saved.length > 3 ? ` and ${report.saved.length - 3} more` : '';
    notes.push(
      `holding fire: ${named.join(', ')}${more} keep their counted rounds for a shot worth at least ${plan.params.ammoThreshold} of a target, as the ${plan.params.style} style spends them`,
    );
  }
  if (report.blind > 0)
    notes.push(
      `${report.blind} of ${report.shooters} had no shot (no enemy in sight or reach they could hurt, or a weapon that could not fire this phase): the Movement phase takes them on toward ${plan.goal ? 'the objective' : 'the enemy'}, or they hold their posts`,
    );
  return notes;
}

/**
 * A vehicle whose move would end on top of another (TP-5.9) stops short along the same path, as a
 * driver queues behind the vehicle in front; undefined when the move was refused for another
 * reason or no shorter move is allowed.
 */
function stopShort(
  ctx: TankplankContext,
  state: TankplankState,
  a: Extract<TankplankAction, { type: 'move' }>,
  reduce: ReturnType<typeof tankplankReducer>,
):
  | { state: TankplankState; action: TankplankAction; events: readonly TankplankEvent[] }
  | undefined {
  const u = state.units.get(a.unit);
  const last = a.path[a.path.length - 1];
  if (!u || !last) return undefined;
  const points: Point[] = u.at ? [[u.at[0], u.at[1]], ...a.path] : [...a.path];
  const endFacing = a.facing ?? facingAlong(points, u.facing);
  if (!overlappedModel(ctx, state, a.unit, last, endFacing)) return undefined;
  const lengths = points
    .slice(1)
    .map((p, k) => Math.hypot(p[0] - points[k]![0], p[1] - points[k]![1]));
  const total = lengths.reduce((x, y) => x + y, 0);
  let tries = 0;
  for (let back = STEP; back < total && tries < MAX_TRIES; back += STEP) {
    const path = cutPath(points, lengths, total - back);
    const end = path[path.length - 1]!;
    // Only ask the reducer (path costs, terrain) once the stop is clear of every hull.
    if (overlappedModel(ctx, state, a.unit, end, a.facing ?? facingAlong(path, u.facing))) continue;
    tries++;
    const tried: TankplankAction = {
      type: 'move',
      unit: a.unit,
      path: u.at ? path.slice(1) : path,
      ...(a.facing !== undefined ? { facing: a.facing } : {}),
    };
    if (tried.path.length === 0) break;
    const r = reduce(state, tried);
    if (r.ok) return { state: r.state, action: tried, events: r.events };
  }
  return undefined;
}

/** How far back each retry stops, in inches, and how many clear stops are tried at most. */
const STEP = 0.25;
const MAX_TRIES = 4;

function facingAlong(points: readonly Point[], otherwise: number): number {
  const a = points[points.length - 2];
  const b = points[points.length - 1];
  if (!a || !b || (a[0] === b[0] && a[1] === b[1])) return otherwise;
  return (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
}

/** The first `keep` inches of a polyline. */
function cutPath(points: readonly Point[], lengths: readonly number[], keep: number): Point[] {
  const out: Point[] = [points[0]!];
  let left = keep;
  for (let k = 0; k < lengths.length; k++) {
    const len = lengths[k]!;
    const from = points[k]!;
    const to = points[k + 1]!;
    if (left >= len) {
      out.push(to);
      left -= len;
      continue;
    }
    if (left > 1e-6) {
      const t = left / len;
      out.push([from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t]);
    }
    break;
  }
  return out;
}
