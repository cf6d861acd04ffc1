import { defineView } from '../../../playtest/viewBase';
import type { Point } from '../../../format';
import { distinctGlyphs } from '../../../playtest/glyphs';
import type { GameAction } from '../../../game/gameDef';
import { tablePoint } from '../../../geometry/units';
import { angleBetween, bearing } from '../../../geometry/vector';
import type { CostGrid } from '../../../movement/reachableArea';
import type {
  CounterView,
  FirePreview,
  MovePlan,
  ObjectiveView,
  PhaseInfo,
  ReachView,
  ScoreLine,
  SightView,
  TablePlaytestView,
  TemplateView,
  UnitCommand,
  WeaponChoice,
} from '../../../playtest/view';
import { sideToAct, type TanksGame } from '../game';
import {
  activationOrder,
  atCapacity,
  attacksOf,
  boostOf,
  cancelChoices,
  checkMove,
  currentActor,
  deployProblem,
  facingInto,
  holderOf,
  info,
  inPlay,
  isHelicopter,
  isRefusal,
  isRefused,
  longestMove,
  mayActNow,
  moveLength,
  objectiveCentre,
  objectivesOf,
  objectivePlaceProblem,
  objectiveToPlace,
  objectiveZone,
  oddsOf,
  planShot,
  sideName,
  speedOf,
  statOf,
  gameEnd,
  timeLimitMinutes,
  edgeChoices,
  enemyOf,
  featuresNow,
  pieceLabel,
  pieceOutlineAt,
  poolPiece,
  objectiveLabel,
  terrainPending,
  terrainPlaceProblem,
  terrainRollPending,
  terrainToPlace,
  zonesOf,
  unitVector,
  type ModelState,
  type TanksContext,
  type TanksEvent,
  type TanksState,
  type Weapon,
} from '../rules';
import { describeEvent } from './log';

const PHASES = [
  { id: 'movement', label: 'Movement' },
  { id: 'shooting', label: 'Shooting' },
  { id: 'command', label: 'Command' },
];

const xy = (p: { x: number; y: number }): Point => [p.x, p.y];

/** Two letters for a counter: "T-64" → "T6", "M1 Abrams" → "M1", "Hind" → "Hi". */
function glyphOf(name: string): string {
  const letters = name.replace(/[^A-Za-z0-9]/g, '');
  return letters.slice(0, 2) || '?';
}

/** The Measuring Arrow laid from a model along a heading, drawn to scale (TK-G1). */
function arrowShapes(ctx: TanksContext, from: Point, heading: number): TemplateView[] {
  const { tail, total, headWidth } = ctx.rules.arrow;
  const u = unitVector(heading);
  const n = { x: -u.y, y: u.x };
  const shaft = Math.max(0.15, headWidth / 3);
  const p = (along: number, side: number): Point => [
    from[0] + u.x * along + n.x * side,
    from[1] + u.y * along + n.y * side,
  ];
  return [
    {
      shape: 'polygon',
      points: [p(0, -shaft / 2), p(tail, -shaft / 2), p(tail, shaft / 2), p(0, shaft / 2)],
      label: `Tail ${tail}"`,
    },
    {
      shape: 'polygon',
      points: [p(tail, -headWidth / 2), p(total, 0), p(tail, headWidth / 2)],
      label: `head, whole arrow ${total}"`,
    },
  ];
}

/** The TANKS game as the playtest screen shows it. */
export function tanksView(
  ctx: TanksContext,
  game: TanksGame,
): TablePlaytestView<TanksState, TanksEvent> {
  const name = (id: string) => ctx.models.get(id)?.name ?? id;
  const tokenName = (id: string) => objectiveLabel(ctx, id);

  /** The model whose owner is asked now: the actor, or the model whose dice cancel. */
  const askedModel = (state: TanksState): string | undefined => {
    const p = state.pending;
    if (p) return p.chooser === 'target' ? p.target : p.shooter;
    return currentActor(ctx, state);
  };

  const canMoveNow = (state: TanksState, unit: string): boolean => {
    const m = state.models[unit];
    if (!m || askedModel(state) !== unit) return false;
    // Placing terrain (TK-2.2): the asked model's owner clicks where the piece goes.
    if (terrainRollPending(state)) return false;
    if (terrainToPlace(state)) return true;
    if (state.pending || state.edgeChoice === 'pending') return false;
    // Placing an objective token (TK-9): the asked model's owner clicks where the token goes.
    if (objectiveToPlace(state)) return true;
    if (state.phase === 'movement') return inPlay(m);
    return state.phase === 'deployment' && (m.at === null || state.acting === unit);
  };

  // One glyph per model type, told apart when two types share their letters (T-64, T-62).
  const glyphs = distinctGlyphs(
    ctx.order.map((id) => info(ctx, id).card.type.name),
    glyphOf,
  );
  const counter = (state: TanksState, m: ModelState, viewer: string | null): CounterView => {
    const i = info(ctx, m.id);
    const status: string[] = [];
    if (m.status === 'destroyed') status.push('destroyed');
    else {
      status.push(m.speedToken ? `Speed ${m.speedToken}` : 'stationary');
      const cap = statOf(ctx, state, m.id, 'damageCapacity');
      status.push(`damage ${m.damage}/${cap}`);
      if (atCapacity(ctx, state, m.id)) status.push('Final Fury');
      if (m.elevation) status.push(`flying ${m.elevation}`);
      for (const c of state.deck.hands[m.id] ?? [])
        status.push(ctx.rules.cat.cards.get(c)?.name ?? c);
      const own = viewer === null || viewer === i.side;
      for (const c of m.cards) {
        const cname = ctx.rules.cat.cards.get(c.card)?.name ?? c.card;
        if (!c.hidden) status.push(cname);
        else if (own) status.push(`${cname} (face down)`);
      }
      const hidden = m.cards.filter((c) => c.hidden).length;
      if (hidden && !own) status.push(`${hidden} face-down card${hidden === 1 ? '' : 's'}`);
      if (state.done.includes(m.id)) status.push('done');
      if (m.damage > 0) status.push('hit');
    }
    const badges: string[] = [];
    if (m.status === 'active' && m.at) {
      if (m.speedToken) badges.push(`S${m.speedToken}`);
      const cap = statOf(ctx, state, m.id, 'damageCapacity');
      if (m.damage) badges.push(`${m.damage}/${cap}`);
      if (m.elevation === 'high') badges.push('HIGH');
      const crits = state.deck.hands[m.id]?.length ?? 0;
      if (crits) badges.push(`${crits}C`);
    }
    return {
      id: m.id,
      side: i.side,
      badges,
      label: `${i.name}${i.name !== i.card.type.name ? ` (${i.card.type.name})` : ''}`,
      glyph: glyphs.get(i.card.type.name) ?? glyphOf(i.card.type.name),
      kind:
        m.status === 'destroyed' ? 'wreck' : i.card.kind === 'helicopter' ? 'figure' : 'vehicle',
      formation: i.platoon,
      formationLabel: i.platoonName,
      at: m.at ? [m.at[0], m.at[1]] : null,
      facing: m.facing,
      turret: undefined,
      size: { length: i.card.length, width: i.card.width },
      embarkedIn: null,
      passengers: [],
      status,
      moved: state.phase === 'movement' ? m.moves / Math.max(1, speedOf(ctx, state, m.id)) : 0,
      alive: m.status === 'active',
    };
  };

  const sightView = (plan: ReturnType<typeof planShot>): SightView | undefined => {
    const sight = 'sight' in plan ? plan.sight : undefined;
    if (!sight) return undefined;
    const d = Math.hypot(sight.to.x - sight.from.x, sight.to.y - sight.from.y);
    return {
      from: xy(sight.from),
      to: xy(sight.to),
      visible: sight.visible,
      distance: d,
      ...(sight.blockedBy
        ? {
            blockedBy: {
              id: sight.blockedBy.id,
              name: sight.blockedBy.name,
              kind: sight.blockedBy.kind,
              at: sight.blockedBy.at,
              ruleId: sight.blockedBy.ruleId,
              outline: sight.blockedBy.outline.map(xy),
            },
          }
        : {}),
      cover: sight.cover ? 'cover' : 'none',
      coverFrom: sight.coverText,
      ruleId: sight.ruleId,
      crossed: [
        `seen from ${sight.eyeFrom}`,
        ...(sight.highFlyer ? ['a high-flying helicopter sees and is seen by all (TK-5.4)'] : []),
        ...(sight.ignored.length
          ? [`the shooter stands in ${sight.ignored.join(', ')} and ignores it (TK-A6)`]
          : []),
        ...sight.crossed,
      ],
      rays: [
        ...sight.corners.map((c, k) => ({
          to: xy(c.corner),
          clear: c.clear,
          label: `corner ${k + 1}${c.by ? `: ${c.by}` : ''}`,
        })),
        ...(sight.stemLine
          ? [
              {
                to: xy(sight.stemLine.to),
                clear: !sight.stemLine.concealedBy,
                label: `stem${sight.stemLine.concealedBy ? `: ${sight.stemLine.concealedBy.name}` : ''}`,
              },
            ]
          : []),
      ],
    };
  };

  const view: TablePlaytestView<TanksState, TanksEvent> = defineView<
    TanksState,
    TanksEvent,
    'table'
  >({
    board: 'table',
    game,
    label: 'TANKS',
    table: { width: ctx.table.width, height: ctx.table.height },

    phase(state): PhaseInfo {
      const over = state.phase === 'ended';
      const side = sideToAct(ctx, state);
      const order = activationOrder(ctx, state);
      const todo: Record<string, string[]> = {};
      for (const s of ctx.sides) {
        const lines: string[] = [];
        const left = order.filter((id) => info(ctx, id).side === s).length;
        const pieces = state.terrainPlacement?.pieces.filter(
          (p) => p.side === s && p.at === null && !p.setAside,
        );
        if (terrainRollPending(state)) {
          const n = (type: string) => ctx.terrainPool.filter((p) => p.type === type).length;
          lines.push(
            `rolls off for the terrain: ${n('forest')} forests and ${n('building')} buildings wait to be placed (TK-2.2)`,
          );
        } else if (pieces?.length)
          lines.push(`to place: ${pieces.map((p) => pieceLabel(ctx, p.id)).join(', ')} (TK-2.2)`);
        if (!over && !terrainPending(state)) {
          if (state.phase === 'deployment') lines.push(`${left} model(s) to deploy`);
          if (state.phase === 'movement') lines.push(`${left} model(s) still to move`);
          if (state.phase === 'shooting') lines.push(`${left} model(s) still to shoot`);
        }
        if (state.advantage === s) lines.push('has Advantage (wins Initiative ties)');
        if (state.attacker === s) lines.push('Attacker');
        todo[s] = lines;
      }
      const asked = askedModel(state);
      const label =
        state.phase === 'deployment'
          ? 'Deployment'
          : state.phase === 'movement'
            ? 'Movement'
            : state.phase === 'shooting'
              ? 'Shooting'
              : 'Game over';
      return {
        turn: state.turn,
        // The scenario's turn limit, else the catalog's default end (TK-G8).
        turnLimit: gameEnd(ctx, state)?.turn,
        phase: terrainPending(state) ? 'terrain' : state.phase,
        phaseLabel: terrainRollPending(state)
          ? 'Terrain roll-off'
          : terrainToPlace(state)
            ? 'Terrain placement'
            : state.edgeChoice === 'pending'
              ? 'Edge choice'
              : objectiveToPlace(state)
                ? 'Objective placement'
                : state.pending?.split
                  ? 'Criticals or Hits'
                  : state.pending
                    ? 'Cancel hits'
                    : label,
        phaseRuleId: terrainPending(state)
          ? 'TK-2.2'
          : state.edgeChoice === 'pending'
            ? 'TK-2.4'
            : objectiveToPlace(state)
              ? 'TK-9'
              : state.pending?.split
                ? 'TK-6.12'
                : state.pending
                  ? 'TK-6.7'
                  : state.phase === 'deployment'
                    ? 'TK-2.5'
                    : state.phase === 'movement'
                      ? 'TK-4.1'
                      : state.phase === 'shooting'
                        ? 'TK-6.1'
                        : undefined,
        phases: [
          ...(terrainPending(state) ? [{ id: 'terrain', label: 'Terrain' }] : []),
          ...(state.phase === 'deployment' ? [{ id: 'deployment', label: 'Deployment' }] : []),
          ...PHASES,
        ],
        waitingFor: side ? [side] : [],
        todo,
        prompt:
          over || !asked || !side
            ? { kind: 'wait', for: [] }
            : {
                kind: 'activate',
                unit: asked,
                queue: state.pending ? [] : order.filter((id) => id !== asked),
              },
        over,
      };
    },

    // Model cards are public (TK-8.8): every counter shows its stats; only face-down crew and
    // upgrade cards stay hidden from the other side.
    counters(state, viewer) {
      return ctx.order
        .map((id) => state.models[id]!)
        .filter((m) => m.status !== 'removed')
        .map((m) => counter(state, m, viewer));
    },

    objectives(state): ObjectiveView[] {
      return objectivesOf(ctx, state).flatMap((o) => {
        const c = objectiveCentre(o);
        if (!c) return [];
        const holder = holderOf(ctx, state, o);
        const scorer =
          ctx.mission?.scorer === 'attacker'
            ? `only ${sideName(ctx, state.attacker)} (Attacker) scores it`
            : o.owner
              ? `${sideName(ctx, o.owner)} scores it`
              : 'whoever holds it scores';
        return [
          {
            id: o.id,
            name: o.name ?? o.id,
            owner: o.owner,
            area: { shape: 'circle', center: c, radius: ctx.rules.holdDistance },
            known: true,
            revealed: true,
            held: holder ? 1 : 0,
            needed: 1,
            text: `${o.name ?? o.id}: ${holder ? `held by ${sideName(ctx, holder)}` : 'not held'}; ${scorer}, ${o.vpPerTurn ?? 1} VP a turn (a tank within ${ctx.rules.holdDistance}" of the token, no enemy tank as near, TK-9)`,
          },
        ];
      });
    },

    terrain: (state) => featuresNow(ctx, state),

    score(state): ScoreLine[] {
      return ctx.sides.map((s) => ({
        side: s,
        label: sideName(ctx, s),
        value: `${state.vp[s] ?? 0} VP, ${state.destroyedPoints[s] ?? 0} points destroyed`,
      }));
    },

    canAct(state, unit, side) {
      if (state.phase === 'ended' || !ctx.models.has(unit)) return false;
      if (info(ctx, unit).side !== side) return false;
      // A pending choice (cancelling, the Defender's edge, TK-2.4, an objective token, TK-9) is
      // made on the asked model, whatever the Initiative order.
      if (
        terrainPending(state) ||
        state.pending ||
        state.edgeChoice === 'pending' ||
        objectiveToPlace(state)
      )
        return askedModel(state) === unit;
      return sideToAct(ctx, state) === side && mayActNow(ctx, state, unit) === undefined;
    },

    commands(state, unit): UnitCommand[] {
      const m = state.models[unit];
      if (!m || state.phase === 'ended') return [];
      const i = info(ctx, unit);
      const out: UnitCommand[] = [];
      const p = state.pending;
      if (terrainRollPending(state)) {
        if (askedModel(state) !== unit) return [];
        return [
          {
            id: 'terrain-roll',
            label: 'Roll off for the terrain (the higher roller places the first Forest)',
            action: { type: 'rollForTerrain', side: i.side },
            ruleId: 'TK-2.2',
          },
        ];
      }
      const piece = terrainToPlace(state);
      if (piece) {
        if (askedModel(state) !== unit) return [];
        const turn = (id: string, by: number, label: string): UnitCommand => ({
          id,
          label,
          action: {
            type: 'turnTerrain',
            side: i.side,
            piece: piece.id,
            rotation: (((piece.rotation + by) % 360) + 360) % 360,
          },
          ruleId: 'TK-2.2',
        });
        return [
          turn('terrain-turn-45', 45, `Turn ${pieceLabel(ctx, piece.id)} 45° clockwise`),
          turn('terrain-turn-back', -45, `Turn ${pieceLabel(ctx, piece.id)} 45° anticlockwise`),
          {
            id: 'terrain-default',
            label: `Let the engine place ${pieceLabel(ctx, piece.id)} (near your edge)`,
            action: { type: 'endPhase', side: i.side },
            ruleId: 'TK-2.3',
          },
        ];
      }
      const edges = state.edgeChoice === 'pending' ? edgeChoices(ctx) : undefined;
      if (edges) {
        if (askedModel(state) !== unit) return [];
        const own = edges.find((e) => e.side === i.side)!.edge;
        for (const e of [own, ...edges.map((x) => x.edge).filter((x) => x !== own)])
          out.push({
            id: `edge-${e}`,
            label: `${e === own ? 'Keep' : 'Take'} the ${e} edge (the Attacker deploys opposite)`,
            action: { type: 'chooseEdge', side: i.side, edge: e },
            ruleId: 'TK-2.4',
          });
        return out;
      }
      if (p?.split) {
        if (askedModel(state) !== unit) return [];
        for (let k = p.split.eligible; k >= 0; k--)
          out.push({
            id: `split-${k}`,
            label:
              k === 0
                ? `Keep ${p.split.eligible === 1 ? 'the Critical' : `all ${p.split.eligible} Criticals`}`
                : `Turn ${k === p.split.eligible && k > 1 ? `all ${k}` : k} Critical${k === 1 ? '' : 's'} into two Hits each`,
            action: { type: 'split', side: i.side, criticals: k },
            ruleId: 'TK-6.12',
          });
        return out;
      }
      if (p) {
        if (askedModel(state) !== unit) return [];
        const c = cancelChoices(p);
        const what = p.chooser === 'target' ? 'sixes' : 'fours and fives';
        for (let k = c.max; k >= c.min; k--)
          out.push({
            id: `cancel-${k}`,
            label: `Your ${what} cancel ${k} Critical${k === 1 ? '' : 's'} and ${c.dice - k} Hit${c.dice - k === 1 ? '' : 's'}`,
            action: { type: 'cancel', side: i.side, criticals: k },
            ruleId: 'TK-6.7',
          });
        return out;
      }
      const acting = askedModel(state) === unit || mayActNow(ctx, state, unit) === undefined;
      if (acting && state.phase === 'movement' && inPlay(m)) {
        const speed = speedOf(ctx, state, unit);
        for (let t = 1; t <= speed; t++)
          out.push({
            id: `defend-${t}`,
            label: `Defensive Measures: Speed ${t}`,
            action: m.moves === 0 ? { type: 'defend', unit, tokens: t } : undefined,
            ...(m.moves > 0 ? { disabledReason: 'it has already moved this turn' } : {}),
            ruleId: 'TK-4.7',
          });
        if (isHelicopter(ctx, unit))
          out.push({
            id: 'elevation',
            label: m.elevation === 'high' ? 'Drop low here (Speed 1)' : 'Climb high here (Speed 1)',
            action:
              m.moves === 0 && !m.elevationSwitched ? { type: 'switchElevation', unit } : undefined,
            ...(m.moves > 0 || m.elevationSwitched
              ? { disabledReason: 'only standing still, once a turn' }
              : {}),
            ruleId: 'TK-4.8',
          });
      }
      if (acting && (state.phase === 'movement' || state.phase === 'shooting'))
        out.push({
          id: 'done',
          label:
            state.phase === 'movement'
              ? m.moves
                ? 'Stop here'
                : 'Stay put (Stationary)'
              : 'Hold fire',
          action: { type: 'endPhase', side: i.side },
          ruleId: state.phase === 'movement' ? 'TK-4.5' : 'TK-6.2',
        });
      for (const c of m.cards)
        if (c.hidden)
          out.push({
            id: `reveal-${c.card}`,
            label: `Reveal ${ctx.rules.cat.cards.get(c.card)?.name ?? c.card}`,
            action: { type: 'reveal', unit, card: c.card },
            ruleId: 'TK-8.7',
          });
      return out;
    },

    reachable(state, unit): ReachView | undefined {
      if (!canMoveNow(state, unit)) return undefined;
      const m = state.models[unit]!;
      const piece = terrainToPlace(state);
      if (piece) {
        const ma = ctx.rules.arrow.total;
        const pool = poolPiece(ctx, piece.id)!;
        const box = pieceOutlineAt(pool, [0, 0], piece.rotation);
        const w = Math.max(...box.map((q) => q.x)) - Math.min(...box.map((q) => q.x));
        const h = Math.max(...box.map((q) => q.y)) - Math.min(...box.map((q) => q.y));
        return {
          grid: undefined,
          entry: {
            area: {
              shape: 'rect',
              x: ma,
              y: ma,
              width: ctx.table.width - 2 * ma,
              height: ctx.table.height - 2 * ma,
            },
            depth: ma,
            ruleId: 'TK-2.3',
            label: `The whole piece goes inside the shaded area, ${ma}" in from every edge`,
          },
          budget: 1,
          rate: '',
          placing: `Put ${pieceLabel(ctx, piece.id)} down (${w.toFixed(1)}" × ${h.toFixed(1)}", turned ${Math.round(piece.rotation)}°): click where its centre goes`,
          bands: [
            { max: 1, label: `one Measuring Arrow (${ma}") clear of every table edge (TK-2.3)` },
            { max: 1, label: `and ${ma}" clear of every piece already down (TK-2.3)` },
          ],
        };
      }
      const token = objectiveToPlace(state);
      if (token) {
        const zone = objectiveZone(ctx, state, token.side);
        return {
          grid: undefined,
          ...(zone ? { entry: { area: zone, depth: ctx.rules.arrow.total, ruleId: 'TK-9' } } : {}),
          budget: 1,
          rate: '',
          placing: `Put ${tokenName(token.id)} down anywhere in the strip: click where it goes`,
          bands: [
            {
              max: 1,
              label: `within one Measuring Arrow (${ctx.rules.arrow.total}") of ${sideName(ctx, enemyOf(ctx, token.side))}'s edge (TK-9)`,
            },
          ],
        };
      }
      if (state.phase === 'deployment' && m.at === null) {
        const zone = zonesOf(ctx, state, info(ctx, unit).side)[0];
        return {
          grid: undefined,
          ...(zone
            ? { entry: { area: zone, depth: ctx.rules.arrow.total, ruleId: 'TK-2.6' } }
            : {}),
          budget: 1,
          rate: 'deploys anywhere in the strip',
          bands: [
            {
              max: 1,
              label: `wholly within one Measuring Arrow (${ctx.rules.arrow.total}") of its edge (TK-2.6)`,
            },
          ],
        };
      }
      const speed = speedOf(ctx, state, unit);
      const len = moveLength(ctx, unit);
      const cell = 0.5;
      const originX = Math.max(0, Math.floor((m.at![0] - len) / cell) * cell);
      const originY = Math.max(0, Math.floor((m.at![1] - len) / cell) * cell);
      const cols = Math.ceil((Math.min(ctx.table.width, m.at![0] + len) - originX) / cell);
      const rows = Math.ceil((Math.min(ctx.table.height, m.at![1] + len) - originY) / cell);
      const costs: number[] = new Array<number>(cols * rows).fill(Infinity);
      const step = 1 / Math.max(1, speed);
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          const x = originX + (c + 0.5) * cell;
          const y = originY + (r + 0.5) * cell;
          const d = Math.hypot(x - m.at![0], y - m.at![1]);
          if (d > len) continue;
          const heading = bearing(tablePoint(m.at![0], m.at![1]), tablePoint(x, y));
          const facing = isHelicopter(ctx, unit) ? heading : travelFacing(m.facing, heading);
          if (!isRefusal(checkMove(ctx, state, m, heading, d, facing, undefined)))
            costs[r * cols + c] = step;
        }
      }
      const grid: CostGrid = { originX, originY, cellSize: cell, cols, rows, costs };
      return {
        grid,
        budget: (speed - m.moves) / Math.max(1, speed),
        rate: `${isHelicopter(ctx, unit) ? `whole arrow ${len}"` : `Tail ${len}"`} a move, ${speed - m.moves} of ${speed} moves left`,
        bands: [
          { max: step, label: `reached by its next move (${m.moves + 1} of ${speed})` },
          {
            max: 1,
            label:
              speed - m.moves > 1
                ? `then ${speed - m.moves - 1} more move(s) from where it stops`
                : 'its last move this turn',
          },
        ],
      };
    },

    planMove(state, unit, to): MovePlan<'table'> {
      const m = state.models[unit];
      if (!m) return { ok: false, reason: `no model "${unit}"` };
      if (terrainRollPending(state))
        return {
          ok: false,
          reason: 'roll off for the terrain first (the command beside the model)',
          ruleId: 'TK-2.2',
        };
      const piece = terrainToPlace(state);
      if (piece) {
        const side = info(ctx, unit).side;
        const bad = terrainPlaceProblem(ctx, state, side, piece.id, to, piece.rotation);
        if (bad) return { ok: false, reason: bad.reason, ruleId: bad.ruleId };
        const label = pieceLabel(ctx, piece.id);
        const outline = pieceOutlineAt(poolPiece(ctx, piece.id)!, to, piece.rotation);
        return {
          ok: true,
          action: { type: 'placeTerrain', side, piece: piece.id, at: to, rotation: piece.rotation },
          to,
          path: [to],
          snapped: false,
          explanation: `${sideName(ctx, side)} places ${label} here, one Measuring Arrow clear of every edge and piece (TK-2.2, TK-2.3)`,
          shapes: [{ shape: 'polygon', points: outline.map(xy), label }],
        };
      }
      const token = objectiveToPlace(state);
      if (token && state.edgeChoice !== 'pending') {
        const side = info(ctx, unit).side;
        const bad = objectivePlaceProblem(ctx, state, side, token.id, to);
        if (bad) return { ok: false, reason: bad.reason, ruleId: bad.ruleId };
        const label = tokenName(token.id);
        return {
          ok: true,
          action: { type: 'placeObjective', side, objective: token.id, at: to },
          to,
          path: [to],
          snapped: false,
          explanation: `${sideName(ctx, side)} places ${label} here; a tank within ${ctx.rules.holdDistance}" of it holds it (TK-9)`,
          shapes: [
            { shape: 'circle', centre: to, diameter: 1, label },
            { shape: 'circle', centre: to, diameter: 2 * ctx.rules.holdDistance },
          ],
        };
      }
      const wrong = mayActNow(ctx, state, unit);
      if (wrong) return { ok: false, reason: wrong, ruleId: 'TK-4.1' };
      if (state.phase === 'deployment' && m.at === null) {
        const facing = facingInto(ctx, to);
        const bad = deployProblem(ctx, state, unit, to, facing, undefined);
        if (bad) return { ok: false, reason: bad.reason, ruleId: bad.ruleId };
        return {
          ok: true,
          action: { type: 'deploy', unit, at: to, facing },
          to,
          path: [to],
          snapped: false,
          explanation: `${name(unit)} deploys here facing ${Math.round(facing)}° (TK-2.6)`,
        };
      }
      if (!canMoveNow(state, unit))
        return { ok: false, reason: `${name(unit)} does not move now`, ruleId: 'TK-4' };
      const from: Point = [m.at![0], m.at![1]];
      const heading = bearing(tablePoint(from[0], from[1]), tablePoint(to[0], to[1]));
      const len = moveLength(ctx, unit);
      const want = Math.min(len, Math.hypot(to[0] - from[0], to[1] - from[1]));
      const facing = isHelicopter(ctx, unit) ? heading : travelFacing(m.facing, heading);
      const shapes = arrowShapes(ctx, from, heading);
      const r = checkMove(ctx, state, m, heading, want, facing, undefined);
      let distance = want;
      let snapped = want < Math.hypot(to[0] - from[0], to[1] - from[1]) - 1e-6;
      let note = '';
      if (isRefusal(r)) {
        const d = longestMove(ctx, state, m, heading, facing, undefined, want);
        if (d === undefined || d < 0.05) return { ok: false, reason: r.reason, ruleId: r.ruleId };
        distance = d;
        snapped = true;
        note = ` It stops short: ${r.reason} (${r.ruleId}).`;
      }
      const end: Point = [
        from[0] + Math.cos((heading * Math.PI) / 180) * distance,
        from[1] + Math.sin((heading * Math.PI) / 180) * distance,
      ];
      return {
        ok: true,
        action: { type: 'move', unit, heading, distance, facing },
        to: end,
        path: [from],
        snapped,
        shapes,
        explanation: `${name(unit)} move ${m.moves + 1} of ${speedOf(ctx, state, unit)}: ${distance.toFixed(1)}" along the arrow, ending facing ${Math.round(facing)}°${snapped && !note ? ` (at most ${len}" a move)` : ''}.${note}`,
      };
    },

    faceAction(state, unit, facing): GameAction | undefined {
      const m = state.models[unit];
      if (!m || state.phase !== 'movement' || !canMoveNow(state, unit)) return undefined;
      // Turning on the spot is a move of no length along an arrow laid the new way (TK-A9).
      const r = checkMove(ctx, state, m, facing, 0, facing, undefined);
      return isRefusal(r)
        ? undefined
        : { type: 'move', unit, heading: facing, distance: 0, facing };
    },

    weapons(state, unit): WeaponChoice[] {
      if (state.phase !== 'shooting' || state.pending || askedModel(state) !== unit) return [];
      const i = info(ctx, unit);
      const out: WeaponChoice[] = [];
      const boost = boostOf(ctx, state, unit);
      for (const w of attacksOf(ctx, state, unit)) {
        const label =
          w === 'gun'
            ? i.card.kind === 'tank'
              ? `Gun (Attack ${statOf(ctx, state, unit, 'attack')}; AAMG against helicopters)`
              : `Guns (Attack ${statOf(ctx, state, unit, 'attack')})`
            : w === 'missiles'
              ? 'Missiles'
              : 'Rapid Fire';
        out.push({
          id: w,
          label,
          ammo: [],
          atPoint: false,
          maxRange: undefined,
          remaining: 'no range limit',
        });
        if (boost.dice > 0)
          out.push({
            id: `${w}:boost`,
            label: `${label} +${boost.dice} (${boost.cards.map((c) => ctx.rules.cat.cards.get(c)?.name ?? c).join(', ')})`,
            ammo: [],
            atPoint: false,
            maxRange: undefined,
            remaining: 'once a game',
          });
      }
      return out;
    },

    previewFire(state, shooter, weaponId, _ammo, target): FirePreview<'table'> {
      const [w, extra] = weaponId.split(':');
      const weapon = (w ?? 'gun') as Weapon;
      const none = (reason: string, ruleId?: string): FirePreview<'table'> => ({
        legal: false,
        reason,
        ...(ruleId ? { ruleId } : {}),
        sight: undefined,
        range: undefined,
        band: undefined,
        steps: [],
        odds: [],
        templates: [],
        action: undefined,
      });
      if (!target.unit) return none('TANKS shots are at models, not points', 'TK-6');
      if (!ctx.models.has(target.unit)) return none(`no model "${target.unit}"`);
      const plan = planShot(ctx, state, shooter, target.unit, weapon, extra === 'boost');
      if (isRefused(plan)) return { ...none(plan.refused, plan.ruleId), sight: sightView(plan) };
      const odds = oddsOf(ctx, state, plan);
      const a = plan.attack;
      const faces = `${a.hitOn.join('-') || 'nothing'} Hit, ${a.criticalOn.join('-') || 'no'} Critical`;
      const rerolls = [
        ...(a.stationary ? ['re-rolls failed dice (Stationary)'] : []),
        ...a.rerolls.map((r) => `re-rolls ${r.value} more (${r.label})`),
        ...(a.brutal ? ['Brutal: a Hit becomes a Critical'] : []),
        ...(a.splitCriticals ? ['Criticals split into two Hits'] : []),
      ];
      const outcomes = odds.outcomes
        .filter((o) => o.p >= 0.005 && o.hits + o.criticals > 0)
        .sort((x, y) => y.p - x.p)
        .slice(0, 6)
        .map((o) => ({
          label: `${o.hits} Hit${o.hits === 1 ? '' : 's'}, ${o.criticals} Critical${o.criticals === 1 ? '' : 's'} get through`,
          p: o.p,
        }));
      return {
        legal: true,
        sight: sightView(plan),
        range: plan.gap,
        // The range (TK-6.6, TK-A13) is not the sight line's length: say how each is measured.
        rangeNote:
          ctx.rules.options.str('TK-A13') === 'centres'
            ? "between the two models' centres (TK-A13); the line of sight runs from the shooter's eye to the part of the target it sees"
            : "between the nearest edges of the two models' bases (TK-A13); the line of sight runs from the shooter's eye to the part of the target it sees, so it is longer",
        band: plan.closeRange ? 'Close Range (within one arrow)' : 'beyond Close Range',
        steps: [
          {
            // A plain attack's own label is "Attack": say it once, not "Attack: Attack".
            label: /^attack$/i.test(a.label) ? 'Attack' : `Attack: ${a.label}`,
            base: `${a.dice} dice`,
            modifiers: a.modifiers,
            needed: `${faces}${rerolls.length ? `; ${rerolls.join('; ')}` : ''}`,
            ruleId: a.ruleId,
          },
          {
            label: 'Defence',
            base: `Defence ${plan.defence.base}`,
            modifiers: plan.defence.modifiers,
            needed: `${plan.defence.dice} dice${plan.defence.raw !== plan.defence.dice ? ` (${plan.defence.raw}, held to 0-${ctx.rules.dice.maxDefence})` : ''}: 4-5 cancel by the shooter's choice, 6 by the target's; the odds assume the target cancels Criticals and the shooter Hits`,
            ruleId: 'TK-6.6',
          },
        ],
        odds: [
          { label: 'no Hit or Critical gets through', p: odds.pNoEffect },
          { label: 'destroyed by this shot', p: odds.pDestroyed },
          ...outcomes,
          { label: 'expected Hits', p: odds.expectedHits },
          { label: 'expected Criticals', p: odds.expectedCriticals },
          { label: 'expected damage', p: odds.expectedDamage },
        ],
        templates: [],
        action: {
          type: 'shoot',
          unit: shooter,
          target: target.unit,
          weapon,
          ...(extra === 'boost' ? { boost: true } : {}),
        },
      };
    },

    // TK-G8: one clock for the whole game when the players choose to play to the time limit.
    clock(state) {
      const minutes = timeLimitMinutes(ctx);
      if (minutes === undefined || state.phase === 'ended') return undefined;
      return {
        seconds: minutes * 60,
        ruleId: 'TK-G8',
        onTimeUp:
          "the game ends at once and is scored as a time-out (the mission's VP, then points destroyed, TK-9)",
        scope: 'game',
      };
    },

    describe: (event, state) => describeEvent(ctx, event, state),
  });
  return view;
}

/** A tank driving to a point goes forward, or backs up when the point is behind it (TK-A9). */
export function travelFacing(facing: number, heading: number): number {
  return Math.abs(angleBetween(facing, heading)) > 100 ? (heading + 180) % 360 : heading;
}
