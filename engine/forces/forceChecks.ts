import type { Forces, RulesetRef } from '../format';
import type { RulesetLookup } from '../rulesets/lookup';
import { allFormations, allUnits, sidePointer, unitLabel } from './forceTree';
import { sidePoints, sidePointsLines, unitPointsLines } from './points';
import type { ForceProblem, ForceSubject } from './forceProblem';
import type { RulesetCatalog } from './rulesetCatalog';

export type { ForceCheckId, ForceProblem, ForceSubject } from './forceProblem';

/**
 * Checks the orders of battle against the ruleset: every type in the catalog, points within the
 * side's limit, transports, then the ruleset's own building rules (its module's `checkForces`,
 * e.g. platoon and card rules, order-of-battle counts). Pure; every problem names what it is
 * about and the rule that asks for it.
 */
export function checkForces(
  ruleset: RulesetRef,
  forces: Forces,
  cat: RulesetCatalog,
  /** The rulesets the caller plays with; the ruleset's own checks come from its module there. */
  rulesets: RulesetLookup,
): ForceProblem[] {
  const out: ForceProblem[] = [];
  const module = rulesets.get(ruleset.id);
  checkIdsAndTypes(forces, cat, out);
  checkUnitCount(forces, module?.features.maxUnits, module?.label ?? ruleset.id, out);
  checkPoints(forces, cat, module?.features.pointsRuleId, out);
  checkTransports(forces, cat, module?.features.transportRuleId, out);
  out.push(...(module?.checkForces?.(ruleset, forces, cat) ?? []));
  return out;
}

function checkIdsAndTypes(forces: Forces, cat: RulesetCatalog, out: ForceProblem[]): void {
  const seen = new Map<string, string>();
  const note = (id: string, pointer: string, kind: ForceSubject['kind']) => {
    const first = seen.get(id);
    if (first !== undefined) {
      out.push({
        check: 'duplicate-id',
        severity: 'error',
        message: `the id "${id}" is used twice in the order of battle (also at ${first}); give one of them a new id`,
        subjects: [{ kind, id }],
        pointer,
      });
    } else seen.set(id, pointer);
  };
  forces.sides.forEach((s, i) => note(s.id, `/forces/sides/${i}`, 'side'));
  for (const pf of allFormations(forces)) note(pf.formation.id, pf.pointer, 'formation');
  for (const pu of allUnits(forces)) {
    note(pu.unit.id, pu.pointer, 'unit');
    // A ruleset with no catalog at hand cannot say which types exist.
    if (cat.units.size > 0 && !cat.units.has(pu.unit.type)) {
      out.push({
        check: 'unknown-type',
        severity: 'error',
        message: `${pu.unit.name ?? pu.unit.id} is of type "${pu.unit.type}", which no catalog of this ruleset lists; pick a type from the catalog or add it to the scenario's own catalog`,
        subjects: [{ kind: 'unit', id: pu.unit.id }],
        pointer: pu.pointer,
      });
    }
  }
}

/** A game's cost grows with its units: past the ruleset's limit a bot game would take minutes. */
function checkUnitCount(
  forces: Forces,
  max: number | undefined,
  label: string,
  out: ForceProblem[],
): void {
  if (max === undefined) return;
  const units = allUnits(forces);
  if (units.length <= max) return;
  const bySide = forces.sides
    .map((s) => `${s.name} ${units.filter((u) => u.side.id === s.id).length}`)
    .join(', ');
  out.push({
    check: 'unit-count',
    severity: 'error',
    message: `the scenario has ${units.length} units (${bySide}), more than the ${max} a ${label} game can play in seconds; remove units or split the battle into two scenarios`,
    subjects: [],
    pointer: '/forces',
  });
}

function checkPoints(
  forces: Forces,
  cat: RulesetCatalog,
  ruleId: string | undefined,
  out: ForceProblem[],
): void {
  // Cards may cost less than nothing (a cheaper crew, -1 pts): they count off the total, but no
  // model with its cards costs less than nothing.
  for (const pu of allUnits(forces)) {
    const lines = unitPointsLines(pu.unit, cat);
    const total = lines.reduce((s, l) => s + l.points, 0);
    if (total >= -1e-9) continue;
    const off = lines.filter((l) => l.points < 0).map((l) => `${l.label} ${l.points}`);
    out.push({
      check: 'points-limit',
      severity: 'error',
      message: `${unitLabel(pu.unit, cat.units.get(pu.unit.type))} costs ${total} points with its cards: ${off.join(', ')} take off more than the model costs; remove a card`,
      subjects: [{ kind: 'unit', id: pu.unit.id }],
      pointer: pu.pointer,
      ...(ruleId ? { ruleId } : {}),
    });
  }
  for (const side of forces.sides) {
    if (side.pointsLimit === undefined) continue;
    const total = sidePoints(side, cat);
    if (total > side.pointsLimit + 1e-9) {
      const off = sidePointsLines(side, cat).filter((l) => l.points < 0);
      const discount = off.reduce((s, l) => s + l.points, 0);
      out.push({
        check: 'points-limit',
        severity: 'error',
        message: `${side.name} costs ${total} points${off.length ? ` (${-discount} taken off by ${off.map((l) => l.label).join(', ')})` : ''}, over its limit of ${side.pointsLimit} by ${total - side.pointsLimit}; remove a model or a card`,
        subjects: [{ kind: 'side', id: side.id }],
        pointer: sidePointer(forces, side.id),
        ...(ruleId ? { ruleId } : {}),
      });
    }
  }
}

function checkTransports(
  forces: Forces,
  cat: RulesetCatalog,
  capacityRuleId: string | undefined,
  out: ForceProblem[],
): void {
  const units = allUnits(forces);
  const byId = new Map(units.map((p) => [p.unit.id, p]));
  const carriedBy = new Map<string, string>();
  for (const pu of units) {
    const passengers = pu.unit.passengers ?? [];
    if (passengers.length === 0) continue;
    const type = cat.units.get(pu.unit.type);
    const label = unitLabel(pu.unit, type);
    const capacity = type?.capacity;
    if (capacity === undefined || passengers.length > capacity) {
      out.push({
        check: 'transport',
        severity: capacity === undefined ? 'warning' : 'error',
        message:
          capacity === undefined
            ? `${label} carries ${passengers.length} passenger(s) but its catalog type gives no capacity`
            : `${label} carries ${passengers.length} passengers; it has room for ${capacity}`,
        subjects: [{ kind: 'unit', id: pu.unit.id }],
        pointer: pu.pointer,
        ...(capacityRuleId ? { ruleId: capacityRuleId } : {}),
      });
    }
    for (const pid of passengers) {
      const p = byId.get(pid);
      const subjects: ForceSubject[] = [{ kind: 'unit', id: pu.unit.id }];
      if (!p) {
        out.push({
          check: 'transport',
          severity: 'error',
          message: `${label} lists passenger "${pid}", which is not in the order of battle`,
          subjects,
          pointer: pu.pointer,
        });
        continue;
      }
      subjects.push({ kind: 'unit', id: pid });
      if (p.side.id !== pu.side.id) {
        out.push({
          check: 'transport',
          severity: 'error',
          message: `${label} of ${pu.side.name} carries ${p.unit.name ?? pid} of ${p.side.name}`,
          subjects,
          pointer: pu.pointer,
        });
      }
      const other = carriedBy.get(pid);
      if (other) {
        out.push({
          check: 'transport',
          severity: 'error',
          message: `${p.unit.name ?? pid} rides in both ${other} and ${pu.unit.id}; embark it in one`,
          subjects,
          pointer: pu.pointer,
        });
      } else carriedBy.set(pid, pu.unit.id);
      if (p.unit.position !== undefined) {
        out.push({
          check: 'transport',
          severity: 'warning',
          message: `${p.unit.name ?? pid} is embarked in ${label} but also placed on the table; embarked units move with their transport`,
          subjects: [{ kind: 'unit', id: pid }],
          pointer: p.pointer,
        });
      }
    }
  }
}
