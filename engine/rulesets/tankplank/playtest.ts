import type { Formation, Point, ScenarioDoc, Shape } from '../../format';
import { hashState } from '../../game/stateHash';
import { rectangleCorners } from '../../geometry/polygon';
import { templateOutline, type Template } from '../../geometry/templates';
import { tablePoint, type TablePoint } from '../../geometry/units';
import { bearing, distance, lerpPoint, project } from '../../geometry/vector';
import type { FeatureOnLine } from '../../los/lineOfSight';
import { isReachable, reachableArea } from '../../movement/reachableArea';
import {
  aaMgOf,
  artilleryStatus,
  countsAsTroops,
  houseAt,
  roofBurning,
  constant,
  couldUseCarriedAmmo,
  indirectDiameter,
  isArtillery,
  createContext,
  hullSize,
  info,
  isBoat,
  isTeamWeapon,
  lotTotals,
  moveShareLeft,
  moverOf,
  newGame,
  num,
  onTable,
  planShot,
  positionOf,
  pushContact,
  pushTarget,
  roundsText,
  shotOdds,
  sightBetween,
  tableRows,
  tankplankReducer,
  weaponKey,
  weaponsOf,
  weightRank,
  type ContextOptions,
  type Modifier,
  type ShotPlan,
  type TankplankAction,
  type TankplankContext,
  type TankplankEvent,
  type TankplankState,
  type UnitInfo,
  type UnitState,
} from './rules';
import { botPhase } from './bot';
import {
  capturedGunAction,
  capturedGunChoices,
  salvageCommands,
  salvageLines,
} from './playtestSalvage';
import type {
  CounterView,
  FirePreview,
  GameResult,
  LogLine,
  MovePlan,
  ObjectiveView,
  PhaseInfo,
  PlaytestRuleset,
  ReachView,
  ScoreLine,
  SideInfo,
  SightView,
  TemplateView,
  UnitCommand,
  Viewer,
  WeaponChoice,
} from '../../playtest/ruleset';

type TP = PlaytestRuleset<TankplankState, TankplankAction, TankplankEvent>;

const SIDE_COLOURS = ['#2f5fb3', '#b8322a', '#2f8f4e', '#8a4fb3'];
const PHASES = [
  { id: 'movement', label: 'Movement' },
  { id: 'firing', label: 'Firing' },
  { id: 'morale', label: 'Morale' },
] as const;

const r1 = (n: number) => (Math.round(n * 10) / 10).toFixed(1);
const halfs = (share: number) =>
  share <= 0
    ? '0'
    : Math.abs(share - 0.5) < 1e-6
      ? '½'
      : Math.abs(share - 1) < 1e-6
        ? '1'
        : r1(share);
const pt = (p: TablePoint): Point => [p.x, p.y];
const needText = (n: number) => (n > 6 ? 'impossible (7+)' : n <= 1 ? 'automatic' : `${n}+`);

/** Two letters for a counter: the initials of the type's name ("Medium tank" → "MT"). */
function glyphOf(name: string): string {
  const words = name.split(/[\s-]+/).filter(Boolean);
  if (words.length === 1) return words[0]!.slice(0, 1).toUpperCase();
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** The Tankplank rules engine as the playtest screen drives it. */
export function tankplankPlaytest(scenario: ScenarioDoc, opts: ContextOptions = {}): TP {
  const ctx: TankplankContext = createContext(scenario, opts);
  const reducer = tankplankReducer(ctx);
  const formationNames = new Map<string, string>();
  const walk = (f: Formation) => {
    formationNames.set(f.id, f.name ?? f.id);
    for (const s of f.formations ?? []) walk(s);
  };
  for (const s of scenario.forces.sides) for (const f of s.formations) walk(f);
  const sideName = new Map(scenario.forces.sides.map((s) => [s.id, s.name]));
  const features = new Map(
    scenario.map.kind === 'table' ? scenario.map.features.map((f) => [f.id, f]) : [],
  );
  // The screen over the creek on turn 1 (TP-4.4): an option; older files listed it as a layer.
  const screenTurn =
    scenario.ruleset.options?.['BASIC.OPT.SCREEN'] === true ||
    (scenario.ruleset.layers ?? []).includes('BASIC.OPT.SCREEN');

  const unitLabel = (state: TankplankState, id: string): string => {
    const u = state.units[id];
    if (!u) return id;
    const i = ctx.units.get(id);
    const typeName = ctx.catalog.units.get(u.type)?.name ?? u.type;
    const name =
      i?.unit.name ?? (u.spawned ? `${u.role ?? 'crewman'} of ${id.split('.crew')[0]}` : typeName);
    const fName = formationNames.get(u.formation) ?? u.formation;
    return `${sideName.get(u.side) ?? u.side} ${name === typeName ? typeName : `${name} (${typeName})`}, ${fName} [${id}]`;
  };
  const shortLabel = (state: TankplankState, id: string): string => {
    const u = state.units[id];
    if (!u) return id;
    return `${ctx.catalog.units.get(u.type)?.name ?? u.type} ${id}`;
  };
  const weaponName = (id: string) => ctx.catalog.weapons.get(id)?.name ?? id;
  /** Whether a unit is an artillery piece (TP-18.7), for its log lines. */
  const artilleryUnit = (id: string) =>
    ctx.units.get(id)?.type.keywords?.includes('artillery') === true;
  /** The circle an observer's call marks: the called weapon's matrix circle (TP-12.4, TP-A16). */
  const calledDiameter = (state: TankplankState, piece: string) => {
    if (!state.units[piece]) return 2;
    const m = weaponsOf(ctx, info(ctx, state, piece)).find(
      (w) => w.weapon.kind === 'mortar' || isArtillery(w.weapon),
    );
    return m ? indirectDiameter(ctx, m.weapon) : 2;
  };

  /** A refusal in the players' words: feature ids become the names on the map. */
  const named = (text: string) =>
    text.replace(/[\w.-]+/g, (tok) => {
      const f = features.get(tok);
      return f?.name ? `${f.name}` : tok;
    });
  const thingName = (id: string, state: TankplankState): { name: string; kind: string } => {
    const f = features.get(id);
    if (f) return { name: f.name ?? `${f.kind} ${id}`, kind: f.kind };
    if (state.units[id]) return { name: shortLabel(state, id), kind: 'vehicle' };
    const w = state.wrecks.find((x) => x.id === id);
    if (w) return { name: `wreck of ${w.unit}`, kind: 'wreck' };
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
    const u = state.units[id];
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

  const planMove = (state: TankplankState, unit: string, to: Point): MovePlan => {
    const u = state.units[unit];
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
    const u = state.units[unit];
    if (!onTable(u) || info(ctx, state, unit).kind !== 'vehicle') return [];
    const out: UnitCommand[] = [];
    const here = tablePoint(u.at[0], u.at[1]);
    if (u.carriedAmmo?.length) {
      const reach = constant(ctx.catalog, 'ammoTransferReach');
      for (const v of Object.values(state.units)) {
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
        tryAction(state, `pushWreck:${w.id}`, `Push the wreck of ${w.unit} 1" aside`, {
          type: 'pushWreck',
          unit,
          wreck: w.id,
          to,
        }),
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
          disabledReason: named(r.reason),
          ...(r.ruleId ? { ruleId: r.ruleId } : {}),
        };
  };

  const describe = (e: TankplankEvent, state: TankplankState): LogLine[] => {
    const L = (
      text: string,
      tone: LogLine['tone'],
      ruleIds: readonly (string | undefined)[] = [],
      dice: readonly number[] = [],
      units: readonly string[] = [],
    ): LogLine => ({
      text,
      tone,
      ruleIds: ruleIds.filter((x): x is string => !!x),
      dice,
      units,
    });
    const mods = (m: readonly Modifier[]) =>
      m.length === 0
        ? ''
        : ` (${m.map((x) => `${x.value >= 0 ? '+' : '−'}${Math.abs(x.value)} ${x.label} ${x.ruleId}`).join('; ')})`;
    const n = (id: string) => shortLabel(state, id);
    switch (e.type) {
      case 'TurnStarted':
        return [
          L(
            `Turn ${e.turn} begins; movement sweeps ${e.sweep === 'rightToLeft' ? 'right to left' : 'left to right'}`,
            'phase',
            [e.ruleId],
          ),
        ];
      case 'PhaseStarted':
        return [
          L(
            `${PHASES.find((p) => p.id === e.phase)?.label ?? e.phase} phase, turn ${e.turn}`,
            'phase',
            [e.ruleId],
          ),
        ];
      case 'PhaseEnded':
        return e.timeUp
          ? [
              L(
                `Time is up for ${sideName.get(e.side) ?? e.side}: units that had not moved stay where they are`,
                'phase',
                [e.ruleId ?? 'TP-4.3'],
              ),
            ]
          : [L(`${sideName.get(e.side) ?? e.side} ends the ${e.phase} phase`, 'phase')];
      case 'UnitMoved':
        if (e.level)
          return [
            L(
              `${n(e.unit)} climbs ${e.level === 'ground' ? 'down to the ground' : e.level === 'upper' ? 'to the upper floor' : 'onto the roof'}, ${halfs(e.cost)} of a turn${e.forced ? ` — forced: ${forcedText(e.forced)}` : ''}`,
              'move',
              e.ruleIds,
              [],
              [e.unit],
            ),
          ];
        return [
          L(
            `${n(e.unit)} ${e.from ? 'moves' : 'enters'} ${r1(e.inches)}" to (${r1(e.to[0])}, ${r1(e.to[1])}), ${halfs(e.cost)} of a turn at ${e.rate}"/turn${e.forced ? ` — forced: ${forcedText(e.forced)}` : ''}`,
            'move',
            e.ruleIds,
            [],
            [e.unit],
          ),
        ];
      case 'UnitFaced':
        return [
          L(
            `${n(e.unit)} faces ${Math.round(e.facing)}°${e.cost ? ` (costs ${halfs(e.cost)} of a turn)` : ''}`,
            'move',
            e.cost ? ['TP-8.5'] : [],
            [],
            [e.unit],
          ),
        ];
      case 'UnitMounted':
        return [L(`${n(e.unit)} gets into ${n(e.vehicle)}`, 'move', [e.ruleId], [], [e.unit])];
      case 'UnitDismounted':
        return [L(`${n(e.unit)} gets out of ${n(e.vehicle)}`, 'move', [e.ruleId], [], [e.unit])];
      case 'WeaponSetUp':
        return [
          L(`${n(e.unit)} sets up the ${weaponName(e.weapon)}`, 'move', [e.ruleId], [], [e.unit]),
        ];
      case 'WeaponBrokenDown':
        return [
          L(
            `${n(e.unit)} breaks down the ${weaponName(e.weapon)}`,
            'move',
            [e.ruleId],
            [],
            [e.unit],
          ),
        ];
      case 'ShotResolved':
        return [
          L(
            `${n(e.unit)} fires ${weaponName(e.weapon)} at ${e.target ? n(e.target) : `(${r1(e.at[0])}, ${r1(e.at[1])})`}: range ${r1(e.range)}" (${e.band}), needs ${needText(e.needed)} (base ${e.base}+${mods(e.modifiers)}); rolled ${e.roll}: ${e.hit ? 'HIT' : 'miss'}`,
            'fire',
            [e.ruleId, ...e.modifiers.map((m) => m.ruleId)],
            [e.roll],
            e.target ? [e.unit, e.target] : [e.unit],
          ),
        ];
      case 'PenetrationResolved':
        return [
          L(
            `Penetration of ${n(e.target)} (${e.face} armour ${e.armour}): rolled ${e.roll} + impact ${e.impact}${e.rangeModifier ? ` ${e.rangeModifier >= 0 ? '+' : '−'} ${Math.abs(e.rangeModifier)} range` : ''} = ${e.total}: ${e.penetrated ? 'PENETRATED' : 'no penetration'}`,
            'roll',
            [e.ruleId],
            [e.roll],
            [e.target],
          ),
        ];
      case 'TemplatePlaced':
        return [
          L(
            `${weaponName(e.weapon)} ${e.template} placed at (${r1(e.at[0])}, ${r1(e.at[1])}): ${e.caught.length} caught${e.caught.length ? ` (${e.caught.join(', ')})` : ''}`,
            'fire',
            [e.ruleId],
            [],
            e.caught,
          ),
        ];
      case 'GrenadeThrown':
        return [
          L(
            `${n(e.unit)} throws a grenade: rolled ${e.roll}${mods(e.modifiers)}: ${e.result}`,
            'fire',
            [e.ruleId],
            [e.roll],
            [e.unit],
          ),
        ];
      case 'MortarRound':
        return [
          L(
            `${n(e.unit)} ${artilleryUnit(e.unit) ? 'artillery' : 'mortar'} round: rolled ${e.roll}: ${e.landed ? `lands at (${r1(e.landed[0])}, ${r1(e.landed[1])})` : 'dud'}`,
            'fire',
            [e.ruleId],
            [e.roll],
            [e.unit],
          ),
        ];
      case 'RifleGrenadeLanded':
        return [
          L(
            `${n(e.unit)} rifle grenade (area fire): rolled ${e.roll}: ${e.landed ? `lands at (${r1(e.landed[0])}, ${r1(e.landed[1])})` : 'miss'}`,
            'fire',
            [e.ruleId],
            [e.roll],
            [e.unit],
          ),
        ];
      case 'HouseHit':
        return [
          L(
            e.part === 'wall'
              ? `HE from ${n(e.unit)} blows a 2" hole in the wall of ${e.house} at (${r1(e.at[0])}, ${r1(e.at[1])})`
              : `HE from ${n(e.unit)} hits the roof of ${e.house}${e.burning ? ': the roof is on fire for the rest of the game' : ''}`,
            'fire',
            [e.ruleId],
            [],
            [e.unit],
          ),
        ];
      case 'AaMgManned':
        return [
          L(
            `${n(e.unit)}: the commander takes the AA MG; ${e.maxMove === 0 ? 'the tank may not move this turn' : `the tank may use at most ${halfs(e.maxMove)} of its move this turn`}`,
            'move',
            [e.ruleId],
            [],
            [e.unit],
          ),
        ];
      case 'FireCalled':
        return [
          L(
            `${n(e.observer)} calls ${weaponName(e.weapon)} fire on (${r1(e.at[0])}, ${r1(e.at[1])})`,
            'fire',
            [e.ruleId],
          ),
        ];
      case 'SaveRolled':
        return [
          L(
            `${state.units[e.unit] ? n(e.unit) : e.unit} saves on ${needText(e.needed)}${mods(e.modifiers)}: rolled ${e.roll}: ${e.saved ? 'saved' : 'casualty'}`,
            'roll',
            [e.ruleId, ...e.modifiers.map((m) => m.ruleId)],
            [e.roll],
            [e.unit],
          ),
        ];
      case 'CasualtyMarked':
        return [
          L(
            `${n(e.unit)} is hit (fires on, removed at the end of the phase)`,
            'result',
            [e.ruleId],
            [],
            [e.unit],
          ),
        ];
      case 'CasualtyRemoved':
        return [L(`${n(e.unit)} is removed`, 'result', [e.ruleId], [], [e.unit])];
      case 'VehicleDestroyed':
        return [
          L(`${n(e.unit)} is destroyed and leaves a wreck`, 'result', [e.ruleId], [], [e.unit]),
        ];
      case 'CrewBailedOut':
        return [
          L(`${e.role} ${e.unit} bails out of ${n(e.vehicle)}`, 'result', [e.ruleId], [], [e.unit]),
        ];
      case 'MoraleTested':
        return [
          L(
            `${formationNames.get(e.formation) ?? e.formation} tests morale (${e.triggers.map((t) => `${t.trigger} ${t.ruleId}`).join('; ')}): rolled ${e.roll}${mods(e.modifiers)} = ${e.score}: ${e.result}`,
            'roll',
            [e.ruleId, ...e.triggers.map((t) => t.ruleId), ...e.modifiers.map((m) => m.ruleId)],
            [e.roll],
          ),
        ];
      case 'AmmoRecovered':
        return [
          L(
            `${n(e.unit)} recovers ammunition from ${e.wreck}: ${roundsText(e.rounds)}${e.loaded && Object.values(e.loaded).some((x) => x > 0) ? `; loads ${roundsText(e.loaded)}` : ''}${e.carried && Object.values(e.carried).some((x) => x > 0) ? `; carries ${roundsText(e.carried)} for other vehicles` : ''}`,
            'move',
            [e.ruleId],
            [],
            [e.unit],
          ),
        ];
      case 'AmmoHandedOver':
        return [
          L(
            `${n(e.unit)} hands ${roundsText(e.rounds)} to ${n(e.to)}, which is being reloaded this turn (AA MG only, ½ move)${Object.keys(e.left).length > 0 ? `; still carries ${roundsText(e.left)}` : ''}`,
            'move',
            [e.ruleId, 'TP-5.13'],
            [],
            [e.unit, e.to],
          ),
        ];
      case 'CarriedAmmoLost':
        return [
          L(
            `${n(e.unit)} is hit and loses the ammunition it carried (${roundsText(e.rounds)})`,
            'result',
            [e.ruleId, 'TP-17.3'],
            [],
            [e.unit],
          ),
        ];
      case 'WreckPushed':
        return [
          L(
            `${n(e.unit)} pushes ${e.wreck} ${r1(Math.hypot(e.to[0] - e.from[0], e.to[1] - e.from[1]))}" aside`,
            'move',
            [e.ruleId],
            [],
            [e.unit],
          ),
        ];
      case 'ObjectiveRevealed':
        return [
          L(
            `${sideName.get(e.side) ?? e.side} reveals its objective: ${ctx.objectives.find((o) => o.id === e.objective)?.name ?? e.objective}${e.verified ? ' (matches the sealed choice)' : ' (DOES NOT match the sealed choice)'}`,
            'result',
            [e.ruleId],
          ),
        ];
      case 'ObjectiveHeld':
        return [
          L(
            `${sideName.get(e.side) ?? e.side} holds its objective: ${e.turns} turn${e.turns === 1 ? '' : 's'}`,
            'result',
            [e.ruleId],
          ),
        ];
      case 'BoatBoarded':
      case 'BoatCrossed':
      case 'BoatSwamped':
      case 'WeaponAbandoned':
      case 'WeaponPickedUp':
      case 'WeaponDropped':
      case 'CrewJoined':
      case 'CapturedGunFired':
        return salvageLines(e, n).map((l) => L(l.text, l.tone, l.ruleIds, [], l.units));
      case 'GameEnded':
        return [
          L(
            e.winner === 'draw'
              ? `Game over: draw — ${e.reason}`
              : `Game over: ${sideName.get(e.winner) ?? e.winner} wins — ${e.reason}`,
            'end',
            [e.ruleId],
          ),
        ];
    }
  };

  const module: TP = {
    id: 'tankplank',
    label: 'Tankplank',
    table: { width: ctx.map.width, height: ctx.map.height },
    sides: (): SideInfo[] =>
      scenario.forces.sides.map((s, k) => {
        const e = ctx.entryEdges.get(s.id);
        return {
          id: s.id,
          name: s.name,
          colour: s.colour ?? SIDE_COLOURS[k % SIDE_COLOURS.length]!,
          deployment: e
            ? `starts off the table and enters from edge ${e.label ?? ''} (${e.edge}) (TP-4.1)`
            : 'placed by the scenario',
        };
      }),
    newGame: (seed) => newGame(ctx, { seed }),
    reduce: (state, action) => reducer(state, action),
    phase(state): PhaseInfo {
      const over = state.phase === 'ended';
      const waitingFor = over ? [] : ctx.sides.filter((s) => !state.ended.includes(s));
      const todo: Record<string, string[]> = {};
      for (const side of ctx.sides) {
        const own = Object.values(state.units).filter((u) => u.side === side && u.alive);
        const lines: string[] = [];
        if (state.phase === 'movement') {
          const off = own.filter((u) => u.at === null && u.embarkedIn === null).length;
          const still = own.filter((u) => onTable(u) && u.moved === 0).length;
          const part = own.filter((u) => onTable(u) && u.moved > 0 && u.moved < 1 - 1e-9).length;
          if (off) lines.push(`${off} units still off the table (enter from the edge)`);
          if (still) lines.push(`${still} units on the table have not moved`);
          if (part) lines.push(`${part} units have part of their move left`);
        } else if (state.phase === 'firing') {
          const armed = own.filter((u) => onTable(u) || u.embarkedIn !== null);
          const fired = armed.filter((u) => (state.fired[u.id]?.length ?? 0) > 0).length;
          lines.push(`${armed.length - fired} of ${armed.length} units have not fired`);
        }
        if (state.ended.includes(side)) lines.push('phase ended; waiting for the other side');
        todo[side] = lines;
      }
      const p = PHASES.find((x) => x.id === state.phase);
      return {
        turn: state.turn,
        turnLimit: state.turnLimit,
        phase: state.phase,
        phaseLabel: over ? 'Game over' : (p?.label ?? state.phase),
        phaseRuleId:
          state.phase === 'movement' ? 'TP-4.3' : state.phase === 'firing' ? 'TP-4.6' : undefined,
        phases: PHASES,
        waitingFor,
        todo,
        mode: state.phase === 'movement' ? 'move' : state.phase === 'firing' ? 'fire' : 'none',
        over,
      };
    },
    counters(state, viewer: Viewer): CounterView[] {
      const hideEnemy =
        screenTurn && viewer !== null && state.turn === 1 && state.phase === 'movement';
      const out: CounterView[] = [];
      for (const u of Object.values(state.units)) {
        if (!u.alive) continue;
        if (hideEnemy && u.side !== viewer) continue;
        const i = info(ctx, state, u.id);
        const status: string[] = [];
        if (u.doomed) status.push('hit');
        if (u.moved >= 1 - 1e-9) status.push('moved');
        else if (u.moved > 0) status.push(`moved ${halfs(u.moved)}`);
        if (u.noFire) status.push('no fire');
        if ((state.fired[u.id]?.length ?? 0) > 0) status.push('fired');
        if (u.immobilised) status.push('immobilised');
        if (u.boat) status.push('in a boat');
        if (u.carriedAmmo?.length) status.push(`carries ${roundsText(lotTotals(u.carriedAmmo))}`);
        if (u.recoveringTurn === state.turn) status.push('taking ammo aboard');
        if (u.reloadedTurn === state.turn) status.push('reloading');
        if (u.level) status.push(u.level === 'upper' ? 'upper floor' : 'on the roof');
        if (u.at && u.level === 'roof') {
          const house = houseAt(ctx, tablePoint(u.at[0], u.at[1]), 0);
          if (house && roofBurning(state, house.id)) status.push('roof burning');
        }
        if (u.aaMgTurn === state.turn) status.push('commander on AA MG');
        for (const m of weaponsOf(ctx, i)) {
          if (m.weapon.stats?.['needsSetUp'] !== true) continue;
          if (state.teamWeapons[weaponKey(i, m.weapon)]?.setUp) status.push('set up');
        }
        const order = state.formations[u.formation]?.morale;
        if (order && order.movesLeft > 0) status.push(order.result);
        const size = i.kind === 'figure' ? { length: 0.6, width: 0.6 } : hullSize(i);
        out.push({
          id: u.id,
          side: u.side,
          label: unitLabel(state, u.id),
          glyph: glyphOf(i.type.name),
          kind: i.kind,
          formation: u.formation,
          formationLabel: formationNames.get(u.formation) ?? u.formation,
          at: u.embarkedIn || !u.at ? null : [u.at[0], u.at[1]],
          facing: u.facing,
          turret: i.type.weapons?.some((w) => w.mount === 'turret') ? u.turret : undefined,
          size,
          embarkedIn: u.embarkedIn,
          passengers: u.passengers,
          status,
          moved: u.moved,
          alive: u.alive,
        });
      }
      for (const w of state.wrecks) {
        const type = ctx.catalog.units.get(w.type);
        out.push({
          id: w.id,
          side: w.side,
          label: `Wreck of ${shortLabel(state, w.unit)}`,
          glyph: '✕',
          kind: 'wreck',
          formation: '',
          formationLabel: '',
          at: [w.at[0], w.at[1]],
          facing: w.facing,
          turret: undefined,
          size: { length: type?.size?.length ?? 1.5, width: type?.size?.width ?? 1 },
          embarkedIn: null,
          passengers: [],
          status: ['wreck'],
          moved: 0,
          alive: false,
        });
      }
      return out;
    },
    objectives(state, viewer): ObjectiveView[] {
      return ctx.objectives.map((o) => {
        const os = o.owner ? state.objectives[o.owner] : undefined;
        const revealed = os?.revealed ?? o.hidden !== true;
        const known = viewer === null || o.owner === viewer || revealed || o.hidden !== true;
        const needed = o.holdTurns ?? ctx.options.num('TP-A47');
        const held = os?.heldTurns ?? 0;
        const ownerName = o.owner ? (sideName.get(o.owner) ?? o.owner) : 'nobody';
        return {
          id: o.id,
          name: known ? (o.name ?? o.id) : `${ownerName}'s secret objective`,
          owner: o.owner,
          area: known ? o.area : undefined,
          known,
          revealed,
          held,
          needed,
          text: known
            ? `${ownerName}: held ${held} of ${needed} turns${revealed ? '' : ' (secret, revealed on first entry TP-3.2)'}`
            : `${ownerName}: secret until their troops reach it (TP-3.1)`,
        };
      });
    },
    score(state): ScoreLine[] {
      const lines: ScoreLine[] = [];
      for (const side of ctx.sides) {
        // Troops only: a dropped heavy weapon or a boat is a thing, not a unit (TP-16.8, TP-G7).
        const all = Object.values(state.units).filter(
          (u) => u.side === side && !u.spawned && countsAsTroops(ctx, state, u.id),
        );
        const alive = all.filter((u) => u.alive).length;
        const o = state.objectives[side];
        const needed =
          ctx.objectives.find((x) => x.id === o?.objective)?.holdTurns ?? ctx.options.num('TP-A47');
        lines.push({
          side,
          label: sideName.get(side) ?? side,
          value: `${alive}/${all.length} units in play; objective held ${o?.heldTurns ?? 0}/${needed} turns`,
        });
      }
      return lines;
    },
    result(state): GameResult | undefined {
      if (!state.result) return undefined;
      const w = state.result.winner;
      return {
        winner: w,
        text:
          w === 'draw'
            ? `Draw: ${state.result.reason}`
            : `${sideName.get(w) ?? w} wins: ${state.result.reason}`,
      };
    },
    canAct(state, unit, side) {
      const u = state.units[unit];
      if (!u || !u.alive || u.side !== side || state.ended.includes(side)) return false;
      return state.phase === 'movement' || state.phase === 'firing';
    },
    commands(state, unit): UnitCommand[] {
      const u = state.units[unit];
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
        for (const v of Object.values(state.units)) {
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
        const v = state.units[u.embarkedIn];
        if (vp && v) {
          const side = project(
            vp,
            v.facing + 90,
            Math.min(constant(ctx.catalog, 'mountReach'), 0.9),
          );
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
    },
    reachable(state, unit): ReachView | undefined {
      const u = state.units[unit];
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
        return { grid: undefined, entry: { area, depth }, budget, rate, bands };
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
    },
    planMove: (state, unit, to) => planMove(state, unit, to),
    faceAction(state, unit, facing) {
      const u = state.units[unit];
      if (!u) return undefined;
      return { type: 'face', unit, facing: Math.round(((facing % 360) + 360) % 360) };
    },
    weapons(state, unit): WeaponChoice[] {
      const u = state.units[unit];
      if (!u) return [];
      const i = info(ctx, state, unit);
      // An officer or an observer vehicle may call a friendly mortar onto a point (TP-12.4).
      const observer = u.role === 'officer' || (i.type.keywords ?? []).includes('observer');
      const calls: WeaponChoice[] = [];
      if (observer) {
        const seen = new Set<string>();
        for (const c of Object.values(state.units)) {
          if (!onTable(c) || c.side !== u.side || seen.has(c.formation)) continue;
          const ci = info(ctx, state, c.id);
          // Mortars (TP-12.4) and artillery pieces (TP-18.7a) take an observer's call.
          const mortar = weaponsOf(ctx, ci).find(
            (w) => w.weapon.kind === 'mortar' || isArtillery(w.weapon),
          );
          if (!mortar) continue;
          seen.add(c.formation);
          calls.push({
            id: `call:${c.id}`,
            label: `Call ${mortar.weapon.name} fire (${formationNames.get(c.formation) ?? c.formation})`,
            ammo: [],
            atPoint: true,
            maxRange: undefined,
            remaining: 'observer',
          });
        }
      }
      // An artillery piece fires direct, or indirect by the aiming matrix (TP-18.7a, TP-A41).
      const indirect: WeaponChoice[] = weaponsOf(ctx, i)
        .filter((m) => isArtillery(m.weapon))
        .map((m) => ({
          id: `indirect:${m.weapon.id}`,
          label: `${m.weapon.name}, indirect`,
          ammo: [],
          atPoint: true,
          maxRange: Number(m.weapon.stats?.['indirectMaxRange'] ?? 45),
          remaining: artilleryStatus(ctx, state, i, m.weapon, weaponKey(i, m.weapon)),
        }));
      return [
        ...weaponsOf(ctx, i).map((m) => {
          const w = m.weapon;
          if (isArtillery(w))
            return {
              id: w.id,
              label: `${w.name}, direct`,
              ammo: [],
              atPoint: false,
              maxRange: Number(w.stats?.['directRange'] ?? 40),
              remaining: artilleryStatus(ctx, state, i, w, weaponKey(i, w)),
            };
          const kinds = Object.keys(u.ammo).filter((k) => k === 'AP' || k === 'HE');
          const team = isTeamWeapon(w) ? state.teamWeapons[weaponKey(i, w)] : undefined;
          const maxRange = Math.max(0, ...(w.ranges ?? []).map((b) => b.max));
          const remaining = team
            ? `${team.ammo} rounds${w.stats?.['needsSetUp'] === true ? (team.setUp ? ', set up' : ', not set up') : ''}`
            : w.kind === 'cannon' && kinds.length
              ? kinds.map((k) => `${k} ${u.ammo[k]}`).join(', ')
              : 'unlimited';
          return {
            id: w.id,
            label: w.name,
            ammo: w.kind === 'cannon' && kinds.length > 1 ? kinds : [],
            atPoint: w.kind === 'mortar' || w.kind === 'grenade',
            maxRange: maxRange > 0 ? maxRange : undefined,
            remaining,
          };
        }),
        ...indirect,
        ...calls,
        ...capturedGunChoices(ctx, state, unit, (id) => shortLabel(state, id)),
      ];
    },
    previewFire(state, shooter, choice, ammo, target): FirePreview {
      const sight = sightView(state, shooter, target);
      const indirect = choice.startsWith('indirect:');
      const weapon = indirect ? choice.slice('indirect:'.length) : choice;
      const captured = capturedGunAction(shooter, weapon, target);
      if (captured) {
        // An abandoned enemy AT gun worked by its captors (TP-16.7).
        const r = reducer(state, captured);
        return {
          legal: r.ok,
          ...(!r.ok ? { reason: r.reason, ...(r.ruleId ? { ruleId: r.ruleId } : {}) } : {}),
          sight,
          range: sight?.distance,
          band: 'captured gun',
          steps: [],
          odds: [],
          templates: [],
          action: r.ok ? captured : undefined,
        };
      }
      if (weapon.startsWith('call:')) {
        const at = target.at ?? (target.unit ? state.units[target.unit]?.at : undefined);
        const call: TankplankAction | undefined = at
          ? { type: 'callFire', unit: shooter, mortar: weapon.slice(5), at: [at[0], at[1]] }
          : undefined;
        const r = call ? reducer(state, call) : undefined;
        return {
          legal: !!r?.ok,
          ...(r && !r.ok ? { reason: r.reason, ...(r.ruleId ? { ruleId: r.ruleId } : {}) } : {}),
          sight,
          range: sight?.distance,
          band: 'observer call',
          steps: [],
          odds: [],
          templates: at
            ? [
                {
                  shape: 'circle',
                  centre: [at[0], at[1]],
                  diameter: calledDiameter(state, weapon.slice(5)),
                  label: 'call',
                },
              ]
            : [],
          action: r?.ok ? call : undefined,
        };
      }
      const action: TankplankAction = {
        type: 'fire',
        unit: shooter,
        weapon,
        ...(target.unit ? { target: target.unit } : {}),
        ...(target.at && !target.unit ? { at: target.at } : {}),
        ...(ammo === 'AP' || ammo === 'HE' ? { ammo } : {}),
        ...(indirect ? { indirect } : {}),
      };
      const base = { sight, steps: [], odds: [], templates: [] };
      if (state.phase !== 'firing')
        return {
          ...base,
          legal: false,
          reason: 'weapons fire only in the Firing phase',
          ruleId: 'TP-4.2',
          range: sight?.distance,
          band: undefined,
          action: undefined,
        };
      const plan = planShot(ctx, state, {
        unit: shooter,
        weapon,
        ...(target.unit ? { target: target.unit } : {}),
        ...(target.at && !target.unit ? { at: target.at } : {}),
        ...(ammo === 'AP' || ammo === 'HE' ? { ammo } : {}),
        ...(indirect ? { indirect } : {}),
      });
      if ('refused' in plan)
        return {
          ...base,
          legal: false,
          reason: named(plan.reason),
          ...(plan.ruleId ? { ruleId: plan.ruleId } : {}),
          range: sight?.distance,
          band: undefined,
          action: undefined,
        };
      const steps: FirePreview['steps'][number][] = [];
      if (plan.toHit)
        steps.push({
          label: 'To hit',
          base: `${plan.toHit.base}+ (${plan.band})`,
          modifiers: plan.toHit.modifiers,
          needed: needText(plan.toHit.needed),
          ruleId: plan.toHit.ruleId,
        });
      if (plan.penetration) {
        const p = plan.penetration;
        steps.push({
          label: `Penetrate ${p.face} armour ${p.armour}`,
          base: `d6 + impact ${p.impact}${p.rangeModifier ? ` ${p.rangeModifier > 0 ? '+' : '−'} ${Math.abs(p.rangeModifier)} for range` : ''} ≥ ${p.armour}`,
          modifiers: [],
          needed: needText(p.needed),
          ruleId: p.ruleId,
        });
      }
      if (plan.template) {
        const saves = plan.template.saves;
        const byNeed = new Map<number, number>();
        for (const s of saves) byNeed.set(s.needed, (byNeed.get(s.needed) ?? 0) + 1);
        if (saves.length)
          steps.push({
            label: `Saves for ${saves.length} men caught`,
            base: [...byNeed.entries()].map(([k, v]) => `${v} need ${needText(k)}`).join(', '),
            modifiers: saves[0]!.modifiers,
            needed: needText(saves[0]!.needed),
            ruleId: saves[0]!.ruleId,
          });
        for (const v of plan.template.vehicles)
          steps.push({
            label: `Penetrate ${shortLabel(state, v.target)} ${v.face} armour ${v.armour}`,
            base: `d6 + impact ${v.impact} ≥ ${v.armour}`,
            modifiers: [],
            needed: needText(v.needed),
            ruleId: v.ruleId,
          });
      }
      if (plan.grenade)
        steps.push({
          label: 'Throw',
          base: 'grenade table',
          modifiers: plan.grenade.modifiers,
          needed: 'on target row',
          ruleId: plan.ruleId,
        });
      const o = shotOdds(ctx, plan);
      const odds: { label: string; p: number }[] = [];
      if (plan.toHit) odds.push({ label: 'hit', p: o.pHit });
      if (o.pPenetrate !== undefined) odds.push({ label: 'penetrate (if hit)', p: o.pPenetrate });
      if (plan.target)
        odds.push({ label: `${shortLabel(state, plan.target)} out of action`, p: o.pKill });
      if (plan.template) {
        const expected = o.perUnit.reduce((s, x) => s + x.p, 0);
        odds.push({
          label: `expected casualties (${o.perUnit.length} under the template)`,
          p: expected,
        });
      }
      const templates = templatesOf(ctx, state, plan);
      // Men the round cannot reach (tree canopy, the other roof slope, under an open house's roof).
      const sheltered = new Map<string, string>();
      for (const m of plan.matrix ?? [])
        for (const x of (m as { sheltered?: readonly { unit: string; reason: string }[] })
          .sheltered ?? [])
          sheltered.set(x.unit, x.reason);
      if (sheltered.size)
        steps.push({
          label: `Cannot be hit: ${sheltered.size} men`,
          base: [...sheltered].map(([u, why]) => `${shortLabel(state, u)} ${why}`).join('; '),
          modifiers: [],
          needed: '—',
          ruleId: 'TP-12.3',
        });
      if (plan.mode === 'mortar' || plan.mode === 'rifleGrenadeArea') {
        // The round lands by the aiming matrix (a natural 1 is a dud): the chance a circle covers
        // the aimed point, before the saves of the men under it.
        const over = templates.filter(
          (t) =>
            t.shape === 'circle' &&
            Math.hypot(t.centre[0] - plan.at.x, t.centre[1] - plan.at.y) <= t.diameter / 2,
        ).length;
        odds.splice(0, odds.length, {
          label: 'round lands over the aimed point (before saves)',
          p: over / 6,
        });
        // Indirect artillery plans every landing, so the casualty odds are exact (TP-18.7a).
        if (plan.matrix) {
          if (plan.target)
            odds.push({ label: `${shortLabel(state, plan.target)} out of action`, p: o.pKill });
          odds.push({
            label: `expected casualties (${o.perUnit.length} within reach of the matrix)`,
            p: o.perUnit.reduce((s, x) => s + x.p, 0),
          });
        }
      }
      return {
        legal: true,
        sight: sight ?? undefined,
        range: plan.range,
        band: plan.band,
        steps,
        odds,
        templates,
        action,
      };
    },
    endPhaseAction: (_state, side, timeUp) => ({
      type: 'endPhase',
      side,
      ...(timeUp ? { timeUp: true } : {}),
    }),
    clock(state) {
      if (state.phase !== 'movement') return undefined;
      const screened = screenTurn && state.turn === 1;
      return {
        seconds: constant(ctx.catalog, screened ? 'screenMovementMinutes' : 'movementMinutes') * 60,
        ruleId: screened ? 'TP-4.4' : 'TP-4.3',
        onTimeUp: 'units that have not moved stay where they are',
      };
    },
    actionSide(state, action) {
      if (action.type === 'endPhase') return action.side;
      if (action.type === 'forceDice') return undefined;
      return state.units[action.unit]?.side;
    },
    describe,
    eventVisible(event, viewer, state) {
      if (!screenTurn || viewer === null || state.turn > 1) return true;
      if (
        event.type === 'UnitMoved' ||
        event.type === 'UnitFaced' ||
        event.type === 'UnitMounted' ||
        event.type === 'UnitDismounted' ||
        event.type === 'WeaponSetUp' ||
        event.type === 'WeaponBrokenDown'
      )
        return state.units[event.unit]?.side === viewer;
      return true;
    },
    botActions: (state, side) => botPhase(ctx, state, side).actions,
    hash: (state) => hashState(state),
  };
  return module;
}

/** The templates of a planned shot, to scale: cones, blast circles, HE sectors, the mortar matrix. */
function templatesOf(ctx: TankplankContext, state: TankplankState, plan: ShotPlan): TemplateView[] {
  const out: TemplateView[] = [];
  const view = (t: Template, label?: string): TemplateView => {
    const withLabel = label ? { label } : {};
    switch (t.shape) {
      case 'circle':
        return { shape: 'circle', centre: pt(t.centre), diameter: t.diameter, ...withLabel };
      case 'cone':
      case 'strip':
        return { shape: 'polygon', points: templateOutline(t)!.map(pt), ...withLabel };
      case 'sector':
        return {
          shape: 'sector',
          apex: pt(t.apex),
          axisDeg: t.axisDeg,
          radius: t.radius,
          angleDeg: t.angleDeg,
          ...withLabel,
        };
    }
  };
  if (plan.template) out.push(view(plan.template.template, plan.mode));
  if (plan.mode === 'mortar' || plan.mode === 'call' || plan.mode === 'rifleGrenadeArea') {
    const from = positionOf(state, plan.shooter);
    const diameter = plan.weapon.template?.width ?? 2;
    if (from) {
      const towardFirer = bearing(plan.at, from);
      for (const row of tableRows(ctx.catalog, 'aimingMatrix')) {
        const roll = num(row, 'roll');
        const c = project(
          project(plan.at, towardFirer, -num(row, 'dx') * diameter),
          towardFirer + 90,
          num(row, 'dy') * diameter,
        );
        out.push({ shape: 'circle', centre: pt(c), diameter, label: String(roll) });
      }
    }
  }
  if (plan.mode === 'grenade') {
    const d = plan.weapon.template?.width ?? 2;
    out.push({ shape: 'circle', centre: pt(plan.at), diameter: d, label: 'grenade' });
  }
  return out;
}

export type { UnitState };

/** Why a unit was moved without an order, in words (morale results, crews acting on their own). */
const FORCED_TEXT: Readonly<Record<string, string>> = {
  toCover: 'morale, to the nearest cover',
  fallBack: 'morale, falling back',
  rout: 'morale, routing',
  crewToRear: 'crew out of a wreck heading for the rear',
  crewToCover: 'crew out of a wreck taking cover',
  crewToGun: 'crew out of a wreck going to an AT gun short of men',
};
function forcedText(code: string): string {
  return FORCED_TEXT[code] ?? code;
}
