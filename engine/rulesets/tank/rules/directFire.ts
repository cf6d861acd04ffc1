/**
 * TANK! direct fire (OT-32.8, 32.9, 32.11, 32.14): plotted shots, riders' shots,
 * automatic spotting and M markers, resolved together.
 */
import type { HexRef } from '../../../format';
import { hexDistance } from '../../../hex';
import { crtRow, killBand, movementModifier, plainThreshold } from './crt';
import { assaultOdds, dugIn, mapOf, seesFor, shotOdds } from './fire';
import { ridersOf, unitsAt } from './plot';
import type { FireResult, ModView } from './state';
import { Work, d6, destroy, dismount, lethal, live, plotOfW, spot, spotAuto } from './turnWork';

// ------------------------------------------------------------------------------------ DF (OT-32.8, 32.9, 32.11, 32.14)

export type Pending = { unit: string; result: FireResult };

export function applyAll(w: Work, pending: Pending[]) {
  const rank: Record<FireResult, number> = { destroyed: 3, eliminated: 3, pinned: 1, noEffect: 0 };
  const worst = new Map<string, FireResult>();
  for (const p of pending)
    if (rank[p.result] > rank[worst.get(p.unit) ?? 'noEffect']) worst.set(p.unit, p.result);
  for (const [id, r] of worst) {
    if (r === 'pinned') w.units[id]!.pinned = true;
    else if (r === 'destroyed' || r === 'eliminated') destroy(w, id);
  }
}

export function rollShot(
  w: Work,
  kind: 'DF' | 'DF-P' | 'SMF' | 'OF',
  firers: string[],
  target: string,
  pending: Pending[],
  targetMp?: number,
  during?: { readonly at: HexRef; readonly impulse: number },
): FireResult | undefined {
  const { ctx } = w;
  const tu = w.units[target]!;
  const spottedNow = ctx.rules.layers.costello && (!tu.spotted || tu.spottedTurn === w.turn);
  if (!spot(w, target, firers[0]!, 'TC-7.3')) return undefined;
  const odds = shotOdds(ctx, w.state(), firers, target, kind, {
    spottedNow,
    targetMp: targetMp ?? w.mp[target] ?? 0,
  });
  if (!odds.legal) {
    w.ev.push({
      type: 'noFire',
      unit: firers[0]!,
      target,
      reason: odds.reason!,
      ruleId: odds.ruleId!,
    });
    return undefined;
  }
  lethal(w, target, firers);
  const roll = d6(w);
  const adjusted = roll + odds.mod;
  const t = ctx.units.get(target)!;
  const T = odds.threshold;
  let result: FireResult = 'noEffect';
  let ruleId = kind === 'DF-P' ? 'OT-32.8' : kind === 'SMF' ? 'OT-32.14' : 'OT-G1';
  if (T !== null && adjusted <= T) {
    if (kind === 'DF-P') result = tu.pinned ? 'noEffect' : 'pinned';
    else if (!t.soft) result = 'destroyed';
    else if (odds.killMax !== undefined) {
      result = adjusted <= odds.killMax ? 'eliminated' : tu.pinned ? 'noEffect' : 'pinned';
      ruleId = 'OT-32.9';
    } else result = 'eliminated';
  }
  if (kind === 'DF-P' && tu.pinned && T !== null && adjusted <= T) ruleId = 'OT-32.81';
  w.ev.push({
    type: 'fire',
    kind,
    firers,
    target,
    range: odds.range,
    attack: odds.attack,
    defence: odds.defence,
    differential: odds.differential,
    threshold: T,
    mods: odds.mods,
    roll,
    adjusted,
    ...(odds.killMax !== undefined ? { killMax: odds.killMax } : {}),
    result,
    ruleId,
    ...(during ?? {}),
  });
  pending.push({ unit: target, result });
  if (kind === 'DF-P')
    for (const r of ridersOf(ctx, w.state(), target))
      riderShot(w, firers, target, r, odds.range, pending);
  return result;
}

/**
 * Pinning fire at a vehicle carrying infantry also attacks the riders, each apart, as a normal
 * attack (OT-32.8 (8), OT-A6): the same summed HE against the catalog's rider defence (1), no
 * terrain, the carrier's plotted MP as the die modifier; with the optional rules the soft-target
 * split. Any effect throws the rider off.
 */
function riderShot(
  w: Work,
  firers: readonly string[],
  carrier: string,
  rider: string,
  range: number,
  pending: Pending[],
) {
  const { ctx } = w;
  const row = crtRow(ctx.rules.crt, range);
  if (!row) return;
  const attack = firers.reduce((n, f) => n + ctx.units.get(f)!.he, 0);
  const defence = ctx.rules.constants['carriedInfantryDefence'] ?? 1;
  const differential = attack - defence;
  const T = plainThreshold(row, ctx.rules.crt, differential);
  const mp = w.mp[carrier] ?? 0;
  const mm = movementModifier(ctx.rules, mp);
  const mods: ModView[] = mm
    ? [{ label: `carrier plotted ${mp} MP`, value: mm, ruleId: 'OT-32.8' }]
    : [];
  // The riders are spotted by the same fire, with the +2 of a unit spotted this turn (TC-7.3, TC-7.4).
  const ru = w.units[rider]!;
  if (ctx.rules.layers.costello && (!ru.spotted || ru.spottedTurn === w.turn))
    mods.push({
      label: 'target spotted this turn',
      value: ctx.rules.constants['spottedThisTurnDieMod'] ?? 2,
      ruleId: 'TC-7.4',
    });
  if (!spot(w, rider, firers[0]!, 'TC-7.3')) return;
  lethal(w, rider, firers);
  const roll = d6(w);
  const adjusted = roll + mods.reduce((n, m) => n + m.value, 0);
  let result: FireResult = 'noEffect';
  let killMax: number | undefined;
  if (T !== null && adjusted <= T) {
    if (ctx.rules.layers.optional) {
      killMax = killBand(T, ctx.rules.softShare.infantry, ctx.rules.options.softSplitRounding);
      result = adjusted <= killMax ? 'eliminated' : 'pinned';
    } else result = 'eliminated';
  }
  w.ev.push({
    type: 'fire',
    kind: 'DF-P',
    firers: [...firers],
    target: rider,
    range,
    attack,
    defence,
    differential,
    threshold: T,
    mods,
    roll,
    adjusted,
    ...(killMax !== undefined ? { killMax } : {}),
    result,
    ruleId: 'OT-A6',
  });
  if (result === 'noEffect') return;
  dismount(w, rider, w.units[carrier]!.at!, 'OT-32.8', 'hit while riding');
  pending.push({ unit: rider, result });
}

/**
 * Automatic spotting at the start of the DF step (TC-7.3, TC-A10): an unspotted unit is revealed
 * by the first enemy unit (not a dummy) with line of sight to it within the reach the autoSpotting
 * table gives for its case: in cover (a potential blocking hex, an Improved Position or dug in)
 * or not, with an M marker (it fired or moved last turn) or not.
 */
function autoSpot(w: Work) {
  const { ctx } = w;
  if (!ctx.rules.layers.costello || !ctx.rules.options.autoSpotAtDfStart) return;
  const map = mapOf(ctx, w.state());
  for (const id of ctx.order) {
    const u = w.units[id]!;
    if (!live(w, id) || u.spotted || u.carriedBy) continue;
    const hex = map.hex(map.toAxial(u.at!))!;
    const cover = hex.costelloBlocking || hex.improvedPosition || dugIn(ctx, u);
    const row = ctx.rules.autoSpotting.find((r) => r.cover === cover && r.mMarker === u.mMarker);
    if (!row) continue;
    const side = ctx.units.get(id)!.side;
    let range = 0;
    const by = ctx.order.find((e) => {
      const ei = ctx.units.get(e)!;
      const eu = w.units[e]!;
      if (ei.side === side || ei.dummy || !live(w, e) || eu.carriedBy) return false;
      const r = hexDistance(ctx.map.toAxial(eu.at!), ctx.map.toAxial(u.at!));
      if (r > row.rangeMax || !seesFor(ctx, w.state(), ei.side, eu.at!, u.at!)) return false;
      range = r;
      return true;
    });
    if (!by) continue;
    const why = `${cover ? 'in cover' : 'in the open'}, ${u.mMarker ? 'with an M marker' : 'no M marker'}`;
    spotAuto(w, id, by, { range, reach: row.rangeMax, why });
  }
}

/** Places M markers (TC-3 steps 4-5) on the units that fired or moved since event `from`. */
export function placeMMarkers(w: Work, step: string, from: number, movers: Iterable<string> = []) {
  const marked = new Set<string>(movers);
  for (const e of w.ev.slice(from)) if (e.type === 'fire') for (const f of e.firers) marked.add(f);
  const units = w.ctx.order.filter((id) => marked.has(id) && live(w, id));
  for (const id of units) w.units[id]!.mMarker = true;
  if (units.length) w.ev.push({ type: 'mMarkers', step, units, ruleId: 'TC-3' });
}

export function stepDf(w: Work) {
  const { ctx } = w;
  autoSpot(w);
  // Last turn's M markers have served the spotting; this turn's fire and moves place new ones.
  for (const id of ctx.order) w.units[id]!.mMarker = false;
  const pending: Pending[] = [];
  const firing = ctx.order.filter(
    (id) =>
      live(w, id) &&
      plotOfW(w, id) &&
      !w.units[id]!.carriedBy &&
      !(ctx.units.get(id)!.soft && w.units[id]!.pinned),
  );
  // Pinning fire: every DF-P on a target is one attack with the HE strengths added (OT-32.8(4)).
  const dfp = new Map<string, string[]>();
  const ca = new Map<string, string[]>();
  for (const id of firing) {
    const p = plotOfW(w, id)!;
    if (p.mission === 'DF-P' && p.target) dfp.set(p.target, [...(dfp.get(p.target) ?? []), id]);
    if (p.mission === 'DF-CA' && p.target) ca.set(p.target, [...(ca.get(p.target) ?? []), id]);
  }
  for (const id of firing) {
    const p = plotOfW(w, id)!;
    if (
      (p.mission === 'DF' || p.mission === 'SMF') &&
      p.phase !== 'OF' &&
      p.target &&
      w.units[p.target]!.alive
    )
      rollShot(w, p.mission, [id], p.target, pending);
  }
  for (const [target, firers] of dfp)
    if (w.units[target]!.alive) rollShot(w, 'DF-P', firers, target, pending);
  // Riders fire no mission of their own (OT-32.8 (8)): only a DT takes them off.
  for (const [target, attackers] of ca) {
    if (!w.units[target]!.alive) continue;
    const tu = w.units[target]!;
    const spottedNow = ctx.rules.layers.costello && (!tu.spotted || tu.spottedTurn === w.turn);
    if (!spot(w, target, attackers[0]!, 'TC-7.3')) continue;
    // Against an infantry and AT gun stack, each defender is assaulted separately (OT-32.11(4)).
    const defenders = unitsAt(ctx, w.state(), tu.at!, ctx.units.get(target)!.side).filter(
      (d) =>
        d === target ||
        (ctx.units.get(d)!.soft &&
          ctx.units.get(d)!.cls !== 'team' &&
          ctx.units.get(target)!.soft &&
          !ctx.units.get(d)!.dummy),
    );
    for (const d of defenders) {
      const o = assaultOdds(ctx, w.state(), attackers.length, d);
      const mods =
        spottedNow || d === target ? o.mods : o.mods.filter((m) => m.ruleId !== 'TC-7.4');
      const mod = mods.reduce((n, m) => n + m.value, 0);
      lethal(w, d, attackers);
      const roll = d6(w);
      const hit = o.threshold !== null && roll + mod <= o.threshold;
      const result: FireResult = hit
        ? ctx.units.get(d)!.soft
          ? 'eliminated'
          : 'destroyed'
        : o.autoPin
          ? 'pinned'
          : 'noEffect';
      w.ev.push({
        type: 'fire',
        kind: 'DF-CA',
        firers: attackers,
        target: d,
        range: 1,
        attack: attackers.length,
        defence: 1,
        differential: o.differential,
        threshold: o.threshold,
        mods,
        roll,
        adjusted: roll + mod,
        result,
        ruleId: 'OT-32.11',
      });
      pending.push({ unit: d, result });
      if (hit && o.autoPin) pending.push({ unit: d, result: 'pinned' });
    }
  }
  applyAll(w, pending); // all results at once (OT-32.11(8))
}
