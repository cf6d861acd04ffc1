import type { TanksContext } from './context';
import { info } from './context';
import { initiativeOf, inPlay } from './models';
import { objectiveToPlace } from './objectives';
import type { TanksState } from './state';
import { terrainRollPending, terrainToPlace } from './terrainPlacement';

/**
 * Who acts next (TK-2.5, TK-4.1, TK-6.1). Deployment and movement go up the Initiative order,
 * shooting comes down it; in movement all tanks go before any helicopter. On a tie the side with
 * Advantage counts as higher, so it moves and deploys after, and shoots before, the other. Ties
 * within one side are the owner's choice: the scenario's order unless the owner picks another.
 * Initiative is read when a model's turn comes, so a Critical that lowers it takes effect at once.
 */

interface Key {
  readonly group: number;
  readonly initiative: number;
  readonly side: string;
  readonly index: number;
}

function keyOf(ctx: TanksContext, state: TanksState, id: string): Key {
  const i = info(ctx, id);
  const deployGroup =
    state.phase === 'deployment' && ctx.deployOrder
      ? Math.max(0, ctx.deployOrder.indexOf(i.side))
      : 0;
  return {
    group:
      state.phase === 'movement'
        ? i.card.kind === 'tank'
          ? 0
          : 1
        : state.phase === 'deployment'
          ? deployGroup
          : 0,
    initiative: initiativeOf(ctx, state, id),
    side: i.side,
    index: ctx.order.indexOf(id),
  };
}

/** Compares two models' places in the current phase's order (negative: `a` acts first). */
function compare(ctx: TanksContext, state: TanksState, a: Key, b: Key): number {
  if (a.group !== b.group) return a.group - b.group;
  const descending = state.phase === 'shooting';
  if (a.initiative !== b.initiative)
    return descending ? b.initiative - a.initiative : a.initiative - b.initiative;
  if (a.side !== b.side) {
    // Advantage counts as the higher Initiative.
    const aHigh = a.side === state.advantage;
    return descending === aHigh ? -1 : 1;
  }
  return a.index - b.index;
}

/** Models still to act in this phase. */
export function waitingModels(ctx: TanksContext, state: TanksState): string[] {
  if (state.phase === 'ended') return [];
  return ctx.order.filter((id) => {
    if (state.done.includes(id)) return false;
    const m = state.models[id];
    if (!m) return false;
    if (state.phase === 'deployment') return m.at === null;
    return inPlay(m);
  });
}

/** Everyone still to act in this phase, in order; a model part-way through its turn first. */
export function activationOrder(ctx: TanksContext, state: TanksState): string[] {
  const keys = new Map(waitingModels(ctx, state).map((id) => [id, keyOf(ctx, state, id)]));
  const order = [...keys.keys()].sort((a, b) => compare(ctx, state, keys.get(a)!, keys.get(b)!));
  if (state.acting && !order.includes(state.acting)) return [state.acting, ...order];
  if (state.acting) return [state.acting, ...order.filter((id) => id !== state.acting)];
  return order;
}

/** The model whose turn it is. */
export function currentActor(ctx: TanksContext, state: TanksState): string | undefined {
  // First of all the players place the terrain (TK-2.2): the roll-off is asked of the first
  // side, each piece of the side placing it (its first model still to deploy, else its first).
  const placer = terrainRollPending(state) ? ctx.sides[0] : terrainToPlace(state)?.side;
  if (placer)
    return (
      ctx.order.find((id) => info(ctx, id).side === placer && state.models[id]?.at === null) ??
      ctx.order.find((id) => info(ctx, id).side === placer)
    );
  // Before anyone deploys, the Defender chooses its edge (TK-2.4): its first model is asked.
  if (state.edgeChoice === 'pending')
    return ctx.order.find(
      (id) => info(ctx, id).side === state.defender && state.models[id]?.at === null,
    );
  // Then the objective tokens are placed (TK-9): the placing side's first model is asked.
  const placing = objectiveToPlace(state);
  if (placing)
    return (
      ctx.order.find(
        (id) => info(ctx, id).side === placing.side && state.models[id]?.at === null,
      ) ?? ctx.order.find((id) => info(ctx, id).side === placing.side)
    );
  return activationOrder(ctx, state)[0];
}

/**
 * Whether `unit` may take its turn now: it is the next in order, or its owner picks it over a
 * model of the same side tied with the next one (same Initiative, same group), TK-4.1.
 */
export function mayActNow(ctx: TanksContext, state: TanksState, unit: string): string | undefined {
  const order = activationOrder(ctx, state);
  const head = order[0];
  if (head === undefined) return 'nobody acts now';
  if (unit === head) return undefined;
  const name = info(ctx, unit).name;
  const headName = info(ctx, head).name;
  if (state.acting)
    return `${headName} is taking its turn; ${name} waits until it has finished (TK-4.1)`;
  if (!order.includes(unit))
    return state.phase === 'deployment'
      ? `${name} is already deployed (TK-2.5)`
      : `${name} has already taken its turn this ${state.phase} phase`;
  const a = keyOf(ctx, state, unit);
  const h = keyOf(ctx, state, head);
  if (a.side === h.side && a.group === h.group && a.initiative === h.initiative) return undefined;
  const ruleId =
    state.phase === 'shooting' ? 'TK-6.1' : state.phase === 'movement' ? 'TK-4.1' : 'TK-2.5';
  return `it is ${headName}'s turn (Initiative ${h.initiative}); ${name} (Initiative ${a.initiative}) comes later (${ruleId})`;
}
