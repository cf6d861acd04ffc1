import type { WeaponType } from '../../../format';
import { dictValues } from '../../../game/dict';
import { bearing, distance } from '../../../geometry/vector';
import { type TablePoint, tablePoint } from '../../../geometry/units';
import { stat } from './catalog';
import type { TankplankContext, UnitInfo } from './context';
import {
  info,
  isTeamWeapon,
  obstructions,
  onTable,
  positionOf,
  sightBetween,
  weaponKey,
  weaponsOf,
  type WeaponMount,
} from './situation';
import type { TankplankState, UnitState } from './state';
import { supplyFireRefusal } from './logistics';
import { planRifleGrenade } from './rifleGrenade';
import { artilleryReadiness, planArtillery } from './artillery';
import { planGrenade } from './grenades';
import { crewNear, gunCrew } from './gunCrews';
import { planGun } from './gunFire';
import { planMortar } from './mortarFire';
import { type Refusal, refuse, type ShotPlan, type ShotRequest } from './shotPlan';
import { planSmallArmsOrCone } from './smallArms';

// What fire.ts defined before it was split by concern: callers (the bot, tests, rules/index.ts)
// keep importing these names from here.
export type {
  GrenadeOutcome,
  HouseHitPlan,
  MatrixOutcome,
  PenetrationStep,
  PlanBase,
  Refusal,
  RollStep,
  SaveStep,
  ShotPlan,
  ShotRequest,
} from './shotPlan';
export { coverModifier, neededFor, penetrationStep } from './hitAndPenetration';
export { coverAt } from './saves';
export { blastEffects } from './blasts';
export { grenadeLanding, grenadeOutcome } from './grenades';
export { gunCrew } from './gunCrews';
export { pAtLeast, shotOdds, type ShotOdds } from './odds';

/**
 * A unit ready to fire one of its weapons: what `planShot` works out before it looks at the target
 * (`armedFor`), for a caller that plans many shots of the same weapon in the same state.
 */
export interface Armed {
  readonly unit: string;
  readonly weapon: string;
  readonly shooter: UnitState;
  readonly sInfo: UnitInfo;
  readonly mount: WeaponMount;
  readonly from: TablePoint;
  readonly key: string;
}

/**
 * The checks of `planShot` that do not depend on the target or the ammunition, in its order: the
 * unit in play and on the table, its weapon, firing from a vehicle (TP-8.9), no fire this turn
 * (TP-A28), supply, fired already (TP-G6), a vehicle's weapon interlocks (TP-8.6, TP-8.8), an
 * artillery piece's readiness, set-up (TP-5.3, TP-A28) and crew (TP-G10). A refusal here refuses
 * the weapon at every target.
 */
export function armedFor(
  ctx: TankplankContext,
  state: TankplankState,
  unit: string,
  weapon: string,
): Armed | Refusal {
  const req = { unit, weapon };
  const shooter = state.units.get(req.unit);
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
    // A team's weapon fired by another of its men (only team weapons are shared).
    (isTeamWeapon(w) && dictValues(state.fired).some((ks) => ks.includes(key)))
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
  return { unit, weapon, shooter, sInfo, mount, from, key };
}

/**
 * Plans a shot: checks it is legal (phase, weapon, arc, range, sight, ammo, set-up, the limits of
 * TP-8.6/8.8) and works out every number the dice will be compared with.
 *
 * A plan is a function of the context, the state and the request, so the plans made for the last
 * state asked are kept: the bot plans its shots on the state it then fires them in, and the
 * reducer's `fire` finds the plan of the shot the bot chose instead of drawing its lines again.
 */
export function planShot(
  ctx: TankplankContext,
  state: TankplankState,
  req: ShotRequest,
  /** `armedFor(ctx, state, req.unit, req.weapon)`, when the caller has it already. */
  armed?: Armed,
): ShotPlan | Refusal {
  if (plans.state !== state || plans.ctx !== ctx) {
    plans.state = state;
    plans.ctx = ctx;
    plans.byRequest.clear();
  }
  // A shot at a point is planned afresh (the bot fires at units): no number in the key.
  if (req.at !== undefined) return planShotNow(ctx, state, req, armed);
  const key = `${req.unit}\u0000${req.weapon}\u0000${req.target ?? ''}\u0000${req.ammo ?? ''}\u0000${req.indirect ? 'indirect' : ''}`;
  const kept = plans.byRequest.get(key);
  if (kept !== undefined) return kept;
  const plan = planShotNow(ctx, state, req, armed);
  plans.byRequest.set(key, plan);
  return plan;
}

/** The plans made for one state and context (`planShot`), by request. */
const plans: {
  state: TankplankState | undefined;
  ctx: TankplankContext | undefined;
  readonly byRequest: Map<string, ShotPlan | Refusal>;
} = { state: undefined, ctx: undefined, byRequest: new Map() };

function planShotNow(
  ctx: TankplankContext,
  state: TankplankState,
  req: ShotRequest,
  armed: Armed | undefined,
): ShotPlan | Refusal {
  const ready =
    armed !== undefined && armed.unit === req.unit && armed.weapon === req.weapon
      ? armed
      : armedFor(ctx, state, req.unit, req.weapon);
  if ('refused' in ready) return ready;
  const { shooter, sInfo, mount, from, key } = ready;
  const w = mount.weapon;
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
    const t = state.units.get(req.target);
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
  const target = targetId ? state.units.get(targetId)! : undefined;
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
  const u = state.units.get(sInfo.unit.id);
  if (ammoKind && u && u.ammo[ammoKind] !== undefined) return u.ammo[ammoKind];
  if (sInfo.kind === 'gun' && u && u.ammo['AP'] !== undefined) return u.ammo['AP'];
  return undefined;
}
