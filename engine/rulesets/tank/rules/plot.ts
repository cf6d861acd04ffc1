import type { HexRef } from '../../../format';
import { directionTo, hexDistance } from '../../../hex';
import type { TankContext } from './context';
import { dugIn, entrenchTurns, mapOf, plotOf, plottedMp, shotOdds, seesFor } from './fire';
import type { Mission, Plot, TankState } from './state';

export type PlotCheck =
  { readonly ok: true } | { readonly ok: false; readonly reason: string; readonly ruleId: string };

const no = (reason: string, ruleId: string): PlotCheck => ({ ok: false, reason, ruleId });
const OK: PlotCheck = { ok: true };

const FIRE: readonly Mission[] = ['DF', 'DF-P', 'SMF', 'OF'];
/** The missions that move a unit along a plotted path. */
export const MOVES: readonly Mission[] = ['MV', 'MVR', 'OV', 'SMF'];
const LAYER_OF: Partial<Record<Mission, 'optional' | 'costello'>> = {
  'DF-P': 'optional',
  'DF-CA': 'optional',
  SMF: 'optional',
  EN: 'costello',
  CLR: 'costello',
};
/** Missions of a layer that the base game's missions table need not list. */
const UNTABLED: readonly Mission[] = ['DF-P', 'DF-CA', 'SMF'];
const RULE_OF: Partial<Record<Mission, string>> = {
  'DF-P': 'OT-32.8',
  'DF-CA': 'OT-32.11',
  SMF: 'OT-32.14',
  EN: 'TC-4.8',
  CLR: 'TC-4.9',
};

/** Units of `side` on a hex (alive, on the map). */
export function unitsAt(ctx: TankContext, state: TankState, h: HexRef, side?: string): string[] {
  return ctx.order.filter((id) => {
    const u = state.units[id]!;
    return (
      u.alive &&
      u.at &&
      u.at.col === h.col &&
      u.at.row === h.row &&
      (side === undefined || ctx.units.get(id)!.side === side)
    );
  });
}

/** The facings a platoon member may take (OT-G8 follow the leader; OT-32.13 looser formations). */
export function allowedFacings(
  ctx: TankContext,
  state: TankState,
  unit: string,
): { facings: number[]; ruleId: string } | undefined {
  const u = state.units[unit]!;
  const p = u.platoon ? ctx.platoons.get(u.platoon) : undefined;
  if (!p?.leader || p.leader === unit) return undefined;
  const lu = state.units[p.leader];
  if (!lu?.alive) return undefined;
  const lf = plotOf(ctx, state, p.leader)?.facing ?? lu.facing;
  const loose =
    ctx.rules.layers.optional &&
    u.panic <= (ctx.rules.constants['looseFormationMaxPanicPct'] ?? 20);
  const spread = loose ? ctx.rules.options.looseFacingSpread : 0;
  const out: number[] = [];
  for (let k = -spread; k <= spread; k++) out.push((((lf + k) % 6) + 6) % 6);
  return { facings: out, ruleId: loose ? 'OT-32.13' : 'OT-G8' };
}

/** Movement allowance for a mission (SMF moves half, OT-32.14). */
export function allowance(ctx: TankContext, unit: string, mission: Mission): number {
  const ma = ctx.units.get(unit)!.ma;
  return mission === 'SMF'
    ? Math.floor(ma * (ctx.rules.constants['smfMovementFactor'] ?? 0.5))
    : ma;
}

/**
 * Whether a unit may enter a hex at all (vehicles and impassable terrain, TC-1.4; with a state,
 * rubble scattered into a street closes it to vehicles, TC-1.3).
 */
export function enterable(ctx: TankContext, unit: string, h: HexRef, state?: TankState): boolean {
  const map = state ? mapOf(ctx, state) : ctx.map;
  const hex = map.hex(map.toAxial(h));
  if (!hex) return false;
  return !(hex.vehicleImpassable && ctx.units.get(unit)!.cls === 'vehicle');
}

/** The relative sides a unit may back through on an MVR path: straight back ± the catalog's arc. */
export function reverseSides(ctx: TankContext): number[] {
  const arc = ctx.rules.constants['reverseArcHexsides'] ?? 0;
  const out: number[] = [];
  for (let k = -arc; k <= arc; k++) out.push((((3 + k) % 6) + 6) % 6);
  return out;
}

/** The friendly units a vehicle carries now (MT, OT-32.8 (8)). */
export function ridersOf(ctx: TankContext, state: TankState, carrier: string): string[] {
  return ctx.order.filter((id) => state.units[id]!.alive && state.units[id]!.carriedBy === carrier);
}

/** How many infantry units a vehicle may carry (unit stat carryCapacity, else the catalog's default for vehicles). */
export function carryCapacity(ctx: TankContext, carrier: string): number {
  const info = ctx.units.get(carrier)!;
  if (info.cls !== 'vehicle' || info.dummy) return 0;
  return info.carry ?? ctx.rules.constants['vehicleCarryCapacity'] ?? 0;
}

function checkPath(ctx: TankContext, state: TankState, unit: string, plot: Plot): PlotCheck {
  const info = ctx.units.get(unit)!;
  const path = plot.path ?? [];
  const map = mapOf(ctx, state);
  if (path.length === 0) return no(`${plot.mission} needs a path of hexes`, 'OT-G7');
  let at = state.units[unit]!.at!;
  const enemy = ctx.sides.find((s) => s !== info.side)!;
  const facing = state.units[unit]!.facing;
  const back = reverseSides(ctx);
  for (let i = 0; i < path.length; i++) {
    const h = path[i]!;
    if (!map.hex(map.toAxial(h)))
      return no(`hex ${h.col},${h.row} of the path is off the map`, 'TC-1.1');
    if (hexDistance(map.toAxial(at), map.toAxial(h)) !== 1)
      return no(
        `hex ${h.col},${h.row} of the path is not next to hex ${at.col},${at.row}`,
        'OT-G7',
      );
    if (!enterable(ctx, unit, h, state)) {
      const hex = map.hex(map.toAxial(h))!;
      const rubble = state.rubble.some((r) => r.hex.col === h.col && r.hex.row === h.row);
      return no(
        `vehicles cannot enter hex ${h.col},${h.row} (${rubble ? 'rubble blocks the street' : hex.terrain})`,
        rubble ? 'TC-1.3' : 'TC-1.4',
      );
    }
    if (plot.mission === 'MVR') {
      const d = directionTo(map.grid.orientation, map.toAxial(at), map.toAxial(h));
      if (d === undefined || !back.includes((((d - facing) % 6) + 6) % 6))
        return no(
          `MVR backs away keeping the facing: hex ${h.col},${h.row} is not behind ${info.name} (facing side ${facing})`,
          'TC-G2',
        );
    }
    const enemies = unitsAt(ctx, state, h, enemy);
    if (enemies.length > 0) {
      const last = i === path.length - 1;
      if (plot.mission !== 'OV' || !last)
        return no(
          `hex ${h.col},${h.row} holds an enemy unit: only an overrun (OV) may end there`,
          'OT-G6',
        );
      if (enemies.some((e) => !ctx.units.get(e)!.soft))
        return no(
          `an overrun is made on soft targets; hex ${h.col},${h.row} holds a vehicle`,
          'OT-G6',
        );
    }
    at = h;
  }
  if (plot.mission === 'OV' && unitsAt(ctx, state, at, enemy).length === 0)
    return no('an overrun path must end in a hex of enemy soft targets', 'OT-G6');
  const mp = plottedMp(ctx, plot, state);
  const max = allowance(ctx, unit, plot.mission);
  if (mp > max)
    return no(
      `the path costs ${mp} MP and ${info.name} has ${max}${plot.mission === 'SMF' ? ' (half its allowance, OT-32.14)' : ''}`,
      plot.mission === 'SMF' ? 'OT-32.14' : 'OT-G2',
    );
  return OK;
}

/**
 * Whether a plot is legal when it is made, with the rule it breaks (OT-32.8 DF-P in the OF phase,
 * OT-32.11 a close-assault target also shot at, OT-32.81/32.91 pins, OT-32.13 facing, TC-7.1
 * dummies, TC-4.4 mortar calls...). Plots resolve later; they are refused now.
 */
export function checkPlot(ctx: TankContext, state: TankState, unit: string, plot: Plot): PlotCheck {
  const info = ctx.units.get(unit);
  if (!info) return no(`there is no unit ${unit}`, 'OT-G7');
  const u = state.units[unit]!;
  if (state.phase !== 'plot') return no('the game is over', 'OT-G7');
  if (u.alive && !u.at && info.airlands !== undefined && info.airlands > state.turn)
    return no(`${info.name} lands by air at the start of turn ${info.airlands}`, 'TC-4.9');
  if (!u.alive || !u.at) return no(`${info.name} is not on the map`, 'OT-G7');
  if (state.done.includes(info.side))
    return no(`${ctx.sideNames.get(info.side)} has finished plotting this turn`, 'TC-3');
  const m = plot.mission;
  const layer = LAYER_OF[m];
  if (layer && !ctx.rules.layers[layer])
    return no(
      `${m} is a mission of the ${layer} layer: switch it on in the Rules tab`,
      RULE_OF[m]!,
    );
  if (!UNTABLED.includes(m) && !ctx.rules.missions.has(m))
    return no(
      `the catalog's missions table has no ${m}: add it to the TANK! placeholder catalog to plot it`,
      'TC-G2',
    );
  if (info.dummy && m !== 'MV') return no('a dummy may only plot MV', 'TC-7.1');
  if (u.carriedBy && m !== 'DT')
    return no(
      `${info.name} rides on ${ctx.units.get(u.carriedBy)!.name}: it may only plot DT (dismount)`,
      'OT-32.8',
    );
  if (info.missions && !info.missions.includes(m) && !(m === 'FC'))
    return no(`${info.name} may plot ${info.missions.join(', ')} only`, 'TC-4.2');
  if (info.cls === 'team' && MOVES.includes(m))
    return no(`${info.name} moves with its squad`, 'TC-4.1');
  if (MOVES.includes(m) && u.stuckUntil >= state.turn)
    return no(
      `${info.name} must spend one more turn in the ${ctx.map.hex(ctx.map.toAxial(u.at))?.terrain ?? 'terrain'} it entered before leaving (until the end of turn ${u.stuckUntil})`,
      'TC-4.6',
    );
  if (u.pinned) {
    if (info.soft) return no(`${info.name} is pinned and may carry out no mission`, 'OT-32.91');
    if (!['DF', 'OF', 'DF-P'].includes(m))
      return no(`${info.name} is pinned: it may plot only DF, OF or DF-P`, 'OT-32.81');
  }
  if (plot.phase === 'OF' && m === 'DF-P')
    return no('pinning fire (DF-P) may not be used in the Opportunity Fire phase', 'OT-32.8');
  if ((m === 'IF' || m === 'SF') && !info.mortar)
    return no(`${info.name} cannot fire indirectly: only mortars call ${m}`, 'TC-4.4');
  if ((m === 'DF' || m === 'DF-P' || m === 'SMF') && info.ap === 0 && info.he === 0)
    return no(`${info.name} has no attack strength`, 'OT-G2');
  const mine = state.plots[info.side] ?? {};
  const others = Object.entries(mine).filter(([id]) => id !== unit);

  // Homogeneity of platoon fire (OT-A13), waived for panic ≤ 20% with looser formations (OT-32.13).
  if (ctx.rules.options.platoonMissionHomogeneity && (m === 'DF' || m === 'OF') && u.platoon) {
    const loose =
      ctx.rules.layers.optional &&
      u.panic <= (ctx.rules.constants['looseFormationMaxPanicPct'] ?? 20);
    const clash = others.find(
      ([id, p]) =>
        state.units[id]?.platoon === u.platoon &&
        (p.mission === 'DF' || p.mission === 'OF') &&
        p.mission !== m,
    );
    if (clash && !loose)
      return no(
        `platoon members plot one kind of fire: ${ctx.units.get(clash[0])!.name} plotted ${clash[1].mission} (panic ${u.panic}% is above 20%)`,
        'OT-32.13',
      );
  }

  if (FIRE.includes(m) || m === 'DF-CA') {
    if (m === 'OF') return OK;
    const tid = plot.target;
    if (!tid || !ctx.units.has(tid)) return no(`${m} needs an enemy unit as its target`, 'OT-G7');
    const t = ctx.units.get(tid)!;
    const tu = state.units[tid]!;
    if (t.side === info.side) return no(`${t.name} is a friendly unit`, 'OT-G7');
    if (!tu.alive || !tu.at) return no(`${t.name} is not on the map`, 'OT-G7');
    if (t.cls === 'team')
      return no(`${t.name} shares its squad's fate: fire at the squad`, 'TC-4.1');
    if (tu.carriedBy)
      return no(
        `${t.name} rides on ${ctx.units.get(tu.carriedBy)!.name}: fire at the vehicle (pinning fire on it attacks the riders too)`,
        'OT-32.8',
      );
    const assaulted = others.some(([, p]) => p.mission === 'DF-CA' && p.target === tid);
    if (m === 'DF-CA') {
      if (info.cls !== 'infantry') return no('only infantry may close assault', 'OT-32.11');
      if (u.pinned && !ctx.rules.options.pinnedInfantryMayAssault)
        return no('pinned infantry may not close assault', 'OT-A10');
      if (hexDistance(ctx.map.toAxial(u.at), ctx.map.toAxial(tu.at)) !== 1)
        return no(`${t.name} is not adjacent to ${info.name} at the start of the turn`, 'OT-32.11');
      const shot = others.find(
        ([, p]) =>
          ((p.mission === 'DF' || p.mission === 'DF-P' || p.mission === 'SMF') &&
            p.target === tid) ||
          (p.mission === 'IF' && p.hex && p.hex.col === tu.at!.col && p.hex.row === tu.at!.row),
      );
      if (shot)
        return no(
          `${t.name} is already the target of ${ctx.units.get(shot[0])!.name}'s ${shot[1].mission}: a close-assault target takes no other fire`,
          'OT-32.11',
        );
      return OK;
    }
    if (assaulted)
      return no(
        `${t.name} is the target of a close assault: it may not also be the target of ${m}`,
        'OT-32.11',
      );
    if (m === 'DF-P') {
      if (t.soft) return no('pinning fire (DF-P) is fired at vehicles', 'OT-32.8');
      if (info.he <= 0 || info.mortar)
        return no(`${info.name} has no HE attack for pinning fire`, 'OT-32.8');
    }
    const odds = shotOdds(
      ctx,
      state,
      [unit],
      tid,
      m === 'DF-P' ? 'DF-P' : m === 'SMF' ? 'SMF' : 'DF',
    );
    if (!odds.legal) return no(odds.reason!, odds.ruleId!);
    if (m === 'SMF') return checkPath(ctx, state, unit, plot);
    return OK;
  }
  if (m === 'MT') {
    const cid = plot.target;
    if (info.cls !== 'infantry') return no('only infantry mounts a vehicle', 'OT-32.8');
    if (!cid || !ctx.units.has(cid)) return no('MT needs a friendly vehicle to mount', 'TC-G2');
    const c = ctx.units.get(cid)!;
    const cu = state.units[cid]!;
    if (c.side !== info.side || !cu.alive || !cu.at)
      return no(`${c.name} is not a friendly vehicle on the map`, 'TC-G2');
    const room = carryCapacity(ctx, cid);
    if (room === 0) return no(`${c.name} carries no infantry`, 'OT-32.8');
    if (hexDistance(ctx.map.toAxial(u.at), ctx.map.toAxial(cu.at)) > 1)
      return no(
        `${c.name} is not in or next to ${info.name}'s hex: it must end its move there`,
        'TC-G2',
      );
    const taken =
      ridersOf(ctx, state, cid).length +
      others.filter(([, p]) => p.mission === 'MT' && p.target === cid).length;
    if (taken >= room) return no(`${c.name} carries ${room} unit(s) and is full`, 'OT-32.8');
    return OK;
  }
  if (m === 'DT') {
    if (!u.carriedBy) return no(`${info.name} rides on no vehicle`, 'TC-G2');
    const hex = plot.hex;
    const carrierAt = state.units[u.carriedBy]!.at!;
    if (!hex || !ctx.map.hex(ctx.map.toAxial(hex)))
      return no('DT needs the hex to dismount into', 'TC-G2');
    if (hexDistance(ctx.map.toAxial(carrierAt), ctx.map.toAxial(hex)) > 1)
      return no(
        `hex ${hex.col},${hex.row} is not in or next to the carrier's hex ${carrierAt.col},${carrierAt.row}`,
        'TC-G2',
      );
    return OK;
  }
  if (m === 'EN') return checkEntrench(ctx, state, unit);
  if (m === 'CLR') return checkClear(ctx, state, unit, plot);
  if (m === 'MV' || m === 'OV' || m === 'MVR') {
    if (m === 'OV' && info.cls !== 'vehicle') return no('only vehicles overrun', 'OT-G6');
    const calling = ctx.order.some(
      (id) =>
        ctx.units.get(id)!.squad === unit &&
        state.calls.some((c) => c.unit === id && c.lands >= state.turn),
    );
    if (calling)
      return no(
        `${info.name}'s mortar has a call on its way: the team may not move during the delay`,
        'TC-4.4',
      );
    const path = checkPath(ctx, state, unit, plot);
    if (!path.ok) return path;
    return followsLeader(ctx, state, unit, plot);
  }
  if (m === 'FC') {
    const f = plot.facing;
    if (f === undefined || !Number.isInteger(f) || f < 0 || f > 5)
      return no('FC needs a facing from 0 to 5', 'OT-G7');
    const allowed = allowedFacings(ctx, state, unit);
    if (allowed && !allowed.facings.includes(f))
      return no(
        `${info.name} must face ${allowed.facings.join(' or ')}, as its platoon leader${allowed.ruleId === 'OT-G8' && ctx.rules.layers.optional ? ` (one hexside either side needs panic ≤ 20%; it is ${u.panic}%)` : ''}`,
        ctx.rules.layers.optional ? 'OT-32.13' : 'OT-G8',
      );
    return OK;
  }
  // IF or SF: a mortar call on a hex some friendly unit sees (TC-4.4), within 5-35 hexes (TC-4.2).
  const hex = plot.hex;
  if (!hex || !ctx.map.hex(ctx.map.toAxial(hex)))
    return no(`${m} needs a hex on the map`, 'TC-4.4');
  const r = hexDistance(ctx.map.toAxial(u.at), ctx.map.toAxial(hex));
  if (r < info.rangeMin || r > info.range)
    return no(
      `hex ${hex.col},${hex.row} is ${r} hexes away; ${info.name} reaches ${info.rangeMin}-${info.range}`,
      'TC-4.2',
    );
  if (state.calls.some((c) => c.unit === unit && c.lands >= state.turn))
    return no(`${info.name} already has a call on its way`, 'TC-4.4');
  const assaultedHere = others.some(
    ([, p]) => p.mission === 'DF-CA' && p.target && unitsAt(ctx, state, hex).includes(p.target),
  );
  if (assaultedHere && m === 'IF')
    return no('a unit in that hex is the target of a close assault', 'OT-32.11');
  const observer = ctx.order.find((id) => {
    const o = ctx.units.get(id)!;
    const ou = state.units[id]!;
    if (o.side !== info.side || o.dummy || !ou.alive || !ou.at) return false;
    if (ou.at.col === hex.col && ou.at.row === hex.row) return true;
    return seesFor(ctx, state, o.side, ou.at, hex);
  });
  if (!observer)
    return no(`no friendly unit sees hex ${hex.col},${hex.row} to call the fire`, 'TC-4.4');
  return OK;
}

/** EN (TC-4.8): infantry digs in where it stands; the catalog says how many turns it takes. */
function checkEntrench(ctx: TankContext, state: TankState, unit: string): PlotCheck {
  const info = ctx.units.get(unit)!;
  const u = state.units[unit]!;
  if (info.cls !== 'infantry') return no('only infantry squads dig in', 'TC-4.8');
  const need = entrenchTurns(ctx);
  if (need === undefined)
    return no(
      'the catalog has no constant entrenchTurns: add it to the TANK! placeholder catalog to dig in',
      'TC-G4',
    );
  const hex = mapOf(ctx, state).hex(ctx.map.toAxial(u.at!))!;
  if (hex.improvedPosition)
    return no(`hex ${u.at!.col},${u.at!.row} is an Improved Position already`, 'TC-4.8');
  if (dugIn(ctx, u)) return no(`${info.name} has dug in here already`, 'TC-4.8');
  return OK;
}

/** CLR (TC-4.9): a sapper clears the rubble out of a street in or next to its hex. */
function checkClear(ctx: TankContext, state: TankState, unit: string, plot: Plot): PlotCheck {
  const info = ctx.units.get(unit)!;
  const u = state.units[unit]!;
  if (!info.sapper)
    return no(
      `${info.name} is not a sapper unit (stat sapper): it cannot clear obstacles`,
      'TC-4.9',
    );
  const hex = plot.hex;
  if (!hex || !ctx.map.hex(ctx.map.toAxial(hex))) return no('CLR needs the hex to clear', 'TC-4.9');
  if (hexDistance(ctx.map.toAxial(u.at!), ctx.map.toAxial(hex)) > 1)
    return no(`hex ${hex.col},${hex.row} is not in or next to ${info.name}'s hex`, 'TC-4.9');
  if (!state.rubble.some((r) => r.blocksVehicles && r.hex.col === hex.col && r.hex.row === hex.row))
    return no(`hex ${hex.col},${hex.row} holds no rubble closing it to vehicles`, 'TC-4.9');
  return OK;
}

/**
 * Follow the leader (OT-G8), base game only: a platoon member's move must end within the
 * catalog's reach of where its leader ends (its plotted move, or where it stands), or nearer to
 * that hex than it starts (catching up). With the
 * Costello layer units may leave the formation freely; conformity costs morale instead (TC-5.2).
 */
function followsLeader(ctx: TankContext, state: TankState, unit: string, plot: Plot): PlotCheck {
  const reach = ctx.rules.constants['followLeaderMaxHexes'];
  if (ctx.rules.layers.costello || reach === undefined || !plot.path?.length) return OK;
  const u = state.units[unit]!;
  const p = u.platoon ? ctx.platoons.get(u.platoon) : undefined;
  if (!p?.leader || p.leader === unit || !state.units[p.leader]?.alive) return OK;
  const lp = plotOf(ctx, state, p.leader);
  const leaderEnd =
    lp?.path?.length && MOVES.includes(lp.mission)
      ? lp.path[lp.path.length - 1]!
      : state.units[p.leader]!.at;
  if (!leaderEnd) return OK;
  const end = plot.path[plot.path.length - 1]!;
  const r = hexDistance(ctx.map.toAxial(end), ctx.map.toAxial(leaderEnd));
  const before = hexDistance(ctx.map.toAxial(u.at!), ctx.map.toAxial(leaderEnd));
  // Within reach of the leader, or at least catching up with it.
  if (r > reach && r >= before)
    return no(
      `${ctx.units.get(unit)!.name} must follow its leader ${ctx.units.get(p.leader)!.name}: the move ends ${r} hexes from where the leader ends (${leaderEnd.col},${leaderEnd.row}); at most ${reach}, or closer than the ${before} it starts from`,
      'OT-G8',
    );
  return OK;
}

/**
 * Whether a fallback plot is legal (TC-6.4): what the unit does instead if a morale result
 * cancels all its missions, an FC or an MVR, written with the main plot.
 */
export function checkFallback(
  ctx: TankContext,
  state: TankState,
  unit: string,
  plot: Plot,
): PlotCheck {
  if (plot.mission !== 'FC' && plot.mission !== 'MVR')
    return no('a unit whose missions are all cancelled may only be given FC or MVR', 'TC-6.4');
  if (!ctx.rules.layers.costello)
    return no(
      'morale results come with the costello layer: switch it on in the Rules tab',
      'TC-6.4',
    );
  const info = ctx.units.get(unit);
  if (!info) return no(`there is no unit ${unit}`, 'OT-G7');
  if (!plotOf(ctx, state, unit))
    return no(`plot ${info.name}'s mission first; the fallback replaces it`, 'TC-6.4');
  return checkPlot(ctx, state, unit, plot);
}
