/**
 * Heavy weapons without their crews (TP-16.4 to TP-16.9).
 *
 * - When the last man of a heavy-weapons team (HMG, bazooka, mortar) is removed, the weapon
 *   stays on the table as a piece (TP-16.8): a unit of a `weaponPiece` type, left broken down
 *   with the team's rounds, outside every morale unit. An AT gun is a unit already and simply
 *   stays where it is.
 * - A man may pick a piece up and carry it (it moves with him) and put it down again. His own
 *   side may set it up and fire it again with any men trained for it at hand (TP-16.3, TP-16.4);
 *   the enemy may only carry it away (TP-16.7). An AT gun is never carried (TP-5.5).
 * - An officer beside a dismounted vehicle crewman may order him into a heavy-weapons crew
 *   (TP-16.5): the crewman stops acting on his own and counts as one of that crew.
 * - AT crewmen and armoured-vehicle crewmen may fire an abandoned enemy AT gun, every other turn
 *   (TP-16.7, catalog `capturedWeapons`).
 * - Heavy weapons ride in vehicles only broken down and never fire from them (TP-16.9).
 */
import { dict, withEntry } from '../../../game/dict';
import { withUnit } from './state';
import type { Point } from '../../../format';
import { accepted, invalid, type Reduction } from '../../../game/reducer';
import type { TankplankAction, TankplankEvent } from './actions';
import { constant } from './catalog';
import type { TankplankContext } from './context';
import type { MoveCheck } from './boats';
import { gunCrew } from './gunCrews';
import {
  dist,
  formationUnits,
  info,
  isTeamWeapon,
  onTable,
  positionOf,
  weaponKey,
  weaponsOf,
} from './situation';
import { tankplankState, type TankplankState, type UnitState, unitState } from './state';

type Result = Reduction<TankplankState, TankplankEvent>;
/** The reducer's `fire` handler, used on a copy of the state where the captors hold the gun. */
export type FireHandler = (
  state: TankplankState,
  action: Extract<TankplankAction, { type: 'fire' }>,
) => Result;

/** Whether a unit is a dropped or abandoned heavy weapon (TP-16.8). */
export function isPiece(ctx: TankplankContext, state: TankplankState, id: string): boolean {
  if (!state.units.get(id)) return false;
  return info(ctx, state, id).type.keywords?.includes('weaponPiece') === true;
}

/** Pieces and boats are things, not troops: they do not keep a side in the game. */
export function countsAsTroops(ctx: TankplankContext, state: TankplankState, id: string) {
  const i = info(ctx, state, id);
  const kw = i.type.keywords ?? [];
  if (kw.includes('weaponPiece') || kw.includes('boat')) return false;
  // A gun with nobody of its side within reach to serve it is an abandoned heavy weapon, a piece
  // on the table (TP-16.8) that the enemy may even turn round and fire (TP-16.7): no troops.
  if (i.kind === 'gun') {
    const at = positionOf(state, id);
    const u = state.units.get(id);
    if (at && u && !u.embarkedIn && gunCrew(ctx, state, id, at) === 0) return false;
  }
  // A vehicle with nobody aboard, neither crew nor riders, is a thing left standing, as the
  // abandoned gun above: no troops (the TP-3.3 reading in interpretations.ts, RULE_READINGS).
  if (i.kind === 'vehicle') {
    const u = state.units.get(id);
    if (u && u.passengers.length === 0 && !manned(u)) return false;
  }
  return true;
}

/** Whether any crew figure is still inside a vehicle or gun. */
function manned(u: UnitState): boolean {
  for (const role in u.crew) if ((u.crew[role] ?? 0) > 0) return true;
  return false;
}

/** A piece moves only in a man's hands (TP-16.8). */
export function pieceMoveRefusal(ctx: TankplankContext, state: TankplankState, id: string) {
  if (!isPiece(ctx, state, id)) return undefined;
  return invalid(`${id} is a dropped weapon: a man must pick it up and carry it`, 'TP-16.8');
}

/** Heavy weapons go into a vehicle only broken down (TP-16.9). */
export function loadRefusal(ctx: TankplankContext, state: TankplankState, id: string) {
  const i = info(ctx, state, id);
  if (i.kind !== 'figure') return undefined;
  const assembled = weaponsOf(ctx, i).find(
    (m) =>
      isTeamWeapon(m.weapon) &&
      m.weapon.stats?.['needsSetUp'] === true &&
      state.teamWeapons[weaponKey(i, m.weapon)]?.setUp,
  );
  if (!assembled) return undefined;
  return invalid(
    `break the ${assembled.weapon.name} down first: heavy weapons ride in vehicles broken down`,
    'TP-16.9',
  );
}

function pieceType(ctx: TankplankContext, weapon: string): string | undefined {
  for (const t of ctx.catalog.units.values())
    if (t.keywords?.includes('weaponPiece') && t.weapons?.[0]?.weapon === weapon) return t.id;
  return undefined;
}

/** The piece a man carries, if any. */
export function carriedPiece(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
): string | undefined {
  return state.units
    .get(id)
    ?.passengers.find((p) => state.units.get(p)?.embarkedIn === id && isPiece(ctx, state, p));
}

/**
 * After the casualties of a Firing phase are removed: a dead man's carried piece falls where he
 * stood, and a team weapon whose last man is gone stays on the table as a piece (TP-16.8).
 */
export function leftBehind(
  ctx: TankplankContext,
  before: TankplankState,
  after: TankplankState,
  events: TankplankEvent[],
): TankplankState {
  let next = after;
  for (const u of after.units.list()) {
    if (!u.embarkedIn || !isPiece(ctx, after, u.id)) continue;
    const carrier = after.units.get(u.embarkedIn);
    if (!carrier || carrier.alive) continue;
    const p = positionOf(before, carrier.id);
    if (!p) continue;
    next = withUnit(next, u.id, { embarkedIn: null, at: [p.x, p.y] });
    next = withUnit(next, carrier.id, { passengers: [] });
    events.push({
      type: 'WeaponDropped',
      unit: carrier.id,
      piece: u.id,
      at: [p.x, p.y],
      ruleId: 'TP-16.8',
    });
  }
  for (const [key, tw] of Object.entries(after.teamWeapons)) {
    const cut = key.lastIndexOf(':');
    const formation = key.slice(0, cut);
    const weapon = key.slice(cut + 1);
    if (!after.formations.get(formation)) continue;
    const team = (s: TankplankState) =>
      formationUnits(s, formation).filter((u) => {
        if (!u.alive) return false;
        const i = info(ctx, s, u.id);
        return i.kind === 'figure' && weaponsOf(ctx, i).some((m) => m.weapon.id === weapon);
      });
    const last = team(before);
    if (last.length === 0 || team(after).length > 0) continue;
    const at = last.map((u) => positionOf(before, u.id)).find((p) => !!p);
    const type = pieceType(ctx, weapon);
    if (!at || !type) continue;
    let id = `piece.${formation}.${weapon}`;
    for (let n = 2; next.units.get(id); n++) id = `piece.${formation}.${weapon}.${n}`;
    const piece: UnitState = {
      id,
      side: last[0]!.side,
      // Outside every morale unit: only men trained for the weapon serve it (TP-16.3, TP-16.4).
      formation: `${formation}:dropped`,
      type,
      at: [at.x, at.y],
      facing: last[0]!.facing,
      turret: 0,
      alive: true,
      doomed: false,
      embarkedIn: null,
      passengers: [],
      crew: dict(),
      // A piece keeps its count of rounds where guns keep theirs.
      ammo: dict([['AP', tw.ammo]]),
      moved: 0,
      movedInches: 0,
      noFire: false,
    };
    next = tankplankState({
      ...next,
      units: next.units.with(id, unitState(piece)),
      teamWeapons: withEntry(next.teamWeapons, `${id}:${weapon}`, {
        setUp: false,
        setUpTurn: 0,
        ammo: tw.ammo,
      }),
    });
    events.push({
      type: 'WeaponAbandoned',
      piece: id,
      weapon,
      formation,
      at: [at.x, at.y],
      ruleId: 'TP-16.8',
    });
  }
  return next;
}

/** A man picks up a piece beside him, for a share of his move (placeholder `pickUpWeaponCost`). */
export function pickUpWeapon(
  ctx: TankplankContext,
  state: TankplankState,
  action: Extract<TankplankAction, { type: 'pickUpWeapon' }>,
  check: MoveCheck,
): Result {
  const refused = check(state, action.unit);
  if (refused) return refused;
  const man = state.units.get(action.unit)!;
  const piece = state.units.get(action.piece);
  if (!onTable(man) || info(ctx, state, man.id).kind !== 'figure')
    return invalid('only a man on the table picks up a weapon', 'TP-16.8');
  if (!piece || !piece.alive) return invalid(`${action.piece} is not on the table`);
  if (!isPiece(ctx, state, piece.id)) {
    if (info(ctx, state, piece.id).kind === 'gun')
      return invalid('an AT gun is never carried or lifted; two men tow it', 'TP-5.5');
    return invalid(`${piece.id} is not a dropped weapon`, 'TP-16.8');
  }
  if (!onTable(piece)) return invalid(`${piece.id} is already being carried`, 'TP-16.8');
  if (carriedPiece(ctx, state, man.id))
    return invalid(`${man.id} already carries a weapon`, 'TP-5.6');
  if (
    dist([man.at[0], man.at[1]], [piece.at[0], piece.at[1]]) >
    constant(ctx.catalog, 'mountReach') + 1e-9
  )
    return invalid(`${man.id} must stand beside ${piece.id} to pick it up`, 'TP-16.8');
  const pInfo = info(ctx, state, piece.id);
  const w = weaponsOf(ctx, pInfo)[0]!.weapon;
  if (state.teamWeapons[weaponKey(pInfo, w)]?.setUp)
    return invalid(`break the ${w.name} down before carrying it`, 'TP-5.6');
  const cost = constant(ctx.catalog, 'pickUpWeaponCost');
  if (man.moved + cost > 1 + 1e-9)
    return invalid('picking up a weapon takes half a move', 'TP-16.8');
  let next = withUnit(state, piece.id, { embarkedIn: man.id, at: null });
  next = withUnit(next, man.id, {
    passengers: [...man.passengers, piece.id],
    moved: man.moved + cost,
  });
  const captured = piece.side !== man.side;
  return accepted(next, [
    {
      type: 'WeaponPickedUp',
      unit: man.id,
      piece: piece.id,
      weapon: w.id,
      captured,
      ruleId: captured ? 'TP-16.7' : 'TP-16.8',
    },
  ]);
}

/** A man puts down the piece he carries, where he stands (no cost). */
export function dropWeapon(
  ctx: TankplankContext,
  state: TankplankState,
  unit: string,
  check: MoveCheck,
): Result {
  const refused = check(state, unit);
  if (refused) return refused;
  const man = state.units.get(unit)!;
  const piece = carriedPiece(ctx, state, unit);
  if (!piece) return invalid(`${unit} carries no weapon`, 'TP-16.8');
  if (!onTable(man)) return invalid(`${unit} must be on the ground to put it down`, 'TP-16.9');
  const at: Point = [man.at[0], man.at[1]];
  let next = withUnit(state, piece, { embarkedIn: null, at });
  next = withUnit(next, unit, { passengers: man.passengers.filter((p) => p !== piece) });
  return accepted(next, [{ type: 'WeaponDropped', unit, piece, at, ruleId: 'TP-16.8' }]);
}

/**
 * An officer beside a bailed-out vehicle crewman orders him into a heavy-weapons crew: the crew
 * of a gun or dropped weapon, or the team of a heavy-weapons figure (TP-16.5).
 */
export function joinCrew(
  ctx: TankplankContext,
  state: TankplankState,
  action: Extract<TankplankAction, { type: 'joinCrew' }>,
  check: MoveCheck,
): Result {
  const refused = check(state, action.officer);
  if (refused) return refused;
  const officer = state.units.get(action.officer)!;
  const man = state.units.get(action.unit);
  const crew = state.units.get(action.crew);
  if (!onTable(officer) || officer.role !== 'officer')
    return invalid(`${action.officer} is not an officer on the table`, 'TP-16.5');
  if (!onTable(man) || man.side !== officer.side)
    return invalid(`${action.unit} is not one of your men on the table`);
  if (!man.spawned)
    return invalid(
      `${man.id} is not a dismounted vehicle crewman; only they are ordered into a crew`,
      'TP-16.5',
    );
  if (
    dist([officer.at[0], officer.at[1]], [man.at[0], man.at[1]]) >
    constant(ctx.catalog, 'mountReach') + 1e-9
  )
    return invalid(`the officer must go to ${man.id} to give the order`, 'TP-16.5');
  if (!crew || !crew.alive || crew.side !== officer.side)
    return invalid(`${action.crew} is not one of your heavy weapons`, 'TP-16.5');
  const cInfo = info(ctx, state, crew.id);
  const heavy =
    cInfo.kind === 'gun'
      ? weaponsOf(ctx, cInfo)[0]?.weapon
      : weaponsOf(ctx, cInfo).find((m) => isTeamWeapon(m.weapon))?.weapon;
  if (cInfo.kind === 'vehicle' || !heavy || !isTeamWeapon(heavy))
    return invalid(`${crew.id} serves no heavy weapon`, 'TP-16.5');
  const next = withUnit(state, man.id, {
    spawned: undefined,
    formation: crew.formation,
    joinedCrew: heavy.id,
  });
  return accepted(next, [
    {
      type: 'CrewJoined',
      officer: officer.id,
      unit: man.id,
      crew: crew.id,
      weapon: heavy.id,
      ruleId: 'TP-16.5',
    },
  ]);
}

function capturedRow(ctx: TankplankContext, weapon: string) {
  const row = ctx.catalog.tables['capturedWeapons']?.rows.find((r) => r['weapon'] === weapon);
  if (!row) return undefined;
  const roles = Array.isArray(row['roles']) ? row['roles'].map(String) : [];
  return { roles: new Set(roles), everyTurns: Number(row['everyTurns'] ?? 0) };
}

/**
 * Captors fire an abandoned enemy AT gun (TP-16.7): only AT crewmen and armoured-vehicle crewmen
 * may, enough of them must stand at the gun, none of its own side may, and it fires only every
 * other turn. The shot itself is the ordinary gun shot, planned with the captors holding the gun.
 */
export function fireCaptured(
  ctx: TankplankContext,
  state: TankplankState,
  action: Extract<TankplankAction, { type: 'fireCaptured' }>,
  fire: FireHandler,
): Result {
  if (state.phase !== 'firing') return invalid('weapons fire only in the Firing phase', 'TP-4.2');
  const man = state.units.get(action.unit);
  const gun = state.units.get(action.gun);
  if (!onTable(man) || info(ctx, state, man.id).kind !== 'figure')
    return invalid(`${action.unit} is not a man on the table`);
  if (!onTable(gun)) return invalid(`${action.gun} is not on the table`);
  if (gun.side === man.side)
    return invalid(`${gun.id} is your own weapon: fire it with its crew`, 'TP-16.7');
  const gInfo = info(ctx, state, gun.id);
  const weapon = weaponsOf(ctx, gInfo)[0]?.weapon;
  if (gInfo.kind !== 'gun' || !weapon) return invalid(`${gun.id} is not a heavy weapon`);
  const row = capturedRow(ctx, weapon.id);
  if (!row || row.roles.size === 0)
    return invalid(
      `nobody may fire an enemy ${weapon.name}; it may only be carried away`,
      'TP-16.7',
    );
  if (!man.role || !row.roles.has(man.role))
    return invalid(
      `only AT-gun crewmen and armoured-vehicle crewmen may fire a captured ${weapon.name}`,
      'TP-16.7',
    );
  if ((state.fired[man.id]?.length ?? 0) > 0)
    return invalid(`${man.id} has already fired this phase`, 'TP-G6');
  const reach = constant(ctx.catalog, 'crewProximity');
  const gp: Point = [gun.at[0], gun.at[1]];
  const near = (u: UnitState): u is UnitState & { at: readonly [number, number] } =>
    onTable(u) && !u.doomed && dist([u.at[0], u.at[1]], gp) <= reach + 1e-9;
  const owners = state.units
    .list()
    .some(
      (u) =>
        u.side === gun.side &&
        u.id !== gun.id &&
        near(u) &&
        info(ctx, state, u.id).kind === 'figure',
    );
  if (owners || Object.values(gun.crew).some((n) => n > 0))
    return invalid(`${gun.id} is still manned by its own side`, 'TP-16.7');
  const hands = state.units
    .list()
    .filter(
      (u) => u.side === man.side && near(u) && u.role !== undefined && row.roles.has(u.role),
    ).length;
  const minCrew = Number(weapon.stats?.['minCrew'] ?? 1);
  if (!near(man) || hands < minCrew)
    return invalid(
      `a captured ${weapon.name} needs ${minCrew} trained men at it, has ${near(man) ? hands : 0}`,
      'TP-16.7',
    );
  if (
    gun.capturedFireTurn !== undefined &&
    state.turn - gun.capturedFireTurn < Math.max(1, row.everyTurns)
  )
    return invalid(`a captured ${weapon.name} fires only every other turn`, 'TP-16.7');
  const r = fire(withUnit(state, gun.id, { side: man.side }), {
    type: 'fire',
    unit: gun.id,
    weapon: weapon.id,
    ...(action.target !== undefined ? { target: action.target } : {}),
    ...(action.at !== undefined ? { at: action.at } : {}),
    ...(action.ammo !== undefined ? { ammo: action.ammo } : {}),
  });
  if (!r.ok) return r;
  let next = withUnit(r.state, gun.id, { side: gun.side, capturedFireTurn: state.turn });
  next = tankplankState({
    ...next,
    fired: withEntry(next.fired, man.id, [...(next.fired[man.id] ?? []), `${gun.id}:captured`]),
  });
  return accepted(next, [
    { type: 'CapturedGunFired', unit: man.id, gun: gun.id, ruleId: 'TP-16.7' },
    ...r.events,
  ]);
}
