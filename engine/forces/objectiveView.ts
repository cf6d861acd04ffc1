import type { Objective } from '../format';

/**
 * The objectives one side may see (the per-player view filter for secret objectives): its own,
 * the open ones, and hidden ones of other sides once revealed. `viewer` null is the designer,
 * who sees everything.
 */
export function visibleObjectives(
  objectives: readonly Objective[],
  viewer: string | null,
  revealed: ReadonlySet<string> = new Set(),
): Objective[] {
  if (viewer === null) return [...objectives];
  return objectives.filter(
    (o) => !o.hidden || !o.owner || o.owner === viewer || revealed.has(o.id),
  );
}
