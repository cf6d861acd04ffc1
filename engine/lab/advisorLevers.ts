import type { Feature, Formation, HexRef, Point, ScenarioDoc, Shape, Unit } from '../format';
import { composeRulesetCatalog } from '../forces/rulesetCatalog';
import type { RulesetLookup } from '../rulesets/lookup';
import { hexesForAddedUnit } from './advisorHexes';
import { admitScenarioValue } from './checkedDocument';
import { labGameOf } from './worker';

/**
 * The balance advisor's levers: the changes a scenario designer accepts when a layout is unfair
 * (a unit more or less, a longer game, a deeper deployment zone, an objective or a piece of
 * terrain moved a little, the other edge, the other set-up order), each made as a whole scenario
 * with its change in words. Every variant is admitted as its file would be (the loader, layout
 * and forces checks, and a game that can be set up), so the advisor never plays, nor proposes, a
 * scenario that `sandtable validate` would reject.
 */

/** The kinds of change the advisor may make; `--levers` names them. */
export const LEVERS = ['units', 'turns', 'deployment', 'objectives', 'entry', 'terrain'] as const;
export type Lever = (typeof LEVERS)[number];

/** One lever pulled once: what changed, in words a designer reads. */
export interface LeverChange {
  readonly lever: Lever;
  /** "remove one Medium tank from Side A (west)", "turn limit 24 → 26". */
  readonly text: string;
}

/** A scenario the advisor may play: the original with one or two levers pulled. */
export interface Variant {
  /** Stable within a run: the lever and what it moved ("units:-:a:tp.mediumTank"). */
  readonly id: string;
  readonly changes: readonly LeverChange[];
  readonly scenario: ScenarioDoc;
  /**
   * How likely this change is to be what is wanted before any game is played (0..1): the advisor
   * tries likelier levers first. Bigger units and the stronger side's units rank first.
   */
  readonly prior: number;
}

/** A change the advisor could not make into a valid scenario, and why. */
export interface SkippedVariant {
  readonly change: string;
  readonly why: string;
}

export interface LeverOptions {
  readonly levers: readonly Lever[];
  /** The rulesets the caller plays with: a variant must be admitted and played with them. */
  readonly rulesets: RulesetLookup;
  /**
   * The side the original favours, when known: units are then taken from it and given to the
   * others (the moves toward fair), not the other way. Undefined: both ways.
   */
  readonly favoured?: string;
  /** How far an objective, zone or terrain piece may move, in map units (default 2: 2" or 2 hexes). */
  readonly step?: number;
  /** At most this many unit types a side and direction (default 8, the costliest first). */
  readonly unitTypes?: number;
  /** At most this many named terrain pieces are moved (default 4, nearest the centre). */
  readonly terrainPieces?: number;
}

export interface Levers {
  readonly variants: readonly Variant[];
  readonly skipped: readonly SkippedVariant[];
  /** Levers asked for that this scenario does not have, with why ("no turn limit"). */
  readonly absent: readonly SkippedVariant[];
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Whether a variant is a scenario Sandtable admits and the lab can play, or why not. */
export function variantProblem(
  scenario: ScenarioDoc,
  change: string,
  rulesets: RulesetLookup,
): string | undefined {
  const admitted = admitScenarioValue(scenario, `variant "${change}"`, rulesets);
  if (!admitted.ok) return admitted.lines.slice(0, 2).join('; ');
  const made = labGameOf(admitted.scenario, rulesets);
  return 'error' in made ? made.error : undefined;
}

function unitsOf(fs: readonly Formation[], out: Unit[] = []): Unit[] {
  for (const f of fs) {
    out.push(...f.units);
    unitsOf(f.formations ?? [], out);
  }
  return out;
}

/** The side's formations without the unit `id` (and without it as a leader or a passenger). */
function withoutUnit(fs: readonly Formation[], id: string): Formation[] {
  return fs.map((f) => {
    const { leader, formations, ...rest } = f;
    return {
      ...rest,
      units: f.units
        .filter((u) => u.id !== id)
        .map((u) =>
          u.passengers?.includes(id)
            ? { ...u, passengers: u.passengers.filter((p) => p !== id) }
            : u,
        ),
      ...(leader !== undefined && leader !== id ? { leader } : {}),
      ...(formations ? { formations: withoutUnit(formations, id) } : {}),
    };
  });
}

/** The side's formations with `copy` placed right after the unit `after`. */
function withUnitAfter(fs: readonly Formation[], after: string, copy: Unit): Formation[] {
  return fs.map((f) => {
    const at = f.units.findIndex((u) => u.id === after);
    const units = at < 0 ? f.units : [...f.units.slice(0, at + 1), copy, ...f.units.slice(at + 1)];
    return {
      ...f,
      units,
      ...(f.formations ? { formations: withUnitAfter(f.formations, after, copy) } : {}),
    };
  });
}

function withSide(
  scenario: ScenarioDoc,
  sideId: string,
  formations: Formation[],
  pointsLimit?: number,
): ScenarioDoc {
  return {
    ...scenario,
    forces: {
      ...scenario.forces,
      sides: scenario.forces.sides.map((s) =>
        s.id === sideId
          ? { ...s, formations, ...(pointsLimit !== undefined ? { pointsLimit } : {}) }
          : s,
      ),
    },
  };
}

/** The scenario without a unit's mentions in victory conditions and objective targets. */
function forgetUnit(scenario: ScenarioDoc, id: string): ScenarioDoc {
  return {
    ...scenario,
    victory: {
      ...scenario.victory,
      conditions: scenario.victory.conditions.map((c) =>
        c.units?.includes(id) ? { ...c, units: c.units.filter((u) => u !== id) } : c,
      ),
    },
    objectives: scenario.objectives.map((o) =>
      o.targets?.includes(id) ? { ...o, targets: o.targets.filter((u) => u !== id) } : o,
    ),
  };
}

/** How much a unit type weighs when ranking which to add or remove: its points, else its class. */
const CLASS_WEIGHT: Readonly<Record<string, number>> = {
  tank: 10,
  helicopter: 9,
  gun: 6,
  vehicle: 5,
  team: 3,
  transport: 2,
  infantry: 1,
};

/** Places a copied unit may stand: beside the original, a step at a time. */
function nearby(position: Unit['position'], step: number): Unit['position'][] {
  if (position === undefined) return [undefined];
  if (Array.isArray(position)) {
    const [x, y] = position;
    return [
      [x, y + step],
      [x, y - step],
      [x + step, y],
      [x - step, y],
    ] as Point[];
  }
  const { col, row } = position as HexRef;
  return [
    { col, row: row + 1 },
    { col, row: row - 1 },
    { col: col + 1, row },
    { col: col - 1, row },
  ];
}

function shiftPoint([x, y]: Point, dx: number, dy: number): Point {
  return [x + dx, y + dy];
}

/** An area moved by (dx, dy) map units; undefined for shapes that do not move that way. */
function shiftShape(area: Shape, dx: number, dy: number): Shape | undefined {
  switch (area.shape) {
    case 'polygon':
      return { ...area, points: area.points.map((p) => shiftPoint(p, dx, dy)) };
    case 'circle':
      return { ...area, center: shiftPoint(area.center, dx, dy) };
    case 'point':
      return { ...area, at: shiftPoint(area.at, dx, dy) };
    case 'rect':
      return { ...area, x: area.x + dx, y: area.y + dy };
    case 'hexes':
      // Whole columns in pairs keep an offset grid's shape; rows move one at a time.
      return {
        ...area,
        hexes: area.hexes.map((h) => ({ ...h, col: h.col + 2 * dx, row: h.row + dy })),
      };
    case 'edgeStrip':
      return undefined;
  }
}

/** Whether every corner of an area stays on the map. */
function onMap(area: Shape, scenario: ScenarioDoc): boolean {
  const map = scenario.map;
  const w = map.kind === 'table' ? map.width : map.columns;
  const h = map.kind === 'table' ? map.height : map.rows;
  const inside = ([x, y]: Point) => x >= 0 && y >= 0 && x <= w && y <= h;
  switch (area.shape) {
    case 'polygon':
      return area.points.every(inside);
    case 'circle':
      return inside(area.center);
    case 'point':
      return inside(area.at);
    case 'rect':
      return inside([area.x, area.y]) && inside([area.x + area.width, area.y + area.height]);
    case 'hexes':
      return area.hexes.every((x) => x.col >= 0 && x.row >= 0 && x.col < w && x.row < h);
    case 'edgeStrip':
      return true;
  }
}

const DIRECTIONS: readonly { dx: number; dy: number; word: string }[] = [
  { dx: 0, dy: -1, word: 'north' },
  { dx: 0, dy: 1, word: 'south' },
  { dx: 1, dy: 0, word: 'east' },
  { dx: -1, dy: 0, word: 'west' },
];

const MOVABLE: ReadonlySet<Feature['kind']> = new Set([
  'building',
  'tree',
  'bushes',
  'woods',
  'forest',
  'obstacle',
  'bunker',
  'wreck',
  'wall',
  'fence',
  'hedge',
] as Feature['kind'][]);

/** A terrain piece moved by (dx, dy): its points, or its place. */
function shiftFeature(f: Feature, dx: number, dy: number): Feature | undefined {
  const g = f as unknown as Record<string, unknown>;
  if (Array.isArray(g['points']))
    return { ...f, points: (g['points'] as Point[]).map((p) => shiftPoint(p, dx, dy)) } as Feature;
  if (typeof g['x'] === 'number' && typeof g['y'] === 'number')
    return { ...f, x: (g['x'] as number) + dx, y: (g['y'] as number) + dy } as Feature;
  return undefined;
}

function featureCentre(f: Feature): Point | undefined {
  const g = f as unknown as Record<string, unknown>;
  if (Array.isArray(g['points']) && (g['points'] as Point[]).length > 0) {
    const ps = g['points'] as Point[];
    return [
      ps.reduce((s, p) => s + p[0], 0) / ps.length,
      ps.reduce((s, p) => s + p[1], 0) / ps.length,
    ];
  }
  if (typeof g['x'] === 'number' && typeof g['y'] === 'number')
    return [g['x'] as number, g['y'] as number];
  return undefined;
}

const inches = (scenario: ScenarioDoc, n: number) =>
  scenario.map.kind === 'table' ? `${n}"` : `${n} hex${n === 1 ? '' : 'es'}`;

/**
 * Every single-lever variant of a scenario along the levers asked for, each checked; those that
 * fail the checks are listed as skipped with the reason, never played.
 */
export function leverVariants(scenario: ScenarioDoc, options: LeverOptions): Levers {
  const step = options.step ?? 2;
  const variants: Variant[] = [];
  const skipped: SkippedVariant[] = [];
  const absent: SkippedVariant[] = [];
  const asked = new Set(options.levers);
  const sideName = (id: string) => scenario.forces.sides.find((s) => s.id === id)?.name ?? id;
  /**
   * Keeps the first candidate that passes the checks (with its own words when `texts` gives
   * them), or notes why none did (`why` when there was no candidate at all).
   */
  const offer = (
    id: string,
    change: LeverChange,
    prior: number,
    candidates: readonly ScenarioDoc[],
    texts?: readonly string[],
    why = 'no candidate',
  ) => {
    for (const [k, doc] of candidates.entries()) {
      const problem = variantProblem(doc, change.text, options.rulesets);
      if (!problem) {
        const text = texts?.[k] ?? change.text;
        variants.push({ id, changes: [{ ...change, text }], scenario: doc, prior });
        return;
      }
      why = problem;
    }
    skipped.push({ change: change.text, why });
  };

  if (asked.has('units')) {
    const catalog = composeRulesetCatalog(
      scenario.ruleset,
      options.rulesets.catalogs,
      scenario.catalog,
    );
    const typeName = (t: string) => catalog.units.get(t)?.name ?? t;
    const points = (t: string) => catalog.units.get(t)?.points ?? 0;
    const weightOf = (t: string) =>
      points(t) > 0 ? points(t) : (CLASS_WEIGHT[catalog.units.get(t)?.class ?? ''] ?? 1);
    const maxTypes = options.unitTypes ?? 8;
    const best = Math.max(
      1,
      ...scenario.forces.sides.flatMap((s) => unitsOf(s.formations).map((u) => weightOf(u.type))),
    );
    for (const side of scenario.forces.sides) {
      const units = unitsOf(side.formations);
      const types = [...new Set(units.map((u) => u.type))]
        .sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b))
        .slice(0, maxTypes);
      const favoured = options.favoured;
      const remove = favoured === undefined || favoured === side.id;
      const add = favoured === undefined || favoured !== side.id;
      for (const type of types) {
        const last = [...units].reverse().find((u) => u.type === type)!;
        const weight = 0.25 + 0.35 * (weightOf(type) / best);
        if (remove) {
          offer(
            `units:-:${side.id}:${type}`,
            { lever: 'units', text: `remove one ${typeName(type)} from ${side.name}` },
            weight,
            [
              forgetUnit(
                withSide(scenario, side.id, withoutUnit(side.formations, last.id)),
                last.id,
              ),
            ],
          );
        }
        if (add) {
          const taken = new Set(units.map((u) => u.id));
          let id = `${last.id}-extra`;
          for (let k = 2; taken.has(id); k++) id = `${last.id}-extra${k}`;
          const { passengers: _p, name: _n, ...rest } = last;
          // A side with a points limit gets the unit's points on top: the designer's choice
          // is the unit, and the limit said so.
          const limit =
            side.pointsLimit !== undefined && points(type) > 0
              ? side.pointsLimit + points(type)
              : undefined;
          // On a hex map a hex holds one unit: the copy takes a free hex of the side's zone
          // (or beside its others), named in the change; on a table it stands an inch away.
          const onHexes =
            scenario.map.kind === 'hex' && last.position !== undefined
              ? hexesForAddedUnit(scenario, side.id, last, typeName(type))
              : undefined;
          const places = onHexes ? (onHexes.ok ? onHexes.hexes : []) : nearby(last.position, 1);
          const copies = places.map((position) =>
            withSide(
              scenario,
              side.id,
              withUnitAfter(side.formations, last.id, {
                ...clone(rest),
                id,
                ...(position !== undefined ? { position } : {}),
              }),
              limit,
            ),
          );
          const text = `add one ${typeName(type)} to ${side.name}${limit !== undefined ? ` (points limit ${side.pointsLimit} → ${limit})` : ''}`;
          offer(
            `units:+:${side.id}:${type}`,
            { lever: 'units', text },
            weight,
            copies,
            onHexes?.ok
              ? onHexes.hexes.map((h) => `${text} on hex ${h.col},${h.row} ${onHexes.where}`)
              : undefined,
            onHexes && !onHexes.ok ? onHexes.why : undefined,
          );
        }
      }
    }
  }

  if (asked.has('turns')) {
    const limit = scenario.victory.turnLimit;
    if (limit === undefined)
      absent.push({ change: 'turn limit', why: 'the scenario has no turn limit' });
    else
      for (const delta of [2, -2, 4, -4]) {
        const next = limit + delta;
        if (next < 1) continue;
        offer(
          `turns:${next}`,
          { lever: 'turns', text: `turn limit ${limit} → ${next}` },
          0.4 - Math.abs(delta) * 0.02,
          [{ ...scenario, victory: { ...scenario.victory, turnLimit: next } }],
        );
      }
  }

  if (asked.has('deployment')) {
    const zones = scenario.deployment.zones ?? [];
    if (zones.length === 0)
      absent.push({ change: 'deployment zones', why: 'the scenario has no deployment zones' });
    for (const zone of zones) {
      const label = `${sideName(zone.side)}'s deployment zone${zone.name ? ` (${zone.name})` : ''}`;
      const put = (area: Shape) => ({
        ...scenario,
        deployment: {
          ...scenario.deployment,
          zones: zones.map((z) => (z.id === zone.id ? { ...z, area } : z)),
        },
      });
      const area = zone.area;
      if (area.shape === 'edgeStrip') {
        for (const delta of [step, -step]) {
          const depth = area.depth + delta;
          if (depth < 1) continue;
          offer(
            `deployment:${zone.id}:depth${depth}`,
            {
              lever: 'deployment',
              text: `${label} ${inches(scenario, area.depth)} → ${inches(scenario, depth)} deep`,
            },
            0.35,
            [put({ ...area, depth })],
          );
        }
      } else {
        for (const d of DIRECTIONS) {
          const moved = shiftShape(area, d.dx * step, d.dy * step);
          if (!moved || !onMap(moved, scenario)) continue;
          offer(
            `deployment:${zone.id}:${d.word}`,
            { lever: 'deployment', text: `${label} moved ${inches(scenario, step)} ${d.word}` },
            0.3,
            [put(moved)],
          );
        }
      }
    }
  }

  if (asked.has('objectives')) {
    const movable = scenario.objectives.filter((o) => o.area && o.area.shape !== 'edgeStrip');
    if (movable.length === 0)
      absent.push({ change: 'objective position', why: 'no objective has an area to move' });
    for (const o of movable) {
      for (const d of DIRECTIONS) {
        const moved = shiftShape(o.area!, d.dx * step, d.dy * step);
        if (!moved || !onMap(moved, scenario)) continue;
        offer(
          `objectives:${o.id}:${d.word}`,
          {
            lever: 'objectives',
            text: `objective ${o.name ?? o.id} moved ${inches(scenario, step)} ${d.word}`,
          },
          0.3,
          [
            {
              ...scenario,
              objectives: scenario.objectives.map((x) =>
                x.id === o.id ? { ...x, area: moved } : x,
              ),
            },
          ],
        );
      }
    }
  }

  if (asked.has('entry')) {
    const order = scenario.deployment.order;
    const edges = scenario.deployment.entryEdges ?? [];
    if ((order?.length ?? 0) < 2 && edges.length === 0)
      absent.push({ change: 'entry edge or set-up order', why: 'the scenario has neither' });
    if (order && order.length >= 2) {
      const reversed = [...order].reverse();
      offer(
        'entry:order',
        {
          lever: 'entry',
          text: `${sideName(reversed[0]!)} sets up first instead of ${sideName(order[0]!)}`,
        },
        0.3,
        [{ ...scenario, deployment: { ...scenario.deployment, order: reversed } }],
      );
    }
    const used = new Set(edges.map((e) => e.edge));
    for (const e of edges)
      for (const edge of ['north', 'south', 'east', 'west'] as const) {
        if (used.has(edge)) continue;
        offer(
          `entry:${e.id}:${edge}`,
          {
            lever: 'entry',
            text: `${sideName(e.side)} enters from the ${edge} edge instead of the ${e.edge}`,
          },
          0.15,
          [
            {
              ...scenario,
              deployment: {
                ...scenario.deployment,
                entryEdges: edges.map((x) => {
                  if (x.id !== e.id) return x;
                  const { from: _f, to: _t, ...rest } = x;
                  return { ...rest, edge };
                }),
              },
            },
          ],
        );
      }
  }

  if (asked.has('terrain')) {
    const map = scenario.map;
    if (map.kind !== 'table')
      absent.push({ change: 'terrain piece', why: 'a hex map has no terrain pieces to move' });
    else {
      const centre: Point = [map.width / 2, map.height / 2];
      const pieces = map.features
        .filter((f) => f.name && !f.locked && MOVABLE.has(f.kind))
        .map((f) => ({ f, c: featureCentre(f) }))
        .filter((p): p is { f: Feature; c: Point } => p.c !== undefined)
        .sort(
          (a, b) =>
            Math.hypot(a.c[0] - centre[0], a.c[1] - centre[1]) -
              Math.hypot(b.c[0] - centre[0], b.c[1] - centre[1]) || a.f.id.localeCompare(b.f.id),
        )
        .slice(0, options.terrainPieces ?? 4);
      if (pieces.length === 0)
        absent.push({
          change: 'terrain piece',
          why: 'no named, unlocked piece of terrain to move',
        });
      for (const { f } of pieces)
        for (const d of DIRECTIONS) {
          const moved = shiftFeature(f, d.dx * step, d.dy * step);
          if (!moved) continue;
          offer(
            `terrain:${f.id}:${d.word}`,
            { lever: 'terrain', text: `${f.name} moved ${inches(scenario, step)} ${d.word}` },
            0.15,
            [
              {
                ...scenario,
                map: { ...map, features: map.features.map((x) => (x.id === f.id ? moved : x)) },
              },
            ],
          );
        }
    }
  }
  return { variants, skipped, absent };
}

/**
 * Two variants' changes made together, when they touch different parts of the scenario (not the
 * same unit type's count twice, not the same turn limit): the second's changed top-level parts
 * laid over the first. Undefined when they clash or the result fails the checks.
 */
export function combineVariants(
  original: ScenarioDoc,
  a: Variant,
  b: Variant,
  /** The rulesets the caller plays with (the combination must be admitted with them). */
  rulesets: RulesetLookup,
): Variant | undefined {
  const keys = ['forces', 'victory', 'deployment', 'objectives', 'map'] as const;
  const changedA = keys.filter(
    (k) => JSON.stringify(a.scenario[k]) !== JSON.stringify(original[k]),
  );
  const changedB = keys.filter(
    (k) => JSON.stringify(b.scenario[k]) !== JSON.stringify(original[k]),
  );
  let scenario: ScenarioDoc = a.scenario;
  for (const k of changedB) {
    if (!changedA.includes(k)) {
      scenario = { ...scenario, [k]: b.scenario[k] };
      continue;
    }
    if (k !== 'forces') return undefined;
    // Two unit changes on different sides combine side by side.
    const sidesA = a.scenario.forces.sides;
    const sidesB = b.scenario.forces.sides;
    const changed = (sides: typeof sidesA) =>
      sides
        .filter((s, i) => JSON.stringify(s) !== JSON.stringify(original.forces.sides[i]))
        .map((s) => s.id);
    const onA = changed(sidesA);
    const onB = changed(sidesB);
    if (onB.some((id) => onA.includes(id))) return undefined;
    scenario = {
      ...scenario,
      forces: {
        ...scenario.forces,
        sides: sidesA.map((s, i) => (onB.includes(s.id) ? sidesB[i]! : s)),
      },
    };
  }
  const changes = [...a.changes, ...b.changes];
  const text = changes.map((c) => c.text).join(' and ');
  if (variantProblem(scenario, text, rulesets)) return undefined;
  return { id: `${a.id}+${b.id}`, changes, scenario, prior: Math.max(a.prior, b.prior) };
}

/** A variant's changes in one line: "remove one Medium tank from Side A and turn limit 24 → 26". */
export function changeWords(v: { readonly changes: readonly LeverChange[] }): string {
  return v.changes.length === 0 ? 'no change' : v.changes.map((c) => c.text).join('; and ');
}
