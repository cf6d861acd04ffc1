import type {
  AnyDoc,
  Deployment,
  Forces,
  Formation,
  GameMap,
  Objective,
  Shape,
  Victory,
  ScenarioDoc,
} from './types';
import type { Problem } from './problems';

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
  const passengerRefs: [string, string][] = [];
  const walk = (f: Formation, pointer: string) => {
    formations.add(f.id, `${pointer}/id`);
    f.units.forEach((u, i) => {
      units.add(u.id, `${pointer}/units/${i}/id`);
      (u.passengers ?? []).forEach((p, j) =>
        passengerRefs.push([`${pointer}/units/${i}/passengers/${j}`, p]),
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
    s.formations.forEach((f, j) => walk(f, `${base}/sides/${i}/formations/${j}`));
  });
  for (const [pointer, id] of passengerRefs) reference(out, pointer, id, units, 'unit');
  return { sides, units };
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
    if (o.area) checkHexSet(o.area, `${base}/objectives/${i}/area`, out);
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
    checkHexSet(z.area, `${base}/deployment/zones/${i}/area`, out);
    if (known) reference(out, `${base}/deployment/zones/${i}/side`, z.side, known.sides, 'side');
  });
  (deployment?.entryEdges ?? []).forEach((e, i) => {
    depIds.add(e.id, `${base}/deployment/entryEdges/${i}/id`);
    if (known)
      reference(out, `${base}/deployment/entryEdges/${i}/side`, e.side, known.sides, 'side');
  });
}

/** A set of hexes (an objective or a zone) names each hex once; the editor keeps it as a set. */
function checkHexSet(area: Shape, pointer: string, out: RawProblem[]): void {
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
