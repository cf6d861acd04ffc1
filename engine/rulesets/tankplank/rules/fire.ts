import type { CoverClass, Point, WeaponType } from '../../../format';
import { templateContains, type Template } from '../../../geometry/templates';
import { bearing, distance, project } from '../../../geometry/vector';
import { tablePoint, type TablePoint } from '../../../geometry/units';
import type { SightResult } from '../../../los/lineOfSight';
import type { Modifier } from './actions';
import { armourFaceHit, type ArmourFace } from './armourFacing';
import { constant, flag, num, stat, tableRows, text } from './catalog';
import type { TankplankContext, UnitInfo } from './context';
import {
  dist,
  info,
  isTeamWeapon,
  obstructions,
  onTable,
  positionOf,
  raised,
  sightBetween,
  weaponKey,
  weaponsOf,
} from './situation';
import type { TankplankState, UnitState } from './state';
import { supplyFireRefusal } from './logistics';
import { indirectPositionRefusal, mortarShelter, matrixCircles } from './canopy';
import { planRifleGrenade } from './rifleGrenade';
import { heOnHousePlan, type HouseHitPlan } from './structures';
import { artilleryReadiness, planArtillery, type MatrixOutcome } from './artillery';
import { callLapsed } from './observers';

/** A d6 test: the natural roll needed after modifiers (7+ means impossible). */
export interface RollStep {
  readonly base: number;
  readonly modifiers: readonly Modifier[];
  /** Natural roll needed; above 6 cannot succeed, 1 or less always succeeds. */
  readonly needed: number;
  readonly ruleId: string;
}

/** A penetration test against one vehicle. */
export interface PenetrationStep {
  readonly target: string;
  readonly face: ArmourFace;
  readonly armour: number;
  readonly impact: number;
  readonly rangeModifier: number;
  /** Natural d6 needed so that d6 + impact + range modifier reaches the armour. */
  readonly needed: number;
  readonly ruleId: string;
}

/** A save for one man caught by a template or burst. */
export interface SaveStep {
  readonly unit: string;
  readonly cover: CoverClass;
  readonly modifiers: readonly Modifier[];
  /** Natural d6 needed to survive; 7 when he is removed without a save. */
  readonly needed: number;
  readonly ruleId: string;
}

/** Everything about one shot that is known before the dice: the plan the reducer resolves. */
export interface ShotPlan {
  readonly shooter: string;
  readonly weapon: WeaponType;
  readonly key: string;
  readonly mode:
    | 'aimed'
    | 'cone'
    | 'he'
    | 'bazookaBlast'
    | 'grenade'
    | 'mortar'
    | 'call'
    /** A rifle grenade aimed at a vehicle or doorway: to hit, then impact 2 and a blast (TP-A49). */
    | 'rifleGrenade'
    /** A rifle grenade fired as area fire: lands by the 2" aiming matrix (TP-A49). */
    | 'rifleGrenadeArea';
  readonly target: string | null;
  readonly at: TablePoint;
  readonly range: number;
  readonly band: string;
  readonly ammoKind: string | null;
  readonly sight: SightResult | undefined;
  readonly toHit?: RollStep;
  /** The vehicle whose exposed commander is the target: a hit stops it next turn (TP-8.8d). */
  readonly commanderOf?: string;
  /** Removed on a hit, no save (aimed small-arms fire, TP-7.4). */
  readonly casualtyOnHit?: string;
  readonly penetration?: PenetrationStep;
  readonly template?: {
    readonly template: Template;
    readonly saves: readonly SaveStep[];
    readonly vehicles: readonly PenetrationStep[];
  };
  readonly grenade?: {
    readonly modifiers: readonly Modifier[];
    readonly vsVehicle: boolean;
    /** What each natural face of the throw die does, 1 to 6, for exact odds (TP-13.2). */
    readonly outcomes?: readonly GrenadeOutcome[];
  };
  /** HE striking a house: the hole or the roof hit (TP-11.5–11.7). */
  readonly house?: HouseHitPlan;
  /** Indirect artillery: every landing of the round by matrix roll, for exact odds (TP-18.7a). */
  readonly matrix?: readonly MatrixOutcome[];
  readonly ruleId: string;
}

/** A refusal with the rule that refuses. */
export interface Refusal {
  readonly refused: true;
  readonly reason: string;
  readonly ruleId?: string;
}

const refuse = (reason: string, ruleId?: string): Refusal =>
  ruleId === undefined ? { refused: true, reason } : { refused: true, reason, ruleId };

/** The request to plan: who fires what at which unit or point. */
export interface ShotRequest {
  readonly unit: string;
  readonly weapon: string;
  readonly target?: string;
  readonly at?: Point;
  readonly ammo?: 'AP' | 'HE';
  /** Artillery only: fire indirect by the aiming matrix instead of direct (TP-18.7a). */
  readonly indirect?: boolean;
}

const isVehicleInfo = (i: UnitInfo) => i.kind === 'vehicle';
const bandOf = (w: WeaponType, range: number, upperInclusive: boolean) =>
  (w.ranges ?? []).find((b) => (upperInclusive ? range <= b.max + 1e-9 : range < b.max - 1e-9));

/**
 * Plans a shot: checks it is legal (phase, weapon, arc, range, sight, ammo, set-up, the limits of
 * TP-8.6/8.8) and works out every number the dice will be compared with.
 */
export function planShot(
  ctx: TankplankContext,
  state: TankplankState,
  req: ShotRequest,
): ShotPlan | Refusal {
  const shooter = state.units[req.unit];
  if (!shooter || !shooter.alive) return refuse(`unit ${req.unit} is not in play`);
  const sInfo = info(ctx, state, req.unit);
  const mount = weaponsOf(ctx, sInfo).find((m) => m.weapon.id === req.weapon);
  if (!mount) return refuse(`${req.unit} has no weapon ${req.weapon}`);
  const w = mount.weapon;
  const from = positionOf(state, req.unit);
  if (!from) return refuse(`${req.unit} is not on the table`);
  if (shooter.embarkedIn && !(sInfo.kind !== 'figure')) {
    return refuse('only weapons mounted on a vehicle fire from it', 'TP-8.9');
  }
  if (shooter.noFire) return refuse(`${req.unit} may not fire this turn`, 'TP-A28');
  const supply = supplyFireRefusal(state, shooter, w);
  if (supply) return refuse(supply.reason, supply.ruleId);
  const key = weaponKey(sInfo, w);
  const firedBy = state.fired[req.unit] ?? [];
  if (sInfo.kind === 'figure' && firedBy.length > 0)
    return refuse(`${req.unit} has already fired this phase`, 'TP-G6');
  if (
    firedBy.includes(key) ||
    Object.values(state.fired).some((ks) => ks.includes(key) && isTeamWeapon(w))
  ) {
    return refuse(`${w.name} has already fired this phase`, 'TP-G6');
  }
  // Vehicle weapon interlocks.
  if (sInfo.kind !== 'figure') {
    const firedWeapons = firedBy.map((k) => k.split(':').pop()!);
    const mounts = weaponsOf(ctx, sInfo);
    const mainGun = mounts.find((m) => m.mount === 'turret' || m.mount === 'fixed')?.weapon.id;
    const aa = mounts.find((m) => m.weapon.stats?.['commanderExposed'] === true)?.weapon.id;
    if (mount.mount === 'coax' && mainGun && firedWeapons.includes(mainGun)) {
      return refuse('the coaxial MG may not fire in a turn the cannon fires', 'TP-8.6');
    }
    if (
      (mount.mount === 'turret' || mount.mount === 'fixed') &&
      firedWeapons.some((x) => mounts.find((m) => m.weapon.id === x)?.mount === 'coax')
    ) {
      return refuse('the cannon may not fire in a turn the coaxial MG fires', 'TP-8.6');
    }
    const aaManned = firedWeapons.includes(aa ?? '') || shooter.aaMgTurn === state.turn;
    if ((mount.mount === 'turret' || mount.mount === 'coax') && aa && aaManned) {
      return refuse('with the commander on the AA MG the main gun and coax are silent', 'TP-8.8');
    }
    if (w.stats?.['commanderExposed'] === true) {
      if (
        mainGun &&
        firedWeapons.some(
          (x) => x === mainGun || mounts.find((m) => m.weapon.id === x)?.mount === 'coax',
        )
      ) {
        return refuse('the AA MG may not fire in a turn the main gun or coax fires', 'TP-8.8');
      }
      const limit = ctx.options.bool('TP-A21') ? 0 : stat(w.stats, 'maxMoveWhenFired', 0.5);
      if (shooter.moved > limit + 1e-9) {
        return refuse(
          `the tank moved ${shooter.movedInches.toFixed(1)}" this turn; with the AA MG manned it may move at most ${limit === 0 ? 'nothing' : 'half a move'}`,
          'TP-8.8',
        );
      }
    }
    if (
      shooter.commanderHitTurn !== undefined &&
      (mount.mount === 'turret' || mount.mount === 'fixed')
    ) {
      if ((state.turn - shooter.commanderHitTurn) % 2 === 0) {
        return refuse(
          'one man short since the commander was hit, the cannon fires every other turn',
          'TP-8.8',
        );
      }
    }
  }
  const notReady = artilleryReadiness(ctx, state, sInfo, w, key);
  if (notReady) return notReady;
  // Ammunition and set-up.
  const team = state.teamWeapons[key];
  // An MG mounted on a vehicle is part of it and fires without setting up (TP-16.9).
  const needsSetUp = w.stats?.['needsSetUp'] === true && sInfo.kind !== 'vehicle';
  if (needsSetUp) {
    if (!team?.setUp) return refuse(`${w.name} must be set up first`, 'TP-5.3');
    if (team.setUpTurn === state.turn && !ctx.options.bool('TP-A28')) {
      return refuse(`${w.name} was set up this turn and cannot fire until next turn`, 'TP-A28');
    }
  }
  if (isTeamWeapon(w) && sInfo.kind === 'figure') {
    const crew = crewNear(ctx, state, sInfo, from);
    const minCrew = stat(w.stats, 'minCrew', 1);
    if (crew < minCrew)
      return refuse(`${w.name} needs ${minCrew} crew at hand, has ${crew}`, 'TP-G10');
  }
  if (sInfo.kind === 'gun') {
    const crew = gunCrew(ctx, state, req.unit, from);
    const minCrew = stat(w.stats, 'minCrew', 1);
    if (crew < minCrew)
      return refuse(`${w.name} needs ${minCrew} crew at hand, has ${crew}`, 'TP-G10');
  }
  let ammoKind: string | null = null;
  if (w.kind === 'cannon' || w.kind === 'howitzer') {
    const hasAP = stat(w.stats, 'impactAP', NaN) >= 0;
    // With no AP left a tank gun fires HE, at vehicles too (TP-9.6).
    const apLeft = shooter.ammo['AP'] === undefined || shooter.ammo['AP'] > 0;
    const hasHE = !Number.isNaN(stat(w.stats, 'impactHE', NaN));
    ammoKind = req.ammo ?? (hasAP && (apLeft || !hasHE) ? 'AP' : 'HE');
    if (ammoKind === 'AP' && !hasAP) return refuse(`${w.name} fires HE only`, 'TP-9.1');
    if (ammoKind === 'HE' && Number.isNaN(stat(w.stats, 'impactHE', NaN)))
      return refuse(`${w.name} fires AP only`, 'TP-9.1');
  } else if (shooter.ammo[w.id] !== undefined) {
    // A counted personal weapon, such as the grenades a figure carries (TP-G9).
    ammoKind = w.id;
  }
  const roundsLeft = ammoLeft(state, sInfo, w, key, ammoKind);
  if (roundsLeft !== undefined && roundsLeft <= 0)
    return ammoKind === w.id
      ? refuse(`${shooter.id} has no ${w.name.toLowerCase()}s left`, 'TP-G9')
      : refuse(`${w.name} is out of ammunition`, 'TP-17.1');

  // Target and aim point.
  let targetId: string | null = null;
  let at: TablePoint;
  if (req.target !== undefined) {
    const t = state.units[req.target];
    if (!onTable(t) && !(t && t.alive && t.embarkedIn === null && t.at))
      return refuse(`target ${req.target} is not on the table`);
    if (!t) return refuse(`no target ${req.target}`);
    if (t.side === shooter.side) return refuse('no firing at your own side');
    if (info(ctx, state, req.target).type.keywords?.includes('weaponPiece'))
      return refuse('a dropped weapon is not a target: shoot the men near it', 'TP-16.8');
    targetId = req.target;
    at = positionOf(state, req.target)!;
  } else if (req.at) {
    at = tablePoint(req.at[0]!, req.at[1]!);
  } else {
    return refuse('a shot needs a target unit or a point');
  }
  const range = distance(from, at);

  // Arc.
  const arcRefusal = checkArc(ctx, shooter, sInfo, mount, from, at);
  if (arcRefusal) return arcRefusal;
  const artillery = planArtillery(
    ctx,
    state,
    req,
    {
      shooter: req.unit,
      weapon: w,
      key,
      target: targetId,
      at,
      range,
      ammoKind,
      sight: undefined,
    },
    sInfo,
  );
  if (artillery) return artillery;

  const obs = obstructions(ctx, state);
  const sight =
    w.kind === 'mortar'
      ? undefined
      : sightBetween(
          ctx,
          state,
          { unit: req.unit, point: from },
          { unit: targetId ?? undefined, point: at },
          obs,
        );
  if (sight && !sight.visible) {
    return refuse(
      `no line of sight: ${sight.blockedBy?.id ?? 'blocked'} (${sight.blockedBy?.kind ?? ''})`,
      sight.ruleId,
    );
  }
  const tInfo = targetId ? info(ctx, state, targetId) : undefined;
  const target = targetId ? state.units[targetId]! : undefined;
  const base = { shooter: req.unit, weapon: w, key, target: targetId, at, range, ammoKind, sight };

  switch (w.kind) {
    case 'smallArms':
    case 'machineGun':
      return planSmallArmsOrCone(ctx, state, base, sInfo, tInfo, target, obs);
    case 'cannon':
    case 'howitzer':
    case 'bazooka':
      return planGun(ctx, state, base, sInfo, tInfo, target, obs);
    case 'grenade':
      // Rifle grenades: aimed like a rifle at large targets, or area fire (TP-A49).
      return w.stats?.['rifleGrenade'] === true
        ? planRifleGrenade(ctx, state, base, sInfo, tInfo, obs)
        : planGrenade(ctx, state, base, sInfo, tInfo);
    case 'mortar':
      return planMortar(ctx, state, base, sInfo);
    case 'flamethrower':
    case 'missile':
      return refuse(`${w.kind} is not a Tankplank weapon`);
  }
}

/** What every plan starts from: shooter, weapon, target point, range and sight. */
export type PlanBase = Pick<
  ShotPlan,
  'shooter' | 'weapon' | 'key' | 'target' | 'at' | 'range' | 'ammoKind' | 'sight'
>;

function checkArc(
  ctx: TankplankContext,
  shooter: UnitState,
  sInfo: UnitInfo,
  mount: { weapon: WeaponType; mount: string; arcDeg: number | undefined },
  from: TablePoint,
  at: TablePoint,
): Refusal | undefined {
  if (distance(from, at) === 0) return undefined;
  const off = Math.abs(((bearing(from, at) - shooter.facing + 540) % 360) - 180);
  let half: number | undefined;
  let ruleId = 'TP-G19';
  if (sInfo.kind === 'figure') {
    if (mount.weapon.stats?.['arc'] === 'front') {
      half = ctx.options.num('TP-A9') / 2;
      ruleId = 'TP-8.5';
    }
  } else if (mount.mount === 'fixed') {
    half = ctx.options.num('TP-A35');
    ruleId = 'TP-A35';
  } else if (mount.mount === 'hull') {
    half = mount.arcDeg ?? 45;
    ruleId = 'TP-8.7';
  } else if (mount.mount === 'coax') {
    const offTurret = Math.abs(
      ((bearing(from, at) - shooter.facing - shooter.turret + 540) % 360) - 180,
    );
    // The coax fires along the cannon's line: the turret is laid on the target as part of firing.
    void offTurret;
  }
  if (half !== undefined && off > half + 1e-9) {
    return refuse(
      `target is ${off.toFixed(0)}° off the weapon's facing; its arc is ±${half}°`,
      ruleId,
    );
  }
  return undefined;
}

function crewNear(
  ctx: TankplankContext,
  state: TankplankState,
  sInfo: UnitInfo,
  at: TablePoint,
): number {
  const reach = constant(ctx.catalog, 'crewProximity');
  const weapon = weaponsOf(ctx, sInfo).find((m) => isTeamWeapon(m.weapon))?.weapon.id;
  const helpers = crossTrained(ctx, weapon);
  let n = 0;
  for (const u of Object.values(state.units)) {
    if (!onTable(u) || u.side !== sInfo.side || u.doomed) continue;
    // The team itself, or any man trained to serve the weapon standing by it (TP-16.3, TP-16.4).
    // A vehicle crewman an officer put into this team counts as one of it (TP-16.5).
    const own =
      u.formation === sInfo.formation && (u.type === sInfo.type.id || u.joinedCrew === weapon);
    if (!own && !(u.role !== undefined && helpers.has(u.role))) continue;
    if (dist([u.at[0], u.at[1]], at) <= reach + 1e-9) n++;
  }
  return n;
}

/** Men at a gun who can serve it: crew aboard, its own team, men trained for it (TP-16.3). */
export function gunCrew(
  ctx: TankplankContext,
  state: TankplankState,
  gun: string,
  at: TablePoint,
): number {
  const reach = constant(ctx.catalog, 'crewProximity');
  const g = state.units[gun]!;
  let n = Object.values(g.crew).reduce((s, c) => s + c, 0);
  const helpers = crossTrained(ctx, weaponsOf(ctx, info(ctx, state, gun))[0]?.weapon.id);
  for (const u of Object.values(state.units)) {
    if (!onTable(u) || u.side !== g.side || u.id === gun || u.doomed) continue;
    if (info(ctx, state, u.id).kind !== 'figure') continue;
    if (u.formation !== g.formation && !(u.role !== undefined && helpers.has(u.role))) continue;
    if (dist([u.at[0], u.at[1]], at) <= reach + 1e-9) n++;
  }
  return n;
}

/** Roles trained to serve a crew weapon besides its own team (catalog `crossTraining`). */
function crossTrained(ctx: TankplankContext, weapon: string | undefined): Set<string> {
  const row = ctx.catalog.tables['crossTraining']?.rows.find((r) => r['weapon'] === weapon);
  const roles = row?.['roles'];
  return new Set(Array.isArray(roles) ? roles.map(String) : []);
}

/** Rounds left for a weapon, or undefined when it is not counted. */
export function ammoLeft(
  state: TankplankState,
  sInfo: UnitInfo,
  w: WeaponType,
  key: string,
  ammoKind: string | null,
): number | undefined {
  if (isTeamWeapon(w) && sInfo.kind === 'figure')
    return state.teamWeapons[key]?.ammo ?? stat(w.stats, 'ammo', Infinity);
  const u = state.units[sInfo.unit.id];
  if (ammoKind && u && u.ammo[ammoKind] !== undefined) return u.ammo[ammoKind];
  if (sInfo.kind === 'gun' && u && u.ammo['AP'] !== undefined) return u.ammo['AP'];
  return undefined;
}

export function coverModifier(
  ctx: TankplankContext,
  table: string,
  cover: CoverClass,
  prefix: string,
): Modifier[] {
  if (cover === 'none') return [];
  const row = tableRows(ctx.catalog, table).find(
    (r) => text(r, prefix ? 'condition' : 'cover') === `${prefix}${cover}`,
  );
  if (!row) return [];
  return [
    { label: `target in ${cover} cover`, value: num(row, 'mod'), ruleId: text(row, 'ruleId') },
  ];
}

export function neededFor(ctx: TankplankContext, base: number, mods: readonly Modifier[]): number {
  const needed = base - mods.reduce((s, m) => s + m.value, 0);
  return ctx.options.bool('TP-A52') ? Math.min(needed, 6) : needed;
}

function saveFor(
  ctx: TankplankContext,
  unit: string,
  cover: CoverClass,
  base: number,
  ruleId: string,
): SaveStep {
  const mods: Modifier[] = [];
  if (cover !== 'none') {
    const row = tableRows(ctx.catalog, 'saves').find((r) => r['situation'] === `cover.${cover}`);
    if (row)
      mods.push({ label: `${cover} cover`, value: num(row, 'bonus'), ruleId: text(row, 'ruleId') });
  }
  return {
    unit,
    cover,
    modifiers: mods,
    needed: base - mods.reduce((s, m) => s + m.value, 0),
    ruleId,
  };
}

function planSmallArmsOrCone(
  ctx: TankplankContext,
  state: TankplankState,
  base: PlanBase,
  sInfo: UnitInfo,
  tInfo: UnitInfo | undefined,
  target: UnitState | undefined,
  obs: ReturnType<typeof obstructions>,
): ShotPlan | Refusal {
  const w = base.weapon;
  const upper = ctx.options.bool('TP-A4');
  const ranges = [...(w.ranges ?? [])];
  if (w.id === 'tp.rifle' && ctx.options.bool('TP-A5')) {
    ranges.push({
      band: 'veryLong',
      max: stat(w.stats, 'veryLongMax', 16),
      toHit: stat(w.stats, 'veryLongToHit', 6),
    });
  }
  const band = ranges.find((b) => (upper ? base.range <= b.max + 1e-9 : base.range < b.max - 1e-9));
  if (!band)
    return refuse(
      `${base.range.toFixed(2)}" is beyond ${w.name}'s range of ${ranges[ranges.length - 1]?.max ?? 0}"`,
      String(w.stats?.['ruleId'] ?? 'TP-6'),
    );
  if (band.band === 'cone') {
    return planCone(ctx, state, base, sInfo, band.max, obs);
  }
  if (!tInfo || !target) return refuse('aimed fire needs a target unit', 'TP-7.2');
  let toHitBase = band.toHit ?? 6;
  if (w.id === 'tp.smg' && band.band === 'single') toHitBase = ctx.options.num('TP-A6');
  const cover = base.sight?.cover ?? 'none';
  if (cover === 'fortification' && !(state.fired[target.id]?.length ?? 0)) {
    return refuse('a man in a bunker who is not firing cannot be targeted', 'TP-A45');
  }
  // A commander up on the turret-top MG this phase is a target himself, in heavy cover (TP-8.8c).
  // Also once he has taken the AA MG in the Movement phase (TP-5.11).
  const exposed =
    isVehicleInfo(tInfo) &&
    ((state.fired[target.id] ?? []).some(
      (k) =>
        ctx.catalog.weapons.get(k.split(':').pop() ?? '')?.stats?.['commanderExposed'] === true,
    ) ||
      target.aaMgTurn === state.turn) &&
    target.commanderHitTurn !== state.turn;
  if (exposed) {
    const row = tableRows(ctx.catalog, 'smallArmsCover').find((r) => r['cover'] === 'heavy');
    const mods: Modifier[] = [
      {
        label: 'commander exposed on the turret (heavy cover)',
        value: row ? num(row, 'mod') : -2,
        ruleId: 'TP-8.8',
      },
    ];
    return {
      ...base,
      mode: 'aimed',
      band: band.band,
      toHit: {
        base: toHitBase,
        modifiers: mods,
        needed: neededFor(ctx, toHitBase, mods),
        ruleId: 'TP-8.8',
      },
      commanderOf: target.id,
      ruleId: 'TP-8.8',
    };
  }
  if (isVehicleInfo(tInfo) || tInfo.kind === 'gun') {
    const impact = stat(w.stats, 'impact', NaN);
    if (Number.isNaN(impact)) return refuse(`${w.name} cannot harm vehicles`, 'TP-G5');
  }
  const mods = coverModifier(ctx, 'smallArmsCover', cover, '');
  const needed = neededFor(ctx, toHitBase, mods);
  const plan: ShotPlan = {
    ...base,
    mode: 'aimed',
    band: band.band,
    toHit: {
      base: toHitBase,
      modifiers: mods,
      needed,
      ruleId: w.kind === 'machineGun' ? 'TP-7.5' : String(w.stats?.['ruleId'] ?? 'TP-7.2'),
    },
    ruleId: 'TP-7.2',
  };
  if (tInfo.kind === 'figure') return { ...plan, casualtyOnHit: target.id };
  const from = positionOf(state, base.shooter)!;
  return {
    ...plan,
    penetration: penetrationStep(ctx, state, target.id, from, stat(w.stats, 'impact', 0), 0),
  };
}

function planCone(
  ctx: TankplankContext,
  state: TankplankState,
  base: PlanBase,
  sInfo: UnitInfo,
  coneLength: number,
  obs: ReturnType<typeof obstructions>,
): ShotPlan {
  const w = base.weapon;
  const from = positionOf(state, base.shooter)!;
  let length = coneLength;
  let width = w.template?.width ?? 1.5;
  const smgWithin = stat(w.stats, 'smgConeWithin', 0);
  if (smgWithin > 0 && base.range <= ctx.options.num('TP-A7') + 1e-9) {
    const smg = ctx.catalog.weapons.get('tp.smg');
    length = smg?.template?.length ?? length;
    width = smg?.template?.width ?? width;
  }
  const axisDeg = bearing(from, base.at);
  const template: Template =
    ctx.options.str('TP-A8') === 'rectangle'
      ? { shape: 'strip', apex: from, axisDeg, length, width }
      : { shape: 'cone', apex: from, axisDeg, length, width };
  const saves: SaveStep[] = [];
  const vehicles: PenetrationStep[] = [];
  const saveBase = constant(ctx.catalog, 'coneSaveTarget');
  for (const u of Object.values(state.units)) {
    if (!onTable(u) || u.side === sInfo.side) continue;
    const p = tablePoint(u.at[0], u.at[1]);
    if (!templateContains(template, p)) continue;
    const uInfo = info(ctx, state, u.id);
    const seen = sightBetween(
      ctx,
      state,
      { unit: base.shooter, point: from },
      { unit: u.id, point: p },
      obs,
    );
    if (!seen.visible) continue;
    if (uInfo.kind === 'figure') saves.push(saveFor(ctx, u.id, seen.cover, saveBase, 'TP-8.3'));
    else if (flag(ctx.catalog, 'mgConeVsVehicles') && uInfo.type.armour) {
      vehicles.push(penetrationStep(ctx, state, u.id, from, stat(w.stats, 'impact', 2), 0));
    }
  }
  return {
    ...base,
    mode: 'cone',
    band: 'cone',
    template: { template, saves, vehicles },
    ruleId: 'TP-8.2',
  };
}

/** A penetration test of a vehicle by a shot from `from`. */
export function penetrationStep(
  ctx: TankplankContext,
  state: TankplankState,
  target: string,
  from: TablePoint,
  impact: number,
  rangeModifier: number,
  faceOverride?: ArmourFace,
): PenetrationStep {
  const t = state.units[target]!;
  const tInfo = info(ctx, state, target);
  const at = positionOf(state, target)!;
  const face =
    faceOverride ?? armourFaceHit(ctx.catalog, at, t.facing, from, ctx.options.bool('TP-A33'));
  const armour = tInfo.type.armour?.[face] ?? 0;
  return {
    target,
    face,
    armour,
    impact,
    rangeModifier,
    needed: armour - impact - rangeModifier,
    ruleId: 'TP-9.4',
  };
}

function strongestFace(tInfo: UnitInfo): ArmourFace {
  const a = tInfo.type.armour ?? {};
  const faces: ArmourFace[] = ['front', 'side', 'rear'];
  return faces.reduce((best, f) => ((a[f] ?? 0) > (a[best] ?? 0) ? f : best), 'front');
}

function planGun(
  ctx: TankplankContext,
  state: TankplankState,
  base: PlanBase,
  sInfo: UnitInfo,
  tInfo: UnitInfo | undefined,
  target: UnitState | undefined,
  obs: ReturnType<typeof obstructions>,
): ShotPlan | Refusal {
  const w = base.weapon;
  const from = positionOf(state, base.shooter)!;
  const min = w.minRange ?? 0;
  if (base.range < min - 1e-9)
    return refuse(
      `${w.name} cannot fire closer than ${min}"`,
      String(w.stats?.['ruleId'] ?? 'TP-9.7'),
    );
  let band: { band: string; max: number; toHit?: number; impact?: number } | undefined;
  let impactMod = 0;
  if (w.kind === 'bazooka') {
    band = bandOf(w, base.range, ctx.options.bool('TP-A4'));
    if (band) band = { ...band, toHit: ctx.options.num('TP-A10') };
  } else {
    const maxRange = ctx.options.num('TP-A3');
    const rows = tableRows(ctx.catalog, 'cannonToHit');
    const row = rows.find(
      (r) => base.range <= num(r, 'max') + 1e-9 && base.range <= maxRange + 1e-9,
    );
    const tableBands = (w.ranges ?? []).map((b) => b.band);
    if (
      row &&
      (tableBands.length === 0 || tableBands.includes(text(row, 'band')) || tableBands[0] === 'C1')
    ) {
      band = { band: text(row, 'band'), max: num(row, 'max'), toHit: num(row, 'toHit') };
      impactMod = num(row, 'impactMod');
    } else {
      // Weapons with their own bands (TW guns, TP-A32).
      band = bandOf(w, base.range, ctx.options.bool('TP-A4'));
      impactMod = band?.impact ?? 0;
    }
  }
  if (!band || band.toHit === undefined) {
    return refuse(
      `${base.range.toFixed(2)}" is out of range for ${w.name}`,
      w.kind === 'bazooka' ? 'TP-9.7' : 'TP-A3',
    );
  }
  const mods: Modifier[] = [];
  const cover = base.sight?.cover ?? 'none';
  if (
    tInfo &&
    (isVehicleInfo(tInfo) || tInfo.kind === 'gun') &&
    base.sight?.coverFrom?.strongCover &&
    (tInfo.type.class === 'tank' || tInfo.type.id === 'tp.armouredCar')
  ) {
    const row = tableRows(ctx.catalog, 'cannonModifiers').find(
      (r) => r['condition'] === 'hullDown',
    );
    if (row)
      mods.push({
        label: 'target hull-down behind strong cover',
        value: num(row, 'mod'),
        ruleId: text(row, 'ruleId'),
      });
  } else {
    mods.push(...coverModifier(ctx, 'cannonModifiers', cover, 'cover.'));
  }
  // A high position (TP-G13): the firer's base at least 0.5" above the target's, or the firer on
  // an upper floor, a roof or up a tree above a target lower down.
  const perched = state.units[base.shooter]?.level !== undefined;
  const rise =
    ctx.terrain.groundAt(from).height +
    raised(ctx, state, base.shooter, from) -
    (ctx.terrain.groundAt(base.at).height + raised(ctx, state, base.target ?? undefined, base.at));
  if (rise >= constant(ctx.catalog, 'highFirerMinAbove') - 1e-9 || (perched && rise > 1e-9)) {
    const row = tableRows(ctx.catalog, 'cannonModifiers').find(
      (r) => r['condition'] === 'firerHigher',
    );
    if (row)
      mods.push({
        label: 'firer higher than target',
        value: num(row, 'mod'),
        ruleId: text(row, 'ruleId'),
      });
  }
  if (tInfo && stat(tInfo.type.stats, 'toHitModifierAgainst', 0) !== 0) {
    const row = tableRows(ctx.catalog, 'cannonModifiers').find(
      (r) => r['condition'] === 'targetAssaultGun',
    );
    mods.push({
      label: `target is ${tInfo.type.name.toLowerCase()}`,
      value: stat(tInfo.type.stats, 'toHitModifierAgainst', 0),
      ruleId: row ? text(row, 'ruleId') : 'TP-9.3',
    });
  }
  const toHit: RollStep = {
    base: band.toHit,
    modifiers: mods,
    needed: neededFor(ctx, band.toHit, mods),
    ruleId: w.kind === 'bazooka' ? 'TP-9.7' : 'TP-9.2',
  };
  const rangeModifier = w.stats?.['rangeModifier'] === true ? impactMod : 0;
  const planBase = { ...base, band: band.band, toHit };

  if (w.kind === 'bazooka') {
    if (tInfo && isVehicleInfo(tInfo)) {
      return {
        ...planBase,
        mode: 'aimed',
        penetration: penetrationStep(
          ctx,
          state,
          tInfo.unit.id,
          from,
          stat(w.stats, 'impact', 4),
          0,
        ),
        ruleId: 'TP-9.7',
      };
    }
    const template: Template = {
      shape: 'circle',
      centre: base.at,
      diameter: w.template?.width ?? 1,
    };
    return {
      ...planBase,
      mode: 'bazookaBlast',
      template: blastEffects(ctx, state, template, sInfo.side, obs, undefined),
      ruleId: 'TP-9.7',
    };
  }

  if (base.ammoKind === 'AP') {
    if (!tInfo || !target || !isVehicleInfo(tInfo))
      return refuse(
        'armour-piercing shot needs a vehicle target; use HE against men and guns',
        'TP-9.1',
      );
    return {
      ...planBase,
      mode: 'aimed',
      penetration: penetrationStep(
        ctx,
        state,
        target.id,
        from,
        stat(w.stats, 'impactAP', 0),
        rangeModifier,
      ),
      ruleId: 'TP-9.4',
    };
  }
  // HE: a direct hit on a vehicle rolls impact 3; the blast sector opens away from the firer.
  // Tank and howitzer HE blows forward in a sector (TP-11.1); a pack gun bursts in a circle (TP-19.5).
  const template: Template =
    w.template?.shape === 'circle'
      ? { shape: 'circle', centre: base.at, diameter: w.template.width ?? 1 }
      : {
          shape: 'sector',
          apex: base.at,
          axisDeg: bearing(from, base.at),
          radius: w.template?.length ?? 2,
          angleDeg: w.template?.angleDeg ?? 90,
        };
  const direct =
    tInfo && target && isVehicleInfo(tInfo)
      ? penetrationStep(ctx, state, target.id, from, stat(w.stats, 'impactHE', 3), rangeModifier)
      : undefined;
  // A round striking a house holes its wall or hits its roof (TP-11.5–11.7).
  const { house, ...blast } = heOnHousePlan(
    ctx,
    state,
    { from, at: base.at, side: sInfo.side, target: target?.id },
    blastEffects(ctx, state, template, sInfo.side, obs, target?.id, 'he'),
  );
  return {
    ...planBase,
    mode: 'he',
    ...(direct ? { penetration: direct } : {}),
    template: blast,
    ...(house ? { house } : {}),
    ruleId: 'TP-11.1',
  };
}

/** Who a blast template catches (enemies of `side`) and the save or penetration roll each one needs. */
export function blastEffects(
  ctx: TankplankContext,
  state: TankplankState,
  template: Template,
  side: string,
  obs: ReturnType<typeof obstructions>,
  exclude: string | undefined,
  kind: 'he' | 'circle' = 'circle',
): { template: Template; saves: SaveStep[]; vehicles: PenetrationStep[] } {
  const saves: SaveStep[] = [];
  const vehicles: PenetrationStep[] = [];
  const apex =
    template.shape === 'circle'
      ? template.centre
      : template.shape === 'sector'
        ? template.apex
        : template.apex;
  const saveBase = constant(ctx.catalog, 'coneSaveTarget');
  for (const u of Object.values(state.units)) {
    if (!onTable(u) || u.side === side) continue;
    const p = tablePoint(u.at[0], u.at[1]);
    if (!templateContains(template, p)) continue;
    const uInfo = info(ctx, state, u.id);
    if (uInfo.kind === 'figure') {
      if (kind === 'he') {
        // A solid object between the point of impact and the man counts as hard cover (TP-11.3).
        const seen = sightBetween(
          ctx,
          state,
          { point: apex, height: 0.2 },
          { unit: u.id, point: p },
          obs,
        );
        const hard =
          !seen.visible ||
          seen.cover === 'heavy' ||
          seen.cover === 'strong' ||
          seen.cover === 'fortification';
        if (ctx.options.bool('TP-A12') && !hard) {
          saves.push({ unit: u.id, cover: 'none', modifiers: [], needed: 7, ruleId: 'TP-A12' });
        } else {
          const need = hard
            ? constant(ctx.catalog, 'heHardCoverSave')
            : constant(ctx.catalog, 'heOpenSave');
          saves.push({
            unit: u.id,
            cover: hard ? 'heavy' : 'none',
            modifiers: [],
            needed: need,
            ruleId: 'TP-11.3',
          });
        }
      } else {
        const cover = ctx.options.bool('TP-A42') ? coverAt(ctx, p) : 'none';
        saves.push(saveFor(ctx, u.id, cover, saveBase, 'TP-14.1'));
      }
    } else if (u.id !== exclude && uInfo.type.keywords?.includes('unarmoured')) {
      vehicles.push(penetrationStep(ctx, state, u.id, apex, 2, 0, strongestFace(uInfo)));
    }
  }
  return { template, saves, vehicles };
}

/** The cover a man has where he stands: the best of the features within `reach` inches. */
export function coverAt(ctx: TankplankContext, p: TablePoint, reach = 0.5): CoverClass {
  const rank: CoverClass[] = ['none', 'light', 'heavy', 'strong', 'fortification'];
  let best: CoverClass = 'none';
  for (const e of ctx.terrain.featuresAt(p, reach)) {
    if (
      e.feature.kind === 'road' ||
      e.feature.kind === 'ground' ||
      e.feature.kind === 'bridge' ||
      e.feature.kind === 'catwalk'
    )
      continue;
    if (rank.indexOf(e.rules.coverClass) > rank.indexOf(best)) best = e.rules.coverClass;
  }
  return best;
}

function planGrenade(
  ctx: TankplankContext,
  state: TankplankState,
  base: PlanBase,
  sInfo: UnitInfo,
  tInfo: UnitInfo | undefined,
): ShotPlan | Refusal {
  const w = base.weapon;
  const min = ctx.options.num('TP-A11');
  const max = (w.ranges ?? [])[0]?.max ?? 4;
  if (base.range < min - 1e-9 || base.range > max + 1e-9)
    return refuse(`a grenade is thrown ${min}" to ${max}"`, 'TP-13.1');
  const from = positionOf(state, base.shooter)!;
  const inside = ctx.terrain
    .featuresAt(from)
    .find(
      (e) => e.feature.kind === 'bushes' || e.feature.kind === 'tree' || e.feature.kind === 'hedge',
    );
  if (inside) return refuse(`a man in ${inside.feature.kind} may not throw a grenade`, 'TP-13.6');
  const mods: Modifier[] = [];
  const rows = tableRows(ctx.catalog, 'grenadeModifiers');
  const add = (condition: string, label: string) => {
    const r = rows.find((x) => x['condition'] === condition);
    if (r) mods.push({ label, value: num(r, 'mod'), ruleId: text(r, 'ruleId') });
  };
  const vsVehicle = !!tInfo && tInfo.kind === 'vehicle';
  if (vsVehicle && tInfo.type.keywords?.includes('lightFast'))
    add('lightFastVehicle', 'target is a light fast vehicle');
  else if (vsVehicle && tInfo.type.keywords?.includes('large'))
    add('largeVehicle', 'target is a large vehicle');
  if (
    tInfo &&
    tInfo.kind === 'figure' &&
    ctx.terrain.featuresAt(base.at).some((e) => e.feature.kind === 'building')
  ) {
    add('doorOrWindow', 'thrown into a house through a door or window');
  }
  if (base.range > stat(w.stats, 'longThrowBeyond', 3) + 1e-9)
    add('beyond3', `target more than ${stat(w.stats, 'longThrowBeyond', 3)}" away`);
  const plan: ShotPlan = {
    ...base,
    mode: 'grenade',
    band: 'throw',
    grenade: { modifiers: mods, vsVehicle },
    ruleId: 'TP-13.2',
  };
  // Every face of the throw die, so the odds count the burst and the saves, not just the throw.
  const outcomes = [1, 2, 3, 4, 5, 6].map((d) => grenadeOutcome(ctx, state, plan, d));
  return { ...plan, grenade: { modifiers: mods, vsVehicle, outcomes } };
}

function planMortar(
  ctx: TankplankContext,
  state: TankplankState,
  base: PlanBase,
  sInfo: UnitInfo,
): ShotPlan | Refusal {
  const w = base.weapon;
  const min = w.minRange ?? constant(ctx.catalog, 'mortarMinRange');
  const max = (w.ranges ?? [])[0]?.max ?? constant(ctx.catalog, 'mortarMaxRange');
  if (base.range < min - 1e-9) return refuse(`the mortar's minimum range is ${min}"`, 'TP-12.3');
  if (base.range > max + 1e-9) return refuse(`the mortar's maximum range is ${max}"`, 'TP-12.3');
  const from = positionOf(state, base.shooter)!;
  const standOff = stat(w.stats, 'canopyStandOff', 4);
  const badPosition = indirectPositionRefusal(ctx, from, base.at, standOff, 'a mortar');
  if (badPosition) return refuse(badPosition, 'TP-12.3');
  // Spotting: the crew sees enemy at the point now, or an observer called it on an earlier turn.
  const obs = obstructions(ctx, state);
  const enemyThere = Object.values(state.units).some(
    (u) =>
      onTable(u) &&
      u.side !== sInfo.side &&
      dist([u.at[0], u.at[1]], base.at) <= (w.template?.width ?? 2),
  );
  if (!enemyThere)
    return refuse('a mortar fires only where enemy troops or vehicles are seen', 'TP-12.1');
  const crewSees = Object.values(state.units).some(
    (u) =>
      onTable(u) &&
      u.formation === sInfo.formation &&
      sightBetween(
        ctx,
        state,
        { unit: u.id, point: tablePoint(u.at[0], u.at[1]) },
        { point: base.at },
        obs,
      ).visible,
  );
  const call = state.teamWeapons[base.key]?.call;
  const called =
    !!call &&
    call.turn < state.turn &&
    dist([call.at[0], call.at[1]], base.at) <= (w.template?.width ?? 2);
  const lapsed =
    !crewSees && called ? callLapsed(ctx, state, call, w.template?.width ?? 2) : undefined;
  if (lapsed) return refuse(lapsed, 'TP-12.4');
  if (!crewSees && !called)
    return refuse(
      'the crew cannot see the target and no observer has called fire on it',
      'TP-12.4',
    );
  // Every landing by matrix roll, less the men the round cannot reach (TP-12.3): exact odds.
  const matrix = matrixCircles(
    ctx,
    base.at,
    from,
    w.template?.width ?? 2,
    (t) => blastEffects(ctx, state, t, sInfo.side, obs, undefined),
    (landed, unit) => mortarShelter(ctx, state, from, landed, unit, standOff),
  );
  return { ...base, mode: 'mortar', band: 'indirect', matrix, ruleId: 'TP-12.2' };
}

/** Exact probabilities of a planned shot, by enumerating the d6 faces. */
export interface ShotOdds {
  readonly pHit: number;
  readonly pPenetrate?: number;
  /** Chance that the aimed target is put out of action. */
  readonly pKill: number;
  /** Chance each man caught by a template becomes a casualty. */
  readonly perUnit: readonly { readonly unit: string; readonly p: number }[];
}

/** Probability that a natural d6 reaches `needed`, by counting the faces that do. */
export function pAtLeast(needed: number): number {
  let faces = 0;
  for (let face = 1; face <= 6; face++) if (face >= needed) faces++;
  return faces / 6;
}

/** Odds of a plan; grenades and mortars list the chance for the aimed point. */
export function shotOdds(ctx: TankplankContext, plan: ShotPlan): ShotOdds {
  const pHit = plan.toHit ? pAtLeast(plan.toHit.needed) : 1;
  const pPen = plan.penetration ? pAtLeast(plan.penetration.needed) : undefined;
  const perUnit: { unit: string; p: number }[] = [];
  if (plan.template) {
    for (const s of plan.template.saves)
      perUnit.push({ unit: s.unit, p: pHit * (1 - pAtLeast(s.needed)) });
    for (const v of plan.template.vehicles)
      perUnit.push({ unit: v.target, p: pHit * pAtLeast(v.needed) });
  }
  // A grenade: each face of the throw die lands it somewhere (TP-13.2); the burst is a mortar
  // round's (TP-13.4) and a vehicle thrown at rolls impact 2 against its armour (TP-13.5).
  for (const o of plan.grenade?.outcomes ?? []) {
    for (const s of o.saves) addChance(perUnit, s.unit, (1 - pAtLeast(s.needed)) / 6);
    for (const v of o.vehicles) addChance(perUnit, v.target, pAtLeast(v.needed) / 6);
  }
  for (const m of plan.matrix ?? []) {
    // Each matrix face is one chance in six; a natural 1 is a dud (TP-12.2).
    for (const s of m.saves) addChance(perUnit, s.unit, (1 - pAtLeast(s.needed)) / 6);
    for (const v of m.vehicles) addChance(perUnit, v.target, pAtLeast(v.needed) / 6);
  }
  let pKill = 0;
  if (plan.casualtyOnHit) pKill = pHit;
  else if (pPen !== undefined) pKill = pHit * pPen;
  else if (plan.target) {
    pKill = perUnit.find((u) => u.unit === plan.target)?.p ?? 0;
  }
  return { pHit, ...(pPen !== undefined ? { pPenetrate: pPen } : {}), pKill, perUnit };
}

function addChance(list: { unit: string; p: number }[], unit: string, p: number): void {
  const have = list.find((x) => x.unit === unit);
  if (have) have.p += p;
  else list.push({ unit, p });
}

/** What one natural face of the throw die does with a planned grenade. */
export interface GrenadeOutcome {
  readonly roll: number;
  /** The throw-table result: dud, short, long or onTarget (TP-13.2). */
  readonly result: string;
  readonly landed: TablePoint | null;
  readonly template: Template | null;
  readonly saves: readonly SaveStep[];
  readonly vehicles: readonly PenetrationStep[];
}

/**
 * A grenade throw for one natural d6 (TP-13.2): where it lands, the men its 2" burst catches and
 * the vehicles that roll against it. The reducer resolves a throw with it and the odds enumerate
 * it, so the two cannot disagree.
 */
export function grenadeOutcome(
  ctx: TankplankContext,
  state: TankplankState,
  plan: ShotPlan,
  natural: number,
): GrenadeOutcome {
  const rows = tableRows(ctx.catalog, 'grenadeThrow');
  const modified = natural + (plan.grenade?.modifiers ?? []).reduce((s, m) => s + m.value, 0);
  // A natural 1 is always a dud; a modified 1 or less otherwise lands short (TP-A11).
  const shortMin = num(
    rows.find((x) => x['result'] === 'short')!,
    'min',
  );
  const row =
    natural === 1
      ? rows.find((r) => r['result'] === 'dud')
      : rows.find(
          (r) =>
            r['result'] !== 'dud' &&
            Math.max(modified, shortMin) >= num(r, 'min') &&
            Math.max(modified, shortMin) <= num(r, 'max'),
        );
  const result = row ? text(row, 'result') : 'dud';
  const from = positionOf(state, plan.shooter)!;
  const landed =
    result === 'dud' ? null : grenadeLanding(from, plan.at, row ? num(row, 'offset') : 0);
  if (!landed) return { roll: natural, result, landed, template: null, saves: [], vehicles: [] };
  const template: Template = {
    shape: 'circle',
    centre: landed,
    diameter: plan.weapon.template?.width ?? 2,
  };
  const side = state.units[plan.shooter]!.side;
  const blast = blastEffects(
    ctx,
    state,
    template,
    side,
    obstructions(ctx, state),
    plan.target ?? undefined,
  );
  // Tankettes ignore grenade blasts unless the grenade was thrown at them (TP-19.7).
  const vehicles = blast.vehicles.filter(
    (v) => !info(ctx, state, v.target).type.keywords?.includes('tankette'),
  );
  if (plan.grenade?.vsVehicle && plan.target && result === 'onTarget') {
    vehicles.unshift(
      penetrationStep(ctx, state, plan.target, from, stat(plan.weapon.stats, 'impact', 2), 0),
    );
  }
  return { roll: natural, result, landed, template, saves: blast.saves, vehicles };
}

/** Where a grenade lands for a throw result: on, short of or beyond the target. */
export function grenadeLanding(from: TablePoint, at: TablePoint, offset: number): TablePoint {
  if (offset === 0) return at;
  return project(at, bearing(from, at), offset);
}
