import type { Formation } from '../../format/types';
import { defineGame, type SideSpec } from '../../game/defineGame';
import type { BoardPiece, GameDef, GameResult } from '../../game/gameDef';
import { TANKPLANK_ACTIONS } from './actionSchema';
import { botPhase } from './bot';
import { tankplankDeterminize } from './determinize';
import { botPlanName } from './botPlan';
import { tankplankFirstPlayer, tankplankScore } from './score';
import { tankplankSampleAction } from './legal';
import { sidesToPlay } from './rules/movementOrder';
import { dictKeys } from '../../game/dict';
import { positionOf } from './rules/situation';
import { objectiveLacking } from './rules/victory';
import {
  newGame,
  tankplankReducer,
  type TankplankAction,
  type TankplankContext,
  type TankplankEvent,
  type TankplankState,
} from './rules';

/** Events that stay hidden from the other side on a screened first turn (TP-4.4). */
const SCREENED_EVENTS = new Set<TankplankEvent['type']>([
  'UnitMoved',
  'UnitFaced',
  'UnitMounted',
  'UnitDismounted',
  'WeaponSetUp',
  'WeaponBrokenDown',
]);

export type TankplankGame = GameDef<TankplankState, TankplankAction, TankplankEvent>;

/** Whether the scenario screens the creek on turn 1 (TP-4.4): an option; older files listed it as a layer. */
export function screenedFirstTurn(ctx: TankplankContext): boolean {
  const r = ctx.scenario.ruleset;
  return r.options?.['BASIC.OPT.SCREEN'] === true || (r.layers ?? []).includes('BASIC.OPT.SCREEN');
}

/** The Tankplank rules as a headless game: the reducer, the bot and who acts when. */
export function tankplankGame(ctx: TankplankContext): TankplankGame {
  const reducer = tankplankReducer(ctx);
  const scenario = ctx.scenario;
  const sideName = new Map(scenario.forces.sides.map((s) => [s.id, s.name]));
  const screenTurn = screenedFirstTurn(ctx);
  const names = unitNames(scenario, ctx);
  const sides: SideSpec[] = scenario.forces.sides.map((s) => {
    const e = ctx.entryEdges.get(s.id);
    return {
      id: s.id,
      name: s.name,
      colour: s.colour,
      deployment: e
        ? `starts off the table and enters from edge ${e.label ?? ''} (${e.edge}) (TP-4.1)`
        : 'placed by the scenario',
    };
  });
  // Sides without a colour take the kit's palette (SIDE_COLOURS), which was Tankplank's.
  return defineGame<TankplankState, TankplankAction, TankplankEvent>({
    rulesetId: scenario.ruleset.id,
    sides,
    newGame: (o) => newGame(ctx, o),
    rules: reducer,
    actions: TANKPLANK_ACTIONS,
    status(state) {
      const over = state.phase === 'ended';
      return {
        turn: state.turn,
        phase: state.phase,
        turnLimit: state.turnLimit,
        waitingFor: over ? [] : sidesToPlay(ctx, state),
        over,
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
            : `${sideName.get(w) ?? w} wins: ${state.result.reason}`,
      };
    },
    eventVisible(event, viewer, state) {
      if (!screenTurn || viewer === null || state.turn > 1) return true;
      if (SCREENED_EVENTS.has(event.type) && 'unit' in event)
        return state.units.get(event.unit)?.side === viewer;
      return true;
    },
    actionSide(state, action) {
      if (action.type === 'endPhase') return action.side;
      return state.units.get(action.unit)?.side;
    },
    endPhaseAction: (_state, side, timeUp) => ({
      type: 'endPhase',
      side,
      ...(timeUp ? { timeUp: true } : {}),
    }),
    bot: (state, side, style) => botPhase(ctx, state, side, style),
    determinize: tankplankDeterminize(ctx, screenTurn),
    botPlan: (state, side) => botPlanName(ctx, state, side),
    score: tankplankScore(ctx),
    firstPlayer: (state) => tankplankFirstPlayer(ctx, state),
    sampleAction: (state, side, rng) =>
      tankplankSampleAction(ctx, reducer, state, side, sidesToPlay(ctx, state), rng),
    // A man hit and not saved, a vehicle penetrated: marked as a casualty by its shooter (TP-4.6).
    kills: () => ({
      // A loop, not flatMap: the lab asks after every side turn, and flatMap made a list per event.
      killsIn: (events) => {
        const found: { killer: string; victim: string }[] = [];
        for (const e of events)
          if (e.type === 'CasualtyMarked') found.push({ killer: e.by, victim: e.unit });
        return found;
      },
    }),
    pieces: (state) => piecesOf(state, names),
    // Each side's objective is held while its hold count runs (TP-3.3, TP-A47): the count goes
    // up at the end of every turn the side holds it and back to 0 when it does not. What its
    // owner lacks is judged on where everyone stands now (at a game's end: the last turn's end).
    // Asked without `lacking` (the lab's stall watch), that is not worked out.
    objectives: (state, ask) =>
      ctx.objectives
        .filter((o) => o.area)
        .map((o) => {
          // The first side whose objective it is, by the record's kept key list (the stall
          // watch asks after every quiet side turn; `Object.entries` made pairs each time).
          const owner = dictKeys(state.objectives).find(
            (side) => state.objectives[side]!.objective === o.id,
          );
          const held = owner === undefined ? 0 : state.objectives[owner]!.heldTurns;
          const holder = owner !== undefined && held > 0 ? owner : null;
          const lacking =
            ask?.lacking !== false &&
            owner !== undefined &&
            objectiveLacking(ctx, state, owner, o, held);
          return { id: o.id, name: o.name ?? o.id, holder, ...(lacking ? { lacking } : {}) };
        }),
  });
}

/**
 * The pieces of a state (`GameDef.pieces`), the list kept for the last units record asked: the
 * balance lab's observer and its stall watch both ask for every state after each side turn. A
 * piece reads only the units record (a rider stands where its carrier does). The list is shared:
 * do not change it. (Pieces kept per unit state in a WeakMap made fewer instructions but more CPU
 * time: a lookup in a table of thousands of unit states costs more than the small object it saves.)
 */
function piecesOf(
  state: TankplankState,
  names: ReadonlyMap<string, string>,
): readonly BoardPiece[] {
  const known = lastPieces.get(names);
  if (known !== undefined && known.units === state.units) return known.pieces;
  const units = state.units.list();
  // A side turn changes a few dozen of a hundred-odd units: a unit whose state is the one the
  // last list was made from, on its own feet (a rider stands where its carrier does), keeps its
  // piece. Same ids in the same places: the record was made from the last one by changing values.
  const before =
    known !== undefined && known.units.ids() === state.units.ids() ? known.units.list() : undefined;
  const pieces: BoardPiece[] = [];
  for (let k = 0; k < units.length; k++) {
    const u = units[k]!;
    if (before !== undefined && before[k] === u && u.embarkedIn === null) {
      pieces.push(known!.pieces[k]!);
      continue;
    }
    const p = positionOf(state, u.id);
    const name = names.get(u.id);
    pieces.push({
      id: u.id,
      side: u.side,
      type: u.type,
      at: u.alive && p ? ([p.x, p.y] as const) : null,
      alive: u.alive,
      ...(name ? { name } : {}),
    });
  }
  lastPieces.set(names, { units: state.units, pieces });
  return pieces;
}

/** The last units record asked of each game (its names map stands for the game), with its pieces. */
const lastPieces = new WeakMap<
  object,
  { readonly units: TankplankState['units']; readonly pieces: readonly BoardPiece[] }
>();

/**
 * Each scenario unit's name as the log gives it: its own name, else its type numbered within its
 * formation where the formation has several ("Rifleman 2"), for text made outside the ruleset
 * (`BoardPiece.name`).
 */
function unitNames(
  scenario: TankplankContext['scenario'],
  ctx: TankplankContext,
): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (f: Formation) => {
    const total = new Map<string, number>();
    for (const u of f.units) total.set(u.type, (total.get(u.type) ?? 0) + 1);
    const seen = new Map<string, number>();
    for (const u of f.units) {
      const n = (seen.get(u.type) ?? 0) + 1;
      seen.set(u.type, n);
      const typeName = ctx.catalog.units.get(u.type)?.name ?? u.type;
      out.set(u.id, u.name ?? ((total.get(u.type) ?? 0) > 1 ? `${typeName} ${n}` : typeName));
    }
    for (const g of f.formations ?? []) walk(g);
  };
  for (const side of scenario.forces.sides) for (const f of side.formations) walk(f);
  return out;
}
