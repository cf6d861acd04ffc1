import { dict, withEntry } from '../../game/dict';
import type { ActionRng, BotStyle } from '../../game/gameDef';
import { tankBotTurn } from './bot';
import type { TankContext } from './rules/context';
import type { Plot } from './rules/state';
import type { TankPlayState } from './steps';

/**
 * TANK!'s state as a side may believe it (`GameDef.determinize`, for the search bot): what the
 * other sides plotted this turn is secret until it resolves, and so are their mortar calls until
 * the fire lands (the events say so: `eventVisible` in game.ts). A side that has finished
 * plotting gets plots drawn anew, as its bot in the style believed (or one drawn with `rng`)
 * would plot them; its
 * pending mortar calls are dropped (the viewer knows of none). A turn resolving step by step is
 * left alone: its plots are being revealed. The dice are left alone (the search reseeds them).
 */

const STYLES: readonly BotStyle[] = ['cautious', 'balanced', 'aggressive'];

export function tankDeterminize(
  ctx: TankContext,
): (state: TankPlayState, viewer: string, rng: ActionRng, style?: BotStyle) => TankPlayState {
  return (state, viewer, rng, believed) => {
    if (state.resolving || state.phase !== 'plot' || !ctx.sides.includes(viewer)) return state;
    let s: TankPlayState = state;
    const others = ctx.sides.filter((side) => side !== viewer);
    const calls = s.calls.filter((c) => c.side === viewer);
    if (calls.length !== s.calls.length) s = { ...s, calls };
    for (const other of others) {
      const plotted = Object.keys(s.plots[other] ?? {}).length > 0;
      const finished = s.done.includes(other);
      if (!plotted && !finished) continue;
      s = {
        ...s,
        plots: withEntry(s.plots, other, dict<Plot>()),
        done: s.done.filter((d) => d !== other),
      };
      // Plotted but not finished: the viewer does not know it has begun, so nothing is put back.
      if (finished) {
        // Drawn even when the style is given, so the rest of the draw is the same either way.
        const drawn = STYLES[rng.index(STYLES.length)]!;
        const style = believed ?? drawn;
        const replot = tankBotTurn(ctx, s, other, style);
        // The bot ends with its side's endPlot, which never resolves here (the viewer has not
        // finished); a bot that found nothing to plot still finished.
        s =
          replot.actions.length > 0
            ? { ...s, ...replot.state }
            : { ...s, done: [...s.done, other] };
      }
    }
    return s;
  };
}
