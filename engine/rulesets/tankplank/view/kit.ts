import type { Formation, Point, ScenarioDoc } from '../../../format';
import { featureLabel } from '../../../terrain/featureLabel';
import { rectangleCorners } from '../../../geometry/polygon';
import { tablePoint, type TablePoint } from '../../../geometry/units';
import { distance, lerpPoint, project } from '../../../geometry/vector';
import type { FeatureOnLine } from '../../../los/lineOfSight';
import type { MovePlan, SightView, UnitCommand } from '../../../playtest/view';
import {
  constant,
  couldUseCarriedAmmo,
  createContext,
  hullSize,
  indirectDiameter,
  info,
  isArtillery,
  isTeamWeapon,
  num,
  onTable,
  positionOf,
  pushContact,
  pushTarget,
  sightBetween,
  tableRows,
  tankplankReducer,
  weaponKey,
  weaponsOf,
  weightRank,
  type ContextOptions,
  type TankplankAction,
  type TankplankContext,
  type TankplankState,
  type UnitInfo,
} from '../rules';
import { halfs, pt, r1 } from './words';

/**
 * Formation names by id; a heavy weapon dropped by its team (TP-16.8) stands in a formation of
 * its own, `<team>:dropped`, which reads "HMG team's dropped weapon" rather than its id.
 */
class FormationNames extends Map<string, string> {
  override get(id: string): string | undefined {
    const own = super.get(id);
    if (own !== undefined || !id.endsWith(':dropped')) return own;
    const team = id.slice(0, -':dropped'.length);
    return `${super.get(team) ?? team}'s dropped weapon`;
  }
}

/** What every part of the Tankplank playtest view shares: the rules context, names and helpers. */
export function tankplankKit(scenario: ScenarioDoc, opts: ContextOptions = {}) {
  const ctx: TankplankContext = createContext(scenario, opts);
  const reducer = tankplankReducer(ctx);
  const formationNames = new FormationNames();
  // An unnamed unit is its type and its number among that type in its formation ("Rifleman 3"),
  // so a label tells the men apart without their ids.
  const typeNumber = new Map<string, number>();
  const walk = (f: Formation) => {
    formationNames.set(f.id, f.name ?? f.id);
    const seen = new Map<string, number>();
    const total = new Map<string, number>();
    for (const u of f.units) total.set(u.type, (total.get(u.type) ?? 0) + 1);
    for (const u of f.units) {
      const n = (seen.get(u.type) ?? 0) + 1;
      seen.set(u.type, n);
      if ((total.get(u.type) ?? 0) > 1) typeNumber.set(u.id, n);
    }
    for (const s of f.formations ?? []) walk(s);
  };
  for (const s of scenario.forces.sides) for (const f of s.formations) walk(f);
  const sideName = new Map(scenario.forces.sides.map((s) => [s.id, s.name]));
  const mapFeatures = scenario.map.kind === 'table' ? scenario.map.features : [];
  const features = new Map(
    scenario.map.kind === 'table' ? scenario.map.features.map((f) => [f.id, f]) : [],
  );
  // The screen over the creek on turn 1 (TP-4.4): an option; older files listed it as a layer.
  const screenTurn =
    scenario.ruleset.options?.['BASIC.OPT.SCREEN'] === true ||
    (scenario.ruleset.layers ?? []).includes('BASIC.OPT.SCREEN');

  const unitLabel = (state: TankplankState, id: string): string => {
    const u = state.units.get(id);
    if (!u) return id;
    const i = ctx.units.get(id);
    const typeName = ctx.catalog.units.get(u.type)?.name ?? u.type;
    const fName = formationNames.get(u.formation) ?? u.formation;
    // A crewman who bailed out is named by his vehicle ("driver of Half-track 2"), not its id.
    if (u.spawned && !i?.unit.name)
      return `${sideName.get(u.side) ?? u.side} ${crewName(u.role, id)}, ${fName}`;
    const name = i?.unit.name ?? typeName;
    const n = typeNumber.get(id);
    const shown = name === typeName ? (n ? `${typeName} ${n}` : typeName) : `${name} (${typeName})`;
    return `${sideName.get(u.side) ?? u.side} ${shown}, ${fName}`;
  };
  // A unit in a log line or a refusal: its own name, or its type numbered within its formation,
  // with the formation it belongs to ("Rifleman 2 (1st Squad)"), never its id; with its side's
  // name first where a unit of another side would read the same ("Side B Tank 1 (Tank section)").
  const ownLabel = (typeId: string, id: string, formation: string): string => {
    const typeName = ctx.catalog.units.get(typeId)?.name ?? typeId;
    const n = typeNumber.get(id);
    const name = ctx.units.get(id)?.unit.name ?? (n ? `${typeName} ${n}` : typeName);
    return `${name} (${formationNames.get(formation) ?? formation}`;
  };
  /** A unit's own name without its formation ("Half-track 2"), never its id. */
  const ownName = (id: string): string | undefined => {
    const i = ctx.units.get(id);
    if (!i) return undefined;
    const typeName = ctx.catalog.units.get(i.unit.type)?.name ?? i.unit.type;
    const n = typeNumber.get(id);
    return i.unit.name ?? (n ? `${typeName} ${n}` : typeName);
  };
  /** A crewman the rules put on the table from his vehicle: his role and the vehicle's name. */
  const crewName = (role: string | undefined, id: string): string => {
    const vehicle = id.split('.crew')[0]!;
    const of = vehicle === id ? undefined : ownName(vehicle);
    return of ? `${role ?? 'crewman'} of ${of}` : (role ?? 'crewman');
  };
  const labelSides = new Map<string, Set<string>>();
  for (const [id, i] of ctx.units) {
    const base = ownLabel(i.unit.type, id, i.formation);
    let sides = labelSides.get(base);
    if (!sides) labelSides.set(base, (sides = new Set()));
    sides.add(i.side);
  }
  const shortLabel = (state: TankplankState, id: string): string => {
    const u = state.units.get(id);
    if (!u) {
      // Gone from the state (removed): still named as the scenario names it.
      const i = ctx.units.get(id);
      return i ? `${ownLabel(i.unit.type, id, i.formation)})` : id;
    }
    if (u.spawned) {
      const vehicle = id.split('.crew')[0]!;
      return vehicle !== id && state.units.has(vehicle)
        ? `${u.role ?? 'crewman'} of ${shortLabel(state, vehicle)}`
        : crewName(u.role, id);
    }
    const base = ownLabel(u.type, id, u.formation);
    const shared = (labelSides.get(base)?.size ?? 0) > 1;
    return `${shared ? `${sideName.get(u.side) ?? u.side} ` : ''}${base})`;
  };
  const weaponName = (id: string) => ctx.catalog.weapons.get(id)?.name ?? id;
  /** Whether a unit is an artillery piece (TP-18.7), for its log lines. */
  const artilleryUnit = (id: string) =>
    ctx.units.get(id)?.type.keywords?.includes('artillery') === true;
  /** The circle an observer's call marks: the called weapon's matrix circle (TP-12.4, TP-A16). */
  const calledDiameter = (state: TankplankState, piece: string) => {
    if (!state.units.get(piece)) return 2;
    const m = weaponsOf(ctx, info(ctx, state, piece)).find(
      (w) => w.weapon.kind === 'mortar' || isArtillery(w.weapon),
    );
    return m ? indirectDiameter(ctx, m.weapon) : 2;
  };

  /**
   * A refusal in the players' words: feature ids become the names on the map and, given the
   * state, unit ids the units' labels.
   */
  const named = (text: string, state?: TankplankState) =>
    text.replace(/[\w.-]+/g, (tok) => {
      const f = features.get(tok);
      // An unnamed feature reads as its kind and number on the map ("tree 3").
      if (f) return featureLabel(f, mapFeatures);
      if (state?.units.get(tok)) return shortLabel(state, tok);
      // A token may end a sentence ("… of a.tank1."): try it without the full stop.
      const bare = tok.replace(/\.+$/, '');
      if (bare !== tok && state?.units.get(bare))
        return `${shortLabel(state, bare)}${tok.slice(bare.length)}`;
      return tok;
    });
  const thingName = (id: string, state: TankplankState): { name: string; kind: string } => {
    const f = features.get(id);
    if (f) return { name: featureLabel(f, mapFeatures), kind: f.kind };
    if (state.units.get(id)) return { name: shortLabel(state, id), kind: 'vehicle' };
    const w = state.wrecks.find((x) => x.id === id);
    if (w) return { name: `wreck of ${shortLabel(state, w.unit)}`, kind: 'wreck' };
    return { name: id, kind: 'feature' };
  };

  const outlineOf = (id: string, state: TankplankState): Point[] | undefined => {
    const e = ctx.terrain
      .candidates({ minX: 0, minY: 0, maxX: ctx.map.width, maxY: ctx.map.height })
      .find((x) => x.id === id);
    if (e) {
      const fp = e.footprint;
      switch (fp.type) {
        case 'area':
          return fp.polygons[0]?.map(pt);
        case 'line':
          return fp.points.map(pt);
        case 'circle': {
          const out: Point[] = [];
          for (let k = 0; k < 16; k++) out.push(pt(project(fp.centre, k * 22.5, fp.radius)));
          return out;
        }
        case 'trench':
          return fp.outer[0]?.map(pt);
      }
    }
    const u = state.units.get(id);
    if (u?.at) {
      const { width, length } = hullSize(info(ctx, state, id));
      return rectangleCorners(u.at[0], u.at[1], length, width, u.facing).map(pt);
    }
    const w = state.wrecks.find((x) => x.id === id);
    if (w) return rectangleCorners(w.at[0], w.at[1], 1.5, 1, w.facing).map(pt);
    return undefined;
  };

  const sightView = (
    state: TankplankState,
    shooter: string,
    target: { unit?: string; at?: Point },
  ): SightView | undefined => {
    const from = positionOf(state, shooter);
    const to = target.unit
      ? positionOf(state, target.unit)
      : target.at
        ? tablePoint(target.at[0], target.at[1])
        : undefined;
    if (!from || !to) return undefined;
    const s = sightBetween(
      ctx,
      state,
      { unit: shooter, point: from },
      target.unit ? { unit: target.unit, point: to } : { point: to },
    );
    const describeCrossed = (c: FeatureOnLine) =>
      `${thingName(c.id, state).name}: ${c.effect} at ${r1(c.from)}" (${c.ruleId})`;
    const b = s.blockedBy;
    const blocked = b
      ? (() => {
          const t = thingName(b.id, state);
          const outline = outlineOf(b.id, state);
          return {
            id: b.id,
            name: t.name,
            kind: b.kind === 'baseGround' ? 'ground' : t.kind,
            at: b.from,
            ruleId: b.ruleId,
            ...(outline ? { outline } : {}),
          };
        })()
      : undefined;
    return {
      from: pt(from),
      to: pt(to),
      visible: s.visible,
      distance: s.distance,
      ...(blocked ? { blockedBy: blocked } : {}),
      cover: s.cover,
      ...(s.coverFrom ? { coverFrom: thingName(s.coverFrom.id, state).name } : {}),
      ruleId: s.ruleId,
      crossed: s.crossed
        .filter((c) => c.kind !== 'baseGround' || c.effect === 'blocks')
        .map(describeCrossed),
    };
  };

  const carryRate = (state: TankplankState, i: UnitInfo): number | undefined => {
    if (i.kind !== 'figure') return undefined;
    const assembled = weaponsOf(ctx, i).some(
      (m) =>
        isTeamWeapon(m.weapon) &&
        state.teamWeapons[weaponKey(i, m.weapon)]?.setUp &&
        m.weapon.stats?.['needsSetUp'] === true,
    );
    if (!assembled) return undefined;
    const row = tableRows(ctx.catalog, 'movementRates').find(
      (r) => r['mover'] === 'carryingAssembledWeapon',
    );
    return row ? num(row, 'offRoad') : 1;
  };

  const entryPoint = (side: string, to: TablePoint): TablePoint | undefined => {
    const e = ctx.entryEdges.get(side);
    if (!e) return undefined;
    const clampAlong = (v: number) => Math.min(e.to ?? Infinity, Math.max(e.from ?? -Infinity, v));
    switch (e.edge) {
      case 'west':
        return tablePoint(0, clampAlong(to.y));
      case 'east':
        return tablePoint(ctx.map.width, clampAlong(to.y));
      case 'north':
        return tablePoint(clampAlong(to.x), 0);
      case 'south':
        return tablePoint(clampAlong(to.x), ctx.map.height);
    }
  };

  const tryMove = (state: TankplankState, unit: string, path: TablePoint[]) =>
    reducer(state, { type: 'move', unit, path: path.map(pt) });

  // A move's plan, its refusal in the players' words.
  const planMove = (state: TankplankState, unit: string, to: Point): MovePlan => {
    const plan = planMoveAs(state, unit, to);
    return plan.ok ? plan : { ...plan, reason: named(plan.reason, state) };
  };
  const planMoveAs = (state: TankplankState, unit: string, to: Point): MovePlan => {
    const u = state.units.get(unit);
    if (!u || !u.alive) return { ok: false, reason: `${unit} is not in play` };
    if (u.embarkedIn)
      return {
        ok: false,
        reason: `${unit} rides in ${u.embarkedIn}; dismount first`,
        ruleId: 'TP-5.3',
      };
    const goal = tablePoint(
      Math.min(ctx.map.width, Math.max(0, to[0])),
      Math.min(ctx.map.height, Math.max(0, to[1])),
    );
    const start = u.at ? tablePoint(u.at[0], u.at[1]) : entryPoint(u.side, goal);
    if (!start) return { ok: false, reason: `side ${u.side} has no entry edge`, ruleId: 'TP-4.1' };
    const full = tryMove(state, unit, [start, goal]);
    const explain = (r: typeof full) => {
      if (!r.ok) return r.reason;
      const ev = r.events.find((e) => e.type === 'UnitMoved');
      if (!ev || ev.type !== 'UnitMoved') return '';
      return `${r1(ev.inches)}" for ${halfs(ev.cost)} of a turn at ${ev.rate}"/turn (${ev.ruleIds.join(', ')})`;
    };
    if (full.ok)
      return {
        ok: true,
        action: { type: 'move', unit, path: u.at ? [pt(goal)] : [pt(start), pt(goal)] },
        to: pt(goal),
        path: [pt(start), pt(goal)],
        snapped: false,
        explanation: explain(full),
      };
    // Out of reach or blocked part way: the furthest legal point on the straight line.
    let lo = 0;
    let hi = 1;
    for (let k = 0; k < 14; k++) {
      const mid = (lo + hi) / 2;
      if (tryMove(state, unit, [start, lerpPoint(start, goal, mid)]).ok) lo = mid;
      else hi = mid;
    }
    const end = lerpPoint(start, goal, lo);
    const r = tryMove(state, unit, [start, end]);
    if (!r.ok || distance(start, end) < 0.05)
      return { ok: false, reason: full.reason, ...(full.ruleId ? { ruleId: full.ruleId } : {}) };
    return {
      ok: true,
      action: { type: 'move', unit, path: u.at ? [pt(end)] : [pt(start), pt(end)] },
      to: pt(end),
      path: [pt(start), pt(end)],
      snapped: true,
      explanation: `${explain(r)}; shortened: ${full.reason}${full.ruleId ? ` (${full.ruleId})` : ''}`,
    };
  };

  /** Hand-over (one per friendly vehicle nearby that could use the cargo) and push commands. */
  const logisticsCommands = (state: TankplankState, unit: string): UnitCommand[] => {
    const u = state.units.get(unit);
    if (!onTable(u) || info(ctx, state, unit).kind !== 'vehicle') return [];
    const out: UnitCommand[] = [];
    const here = tablePoint(u.at[0], u.at[1]);
    if (u.carriedAmmo?.length) {
      const reach = constant(ctx.catalog, 'ammoTransferReach');
      for (const v of state.units.list()) {
        if (!onTable(v) || v.side !== u.side || !couldUseCarriedAmmo(ctx, u, v)) continue;
        if (distance(here, tablePoint(v.at[0], v.at[1])) > reach + 1e-9) continue;
        out.push(
          tryAction(
            state,
            `handAmmo:${v.id}`,
            `Hand the carried ammunition to ${shortLabel(state, v.id)}`,
            { type: 'handAmmo', unit, to: v.id },
          ),
        );
      }
    }
    const mine = weightRank(ctx, u.type) ?? 0;
    for (const w of state.wrecks) {
      if ((weightRank(ctx, w.type) ?? Infinity) >= mine) continue;
      if (distance(here, tablePoint(w.at[0], w.at[1])) > pushContact(ctx, state, unit, w) + 1e-9)
        continue;
      const to = pushTarget(state, unit, w, constant(ctx.catalog, 'wreckPushPerTurn'));
      out.push(
        tryAction(
          state,
          `pushWreck:${w.id}`,
          `Push the wreck of ${shortLabel(state, w.unit)} 1" aside`,
          {
            type: 'pushWreck',
            unit,
            wreck: w.id,
            to,
          },
        ),
      );
    }
    return out;
  };

  const tryAction = (
    state: TankplankState,
    id: string,
    label: string,
    action: TankplankAction,
    cost?: number,
  ): UnitCommand => {
    const r = reducer(state, action);
    return r.ok
      ? { id, label, action, ...(cost !== undefined ? { cost } : {}) }
      : {
          id,
          label,
          action: undefined,
          disabledReason: named(r.reason, state),
          ...(r.ruleId ? { ruleId: r.ruleId } : {}),
        };
  };

  return {
    scenario,
    ctx,
    reducer,
    formationNames,
    sideName,
    features,
    screenTurn,
    unitLabel,
    shortLabel,
    weaponName,
    artilleryUnit,
    calledDiameter,
    named,
    thingName,
    outlineOf,
    sightView,
    carryRate,
    entryPoint,
    tryMove,
    planMove,
    logisticsCommands,
    tryAction,
  };
}

export type TankplankKit = ReturnType<typeof tankplankKit>;
