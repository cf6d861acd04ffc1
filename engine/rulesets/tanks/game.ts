import type { CatalogDoc } from '../../format';
import { defineGame, type SideSpec } from '../../game/defineGame';
import type { GameDef, GameResult, KillCounter, PieceKill } from '../../game/gameDef';
import { TANKS_ACTIONS } from './actionSchema';
import { TANKS_STAND_PHASES, tanksSearchLook } from './aims';
import { botTurn } from './bot';
import { tanksFirstPlayer, tanksScore } from './score';
import { tanksSampleAction } from './legal';
import {
  createContext,
  currentActor,
  edgeChoices,
  gameEnd,
  holderOf,
  info,
  objectivesOf,
  newGame,
  sideName,
  tanksReducer,
  type TanksAction,
  type TanksContext,
  type TanksEvent,
  type TanksState,
} from './rules';
import type { ScenarioDoc } from '../../format';

export type TanksGame = GameDef<TanksState, TanksAction, TanksEvent>;

/** Counter colours of the two sides, by side order, for a scenario that sets none. */
const TANKS_COLOURS = ['#a33b2f', '#3f6b3a'];

const EDGE_WORDS: Record<string, string> = {
  edgeStrip: 'the strip along its edge',
  rect: 'its zone',
  polygon: 'its zone',
  circle: 'its zone',
};

/** Who must act now: the side choosing what its dice cancel, or the acting model's owner. */
export function sideToAct(ctx: TanksContext, state: TanksState): string | undefined {
  if (state.phase === 'ended') return undefined;
  if (state.pending) {
    const p = state.pending;
    return info(ctx, p.chooser === 'target' ? p.target : p.shooter).side;
  }
  const unit = currentActor(ctx, state);
  return unit ? info(ctx, unit).side : undefined;
}

/** The TANKS rules as a headless game: reducer, status, the bot, the dice lens. */
export function tanksGame(ctx: TanksContext): TanksGame {
  const reducer = tanksReducer(ctx);
  const sides: SideSpec[] = ctx.scenario.forces.sides.map((s) => {
    const zone = ctx.zones.get(s.id)?.[0];
    const choice = edgeChoices(ctx) ? ' unless the Defender takes it (TK-2.4)' : '';
    const edge = zone?.shape === 'edgeStrip' ? ` (${zone.edge})` : '';
    const placed = [...ctx.models.values()].filter((m) => m.side === s.id && m.start).length;
    return {
      id: s.id,
      name: s.name,
      colour: s.colour,
      deployment:
        placed === [...ctx.models.values()].filter((m) => m.side === s.id).length
          ? 'placed by the scenario'
          : `deploys in ${zone ? (EDGE_WORDS[zone.shape] ?? 'its zone') : 'its zone'}${edge}${choice}, within one Measuring Arrow (TK-2.6)`,
    };
  });
  return defineGame<TanksState, TanksAction, TanksEvent>({
    rulesetId: ctx.scenario.ruleset.id,
    sides,
    palette: TANKS_COLOURS,
    newGame: (o) => newGame(ctx, o),
    rules: reducer,
    actions: TANKS_ACTIONS,
    status(state) {
      const side = sideToAct(ctx, state);
      return {
        turn: state.turn,
        phase: state.phase,
        // The scenario's turn limit, else the catalog's default end (TK-G8).
        ...(gameEnd(ctx, state) ? { turnLimit: gameEnd(ctx, state)!.turn } : {}),
        waitingFor: side ? [side] : [],
        over: state.phase === 'ended',
      };
    },
    result(state): GameResult | undefined {
      if (!state.result) return undefined;
      const w = state.result.winner;
      return {
        winner: w,
        text:
          w === 'draw'
            ? `Draw: ${state.result.reason}`
            : `${sideName(ctx, w)} wins: ${state.result.reason}`,
      };
    },
    // Hidden cards stay out of events until revealed, so every event may be seen by both sides.
    eventVisible: () => true,
    actionSide(state, action) {
      if (
        action.type === 'endPhase' ||
        action.type === 'cancel' ||
        action.type === 'split' ||
        action.type === 'chooseEdge' ||
        action.type === 'placeObjective' ||
        action.type === 'rollForTerrain' ||
        action.type === 'turnTerrain' ||
        action.type === 'placeTerrain'
      )
        return action.side;
      return ctx.models.get(action.unit)?.side ?? sideToAct(ctx, state);
    },
    endPhaseAction: (_state, side, timeUp) => ({
      type: 'endPhase',
      side,
      ...(timeUp ? { timeUp: true } : {}),
    }),
    kills: () => tanksKills(),
    pieces: (state) =>
      ctx.order.map((id) => {
        const m = state.models[id]!;
        const i = info(ctx, id);
        return {
          id,
          side: i.side,
          type: i.card.type.id,
          at: m.at,
          alive: m.status === 'active',
          name: i.name,
        };
      }),
    // An objective is held by the one side with a tank near it (TK-9); contested or empty, by nobody.
    objectives: (state) =>
      objectivesOf(ctx, state).map((o) => ({
        id: o.id,
        name: o.name ?? o.id,
        holder: holderOf(ctx, state, o) ?? null,
      })),
    bot: (state, side, style) => botTurn(ctx, state, side, style),
    // The search bot's own side puts a Forest by its tank where the players place the terrain.
    searchBot: (state, side, style) => botTurn(ctx, state, side, style, { forestByTank: true }),
    score: tanksScore(ctx),
    // The search bot's TANKS hooks (aims.ts): standing as a plan, a longer look ahead in a duel.
    standPhases: TANKS_STAND_PHASES,
    searchLook: tanksSearchLook(ctx),
    firstPlayer: (state) => tanksFirstPlayer(ctx, state),
    sampleAction: (state, side, rng) =>
      tanksSampleAction(ctx, reducer, state, side, sideToAct(ctx, state), rng),
  });
}

/** A TANKS scenario's context and game, or why it cannot be played. */
export function makeTanksGame(
  scenario: ScenarioDoc,
  catalogs: readonly CatalogDoc[],
): { ctx: TanksContext; game: TanksGame } | string {
  const ctx = createContext(scenario, catalogs);
  if (typeof ctx === 'string') return ctx;
  return { ctx, game: tanksGame(ctx) };
}

/**
 * TANKS kills: a tank is destroyed at the end of the round (TK-7), or a helicopter crashes at
 * once (TK-6.2), by the damage it took; the kill goes to the last model whose attack did damage.
 */
function tanksKills(): KillCounter<TanksEvent> {
  const attacker = new Map<string, string>();
  const damagedBy = new Map<string, string>();
  return {
    killsIn(events) {
      const out: PieceKill[] = [];
      for (const e of events) {
        if (e.type === 'AttackRolled') attacker.set(e.target, e.unit);
        else if (e.type === 'DamageTaken' && e.hits + e.criticals > 0) {
          const by = attacker.get(e.unit);
          if (by !== undefined) damagedBy.set(e.unit, by);
        } else if (e.type === 'TankDestroyed' || e.type === 'HelicopterCrashed') {
          const killer = damagedBy.get(e.unit);
          if (killer !== undefined) out.push({ killer, victim: e.unit });
          damagedBy.delete(e.unit);
        }
      }
      return out;
    },
  };
}
