import { tankplankState } from './state';
import { withEntry } from '../../../game/dict';
import type { WeaponType } from '../../../format';
import { tablePoint, type TablePoint } from '../../../geometry/units';
import { constant, num, stat, statText, tableRows, text } from './catalog';
import type { TankplankContext, UnitInfo } from './context';
import type { MatrixOutcome, ShotPlan, ShotRequest } from './shotPlan';
import { blastEffects } from './blasts';
import { indirectPositionRefusal, matrixCircles, mortarShelter } from './canopy';
import { callLapsed } from './observers';
import {
  dist,
  info,
  obstructions,
  onTable,
  positionOf,
  seesBetween,
  weaponKey,
  weaponsOf,
} from './situation';
import type { TankplankState } from './state';

/**
 * Optional artillery (TP-18.7, BASIC.OPT.ART). An artillery piece is a towed gun or a
 * self-propelled vehicle whose weapon has `stats.artilleryClass`. It fires direct like a tank gun
 * (planned by fire.ts planGun, with its class's impact and blast sector) whenever it sees its
 * target; indirect fire uses the mortar procedure (TP-12.2) with its class's burst as the matrix
 * circle, and only when the scenario turns BASIC.OPT.ART on (TP-A41). This module holds the
 * checks that are artillery's own: set-up time, who may serve the piece and how often it fires,
 * and who may call its fire.
 */

/** The scenario option that allows indirect artillery fire (TP-A41). */
export const ARTILLERY_OPTION = 'BASIC.OPT.ART';

/** A refusal with the rule that refuses (the shape fire.ts uses). */
interface Refusal {
  readonly refused: true;
  readonly reason: string;
  readonly ruleId?: string;
}
const refuse = (reason: string, ruleId: string): Refusal => ({ refused: true, reason, ruleId });

/** The artillery class of a weapon ('light', 'medium', 'heavy'), or undefined for other weapons. */
export function artilleryClass(w: WeaponType): string | undefined {
  return statText(w.stats, 'artilleryClass');
}

/** Whether a weapon is an artillery piece's gun. */
export function isArtillery(w: WeaponType): boolean {
  return artilleryClass(w) !== undefined;
}

/** Whether the scenario turns optional artillery (indirect fire) on. */
export function artilleryOptionOn(ctx: TankplankContext): boolean {
  const v = ctx.scenario.ruleset.options?.[ARTILLERY_OPTION];
  return v === true || v === 'true';
}

/** Diameter of the circles an indirect round lands in: the class's burst, or a mortar's matrix. */
export function indirectDiameter(ctx: TankplankContext, w: WeaponType): number {
  if (!isArtillery(w)) return w.template?.width ?? 2;
  const basic = stat(w.stats, 'burstDiameter', 2);
  // With the advanced rules, bursts follow their calibre table (TP-A16, TP-20.4).
  return ctx.catalog.layer === 'ADV' ? stat(w.stats, 'advBurstDiameter', basic) : basic;
}

/** Artillery crewmen serving a piece now, and men at hand who may not serve it (TP-18.7f, g). */
export function artilleryCrew(
  ctx: TankplankContext,
  state: TankplankState,
  piece: string,
): { crew: number; barred: number } {
  const roles = new Set(tableRows(ctx.catalog, 'artilleryCrewRoles').map((r) => text(r, 'role')));
  const g = state.units.get(piece)!;
  let crew = 0;
  for (const [role, n] of Object.entries(g.crew)) if (roles.has(role)) crew += n;
  let barred = 0;
  const at = positionOf(state, piece);
  if (!at || info(ctx, state, piece).kind !== 'gun') return { crew, barred };
  const reach = constant(ctx.catalog, 'crewProximity');
  for (const u of state.units.list()) {
    if (!onTable(u) || u.side !== g.side || u.id === piece || u.doomed) continue;
    if (info(ctx, state, u.id).kind !== 'figure') continue;
    if (dist([u.at[0], u.at[1]], at) > reach + 1e-9) continue;
    if (u.role !== undefined && roles.has(u.role)) crew++;
    else if (u.formation === g.formation) barred++;
  }
  return { crew, barred };
}

/** Turns a piece needs to set up before it may fire: towed or self-propelled (TP-18.7d). */
export function artillerySetUpTurns(ctx: TankplankContext, sInfo: UnitInfo): number {
  const mounting = sInfo.type.mobility === 'towed' ? 'towed' : 'selfPropelled';
  const row = tableRows(ctx.catalog, 'artillerySetUp').find((r) => r['mounting'] === mounting);
  return row ? num(row, 'turns') : 1;
}

/** How often a piece with `crew` men fires: every N turns, or undefined when it cannot (TP-18.7f). */
export function artilleryCadence(
  ctx: TankplankContext,
  w: WeaponType,
  crew: number,
): { every: number | undefined; least: number } {
  const rows = tableRows(ctx.catalog, 'artilleryCadence')
    .filter((r) => r['artilleryClass'] === artilleryClass(w))
    .sort((a, b) => num(b, 'minCrew') - num(a, 'minCrew'));
  const row = rows.find((r) => crew >= num(r, 'minCrew'));
  const least = rows.length ? num(rows[rows.length - 1]!, 'minCrew') : 1;
  return { every: row ? num(row, 'everyTurns') : undefined, least };
}

/**
 * The checks an artillery piece passes before any shot: set up long enough (TP-18.7d), not moved
 * this turn, served by enough artillery crewmen (TP-18.7f, g) and not firing more often than its
 * crew allows (TP-18.7f). Undefined when the shot may go ahead (or the weapon is not artillery).
 */
export function artilleryReadiness(
  ctx: TankplankContext,
  state: TankplankState,
  sInfo: UnitInfo,
  w: WeaponType,
  key: string,
): Refusal | undefined {
  if (!isArtillery(w)) return undefined;
  const tw = state.teamWeapons[key];
  const turns = artillerySetUpTurns(ctx, sInfo);
  if (!tw?.setUp)
    return refuse(
      `${w.name} must set up its position first: ${turns} turn${turns === 1 ? '' : 's'} before it may fire`,
      'TP-18.7d',
    );
  // Turn 0 is a position dug in before the game (a scenario's x-setUp): ready from the start.
  if (tw.setUpTurn > 0 && state.turn < tw.setUpTurn + turns) {
    const from = tw.setUpTurn + turns;
    return refuse(
      `${w.name} is still setting up (${turns} turn${turns === 1 ? '' : 's'} from turn ${tw.setUpTurn}); it may fire from turn ${from}`,
      'TP-18.7d',
    );
  }
  const { crew, barred } = artilleryCrew(ctx, state, sInfo.unit.id);
  const { every, least } = artilleryCadence(ctx, w, crew);
  if (every === undefined) {
    const also =
      barred > 0
        ? `; ${barred} other m${barred === 1 ? 'an' : 'en'} at hand may not serve artillery (infantrymen and AT gunners cannot)`
        : '';
    return refuse(
      `${w.name} needs at least ${least} artillery crewmen at the piece, has ${crew}${also}`,
      barred > 0 ? 'TP-18.7g' : 'TP-18.7f',
    );
  }
  const last = tw.lastFiredTurn;
  if (last !== undefined && state.turn - last < every) {
    return refuse(
      `with ${crew} crewmen ${w.name} fires only every ${every === 2 ? 'other' : `${every}th`} turn; it last fired on turn ${last}`.replace(
        'every 3th',
        'every third',
      ),
      'TP-18.7f',
    );
  }
  return undefined;
}

type PlanBase = Pick<
  ShotPlan,
  'shooter' | 'weapon' | 'key' | 'target' | 'at' | 'range' | 'ammoKind' | 'sight'
>;

/**
 * Artillery's own branch of planShot, taken once the target point and arc are known: indirect fire
 * (TP-18.7a, TP-A41) is planned here; direct fire beyond 40" is refused (TP-18.7c); otherwise
 * undefined, and the shot is planned as a gun's (tank tables, blast sector TP-18.7i).
 */
export function planArtillery(
  ctx: TankplankContext,
  state: TankplankState,
  req: ShotRequest,
  base: PlanBase,
  sInfo: UnitInfo,
): ShotPlan | Refusal | undefined {
  const w = base.weapon;
  if (!isArtillery(w)) {
    return req.indirect
      ? refuse(
          `${w.name} is not an artillery piece; only artillery chooses indirect fire`,
          'TP-18.7a',
        )
      : undefined;
  }
  if (!req.indirect) {
    const max = stat(w.stats, 'directRange', 40);
    if (base.range > max + 1e-9)
      return refuse(
        `${base.range.toFixed(2)}" is beyond artillery's direct-fire range of ${max}"`,
        'TP-18.7c',
      );
    return undefined;
  }
  if (!artilleryOptionOn(ctx))
    return refuse(
      `indirect artillery fire is optional (${ARTILLERY_OPTION} is off): in the basic game artillery fires direct only`,
      'TP-A41',
    );
  const diameter = indirectDiameter(ctx, w);
  const min = stat(w.stats, 'indirectMinRange', constant(ctx.catalog, 'mortarMinRange'));
  const max = stat(w.stats, 'indirectMaxRange', constant(ctx.catalog, 'mortarMaxRange'));
  if (base.range < min - 1e-9)
    return refuse(`indirect fire needs at least ${min}" of range`, 'TP-18.7a');
  if (base.range > max + 1e-9) return refuse(`indirect fire reaches at most ${max}"`, 'TP-18.7a');
  const side = sInfo.side;
  const enemyThere = state.units
    .list()
    .some((u) => onTable(u) && u.side !== side && dist([u.at[0], u.at[1]], base.at) <= diameter);
  if (!enemyThere)
    return refuse('indirect fire goes only where enemy troops or vehicles are seen', 'TP-12.1');
  // Indirect artillery follows the mortar's rules on where it fires from (TP-18.7a, TP-12.3).
  const from = positionOf(state, base.shooter)!;
  const standOff = stat(w.stats, 'canopyStandOff', 4);
  const badPosition = indirectPositionRefusal(ctx, from, base.at, standOff, w.name);
  if (badPosition) return refuse(badPosition, 'TP-12.3');
  const ownSight = w.stats?.['indirectOnOwnSight'] === true && crewSees(ctx, state, sInfo, base.at);
  const call = state.teamWeapons[base.key]?.call;
  const onCall = !!call && dist([call.at[0], call.at[1]], base.at) <= diameter;
  const lapsed =
    !ownSight && onCall && call.turn < state.turn
      ? callLapsed(ctx, state, call, diameter)
      : undefined;
  if (lapsed) return refuse(lapsed, 'TP-12.4');
  if (!ownSight && !(onCall && call.turn < state.turn)) {
    if (onCall)
      return refuse(
        `${w.name} fires the turn after the observer's call (called this turn)`,
        w.stats?.['indirectOnOwnSight'] === true ? 'TP-A40' : 'TP-18.7e',
      );
    return refuse(
      w.stats?.['indirectOnOwnSight'] === true
        ? 'the crew cannot see the target and no observer has called fire on it'
        : `${w.name} fires indirect only on an observer's call, even at targets its crew sees`,
      'TP-18.7h',
    );
  }
  return {
    ...base,
    // The round lands by the aiming matrix in circles of the class's burst (TP-A16, TP-G2).
    weapon: { ...w, template: { shape: 'aimingMatrix', width: diameter } },
    sight: undefined,
    mode: 'mortar',
    band: 'indirect',
    matrix: matrixOutcomes(ctx, state, base.at, from, diameter, side, standOff),
    ruleId: 'TP-18.7a',
  };
}

/** Whether the piece, or an artillery crewman at it, sees the point (TP-18.7h). */
function crewSees(
  ctx: TankplankContext,
  state: TankplankState,
  sInfo: UnitInfo,
  at: TablePoint,
): boolean {
  const from = positionOf(state, sInfo.unit.id)!;
  if (seesBetween(ctx, state, { unit: sInfo.unit.id, point: from }, { point: at })) return true;
  const roles = new Set(tableRows(ctx.catalog, 'artilleryCrewRoles').map((r) => text(r, 'role')));
  const reach = constant(ctx.catalog, 'crewProximity');
  return state.units
    .list()
    .some(
      (u) =>
        onTable(u) &&
        u.side === sInfo.side &&
        u.role !== undefined &&
        roles.has(u.role) &&
        dist([u.at[0], u.at[1]], from) <= reach + 1e-9 &&
        seesBetween(ctx, state, { unit: u.id, point: tablePoint(u.at[0], u.at[1]) }, { point: at }),
    );
}

/**
 * Every landing of an indirect round, by matrix roll (a 1 is a dud), with the saves and
 * penetration rolls it brings, so the odds can be counted exactly. The men a mortar round could
 * not reach are safe from it too (TP-12.3 by TP-18.7a): under a canopy, just behind one, on the
 * other roof slope, under an open house's roof.
 */
export function matrixOutcomes(
  ctx: TankplankContext,
  state: TankplankState,
  at: TablePoint,
  from: TablePoint,
  diameter: number,
  side: string,
  standOff: number,
): MatrixOutcome[] {
  const obs = obstructions(ctx, state);
  return matrixCircles(
    ctx,
    at,
    from,
    diameter,
    (t) => blastEffects(ctx, state, t, side, obs, undefined),
    (landed, unit) => mortarShelter(ctx, state, from, landed, unit, standOff),
  );
}

/**
 * After a move: a self-propelled piece that drives off leaves its position and must set up again
 * before it fires (TP-18.7d). A towed gun cannot move while set up at all.
 */
export function artilleryMoved(
  ctx: TankplankContext,
  state: TankplankState,
  mover: UnitInfo,
): TankplankState {
  let next = state;
  for (const m of weaponsOf(ctx, mover)) {
    // Asked of every move: the weapon's class first, its key (a new string) only for artillery.
    if (!isArtillery(m.weapon)) continue;
    const key = weaponKey(mover, m.weapon);
    const tw = next.teamWeapons[key];
    if (!tw?.setUp) continue;
    next = tankplankState({
      ...next,
      teamWeapons: withEntry(next.teamWeapons, key, { ...tw, setUp: false }),
    });
  }
  return next;
}

/** After an artillery shot: remember the turn, for the crew's rate of fire (TP-18.7f). */
export function artilleryFired(state: TankplankState, plan: ShotPlan): TankplankState {
  if (!isArtillery(plan.weapon)) return state;
  const tw = state.teamWeapons[plan.key];
  if (!tw) return state;
  return tankplankState({
    ...state,
    teamWeapons: withEntry(state.teamWeapons, plan.key, { ...tw, lastFiredTurn: state.turn }),
  });
}

/** Why an observer may not call this weapon's fire, or undefined when he may (TP-A41). */
export function artilleryCallRefusal(ctx: TankplankContext, w: WeaponType): Refusal | undefined {
  if (isArtillery(w) && !artilleryOptionOn(ctx))
    return refuse(
      `calling artillery fire is optional (${ARTILLERY_OPTION} is off): in the basic game artillery fires direct only`,
      'TP-A41',
    );
  return undefined;
}

/** A short account of a piece for the weapons list: set-up, crew and rate of fire (TP-18.7d, f). */
export function artilleryStatus(
  ctx: TankplankContext,
  state: TankplankState,
  sInfo: UnitInfo,
  w: WeaponType,
  key: string,
): string {
  const tw = state.teamWeapons[key];
  const turns = artillerySetUpTurns(ctx, sInfo);
  if (!tw?.setUp) return `not set up (takes ${turns} turn${turns === 1 ? '' : 's'})`;
  if (tw.setUpTurn > 0 && state.turn < tw.setUpTurn + turns)
    return `setting up, fires from turn ${tw.setUpTurn + turns}`;
  const { crew } = artilleryCrew(ctx, state, sInfo.unit.id);
  const { every } = artilleryCadence(ctx, w, crew);
  const rate =
    every === undefined
      ? 'too few to fire'
      : every === 1
        ? 'fires every turn'
        : `fires every ${every === 2 ? 'other' : 'third'} turn`;
  return `set up; ${crew} crew, ${rate}`;
}
