import type { Forces, Formation, Side, Unit } from '../format';

/** A unit together with where it sits in the order of battle. */
export interface PlacedUnit {
  readonly unit: Unit;
  readonly side: Side;
  /** Formations from the side's top level down to the one holding the unit. */
  readonly path: readonly Formation[];
  /** JSON pointer of the unit in a scenario file. */
  readonly pointer: string;
}

/** A formation with its side and JSON pointer. */
export interface PlacedFormation {
  readonly formation: Formation;
  readonly side: Side;
  readonly path: readonly Formation[];
  readonly pointer: string;
}

/** Every formation of every side, parents before children. */
export function allFormations(forces: Forces): PlacedFormation[] {
  const out: PlacedFormation[] = [];
  forces.sides.forEach((side, s) => {
    const walk = (fs: readonly Formation[], path: Formation[], base: string) =>
      fs.forEach((f, i) => {
        const pointer = `${base}/${i}`;
        out.push({ formation: f, side, path, pointer });
        walk(f.formations ?? [], [...path, f], `${pointer}/formations`);
      });
    walk(side.formations, [], `/forces/sides/${s}/formations`);
  });
  return out;
}

/** Every unit of every side, in tree order. */
export function allUnits(forces: Forces): PlacedUnit[] {
  const out: PlacedUnit[] = [];
  for (const pf of allFormations(forces)) {
    pf.formation.units.forEach((unit, k) =>
      out.push({
        unit,
        side: pf.side,
        path: [...pf.path, pf.formation],
        pointer: `${pf.pointer}/units/${k}`,
      }),
    );
  }
  return out;
}

/** Units of one formation, its sub-formations included. */
export function unitsUnder(f: Formation): Unit[] {
  return [...f.units, ...(f.formations ?? []).flatMap(unitsUnder)];
}

/** Ids of units that ride in a transport at the start (they have no place of their own). */
export function embarkedIds(forces: Forces): Set<string> {
  const out = new Set<string>();
  for (const { unit } of allUnits(forces)) for (const p of unit.passengers ?? []) out.add(p);
  return out;
}

/** Every id used in the order of battle (sides, formations, units). */
export function forceIds(forces: Forces): Set<string> {
  const ids = new Set<string>();
  for (const s of forces.sides) ids.add(s.id);
  for (const f of allFormations(forces)) ids.add(f.formation.id);
  for (const u of allUnits(forces)) ids.add(u.unit.id);
  return ids;
}

/** A fresh id `${stem}-n` not in `taken`; adds it to `taken`. */
export function freshId(stem: string, taken: Set<string>): string {
  const clean = stem.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '') || 'id';
  let n = 1;
  while (taken.has(`${clean}-${n}`)) n++;
  const id = `${clean}-${n}`;
  taken.add(id);
  return id;
}

// ---- pure edits: each returns a new Forces and leaves its input untouched ----------------------

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function mapFormations(
  fs: readonly Formation[],
  fn: (f: Formation) => Formation | null,
): Formation[] {
  const out: Formation[] = [];
  for (const f of fs) {
    const next = fn(f);
    if (!next) continue;
    out.push({
      ...next,
      ...(next.formations ? { formations: mapFormations(next.formations, fn) } : {}),
    });
  }
  return out;
}

function editSides(forces: Forces, fn: (f: Formation) => Formation | null): Forces {
  return {
    ...forces,
    sides: forces.sides.map((s) => ({ ...s, formations: mapFormations(s.formations, fn) })),
  };
}

/** Replaces one side's fields (name, colour, nation, points limit...). */
export function updateSide(forces: Forces, sideId: string, patch: Partial<Side>): Forces {
  return {
    ...forces,
    sides: forces.sides.map((s) => (s.id === sideId ? { ...s, ...patch, id: s.id } : s)),
  };
}

/** Adds a side. */
export function addSide(forces: Forces, side: Side): Forces {
  return { ...forces, sides: [...forces.sides, side] };
}

/** Removes a side (and with it its order of battle). */
export function removeSide(forces: Forces, sideId: string): Forces {
  return { ...forces, sides: forces.sides.filter((s) => s.id !== sideId) };
}

/** Adds a formation at the top of a side, or inside `parentId`. */
export function addFormation(
  forces: Forces,
  sideId: string,
  formation: Formation,
  parentId?: string,
): Forces {
  if (!parentId) {
    return {
      ...forces,
      sides: forces.sides.map((s) =>
        s.id === sideId ? { ...s, formations: [...s.formations, formation] } : s,
      ),
    };
  }
  return editSides(forces, (f) =>
    f.id === parentId ? { ...f, formations: [...(f.formations ?? []), formation] } : f,
  );
}

/** Replaces a formation's own fields (not its units or sub-formations). */
export function updateFormation(forces: Forces, id: string, patch: Partial<Formation>): Forces {
  return editSides(forces, (f) =>
    f.id === id ? { ...f, ...patch, id: f.id, units: f.units, formations: f.formations } : f,
  );
}

/** Adds a unit to a formation. */
export function addUnit(forces: Forces, formationId: string, unit: Unit): Forces {
  return editSides(forces, (f) => (f.id === formationId ? { ...f, units: [...f.units, unit] } : f));
}

/** Replaces a unit's fields. */
export function updateUnit(forces: Forces, id: string, patch: Partial<Unit>): Forces {
  return editSides(forces, (f) =>
    f.units.some((u) => u.id === id)
      ? { ...f, units: f.units.map((u) => (u.id === id ? { ...u, ...patch, id: u.id } : u)) }
      : f,
  );
}

/** A copy of the unit with optional fields removed. */
export function clearUnitFields(forces: Forces, id: string, keys: readonly (keyof Unit)[]): Forces {
  return editSides(forces, (f) =>
    f.units.some((u) => u.id === id)
      ? {
          ...f,
          units: f.units.map((u) => {
            if (u.id !== id) return u;
            const copy = { ...u };
            for (const k of keys) delete copy[k];
            return copy;
          }),
        }
      : f,
  );
}

/** Removes units or formations by id; passengers lists drop the removed units. */
export function removeItems(forces: Forces, ids: readonly string[]): Forces {
  const gone = new Set(ids);
  for (const pf of allFormations(forces))
    if (gone.has(pf.formation.id)) for (const u of unitsUnder(pf.formation)) gone.add(u.id);
  const pruned = editSides(forces, (f) =>
    gone.has(f.id) ? null : { ...f, units: f.units.filter((u) => !gone.has(u.id)) },
  );
  return editSides(pruned, (f) => ({
    ...f,
    units: f.units.map((u) => {
      if (!u.passengers?.some((p) => gone.has(p))) return u;
      const passengers = u.passengers.filter((p) => !gone.has(p));
      const copy: Unit = { ...u, passengers };
      if (passengers.length === 0) delete copy.passengers;
      return copy;
    }),
  }));
}

/**
 * Moves a unit or formation into another formation (or, for a formation, to the top of a side
 * when `targetId` is a side id). Refuses to put a formation inside itself.
 */
export function moveItem(forces: Forces, id: string, targetId: string): Forces {
  const unit = allUnits(forces).find((p) => p.unit.id === id)?.unit;
  const formations = allFormations(forces);
  const formation = formations.find((p) => p.formation.id === id);
  if (unit) {
    if (!formations.some((p) => p.formation.id === targetId)) return forces;
    return addUnit(removeOnly(forces, id), targetId, clone(unit));
  }
  if (formation) {
    const inside = new Set(
      allFormations({ sides: [{ ...formation.side, formations: [formation.formation] }] }).map(
        (p) => p.formation.id,
      ),
    );
    if (inside.has(targetId)) return forces;
    const targetSide = forces.sides.find((s) => s.id === targetId);
    const without = removeOnly(forces, id);
    if (targetSide) return addFormation(without, targetSide.id, clone(formation.formation));
    if (!formations.some((p) => p.formation.id === targetId)) return forces;
    return addFormation(without, '', clone(formation.formation), targetId);
  }
  return forces;
}

/** Removes a record without touching passenger lists (it is being moved, not deleted). */
function removeOnly(forces: Forces, id: string): Forces {
  return editSides(forces, (f) =>
    f.id === id ? null : { ...f, units: f.units.filter((u) => u.id !== id) },
  );
}

/**
 * Embarks `passengerId` in `transportId` (or disembarks it when `transportId` is null): the
 * passenger leaves any other transport's list and its own table position.
 */
export function embark(forces: Forces, passengerId: string, transportId: string | null): Forces {
  let next = editSides(forces, (f) => ({
    ...f,
    units: f.units.map((u) => {
      if (u.id === transportId) {
        return { ...u, passengers: [...new Set([...(u.passengers ?? []), passengerId])] };
      }
      if (!u.passengers?.includes(passengerId)) return u;
      const passengers = u.passengers.filter((p) => p !== passengerId);
      const copy: Unit = { ...u, passengers };
      if (passengers.length === 0) delete copy.passengers;
      return copy;
    }),
  }));
  if (transportId) next = clearUnitFields(next, passengerId, ['position', 'facing']);
  return next;
}

/** JSON pointer of a side in a scenario file. */
export const sidePointer = (forces: Forces, id: string): string =>
  `/forces/sides/${forces.sides.findIndex((s) => s.id === id)}`;

/** A unit as a problem message names it: its name and type, or its type and id. */
export const unitLabel = (u: Unit, type: { readonly name?: string } | undefined): string =>
  u.name ? `${u.name} (${type?.name ?? u.type})` : `${type?.name ?? u.type} ${u.id}`;
