import {
  APP_NAME,
  APP_VERSION,
  CURRENT_FORMAT_VERSION,
  type Forces,
  type ForcesDoc,
  type Formation,
  type ScenarioDoc,
  type Side,
} from '../format';
import { allFormations, allUnits, forceIds, freshId } from './forceTree';

/** One side of a scenario as a forces file, so a club can reuse it on other maps. */
export function exportSide(doc: ScenarioDoc, sideId: string): ForcesDoc {
  const side = doc.forces.sides.find((s) => s.id === sideId);
  if (!side) throw new Error(`there is no side "${sideId}"`);
  return {
    format: 'sandtable.forces',
    formatVersion: CURRENT_FORMAT_VERSION,
    app: { name: APP_NAME, version: APP_VERSION },
    meta: { title: `${side.name} — ${doc.meta.title}` },
    ruleset: doc.ruleset,
    forces: { sides: [JSON.parse(JSON.stringify(side)) as Side] },
  };
}

/** Why a forces file cannot go into this scenario, or null when it can. */
export function importRefusal(doc: ScenarioDoc, file: ForcesDoc): string | null {
  if (file.ruleset.id !== doc.ruleset.id) {
    return `the forces file is for ${file.ruleset.id}, this scenario plays ${doc.ruleset.id}`;
  }
  if (file.forces.sides.length === 0) return 'the forces file holds no side';
  return null;
}

/**
 * The scenario's forces with the file's first side put in: replacing side `replaceSideId` (keeping
 * its id, so objectives and deployment still point at it) or added as a new side. Ids that clash
 * with the scenario's are renamed, and passenger lists follow the renames. Table positions are
 * dropped, since they belong to another map.
 */
export function importSide(doc: ScenarioDoc, file: ForcesDoc, replaceSideId?: string): Forces {
  const refusal = importRefusal(doc, file);
  if (refusal) throw new Error(refusal);
  const incoming = JSON.parse(JSON.stringify(file.forces.sides[0])) as Side;
  const keep = doc.forces.sides.filter((s) => s.id !== replaceSideId);
  const taken = forceIds({ sides: keep });
  const rename = new Map<string, string>();
  const fresh = (id: string) => {
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
    const next = freshId(id, taken);
    rename.set(id, next);
    return next;
  };
  const sideId = replaceSideId ?? fresh(incoming.id);
  const walk = (fs: Formation[]): Formation[] =>
    fs.map((f) => ({
      ...f,
      id: fresh(f.id),
      units: f.units.map((u) => {
        const copy = { ...u, id: fresh(u.id) };
        delete copy.position;
        delete copy.facing;
        return copy;
      }),
      ...(f.formations ? { formations: walk(f.formations) } : {}),
    }));
  const side: Side = { ...incoming, id: sideId, formations: walk(incoming.formations) };
  const re = (id: string) => rename.get(id) ?? id;
  for (const p of allFormations({ sides: [side] })) {
    if (p.formation.leader) p.formation.leader = re(p.formation.leader);
  }
  for (const p of allUnits({ sides: [side] })) {
    if (p.unit.passengers) p.unit.passengers = p.unit.passengers.map(re);
  }
  const sides = replaceSideId
    ? doc.forces.sides.map((s) => (s.id === replaceSideId ? side : s))
    : [...doc.forces.sides, side];
  return { ...doc.forces, sides };
}
