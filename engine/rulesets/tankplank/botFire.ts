/**
 * The Tankplank bot's Firing phase: every weapon takes the shot with the best expected result,
 * where a target is worth more when it stands in the objective the bot must clear or the ground
 * it must deny, radiomen (who make a hold) and heavy weapons above riflemen, and tanks and guns
 * above all. Only the few most promising targets of each weapon are worked out in full, so a
 * phase plans a few hundred shots instead of every pair of enemies.
 */
import type { WeaponType } from '../../format';
import { tablePoint, type TablePoint } from '../../geometry/units';
import { inZone, type SidePlan } from './botPlan';
import type { TankplankAction } from './rules/actions';
import { constant } from './rules/catalog';
import type { TankplankContext, UnitInfo } from './rules/context';
import { armedFor, planShot, shotOdds } from './rules/fire';
import { isArtillery } from './rules/artillery';
import { info, onTable, positionOf, seesBetween, weaponsOf } from './rules/situation';
import type { TankplankState, UnitState } from './rules/state';

/** Targets of a weapon worked out in full, best first by the quick estimate. */
const TRIES_FIGURE = 3;
const TRIES_WEAPON = 5;

/**
 * Rules that refuse the weapon whatever it aims at: firing from a vehicle, no firing this turn,
 * already fired, weapon interlocks, not set up, too few crew, no ammunition.
 */
const WEAPON_REFUSALS = new Set([
  'TP-8.9',
  'TP-A28',
  'TP-G6',
  'TP-8.6',
  'TP-8.8',
  'TP-5.3',
  'TP-G10',
  'TP-17.1',
  'TP-G9',
]);

/** What a target is worth to the bot, before where it stands. */
function worth(i: UnitInfo): number {
  if (i.kind === 'vehicle') {
    if (i.type.class === 'tank') return 6;
    return i.type.keywords?.includes('armoured') ? 4 : 2.5;
  }
  if (i.kind === 'gun') return 4;
  if (i.role === 'radioman') return 3;
  if (i.type.keywords?.includes('heavyWeapons')) return 2;
  if (i.role === 'officer') return 1.5;
  return 1;
}

/** A target's worth where it stands now, with the men it carries. */
function standing(
  ctx: TankplankContext,
  s: TankplankState,
  plan: SidePlan,
  i: UnitInfo,
  p: TablePoint,
): number {
  let w = worth(i);
  for (const rider of s.units.get(i.unit.id)?.passengers ?? []) w += worth(info(ctx, s, rider));
  if (inZone(ctx, plan.goal, p)) return w * plan.params.clearBonus;
  if (inZone(ctx, plan.home, p)) return w * plan.params.denyBonus;
  return w;
}

/**
 * `standing` of an enemy where he stands, worked out once a phase plan and unit state (every
 * shooter of the phase weighs the same enemies; a unit changed by a shot is a new state object).
 */
function standingWhere(
  ctx: TankplankContext,
  s: TankplankState,
  plan: SidePlan,
  i: UnitInfo,
  u: UnitState & { at: readonly [number, number] },
): { readonly p: TablePoint; readonly worth: number } {
  let known = standings.get(plan);
  if (!known) standings.set(plan, (known = new WeakMap()));
  let here = known.get(u);
  if (!here) {
    const p = tablePoint(u.at[0], u.at[1]);
    here = { p, worth: standing(ctx, s, plan, i, p) };
    known.set(u, here);
  }
  return here;
}

const standings = new WeakMap<
  SidePlan,
  WeakMap<UnitState, { readonly p: TablePoint; readonly worth: number }>
>();

/**
 * An enemy a shot may go at (on the table, not doomed, not a dropped weapon), with its worth where
 * it stands: what every shooter of a phase reads of every enemy before range and weapon.
 */
interface Mark {
  readonly u: UnitState & { at: readonly [number, number] };
  readonly i: UnitInfo;
  readonly p: TablePoint;
  readonly x: number;
  readonly y: number;
  readonly worth: number;
}

/**
 * The marks of a phase plan in the order of its enemies, made once per plan and units record (a
 * state never changes its units in place; a shot that changes no unit keeps the record): a
 * Firing phase's fifty shooters each looked every enemy up, with its facts and worth, for each
 * weapon.
 */
function marksOf(ctx: TankplankContext, s: TankplankState, plan: SidePlan): readonly Mark[] {
  let byUnits = marksKnown.get(plan);
  if (!byUnits) marksKnown.set(plan, (byUnits = new WeakMap()));
  let marks = byUnits.get(s.units);
  if (marks) return marks;
  // A shot changes a unit or two: an enemy whose state is the one the plan's last marks were
  // made from keeps its mark (what a mark reads is that state and the unit's fixed facts). Both
  // lists follow the plan's enemies, so the last one is walked alongside.
  const last = lastMarks.get(plan);
  let j = 0;
  const list: Mark[] = [];
  for (const e of plan.enemies) {
    const u = s.units.get(e.id)!;
    if (last !== undefined && j < last.length && last[j]!.u.id === e.id) {
      const kept = last[j++]!;
      if (kept.u === u) {
        list.push(kept);
        continue;
      }
    }
    if (!onTable(u) || u.doomed) continue;
    const i = info(ctx, s, u.id);
    if (i.type.keywords?.includes('weaponPiece')) continue;
    const here = standingWhere(ctx, s, plan, i, u);
    list.push({ u, i, p: here.p, x: u.at[0], y: u.at[1], worth: here.worth });
  }
  byUnits.set(s.units, (marks = list));
  lastMarks.set(plan, list);
  return marks;
}

const marksKnown = new WeakMap<SidePlan, WeakMap<object, readonly Mark[]>>();
/** The marks a plan made last (`marksOf`), to keep those of enemies that did not change. */
const lastMarks = new WeakMap<SidePlan, readonly Mark[]>();

/** `maxRangeOf` by catalog and weapon type (both never change). */
const maxRanges = new WeakMap<object, WeakMap<WeaponType, number>>();

function maxRange(ctx: TankplankContext, w: WeaponType): number {
  let byWeapon = maxRanges.get(ctx.catalog);
  if (!byWeapon) maxRanges.set(ctx.catalog, (byWeapon = new WeakMap()));
  let r = byWeapon.get(w);
  if (r === undefined) byWeapon.set(w, (r = maxRangeOf(ctx, w)));
  return r;
}

function maxRangeOf(ctx: TankplankContext, w: WeaponType): number {
  const bands = Math.max(0, ...(w.ranges ?? []).map((b) => b.max));
  const veryLong = Number(w.stats?.['veryLongMax'] ?? 0);
  const cannon =
    w.kind === 'cannon' || w.kind === 'howitzer' ? constant(ctx.catalog, 'cannonMaxRange') : 0;
  return Math.max(bands, veryLong, cannon);
}

/** Whether a weapon can harm a target at all (small arms do not scratch armour). */
function canHarm(w: WeaponType, target: UnitInfo): boolean {
  const armoured = target.kind === 'vehicle' && !!target.type.armour;
  if (!armoured) return true;
  if (w.stats?.['unarmouredOnly'] === true) return !target.type.keywords?.includes('armoured');
  if (w.kind === 'smallArms' || w.kind === 'machineGun')
    return !target.type.keywords?.includes('armoured');
  return true;
}

/** Counted rounds are spent only on shots worth at least this much. */
function countedAmmo(w: WeaponType): boolean {
  return (
    w.kind === 'cannon' ||
    w.kind === 'howitzer' ||
    w.kind === 'bazooka' ||
    w.kind === 'mortar' ||
    w.kind === 'grenade' ||
    w.stats?.['ammo'] !== undefined
  );
}

/** Big guns first, so the rest do not waste shots on what they are about to kill. */
function fireOrder(i: UnitInfo): number {
  if (i.kind === 'gun' || i.type.class === 'tank') return 0;
  if (i.kind === 'vehicle') return 1;
  if (i.type.keywords?.includes('heavyWeapons')) return 2;
  return 3;
}

/**
 * What a Firing phase came to, for the bot's explanation: who fired, who held fire to keep
 * counted rounds for a better shot (with the best they saw), and who had no enemy in sight.
 */
export interface FireReport {
  fired: number;
  shooters: number;
  /** Weapons with counted rounds whose best shot was worth less than the style spends them on. */
  readonly saved: { readonly unit: string; readonly weapon: string; readonly value: number }[];
  /** Shooters none of whose likeliest targets they could see or hit. */
  blind: number;
}

/** Every shooter of the side fires its best shot; what came of it is written into `report`. */
export function fireAll(
  ctx: TankplankContext,
  get: () => TankplankState,
  plan: SidePlan,
  apply: (a: TankplankAction) => boolean,
  report: FireReport = { fired: 0, shooters: 0, saved: [], blind: 0 },
): void {
  const side = plan.side;
  const s0 = get();
  const shooters = s0.units
    .list()
    .filter((u) => u.side === side && u.alive && (u.at !== null || u.embarkedIn !== null))
    .map((u) => ({ id: u.id, i: info(ctx, s0, u.id) }))
    .filter(({ i }) => weaponsOf(ctx, i).length > 0)
    .sort((a, b) => fireOrder(a.i) - fireOrder(b.i) || (a.id < b.id ? -1 : 1));
  for (const { id, i } of shooters) {
    const s = get();
    const from = positionOf(s, id);
    if (!from || !s.units.get(id)!.alive) continue;
    // A man fires one weapon a phase: his best shot over all of them. A vehicle fires each.
    const mounts = weaponsOf(ctx, i);
    report.shooters++;
    const before = report.fired;
    const saved = report.saved.length;
    const shoot = (best: TankplankAction | undefined) => {
      if (best && apply(best)) report.fired++;
    };
    if (i.kind === 'figure') shoot(bestShot(ctx, s, plan, id, mounts, from, TRIES_FIGURE, report));
    else
      for (const m of mounts) {
        const now = get();
        if (!now.units.get(id)!.alive) break;
        shoot(bestShot(ctx, now, plan, id, [m], from, TRIES_WEAPON, report));
      }
    if (report.fired === before && report.saved.length === saved) report.blind++;
  }
}

/** Weapons whose every shot needs a line of sight to the target (no indirect fire). */
const SEES_TO_FIRE: ReadonlySet<string> = new Set(['smallArms', 'machineGun', 'cannon']);

interface Candidate {
  readonly u: UnitState;
  readonly i: UnitInfo;
  readonly p: TablePoint;
  readonly quick: number;
}

/** Best first: the higher quick estimate, then the lower id (a total order, as ids differ). */
const ahead = (a: Candidate, b: Candidate): boolean => aheadOf(a.quick, a.u.id, b);

/** `ahead` for a candidate not made yet, by its quick estimate and unit id. */
const aheadOf = (quick: number, id: string, b: Candidate): boolean =>
  quick > b.quick || (quick === b.quick && id < b.u.id);

/** Puts `c` in its place in `list` (best first) when it is among the best `most`. */
function keepBest(list: Candidate[], most: number, c: Candidate): void {
  if (list.length === most && !ahead(c, list[most - 1]!)) return;
  let k = list.length < most ? list.length : most - 1;
  if (list.length < most) list.push(c);
  while (k > 0 && ahead(c, list[k - 1]!)) {
    list[k] = list[k - 1]!;
    k--;
  }
  list[k] = c;
}

function bestShot(
  ctx: TankplankContext,
  s: TankplankState,
  plan: SidePlan,
  id: string,
  mounts: ReturnType<typeof weaponsOf>,
  from: TablePoint,
  tries: number,
  report?: FireReport,
): TankplankAction | undefined {
  let best: { value: number; action: TankplankAction } | undefined;
  // The best shot a weapon with counted rounds passed up as not worth a round.
  let kept: { weapon: string; value: number } | undefined;
  for (const m of mounts) {
    const w = m.weapon;
    const reach = maxRange(ctx, w);
    // Most targets in a village are out of sight: a weapon looks at a few more than it plans,
    // the best `look` by a quick estimate (worth where they stand, less with range), kept in
    // order as they are found instead of sorting every enemy in reach.
    const look = w.kind === 'mortar' ? 3 : tries * 2;
    const candidates: Candidate[] = [];
    for (const t of marksOf(ctx, s, plan)) {
      const dx = t.x - from.x;
      const dy = t.y - from.y;
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d > reach || !canHarm(w, t.i)) continue;
      const quick = t.worth / (1 + d / 10);
      // Made only when it is among the best: most marks in reach are not.
      if (candidates.length === look && !aheadOf(quick, t.u.id, candidates[look - 1]!)) continue;
      keepBest(candidates, look, { u: t.u, i: t.i, p: t.p, quick });
    }
    if (candidates.length === 0) continue;
    // A weapon refused whatever it aims at (fired, not set up, no crew, riding) plans no shot at
    // any of them: it is known before a line is drawn to one.
    const armed = armedFor(ctx, s, id, w.id);
    if ('refused' in armed) continue;
    let planned = 0;
    let asked = 0;
    for (const c of candidates) {
      if (planned >= tries || asked >= look) break;
      asked++;
      // A weapon that must see its target is refused one out of sight: ask only yes or no first
      // (the reducer would refuse the same shot for the same line).
      if (
        SEES_TO_FIRE.has(w.kind) &&
        !isArtillery(w) &&
        !seesBetween(ctx, s, { unit: id, point: from }, { unit: c.u.id, point: c.p })
      )
        continue;
      const ammo: 'AP' | 'HE' | undefined =
        w.kind === 'cannon' || w.kind === 'howitzer'
          ? c.i.kind === 'vehicle' && Number(w.stats?.['impactAP'] ?? -1) !== -1
            ? 'AP'
            : 'HE'
          : undefined;
      const req = { unit: id, weapon: w.id, target: c.u.id, ...(ammo ? { ammo } : {}) };
      const shot = planShot(ctx, s, req, armed);
      // A refusal for the weapon itself (fired, no ammo, not set up) holds for every target.
      if ('refused' in shot) {
        if (shot.ruleId !== undefined && WEAPON_REFUSALS.has(shot.ruleId)) break;
        continue;
      }
      planned++;
      const odds = shotOdds(ctx, shot);
      let value = 0;
      if (odds.perUnit.length > 0) {
        for (const x of odds.perUnit) {
          const u = s.units.get(x.unit);
          const p = u && positionOf(s, u.id);
          if (!u || !p) continue;
          // Blasts do not tell friend from foe: a friend caught counts against the shot.
          const sign = u.side === plan.side ? -1 : 1;
          value += sign * x.p * standing(ctx, s, plan, info(ctx, s, u.id), p);
        }
      } else value = odds.pKill * standing(ctx, s, plan, c.i, c.p);
      if (countedAmmo(w) && value < plan.params.ammoThreshold) {
        if (value > 0 && (!kept || value > kept.value)) kept = { weapon: w.name, value };
        continue;
      }
      if (value > 0 && (!best || value > best.value))
        best = { value, action: { type: 'fire', ...req } };
    }
  }
  if (!best && kept && report) report.saved.push({ unit: id, ...kept });
  return best?.action;
}
