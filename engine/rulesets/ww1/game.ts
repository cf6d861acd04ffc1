import type { CatalogDoc, ScenarioDoc } from '../../format';
import { defineGame, type SideSpec } from '../../game/defineGame';
import type { GameDef, GameResult, Viewer } from '../../game/gameDef';
import { lastAttackKills } from '../../game/kills';
import { WW1_ACTIONS } from './actionSchema';
import { botTurn, secondChoiceTurns } from './bot';
import { ww1Determinize } from './determinize';
import { ww1LegalActions } from './legal';
import { ww1Score } from './score';
import { readWw1Rules, type Ww1Rules } from './rules/data';
import {
  reduceWw1,
  setUpWw1,
  objectiveHeld,
  type Ww1Action,
  type Ww1Board,
  type Ww1Event,
  type Ww1State,
} from './rules/turn';

export type Ww1Game = GameDef<Ww1State, Ww1Action, Ww1Event>;

/** Side turns the search's rollouts play at least for the middle strengths (`searchWork`). */
const WW1_SEARCH_WORK = 768;

/** Counter colours of the two sides, by side order, for a scenario that sets none. */
const WW1_COLOURS = ['#6b5a3a', '#5a6470'];

/** What a WWI game knows of its scenario: the board, the rules and the names. */
export interface Ww1Context {
  readonly scenario: ScenarioDoc;
  readonly board: Ww1Board;
  readonly rules: Ww1Rules;
  readonly names: ReadonlyMap<string, string>;
  readonly sideNames: ReadonlyMap<string, string>;
}

/** A WWI scenario's context, or why it cannot be played (the scenario or catalog field named). */
export function ww1Context(
  scenario: ScenarioDoc,
  catalogs: readonly CatalogDoc[],
): Ww1Context | string {
  const read = readWw1Rules(catalogs, {
    ...(scenario.catalog ? { catalog: scenario.catalog } : {}),
    ...(scenario.ruleset.options ? { options: scenario.ruleset.options } : {}),
  });
  if (!read.ok) return read.reason;
  const made = setUpWw1(scenario, read.rules, 0);
  if (!made.ok) return made.reason;
  const names = new Map<string, string>();
  for (const side of scenario.forces.sides)
    for (const f of side.formations) for (const u of f.units) names.set(u.id, u.name ?? u.id);
  return {
    scenario,
    board: made.board,
    rules: read.rules,
    names,
    sideNames: new Map(scenario.forces.sides.map((s) => [s.id, s.name])),
  };
}

/**
 * Whether a viewer may see an event: a card drawn goes to one hand and only its owner sees which
 * (hot-seat play hides each side's hand from the other); cards played are seen by both.
 */
export function ww1EventVisible(event: Ww1Event, viewer: Viewer): boolean {
  if (viewer === null) return true;
  if (event.type === 'deck' && event.event.type === 'draw') return event.event.hand === viewer;
  return true;
}

/** The WWI rules as a headless game: reducer, status, the bot, the dice lens. */
export function ww1Game(ctx: Ww1Context): Ww1Game {
  const { board } = ctx;
  const sides: SideSpec[] = ctx.scenario.forces.sides.map((s) => {
    const edge = ctx.scenario.deployment.entryEdges?.find((e) => e.side === s.id)?.edge;
    return {
      id: s.id,
      name: s.name,
      colour: s.colour,
      deployment: `placed by the scenario${edge ? `; retreats toward the ${edge} edge` : ''}`,
    };
  });
  return defineGame<Ww1State, Ww1Action, Ww1Event>({
    rulesetId: ctx.scenario.ruleset.id,
    sides,
    palette: WW1_COLOURS,
    newGame: (o) => {
      const made = setUpWw1(ctx.scenario, ctx.rules, o.seed, o.turnLimit);
      if (!made.ok) throw new Error(made.reason);
      return made.state;
    },
    rules: (state, action) => reduceWw1(board, state, action),
    actions: WW1_ACTIONS,
    status: (state) => ({
      turn: state.turn,
      phase: state.phase,
      ...(state.turnLimit !== undefined ? { turnLimit: state.turnLimit } : {}),
      waitingFor: state.phase === 'over' ? [] : [state.active],
      over: state.phase === 'over',
    }),
    result(state): GameResult | undefined {
      if (state.phase !== 'over') return undefined;
      const medals = state.sides.map((s) => `${ctx.sideNames.get(s) ?? s} ${state.medals[s] ?? 0}`);
      if (!state.winner)
        return {
          winner: 'draw',
          text: `Draw after turn ${state.turnLimit}: medals ${medals.join(', ')}`,
        };
      return {
        winner: state.winner,
        text: `${ctx.sideNames.get(state.winner) ?? state.winner} wins: medals ${medals.join(', ')}`,
      };
    },
    eventVisible: (event, viewer) => ww1EventVisible(event, viewer),
    actionSide: (state) => state.active,
    endPhaseAction: (state): Ww1Action => {
      if (state.phase === 'play') {
        const card = state.deck.hands[state.active]?.[0];
        return { type: 'playCard', card: card ?? '' };
      }
      if (state.phase === 'order') return { type: 'endOrders' };
      if (state.phase === 'move') return { type: 'endMoves' };
      return { type: 'endTurn' };
    },
    // A unit eliminated falls to the last unit that battled it (WW-5).
    kills: () =>
      lastAttackKills<Ww1Event>(
        (e) => (e.type === 'battle' ? { killer: e.unit, victim: e.target } : undefined),
        (e) => (e.type === 'eliminated' ? e.unit : undefined),
      ),
    pieces: (state) => {
      const alive = new Set(Object.keys(state.units));
      const start = ctx.scenario.forces.sides.flatMap((s) =>
        s.formations.flatMap((f) => f.units.map((u) => ({ u, side: s.id }))),
      );
      return start.map(({ u, side }) => {
        const now = state.units[u.id];
        const p = u.position as { col: number; row: number };
        return {
          id: u.id,
          side,
          type: u.type,
          at: now ? [now.at.col, now.at.row] : [p.col, p.row],
          alive: alive.has(u.id),
          ...(ctx.names.has(u.id) ? { name: ctx.names.get(u.id)! } : {}),
        };
      });
    },
    // A medal objective is its owner's while one of its units stands on a hex of it (medals and
    // objective hexes come from the scenario, WW-G7; rules/turn.ts medalsOf).
    objectives: (state) =>
      ctx.board.objectives.map((o) => {
        const held = objectiveHeld(state, o);
        return {
          id: o.id,
          name: o.name,
          holder: held ? o.owner : null,
          ...(held ? {} : { lacking: "none of the taker's units in it" }),
        };
      }),
    bot: (state, side, style) => botTurn(ctx.board, state, side, style),
    // The search bot's own side weighs each battle by its exact odds (bot.ts exactBattleValue);
    // the styles keep their rough rule, and the search foresees the other side by them.
    searchBot: (state, side, style) => botTurn(ctx.board, state, side, style, true),
    // The search's rollouts roll each battle's dice from the battle (rules/keyedDice.ts).
    keyedDice: (state, key) => ({ ...state, rollKey: key }),
    // A WWI side turn costs about 2 ms and its candidates differ by a few points of the chance to
    // win: the middle strengths play up to 4 times the presets' side turns (768 at most), which
    // keeps strength 4 near its preset's time.
    searchWork: (work) => Math.min(4 * work, Math.max(work, WW1_SEARCH_WORK)),
    // The search also weighs the exact-odds bot's turn with one decision its second choice.
    searchTurns: (state, side) =>
      secondChoiceTurns(ctx.board, state, side, 'balanced', true, ctx.names).map((t) => ({
        ...t,
        style: 'balanced' as const,
      })),
    determinize: ww1Determinize,
    legalActions: (state, side) => ww1LegalActions(board, state, side),
    score: ww1Score(ctx),
  });
}

/** A WWI scenario's context and game, or why it cannot be played. */
export function makeWw1Game(
  scenario: ScenarioDoc,
  catalogs: readonly CatalogDoc[],
): { ctx: Ww1Context; game: Ww1Game } | string {
  const ctx = ww1Context(scenario, catalogs);
  if (typeof ctx === 'string') return ctx;
  return { ctx, game: ww1Game(ctx) };
}
