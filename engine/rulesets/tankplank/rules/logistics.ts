import { dict } from '../../../game/dict';
import { withUnit, tankplankState } from './state';
import type { Point, WeaponType } from '../../../format';
import { accepted, invalid, type Reduction } from '../../../game/reducer';
import { rectangleCorners, segmentEntersPolygon } from '../../../geometry/polygon';
import { tablePoint, type TablePoint } from '../../../geometry/units';
import { distance } from '../../../geometry/vector';
import { pathCost } from '../../../movement/movementCost';
import type { TankplankEvent } from './actions';
import { constant, num, tableRows, text } from './catalog';
import { hullSize, moverOf, type TankplankContext } from './context';
import { info, onTable } from './situation';
import type { AmmoLot, TankplankState, UnitState, WreckState } from './state';

/*
 * Ammunition logistics and pushing wrecks (TP-17.3, TP-17.4, TP-17.5, TP-5.10, TP-5.13, TP-A26,
 * TP-A27). The reducer dispatches `recoverAmmo`, `handAmmo` and `pushWreck` here after its usual
 * "may this unit act in the Movement phase" checks, and calls the small hooks below from movement
 * (moveLimitRefusal), fire planning (supplyFireRefusal) and shot resolution (loseCarriedAmmo).
 *
 * Readings taken here (the digest leaves them open):
 * - Recovered rounds the recovering vehicle can use itself go into its own stowage up to its
 *   catalog load; the rest is carried as cargo, kept per wreck type so compatibility (TP-17.5)
 *   can be judged when it is handed over.
 * - Stowage caps apply per ammunition kind (a tank's 4 AP and 4 HE), the catalog load of TP-17.1.
 * - A vehicle taking ammo aboard may still fire its machine guns: TP-17.3b forbids heavy weapons.
 * - Pushing a wreck costs the pusher's whole move (catalog actionCosts "pushWreck"), so it must be
 *   against the wreck at the start of the turn; the pusher follows the wreck by the same distance.
 */

type Result = Reduction<TankplankState, TankplankEvent>;
type Refusal = { readonly ok: false; readonly reason: string; readonly ruleId?: string };

const EPS = 1e-9;

const withWreck = (state: TankplankState, id: string, patch: Partial<WreckState>): TankplankState =>
  tankplankState({
    ...state,
    wrecks: state.wrecks.map((w) => (w.id === id ? { ...w, ...patch } : w)),
  });

const fmt = (n: number) => String(Math.round(n * 100) / 100);

function actionCost(ctx: TankplankContext, action: string, fallback: number, ruleId: string) {
  const row = tableRows(ctx.catalog, 'actionCosts').find((r) => r['action'] === action);
  return { cost: row ? num(row, 'cost') : fallback, ruleId: row ? text(row, 'ruleId') : ruleId };
}

/** Writes rounds by kind as "1 AP, 2 HE" (kinds with no rounds left out). */
export function roundsText(rounds: Readonly<Record<string, number>>): string {
  const parts = Object.entries(rounds)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`);
  return parts.length > 0 ? parts.join(', ') : 'no rounds';
}

/** Rounds by kind in a list of lots. */
export function lotTotals(lots: readonly AmmoLot[] | undefined): Record<string, number> {
  const out = dict<number>();
  for (const l of lots ?? []) if (l.rounds > 0) out[l.kind] = (out[l.kind] ?? 0) + l.rounds;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Stowage and compatibility (TP-17.1, TP-17.5, TP-A27)

/** Half of the rounds left in a wreck, per kind, rounded down unless told otherwise (TP-17.3, TP-A27). */
export function recoverableAmmo(
  left: Readonly<Record<string, number>>,
  roundUp = false,
): Record<string, number> {
  return dict(
    Object.entries(left).map(([k, v]) => [k, roundUp ? Math.ceil(v / 2) : Math.floor(v / 2)]),
  );
}

/** The full load of a unit type by kind: what its weapons stow in the catalog (TP-17.1). */
export function stowageOf(ctx: TankplankContext, type: string): Record<string, number> {
  const out = dict<number>();
  for (const m of ctx.catalog.units.get(type)?.weapons ?? [])
    for (const [k, v] of Object.entries(m.ammo ?? {})) out[k] = (out[k] ?? 0) + v;
  return out;
}

/**
 * Whether rounds of `kind` taken from a wreck of type `from` fit a vehicle of type `to`: the same
 * type, or both in one compatible group of the catalog (TP-17.5). Enemy rounds never (TP-17.4) is
 * checked by the callers, who know the sides.
 */
export function ammoCompatible(
  ctx: TankplankContext,
  from: string,
  kind: string,
  to: string,
): boolean {
  if ((stowageOf(ctx, to)[kind] ?? 0) <= 0) return false;
  if (from === to) return true;
  const member = (m: string, type: string) => m === `${type}:${kind}` || m === `${type}:*`;
  return tableRows(ctx.catalog, 'ammoGroups').some((r) => {
    const members = Array.isArray(r['members']) ? (r['members'] as unknown[]).map(String) : [];
    return members.some((m) => member(m, from)) && members.some((m) => member(m, to));
  });
}

/** The rounds of `lots` a vehicle would take now, kind by kind, within its stowage (TP-A27). */
function fitInto(
  ctx: TankplankContext,
  receiver: UnitState,
  lots: readonly AmmoLot[],
): { taken: Record<string, number>; left: AmmoLot[]; compatible: boolean } {
  const stowage = stowageOf(ctx, receiver.type);
  const room = dict<number>();
  for (const [k, v] of Object.entries(stowage)) room[k] = Math.max(0, v - (receiver.ammo[k] ?? 0));
  const taken = dict<number>();
  const left: AmmoLot[] = [];
  let compatible = false;
  for (const lot of lots) {
    if (!ammoCompatible(ctx, lot.from, lot.kind, receiver.type)) {
      left.push(lot);
      continue;
    }
    compatible = true;
    const n = Math.min(lot.rounds, room[lot.kind] ?? 0);
    if (n > 0) {
      taken[lot.kind] = (taken[lot.kind] ?? 0) + n;
      room[lot.kind] = (room[lot.kind] ?? 0) - n;
    }
    if (lot.rounds - n > 0) left.push({ ...lot, rounds: lot.rounds - n });
  }
  return { taken, left, compatible };
}

const addRounds = (ammo: Readonly<Record<string, number>>, add: Record<string, number>) => {
  const out = dict(ammo);
  for (const [k, v] of Object.entries(add)) out[k] = (out[k] ?? 0) + v;
  return out;
};

/** Whether a unit could take some of the rounds a carrier holds now (for command lists). */
export function couldUseCarriedAmmo(
  ctx: TankplankContext,
  carrier: UnitState,
  receiver: UnitState,
): boolean {
  return (carrier.carriedAmmo ?? []).some((l) =>
    ammoCompatible(ctx, l.from, l.kind, receiver.type),
  );
}

// ---------------------------------------------------------------------------------------------
// Recovering (TP-17.3a/b), carrying and handing over (TP-17.3c-e)

/**
 * A vehicle beside a friendly wreck spends the whole turn taking half its rounds aboard
 * (TP-17.3a/b): it may neither move nor fire heavy weapons this turn. Rounds it can use go into
 * its own stowage; the rest it carries for other vehicles.
 */
export function recoverAmmo(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
  wreckId: string,
): Result {
  if (state.phase !== 'movement')
    return invalid('ammunition is taken aboard in the Movement phase', 'TP-17.3');
  const unit = state.units.get(id);
  const wreck = state.wrecks.find((w) => w.id === wreckId);
  if (!onTable(unit) || !wreck) return invalid('no such unit or wreck');
  if (info(ctx, state, id).kind !== 'vehicle')
    return invalid('only a vehicle takes ammunition from a wreck', 'TP-17.3');
  if (wreck.side !== unit.side) return invalid('enemy ammunition can never be used', 'TP-17.4');
  if (unit.moved > 0)
    return invalid(
      `taking ammunition aboard takes a full turn without moving; ${id} has already moved or acted this turn`,
      'TP-17.3',
    );
  if (
    distance(tablePoint(unit.at[0], unit.at[1]), tablePoint(wreck.at[0], wreck.at[1])) >
    constant(ctx.catalog, 'ammoTransferReach') + EPS
  ) {
    return invalid(
      `come up to the wreck first (within ${constant(ctx.catalog, 'ammoTransferReach')}")`,
      'TP-17.3',
    );
  }
  if (Object.values(wreck.ammo).every((n) => n <= 0))
    return invalid(`the wreck of ${wreck.unit} has no rounds left to take`, 'TP-17.3');
  const rounds = recoverableAmmo(wreck.ammo, ctx.options.str('TP-A27') === 'up');
  const lots: AmmoLot[] = Object.entries(rounds)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => ({ from: wreck.type, kind, rounds: n }));
  const own = fitInto(ctx, unit, lots);
  let next = withUnit(state, id, {
    moved: 1,
    recoveringTurn: state.turn,
    ammo: addRounds(unit.ammo, own.taken),
  });
  next = withCargo(next, id, mergeLots([...(unit.carriedAmmo ?? []), ...own.left]));
  next = withWreck(next, wreckId, {
    ammo: dict(Object.keys(wreck.ammo).map((k) => [k, 0])),
  });
  return accepted(next, [
    {
      type: 'AmmoRecovered',
      unit: id,
      wreck: wreckId,
      rounds,
      loaded: own.taken,
      carried: lotTotals(own.left),
      ruleId: 'TP-17.3',
    },
  ]);
}

function mergeLots(lots: readonly AmmoLot[]): AmmoLot[] {
  const out: AmmoLot[] = [];
  for (const l of lots) {
    if (l.rounds <= 0) continue;
    const same = out.findIndex((o) => o.from === l.from && o.kind === l.kind);
    if (same >= 0) out[same] = { ...out[same]!, rounds: out[same]!.rounds + l.rounds };
    else out.push(l);
  }
  return out;
}

/**
 * A carrier hands the rounds it carries to a friendly vehicle within reach that can use them
 * (TP-17.3c): ½ move for the carrier; the receiver takes what fits its stowage (TP-A27) and is
 * "being reloaded" this turn: at most ½ move and only its AA MG fires (TP-17.3d/e, TP-5.13).
 */
export function handAmmo(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
  to: string,
): Result {
  const carrier = state.units.get(id);
  if (!onTable(carrier)) return invalid(`${id} is not on the table`);
  const lots = carrier.carriedAmmo ?? [];
  if (lots.length === 0) return invalid(`${id} carries no recovered ammunition`, 'TP-17.3');
  const { cost, ruleId } = actionCost(ctx, 'handOverAmmo', 0.5, 'TP-17.3');
  if (carrier.moved + cost > 1 + EPS)
    return invalid(
      `handing ammunition over takes ½ move; ${id} has ${fmt(Math.max(0, 1 - carrier.moved))} of its move left`,
      ruleId,
    );
  const receiver = state.units.get(to);
  if (!onTable(receiver) || receiver.doomed) return invalid(`${to} is not on the table`);
  if (receiver.side !== carrier.side)
    return invalid('ammunition goes only to your own vehicles', 'TP-17.4');
  const rInfo = info(ctx, state, to);
  if (rInfo.kind === 'figure') return invalid(`${to} is not a vehicle or gun`, 'TP-17.3');
  const reach = constant(ctx.catalog, 'ammoTransferReach');
  if (
    distance(tablePoint(carrier.at[0], carrier.at[1]), tablePoint(receiver.at[0], receiver.at[1])) >
    reach + EPS
  ) {
    return invalid(
      `${to} is not within ${reach}" of ${id}; the receiver may move up to ½ move to meet it`,
      'TP-17.3',
    );
  }
  const limit = reloadMoveLimit(ctx);
  if (receiver.moved > limit.share + EPS)
    return invalid(
      `${to} has already used more than ½ move this turn; a vehicle is reloaded only in a turn it moves at most ½ move`,
      limit.ruleId,
    );
  const fit = fitInto(ctx, receiver, lots);
  if (!fit.compatible)
    return invalid(
      `${to} (${rInfo.type.name}) cannot use the rounds ${id} carries (${lots.map((l) => `${l.rounds} ${l.kind} of a ${ctx.catalog.units.get(l.from)?.name ?? l.from}`).join(', ')}): not in a compatible ammunition group`,
      'TP-17.5',
    );
  if (Object.keys(fit.taken).length === 0)
    return invalid(
      `${to} has no room: its stowage is ${roundsText(stowageOf(ctx, receiver.type))} and it holds ${roundsText(receiver.ammo)}`,
      'TP-A27',
    );
  const left = mergeLots(fit.left);
  let next = withCargo(withUnit(state, id, { moved: carrier.moved + cost }), id, left);
  const r = next.units.get(to)!;
  next = withUnit(next, to, { ammo: addRounds(r.ammo, fit.taken), reloadedTurn: state.turn });
  return accepted(next, [
    {
      type: 'AmmoHandedOver',
      unit: id,
      to,
      rounds: fit.taken,
      left: lotTotals(left),
      ruleId: 'TP-17.3',
    },
  ]);
}

/** Sets a unit's cargo; an empty cargo is removed (undefined: hashes and saves leave it out). */
function withCargo(state: TankplankState, id: string, lots: readonly AmmoLot[]): TankplankState {
  return withUnit(state, id, { carriedAmmo: lots.length > 0 ? lots : undefined });
}

function reloadMoveLimit(ctx: TankplankContext): { share: number; ruleId: string } {
  const { cost, ruleId } = actionCost(ctx, 'reloadedMoveLimit', 0.5, 'TP-5.13');
  return { share: cost, ruleId };
}

/** The share of a move a unit may still use this turn, counting the reloading limit (TP-5.13). */
export function moveShareLeft(ctx: TankplankContext, state: TankplankState, u: UnitState): number {
  const cap = u.reloadedTurn === state.turn ? reloadMoveLimit(ctx).share : 1;
  return Math.max(0, cap - u.moved);
}

/** Movement hook: a vehicle reloaded this turn moves at most ½ move in all (TP-5.13, TP-17.3e). */
export function moveLimitRefusal(
  ctx: TankplankContext,
  state: TankplankState,
  u: UnitState,
  cost: number,
): Refusal | undefined {
  if (u.reloadedTurn !== state.turn) return undefined;
  const limit = reloadMoveLimit(ctx);
  if (u.moved + cost <= limit.share + EPS) return undefined;
  return invalid(
    `${u.id} is being reloaded this turn and may move at most ½ move in all; this move would bring it to ${fmt(u.moved + cost)}`,
    limit.ruleId,
  );
}

/**
 * Fire-planning hook: a vehicle taking ammo aboard fires no heavy weapon (TP-17.3b); one reloaded
 * this turn fires only its AA MG (TP-17.3d/e).
 */
export function supplyFireRefusal(
  state: TankplankState,
  u: UnitState,
  w: WeaponType,
): { reason: string; ruleId: string } | undefined {
  if (u.reloadedTurn === state.turn && w.stats?.['commanderExposed'] !== true)
    return {
      reason: `${u.id} is being reloaded this turn: only its AA MG may fire, not the ${w.name}`,
      ruleId: 'TP-17.3',
    };
  const heavy = w.kind !== 'machineGun' && w.kind !== 'smallArms' && w.kind !== 'grenade';
  if (u.recoveringTurn === state.turn && heavy)
    return {
      reason: `${u.id} is taking ammunition aboard this turn and fires no heavy weapon (the ${w.name})`,
      ruleId: 'TP-17.3',
    };
  return undefined;
}

/**
 * Shot hook: a carrier that is hit loses the rounds it carries (TP-17.3f). By default any
 * successful to-hit roll counts; with TP-A26 = "penetration" only a penetrating hit does.
 */
export function loseCarriedAmmo(
  ctx: TankplankContext,
  state: TankplankState,
  events: TankplankEvent[],
): TankplankState {
  const penetrationOnly = ctx.options.str('TP-A26') === 'penetration';
  const hit = new Set<string>();
  for (const e of events) {
    if (e.type === 'ShotResolved' && e.hit && e.target && !penetrationOnly) hit.add(e.target);
    if (e.type === 'PenetrationResolved' && (e.penetrated || !penetrationOnly)) hit.add(e.target);
  }
  let next = state;
  for (const id of hit) {
    const u = next.units.get(id);
    if (!u?.carriedAmmo?.length) continue;
    events.push({
      type: 'CarriedAmmoLost',
      unit: id,
      rounds: lotTotals(u.carriedAmmo),
      ruleId: 'TP-A26',
    });
    next = withCargo(next, id, []);
  }
  return next;
}

// ---------------------------------------------------------------------------------------------
// Pushing wrecks (TP-5.10, TP-14.4)

/** The weight class of a vehicle type: jeep < truck < half-track < armoured car < tank (TP-5.10). */
export function weightRank(ctx: TankplankContext, type: string): number | undefined {
  const v = ctx.catalog.units.get(type)?.stats?.['weightRank'];
  return typeof v === 'number' ? v : undefined;
}

const typeName = (ctx: TankplankContext, type: string) => ctx.catalog.units.get(type)?.name ?? type;

function wreckPolygon(ctx: TankplankContext, w: WreckState, at = w.at) {
  const type = ctx.catalog.units.get(w.type);
  return rectangleCorners(
    at[0],
    at[1],
    type?.size?.length ?? 1.5,
    type?.size?.width ?? 1,
    w.facing,
  );
}

function wreckCrossed(
  ctx: TankplankContext,
  state: TankplankState,
  points: readonly TablePoint[],
  except: string,
): WreckState | undefined {
  for (const w of state.wrecks) {
    if (w.id === except) continue;
    const poly = wreckPolygon(ctx, w);
    for (let k = 1; k < points.length; k++)
      if (segmentEntersPolygon(points[k - 1]!, points[k]!, poly)) return w;
  }
  return undefined;
}

/** Friendly vehicles on the table heavy enough to push a wreck of `type` (TP-5.10). */
export function possiblePushers(
  ctx: TankplankContext,
  state: TankplankState,
  side: string,
  type: string,
): string[] {
  const rank = weightRank(ctx, type);
  if (rank === undefined) return [];
  return state.units
    .list()
    .filter(
      (u) =>
        onTable(u) &&
        !u.doomed &&
        u.side === side &&
        info(ctx, state, u.id).kind === 'vehicle' &&
        (weightRank(ctx, u.type) ?? 0) > rank,
    )
    .map((u) => u.id);
}

/** The refusal text when a wreck blocks a vehicle's path: who could push it aside (TP-5.10). */
export function wreckInTheWay(
  ctx: TankplankContext,
  state: TankplankState,
  wreckUnit: string,
  mover: string,
): string {
  const w = state.wrecks.find((x) => x.unit === wreckUnit);
  const m = state.units.get(mover);
  if (!w || !m) return `the wreck of ${wreckUnit} is in the way`;
  const name = typeName(ctx, w.type).toLowerCase();
  const head = `the wreck of ${wreckUnit} (${name}) is in the way`;
  const rank = weightRank(ctx, w.type);
  if (rank !== undefined && (weightRank(ctx, m.type) ?? 0) > rank)
    return `${head}; ${mover} is heavier and can push it aside 1" a turn (TP-5.10)`;
  const others = possiblePushers(ctx, state, m.side, w.type);
  return others.length > 0
    ? `${head}; only a vehicle heavier than a ${name} can push it aside: ${others.join(', ')} (TP-5.10)`
    : `${head}; only a vehicle heavier than a ${name} can push it aside, and your side has none on the table (TP-5.10)`;
}

/** How close a pusher must be: the hulls nearly touching, centre to centre. */
export function pushContact(
  ctx: TankplankContext,
  state: TankplankState,
  unit: string,
  w: WreckState,
) {
  const own = hullSize(info(ctx, state, unit)).length;
  const wreck = ctx.catalog.units.get(w.type)?.size?.length ?? 1.5;
  return (own + wreck) / 2 + constant(ctx.catalog, 'pushContactGap');
}

/**
 * A vehicle heavier than a wreck pushes it up to 1" a turn, away from itself, and follows it by
 * the same distance (TP-5.10). The push is the pusher's movement for the turn.
 */
export function pushWreck(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
  wreckId: string,
  to: Point,
): Result {
  const u = state.units.get(id);
  if (!onTable(u)) return invalid(`${id} is not on the table`);
  const i = info(ctx, state, id);
  if (i.kind !== 'vehicle') return invalid('only vehicles push wrecks', 'TP-5.10');
  const w = state.wrecks.find((x) => x.id === wreckId);
  if (!w) return invalid(`no wreck ${wreckId}`);
  const mine = weightRank(ctx, u.type);
  const theirs = weightRank(ctx, w.type);
  if (mine === undefined || theirs === undefined || mine <= theirs) {
    const others = possiblePushers(ctx, state, u.side, w.type);
    return invalid(
      `${id} (${i.type.name.toLowerCase()}) is not heavier than the wreck of ${w.unit} (${typeName(ctx, w.type).toLowerCase()})${others.length > 0 ? `; ${others.join(', ')} could push it` : ''}`,
      'TP-5.10',
    );
  }
  const perTurn = constant(ctx.catalog, 'wreckPushPerTurn');
  if (w.pushedTurn === state.turn)
    return invalid(`the wreck of ${w.unit} has already been pushed this turn`, 'TP-5.10');
  const from = tablePoint(w.at[0], w.at[1]);
  const dest = tablePoint(to[0], to[1]);
  const d = distance(from, dest);
  if (d <= 1e-6) return invalid('push the wreck somewhere: give a point away from it');
  if (d > perTurn + 1e-6)
    return invalid(
      `a wreck is pushed at most ${perTurn}" a turn; that push is ${fmt(d)}"`,
      'TP-5.10',
    );
  if (dest.x < 0 || dest.y < 0 || dest.x > ctx.map.width || dest.y > ctx.map.height)
    return invalid('a wreck cannot be pushed off the table', 'TP-5.10');
  const here = tablePoint(u.at[0], u.at[1]);
  const reach = pushContact(ctx, state, id, w);
  if (distance(here, from) > reach + EPS)
    return invalid(`${id} must be up against the wreck of ${w.unit} to push it`, 'TP-5.10');
  const dx = dest.x - from.x;
  const dy = dest.y - from.y;
  if (dx * (from.x - here.x) + dy * (from.y - here.y) <= 0)
    return invalid(
      `${id} pushes the wreck away from itself, not towards or past itself`,
      'TP-5.10',
    );
  const { cost, ruleId } = actionCost(ctx, 'pushWreck', 1, 'TP-5.10');
  if (u.moved + cost > 1 + EPS)
    return invalid(
      `pushing a wreck takes ${cost >= 1 ? 'the whole' : 'part of the'} move; ${id} has ${fmt(Math.max(0, 1 - u.moved))} left`,
      ruleId,
    );
  const limited = moveLimitRefusal(ctx, state, u, cost);
  if (limited) return limited;
  const end = tablePoint(here.x + dx, here.y + dy);
  const mover = moverOf(ctx, i.type);
  for (const path of [
    [here, end],
    [from, dest],
  ]) {
    const c = pathCost(ctx.terrain, mover, path, state.gaps ?? []);
    if (!c.legal) return invalid(c.blockedBy?.reason ?? 'the way is blocked', c.blockedBy?.ruleId);
  }
  const other =
    wreckCrossed(ctx, state, [from, dest], w.id) ?? wreckCrossed(ctx, state, [here, end], w.id);
  if (other) return invalid(`the wreck of ${other.unit} is in the way of the push`, 'TP-14.4');
  let next = withWreck(state, wreckId, { at: [dest.x, dest.y], pushedTurn: state.turn });
  next = withUnit(next, id, {
    at: [end.x, end.y],
    moved: u.moved + cost,
    movedInches: u.movedInches + d,
  });
  return accepted(next, [
    {
      type: 'WreckPushed',
      unit: id,
      wreck: wreckId,
      from: [from.x, from.y],
      to: [dest.x, dest.y],
      ruleId: 'TP-5.10',
    },
    {
      type: 'UnitMoved',
      unit: id,
      from: [here.x, here.y],
      to: [end.x, end.y],
      inches: Math.round(d * 100) / 100,
      cost,
      rate: mover.offRoadRate,
      ruleIds: [ruleId],
    },
  ]);
}

/** A point `inches` beyond a wreck, straight away from a pusher (for command lists). */
export function pushTarget(
  state: TankplankState,
  unit: string,
  w: WreckState,
  inches: number,
): Point {
  const u = state.units.get(unit)!;
  const from = tablePoint(w.at[0], w.at[1]);
  const here = u.at ? tablePoint(u.at[0], u.at[1]) : from;
  const d = distance(here, from) || 1;
  return [from.x + ((from.x - here.x) / d) * inches, from.y + ((from.y - here.y) / d) * inches];
}
