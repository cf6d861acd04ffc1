import type { ScenarioDoc } from '../../format';
import type { LayoutProblem } from '../../layout/layoutProblem';

/** Objective kinds in the Objectives tab's words. */
const KIND_WORDS: Record<ScenarioDoc['objectives'][number]['kind'], string> = {
  holdZone: 'hold the zone',
  vpPerTurn: 'VP per turn held',
  reach: 'reach the area',
  destroy: 'destroy the targets',
  exit: 'exit the table',
};

/**
 * Objectives a Tankplank game will never score, each by name with what to change (TP-3.1: each
 * side holds its own objective zone). The game counts a side's hold-the-zone objective, one a
 * side (the last listed, rules/setup.ts); one with no owner, of another kind, or a side's earlier
 * one is still a valid file, so these are warnings.
 */
export function checkTankplankObjectives(doc: ScenarioDoc, out: LayoutProblem[]): void {
  const sideName = (id: string) => doc.forces.sides.find((s) => s.id === id)?.name ?? id;
  const scored = new Map<string, string>();
  for (const o of doc.objectives) if (o.kind === 'holdZone' && o.owner) scored.set(o.owner, o.id);
  doc.objectives.forEach((o, i) => {
    const name = `objective "${o.name ?? o.id}"`;
    const change: string[] = [];
    if (!o.owner) change.push('pick the side that holds it as its Owner');
    if (o.kind !== 'holdZone')
      change.push(`change its Kind from "${KIND_WORDS[o.kind]}" to "hold the zone"`);
    let message: string | undefined;
    if (change.length > 0)
      message = `${name} will never be scored: Tankplank scores only each side's own hold-the-zone objective. In the Objectives tab, ${change.join(' and ')}`;
    else if (o.owner && scored.get(o.owner) !== o.id) {
      const other = doc.objectives.find((x) => x.id === scored.get(o.owner!));
      message = `${name} will never be scored: Tankplank scores one hold-the-zone objective a side, and for ${sideName(o.owner)} that is "${other?.name ?? other?.id}" (listed later). In the Objectives tab, give one of them to the other side or delete one`;
    }
    if (message)
      out.push({
        check: 'objective-scoring',
        severity: 'warning',
        message,
        subjects: [{ kind: 'objective', id: o.id }],
        pointer: `/objectives/${i}`,
        ruleId: 'TP-3.1',
      });
  });
}
