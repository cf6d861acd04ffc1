import { useMemo, useRef, useState } from 'react';
import type { Point, TableMap } from '../../../../engine/format/types';
import type { CounterView, GameAction, TemplateView } from '../../../../engine/playtest';
import type { Scene } from '../../canvas/paintTerrain';
import { BoardStage, type BoardPointer } from './BoardStage';
import { BoardNotes } from './BoardNotes';
import { paintTable, type TableBoardModel } from './paintTable';
import { IDLE, toolMove, toolRelease, type TableTool } from './tableTool';
import { pressSelection, type BoardProps } from './types';

interface GhostMove {
  path: readonly Point[];
  to: Point;
  ok: boolean;
  snapped: boolean;
  /** The ruleset's measuring tool laid for this move (TANKS' arrow), drawn to scale. */
  shapes?: readonly TemplateView[];
}

interface GroupPlan {
  actions: GameAction[];
  ghosts: GhostMove[];
  notes: string[];
}

/**
 * The playtest table in inches: the scenario's terrain, counters with facing ticks, the reachable
 * area, entry edges, objectives, the line of sight and templates of a shot. Select a unit or a
 * squad, drag it (or click where it goes) to move; drag the yellow knob to face; in the Firing
 * phase hover a target for the odds and click to fire. In an activation (one unit acts at a
 * time) the acting unit moves the same way while it may move, and fires at the enemy clicked
 * while it may fire.
 */
export function TableBoard(props: BoardProps<'table'>) {
  const { view, scenario, state, prompt, counters, mine, selected, canAct, locked } = props;
  const map = scenario.map as TableMap;
  const [tool, setToolState] = useState<TableTool>(IDLE);
  // The drag ghost: where the selection would end up if released here.
  const [ghost, setGhost] = useState<GroupPlan | null>(null);
  // Pointer events read the tool at once; the state copy repaints the preview.
  const toolRef = useRef<TableTool>(IDLE);
  const setTool = (t: TableTool) => {
    toolRef.current = t;
    setToolState(t);
  };

  // Where the pointer is on the table, while it is over the board.
  const [pointerAt, setPointerAt] = useState<Point | null>(null);

  const byId = useMemo(() => new Map(counters.map((c) => [c.id, c])), [counters]);
  const placeMode =
    prompt.kind === 'activate' &&
    props.reach?.entry !== undefined &&
    props.reach.grid === undefined &&
    mine.length === 1;
  const placer = placeMode ? mine[0] : undefined;
  // Putting something down by a click (a set-up step with its own area and no movement grid:
  // a piece of terrain, a token): the pointer previews what a click would place, or says why not.
  // Derived from the state, not kept from the last pointer move: turning the piece, an undo or
  // the other side's turn redraws it at once, and it always says what a click there would do.
  const placing = useMemo<{ shapes: readonly TemplateView[]; note: string } | null>(() => {
    if (!placer || !pointerAt || locked) return null;
    const plan = view.planMove(state, placer, pointerAt);
    if (!plan.ok)
      return { shapes: [], note: `${plan.reason}${plan.ruleId ? ` (${plan.ruleId})` : ''}` };
    return plan.shapes ? { shapes: plan.shapes, note: plan.explanation } : null;
  }, [placer, pointerAt, locked, view, state]);
  // Terrain the players lay out in the game (a ruleset's set-up step) comes from the game state.
  const features = view.terrain ? view.terrain(state) : map.features;
  const scene = useMemo<Scene>(
    () => ({
      kind: 'table',
      width: map.width,
      height: map.height,
      ...(map.baseColour ? { baseColour: map.baseColour } : {}),
      features,
    }),
    [map, features],
  );

  const counterAt = (p: Point): CounterView | undefined => {
    let best: CounterView | undefined;
    let bestD = Infinity;
    for (const c of counters) {
      if (!c.at) continue;
      const d = Math.hypot(c.at[0] - p[0], c.at[1] - p[1]);
      const r = Math.max(c.size.length, c.size.width) / 2 + 0.15;
      if (d <= r && d < bestD) {
        best = c;
        bestD = d;
      }
    }
    return best;
  };

  const faceAt = tool.state === 'dragging' && tool.kind === 'face' ? tool.facing : null;
  // Units move when the phase is a move phase, or in an activation while the acting unit has a
  // reachable area (the view gives one only while it may move).
  const moving =
    prompt.kind === 'move' || (prompt.kind === 'activate' && props.reach !== undefined);

  /** The facing knob, when one unit of the acting side is selected and may move. */
  const handlePoint = (): Point | undefined => {
    if (!moving || mine.length !== 1) return undefined;
    const c = byId.get(mine[0]!);
    if (!c?.at) return undefined;
    const facing = faceAt ?? c.facing;
    const r = Math.max(c.size.length, c.size.width) / 2 + 0.7;
    return [
      c.at[0] + r * Math.cos((facing * Math.PI) / 180),
      c.at[1] + r * Math.sin((facing * Math.PI) / 180),
    ];
  };

  /** Moves for every selected unit: the dragged (or first) unit goes to `to`, the rest keep formation. */
  const planGroup = (units: readonly string[], leader: string, to: Point): GroupPlan => {
    let s = state;
    const lead = byId.get(leader);
    const actions: GameAction[] = [];
    const ghosts: GhostMove[] = [];
    const notes: string[] = [];
    const offTable = units.filter((u) => !byId.get(u)?.at);
    // Units entering together come in as a column along the edge, a counter's width apart.
    const spacing = Math.max(0.8, ...offTable.map((u) => (byId.get(u)?.size.width ?? 0.6) + 0.3));
    units.forEach((u) => {
      const c = byId.get(u);
      if (!c) return;
      let target: Point;
      if (c.at && lead?.at) target = [to[0] + c.at[0] - lead.at[0], to[1] + c.at[1] - lead.at[1]];
      else {
        const k = offTable.indexOf(u);
        const off = (k - (offTable.length - 1) / 2) * spacing;
        target = [to[0], to[1] + off];
      }
      const plan = view.planMove(s, u, target);
      if (!plan.ok) {
        ghosts.push({ path: c.at ? [c.at] : [target], to: target, ok: false, snapped: false });
        const why = `${plan.reason}${plan.ruleId ? ` (${plan.ruleId})` : ''}`;
        notes.push(placeMode ? why : `${c.label}: ${why}`);
        return;
      }
      const r = view.game.reduce(s, plan.action);
      if (!r.ok) {
        notes.push(`${c.label}: ${r.reason}`);
        return;
      }
      s = r.state;
      actions.push(plan.action);
      ghosts.push({
        path: plan.path,
        to: plan.to,
        ok: true,
        snapped: plan.snapped,
        ...(plan.shapes ? { shapes: plan.shapes } : {}),
      });
      if (units.length === 1) notes.push(plan.explanation);
    });
    return { actions, ghosts, notes };
  };

  const commitMoves = (plan: GroupPlan) => {
    if (plan.actions.length === 0) {
      const what = placeMode ? 'Cannot place here' : 'Cannot move';
      props.say(`${what}: ${plan.notes.join('; ') || 'no legal move'}`, true);
      return;
    }
    if (props.apply(plan.actions, 'Move') && plan.notes.length)
      props.say(plan.notes.join('; '), plan.actions.length < mine.length);
  };

  const onDown = (p: BoardPointer) => {
    if (locked) return;
    const hit = counterAt(p.at);
    const hp = handlePoint();
    if (hp && Math.hypot(hp[0] - p.at[0], hp[1] - p.at[1]) < 0.45) {
      setTool({ state: 'dragging', kind: 'face', unit: mine[0]!, facing: null });
      return;
    }
    // In an activation, a click on a unit the acting side cannot move is a shot at it when the
    // acting unit may fire (the screen has a fire preview for what the pointer is over).
    if (
      prompt.kind === 'fire' ||
      (prompt.kind === 'activate' && hit && !canAct(hit.id) && props.preview)
    ) {
      props.fireClick(hit?.id);
      return;
    }
    if (hit && canAct(hit.id)) {
      props.select(pressSelection(selected, hit.id, p.shift));
      if (moving) setTool({ state: 'pointing', on: 'unit', unit: hit.id, start: p.at });
      return;
    }
    if (hit) {
      props.select([hit.id]);
      return;
    }
    setTool({ state: 'pointing', on: 'table', start: p.at });
  };

  const onMove = (p: BoardPointer) => {
    const t = toolRef.current;
    if (t.state === 'dragging' || (t.state === 'pointing' && t.on === 'unit')) {
      const centre = t.state === 'dragging' && t.kind === 'face' ? byId.get(t.unit)?.at : undefined;
      const next = toolMove(t, p.at, centre ?? undefined);
      if (next === t) return;
      setTool(next);
      if (next.state === 'dragging' && next.kind === 'move')
        setGhost(planGroup(mine.length ? mine : [next.unit], next.unit, next.to));
      return;
    }
    const hit = counterAt(p.at);
    props.point({ ...(hit ? { unit: hit.id } : {}), at: p.at });
    setPointerAt(p.at);
  };

  const onUp = (p: BoardPointer) => {
    const r = toolRelease(toolRef.current, p.at, p.shift);
    setTool(IDLE);
    setGhost(null);
    switch (r.kind) {
      case 'none':
        return;
      case 'pickOne':
        props.select([r.unit]);
        return;
      case 'face': {
        const a = view.faceAction(state, r.unit, r.facing);
        if (a) props.apply([a], 'Face');
        return;
      }
      case 'move':
        commitMoves(planGroup(mine.length ? mine : [r.unit], r.unit, r.to));
        return;
      case 'clickTable':
        // With units selected that may move, a click on the table moves them there (or, for a
        // unit not yet on the table, places it).
        if (moving && mine.length > 0) {
          commitMoves(planGroup(mine, mine[0]!, r.at));
          return;
        }
        props.select([]);
        return;
    }
  };

  const handle = (() => {
    const hp = handlePoint();
    const c = mine.length === 1 ? byId.get(mine[0]!) : undefined;
    return hp && c ? { at: hp, facing: faceAt ?? c.facing } : undefined;
  })();

  const model: TableBoardModel = {
    table: view.table,
    // While the facing knob is dragged, the counter turns with it.
    counters:
      faceAt === null || mine.length !== 1
        ? counters
        : counters.map((c) => (c.id === mine[0] ? { ...c, facing: faceAt } : c)),
    colours: props.colours,
    selected: new Set(selected),
    hover: props.hover,
    actors: new Set(counters.filter((c) => canAct(c.id)).map((c) => c.id)),
    reach: props.reach,
    ghost: ghost ? { moves: ghost.ghosts } : undefined,
    sight: props.preview?.sight,
    templates: [...(props.preview?.templates ?? []), ...(placing?.shapes ?? [])],
    objectives: props.objectives,
    handle,
    flashes: props.flashes,
    entryEdges: (scenario.deployment.entryEdges ?? []).map((e) => ({
      side: e.side,
      label: e.label ?? e.edge,
      area: {
        shape: 'edgeStrip',
        edge: e.edge,
        depth: 0.3,
        ...(e.from !== undefined ? { from: e.from } : {}),
        ...(e.to !== undefined ? { to: e.to } : {}),
      },
    })),
  };

  const hovered = props.hover ? byId.get(props.hover) : undefined;
  return (
    <>
      <BoardStage
        scene={scene}
        extent={map}
        model={model}
        paint={paintTable}
        onDown={onDown}
        onMove={onMove}
        onUp={onUp}
        onLeave={() => {
          props.point(undefined);
          setPointerAt(null);
        }}
      />
      <BoardNotes
        hovered={ghost ? undefined : hovered}
        notes={ghost?.notes ?? (placing ? [placing.note] : [])}
      />
    </>
  );
}
