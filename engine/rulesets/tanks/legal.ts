import type { ActionRng } from '../../game/gameDef';
import { pick, pickNumber, sampleAccepted } from '../../game/legal';
import type { Reducer } from '../../game/reducer';
import { tablePoint } from '../../geometry/units';
import { botTurn } from './bot';
import {
  attacksOf,
  cancelChoices,
  currentActor,
  defaultCancel,
  defaultObjectiveSpot,
  defaultSplit,
  defaultTerrainSpot,
  inPlay,
  info,
  inShape,
  isHelicopter,
  moveLength,
  objectiveToPlace,
  speedOf,
  terrainRollPending,
  terrainToPlace,
  zonesOf,
  type TanksAction,
  type TanksContext,
  type TanksEvent,
  type TanksState,
} from './rules';

/**
 * One action a TANKS side may take now, drawn at random, for the ruleset kit (`sampleAction`):
 * moves go along any heading and any length of the Measuring Arrow and models deploy at any point
 * of the table, so the choices cannot be listed. A draw picks what kind of thing to do among
 * those the moment allows (move, take Defensive Measures, turn a helicopter's elevation, end the
 * activation; shoot with any weapon at any enemy; place terrain or an objective token anywhere;
 * cancel or split any number of Criticals), then its numbers, and keeps the first draw the rules
 * accept; when several draws are refused it takes the book's default, and when that is refused
 * too, the heuristic bot's choice, so the side is never left without an action.
 */

type Rules = Reducer<TanksState, TanksAction, TanksEvent>;

/** Draws per sample before the defaults are taken. */
const TRIES = 24;

export function tanksSampleAction(
  ctx: TanksContext,
  rules: Rules,
  state: TanksState,
  side: string,
  asked: string | undefined,
  rng: ActionRng,
): TanksAction | undefined {
  if (state.phase === 'ended' || asked !== side) return undefined;
  const end: TanksAction = { type: 'endPhase', side };
  const point = (): [number, number] => [
    pickNumber(rng, 0, ctx.table.width),
    pickNumber(rng, 0, ctx.table.height),
  ];
  const degrees = () => rng.index(360);
  const draw = drawFor(ctx, state, side, rng, point, degrees);
  const fallbacks = defaults(ctx, state, side);
  return (
    sampleAccepted(rules, state, draw, TRIES, [...fallbacks, end]) ??
    botTurn(ctx, state, side).actions[0]
  );
}

function drawFor(
  ctx: TanksContext,
  state: TanksState,
  side: string,
  rng: ActionRng,
  point: () => [number, number],
  degrees: () => number,
): () => TanksAction | undefined {
  const end: TanksAction = { type: 'endPhase', side };
  if (terrainRollPending(state)) return () => ({ type: 'rollForTerrain', side });
  const piece = terrainToPlace(state);
  if (piece)
    return () => ({
      type: 'placeTerrain',
      side,
      piece: piece.id,
      at: point(),
      rotation: degrees(),
    });
  if (state.edgeChoice === 'pending')
    return () =>
      pick(rng, [
        end,
        ...(['north', 'south', 'east', 'west'] as const).map((edge): TanksAction => ({
          type: 'chooseEdge',
          side,
          edge,
        })),
      ]);
  const token = objectiveToPlace(state);
  if (token) return () => ({ type: 'placeObjective', side, objective: token.id, at: point() });
  const p = state.pending;
  if (p) {
    if (p.split)
      return () => ({ type: 'split', side, criticals: rng.index(p.split!.eligible + 1) });
    const c = cancelChoices(p);
    return () => ({ type: 'cancel', side, criticals: c.min + rng.index(c.max - c.min + 1) });
  }
  const unit = currentActor(ctx, state);
  if (!unit) return () => end;
  const m = state.models[unit]!;
  const hidden = ctx.order.flatMap((id) =>
    info(ctx, id).side === side
      ? state.models[id]!.cards.filter((c) => c.hidden).map((c) => ({ id, card: c.card }))
      : [],
  );
  const reveal = (): TanksAction | undefined => {
    const h = pick(rng, hidden);
    return h && { type: 'reveal', unit: h.id, card: h.card };
  };
  if (m.at === null) {
    const zones = zonesOf(ctx, state, side);
    return () => {
      // A point of the model's zone, most draws: the table is mostly outside it.
      for (let i = 0; i < 8; i++) {
        const at = point();
        if (zones.some((z) => inShape(tablePoint(at[0], at[1]), z, ctx.table)))
          return { type: 'deploy', unit, at, facing: degrees() };
      }
      return { type: 'deploy', unit, at: point(), facing: degrees() };
    };
  }
  if (state.phase === 'deployment' || state.phase === 'movement') {
    const len = moveLength(ctx, unit);
    const speed = Math.max(1, speedOf(ctx, state, unit));
    const kinds: (() => TanksAction | undefined)[] = [
      () => end,
      () => {
        // A tank ends a move facing along its heading or away from it (the Measuring Arrow's
        // ends); a helicopter turns freely: the facing is drawn from those and any.
        const heading = degrees();
        const facing = pick(rng, [heading, (heading + 180) % 360, m.facing, degrees()]) ?? heading;
        return { type: 'move', unit, heading, distance: pickNumber(rng, 0, len), facing };
      },
      () => ({ type: 'defend', unit, tokens: 1 + rng.index(speed) }),
      reveal,
    ];
    if (isHelicopter(ctx, unit)) kinds.push(() => ({ type: 'switchElevation', unit }));
    return () => pick(rng, kinds)!();
  }
  const enemies = ctx.order.filter((id) => info(ctx, id).side !== side && inPlay(state.models[id]));
  const weapons = attacksOf(ctx, state, unit);
  return () =>
    pick(rng, [
      () => end,
      reveal,
      (): TanksAction | undefined => {
        const target = pick(rng, enemies);
        const weapon = pick(rng, weapons);
        return target && weapon
          ? { type: 'shoot', unit, target, weapon, ...(rng.index(4) === 0 ? { boost: true } : {}) }
          : undefined;
      },
    ])!();
}

/** The book's defaults for the moment, tried when draws are refused. */
function defaults(ctx: TanksContext, state: TanksState, side: string): (TanksAction | undefined)[] {
  const piece = terrainToPlace(state);
  if (piece) {
    const spot = defaultTerrainSpot(ctx, state);
    return spot
      ? [{ type: 'placeTerrain', side, piece: piece.id, at: spot.at, rotation: spot.rotation }]
      : [];
  }
  const token = objectiveToPlace(state);
  if (token) {
    const at = defaultObjectiveSpot(ctx, state);
    return at ? [{ type: 'placeObjective', side, objective: token.id, at }] : [];
  }
  const p = state.pending;
  if (p)
    return [
      p.split
        ? { type: 'split', side, criticals: defaultSplit(ctx, state) }
        : { type: 'cancel', side, criticals: defaultCancel(p) },
    ];
  return [];
}
