import { useEffect, useMemo, useRef, useState } from 'react';
import type { HexMap, Point } from '../../../../engine/format/types';
import {
  addAxial,
  axialToOffset,
  gridAxial,
  hexAt,
  hexCentre,
  hexGrid,
  hexsideToward,
  subAxial,
  type HexGrid,
} from '../../../../engine/hex';
import type { GameAction, HexCell } from '../../../../engine/playtest';
import type { Scene } from '../../canvas/paintTerrain';
import { BoardNotes } from './BoardNotes';
import { BoardStage, type BoardPointer } from './BoardStage';
import { HEX_IDLE, hexToolMove, hexToolRelease, type HexTool } from './hexTool';
import {
  counterSpotAt,
  counterSpots,
  paintHex,
  type HexBoardModel,
  type HexGhost,
} from './paintHex';
import { pressSelection, type BoardProps } from './types';
import { setHexTurn } from '../playtestCommands';

interface HexGroupPlan {
  actions: GameAction[];
  ghosts: HexGhost[];
  notes: string[];
}

/**
 * The playtest board of a hex ruleset: the scenario's hex map as the editor paints it, counters
 * on their hexes (stacks fan out as on the set-up screen) with a wedge on the faced hexside, the
 * hexes within reach, the line of sight drawn hex to hex, and the markers of the turn structure
 * (the unit whose activation it is and the queue, units still waiting for orders).
 *
 * Select a unit (Shift adds), click a shaded hex or drag the unit there to move; Alt-drag, `[`
 * or `]` turns it to another hexside; when it may fire, hover a target for sight and odds and
 * click to fire.
 */
export function HexBoard(props: BoardProps<'hex'>) {
  const map = props.scenario.map;
  if (map.kind !== 'hex')
    return (
      <div className="playtest-message bad" data-testid="playtest-message">
        {props.view.label} plays on a hex map, but this scenario&apos;s map is a table: give the
        scenario a hex map (Choose ruleset &amp; size…) to playtest it.
      </div>
    );
  return <HexMapBoard {...props} map={map} />;
}

function HexMapBoard(props: BoardProps<'hex'> & { map: HexMap }) {
  const { view, scenario, state, prompt, counters, mine, selected, canAct, locked, map } = props;
  const grid = useMemo(() => hexGrid(map), [map]);
  const [tool, setToolState] = useState<HexTool>(HEX_IDLE);
  const toolRef = useRef<HexTool>(HEX_IDLE);
  const setTool = (t: HexTool) => {
    toolRef.current = t;
    setToolState(t);
  };
  const [ghost, setGhost] = useState<HexGroupPlan | null>(null);
  const [pointerHex, setPointerHex] = useState<HexCell | undefined>(undefined);

  const changed = props.hexMarks?.changed;
  const scene = useMemo<Scene>(() => {
    const hexes = new Map(map.hexes.map((h) => [`${h.col},${h.row}`, h]));
    // Hexes the game changed (wire cut by a tank) are drawn as they are now.
    for (const c of changed ?? []) {
      const k = `${c.cell.col},${c.cell.row}`;
      hexes.set(k, { ...(hexes.get(k) ?? c.cell), ...c.set, col: c.cell.col, row: c.cell.row });
    }
    const colours: Record<string, string> = {};
    for (const t of scenario.catalog?.terrainTypes ?? []) if (t.colour) colours[t.id] = t.colour;
    return {
      kind: 'hex',
      map,
      hex: (col, row) => hexes.get(`${col},${row}`) ?? { col, row },
      hexsides: map.hexsides ?? [],
      contours: map.contours ?? [],
      ...(Object.keys(colours).length ? { terrainColours: colours } : {}),
    };
  }, [map, scenario.catalog, changed]);

  const byId = useMemo(() => new Map(counters.map((c) => [c.id, c])), [counters]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const facingOf = (id: string): number | undefined =>
    tool.state === 'dragging' && tool.kind === 'face' && tool.unit === id && tool.facing !== null
      ? tool.facing
      : undefined;
  // While a unit is turned, its counter turns with the pointer.
  const shown = useMemo(
    () =>
      tool.state === 'dragging' && tool.kind === 'face' && tool.facing !== null
        ? counters.map((c) => (c.id === tool.unit ? { ...c, facing: tool.facing! } : c))
        : counters,
    [counters, tool],
  );
  const spots = useMemo(() => counterSpots(grid, shown, selectedSet), [grid, shown, selectedSet]);

  const acting = prompt.kind === 'activate' ? prompt.unit : undefined;
  /** Whether a unit may move now: in a Movement phase, or when its activation has come. */
  const mayMove = (id: string) =>
    canAct(id) &&
    (prompt.kind === 'move' ||
      prompt.kind === 'plot' ||
      (prompt.kind === 'activate' && id === acting));

  const planGroup = (units: readonly string[], leader: string, to: HexCell): HexGroupPlan => {
    let s = state;
    const lead = byId.get(leader);
    const actions: GameAction[] = [];
    const ghosts: HexGhost[] = [];
    const notes: string[] = [];
    for (const u of units) {
      const c = byId.get(u);
      if (!c) continue;
      // The others keep their place relative to the leader; units off the map enter together.
      const target = c.at && lead?.at && u !== leader ? shifted(grid, c.at, lead.at, to) : to;
      const plan = view.planMove(s, u, target);
      if (!plan.ok) {
        ghosts.push({ path: c.at ? [c.at] : [target], to: target, ok: false });
        notes.push(`${c.label}: ${plan.reason}${plan.ruleId ? ` (${plan.ruleId})` : ''}`);
        continue;
      }
      const r = view.game.reduce(s, plan.action);
      if (!r.ok) {
        notes.push(`${c.label}: ${r.reason}`);
        continue;
      }
      s = r.state;
      actions.push(plan.action);
      ghosts.push({ path: plan.path, to: plan.to, ok: true });
      if (units.length === 1) notes.push(plan.explanation);
    }
    return { actions, ghosts, notes };
  };

  const commitMoves = (plan: HexGroupPlan, asked: number) => {
    if (plan.actions.length === 0) {
      props.say(`Cannot move: ${plan.notes.join('; ') || 'no legal move'}`, true);
      return;
    }
    if (props.apply(plan.actions, 'Move') && plan.notes.length)
      props.say(plan.notes.join('; '), plan.actions.length < asked);
  };

  const movers = (leader: string) =>
    (mine.includes(leader) ? mine : [leader]).filter((id) => mayMove(id));

  const facingToward = (unit: string, p: Point): number | undefined => {
    const at = byId.get(unit)?.at;
    if (!at) return undefined;
    const [cx, cy] = hexCentre(grid, at.col, at.row);
    if (Math.hypot(p[0] - cx, p[1] - cy) < grid.size * 0.3) return undefined;
    return hexsideToward(grid.orientation, (Math.atan2(p[1] - cy, p[0] - cx) * 180) / Math.PI);
  };

  const onDown = (p: BoardPointer) => {
    if (locked) return;
    const cell = hexAt(grid, p.at);
    const hit = counterSpotAt(spots, p.at)?.counter;
    if (p.alt && hit && canAct(hit.id) && hit.kind !== 'wreck') {
      if (!selected.includes(hit.id)) props.select([hit.id]);
      setTool({ state: 'dragging', kind: 'face', unit: hit.id, facing: null });
      return;
    }
    if (prompt.kind === 'fire') {
      props.fireClick(hit?.id);
      return;
    }
    // Plotting a call on a hex (a mortar's IF): the click on the hex writes it.
    if (prompt.kind === 'plot' && !hit && props.preview) {
      props.fireClick(undefined);
      return;
    }
    // In an activation the unit may fire as well as move, and a plotted shot is written the same
    // way: a click on the target fires (or plots the fire).
    if ((acting || prompt.kind === 'plot') && hit && !canAct(hit.id) && props.preview) {
      props.fireClick(hit.id);
      return;
    }
    if (hit && canAct(hit.id)) {
      props.select(pressSelection(selected, hit.id, p.shift));
      if (mayMove(hit.id) && hit.at)
        setTool({ state: 'pointing', on: 'unit', unit: hit.id, start: hit.at });
      return;
    }
    // A shaded hex with another unit in it: the selection moves there and stacks with it.
    const stacking = !!cell && !!props.reach?.hexes?.some((r) => same(r.cell, cell));
    if (hit && !stacking) {
      props.select([hit.id]);
      return;
    }
    if (cell) setTool({ state: 'pointing', on: 'hex', start: cell });
  };

  const onMove = (p: BoardPointer) => {
    const cell = hexAt(grid, p.at);
    setPointerHex(cell ?? undefined);
    const t = toolRef.current;
    if (t.state === 'dragging' || (t.state === 'pointing' && t.on === 'unit')) {
      const facing =
        t.state === 'dragging' && t.kind === 'face' ? facingToward(t.unit, p.at) : undefined;
      const next = hexToolMove(t, cell, facing);
      if (next === t) return;
      setTool(next);
      if (next.state === 'dragging' && next.kind === 'move')
        setGhost(planGroup(movers(next.unit), next.unit, next.to));
      return;
    }
    const hit = counterSpotAt(spots, p.at)?.counter;
    props.point(
      hit || cell ? { ...(hit ? { unit: hit.id } : {}), ...(cell ? { at: cell } : {}) } : undefined,
    );
  };

  const onUp = (p: BoardPointer) => {
    const r = hexToolRelease(toolRef.current, hexAt(grid, p.at), p.shift);
    setTool(HEX_IDLE);
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
        else props.say(`${byId.get(r.unit)?.label ?? r.unit} cannot turn now`, true);
        return;
      }
      case 'move': {
        const units = movers(r.unit);
        commitMoves(planGroup(units, r.unit, r.to), units.length);
        return;
      }
      case 'clickHex': {
        // With units selected that may move, a click on a hex moves them there.
        const units = mine.filter((id) => mayMove(id));
        if (units.length > 0) {
          commitMoves(planGroup(units, units[0]!, r.at), units.length);
          return;
        }
        props.select([]);
        return;
      }
    }
  };

  // [ and ] turn the selected units one hexside anticlockwise or clockwise.
  const turnRef = useRef<(step: number) => void>(() => undefined);
  useEffect(() => {
    turnRef.current = (step) => {
      if (locked || mine.length === 0) return;
      const actions: GameAction[] = [];
      for (const id of mine) {
        const c = byId.get(id);
        const a = c?.at ? view.faceAction(state, id, (c.facing + step + 6) % 6) : undefined;
        if (a) actions.push(a);
      }
      if (actions.length) props.apply(actions, 'Face');
      else props.say('The selected units cannot turn now', true);
    };
  });
  // [ and ] are the registry's playtest.turnLeft / playtest.turnRight (palette, help, menus).
  // Where no app dispatches the registry's keys (a page that mounts the game screen alone), the
  // board still answers them; in the app the registry has handled the key and prevented it.
  useEffect(() => {
    setHexTurn((step) => turnRef.current(step));
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target;
      if (t instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName)) return;
      if (e.key === '[' || e.key === ']') {
        e.preventDefault();
        turnRef.current(e.key === ']' ? 1 : -1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      setHexTurn(null);
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  const clickMoves = !locked && mine.some((id) => mayMove(id));
  const model: HexBoardModel = {
    grid,
    doc: scenario,
    counters: shown,
    colours: props.colours,
    selected: selectedSet,
    hover: props.hover,
    target: clickMoves && tool.state === 'idle' ? pointerHex : undefined,
    actors: new Set(counters.filter((c) => canAct(c.id)).map((c) => c.id)),
    acting,
    queue: prompt.kind === 'activate' ? prompt.queue : [],
    pending: new Set(prompt.kind === 'orders' || prompt.kind === 'plot' ? prompt.pending : []),
    reach: props.reach,
    ghost: ghost?.ghosts ?? [],
    sight: props.preview?.sight,
    templates: props.preview?.templates ?? [],
    objectives: props.objectives,
    flashes: props.flashes,
    highlight: props.hexMarks?.highlight,
    clouds: props.hexMarks?.clouds,
  };

  const hovered = props.hover ? byId.get(props.hover) : undefined;
  const turning = tool.state === 'dragging' && tool.kind === 'face' ? tool.unit : undefined;
  return (
    <>
      <BoardStage
        scene={scene}
        extent={grid}
        model={model}
        paint={paintHex}
        onDown={onDown}
        onMove={onMove}
        onUp={onUp}
        onLeave={() => {
          setPointerHex(undefined);
          props.point(undefined);
        }}
      />
      <BoardNotes
        hovered={ghost || turning ? undefined : hovered}
        notes={
          ghost?.notes ??
          (turning && facingOf(turning) !== undefined
            ? [`${byId.get(turning)?.label ?? turning}: face side ${facingOf(turning)}`]
            : [])
        }
      />
    </>
  );
}

const same = (a: HexCell, b: HexCell) => a.col === b.col && a.row === b.row;

/** Where a unit of a group goes when its leader goes from `from` to `to`: the same hex offset. */
function shifted(grid: HexGrid, at: HexCell, from: HexCell, to: HexCell): HexCell {
  const d = subAxial(gridAxial(grid, at.col, at.row), gridAxial(grid, from.col, from.row));
  const h = axialToOffset(grid, addAxial(gridAxial(grid, to.col, to.row), d));
  return { col: h.col, row: h.row };
}
