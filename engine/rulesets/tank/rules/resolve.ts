import { dict } from '../../../game/dict';
import { hexDistance } from '../../../hex';
import { enemyOf, type TankContext } from './context';
import type { Plot, TankEvent, TankState, UnitState } from './state';
import { MU, Work, carryAlong, d6, destroy, draft, key } from './turnWork';
import { stepIf } from './indirectFire';
import { stepMorale } from './moraleStep';
import { placeMMarkers, stepDf } from './directFire';
import { stepCleanup, stepFacing, stepMountDismount, stepMove } from './movementStep';

export { moraleModifiers, moraleResultOf } from './moraleStep';

// ------------------------------------------------------------------------------------ turn

const STEP_RULE: Record<string, string> = {
  IF: 'TC-4.4',
  MORALE: 'TC-6.2',
  DF: 'OT-G7',
  MV: 'OT-G7',
  MT_DT: 'OT-32.8',
  FC: 'OT-G7',
  CLEANUP: 'OT-32.82',
};

/** Cohesion at the start of a turn (OT-32.10): soft targets near a friendly soft target panic less. */
export function startTurn(ctx: TankContext, units: Record<string, MU>, ev: TankEvent[]) {
  for (const id of ctx.order) {
    const info = ctx.units.get(id)!;
    const u = units[id]!;
    u.panic = info.panicPct;
    if (
      !ctx.rules.layers.optional ||
      !info.soft ||
      info.dummy ||
      info.cls === 'team' ||
      !u.alive ||
      !u.at
    )
      continue;
    const reach = ctx.rules.constants['cohesionRangeHexes'] ?? 2;
    const near = ctx.order.some((o) => {
      const oi = ctx.units.get(o)!;
      const ou = units[o]!;
      return (
        o !== id &&
        oi.side === info.side &&
        oi.soft &&
        !oi.dummy &&
        oi.cls !== 'team' &&
        ou.alive &&
        ou.at !== null &&
        hexDistance(ctx.map.toAxial(ou.at), ctx.map.toAxial(u.at!)) <= reach
      );
    });
    if (!near) continue;
    const cut = ctx.rules.constants['cohesionPanicReductionPct'] ?? 10;
    u.panic =
      ctx.rules.options.cohesionReduction === 'absolute'
        ? Math.max(0, info.panicPct - cut)
        : Math.round(info.panicPct * (1 - cut / 100));
    ev.push({ type: 'cohesion', unit: id, panic: u.panic, ruleId: 'OT-32.10' });
  }
}

/**
 * Whether the objective's side holds it now: a unit of the classes it names on one of its hexes
 * and no enemy unit on any; when it does not, `lacking` says what stands in the way ("enemy
 * units in it", "none of the taker's units in it"). Undefined without a hold objective.
 */
export function holdTest(
  ctx: TankContext,
  units: Readonly<Record<string, UnitState>>,
): { readonly holds: boolean; readonly lacking?: string } | undefined {
  const hold = ctx.hold;
  if (!hold) return undefined;
  const zone = new Set(hold.hexes.map(key));
  const inZone = (side: string, classes?: readonly string[]) =>
    ctx.order.some((id) => {
      const i = ctx.units.get(id)!;
      const u = units[id]!;
      return (
        i.side === side &&
        !i.dummy &&
        u.alive &&
        u.at !== null &&
        zone.has(key(u.at)) &&
        (!classes || classes.includes(i.cls))
      );
    });
  if (inZone(enemyOf(ctx, hold.side))) return { holds: false, lacking: 'enemy units in it' };
  if (!inZone(hold.side, hold.classes))
    return { holds: false, lacking: "none of the taker's units in it" };
  return { holds: true };
}

function realLeft(
  ctx: TankContext,
  units: Record<string, MU>,
  side: string,
  turn: number,
): boolean {
  return ctx.order.some((id) => {
    const i = ctx.units.get(id)!;
    return (
      i.side === side &&
      !i.dummy &&
      i.cls !== 'team' &&
      units[id]!.alive &&
      (units[id]!.at !== null || (i.airlands ?? 0) > turn)
    );
  });
}

/** Units landing by air this turn come down on their hex, with the catalog's landing roll (TC-4.9). */
function airland(w: Work, turn: number) {
  const { ctx } = w;
  for (const id of ctx.order) {
    const info = ctx.units.get(id)!;
    const u = w.units[id]!;
    if (info.airlands !== turn || !u.alive || u.at !== null) continue;
    const roll = d6(w);
    const result = ctx.rules.airlanding.get(roll) ?? 'landed';
    u.at = info.start;
    carryAlong(w, id);
    if (result === 'pinned') u.pinned = true;
    w.ev.push({ type: 'airlanded', unit: id, hex: info.start, roll, result, ruleId: 'TC-4.9' });
    if (result === 'eliminated') destroy(w, id);
  }
}

/**
 * The steps a turn resolves, in the catalog's sequence of play (plotting and MORALE without
 * Costello left out). Opportunity fire happens during movement (stepMove), so a catalog that lists
 * an OF step after MV has it played inside MV, not as a step of its own.
 */
export function resolutionSteps(ctx: TankContext): string[] {
  return ctx.rules.sequence.filter(
    (step) => step !== 'PLOT' && step !== 'OF' && (step !== 'MORALE' || ctx.rules.layers.costello),
  );
}

/**
 * Resolves a turn once every side has plotted: the steps of the sequence of play in order. With
 * `upTo`, only the first `upTo` steps (the state after them, with no end of turn); the dice and
 * the steps are the same, so the events are the first ones of the whole turn's.
 */
export function resolveTurn(
  ctx: TankContext,
  s: TankState,
  upTo = Infinity,
): { state: TankState; events: TankEvent[] } {
  const w = draft(ctx, s);
  const prevUnspotted = new Set(ctx.order.filter((id) => s.units[id]!.firedOnByUnspotted));
  for (const u of Object.values(w.units)) u.firedOnByUnspotted = false;
  const steps = resolutionSteps(ctx);
  for (const step of steps.slice(0, upTo)) {
    w.ev.push({
      type: 'step',
      step,
      ruleId: ctx.rules.layers.costello ? 'TC-3' : (STEP_RULE[step] ?? 'OT-G7'),
    });
    if (step === 'IF') stepIf(w);
    else if (step === 'MORALE') stepMorale(w, prevUnspotted);
    else if (step === 'DF') {
      const from = w.ev.length;
      stepDf(w);
      placeMMarkers(w, 'DF', from);
    } else if (step === 'MV') {
      const from = w.ev.length;
      stepMove(w);
      placeMMarkers(w, 'MV', from, w.moved);
    } else if (step === 'MT_DT') stepMountDismount(w);
    else if (step === 'FC') stepFacing(w);
    else if (step === 'CLEANUP') stepCleanup(w);
  }
  // Stopped part-way (the playtest resolves step by step): where the steps so far left the units.
  // The steps after re-run from `s`, so the last one ends exactly where resolving at once does.
  if (upTo < steps.length)
    return {
      state: {
        ...s,
        units: w.units,
        plots: w.plots,
        calls: w.calls,
        smoke: w.smoke,
        rubble: w.rubble,
        rng: w.dice.state(),
      },
      events: w.ev,
    };
  for (const id of w.firedOnByUnspotted) w.units[id]!.firedOnByUnspotted = true;

  // Victory (TC-G9: fled units are not destroyed).
  let held = s.held;
  let result: TankState['result'] = null;
  const [a, b] = ctx.sides;
  const name = (x: string) => ctx.sideNames.get(x) ?? x;
  if (ctx.hold) {
    const holder = ctx.hold.side;
    held = holdTest(ctx, w.units)?.holds ? held + 1 : 0;
    if (held > 0) w.ev.push({ type: 'held', side: holder, turns: held });
    if (held >= ctx.hold.turns)
      result = { winner: holder, text: `${name(holder)} held ${ctx.hold.name} for ${held} turns` };
  }
  if (!result) {
    const aLeft = realLeft(ctx, w.units, a, s.turn);
    const bLeft = realLeft(ctx, w.units, b, s.turn);
    if (!aLeft && !bLeft)
      result = { winner: 'draw', text: 'no unit of either side is left on the map' };
    else if (!aLeft) result = { winner: b, text: `${name(a)} has no unit left on the map` };
    else if (!bLeft) result = { winner: a, text: `${name(b)} has no unit left on the map` };
  }
  if (!result && s.turn >= s.turnLimit) {
    const win = ctx.timeWinner;
    result = win
      ? { winner: win, text: `${name(win)} wins: the turn limit (${s.turnLimit}) is reached` }
      : { winner: 'draw', text: `the turn limit (${s.turnLimit}) is reached` };
  }
  if (result) w.ev.push({ type: 'gameOver', winner: result.winner, text: result.text });
  const next = result ? s.turn : s.turn + 1;
  if (!result) {
    w.ev.push({ type: 'turnStarted', turn: next });
    airland(w, next);
    startTurn(ctx, w.units, w.ev);
  }
  for (const u of Object.values(w.units)) u.underIfHe = 0;
  const empty = dict<Record<string, Plot>>();
  for (const side of ctx.sides) empty[side] = dict<Plot>();
  return {
    state: {
      ...s,
      turn: next,
      phase: result ? 'over' : 'plot',
      units: w.units,
      plots: result ? w.plots : empty,
      done: [],
      calls: w.calls,
      smoke: w.smoke,
      rubble: w.rubble,
      last: { retreated: w.retreated, destroyed: w.destroyed },
      held,
      result,
      rng: w.dice.state(),
    },
    events: w.ev,
  };
}
