import type { Viewer } from '../../../game/gameDef';
import type { LogLine, ResolvedLine, ResolvePrompt } from '../../../playtest/view';
import type { TankGame } from '../game';
import type { TankContext, UnitInfo } from '../rules/context';
import { crtColumn, crtRow } from '../rules/crt';
import { sightFor } from '../rules/fire';
import { resolutionSteps, resolveTurn } from '../rules/resolve';
import type { TankEvent, TankState } from '../rules/state';
import type { TankPlayState } from '../steps';
import { describeTankEvent, stepLabel } from './log';
import { sightView } from './sight';

const STEP_RULE: Record<string, string> = {
  IF: 'TC-4.4',
  MORALE: 'TC-6.2',
  CLEANUP: 'OT-32.82',
};

/**
 * Whether a viewer may not know who a unit is: an enemy still unspotted under Costello (TC-7.3).
 * Spotting never goes back, so a unit unspotted after an action was unspotted during it.
 */
export function hiddenFrom(ctx: TankContext, s: TankState, viewer: Viewer, id: string): boolean {
  const i = ctx.units.get(id);
  if (viewer === null || !i || i.side === viewer || !ctx.rules.layers.costello) return false;
  return s.units[id]?.spotted !== true;
}

/** What an unspotted enemy looks like, on its counter and in the log. */
export const hiddenLabel = (i: UnitInfo): string =>
  i.cls === 'vehicle' ? 'Unspotted vehicle' : 'Unspotted infantry';

/**
 * The game's context as a viewer knows its units: an unspotted enemy goes by what its counter
 * shows ("Unspotted vehicle"), never by its name, so a log line cannot name a firer the viewer
 * has not spotted, nor say a counter is a dummy.
 */
export function contextFor(ctx: TankContext, s: TankState, viewer: Viewer): TankContext {
  const hidden = ctx.order.filter((id) => hiddenFrom(ctx, s, viewer, id));
  if (hidden.length === 0) return ctx;
  const units = new Map(ctx.units);
  for (const id of hidden) {
    const i = ctx.units.get(id)!;
    units.set(id, { ...i, name: hiddenLabel(i) });
  }
  return { ...ctx, units };
}

/** Log lines for one event as a viewer may read them (every name for everybody, `null`). */
export function describeFor(
  ctx: TankContext,
  e: TankEvent,
  s: TankState,
  viewer: Viewer | undefined,
): LogLine[] {
  return describeTankEvent(viewer === undefined ? ctx : contextFor(ctx, s, viewer), e, s);
}

/** The last step played: the state before it and its events (re-run from the plotted state). */
interface LastStep {
  readonly before: TankState;
  readonly events: readonly TankEvent[];
}

/**
 * The resolution prompt of a turn resolved step by step, for one viewer: the steps of the
 * sequence of play, the lines of the last step played with the line of sight of each shot the
 * viewer may see (its firer spotted or its own), and the actions for the next step and the rest.
 */
export function resolvePrompt(
  ctx: TankContext,
  game: TankGame,
  s: TankPlayState,
  viewer: Viewer,
): ResolvePrompt {
  const r = s.resolving!;
  const ids = resolutionSteps(ctx);
  const steps = ids.map((id) => ({
    id,
    label: stepLabel(id),
    ruleId: ctx.rules.layers.costello ? 'TC-3' : (STEP_RULE[id] ?? 'OT-G7'),
  }));
  const last = lastStep(ctx, s);
  const happened: ResolvedLine[] = [];
  for (const e of last?.events ?? []) {
    if (!game.eventVisible(e, viewer, s)) continue;
    const lines = describeFor(ctx, e, s, viewer);
    const sight = last && e.type === 'fire' ? shotSight(ctx, last.before, s, e, viewer) : undefined;
    const detail = e.type === 'fire' ? crtWords(ctx, e) : undefined;
    lines.forEach((line, k) =>
      happened.push(
        k === 0 ? { line, ...(sight ? { sight } : {}), ...(detail ? { detail } : {}) } : { line },
      ),
    );
  }
  return {
    kind: 'resolve',
    steps,
    done: r.done,
    happened,
    next: { type: 'resolve' },
    all: { type: 'resolve', all: true },
  };
}

const lastSteps = new WeakMap<TankPlayState, LastStep | undefined>();

function lastStep(ctx: TankContext, s: TankPlayState): LastStep | undefined {
  if (lastSteps.has(s)) return lastSteps.get(s);
  const r = s.resolving;
  let out: LastStep | undefined;
  if (r && r.done > 0) {
    const before = resolveTurn(ctx, r.from, r.done - 1);
    out = {
      before: before.state,
      events: resolveTurn(ctx, r.from, r.done).events.slice(before.events.length),
    };
  }
  lastSteps.set(s, out);
  return out;
}

/**
 * The sight a shot was fired along: from the first firer's hex to the target's as they stood
 * when it fired (the target's hex on the event for opportunity fire during its move; the sight
 * is read with the units as they stood before the step). Left out when the viewer
 * has not spotted the firer, since the line would show where it is.
 */
function shotSight(
  ctx: TankContext,
  before: TankState,
  after: TankState,
  e: Extract<TankEvent, { type: 'fire' }>,
  viewer: Viewer,
) {
  const firer = e.firers[0];
  if (!firer || hiddenFrom(ctx, after, viewer, firer)) return undefined;
  const from = before.units[firer]?.at;
  const to = e.at ?? before.units[e.target]?.at;
  if (!from || !to) return undefined;
  return sightView(sightFor(ctx, before, ctx.units.get(firer)!.side, from, to));
}

/** Where a direct-fire shot read the CRT: its row by range and its column by differential (OT-G1). */
function crtWords(ctx: TankContext, e: Extract<TankEvent, { type: 'fire' }>): string[] | undefined {
  if (e.kind === 'DF-CA') return undefined;
  const crt = ctx.rules.crt;
  const row = crtRow(crt, e.range);
  if (!row) return undefined;
  const col = crtColumn(crt, e.differential);
  const cell =
    e.threshold === null
      ? 'no effect (".")'
      : `an adjusted roll of ${e.threshold} or less takes effect`;
  return [
    `CRT row up to ${row.rangeMax} hexes (range ${e.range}), column ${col > 0 ? '+' : ''}${col}: ${cell} (OT-G1)`,
  ];
}
