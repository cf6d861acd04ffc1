import type { Edge, Formation, HexRef, ScenarioDoc, Unit } from '../../../format';
import type { RulesetCatalog } from '../../../forces/rulesetCatalog';
import { TANK_PLACEHOLDER } from '../catalogs';
import { readTankMap, type TankMap } from './map';
import { readTankRules, tankCatalog, type TankRules } from './tables';

/** What a unit is to the rules. `team` is a support weapon stacked with a squad (TC-4.1). */
export type UnitClass = 'vehicle' | 'infantry' | 'atGun' | 'team';

/** A unit's fixed data from the catalog (the Weapons Characteristics Chart, OT-G2). */
export interface UnitInfo {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly type: string;
  readonly typeName: string;
  readonly cls: UnitClass;
  /** Infantry and AT guns (and support weapons) are soft targets; vehicles are not. */
  readonly soft: boolean;
  /** A dummy (TC-7.1): it looks like `cls` to the enemy, only moves, and dies when spotted. */
  readonly dummy: boolean;
  readonly ap: number;
  readonly he: number;
  readonly def: { readonly front: number; readonly side: number; readonly rear: number };
  readonly ma: number;
  readonly range: number;
  readonly rangeMin: number;
  readonly panicPct: number;
  readonly platoon: string | null;
  readonly leader: boolean;
  readonly points: number;
  /** A mortar's call data (TC-4.3, TC-4.4). */
  readonly mortar: { readonly effective: number; readonly delay: number } | undefined;
  /** Missions its record allows ("IF,SF,OF"); undefined for all. */
  readonly missions: readonly string[] | undefined;
  /** Infantry units it may carry (stat carryCapacity, OT-32.8 (8)); undefined for the catalog default. */
  readonly carry: number | undefined;
  /** A flame weapon (stat flame, TC-4.9): short reach and its own die modifier (placeholder constants). */
  readonly flame: boolean;
  /** A sapper unit (stat sapper, TC-4.9): it may plot CLR to clear rubble out of a street. */
  readonly sapper: boolean;
  /** The turn it lands by air at its scenario hex (unit field x-airlanding, TC-4.9); undefined if it starts on the map. */
  readonly airlands: number | undefined;
  /** The squad a support weapon is stacked with and shares its fate (TC-4.1). */
  readonly squad: string | undefined;
  readonly start: HexRef;
  readonly facing: number;
}

export interface TankContext {
  readonly scenario: ScenarioDoc;
  readonly cat: RulesetCatalog;
  readonly rules: TankRules;
  readonly map: TankMap;
  readonly sides: readonly [string, string];
  readonly sideNames: ReadonlyMap<string, string>;
  readonly units: ReadonlyMap<string, UnitInfo>;
  /** Unit ids in scenario order (the order the engine resolves them in). */
  readonly order: readonly string[];
  readonly platoons: ReadonlyMap<
    string,
    {
      readonly leader: string | undefined;
      readonly name: string;
      readonly members: readonly string[];
    }
  >;
  /** Each side's entry edge (Retreat and Flee move toward it, TC-6.4). */
  readonly entryEdge: ReadonlyMap<string, Edge>;
  readonly hold:
    | {
        /** The objective's id in the scenario. */
        readonly id: string;
        readonly side: string;
        readonly hexes: readonly HexRef[];
        readonly turns: number;
        readonly classes: readonly UnitClass[];
        readonly name: string;
      }
    | undefined;
  /** The side that wins when the turn limit is reached, if the scenario says. */
  readonly timeWinner: string | undefined;
  readonly turnLimit: number;
}

const CLASS: Record<string, UnitClass> = {
  tank: 'vehicle',
  vehicle: 'vehicle',
  transport: 'vehicle',
  infantry: 'infantry',
  gun: 'atGun',
  team: 'team',
};

function* walk(
  f: Formation,
  platoon: Formation | null,
): Generator<{ unit: Unit; platoon: Formation | null }> {
  const p = f.kind === 'platoon' ? f : platoon;
  for (const u of f.units) yield { unit: u, platoon: p };
  for (const sub of f.formations ?? []) yield* walk(sub, p);
}

const inPeriods = (periods: string, period: number): boolean => {
  if (periods === 'all') return true;
  return periods.split(',').some((part) => {
    const [a, b] = part.split('-').map(Number);
    return b === undefined ? period === a : period >= a! && period <= b;
  });
};

/**
 * The catalog, the rules of the scenario's layers and the map as the rules read it: all a line of
 * sight needs, without the forces. Or the first thing that keeps the map from being played.
 */
export function readTankBoard(
  scenario: ScenarioDoc,
): { cat: RulesetCatalog; rules: TankRules; map: TankMap } | string {
  if (scenario.map.kind !== 'hex') return 'TANK! is played on a hex map; this scenario has a table';
  const cat = tankCatalog(scenario);
  const rules = readTankRules(cat, scenario.ruleset);
  if (typeof rules === 'string') return rules;
  const contourMax = rules.layers.costello ? rules.constants['contourLevels'] : undefined;
  const map = readTankMap(scenario.map, cat, TANK_PLACEHOLDER, contourMax);
  if (typeof map === 'string') return map;
  return { cat, rules, map };
}

/**
 * Everything a TANK! game needs from its scenario, or the first thing that keeps it from being
 * played, naming the catalog field, unit or hex and what to do.
 */
export function createTankContext(scenario: ScenarioDoc): TankContext | string {
  const board = readTankBoard(scenario);
  if (typeof board === 'string') return board;
  const { cat, rules, map } = board;
  const sidesList = scenario.forces.sides;
  if (sidesList.length !== 2)
    return `TANK! is played by two sides (Alpha and Bravo); this scenario has ${sidesList.length}`;
  const units = new Map<string, UnitInfo>();
  const order: string[] = [];
  const platoons = new Map<
    string,
    { leader: string | undefined; name: string; members: string[] }
  >();
  for (const side of sidesList) {
    for (const top of side.formations) {
      for (const { unit: u, platoon } of walk(top, null)) {
        const t = cat.units.get(u.type);
        if (!t)
          return `unit ${u.id}: type ${u.type} is in no catalog of the scenario's layers (${(scenario.ruleset.layers ?? []).join(', ') || 'base game only'}); ${u.type.startsWith('tank.dummy') || u.type.endsWith('Mortar') || u.type.endsWith('hmg') ? 'switch on the costello layer' : 'add it to a catalog'}`;
        if (!t.stats && t.placeholder)
          return `unit ${u.id}: type ${u.type} has only a stand-in points value; its rules come from the costello layer: switch on the costello layer`;
        const stats = t.stats ?? {};
        const dummy = stats['dummy'] === true;
        const cls = CLASS[t.class];
        if (!cls)
          return `unit ${u.id}: type ${u.type} has class "${t.class}", which TANK! does not field`;
        if (!u.position || !('col' in u.position))
          return `unit ${u.id} has no hex position: place it on the map`;
        const where = `catalog unit ${u.type}`;
        const need = (v: unknown, field: string): number | string =>
          typeof v === 'number' && Number.isFinite(v)
            ? v
            : `unit ${u.id} (${t.name}) lacks ${field} in ${where}, which the CRT needs (OT-G2): add it to the unit type`;
        let ap = 0;
        let he = 0;
        let range = 0;
        let rangeMin = 0;
        let def = { front: 0, side: 0, rear: 0 };
        let ma = 0;
        if (!dummy) {
          const got = [
            need(stats['apAttack'], 'stats.apAttack'),
            need(stats['heAttack'], 'stats.heAttack'),
            need(
              cls === 'team' ? stats['rangeMax'] : stats['rangeHexes'],
              cls === 'team' ? 'stats.rangeMax' : 'stats.rangeHexes',
            ),
          ];
          const bad = got.find((g) => typeof g === 'string');
          if (bad) return bad as string;
          [ap, he, range] = got as [number, number, number];
          rangeMin = typeof stats['rangeMin'] === 'number' ? stats['rangeMin'] : 0;
          if (cls !== 'team') {
            const d = [
              need(t.armour?.front, 'armour.front'),
              need(t.armour?.side, 'armour.side'),
              need(t.armour?.rear, 'armour.rear'),
              need(t.speeds?.['ma'], 'speeds.ma'),
            ];
            const badD = d.find((g) => typeof g === 'string');
            if (badD) return badD as string;
            def = { front: d[0] as number, side: d[1] as number, rear: d[2] as number };
            ma = d[3] as number;
          }
        } else {
          ma = typeof t.speeds?.['ma'] === 'number' ? t.speeds['ma'] : 12;
        }
        const periods = stats['periods'];
        if (
          typeof periods === 'string' &&
          rules.options.period !== undefined &&
          !inPeriods(periods, rules.options.period)
        )
          return `unit ${u.id}: ${t.name} is available in periods ${periods} only, and the scenario is period ${rules.options.period} (TC-4.2)`;
        const mortar =
          typeof stats['callDelayTurns'] === 'number'
            ? {
                effective: Number(stats['effectiveRange'] ?? range),
                delay: rules.options.mortarDelayTurns,
              }
            : undefined;
        const landing = u['x-airlanding'];
        if (landing !== undefined && (!Number.isInteger(landing) || (landing as number) < 2))
          return `unit ${u.id}: x-airlanding is ${JSON.stringify(landing)}; give the turn (2 or more) it lands, or leave it out for a unit on the map from the start (TC-4.9)`;
        if (landing !== undefined && !rules.layers.costello)
          return `unit ${u.id} lands by air (x-airlanding, TC-4.9), a rule of the costello layer: switch it on in the Rules tab`;
        if (landing !== undefined && !cat.tables['airlanding'])
          return `unit ${u.id} lands by air (x-airlanding) but the catalog has no airlanding table (TC-G4): add it to the TANK! placeholder catalog`;
        const airlands = typeof landing === 'number' ? landing : undefined;
        const missions =
          typeof stats['missions'] === 'string' ? stats['missions'].split(',') : undefined;
        units.set(u.id, {
          id: u.id,
          name: u.name ?? t.name,
          side: side.id,
          type: u.type,
          typeName: t.name,
          cls,
          soft: cls !== 'vehicle',
          dummy,
          ap,
          he,
          def,
          ma,
          range,
          rangeMin,
          // The panic level in 10% steps (OT-G5), the unit's own from the catalog.
          panicPct: typeof stats['panicPct'] === 'number' ? stats['panicPct'] : 0,
          platoon: platoon?.id ?? null,
          leader: platoon?.leader === u.id,
          points: typeof t.points === 'number' ? t.points : 0,
          mortar,
          missions,
          carry: typeof stats['carryCapacity'] === 'number' ? stats['carryCapacity'] : undefined,
          flame: stats['flame'] === true,
          sapper: stats['sapper'] === true,
          airlands,
          squad: undefined,
          start: { col: u.position.col, row: u.position.row },
          facing: u.facing ?? 0,
        });
        order.push(u.id);
        if (platoon) {
          const p = platoons.get(platoon.id) ?? {
            leader: platoon.leader,
            name: platoon.name ?? platoon.id,
            members: [],
          };
          p.members.push(u.id);
          platoons.set(platoon.id, p);
        }
      }
    }
  }
  // Support weapons stack with a squad of their side and share its fate (TC-4.1).
  for (const [id, u] of units) {
    if (u.cls !== 'team') continue;
    const squad = order.find((o) => {
      const s = units.get(o)!;
      return (
        s.side === u.side &&
        s.cls === 'infantry' &&
        !s.dummy &&
        s.start.col === u.start.col &&
        s.start.row === u.start.row
      );
    });
    if (!squad)
      return `unit ${id} (${u.typeName}) must start stacked with an infantry squad of its side (TC-4.1)`;
    const squadType = cat.units.get(units.get(squad)!.type);
    if (squadType?.stats?.['iatd'] === true)
      return `unit ${squad} (${squadType.name}) carries anti-tank weapons (stats.iatd) and so cannot serve the support weapon ${id} (${u.typeName}) stacked with it (TC-4.5): give the weapon a squad without them`;
    units.set(id, { ...u, squad });
  }
  for (const [id, u] of units) {
    if (!map.hex(map.toAxial(u.start)))
      return `unit ${id} stands at ${u.start.col},${u.start.row}, outside the ${map.columns} × ${map.rows} map`;
  }
  const entryEdge = new Map<string, Edge>();
  for (const e of scenario.deployment?.entryEdges ?? []) entryEdge.set(e.side, e.edge);
  const holdObj = scenario.objectives?.find(
    (o) => o.kind === 'holdZone' && o.area && 'shape' in o.area && o.area.shape === 'hexes',
  );
  const hold =
    holdObj && holdObj.area && 'hexes' in holdObj.area && holdObj.owner
      ? {
          id: holdObj.id,
          side: holdObj.owner,
          hexes: holdObj.area.hexes,
          turns: typeof holdObj['holdTurns'] === 'number' ? holdObj['holdTurns'] : 1,
          classes: (
            (holdObj['holders'] as { classes?: string[] } | undefined)?.classes ?? [
              'tank',
              'infantry',
            ]
          ).map((c) => CLASS[c] ?? 'infantry'),
          name: holdObj.name ?? holdObj.id,
        }
      : undefined;
  const timeCond = scenario.victory?.conditions.find((c) => c.kind === 'turnLimitReached');
  return {
    scenario,
    cat,
    rules,
    map,
    sides: [sidesList[0]!.id, sidesList[1]!.id],
    sideNames: new Map(sidesList.map((s) => [s.id, s.name])),
    units,
    order,
    platoons,
    entryEdge,
    hold,
    timeWinner: timeCond && 'side' in timeCond ? (timeCond['side'] as string) : undefined,
    turnLimit: scenario.victory?.turnLimit ?? 12,
  };
}

export const enemyOf = (ctx: TankContext, side: string): string =>
  ctx.sides[0] === side ? ctx.sides[1] : ctx.sides[0];

export const unitInfo = (ctx: TankContext, id: string): UnitInfo => {
  const u = ctx.units.get(id);
  if (!u) throw new Error(`no unit ${id} in this game`);
  return u;
};
