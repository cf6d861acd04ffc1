/**
 * TANK! morale (TC-6): the modifiers and result of a test, forced retreats toward a side's
 * edge, and the morale step of a turn.
 */
import type { Edge, HexRef } from '../../../format';
import { hexDistance, hexNeighbours } from '../../../hex';
import { type TankContext } from './context';
import { mapOf, seesFor } from './fire';
import { enterable, unitsAt } from './plot';
import type { ModView, TankState } from './state';
import type { MoraleResult } from './tables';
import { Work, destroy, live, plotOfW, setPlot } from './turnWork';

// ------------------------------------------------------------------------------------ morale (TC-6)

/** The morale score's modifiers for a unit (TC-6.3), without the roll. */
export function moraleModifiers(
  ctx: TankContext,
  state: TankState,
  id: string,
  underIfHe: number,
  firedOnByUnspotted: boolean,
): ModView[] {
  const info = ctx.units.get(id)!;
  const u = state.units[id]!;
  const mm = ctx.rules.moraleMods;
  const out: ModView[] = [];
  const add = (k: string, label: string, times = 1) => {
    const m = mm[k];
    if (m && times > 0) out.push({ label, value: m.mod * times, ruleId: 'TC-6.3' });
  };
  const sees = (at: HexRef) => u.at !== null && seesFor(ctx, state, info.side, u.at, at);
  if (firedOnByUnspotted) add('firedOnByUnspotted', 'fired on by an unspotted unit last turn');
  const friends = state.last.retreated.filter(
    (r) => ctx.units.get(r.unit)!.side === info.side && r.unit !== id,
  );
  if (friends.some((r) => sees(r.at)))
    add('friendRetreated', 'a friendly unit in sight retreated or fled');
  const per = mm['underIf']?.per ?? 3;
  add('underIf', `under indirect fire of ${underIfHe} HE`, Math.floor(underIfHe / per));
  const lost = info.platoon
    ? state.last.destroyed.filter((d) => ctx.units.get(d.unit)!.platoon === info.platoon).length
    : 0;
  add('platoonLoss', `${lost} of its platoon destroyed`, lost);
  if (u.marks.includes('isolated')) add('isolated', 'isolated');
  if (u.retreating) add('retreating', 'already retreating');
  const enemies = state.last.retreated.filter((r) => ctx.units.get(r.unit)!.side !== info.side);
  if (enemies.some((r) => sees(r.at)))
    add('enemyRetreated', 'an enemy unit in sight retreated or fled');
  const seenDead = state.last.destroyed.filter(
    (d) => ctx.units.get(d.unit)!.side !== info.side && sees(d.at),
  ).length;
  add('enemyDestroyed', `${seenDead} enemy destroyed in sight`, seenDead);
  if (u.at && ctx.map.hex(ctx.map.toAxial(u.at))?.improvedPosition)
    add('improvedPosition', 'in an Improved Position');
  return out;
}

export function moraleResultOf(ctx: TankContext, score: number): MoraleResult {
  const r = ctx.rules.moraleResults.find(
    (x) => (x.min === null || score >= x.min) && (x.max === null || score <= x.max),
  );
  return r?.result ?? 'noEffect';
}

/** A path of up to `mp` MP that keeps increasing a score (Retire away from the enemy, Retreat toward the edge). */
function forcedPath(
  w: Work,
  id: string,
  mp: number,
  score: (h: HexRef) => number,
): { path: HexRef[]; off: boolean } {
  const { ctx } = w;
  const map = mapOf(ctx, w.state());
  let at = w.units[id]!.at!;
  const path: HexRef[] = [];
  let left = mp;
  for (;;) {
    let best: HexRef | undefined;
    let bestScore = score(at);
    for (const n of hexNeighbours(ctx.map.toAxial(at))) {
      const h = ctx.map.toRef(n);
      const hex = map.hex(n);
      if (!hex || !enterable(ctx, id, h, w.state()) || hex.mp > left) continue;
      if (
        unitsAt(ctx, w.state(), h).some((o) => ctx.units.get(o)!.side !== ctx.units.get(id)!.side)
      )
        continue;
      const sc = score(h);
      if (sc > bestScore) {
        best = h;
        bestScore = sc;
      }
    }
    if (!best) break;
    left -= map.hex(ctx.map.toAxial(best))!.mp;
    path.push(best);
    at = best;
  }
  return { path, off: left > 0 && onEdge(ctx, at, score) };
}

function edgeScore(ctx: TankContext, edge: Edge | undefined): (h: HexRef) => number {
  switch (edge) {
    case 'west':
      return (h) => -h.col;
    case 'east':
      return (h) => h.col;
    case 'north':
      return (h) => -h.row;
    case 'south':
      return (h) => h.row;
    default:
      return () => 0;
  }
}

function onEdge(ctx: TankContext, h: HexRef, score: (h: HexRef) => number): boolean {
  const n = ctx.map;
  return (
    (score({ col: 0, row: h.row }) > score({ col: 1, row: h.row }) && h.col === 0) ||
    (score({ col: n.columns - 1, row: h.row }) > score({ col: n.columns - 2, row: h.row }) &&
      h.col === n.columns - 1) ||
    (score({ col: h.col, row: 0 }) > score({ col: h.col, row: 1 }) && h.row === 0) ||
    (score({ col: h.col, row: n.rows - 1 }) > score({ col: h.col, row: n.rows - 2 }) &&
      h.row === n.rows - 1)
  );
}

/** The morale tests of the units marked last turn; Panic and Preservation are not used (TC-6.5). */
export function stepMorale(w: Work, prevUnspotted: ReadonlySet<string>) {
  const { ctx } = w;
  const faces = ctx.rules.options.d10Faces;
  for (const id of ctx.order) {
    const u = w.units[id]!;
    const info = ctx.units.get(id)!;
    if (!live(w, id) || u.marks.length === 0 || u.noMoreTests || info.dummy || info.cls === 'team')
      continue;
    const natural = w.dice.roll(10);
    const roll = faces === '0-9' ? natural % 10 : natural;
    const panicLoss = Math.floor(u.panic / ctx.rules.options.panicStepPct);
    const mods = moraleModifiers(ctx, w.state(), id, u.underIfHe, prevUnspotted.has(id));
    const all: ModView[] = [
      { label: `panic ${u.panic}%`, value: -panicLoss, ruleId: 'TC-6.2' },
      ...mods,
    ];
    const score = roll + all.reduce((n, m) => n + m.value, 0);
    const result = moraleResultOf(ctx, score);
    w.ev.push({
      type: 'morale',
      unit: id,
      roll,
      panic: u.panic,
      mods: all,
      score,
      result,
      ruleId: 'TC-6.4',
    });
    u.marks = [];
    const plot = plotOfW(w, id);
    const isStatic = info.ma === 0;
    switch (result) {
      case 'noEffect':
        break;
      case 'cancelMoveAndOverrun':
        if (plot && (plot.mission === 'MV' || plot.mission === 'OV')) setPlot(w, id, undefined);
        if (plot?.mission === 'SMF') setPlot(w, id, { ...plot, path: [] });
        break;
      case 'cancelAllMissions':
        // The owner may have written an FC or MVR to do instead (TC-6.4).
        setPlot(w, id, plot?.fallback);
        if (plot?.fallback)
          w.ev.push({ type: 'fallback', unit: id, plot: plot.fallback, ruleId: 'TC-6.4' });
        break;
      case 'retire': {
        if (isStatic || u.pinned || u.carriedBy) {
          setPlot(w, id, undefined);
          break;
        }
        const enemies = ctx.order.filter((e) => ctx.units.get(e)!.side !== info.side && live(w, e));
        const far = (h: HexRef) =>
          Math.min(
            ...enemies.map((e) =>
              hexDistance(ctx.map.toAxial(h), ctx.map.toAxial(w.units[e]!.at!)),
            ),
            99,
          );
        const { path } = forcedPath(w, id, info.ma, far);
        setPlot(w, id, path.length ? { mission: 'MV', path, forced: 'retire' } : undefined);
        break;
      }
      case 'retreat':
      case 'flee': {
        w.retreated.push({ unit: id, at: u.at! });
        if (isStatic) {
          destroy(w, id);
          break;
        }
        u.retreating = true;
        if (result === 'flee') u.noMoreTests = true;
        if (u.pinned || u.carriedBy) {
          // A pinned unit forced to move stays where it is (OT-32.81, OT-32.91); a rider goes where its vehicle goes.
          setPlot(w, id, undefined);
          break;
        }
        const { path, off } = forcedPath(
          w,
          id,
          info.ma,
          edgeScore(ctx, ctx.entryEdge.get(info.side)),
        );
        setPlot(w, id, { mission: 'MV', path, forced: result, ...(off ? { offMap: true } : {}) });
        break;
      }
    }
  }
}
