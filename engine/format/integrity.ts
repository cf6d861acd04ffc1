import type {
  AnyDoc,
  Deployment,
  Forces,
  Formation,
  GameMap,
  Objective,
  Point,
  Shape,
  Victory,
  ScenarioDoc,
} from './types';
import type { Problem } from './problems';
import { outlineFault } from '../geometry/simplePolygon';
import { RING_KINDS } from '../terrain/kinds';

/** A problem before the file name and position are attached. */
export type RawProblem = Pick<Problem, 'pointer' | 'code' | 'message' | 'expected' | 'found'>;

/**
 * Checks what a schema cannot: ids are unique and every reference points at something that exists.
 * Runs on a document that already passed its schema.
 */
export function checkIntegrity(doc: AnyDoc): RawProblem[] {
  const out: RawProblem[] = [];
  switch (doc.format) {
    case 'sandtable.scenario':
      checkScenario(doc, out);
      break;
    case 'sandtable.map':
      checkMap(doc.map, '/map', out);
      break;
    case 'sandtable.forces':
      checkForces(doc.forces, '/forces', out);
      break;
    case 'sandtable.objectives':
      checkObjectives(doc.objectives, doc.victory, doc.deployment, undefined, out);
      break;
    case 'sandtable.catalog': {
      const ids = new Ids(out);
      (doc.units ?? []).forEach((u, i) => ids.add(u.id, `/units/${i}/id`));
      (doc.weapons ?? []).forEach((w, i) => ids.add(w.id, `/weapons/${i}/id`));
      (doc.cards ?? []).forEach((c, i) => ids.add(c.id, `/cards/${i}/id`));
      (doc.terrainTypes ?? []).forEach((t, i) => ids.add(t.id, `/terrainTypes/${i}/id`));
      break;
    }
  }
  return out;
}

class Ids {
  readonly seen = new Map<string, string>();
  constructor(private readonly out: RawProblem[]) {}
  add(id: string, pointer: string): void {
    const first = this.seen.get(id);
    if (first !== undefined) {
      this.out.push({
        pointer,
        code: 'duplicate-id',
        message: `id "${id}" is already used at ${first}`,
        expected: 'a unique id',
        found: JSON.stringify(id),
      });
    } else this.seen.set(id, pointer);
  }
  has(id: string): boolean {
    return this.seen.has(id);
  }
}

function reference(
  out: RawProblem[],
  pointer: string,
  id: string,
  ids: Ids | Set<string>,
  what: string,
): void {
  if (!ids.has(id)) {
    out.push({
      pointer,
      code: 'reference',
      message: `refers to ${what} "${id}", which is not in the file`,
      expected: `the id of a ${what}`,
      found: JSON.stringify(id),
    });
  }
}

function checkMap(map: GameMap, base: string, out: RawProblem[]): Ids {
  const ids = new Ids(out);
  if (map.kind === 'table') {
    map.features.forEach((f, i) => ids.add(f.id, `${base}/features/${i}/id`));
    map.features.forEach((f, i) => {
      if (RING_KINDS.has(f.kind) && 'points' in f)
        checkOutline(f.points, `${base}/features/${i}/points`, out);
    });
    map.features.forEach((f, i) => {
      if (f.kind === 'bridge' || f.kind === 'catwalk') {
        if (f.spans !== undefined)
          reference(out, `${base}/features/${i}/spans`, f.spans, ids, 'feature');
        if (f.carries !== undefined)
          reference(out, `${base}/features/${i}/carries`, f.carries, ids, 'feature');
      }
    });
  } else {
    const inside = (col: number, row: number) => col < map.columns && row < map.rows;
    const seen = new Set<string>();
    map.hexes.forEach((h, i) => {
      const key = `${h.col},${h.row}`;
      if (!inside(h.col, h.row)) {
        out.push({
          pointer: `${base}/hexes/${i}`,
          code: 'reference',
          message: `hex ${key} is outside the ${map.columns}×${map.rows} map`,
          expected: `col < ${map.columns} and row < ${map.rows}`,
          found: key,
        });
      }
      if (seen.has(key)) {
        out.push({
          pointer: `${base}/hexes/${i}`,
          code: 'duplicate-id',
          message: `hex ${key} is listed twice`,
          expected: 'each hex once',
          found: key,
        });
      }
      seen.add(key);
    });
    (map.sections ?? []).forEach((s, i) => ids.add(s.id, `${base}/sections/${i}/id`));
    const sides = new Map<string, number>();
    (map.hexsides ?? []).forEach((s, i) => {
      // The editor keeps one record per hexside: a second entry would vanish on the next save.
      const key = `${s.col},${s.row},${s.side}`;
      const first = sides.get(key);
      if (first !== undefined) {
        out.push({
          pointer: `${base}/hexsides/${i}`,
          code: 'duplicate-id',
          message: `side ${s.side} of hex ${s.col},${s.row} is listed twice (first at ${base}/hexsides/${first}); merge the two entries into one`,
          expected: 'each hexside once',
          found: key,
        });
      } else sides.set(key, i);
      if (!inside(s.col, s.row)) {
        out.push({
          pointer: `${base}/hexsides/${i}`,
          code: 'reference',
          message: `hexside of hex ${s.col},${s.row} is outside the map`,
          expected: `col < ${map.columns} and row < ${map.rows}`,
          found: `${s.col},${s.row}`,
        });
      }
    });
    (map.contours ?? []).forEach((c, i) => ids.add(c.id, `${base}/contours/${i}/id`));
  }
  return ids;
}

function checkForces(forces: Forces, base: string, out: RawProblem[]): { sides: Ids; units: Ids } {
  const sides = new Ids(out);
  const units = new Ids(out);
  const formations = new Ids(out);
  const passengerRefs: PassengerRef[] = [];
  const sideOf = new Map<string, string>();
  let side = '';
  const walk = (f: Formation, pointer: string) => {
    formations.add(f.id, `${pointer}/id`);
    f.units.forEach((u, i) => {
      units.add(u.id, `${pointer}/units/${i}/id`);
      if (!sideOf.has(u.id)) sideOf.set(u.id, side);
      (u.passengers ?? []).forEach((p, j) =>
        passengerRefs.push({
          pointer: `${pointer}/units/${i}/passengers/${j}`,
          passenger: p,
          carrier: u.id,
          side,
        }),
      );
    });
    if (f.leader !== undefined && !f.units.some((u) => u.id === f.leader)) {
      out.push({
        pointer: `${pointer}/leader`,
        code: 'reference',
        message: `leader "${f.leader}" is not one of the formation's own units`,
        expected: 'the id of a unit in this formation',
        found: JSON.stringify(f.leader),
      });
    }
    (f.formations ?? []).forEach((sub, i) => walk(sub, `${pointer}/formations/${i}`));
  };
  forces.sides.forEach((s, i) => {
    sides.add(s.id, `${base}/sides/${i}/id`);
    side = s.id;
    s.formations.forEach((f, j) => walk(f, `${base}/sides/${i}/formations/${j}`));
  });
  for (const r of passengerRefs) reference(out, r.pointer, r.passenger, units, 'unit');
  checkCarrying(passengerRefs, sideOf, out);
  return { sides, units };
}

interface PassengerRef {
  readonly pointer: string;
  readonly passenger: string;
  readonly carrier: string;
  /** The side of the carrier. */
  readonly side: string;
}

/**
 * Who rides in what must be a forest: no unit carries itself, none rides in two transports,
 * no two transports carry each other (directly or round a longer loop), and a transport carries
 * only its own side's units. The game follows these links to place passengers; a loop would
 * have it follow them for ever.
 */
function checkCarrying(
  refs: readonly PassengerRef[],
  sideOf: ReadonlyMap<string, string>,
  out: RawProblem[],
): void {
  const carrierOf = new Map<string, PassengerRef>();
  for (const r of refs) {
    if (!sideOf.has(r.passenger)) continue; // a dangling reference, reported already
    if (r.passenger === r.carrier) {
      out.push({
        pointer: r.pointer,
        code: 'carrying',
        message: `unit "${r.carrier}" is listed as its own passenger; remove it from its passengers`,
        expected: 'the id of another unit',
        found: JSON.stringify(r.passenger),
      });
      continue;
    }
    const first = carrierOf.get(r.passenger);
    if (first) {
      out.push({
        pointer: r.pointer,
        code: 'carrying',
        message: `unit "${r.passenger}" already rides in "${first.carrier}" (${first.pointer}); a unit rides in one transport at a time, so remove it from one of them`,
        expected: 'a unit no other transport carries',
        found: JSON.stringify(r.passenger),
      });
      continue;
    }
    if (sideOf.get(r.passenger) !== r.side) {
      out.push({
        pointer: r.pointer,
        code: 'carrying',
        message: `unit "${r.passenger}" belongs to side "${sideOf.get(r.passenger)}", but "${r.carrier}" of side "${r.side}" carries it; a transport carries its own side's units`,
        expected: `a unit of side "${r.side}"`,
        found: JSON.stringify(r.passenger),
      });
      continue;
    }
    carrierOf.set(r.passenger, r);
  }
  // Loops: follow each unit's carriers upwards; a walk that comes back to a unit on it is a loop.
  const done = new Set<string>();
  for (const start of carrierOf.keys()) {
    if (done.has(start)) continue;
    const path: string[] = [];
    const onPath = new Set<string>();
    let u: string | undefined = start;
    while (u !== undefined && !done.has(u) && !onPath.has(u)) {
      path.push(u);
      onPath.add(u);
      u = carrierOf.get(u)?.carrier;
    }
    if (u !== undefined && onPath.has(u)) {
      const loop = path.slice(path.indexOf(u));
      const ref = carrierOf.get(loop[0]!)!;
      const chain = [...loop, loop[0]!].map((id) => `"${id}"`).join(' in ');
      out.push({
        pointer: ref.pointer,
        code: 'carrying',
        message: `transports carry each other round a loop (${chain}); a transport cannot ride inside its own passenger, so break the loop`,
        expected: 'passengers that do not carry their transport',
        found: JSON.stringify(ref.passenger),
      });
    }
    for (const id of path) done.add(id);
  }
}

function checkObjectives(
  objectives: Objective[],
  victory: Victory,
  deployment: Deployment | undefined,
  known: { sides: Ids; units: Ids } | undefined,
  out: RawProblem[],
  base = '',
): void {
  const ids = new Ids(out);
  objectives.forEach((o, i) => {
    ids.add(o.id, `${base}/objectives/${i}/id`);
    if (o.area) checkArea(o.area, `${base}/objectives/${i}/area`, out);
    if (known && o.owner !== undefined)
      reference(out, `${base}/objectives/${i}/owner`, o.owner, known.sides, 'side');
    if (known)
      (o.targets ?? []).forEach((t, j) =>
        reference(out, `${base}/objectives/${i}/targets/${j}`, t, known.units, 'unit'),
      );
  });
  const conditionIds = new Ids(out);
  victory.conditions.forEach((c, i) => {
    const p = `${base}/victory/conditions/${i}`;
    conditionIds.add(c.id, `${p}/id`);
    if (c.objective !== undefined) reference(out, `${p}/objective`, c.objective, ids, 'objective');
    if (known && c.side !== undefined) reference(out, `${p}/side`, c.side, known.sides, 'side');
    if (known)
      (c.units ?? []).forEach((u, j) => reference(out, `${p}/units/${j}`, u, known.units, 'unit'));
    (c.objectives ?? []).forEach((o, j) =>
      reference(out, `${p}/objectives/${j}`, o, ids, 'objective'),
    );
  });
  if (known && deployment?.attacker !== undefined) {
    reference(out, `${base}/deployment/attacker`, deployment.attacker, known.sides, 'side');
  }
  if (known) {
    (deployment?.order ?? []).forEach((s, i) =>
      reference(out, `${base}/deployment/order/${i}`, s, known.sides, 'side'),
    );
  }
  const depIds = new Ids(out);
  (deployment?.zones ?? []).forEach((z, i) => {
    depIds.add(z.id, `${base}/deployment/zones/${i}/id`);
    checkArea(z.area, `${base}/deployment/zones/${i}/area`, out);
    if (known) reference(out, `${base}/deployment/zones/${i}/side`, z.side, known.sides, 'side');
  });
  (deployment?.entryEdges ?? []).forEach((e, i) => {
    depIds.add(e.id, `${base}/deployment/entryEdges/${i}/id`);
    if (known)
      reference(out, `${base}/deployment/entryEdges/${i}/side`, e.side, known.sides, 'side');
  });
}

/**
 * An area's outline may not cross or touch itself: inside and outside, its area and every line
 * of sight through it are only defined for a simple outline. Refused at the vertex where the
 * offending edge starts.
 */
function checkOutline(points: readonly Point[], pointer: string, out: RawProblem[]): void {
  const fault = outlineFault(points);
  if (!fault) return;
  const { vertex, other } = fault;
  const next = vertex + 1 < points.length ? vertex + 1 : 0;
  out.push({
    pointer: `${pointer}/${vertex}`,
    code: 'polygon',
    message:
      fault.kind === 'crossing'
        ? `the outline crosses itself: the edge from vertex ${vertex} to vertex ${next} meets the edge starting at vertex ${other}; move vertex ${vertex} or ${next} so the outline goes round without crossing`
        : `the outline folds back on itself at vertex ${vertex} (the edges from vertex ${other} and from vertex ${vertex} run over each other); remove vertex ${vertex} or move it out of line`,
    expected: 'an outline that does not cross or touch itself',
    found: `vertex ${vertex} at ${JSON.stringify(points[vertex])}`,
  });
}

/**
 * An objective's or zone's area: a polygon is simple, a set of hexes names each hex once (the
 * editor keeps it as a set).
 */
function checkArea(area: Shape, pointer: string, out: RawProblem[]): void {
  if (area.shape === 'polygon') checkOutline(area.points, `${pointer}/points`, out);
  if (area.shape !== 'hexes') return;
  const seen = new Map<string, number>();
  area.hexes.forEach((h, i) => {
    const key = `${h.col},${h.row}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i);
    else
      out.push({
        pointer: `${pointer}/hexes/${i}`,
        code: 'duplicate-id',
        message: `hex ${key} is listed twice in this area (first at ${pointer}/hexes/${first}); remove one`,
        expected: 'each hex once',
        found: key,
      });
  });
}

function checkScenario(doc: ScenarioDoc, out: RawProblem[]): void {
  checkMap(doc.map, '/map', out);
  const known = checkForces(doc.forces, '/forces', out);
  checkObjectives(doc.objectives, doc.victory, doc.deployment, known, out);
}
