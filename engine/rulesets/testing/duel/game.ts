import type { ScenarioDoc } from '../../../format';
import { allUnits } from '../../../forces/forceTree';
import type { ActionSpec } from '../../../game/actionSchema';
import { defineGame } from '../../../game/defineGame';
import type { GameDef } from '../../../game/gameDef';
import { accepted, invalid } from '../../../game/reducer';
import { Dice, seedRng, type RngState } from '../../../random/dice';

/**
 * A two-hex duel, the smallest game the ruleset kit can define: two tanks face each other, one a
 * side. On its turn a side may fire once (a d6: 4 or more takes one of the enemy's two hits) and
 * then ends its turn. The first to knock the other out wins; at the turn limit it is a draw.
 * Test-only: it proves a ruleset plugs into the shared engine without touching it.
 */

/** Hits a tank takes before it is knocked out. */
export const DUEL_HITS = 2;
/** The d6 result that hits. */
export const DUEL_TO_HIT = 4;

export interface DuelTank {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly col: number;
  readonly row: number;
  readonly hits: number;
}

export interface DuelState {
  readonly turn: number;
  readonly turnLimit: number;
  readonly sides: readonly string[];
  /** The side whose turn it is (its index in `sides`). */
  readonly active: number;
  readonly fired: boolean;
  readonly tanks: readonly DuelTank[];
  readonly winner?: string;
  readonly rng: RngState;
}

export type DuelAction =
  | { readonly type: 'fire'; readonly side: string }
  | { readonly type: 'end'; readonly side: string };

export type DuelEvent =
  | {
      readonly kind: 'fired';
      readonly by: string;
      readonly at: string;
      readonly roll: number;
      readonly hit: boolean;
    }
  | { readonly kind: 'knockedOut'; readonly tank: string }
  | { readonly kind: 'turnEnded'; readonly side: string; readonly turn: number };

export const DUEL_ACTIONS = new Map<string, ActionSpec>([
  ['fire', { description: 'fire at the enemy tank', fields: { side: { kind: 'id' } } }],
  ['end', { description: 'end the turn', fields: { side: { kind: 'id' } } }],
]);

const tankOf = (s: DuelState, side: string) => s.tanks.find((t) => t.side === side);
const activeSide = (s: DuelState) => s.sides[s.active]!;

function rules(s: DuelState, a: DuelAction) {
  if (s.winner !== undefined || s.turn > s.turnLimit) return invalid('the duel is over');
  if (a.side !== activeSide(s)) return invalid(`it is ${activeSide(s)}'s turn, not ${a.side}'s`);
  if (a.type === 'end') {
    const next = (s.active + 1) % s.sides.length;
    const turn = next === 0 ? s.turn + 1 : s.turn;
    return accepted<DuelState, DuelEvent>({ ...s, active: next, fired: false, turn }, [
      { kind: 'turnEnded', side: a.side, turn: s.turn },
    ]);
  }
  if (s.fired) return invalid('a tank fires once a turn');
  const target = s.tanks.find((t) => t.side !== a.side && t.hits > 0);
  const shooter = tankOf(s, a.side);
  if (!target || !shooter) return invalid('there is nothing to fire at');
  const dice = new Dice(s.rng);
  const roll = dice.roll(6);
  const hit = roll >= DUEL_TO_HIT;
  const hits = hit ? target.hits - 1 : target.hits;
  const events: DuelEvent[] = [{ kind: 'fired', by: shooter.id, at: target.id, roll, hit }];
  if (hits === 0) events.push({ kind: 'knockedOut', tank: target.id });
  return accepted<DuelState, DuelEvent>(
    {
      ...s,
      fired: true,
      tanks: s.tanks.map((t) => (t.id === target.id ? { ...t, hits } : t)),
      ...(hits === 0 ? { winner: a.side } : {}),
      rng: dice.state(),
    },
    events,
  );
}

/** The duel of a scenario: its first two sides, each with exactly one unit on the hex map. */
export function makeDuelGame(
  scenario: ScenarioDoc,
): GameDef<DuelState, DuelAction, DuelEvent> | string {
  if (scenario.map.kind !== 'hex') return 'a duel is fought on a hex map';
  const sides = scenario.forces.sides;
  if (sides.length !== 2) return `a duel has two sides, not ${sides.length}`;
  const tanks: DuelTank[] = [];
  for (const side of sides) {
    const units = allUnits({ sides: [side] });
    if (units.length !== 1)
      return `side ${side.name} has ${units.length} units; a duel has one a side`;
    const { unit } = units[0]!;
    const at = unit.position;
    if (!at || Array.isArray(at)) return `${unit.name ?? unit.id} stands on no hex`;
    tanks.push({
      id: unit.id,
      name: unit.name ?? unit.id,
      side: side.id,
      col: at.col,
      row: at.row,
      hits: DUEL_HITS,
    });
  }
  const turnLimit = scenario.victory.turnLimit ?? 10;
  const ids = sides.map((s) => s.id);
  const game: GameDef<DuelState, DuelAction, DuelEvent> = defineGame<
    DuelState,
    DuelAction,
    DuelEvent
  >({
    rulesetId: scenario.ruleset.id,
    sides: sides.map((s) => ({ id: s.id, name: s.name, colour: s.colour, deployment: 'its hex' })),
    actions: DUEL_ACTIONS,
    rules,
    newGame: (o) => ({
      turn: 1,
      turnLimit: o.turnLimit ?? turnLimit,
      sides: ids,
      active: 0,
      fired: false,
      tanks,
      rng: seedRng(o.seed),
    }),
    status: (s) => {
      const over = s.winner !== undefined || s.turn > s.turnLimit;
      return {
        turn: Math.min(s.turn, s.turnLimit),
        turnLimit: s.turnLimit,
        phase: 'fire',
        waitingFor: over ? [] : [activeSide(s)],
        over,
      };
    },
    result: (s) =>
      s.winner !== undefined
        ? { winner: s.winner, text: `${s.winner} knocks the other tank out` }
        : s.turn > s.turnLimit
          ? { winner: 'draw', text: 'both tanks still stand at the turn limit' }
          : undefined,
    eventVisible: () => true,
    actionSide: (_s, a) => a.side,
    endPhaseAction: (_s, side) => ({ type: 'end', side }),
    legalActions: (s, side) =>
      s.winner !== undefined || s.turn > s.turnLimit || side !== activeSide(s)
        ? []
        : [...(s.fired ? [] : [{ type: 'fire', side } as const]), { type: 'end', side }],
    // Its own bot: fire, then end the turn (the baseline bot plays from `legalActions`).
    bot: (s, side) => {
      const actions: DuelAction[] = [];
      const events: DuelEvent[] = [];
      let st = s;
      for (const a of [
        { type: 'fire', side },
        { type: 'end', side },
      ] as const) {
        const r = game.reduce(st, a);
        if (!r.ok) continue;
        actions.push(a);
        events.push(...r.events);
        st = r.state;
      }
      return { actions, state: st, events };
    },
    pieces: (s) =>
      s.tanks.map((t) => ({
        id: t.id,
        side: t.side,
        type: 'tank',
        at: [t.col, t.row],
        alive: t.hits > 0,
      })),
  });
  return game;
}
