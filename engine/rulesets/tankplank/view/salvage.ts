/**
 * Playtest commands and log lines for boats (TP-5.3, TP-G7) and for heavy weapons without their
 * crews (TP-16.4 to TP-16.9). The Tankplank adapter calls these; they hold no state.
 */
import { tablePoint } from '../../../geometry/units';
import { distance } from '../../../geometry/vector';
import type { LogLine, UnitCommand, WeaponChoice } from '../../../playtest/view';
import {
  carriedPiece,
  constant,
  info,
  isBoat,
  isPiece,
  isTeamWeapon,
  onTable,
  weaponsOf,
  type TankplankAction,
  type TankplankContext,
  type TankplankEvent,
  type TankplankState,
} from '../rules';

type Try = (
  state: TankplankState,
  id: string,
  label: string,
  action: TankplankAction,
) => UnitCommand;
type Events = Extract<
  TankplankEvent,
  {
    type:
      | 'BoatBoarded'
      | 'BoatCrossed'
      | 'BoatSwamped'
      | 'WeaponAbandoned'
      | 'WeaponPickedUp'
      | 'WeaponDropped'
      | 'CrewJoined'
      | 'CapturedGunFired';
  }
>;

/** How far off a man may stand for a boat or weapon command to be offered (and refused, if too far). */
const OFFER = 4;

const near = (
  a: { readonly at: readonly [number, number] },
  b: { readonly at: readonly [number, number] },
) => distance(tablePoint(a.at[0], a.at[1]), tablePoint(b.at[0], b.at[1])) <= OFFER;

/** Movement-phase commands for one unit: board or cross in a boat, pick up or drop a weapon, order a crewman. */
export function salvageCommands(
  ctx: TankplankContext,
  state: TankplankState,
  unit: string,
  tryAction: Try,
  label: (id: string) => string,
): UnitCommand[] {
  const u = state.units.get(unit);
  if (!u || !u.alive) return [];
  const out: UnitCommand[] = [];
  const kind = info(ctx, state, unit).kind;
  if (u.boat || (isBoat(ctx, state, unit) && onTable(u))) {
    const boat = u.boat ?? unit;
    out.push(
      tryAction(state, `cross:${boat}`, `Cross in boat ${label(boat)}`, {
        type: 'crossInBoat',
        unit,
      }),
    );
  }
  if (kind !== 'figure' || !onTable(u)) return out;
  const carried = carriedPiece(ctx, state, unit);
  if (carried)
    out.push(
      tryAction(state, `drop:${carried}`, `Put down ${label(carried)}`, {
        type: 'dropWeapon',
        unit,
      }),
    );
  for (const o of state.units.list()) {
    if (!onTable(o) || o.id === unit || !near(u, o)) continue;
    if (!u.boat && o.side === u.side && isBoat(ctx, state, o.id))
      out.push(
        tryAction(state, `board:${o.id}`, `Board boat ${label(o.id)}`, {
          type: 'boardBoat',
          unit,
          boat: o.id,
        }),
      );
    if (!carried && isPiece(ctx, state, o.id))
      out.push(
        tryAction(
          state,
          `pickUp:${o.id}`,
          `${o.side === u.side ? 'Pick up' : 'Carry off'} ${label(o.id)}`,
          { type: 'pickUpWeapon', unit, piece: o.id },
        ),
      );
    // An officer beside a bailed-out crewman may send him to any heavy weapon of his side (TP-16.5).
    if (
      u.role === 'officer' &&
      o.side === u.side &&
      o.spawned &&
      info(ctx, state, o.id).kind === 'figure'
    )
      for (const crew of heavyWeapons(ctx, state, u.side))
        out.push(
          tryAction(
            state,
            `join:${o.id}:${crew}`,
            `Order ${label(o.id)} to join the crew of ${label(crew)}`,
            { type: 'joinCrew', officer: unit, unit: o.id, crew },
          ),
        );
  }
  return out;
}

/** One unit per heavy weapon of a side: each gun or dropped weapon, and one figure per team. */
function heavyWeapons(ctx: TankplankContext, state: TankplankState, side: string): string[] {
  const out: string[] = [];
  const teams = new Set<string>();
  for (const u of state.units.list()) {
    if (!onTable(u) || u.side !== side) continue;
    const i = info(ctx, state, u.id);
    if (i.kind === 'vehicle') continue;
    const w = weaponsOf(ctx, i).find((m) => isTeamWeapon(m.weapon));
    if (!w) continue;
    if (i.kind === 'gun') out.push(u.id);
    else if (!teams.has(`${u.formation}:${w.weapon.id}`)) {
      teams.add(`${u.formation}:${w.weapon.id}`);
      out.push(u.id);
    }
  }
  return out;
}

/** Firing-phase choices: an abandoned enemy gun the man stands by (TP-16.7). */
export function capturedGunChoices(
  ctx: TankplankContext,
  state: TankplankState,
  unit: string,
  label: (id: string) => string,
): WeaponChoice[] {
  const u = state.units.get(unit);
  if (!onTable(u) || info(ctx, state, unit).kind !== 'figure') return [];
  const reach = constant(ctx.catalog, 'crewProximity');
  return state.units
    .list()
    .filter(
      (g) =>
        onTable(g) &&
        g.side !== u.side &&
        info(ctx, state, g.id).kind === 'gun' &&
        distance(tablePoint(u.at[0], u.at[1]), tablePoint(g.at[0], g.at[1])) <= reach,
    )
    .map((g) => {
      const w = weaponsOf(ctx, info(ctx, state, g.id))[0]?.weapon;
      const maxRange = Math.max(0, ...(w?.ranges ?? []).map((b) => b.max));
      return {
        id: `captured:${g.id}`,
        label: `Captured ${label(g.id)}`,
        ammo: [],
        atPoint: false,
        maxRange: maxRange > 0 ? maxRange : undefined,
        remaining: `${g.ammo['AP'] ?? 0} rounds, every other turn (TP-16.7)`,
      };
    });
}

/** The action behind a captured-gun choice of `capturedGunChoices`. */
export function capturedGunAction(
  shooter: string,
  weapon: string,
  target: { readonly unit?: string; readonly at?: readonly [number, number] },
): TankplankAction | undefined {
  if (!weapon.startsWith('captured:')) return undefined;
  return {
    type: 'fireCaptured',
    unit: shooter,
    gun: weapon.slice('captured:'.length),
    ...(target.unit ? { target: target.unit } : {}),
    ...(target.at && !target.unit ? { at: [target.at[0], target.at[1]] as const } : {}),
  };
}

/** Log lines for the boat and salvage events. */
export function salvageLines(
  e: Events,
  n: (id: string) => string,
): Pick<LogLine, 'text' | 'tone' | 'ruleIds' | 'units'>[] {
  const line = (text: string, tone: LogLine['tone'], units: string[]) => ({
    text,
    tone,
    ruleIds: [e.ruleId],
    units,
  });
  switch (e.type) {
    case 'BoatBoarded':
      return [line(`${n(e.unit)} boards boat ${n(e.boat)} (a full move)`, 'move', [e.unit])];
    case 'BoatCrossed':
      return [
        line(
          `Boat ${n(e.boat)} crosses the creek; ${e.landed.map((l) => n(l.unit)).join(', ')} land on the far bank`,
          'move',
          [e.boat, ...e.landed.map((l) => l.unit)],
        ),
      ];
    case 'BoatSwamped':
      return [
        line(`Boat ${n(e.boat)} is swamped; the men aboard save as passengers`, 'result', [e.boat]),
      ];
    case 'WeaponAbandoned':
      return [
        line(
          `The last of the team is gone: ${n(e.piece)} lies on the table to be picked up`,
          'result',
          [e.piece],
        ),
      ];
    case 'WeaponPickedUp':
      return [
        line(
          e.captured
            ? `${n(e.unit)} carries off the enemy's ${n(e.piece)} (it may not be fired by him)`
            : `${n(e.unit)} picks up ${n(e.piece)}`,
          'move',
          [e.unit],
        ),
      ];
    case 'WeaponDropped':
      return [line(`${n(e.unit)} puts down ${n(e.piece)}`, 'move', [e.unit, e.piece])];
    case 'CrewJoined':
      return [
        line(`${n(e.officer)} orders ${n(e.unit)} to join the crew of ${n(e.crew)}`, 'move', [
          e.unit,
        ]),
      ];
    case 'CapturedGunFired':
      return [line(`${n(e.unit)} and his mates work the captured ${n(e.gun)}`, 'fire', [e.unit])];
  }
}
