import type { ActionSchema, ActionSpec } from '../../game/actionSchema';
import { dict } from '../../game/dict';
import { accepted, invalid, type Reduction } from '../../game/reducer';
import { TANK_ACTIONS } from './actionSchema';
import type { TankContext } from './rules/context';
import { resolutionSteps, resolveTurn } from './rules/resolve';
import type { TankAction, TankEvent, TankState } from './rules/state';

/**
 * A turn being resolved step by step, as players at a table do: the state every side plotted (the
 * turn re-runs from it), how many steps of the sequence of play are done, how many events they
 * made and the side whose person plays the steps.
 */
export interface Resolving {
  readonly from: TankState;
  readonly done: number;
  readonly events: number;
  readonly by: string;
}

/**
 * A TANK! game's state as the playtest plays it: the rules' state, the side that asked to resolve
 * this turn step by step (`stepsBy`), and the resolution under way (`resolving`). Bots and the
 * lab never ask, so their games never carry either field.
 */
export type TankPlayState = TankState & {
  readonly stepsBy?: string;
  readonly resolving?: Resolving;
};

/**
 * The actions of a game: the rules' own, `endPlot` with `steps` (this side's person resolves the
 * turn step by step), and `resolve` (the next step, or `all` of those left).
 */
export type TankPlayAction =
  | Exclude<TankAction, { readonly type: 'endPlot' }>
  | { readonly type: 'endPlot'; readonly side: string; readonly steps?: boolean }
  | { readonly type: 'resolve'; readonly all?: boolean };

const STEP_SPECS: Readonly<Record<string, ActionSpec>> = {
  endPlot: {
    description:
      'finish plotting for a side; the turn resolves when both have, step by step when a side asked for steps',
    fields: { side: { kind: 'id' }, steps: { kind: 'boolean', optional: true } },
  },
  resolve: {
    description:
      "play the next step of the turn's sequence of play, or all the steps left (TC-3, OT-G7)",
    fields: { all: { kind: 'boolean', optional: true } },
  },
};

/** Every action a TANK! game accepts: the rules' (actionSchema.ts) and the stepping ones. */
export const TANK_PLAY_ACTIONS: ActionSchema = new Map([
  ...TANK_ACTIONS,
  ...Object.entries(STEP_SPECS),
]);

/** The rules' state of a play state: what the rules reducer sees, without the stepping fields. */
export function rulesState(s: TankPlayState): TankState {
  if (s.stepsBy === undefined && s.resolving === undefined) return s;
  const out = dict<unknown>();
  for (const [k, v] of Object.entries(s)) if (k !== 'stepsBy' && k !== 'resolving') out[k] = v;
  return out as unknown as TankState;
}

/**
 * Wraps the rules reducer with step-by-step resolution. When the last side ends plotting and a
 * side asked for steps, the turn waits at its first step; each `resolve` re-runs the turn from the
 * plotted state up to one more step (the dice are in that state, so every step rolls what
 * resolving at once rolls) and reports only that step's events. The last step gives the very
 * state resolving at once gives, so replay, undo, saved games and the lab stay exact.
 */
export function steppedReducer(
  ctx: TankContext,
  rules: (s: TankState, a: TankAction) => Reduction<TankState, TankEvent>,
) {
  return (state: TankPlayState, action: TankPlayAction): Reduction<TankPlayState, TankEvent> => {
    const r = state.resolving;
    if (action.type === 'resolve') {
      if (!r)
        return invalid(
          'there is no turn to resolve: the steps are played once every side has plotted',
          'TC-3',
        );
      const steps = resolutionSteps(ctx);
      const upTo = action.all ? steps.length : r.done + 1;
      const out = resolveTurn(ctx, r.from, upTo);
      const events = out.events.slice(r.events);
      if (upTo >= steps.length) return accepted(out.state, events);
      return accepted(
        { ...out.state, resolving: { ...r, done: upTo, events: out.events.length } },
        events,
      );
    }
    if (r)
      return invalid(
        `the turn is being resolved (${r.done} of ${resolutionSteps(ctx).length} steps): play the next step or resolve the rest first`,
        'TC-3',
      );
    const plain = rulesState(state);
    if (action.type !== 'endPlot') {
      const out = rules(plain, action);
      return out.ok && state.stepsBy !== undefined
        ? accepted({ ...out.state, stepsBy: state.stepsBy }, out.events)
        : out;
    }
    const wants = action.steps === true ? action.side : state.stepsBy;
    const out = rules(plain, { type: 'endPlot', side: action.side });
    if (!out.ok || wants === undefined) return out;
    const done = [...plain.done, action.side];
    if (done.length < ctx.sides.length)
      return accepted({ ...out.state, stepsBy: wants }, out.events);
    const from: TankState = { ...plain, done };
    return accepted({ ...from, resolving: { from, done: 0, events: 0, by: wants } }, [
      { type: 'plotsDone', side: action.side },
    ]);
  };
}
