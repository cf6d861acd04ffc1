/**
 * TANK! indirect fire: mortar and artillery calls land, scatter, test panic and bring
 * buildings down (TC-4.4, TC-4.7).
 */
import type { HexRef } from '../../../format';
import { hexDistance, hexNeighbours } from '../../../hex';
import { mapOf, seesFor } from './fire';
import { enterable, unitsAt } from './plot';
import type { FireResult, MortarCall } from './state';
import { Work, d6, destroy, key, lethal, live, setPlot } from './turnWork';

// ------------------------------------------------------------------------------------ IF (TC-4.4, TC-4.7)

/**
 * An impact marker no friendly unit sees when it lands scatters by the placeholder impactScatter
 * table (TC-G5), to the next hex on the hexside rolled (kept where it is off the map or on null).
 */
function scatterImpact(w: Work, c: MortarCall): MortarCall {
  const { ctx } = w;
  if (ctx.rules.impactScatter.size === 0) return c;
  const state = w.state();
  const seen = ctx.order.some((id) => {
    const o = ctx.units.get(id)!;
    const ou = w.units[id]!;
    if (o.side !== c.side || o.dummy || !live(w, id)) return false;
    return key(ou.at!) === key(c.hex) || seesFor(ctx, state, o.side, ou.at!, c.hex);
  });
  if (seen) return c;
  const roll = d6(w);
  const side = ctx.rules.impactScatter.get(roll);
  const n =
    side === null || side === undefined ? undefined : hexNeighbours(ctx.map.toAxial(c.hex))[side];
  const to = n && ctx.map.hex(n) ? ctx.map.toRef(n) : c.hex;
  w.ev.push({ type: 'impactScattered', unit: c.unit, from: c.hex, to, roll, ruleId: 'TC-G5' });
  return { ...c, hex: to };
}

export function stepIf(w: Work) {
  const { ctx } = w;
  for (const side of ctx.sides) {
    for (const [id, p] of Object.entries(w.plots[side]!)) {
      if ((p.mission !== 'IF' && p.mission !== 'SF') || !p.hex || !live(w, id)) continue;
      const info = ctx.units.get(id)!;
      const r = hexDistance(ctx.map.toAxial(w.units[id]!.at!), ctx.map.toAxial(p.hex));
      const eff = info.mortar?.effective ?? info.range;
      const he =
        r > eff
          ? Math.ceil(info.he * (ctx.rules.constants['beyondEffectiveFactor'] ?? 0.5))
          : info.he;
      const call: MortarCall = {
        unit: id,
        kind: p.mission,
        side,
        hex: p.hex,
        he,
        called: w.turn,
        lands: w.turn + (info.mortar?.delay ?? 2),
      };
      w.calls.push(call);
      w.ev.push({
        type: 'mortarCalled',
        unit: id,
        side,
        hex: p.hex,
        he,
        lands: call.lands,
        ruleId: r > eff ? 'TC-4.3' : 'TC-4.4',
      });
    }
  }
  const landing = w.calls
    .filter((c) => c.lands === w.turn && w.units[c.unit]!.alive)
    .map((c) => scatterImpact(w, c));
  w.calls = w.calls.filter((c) => c.lands > w.turn);
  // Mortar smoke is placed in this step and lifted at the cleanup (TC-3 steps 2 and 8).
  const lasts = ctx.rules.constants['smokeDurationTurns'] ?? 1;
  for (const c of landing) {
    if (c.kind !== 'SF') continue;
    const until = w.turn + lasts - 1;
    w.smoke.push({ kind: 'mortar', hex: c.hex, side: c.side, unit: c.unit, placed: w.turn, until });
    w.ev.push({ type: 'smokePlaced', unit: c.unit, hex: c.hex, until, ruleId: 'TC-4.2' });
  }
  const byHex = new Map<string, MortarCall[]>();
  for (const c of landing)
    if (c.kind !== 'SF') byHex.set(key(c.hex), [...(byHex.get(key(c.hex)) ?? []), c]);
  for (const calls of byHex.values()) {
    const hex = calls[0]!.hex;
    const he = calls.reduce((n, c) => n + c.he, 0);
    const th = mapOf(ctx, w.state()).hex(ctx.map.toAxial(hex))!;
    const column = th.urban || th.terrain === 'rubble' ? 'urban' : th.woods ? 'woods' : 'clear';
    const row = [...ctx.rules.ifCrt].reverse().find((r) => r.heMin <= he);
    const threshold = row?.cells[column] ?? null;
    w.ev.push({ type: 'indirectFire', hex, he, column, threshold, ruleId: 'TC-4.7' });
    for (const id of unitsAt(ctx, w.state(), hex)) {
      const info = ctx.units.get(id)!;
      const u = w.units[id]!;
      if (info.side === calls[0]!.side || info.cls === 'team') continue;
      u.underIfHe += he;
      if (info.dummy) continue; // the owner resolves fire on unspotted units; a dummy feels none (TC-7.2)
      lethal(
        w,
        id,
        calls.map((c) => c.unit),
      );
      const roll = d6(w);
      let result: FireResult = 'noEffect';
      if (threshold !== null && roll <= threshold) {
        if (!info.soft) result = ctx.rules.ifEffects.vehicle === 'pinned' ? 'pinned' : 'destroyed';
        else if (ctx.rules.layers.optional) {
          const share =
            info.cls === 'atGun' ? ctx.rules.softShare.atGun : ctx.rules.softShare.infantry;
          const kill = Math.max(1, Math.floor(threshold * share));
          result = roll <= kill ? 'eliminated' : 'pinned';
        } else result = ctx.rules.ifEffects.soft === 'pinned' ? 'pinned' : 'eliminated';
      }
      w.ev.push({
        type: 'indirectResult',
        unit: id,
        side: info.side,
        roll,
        result,
        ruleId:
          result === 'noEffect'
            ? 'TC-4.7'
            : ctx.rules.layers.optional && info.soft
              ? 'OT-32.9'
              : 'TC-G3',
      });
      if (result === 'pinned') u.pinned = true;
      if (result === 'destroyed' || result === 'eliminated') destroy(w, id);
    }
    if (!ctx.rules.layers.costello) panicTests(w, hex, calls[0]!.side);
    if (th.urban) collapse(w, hex, he);
  }
}

/**
 * The base game's panic under indirect fire (OT-G5; Costello's morale replaces it, TC-6.5): each
 * unit left in the hit hex rolls the panic die and panics on a roll up to its panic level in tens
 * (20% panics on 1-2). A panicking unit runs up to the catalog's panicMoveHexes through the
 * hexside the scatter pattern A-B-C gives (panicScatter, relative to its facing), instead of its
 * plot; a pinned one stays where it is (OT-32.81 (4), OT-32.91 (2)). Placeholder data.
 */
function panicTests(w: Work, hex: HexRef, firingSide: string) {
  const { ctx } = w;
  const die = ctx.rules.constants['panicDie'];
  const run = ctx.rules.constants['panicMoveHexes'];
  if (die === undefined || run === undefined) return;
  for (const id of unitsAt(ctx, w.state(), hex)) {
    const info = ctx.units.get(id)!;
    const u = w.units[id]!;
    if (info.side === firingSide || info.dummy || info.cls === 'team' || u.carriedBy) continue;
    const roll = w.dice.roll(die);
    const panicked = roll * (100 / die) <= u.panic;
    const base = { type: 'panic' as const, unit: id, roll, panicPct: u.panic, panicked };
    if (!panicked) {
      w.ev.push({ ...base, stays: false, path: [], ruleId: 'OT-G5' });
      continue;
    }
    if (u.pinned) {
      setPlot(w, id, undefined);
      w.ev.push({
        ...base,
        stays: true,
        path: [],
        ruleId: info.soft ? 'OT-32.91' : 'OT-32.81',
      });
      continue;
    }
    const scatterRoll = d6(w);
    const side = (u.facing + (ctx.rules.panicScatter.get(scatterRoll) ?? 3)) % 6;
    const path: HexRef[] = [];
    let at = ctx.map.toAxial(u.at!);
    const map = mapOf(ctx, w.state());
    for (let k = 0; k < run; k++) {
      const n = hexNeighbours(at)[side]!;
      const h = ctx.map.toRef(n);
      if (
        !map.hex(n) ||
        !enterable(ctx, id, h, w.state()) ||
        unitsAt(ctx, w.state(), h).some((o) => ctx.units.get(o)!.side !== info.side)
      )
        break;
      path.push(h);
      at = n;
    }
    setPlot(w, id, path.length ? { mission: 'MV', path, forced: 'panic' } : undefined);
    w.ev.push({ ...base, stays: false, scatterRoll, path, ruleId: 'OT-G5' });
  }
}

/**
 * High explosive on a building may bring it down (TC-1.3): the hex becomes rubble, and the rubble
 * scatters as an impact marker does (TC-G5) into a neighbouring street, which it closes to
 * vehicles. Both rolls read placeholder tables (buildingCollapse, rubbleScatter).
 */
function collapse(w: Work, hex: HexRef, he: number) {
  const { ctx } = w;
  const row = [...ctx.rules.buildingCollapse].reverse().find((r) => r.heMin <= he);
  if (!row) return;
  const roll = d6(w);
  const collapsed = roll <= row.collapseMax;
  if (!collapsed) {
    w.ev.push({
      type: 'rubble',
      hex,
      roll,
      collapseMax: row.collapseMax,
      collapsed,
      ruleId: 'TC-1.3',
    });
    return;
  }
  w.rubble.push({ hex, blocksVehicles: false });
  const scatterRoll = d6(w);
  const side = ctx.rules.rubbleScatter.get(scatterRoll);
  let scatter: HexRef | undefined;
  if (side !== undefined && side !== null) {
    const n = hexNeighbours(ctx.map.toAxial(hex))[side];
    const map = mapOf(ctx, w.state());
    const street = n ? map.hex(n) : undefined;
    if (
      n &&
      street &&
      !street.urban &&
      !street.woods &&
      !street.vehicleImpassable &&
      street.terrain !== 'rubble'
    ) {
      scatter = ctx.map.toRef(n);
      w.rubble.push({ hex: scatter, blocksVehicles: true });
    }
  }
  w.ev.push({
    type: 'rubble',
    hex,
    roll,
    collapseMax: row.collapseMax,
    collapsed,
    ...(scatter ? { scatter } : {}),
    scatterRoll,
    ruleId: 'TC-1.3',
  });
}
