import type { NewGameOptions } from '../../../game/gameDef';
import { newDeck } from '../../../random/deck';
import { Dice, seedRng } from '../../../random/dice';
import type { TanksContext } from './context';
import { enemyOf } from './context';
import { edgeChoices } from './deployment';
import { objectivePlacementOrder } from './objectives';
import type { ModelState, TanksState } from './state';
import { newTerrainPlacement } from './terrainPlacement';

/**
 * A new game from the scenario (TK-2): models placed where the scenario puts them (the others wait
 * to be deployed), no Speed tokens, the Critical deck shuffled with the seeded dice, the Attacker
 * from the scenario or by a roll-off (ties rolled again, TK-A23), and Advantage to the Attacker
 * (TK-2.4). The turn limit is the caller's, else the scenario's, else the mission's. Terrain the
 * players place (TK-2.2) waits off the table for their roll-off, the first action of the game.
 */
export function newGame(ctx: TanksContext, options: NewGameOptions): TanksState {
  const dice = new Dice(seedRng(options.seed));
  const [a, b] = ctx.sides;
  let attacker = ctx.scenario.deployment.attacker;
  const rollOff: Record<string, number>[] = [];
  if (!attacker || !ctx.sides.includes(attacker)) {
    // The higher roller chooses; the engine's roller takes the Attacker's Advantage.
    for (;;) {
      const ra = dice.roll(6);
      const rb = dice.roll(6);
      rollOff.push({ [a]: ra, [b]: rb });
      if (ra !== rb) {
        attacker = ra > rb ? a : b;
        break;
      }
    }
  }
  const models: Record<string, ModelState> = {};
  for (const id of ctx.order) {
    const i = ctx.models.get(id)!;
    models[id] = {
      id,
      at: i.start ? i.start.at : null,
      facing: (((i.start?.facing ?? 0) % 360) + 360) % 360,
      elevation: i.card.kind === 'helicopter' ? 'low' : null,
      damage: 0,
      speedToken: 0,
      moves: 0,
      defensive: false,
      elevationSwitched: false,
      switchedInPlace: false,
      wheeledStop: false,
      cards: i.startCards,
      spent: [],
      scars: {},
      status: 'active',
    };
  }
  const deck = newDeck(ctx.rules.criticalDeck, ctx.order, dice).deck;
  const deploying = Object.values(models).some((m) => m.at === null);
  const turnLimit =
    options.turnLimit ?? ctx.scenario.victory.turnLimit ?? ctx.mission?.turnLimit ?? undefined;
  const terrainPlacement = newTerrainPlacement(ctx);
  return {
    ...(terrainPlacement ? { terrainPlacement } : {}),
    ...(deploying && edgeChoices(ctx) ? { edgeChoice: 'pending' as const } : {}),
    ...(ctx.unplacedObjectives.length
      ? {
          placedObjectives: objectivePlacementOrder(ctx, attacker!).map((p) => ({
            ...p,
            at: null,
          })),
        }
      : {}),
    turn: deploying ? 0 : 1,
    phase: deploying ? 'deployment' : 'movement',
    turnLimit,
    attacker: attacker!,
    defender: enemyOf(ctx, attacker!),
    advantage: attacker!,
    rollOff,
    models,
    done: [],
    acting: null,
    deck,
    vp: { [a]: 0, [b]: 0 },
    destroyedPoints: { [a]: 0, [b]: 0 },
    pending: null,
    result: null,
    rng: dice.state(),
  };
}
