import type { Shape } from '../../../format';
import { tablePoint } from '../../../geometry/units';
import { distance, project } from '../../../geometry/vector';
import { isReachable, reachableArea } from '../../../movement/reachableArea';
import type { ReachView, UnitCommand } from '../../../playtest/view';
import {
  aaMgOf,
  constant,
  info,
  isArtillery,
  isBoat,
  moveShareLeft,
  moverOf,
  onTable,
  positionOf,
  weaponKey,
  weaponsOf,
  type TankplankState,
} from '../rules';
import { type TankplankKit } from './kit';
import { salvageCommands } from './salvage';
import { pt } from './words';

export function unitCommands(
  kit: TankplankKit,
  state: TankplankState,
  unit: string,
): UnitCommand[] {
  const { ctx, shortLabel, tryAction, logisticsCommands } = kit;
  const u = state.units.get(unit);
  if (!u || !u.alive || state.phase !== 'movement') return [];
  const i = info(ctx, state, unit);
  const out: UnitCommand[] = [];
  const setUpW = weaponsOf(ctx, i).find((w) => w.weapon.stats?.['needsSetUp'] === true);
  // Self-propelled artillery sets up its firing position too (TP-18.7d).
  if (setUpW && onTable(u) && (i.kind !== 'vehicle' || isArtillery(setUpW.weapon))) {
    const up = state.teamWeapons[weaponKey(i, setUpW.weapon)]?.setUp ?? false;
    out.push(
      tryAction(
        state,
        up ? 'breakDown' : 'setUp',
        `${up ? 'Break down' : 'Set up'} the ${setUpW.weapon.name}`,
        { type: up ? 'breakDown' : 'setUp', unit },
      ),
    );
  }
  if (i.kind === 'figure' && onTable(u)) {
    const reach = constant(ctx.catalog, 'mountReach');
    for (const v of state.units.list()) {
      if (!onTable(v) || v.side !== u.side || v.id === unit) continue;
      const vi = info(ctx, state, v.id);
      if (vi.kind !== 'vehicle' || (vi.type.capacity ?? 0) === 0) continue;
      if (isBoat(ctx, state, v.id)) continue; // boarded with 'Board boat' (TP-5.3)
      if (distance(tablePoint(u.at[0], u.at[1]), tablePoint(v.at[0], v.at[1])) > reach + 3)
        continue;
      out.push(
        tryAction(state, `mount:${v.id}`, `Get into ${shortLabel(state, v.id)}`, {
          type: 'mount',
          unit,
          vehicle: v.id,
        }),
      );
    }
  }
  if (u.embarkedIn) {
    const vp = positionOf(state, u.embarkedIn);
    const v = state.units.get(u.embarkedIn);
    if (vp && v) {
      const side = project(vp, v.facing + 90, Math.min(constant(ctx.catalog, 'mountReach'), 0.9));
      out.push(
        tryAction(state, 'dismount', `Get out of ${shortLabel(state, u.embarkedIn)}`, {
          type: 'dismount',
          unit,
          at: pt(side),
        }),
      );
    }
  }
  if (i.kind === 'figure' && onTable(u)) {
    const atHouse = ctx.terrain
      .featuresAt(tablePoint(u.at[0], u.at[1]))
      .some((e) => e.feature.kind === 'building');
    const level = u.level ?? 'ground';
    if (atHouse)
      for (const [to, label] of [
        ['upper', 'Climb to the upper floor'],
        ['roof', 'Climb onto the roof'],
        ['ground', 'Climb down'],
      ] as const)
        if (to !== level)
          out.push(tryAction(state, `climb:${to}`, label, { type: 'climb', unit, to }));
  }
  // Up a tree (TP-5.3, TP-G13): offered to a man on the ground under one, and to a man up it.
  if (i.kind === 'figure' && onTable(u)) {
    const level = u.level ?? 'ground';
    const underTree = ctx.terrain
      .featuresAt(tablePoint(u.at[0], u.at[1]))
      .some((e) => e.feature.kind === 'tree');
    if (level === 'tree' && !out.some((c) => c.id === 'climb:ground'))
      out.push(
        tryAction(state, 'climb:ground', 'Climb down the tree', {
          type: 'climb',
          unit,
          to: 'ground',
        }),
      );
    else if (level === 'ground' && underTree)
      out.push(
        tryAction(state, 'climb:tree', 'Climb the tree', { type: 'climb', unit, to: 'tree' }),
      );
  }
  for (const w of state.wrecks) {
    if (w.side !== u.side || !onTable(u) || i.kind !== 'vehicle') continue;
    if (distance(tablePoint(u.at[0], u.at[1]), tablePoint(w.at[0], w.at[1])) > 4) continue;
    out.push(
      tryAction(state, `recover:${w.id}`, `Recover ammunition from ${w.id}`, {
        type: 'recoverAmmo',
        unit,
        wreck: w.id,
      }),
    );
  }
  out.push(...logisticsCommands(state, unit));
  if (onTable(u) && aaMgOf(ctx, state, unit))
    out.push(
      tryAction(state, 'manAaMg', 'Commander takes the AA MG (at most ½ move)', {
        type: 'manAaMg',
        unit,
      }),
    );
  if (onTable(u))
    out.push(
      tryAction(state, 'about', 'Turn about (180°)', {
        type: 'face',
        unit,
        facing: (u.facing + 180) % 360,
      }),
    );
  // Boats, dropped weapons and crew orders (TP-5.3, TP-16.5, TP-16.8).
  out.push(...salvageCommands(ctx, state, unit, tryAction, (id) => shortLabel(state, id)));
  return out;
}

export function reachableView(
  kit: TankplankKit,
  state: TankplankState,
  unit: string,
): ReachView | undefined {
  const { ctx, carryRate } = kit;
  const u = state.units.get(unit);
  if (!u || !u.alive || u.embarkedIn || state.phase !== 'movement') return undefined;
  const i = info(ctx, state, unit);
  const mover = moverOf(ctx, i.type, carryRate(state, i));
  const budget = moveShareLeft(ctx, state, u);
  const rate =
    mover.roadRate !== mover.offRoadRate
      ? `${mover.roadRate}" on road, ${mover.offRoadRate}" off road (${mover.roadRuleId})`
      : `${mover.offRoadRate}"/turn`;
  const bands = [
    { max: 0.5, label: 'within ½ move: a ½-move action (get in/out, climb) still fits' },
    { max: 1, label: 'within a full move' },
  ];
  if (!u.at) {
    const e = ctx.entryEdges.get(u.side);
    if (!e) return undefined;
    const depth = Math.max(mover.roadRate, mover.offRoadRate) * budget;
    const area: Shape = {
      shape: 'edgeStrip',
      edge: e.edge,
      depth,
      ...(e.from !== undefined ? { from: e.from } : {}),
      ...(e.to !== undefined ? { to: e.to } : {}),
    };
    return { grid: undefined, entry: { area, depth, ruleId: 'TP-4.1' }, budget, rate, bands };
  }
  const cell = Math.max(mover.roadRate, mover.offRoadRate) > 4 ? 0.5 : 0.25;
  const start = tablePoint(u.at[0], u.at[1]);
  const grid = reachableArea(ctx.terrain, mover, start, budget, cell);
  if (mover.roadRate === mover.offRoadRate) return { grid, budget, rate, bands };
  // Where the road rate makes the difference: compare with an off-road-only search.
  const off = reachableArea(
    ctx.terrain,
    { ...mover, roadRate: mover.offRoadRate, roadRateOnlyIfAllOnRoad: false },
    start,
    budget,
    cell,
  );
  const viaRoad = grid.costs.map((cost, k) => {
    if (!(cost <= budget + 1e-9)) return false;
    const c = k % grid.cols;
    const r = (k - c) / grid.cols;
    const p = tablePoint(grid.originX + (c + 0.5) * cell, grid.originY + (r + 0.5) * cell);
    return !isReachable(off, p, budget);
  });
  return {
    grid,
    viaRoad,
    budget,
    rate,
    bands: [...bands, { max: 1, label: 'only by road (road rate, TP-5.2)' }],
  };
}
