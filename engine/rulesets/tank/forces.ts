import type { Forces, RulesetRef } from '../../format';
import type { ForceProblem } from '../../forces/forceProblem';
import type { RulesetCatalog } from '../../forces/rulesetCatalog';
import { formulaPoints } from './rules/points';
import { tankLayers } from './rules/tables';

/**
 * TANK! order-of-battle checks: every unit has a points value, dummies included (TC-8.1); with
 * Costello's revision both sides have the same points budget (TC-8.3); a support weapon stands
 * with a squad (TC-4.1). The shared checks already hold each side within its limit. Points are the
 * catalog's values (TC-8.2); for a type without one the placeholder formula suggests a value (TC-G6).
 */
export function checkTankForces(
  ruleset: RulesetRef,
  forces: Forces,
  cat: RulesetCatalog,
): ForceProblem[] {
  const out: ForceProblem[] = [];
  const costello = tankLayers(ruleset).costello;
  forces.sides.forEach((side, si) => {
    side.formations.forEach((f, fi) => {
      f.units.forEach((u, ui) => {
        const t = cat.units.get(u.type);
        if (!t) return;
        const pointer = `/forces/sides/${si}/formations/${fi}/units/${ui}`;
        const suggested =
          typeof t.points !== 'number' ? formulaPoints(t, cat.constants) : undefined;
        if (typeof t.points !== 'number')
          out.push({
            check: 'points-limit',
            severity: costello ? 'error' : 'warning',
            message: `${u.name ?? u.id} (${t.name}) has no points value: every unit, dummies and installations included, has one (add points to ${u.type}${suggested !== undefined ? `; the placeholder formula of TC-G6 gives ${suggested}` : ''})`,
            subjects: [{ kind: 'unit', id: u.id }],
            pointer,
            ruleId: 'TC-8.1',
          });
        if (t.class === 'team' && t.stats?.['stacksWithSquad'] === true) {
          const pos = u.position && 'col' in u.position ? u.position : undefined;
          const squad = f.units.some(
            (o) =>
              o.id !== u.id &&
              cat.units.get(o.type)?.class === 'infantry' &&
              cat.units.get(o.type)?.stats?.['dummy'] !== true &&
              o.position &&
              'col' in o.position &&
              pos &&
              o.position.col === pos.col &&
              o.position.row === pos.row,
          );
          if (!squad)
            out.push({
              check: 'order-of-battle',
              severity: 'error',
              message: `${u.name ?? u.id} (${t.name}) must stand with an infantry squad of its formation, whose fate it shares`,
              subjects: [{ kind: 'unit', id: u.id }],
              pointer,
              ruleId: 'TC-4.1',
            });
        }
      });
    });
  });
  if (costello && forces.sides.length === 2) {
    const [a, b] = forces.sides as [Forces['sides'][number], Forces['sides'][number]];
    if (a.pointsLimit !== b.pointsLimit)
      out.push({
        check: 'points-limit',
        severity: 'error',
        message: `both sides buy with the same points total: ${a.name} has ${a.pointsLimit ?? 'no limit'}, ${b.name} ${b.pointsLimit ?? 'no limit'}`,
        subjects: [
          { kind: 'side', id: a.id },
          { kind: 'side', id: b.id },
        ],
        pointer: '/forces/sides/1/pointsLimit',
        ruleId: 'TC-8.3',
      });
  }
  return out;
}
