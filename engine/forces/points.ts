import type { Formation, Side, Unit } from '../format';
import type { RulesetCatalog } from './rulesetCatalog';
import { allFormations } from './forceTree';

/** One line of a points bill, so a total can say what it is made of. */
export interface PointsLine {
  readonly id: string;
  readonly label: string;
  readonly points: number;
  /** The catalog gives no cost for it (counted as 0). */
  readonly unpriced?: boolean;
}

/** Points of one unit: its own cost (or the catalog's) plus the cards it carries. */
export function unitPointsLines(unit: Unit, cat: RulesetCatalog): PointsLine[] {
  const type = cat.units.get(unit.type);
  const own = unit.points ?? type?.points;
  const lines: PointsLine[] = [
    {
      id: unit.id,
      label: unit.name ?? type?.name ?? unit.type,
      points: own ?? 0,
      ...(own === undefined ? { unpriced: true } : {}),
    },
  ];
  for (const c of unit.cards ?? []) {
    const card = cat.cards.get(c.card);
    lines.push({
      id: `${unit.id}/${c.card}`,
      label: card?.name ?? c.card,
      points: card?.points ?? 0,
      ...(card?.points === undefined ? { unpriced: true } : {}),
    });
  }
  return lines;
}

/** Total points of one unit with its cards. */
export function unitPoints(unit: Unit, cat: RulesetCatalog): number {
  return unitPointsLines(unit, cat).reduce((s, l) => s + l.points, 0);
}

/** Points of a formation: its card, its units and its sub-formations. */
export function formationPoints(f: Formation, cat: RulesetCatalog): number {
  const card = f.card ? (cat.cards.get(f.card)?.points ?? 0) : 0;
  return (
    card +
    f.units.reduce((s, u) => s + unitPoints(u, cat), 0) +
    (f.formations ?? []).reduce((s, sub) => s + formationPoints(sub, cat), 0)
  );
}

/** Points of a whole side. */
export function sidePoints(side: Side, cat: RulesetCatalog): number {
  return side.formations.reduce((s, f) => s + formationPoints(f, cat), 0);
}

/** Everything a side pays for, line by line (platoon cards, models, crew and upgrade cards). */
export function sidePointsLines(side: Side, cat: RulesetCatalog): PointsLine[] {
  const out: PointsLine[] = [];
  for (const pf of allFormations({ sides: [side] })) {
    const f = pf.formation;
    if (f.card) {
      const card = cat.cards.get(f.card);
      out.push({ id: `${f.id}/${f.card}`, label: card?.name ?? f.card, points: card?.points ?? 0 });
    }
    for (const u of f.units) out.push(...unitPointsLines(u, cat));
  }
  return out;
}
