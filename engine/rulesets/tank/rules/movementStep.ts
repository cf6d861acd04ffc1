/**
 * TANK! movement and what happens during it: plotted moves hex by hex, overruns,
 * opportunity fire, mounting and dismounting, facing, works, vehicle smoke and the clean-up.
 */
import type { HexRef } from '../../../format';
import { directionTo, hexDistance } from '../../../hex';
import { mapOf, shotOdds, stepMp } from './fire';
import { MOVES, carryCapacity, ridersOf, unitsAt } from './plot';
import type { Plot } from './state';
import {
  Work,
  carryAlong,
  d6,
  destroy,
  dismount,
  key,
  lethal,
  live,
  mark,
  plotOfW,
  spot,
} from './turnWork';
import { Pending, applyAll, rollShot } from './directFire';

// ------------------------------------------------------------------------------------ MV and OF

/** One unit moving along its plotted path this step. */
interface Mover {
  readonly id: string;
  readonly plot: Plot;
  readonly path: readonly HexRef[];
  /** The MP spent on arriving in each hex of the path. */
  readonly arrive: readonly number[];
  next: number;
  readonly done: HexRef[];
  facing: number;
  stopped: string | undefined;
  halted: boolean;
}

/**
 * Movement and opportunity fire (OT-G7, TC-3 step 5). Movement is simultaneous, so it runs in
 * impulses of one movement point: in impulse t every mover enters the next hex of its path that
 * its spent MP reach by t (a hex costing 2 MP is entered at the second). A hex held by an enemy
 * stops the mover before it (an overrun's last hex excepted, OT-G6), and two enemies entering one
 * hex in the same impulse both stop short. After each impulse, every unit plotted OF that has not
 * fired looks at the enemies that just entered a hex and fires at one of them there
 * (`opportunityFireAt`): at the first it sees (`firstSight`), or, by default (`bestHex`), only
 * when no hex still ahead on that target's plotted path would give better odds, judged with the
 * units where they stand now. A DF plotted for the OF phase watches only its named target. The
 * hex an enemy stood on as the impulse began counts as held, whatever moves in it. The shots of
 * one impulse land together; a mover destroyed or pinned stops where it was hit. Opportunity fire
 * uses the target's plotted MP (OT-A15).
 */
export function stepMove(w: Work) {
  const { ctx } = w;
  const during = w.ev.length;
  const movers: Mover[] = [];
  for (const id of ctx.order) {
    const p = plotOfW(w, id);
    const u = w.units[id]!;
    if (!live(w, id) || !p?.path?.length || !MOVES.includes(p.mission) || u.carriedBy) continue;
    if (u.pinned && !p.forced) continue;
    const map = mapOf(ctx, w.state());
    let spent = 0;
    const arrive = p.path.map((h) => (spent += stepMp(ctx, map, p.mission, h)));
    movers.push({
      id,
      plot: p,
      path: p.path,
      arrive,
      next: 0,
      done: [],
      facing: u.facing,
      stopped: undefined,
      halted: false,
    });
  }
  const watchers = ctx.order.filter((id) => {
    const p = plotOfW(w, id);
    const u = w.units[id]!;
    const watching = p?.mission === 'OF' || (p?.mission === 'DF' && p.phase === 'OF');
    return watching && live(w, id) && !u.carriedBy && !(ctx.units.get(id)!.soft && u.pinned);
  });
  const fired = new Set<string>();
  const last = Math.max(0, ...movers.map((m) => m.arrive[m.arrive.length - 1] ?? 0));
  const sideOf = (id: string) => ctx.units.get(id)!.side;
  for (let t = 1; t <= last; t++) {
    const stepping = movers.filter(
      (m) => !m.halted && live(w, m.id) && m.next < m.path.length && m.arrive[m.next]! <= t,
    );
    if (stepping.length === 0) continue;
    const intent = new Map<string, Mover[]>();
    for (const m of stepping) {
      const k = key(m.path[m.next]!);
      intent.set(k, [...(intent.get(k) ?? []), m]);
    }
    // Where everyone stands as the impulse starts: a hex an enemy is leaving in this same impulse
    // is still held, so the order the movers are listed in changes nothing.
    const held = new Map<string, Set<string>>();
    for (const id of ctx.order) {
      const at = w.units[id]!.at;
      if (!live(w, id) || !at) continue;
      held.set(key(at), (held.get(key(at)) ?? new Set()).add(sideOf(id)));
    }
    const entered: Mover[] = [];
    for (const m of stepping) {
      const h = m.path[m.next]!;
      const side = sideOf(m.id);
      const u = w.units[m.id]!;
      const rivals = intent.get(key(h))!.filter((o) => sideOf(o.id) !== side);
      if (rivals.length) {
        m.halted = true;
        m.stopped = `an enemy moved into hex ${h.col},${h.row} at the same time`;
        continue;
      }
      const enemyHeld = [...(held.get(key(h)) ?? [])].some((x) => x !== side);
      const enemies = enemyHeld ? unitsAt(ctx, w.state(), h).filter((o) => sideOf(o) !== side) : [];
      if (enemyHeld && enemies.length === 0) {
        m.halted = true;
        m.stopped = `hex ${h.col},${h.row} is held by the enemy`;
        continue;
      }
      const lastHex = m.next === m.path.length - 1;
      if (enemies.length && !(m.plot.mission === 'OV' && lastHex)) {
        m.halted = true;
        m.stopped = `hex ${h.col},${h.row} is held by the enemy`;
        continue;
      }
      const prev = u.at!;
      if (m.plot.mission !== 'MVR') {
        const d = directionTo(ctx.map.grid.orientation, ctx.map.toAxial(prev), ctx.map.toAxial(h));
        if (d !== undefined) m.facing = d;
      }
      u.at = h;
      u.facing = m.facing;
      m.done.push(h);
      m.next++;
      if (enemies.length && m.plot.mission === 'OV') {
        overrun(w, m.id, enemies);
        if (unitsAt(ctx, w.state(), h).some((o) => sideOf(o) !== side && w.units[o]!.alive)) {
          u.at = prev;
          m.done.pop();
          m.stopped = 'the overrun did not clear the hex';
          m.halted = true;
        }
      }
      carryAlong(w, m.id);
      if (u.at === h) entered.push(m);
    }
    if (entered.length) opportunityFire(w, t, entered, watchers, fired);
  }
  for (const m of movers) {
    const u = w.units[m.id]!;
    if (!u.alive) m.stopped ??= 'destroyed on the way';
    else if (m.next < m.path.length && !m.stopped && u.pinned)
      m.stopped = 'pinned by opportunity fire';
  }
  // The moves are logged first, then what happened on the way (shots, overruns, spotting).
  const onTheWay = w.ev.splice(during);
  for (const m of movers) {
    const u = w.units[m.id]!;
    if (m.done.length) w.moved.add(m.id);
    // Fireteams entering some terrain spend an extra turn there before they may leave (TC-4.6,
    // an optional rule of the costello layer).
    const end = u.at ? mapOf(ctx, w.state()).hex(ctx.map.toAxial(u.at)) : undefined;
    if (
      ctx.rules.layers.costello &&
      m.done.length &&
      u.alive &&
      end &&
      end.exitDelayTurns > 0 &&
      ctx.units.get(m.id)!.cls === 'infantry'
    ) {
      u.stuckUntil = w.turn + end.exitDelayTurns;
      onTheWay.push({
        type: 'stuck',
        unit: m.id,
        hex: u.at!,
        until: u.stuckUntil,
        ruleId: 'TC-4.6',
      });
    }
    w.ev.push({
      type: 'moved',
      unit: m.id,
      path: m.done,
      mp: w.mp[m.id] ?? 0,
      facing: m.facing,
      ...(m.stopped ? { stopped: m.stopped } : {}),
    });
    if (u.alive && m.plot.offMap && m.done.length === m.path.length) {
      u.at = null;
      u.fled = true;
      carryAlong(w, m.id);
      w.ev.push({ type: 'leftMap', unit: m.id, ruleId: 'TC-6.4' });
    }
  }
  w.ev.push(...onTheWay);
  // A pinned member left behind leaves its platoon (OT-32.81(5), OT-A14).
  if (ctx.rules.layers.optional) {
    const far = ctx.rules.constants['leavePinnedBehindMinHexes'] ?? 3;
    for (const id of ctx.order) {
      const u = w.units[id]!;
      if (!live(w, id) || !u.pinned || !u.platoon) continue;
      const pl = ctx.platoons.get(u.platoon)!;
      if (pl.leader === id) continue;
      const others = pl.members.filter(
        (m) => m !== id && live(w, m) && !w.units[m]!.pinned && w.units[m]!.platoon === u.platoon,
      );
      const judged =
        ctx.rules.options.leaveBehindFrom === 'leader'
          ? others.filter((m) => m === pl.leader)
          : others;
      if (
        judged.length &&
        judged.every(
          (m) => hexDistance(ctx.map.toAxial(w.units[m]!.at!), ctx.map.toAxial(u.at!)) >= far,
        )
      ) {
        w.ev.push({ type: 'leftBehind', unit: id, platoon: u.platoon, ruleId: 'OT-32.81' });
        u.platoon = null;
      }
    }
  }
  // Conformity at the end of movement (TC-5.1): one chain through the leader, links of ≤ 3 hexes.
  // Units may leave it freely (TC-5.2): the cost is the morale marker.
  if (ctx.rules.layers.costello) {
    const link = (ctx.rules.constants['conformityMaxInterveningHexes'] ?? 2) + 1;
    for (const [pid, pl] of ctx.platoons) {
      const members = pl.members.filter((m) => live(w, m) && w.units[m]!.platoon === pid);
      if (!pl.leader || !members.includes(pl.leader)) continue;
      const reached = new Set([pl.leader]);
      const queue = [pl.leader];
      while (queue.length) {
        const a = queue.shift()!;
        for (const b of members)
          if (
            !reached.has(b) &&
            hexDistance(ctx.map.toAxial(w.units[a]!.at!), ctx.map.toAxial(w.units[b]!.at!)) <= link
          ) {
            reached.add(b);
            queue.push(b);
          }
      }
      for (const m of members) if (!reached.has(m)) mark(w, m, 'isolated', 'TC-5.1');
    }
  }
}

function overrun(w: Work, vehicle: string, enemies: string[]) {
  const { ctx } = w;
  const hex = ctx.map.hex(ctx.map.toAxial(w.units[vehicle]!.at!))!;
  for (const e of enemies) {
    const info = ctx.units.get(e)!;
    const u = w.units[e]!;
    if (!u.alive || info.cls === 'team') continue;
    if (info.dummy) {
      spot(w, e, vehicle, 'TC-7.3');
      continue;
    }
    lethal(w, e, [vehicle]);
    if (
      ctx.rules.layers.optional &&
      info.cls === 'infantry' &&
      !u.pinned &&
      hex.overrunProtection
    ) {
      const roll = d6(w);
      const destroyed = roll <= ctx.rules.overrunInfantryDestroyMax;
      w.ev.push({
        type: 'overrun',
        unit: vehicle,
        target: e,
        roll,
        result: destroyed ? 'eliminated' : 'pinned',
        ruleId: 'OT-32.12',
      });
      if (destroyed) destroy(w, e);
      else u.pinned = true;
    } else {
      w.ev.push({
        type: 'overrun',
        unit: vehicle,
        target: e,
        roll: null,
        result: 'eliminated',
        ruleId: ctx.rules.layers.optional ? 'OT-32.12' : 'OT-G6',
      });
      destroy(w, e);
    }
  }
}

/** The opportunity fire of one movement impulse (see stepMove): each watcher fires at most once. */
function opportunityFire(
  w: Work,
  impulse: number,
  entered: readonly Mover[],
  watchers: readonly string[],
  fired: Set<string>,
) {
  const { ctx } = w;
  const pending: Pending[] = [];
  const bestHex = ctx.rules.options.opportunityFireAt === 'bestHex';
  const chanceAt = (f: string, m: string): number | undefined => {
    const o = shotOdds(ctx, w.state(), [f], m, 'OF', { targetMp: w.mp[m] ?? 0 });
    return o.legal ? 1 - o.odds.noEffect : undefined;
  };
  for (const f of watchers) {
    // A soft watcher pinned earlier in the step carries out no mission (OT-32.91).
    if (fired.has(f) || !live(w, f) || (ctx.units.get(f)!.soft && w.units[f]!.pinned)) continue;
    const side = ctx.units.get(f)!.side;
    // A DF plotted for the OF phase watches its own target only.
    const only = plotOfW(w, f)?.mission === 'DF' ? plotOfW(w, f)?.target : undefined;
    let pick: { m: Mover; p: number } | undefined;
    for (const m of entered) {
      const t = ctx.units.get(m.id)!;
      if (t.side === side || t.cls === 'team' || !live(w, m.id)) continue;
      if (only !== undefined && m.id !== only) continue;
      const p = chanceAt(f, m.id);
      if (p === undefined || p <= 0) continue;
      if (bestHex && !m.halted) {
        // Hold fire while a hex still ahead on the target's plotted path promises better odds.
        const u = w.units[m.id]!;
        const here = u.at;
        let better = false;
        for (let j = m.next; j < m.path.length && !better; j++) {
          u.at = m.path[j]!;
          const later = chanceAt(f, m.id);
          if (later !== undefined && later > p + 1e-9) better = true;
        }
        u.at = here;
        if (better) continue;
      }
      if (!pick || p > pick.p) pick = { m, p };
    }
    if (!pick) continue;
    fired.add(f);
    const at = w.units[pick.m.id]!.at!;
    rollShot(w, 'OF', [f], pick.m.id, pending, w.mp[pick.m.id] ?? 0, { at, impulse });
  }
  applyAll(w, pending);
  for (const m of entered) {
    if (!w.units[m.id]!.alive || w.units[m.id]!.pinned) m.halted = true;
  }
}

/** Mounting (MT) and dismounting (DT) after movement (TC-3 step 6; OT-32.8 (8)). */
export function stepMountDismount(w: Work) {
  const { ctx } = w;
  for (const id of ctx.order) {
    const p = plotOfW(w, id);
    const u = w.units[id]!;
    if (p?.mission !== 'MT' || !p.target || !live(w, id)) continue;
    const c = p.target;
    const cu = w.units[c]!;
    const fail = (reason: string, ruleId: string) =>
      w.ev.push({ type: 'noMount', unit: id, carrier: c, reason, ruleId });
    if (u.pinned) fail(`${ctx.units.get(id)!.name} is pinned`, 'OT-32.91');
    else if (!cu.alive || !cu.at) fail(`${ctx.units.get(c)!.name} is gone`, 'TC-G2');
    else if (cu.at.col !== u.at!.col || cu.at.row !== u.at!.row)
      fail(`${ctx.units.get(c)!.name} did not end its move in the hex`, 'TC-G2');
    else if (ridersOf(ctx, w.state(), c).length >= carryCapacity(ctx, c))
      fail(`${ctx.units.get(c)!.name} is full`, 'OT-32.8');
    else {
      u.carriedBy = c;
      w.ev.push({ type: 'mounted', unit: id, carrier: c, ruleId: 'OT-32.8' });
    }
  }
  for (const id of ctx.order) {
    const p = plotOfW(w, id);
    const u = w.units[id]!;
    if (p?.mission !== 'DT' || !p.hex || !live(w, id) || !u.carriedBy) continue;
    const from = w.units[u.carriedBy]!.at!;
    const side = ctx.units.get(id)!.side;
    const ok =
      hexDistance(ctx.map.toAxial(from), ctx.map.toAxial(p.hex)) <= 1 &&
      !unitsAt(ctx, w.state(), p.hex).some((o) => ctx.units.get(o)!.side !== side);
    dismount(
      w,
      id,
      ok ? p.hex : from,
      'TC-G2',
      ok
        ? undefined
        : `hex ${p.hex.col},${p.hex.row} cannot be reached from the vehicle: off in its hex`,
    );
  }
}

export function stepFacing(w: Work) {
  for (const id of w.ctx.order) {
    const p = plotOfW(w, id);
    if (p?.mission !== 'FC' || p.facing === undefined || !live(w, id)) continue;
    w.units[id]!.facing = p.facing;
    w.ev.push({ type: 'faced', unit: id, facing: p.facing });
  }
}

/** Digging in (EN, TC-4.8) and sappers clearing rubble (CLR, TC-4.9), at the end of the turn. */
function stepWorks(w: Work) {
  const { ctx } = w;
  const need = ctx.rules.constants['entrenchTurns'];
  for (const id of ctx.order) {
    const u = w.units[id]!;
    // A unit that left its hole (or was destroyed) loses it.
    if (u.entrench && (!live(w, id) || key(u.entrench.at) !== key(u.at!))) u.entrench = null;
    const p = plotOfW(w, id);
    if (!p || !live(w, id) || u.pinned || u.carriedBy) continue;
    if (p.mission === 'EN' && need !== undefined) {
      const turns = Math.min(need, (u.entrench?.turns ?? 0) + 1);
      u.entrench = { at: u.at!, turns };
      w.ev.push({
        type: 'entrenched',
        unit: id,
        hex: u.at!,
        turns,
        needed: need,
        ruleId: 'TC-4.8',
      });
    } else if (p.mission === 'CLR' && p.hex) {
      const i = w.rubble.findIndex((r) => r.blocksVehicles && key(r.hex) === key(p.hex!));
      if (i < 0) continue;
      w.rubble[i] = { hex: w.rubble[i]!.hex, blocksVehicles: false };
      w.ev.push({ type: 'cleared', unit: id, hex: p.hex, ruleId: 'TC-4.9' });
    }
  }
}

/**
 * New vehicle-smoke markers (TC-3 step 8; placeholder reading): each vehicle destroyed this turn
 * burns, and its hex holds smoke for the catalog's vehicleSmokeTurns (none without it).
 */
function placeVehicleSmoke(w: Work) {
  const { ctx } = w;
  const turns = ctx.rules.constants['vehicleSmokeTurns'] ?? 0;
  if (turns <= 0) return;
  const wrecks = w.destroyed.filter((d) => ctx.units.get(d.unit)!.cls === 'vehicle');
  if (!wrecks.length) return;
  const until = w.turn + turns;
  for (const d of wrecks)
    w.smoke.push({
      kind: 'vehicle',
      hex: d.at,
      side: ctx.units.get(d.unit)!.side,
      unit: d.unit,
      placed: w.turn,
      until,
    });
  w.ev.push({
    type: 'vehicleSmoke',
    units: wrecks.map((d) => d.unit),
    hexes: wrecks.map((d) => d.at),
    until,
    ruleId: 'TC-3',
  });
}

export function stepCleanup(w: Work) {
  const { ctx } = w;
  stepWorks(w);
  // Smoke is lifted at the end of the turn its time runs out (TC-3 step 8).
  const lifted = w.smoke.filter((m) => m.until <= w.turn);
  if (lifted.length) {
    w.smoke = w.smoke.filter((m) => m.until > w.turn);
    w.ev.push({ type: 'smokeLifted', hexes: lifted.map((m) => m.hex), ruleId: 'TC-3' });
  }
  placeVehicleSmoke(w);
  for (const id of ctx.order) {
    const u = w.units[id]!;
    if (!live(w, id) || !u.pinned) continue;
    const info = ctx.units.get(id)!;
    if (!ctx.rules.layers.optional) {
      u.pinned = false;
      w.ev.push({ type: 'pinRecovery', unit: id, roll: null, unpinned: true, ruleId: 'TC-G3' });
      continue;
    }
    if (info.soft && !ctx.rules.options.softPinRecovery) continue;
    const roll = d6(w);
    const unpinned = roll <= ctx.rules.pinRecoveryMax;
    if (unpinned) u.pinned = false;
    w.ev.push({ type: 'pinRecovery', unit: id, roll, unpinned, ruleId: 'OT-32.82' });
  }
  // The platoons of retreating units are designated for next turn's test (TC-6.1 d, TC-A9).
  for (const id of ctx.order) {
    const u = w.units[id]!;
    if (!live(w, id) || !u.retreating) continue;
    mark(w, id, 'retreating', 'TC-6.1');
    const p = u.platoon;
    if (p)
      for (const m of ctx.platoons.get(p)!.members)
        if (live(w, m)) mark(w, m, 'retreating', 'TC-A9');
  }
}
