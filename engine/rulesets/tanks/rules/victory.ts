import type { Objective } from '../../../format';
import { constantNumber } from '../../../forces/rulesetCatalog';
import { tablePoint } from '../../../geometry/units';
import type { TanksContext } from './context';
import { enemyOf, info, sideName } from './context';
import { pointPolygonDistance } from './geometry';
import { footprint, inPlay } from './models';
import { objectivesOf } from './objectives';
import type { TanksEvent, TanksState } from './state';

/**
 * Missions and victory (TK-7 step 2, TK-9): objectives held by a tank within one Measuring Arrow
 * of the token's centre with no enemy tank as near; victory points by the mission's scorer; the
 * scenario's victory conditions in the order it lists them (so Alpha 66's "Americans win even if
 * all three fall" comes before the Soviet win), then the general rule that a side with no tanks
 * left loses (a draw when neither has any, TK-A4). Time-outs by the mission's rule.
 */

export interface Verdict {
  readonly winner: string | 'draw';
  readonly reason: string;
  readonly ruleId: string;
}

/** The token's centre. */
export function objectiveCentre(o: Objective): [number, number] | undefined {
  const a = o.area;
  if (!a) return undefined;
  if (a.shape === 'point') return [a.at[0], a.at[1]];
  if (a.shape === 'circle') return [a.center[0], a.center[1]];
  return undefined;
}

/** Sides with a working tank within hold distance of an objective (TK-9: helicopters never hold). */
export function sidesNear(ctx: TanksContext, state: TanksState, o: Objective): string[] {
  const c = objectiveCentre(o);
  if (!c) return [];
  const p = tablePoint(c[0], c[1]);
  const near = new Set<string>();
  for (const m of Object.values(state.models)) {
    if (!inPlay(m) || info(ctx, m.id).card.kind !== 'tank') continue;
    const f = footprint(ctx, m);
    if (f.shape === 'hull' && pointPolygonDistance(p, f.corners) <= ctx.rules.holdDistance + 1e-9)
      near.add(info(ctx, m.id).side);
  }
  return ctx.sides.filter((s) => near.has(s));
}

/** The side holding an objective: the only side with a tank near it. */
export function holderOf(ctx: TanksContext, state: TanksState, o: Objective): string | undefined {
  const near = sidesNear(ctx, state, o);
  return near.length === 1 ? near[0] : undefined;
}

/** Who may score an objective when it is held (the mission's scorer, TK-9). */
function scorerOf(ctx: TanksContext, state: TanksState, o: Objective, holder: string): boolean {
  const scorer = ctx.mission?.scorer;
  if (scorer === 'attacker') return holder === state.attacker;
  if (scorer === 'placer') return holder === o.owner;
  if (scorer === 'holder') return true;
  return o.owner ? holder === o.owner : true;
}

/** Victory points scored in Command step 2 of this turn. */
export function scoreObjectives(
  ctx: TanksContext,
  start: TanksState,
): { state: TanksState; events: TanksEvent[] } {
  const events: TanksEvent[] = [];
  const vp = { ...start.vp };
  const noRetreat = ctx.mission?.victory === 'attackerVpOrDefenderSurvives';
  const skipTurn1 = (o: Objective) =>
    o.skipFirstTurn === true ||
    (ctx.mission?.skipFirstTurn ?? false) ||
    (noRetreat && ctx.rules.options.bool('TK-A18b'));
  const perTurnCap =
    noRetreat && !ctx.rules.options.bool('TK-A18a') ? (ctx.mission?.maxVpPerTurn ?? 1) : Infinity;
  const scoredThisTurn = new Map<string, number>();
  for (const o of objectivesOf(ctx, start)) {
    if (o.kind !== 'vpPerTurn' && o.kind !== 'holdZone') continue;
    if (start.turn === 1 && skipTurn1(o)) continue;
    const holder = holderOf(ctx, start, o);
    if (!holder || !scorerOf(ctx, start, o, holder)) continue;
    const already = scoredThisTurn.get(holder) ?? 0;
    const gain = Math.min(o.vpPerTurn ?? 1, perTurnCap - already);
    if (gain <= 0) continue;
    scoredThisTurn.set(holder, already + gain);
    vp[holder] = (vp[holder] ?? 0) + gain;
    events.push({
      type: 'VictoryPoints',
      side: holder,
      objective: o.id,
      vp: gain,
      total: vp[holder]!,
      ruleId: noRetreat ? 'TK-A18' : 'TK-9',
    });
  }
  return { state: { ...start, vp }, events };
}

const tanksLeft = (ctx: TanksContext, state: TanksState, side: string) =>
  Object.values(state.models).filter(
    (m) => info(ctx, m.id).side === side && info(ctx, m.id).card.kind === 'tank' && inPlay(m),
  ).length;

/** Whether a model is out of the game: destroyed or removed. */
const gone = (state: TanksState, id: string) => {
  const m = state.models[id];
  return !m || m.status !== 'active';
};

/** A model as the result names it: "the M1 Abrams" for a model called by its type, else its name. */
const modelWords = (ctx: TanksContext, id: string): { one: string; type: string | undefined } => {
  const m = ctx.models.get(id);
  if (!m) return { one: id, type: undefined };
  const byType = m.name === m.card.type.name;
  return { one: byType ? `the ${m.name}` : m.name, type: byType ? m.name : undefined };
};

/**
 * What a met "destroy these units" condition says happened: "the M1 Abrams was destroyed",
 * "both T-64Bs were destroyed", "the T-72 and Alpha 66 were destroyed".
 */
export function destroyedReason(ctx: TanksContext, units: readonly string[]): string {
  const words = units.map((u) => modelWords(ctx, u));
  if (words.length === 1) return `${words[0]!.one} was destroyed`;
  const type = words[0]!.type;
  if (type !== undefined && words.every((w) => w.type === type))
    return `${words.length === 2 ? 'both' : `all ${words.length}`} ${type}s were destroyed`;
  const list = words.map((w) => w.one);
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]} were destroyed`;
}

/** The result Command step 2 gives, if the game ends now. */
export function checkVictory(
  ctx: TanksContext,
  state: TanksState,
  turnLimit: number | undefined,
): Verdict | undefined {
  const conditions = ctx.scenario.victory.conditions;
  const other = (s: string) => enemyOf(ctx, s);
  for (const c of conditions) {
    // The reason says what happened in the game, as "<side> wins: <reason>" reads it; the
    // condition's own description ("The Soviets win when …") would say the winner twice.
    const win = (side: string | undefined, reason: string): Verdict | undefined =>
      c.result === 'draw'
        ? { winner: 'draw', reason, ruleId: 'TK-9' }
        : side
          ? { winner: side, reason, ruleId: 'TK-9' }
          : undefined;
    switch (c.kind) {
      case 'destroyUnits':
        if ((c.units ?? []).length > 0 && c.units!.every((u) => gone(state, u))) {
          const v = win(c.side, destroyedReason(ctx, c.units!));
          if (v) return v;
        }
        break;
      case 'destroyAll': {
        if (!c.side) break;
        const enemy = other(c.side);
        const classes = c.classes ?? ['tank'];
        const left = Object.values(state.models).filter(
          (m) =>
            info(ctx, m.id).side === enemy &&
            classes.includes(info(ctx, m.id).card.kind) &&
            m.status === 'active',
        );
        if (left.length === 0) {
          const what = classes.map((k) => `${k}s`).join(' or ');
          const v = win(c.side, `${sideName(ctx, enemy)} has no ${what} left`);
          if (v) return { ...v, ruleId: 'TK-7' };
        }
        break;
      }
      case 'mostVictoryPoints': {
        if (!c.side || c.points === undefined) break;
        const mine = state.vp[c.side] ?? 0;
        const lead = ctx.mission?.victory !== 'vpAndLead' || mine > (state.vp[other(c.side)] ?? 0);
        if (mine >= c.points && lead) {
          const theirs = state.vp[other(c.side)] ?? 0;
          const v = win(
            c.side,
            `${sideName(ctx, c.side)} reached ${mine} victory points (${c.points} needed; ${sideName(ctx, other(c.side))} ${theirs})`,
          );
          if (v) return v;
        }
        break;
      }
      case 'turnLimitReached':
        if (turnLimit !== undefined && state.turn >= turnLimit) {
          const v = win(c.side, `turn ${turnLimit}, the last, was played`);
          if (v) return v;
        }
        break;
      case 'objectiveAchieved':
      case 'survive':
      case 'allAchievedSameTurn':
        // Refused when the game starts (context.ts): TANKS missions do not use them.
        break;
    }
  }
  // The general rule (TK-7 step 2, TK-A4): no tanks left loses; neither has any, a draw.
  const [a, b] = ctx.sides;
  const la = tanksLeft(ctx, state, a);
  const lb = tanksLeft(ctx, state, b);
  if (la === 0 && lb === 0)
    return { winner: 'draw', reason: 'neither side has a tank left', ruleId: 'TK-7' };
  if (la === 0)
    return { winner: b, reason: `${sideName(ctx, a)} has no tanks left`, ruleId: 'TK-7' };
  if (lb === 0)
    return { winner: a, reason: `${sideName(ctx, b)} has no tanks left`, ruleId: 'TK-7' };
  return undefined;
}

/** Turns a game plays when neither the scenario, its mission nor the players set a limit. */
export const DEFAULT_TURN_LIMIT = 10;

/** When the game ends on turns, and who set it. */
export interface GameEnd {
  /** The game ends after this turn's Command phase. */
  readonly turn: number;
  /** `scenario`: the scenario's, its mission's or the players' turn limit; `catalog`: the default end. */
  readonly by: 'scenario' | 'catalog';
}

/**
 * The turn after which the game ends (TK-G8): the turn limit of the scenario, its mission or the
 * players; else the catalogs' default end (constant `defaultTurnLimit`, else
 * {@link DEFAULT_TURN_LIMIT}), so a game the bots cannot decide still ends. A constant of 0
 * turns the default end off.
 */
export function gameEnd(
  ctx: TanksContext,
  state: Pick<TanksState, 'turnLimit'>,
): GameEnd | undefined {
  if (state.turnLimit !== undefined) return { turn: state.turnLimit, by: 'scenario' };
  const c = constantNumber(ctx.rules.cat, 'defaultTurnLimit') ?? DEFAULT_TURN_LIMIT;
  return c > 0 ? { turn: c, by: 'catalog' } : undefined;
}

/**
 * The result at the default end (no turn limit set): scored as a time-out, by the mission's VP
 * when there is one, else by points destroyed (TK-9).
 */
export function defaultEndOut(ctx: TanksContext, state: TanksState, turn: number): Verdict {
  const v = timeLimitOut(ctx, state);
  return {
    ...v,
    reason: `the default end after turn ${turn} (the scenario sets no turn limit): ${v.reason}`,
  };
}

/**
 * The result when the time limit runs out (TK-G8): the mission's time-out; a game with no mission
 * is scored as Tank Ace is, by points destroyed (TK-9).
 */
export function timeLimitOut(ctx: TanksContext, state: TanksState): Verdict {
  if (ctx.mission || ctx.scenario.victory.otherwise === 'mostVictoryPoints')
    return timeOut(ctx, state);
  return byPoints(ctx, state, 'time is up');
}

function byPoints(ctx: TanksContext, state: TanksState, lead: string): Verdict {
  const [a, b] = ctx.sides;
  const pts = (s: string) => state.destroyedPoints[s] ?? 0;
  if (pts(a!) === pts(b!))
    return {
      winner: 'draw',
      reason: `${lead}; equal points destroyed (${pts(a!)})`,
      ruleId: 'TK-A25',
    };
  const w = pts(a!) > pts(b!) ? a! : b!;
  return {
    winner: w,
    reason: `${lead}; ${sideName(ctx, w)} destroyed more points (${pts(w)} to ${pts(enemyOf(ctx, w))})`,
    ruleId: 'TK-9',
  };
}

/** The result when the last turn has been played without one (TK-9 time-outs, TK-A25). */
export function timeOut(ctx: TanksContext, state: TanksState): Verdict {
  const [a, b] = ctx.sides;
  const pts = (s: string) => state.destroyedPoints[s] ?? 0;
  const byPoints = (lead: string): Verdict => {
    if (pts(a) === pts(b))
      return {
        winner: 'draw',
        reason: `${lead}; equal points destroyed (${pts(a)})`,
        ruleId: 'TK-A25',
      };
    const w = pts(a) > pts(b) ? a : b;
    return {
      winner: w,
      reason: `${lead}; ${sideName(ctx, w)} destroyed more points (${pts(w)} to ${pts(enemyOf(ctx, w))})`,
      ruleId: 'TK-9',
    };
  };
  const mission = ctx.mission;
  if (mission?.victory === 'attackerVpOrDefenderSurvives')
    return {
      winner: state.defender,
      reason: `the turn limit is played: ${sideName(ctx, state.defender)} (Defender) holds out`,
      ruleId: 'TK-9',
    };
  if (mission?.victory === 'lastTanks') return byPoints('time is up');
  if (mission || ctx.scenario.victory.otherwise === 'mostVictoryPoints') {
    const va = state.vp[a] ?? 0;
    const vb = state.vp[b] ?? 0;
    if (va !== vb) {
      const w = va > vb ? a : b;
      return {
        winner: w,
        reason: `time is up: ${sideName(ctx, w)} has the most VP (${Math.max(va, vb)} to ${Math.min(va, vb)})`,
        ruleId: 'TK-9',
      };
    }
    return byPoints(`time is up with ${va} VP each`);
  }
  return { winner: 'draw', reason: 'the turn limit is played with no winner', ruleId: 'TK-9' };
}
