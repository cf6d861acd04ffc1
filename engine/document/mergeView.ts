import type {
  Deployment,
  Formation,
  Forces,
  GameMap,
  Objective,
  Side,
  Unit,
  Victory,
} from '../format/types';
import { parentRef, type Json, type Placement } from './layout';
import { compareOrder } from './orderKeys';

/**
 * The forces tree as the store exports and saves it, built from the flat records and their
 * placements. Concurrent edits can leave placements no single edit made: two people moving
 * formation A into B and B into A at once (a loop no side reaches), a unit moved into a
 * formation someone else deleted, a transport loaded by two people with the same passenger.
 * Every such shape is resolved here, as a pure function of the document, so every peer shows
 * and saves the same tree without writing anything or asking anyone; the next edit of the
 * forces writes the resolved tree back (the same values on every peer, so those writes agree).
 *
 * - A loop of formations is broken at its member with the smallest order key (then id), which is
 *   lifted to the top of the first side; the rest of the loop hangs under it as before.
 * - A formation under a formation or side that no longer exists goes to the top of the first side.
 * - A unit under a formation that no longer exists joins the first formation of the first side
 *   (a formation "Recovered units" is made up when there is none).
 * - A passenger that no longer exists, belongs to another side or already rides in an earlier
 *   transport is dropped from the later transport's list; a loop of transports carrying each
 *   other loses the link from its smallest carrier id. A unit listed as its own passenger is
 *   not a merge result but a broken edit: it is left for the document checks to refuse.
 * - A leader that is no longer one of its formation's own units is dropped.
 * - When no side is left, a side "Recovered side" is made up to hold what is left.
 */

/** One thing the view resolved, in words for the people in the room. */
export interface Repair {
  /** Identifies the repair, so a peer reports a new one once and not again on every change. */
  readonly key: string;
  readonly kind:
    'loop' | 'lost-parent' | 'lost-formation' | 'passenger' | 'leader' | 'reference' | 'no-side';
  /** The formation, unit or other record that was moved or changed. */
  readonly id: string;
  /** What happened and what the person may want to do, naming records by name. */
  readonly text: string;
}

/** Id of the side made up when every side was deleted. */
export const RECOVERED_SIDE = 'recovered-side';

/** Id of the formation made up for units whose formation is gone when no formation is left. */
export const RECOVERED_FORMATION = 'recovered-units';

/** What the view reads: ordered keys per parent, records and placements by key. */
export interface FlatRecords<T> {
  keys(parent: string): readonly string[];
  get(key: string): T | undefined;
  has(key: string): boolean;
  placement(key: string): Placement | undefined;
  /** Every key with a placement (records without one do not count). */
  placedKeys(): Iterable<string>;
}

export interface ForcesView {
  /** The tree; shares unchanged records with the store (clone before handing it out). */
  readonly forces: Forces;
  readonly repairs: readonly Repair[];
}

/** A formation's name for people: its name, else its kind and id. */
export function formationLabel(f: Pick<Formation, 'id' | 'name' | 'kind'> | undefined): string {
  if (!f) return 'a formation';
  return f.name ? `formation "${f.name}"` : `${f.kind ?? 'formation'} "${f.id}"`;
}

/** A unit's name for people: its name, else its type and id. */
export function unitLabel(u: Pick<Unit, 'id' | 'name' | 'type'> | undefined): string {
  if (!u) return 'a unit';
  return u.name ? `unit "${u.name}"` : `unit ${u.type} "${u.id}"`;
}

const sideLabel = (s: Side) => `side "${s.name}"`;

export function buildForces(
  stored: Record<string, Json>,
  storedSides: readonly Side[],
  formations: FlatRecords<Formation>,
  units: FlatRecords<Unit>,
): ForcesView {
  const repairs: Repair[] = [];
  // Two people deleting the last two sides at once leave none, which no scenario may have: a
  // side made up here holds whatever formations are left, the same on every peer.
  let sides = storedSides;
  if (!sides.length) {
    sides = [{ id: RECOVERED_SIDE, name: 'Recovered side', formations: [] }];
    repairs.push({
      key: 'no-side',
      kind: 'no-side',
      id: RECOVERED_SIDE,
      text: 'Every side was deleted (two deletions at the same time, or someone in the room); a side "Recovered side" holds what is left. Rename it or build the sides again.',
    });
  }
  const sideIds = new Set(sides.map((s) => s.id));
  const first = sides[0];
  const order = (id: string, c: FlatRecords<unknown>) => ({
    id,
    order: c.placement(id)?.order ?? '',
  });

  // Which formations some side reaches through parents that exist.
  const reached = new Set<string>();
  const reach = (ref: string) => {
    for (const id of formations.keys(ref)) {
      if (reached.has(id)) continue;
      reached.add(id);
      reach(parentRef('formation', id));
    }
  };
  for (const s of sides) reach(parentRef('side', s.id));

  // Each formation not reached sits on a chain of parents that ends at a missing parent or
  // closes a loop. Lift the top of each chain, or one member of each loop, to the first side.
  const lifted = new Map<string, Repair>();
  const done = new Set<string>();
  const live = [...formations.placedKeys()].filter((id) => formations.has(id)).sort();
  for (const start of live) {
    if (reached.has(start) || done.has(start)) continue;
    const path: string[] = [];
    const onPath = new Set<string>();
    let at: string | undefined = start;
    let top: string | undefined;
    while (at !== undefined && !done.has(at) && !onPath.has(at) && !reached.has(at)) {
      path.push(at);
      onPath.add(at);
      const parent: string = formations.placement(at)?.parent ?? '';
      const colon = parent.indexOf(':');
      const kind = parent.slice(0, colon);
      const pid = parent.slice(colon + 1);
      if (kind === 'formation' && formations.has(pid)) at = pid;
      else if (kind === 'side' && sideIds.has(pid)) at = undefined;
      else {
        top = at;
        at = undefined;
      }
    }
    for (const id of path) done.add(id);
    if (!first) continue;
    if (top !== undefined) {
      const f = formations.get(top)!;
      lifted.set(top, {
        key: `lost-parent:${top}:${formations.placement(top)?.parent ?? ''}`,
        kind: 'lost-parent',
        id: top,
        text: `${cap(formationLabel(f))} was put into a formation or side that someone else deleted at the same time; it now sits at the top of ${sideLabel(first)}.`,
      });
    } else if (at !== undefined && onPath.has(at)) {
      const loop = path.slice(path.indexOf(at));
      const breakAt = loop.map((id) => order(id, formations)).sort(compareOrder)[0]!.id;
      const names = loop.map((id) => formationLabel(formations.get(id))).join(' and ');
      lifted.set(breakAt, {
        key: `loop:${[...loop].sort().join(',')}`,
        kind: 'loop',
        id: breakAt,
        text: `${cap(names)} were moved into each other at the same time, which would have made a loop; ${formationLabel(formations.get(breakAt))} now sits at the top of ${sideLabel(first)}. Move it where you meant it to go.`,
      });
    }
  }
  repairs.push(...lifted.values());

  /** Formation ids under a parent in order, with the lifted ones at the top of the first side. */
  const childIds = (ref: string): string[] => {
    const ids = formations.keys(ref).filter((id) => !lifted.has(id));
    if (first && ref === parentRef('side', first.id) && lifted.size) {
      return [...ids, ...lifted.keys()]
        .map((id) => order(id, formations))
        .sort(compareOrder)
        .map((x) => x.id);
    }
    return ids;
  };

  // The tree's shape first, so orphaned units know the first formation.
  interface Node {
    readonly record: Formation;
    readonly children: Node[];
    units: Unit[];
  }
  const build = (ref: string): Node[] =>
    childIds(ref).map((id) => ({
      record: formations.get(id)!,
      children: build(parentRef('formation', id)),
      units: [...units.keys(parentRef('formation', id))].map((k) => units.get(k)!),
    }));
  const trees = sides.map((s) => build(parentRef('side', s.id)));

  // Units whose formation is gone join the first formation of the first side.
  const orphans = [...units.placedKeys()]
    .filter((id) => units.has(id))
    .filter((id) => {
      const parent = units.placement(id)?.parent ?? '';
      return !(parent.startsWith('formation:') && formations.has(parent.slice(10)));
    })
    .sort();
  if (orphans.length && first) {
    let home = trees[0]![0];
    if (!home) {
      home = {
        record: { id: RECOVERED_FORMATION, name: 'Recovered units', units: [] },
        children: [],
        units: [],
      };
      trees[0]!.push(home);
    }
    const all = [...home.units.map((u) => u.id), ...orphans];
    home.units = all
      .map((id) => order(id, units))
      .sort(compareOrder)
      .map((x) => units.get(x.id)!);
    for (const id of orphans) {
      repairs.push({
        key: `lost-formation:${id}:${units.placement(id)?.parent ?? ''}`,
        kind: 'lost-formation',
        id,
        text: `${cap(unitLabel(units.get(id)))} was put into a formation that someone else deleted at the same time; it is now in ${formationLabel(home.record)} of ${sideLabel(first)}.`,
      });
    }
  }

  // Passengers and leaders that the merge left pointing at the wrong thing.
  const sideOfUnit = new Map<string, string>();
  const unitById = new Map<string, Unit>();
  const visit = (nodes: readonly Node[], fn: (n: Node) => void) =>
    nodes.forEach((n) => {
      fn(n);
      visit(n.children, fn);
    });
  sides.forEach((s, i) =>
    visit(trees[i]!, (n) =>
      n.units.forEach((u) => {
        sideOfUnit.set(u.id, s.id);
        unitById.set(u.id, u);
      }),
    ),
  );
  const carrierOf = new Map<string, string>();
  const passengerRepairs = new Map<string, string[]>();
  const dropPassenger = (carrier: string, passenger: string, why: string) => {
    const list = passengerRepairs.get(carrier) ?? [];
    list.push(passenger);
    passengerRepairs.set(carrier, list);
    const u = unitById.get(carrier);
    const p = unitById.get(passenger);
    repairs.push({
      key: `passenger:${carrier}:${passenger}:${why}`,
      kind: 'passenger',
      id: carrier,
      text: `${cap(unitLabel(u))} no longer carries ${p ? unitLabel(p) : 'a unit that someone deleted'}: ${why}.`,
    });
  };
  sides.forEach((s, i) =>
    visit(trees[i]!, (n) =>
      n.units.forEach((u) => {
        for (const p of u.passengers ?? []) {
          if (p === u.id) continue; // a broken edit, refused by the document checks
          if (!unitById.has(p)) dropPassenger(u.id, p, 'that unit is gone');
          else if (sideOfUnit.get(p) !== s.id)
            dropPassenger(u.id, p, 'the passenger was moved to another side at the same time');
          else if (carrierOf.has(p))
            dropPassenger(
              u.id,
              p,
              `it was loaded into ${unitLabel(unitById.get(carrierOf.get(p)!))} at the same time`,
            );
          else carrierOf.set(p, u.id);
        }
      }),
    ),
  );
  // Loops of transports (A in B and B in A, loaded by two people at once).
  const loopDone = new Set<string>();
  for (const start of [...carrierOf.keys()].sort()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let at: string | undefined = start;
    while (at !== undefined && !loopDone.has(at) && !onPath.has(at)) {
      path.push(at);
      onPath.add(at);
      at = carrierOf.get(at);
    }
    if (at !== undefined && onPath.has(at)) {
      const loop = path.slice(path.indexOf(at));
      // The link from the smallest carrier id: carrier c carries passenger p with carrierOf(p) = c.
      const carriers = loop.map((p) => ({ p, c: carrierOf.get(p)! }));
      carriers.sort((a, b) => (a.c < b.c ? -1 : a.c > b.c ? 1 : 0));
      const cut = carriers[0]!;
      carrierOf.delete(cut.p);
      dropPassenger(cut.c, cut.p, 'the two were loaded into each other at the same time');
    }
    for (const id of path) loopDone.add(id);
  }

  const unitOut = (u: Unit): Unit => {
    const drop = passengerRepairs.get(u.id);
    if (!drop) return u;
    const passengers = (u.passengers ?? []).filter((p) => !drop.includes(p));
    const { passengers: _all, ...rest } = u;
    return passengers.length ? { ...rest, passengers } : rest;
  };
  const formationOut = (n: Node): Formation => {
    const f: Formation = { ...n.record, units: n.units.map(unitOut) };
    if (f.leader !== undefined && !n.units.some((u) => u.id === f.leader)) {
      repairs.push({
        key: `leader:${f.id}:${f.leader}`,
        kind: 'leader',
        id: f.id,
        text: `${cap(formationLabel(f))} has no leader any more: its leader was moved out or deleted at the same time as it was chosen.`,
      });
      delete f.leader;
    }
    const subs = n.children.map(formationOut);
    if (n.record.formations !== undefined || subs.length) f.formations = subs;
    else delete f.formations;
    return f;
  };
  const forces = {
    ...(stored as unknown as Forces),
    sides: sides.map((s, i) => ({ ...s, formations: trees[i]!.map(formationOut) })),
  };
  return { forces, repairs };
}

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What refers to sides and units outside the forces, as the store holds it. */
export interface References {
  readonly objectives: readonly Objective[];
  readonly deployment: Deployment | undefined;
  readonly victory: Victory | undefined;
}

/**
 * References to sides and units that a concurrent delete left dangling (one person deletes a
 * side while another draws its deployment zone, or deletes a unit another names as a target):
 * optional references are dropped, a zone or entry edge of a side that is gone is left out. The
 * same on every peer, so the scenario stays one the loader opens. Returns what changed, or the
 * input itself when nothing dangles.
 */
export function resolveReferences(
  forces: Forces,
  refs: References,
): { refs: References; repairs: Repair[] } {
  const repairs: Repair[] = [];
  const sideIds = new Set(forces.sides.map((s) => s.id));
  const unitIds = new Set<string>();
  const walk = (fs: readonly Formation[]) =>
    fs.forEach((f) => {
      f.units.forEach((u) => unitIds.add(u.id));
      walk(f.formations ?? []);
    });
  forces.sides.forEach((s) => walk(s.formations));
  let changed = false;
  const note = (key: string, id: string, text: string) => {
    changed = true;
    repairs.push({ key, kind: 'reference', id, text });
  };
  const objectives = refs.objectives.map((o) => {
    let out = o;
    if (o.owner !== undefined && !sideIds.has(o.owner)) {
      const { owner: _gone, ...rest } = out;
      out = rest;
      note(
        `owner:${o.id}:${o.owner}`,
        o.id,
        `Objective "${o.name ?? o.id}" no longer has an owner: its side was deleted.`,
      );
    }
    const targets = o.targets?.filter((t) => unitIds.has(t));
    if (o.targets && targets!.length !== o.targets.length) {
      out = { ...out, targets: targets! };
      note(
        `targets:${o.id}:${o.targets.join(',')}`,
        o.id,
        `Objective "${o.name ?? o.id}" lost a target unit that was deleted.`,
      );
    }
    return out;
  });
  let deployment = refs.deployment;
  if (deployment) {
    const d = deployment;
    const zones = d.zones?.filter((z) => sideIds.has(z.side));
    const edges = d.entryEdges?.filter((e) => sideIds.has(e.side));
    const order = d.order?.filter((s) => sideIds.has(s));
    const attackerGone = d.attacker !== undefined && !sideIds.has(d.attacker);
    for (const z of d.zones ?? [])
      if (!sideIds.has(z.side))
        note(
          `zone:${z.id}:${z.side}`,
          z.id,
          `Deployment zone "${z.name ?? z.id}" is left out: its side was deleted.`,
        );
    for (const e of d.entryEdges ?? [])
      if (!sideIds.has(e.side))
        note(
          `edge:${e.id}:${e.side}`,
          e.id,
          `Entry edge "${e.id}" is left out: its side was deleted.`,
        );
    if (attackerGone || order?.length !== d.order?.length) {
      note(
        `deployment:${d.attacker ?? ''}:${(d.order ?? []).join(',')}`,
        'deployment',
        'The deployment named a side that was deleted; that side is left out of it.',
      );
    }
    if (changed) {
      const { attacker: _a, ...rest } = d;
      deployment = {
        ...(attackerGone ? rest : d),
        ...(zones ? { zones } : {}),
        ...(edges ? { entryEdges: edges } : {}),
        ...(order ? { order } : {}),
      } as Deployment;
    }
  }
  let victory = refs.victory;
  if (victory) {
    const objectiveIds = new Set(objectives.map((o) => o.id));
    const conditions = victory.conditions.map((c) => {
      const units = c.units?.filter((u) => unitIds.has(u));
      const objs = c.objectives?.filter((o) => objectiveIds.has(o));
      const sideGone = c.side !== undefined && !sideIds.has(c.side);
      const objectiveGone = c.objective !== undefined && !objectiveIds.has(c.objective);
      const unitsGone = !!c.units && units!.length !== c.units.length;
      const objsGone = !!c.objectives && objs!.length !== c.objectives.length;
      if (!sideGone && !objectiveGone && !unitsGone && !objsGone) return c;
      note(
        `condition:${c.id}:${c.side ?? ''}:${c.objective ?? ''}:${(c.units ?? []).join(',')}:${(c.objectives ?? []).join(',')}`,
        c.id,
        `Victory condition "${c.id}" named ${[sideGone && 'a side', (objectiveGone || objsGone) && 'an objective', unitsGone && 'a unit'].filter(Boolean).join(' and ')} that was deleted; that reference is left out.`,
      );
      const { side: _s, objective: _o, ...rest } = c;
      return {
        ...rest,
        ...(c.side !== undefined && !sideGone ? { side: c.side } : {}),
        ...(c.objective !== undefined && !objectiveGone ? { objective: c.objective } : {}),
        ...(units ? { units } : {}),
        ...(objs ? { objectives: objs } : {}),
      };
    });
    if (conditions.some((c, i) => c !== victory!.conditions[i]))
      victory = { ...victory, conditions };
  }
  return changed ? { refs: { objectives, deployment, victory }, repairs } : { refs, repairs };
}

/**
 * The map's own references a concurrent edit can leave broken: a bridge spanning or carrying a
 * feature someone deleted loses that link, a hex or hexside someone painted while another made
 * the map smaller is left out (it lies outside the map). The same on every peer.
 */
export function resolveMap(map: GameMap): { map: GameMap; repairs: Repair[] } {
  const repairs: Repair[] = [];
  if (map.kind === 'table') {
    const ids = new Set(map.features.map((f) => f.id));
    let changed = false;
    const features = map.features.map((f) => {
      if (f.kind !== 'bridge' && f.kind !== 'catwalk') return f;
      const gone = (['spans', 'carries'] as const).filter(
        (k) => f[k] !== undefined && !ids.has(f[k]),
      );
      if (!gone.length) return f;
      changed = true;
      const out = { ...f };
      for (const k of gone) {
        repairs.push({
          key: `${k}:${f.id}:${f[k]}`,
          kind: 'reference',
          id: f.id,
          text: `The ${f.kind} "${f.id}" no longer ${k === 'spans' ? 'spans' : 'carries'} "${f[k]}": that feature was deleted.`,
        });
        delete out[k];
      }
      return out;
    });
    return { map: changed ? { ...map, features } : map, repairs };
  }
  // A size that is not there (a broken change) is for the checks to refuse, not to repair.
  if (typeof map.columns !== 'number' || typeof map.rows !== 'number') return { map, repairs };
  const inside = (h: { col: number; row: number }) => h.col < map.columns && h.row < map.rows;
  const hexes = map.hexes.filter(inside);
  const hexsides = map.hexsides?.filter(inside);
  const dropped =
    map.hexes.length - hexes.length + (map.hexsides?.length ?? 0) - (hexsides?.length ?? 0);
  if (!dropped) return { map, repairs };
  repairs.push({
    key: `outside:${map.columns}x${map.rows}:${dropped}`,
    kind: 'reference',
    id: 'map',
    text: `${dropped} hex${dropped > 1 ? 'es' : ''} painted outside the ${map.columns}×${map.rows} map (made smaller at the same time) ${dropped > 1 ? 'are' : 'is'} left out.`,
  });
  return { map: { ...map, hexes, ...(hexsides ? { hexsides } : {}) }, repairs };
}
