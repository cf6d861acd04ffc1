import type { Edge, HexRef, Objective, Point } from '../../../engine/format/types';
import {
  allUnits,
  constantNumber,
  embarkedIds,
  sideEdge,
  updateUnit,
} from '../../../engine/forces';
import type { Editor } from '../editor/Editor';
import type { Tool, ToolPointer } from '../tools/tool';
import type { SetupToolId } from '../tools/toolTypes';
import { facingAwayFrom, setupOf, type SetupModel } from '../forces/setupModel';
import { shapeOutline } from './setupOutlines';
import { dropUnits, freeSpotNear } from '../forces/placeForces';
import {
  hexCentre,
  hexLabel,
  hexsideCompass,
  hexsideToward,
  type HexGrid,
} from '../../../engine/hex';
import { hasHex, hexRefAt, hexsideAwayFrom, hexUnitPoint, isHexRef, toggleHex } from './hexSetup';

export type { SetupToolId } from '../tools/toolTypes';

/** A set-up tool: the editor's tool state machine, with a set-up tool id. */
export type SetupTool = Omit<Tool, 'id'> & { readonly id: SetupToolId };

/** Labels, shortcuts and glyphs for the command registry and the toolbar. */
export const SETUP_TOOL_INFO: Record<SetupToolId, { label: string; key?: string; glyph: string }> =
  {
    deployZone: { label: 'Deployment zone', key: 'Shift+D', glyph: '▭' },
    entryEdge: { label: 'Entry edge', key: 'Shift+E', glyph: '⇥' },
    objectiveZone: { label: 'Objective zone', key: 'Shift+O', glyph: '⬚' },
    objectivePoint: { label: 'Objective point', key: 'Shift+P', glyph: '★' },
    units: { label: 'Place and move units', key: 'Shift+U', glyph: '⛊' },
  };

export const SETUP_TOOL_IDS = Object.keys(SETUP_TOOL_INFO) as SetupToolId[];

const round = (n: number) => Math.round(n * 100) / 100;
const pt = (p: Point): Point => [round(p[0]), round(p[1])];

function nearestEdge(p: Point, w: number, h: number): { edge: Edge; gap: number } {
  const gaps: [Edge, number][] = [
    ['north', p[1]],
    ['south', h - p[1]],
    ['west', p[0]],
    ['east', w - p[0]],
  ];
  gaps.sort((a, b) => a[1] - b[1]);
  return { edge: gaps[0]![0], gap: gaps[0]![1] };
}

/** Drags out a rectangle, previewed in the set-up session, committed on release. */
abstract class RectSetupTool implements SetupTool {
  abstract readonly id: SetupToolId;
  readonly cursor = 'crosshair';
  abstract readonly hint: string;
  private start: Point | null = null;
  onPointerDown(e: ToolPointer, ed: Editor): void {
    this.start = ed.snapped(e.table);
    if (ed.isHex()) return;
    setupOf(ed).update({ preview: { kind: 'rect', a: this.start, b: this.start } });
  }
  onPointerMove(e: ToolPointer, ed: Editor): void {
    if (!this.start || ed.isHex()) return;
    setupOf(ed).update({ preview: { kind: 'rect', a: this.start, b: ed.snapped(e.table) } });
  }
  onPointerUp(e: ToolPointer, ed: Editor): void {
    if (!this.start) return;
    const a = this.start;
    const b = ed.snapped(e.table);
    this.start = null;
    const m = setupOf(ed);
    m.update({ preview: null });
    const layout = ed.hexLayout();
    if (layout) {
      // Hex maps: areas are sets of hexes; each click adds the hex under it or takes it out.
      const hex = hexRefAt(layout, e.table);
      if (!hex) ed.update({ hint: 'Click inside the hex grid' });
      else this.toggleHex(m, ed, hex);
      return;
    }
    const { width: w, height: h } = ed.mapSize();
    const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));
    const x0 = clamp(Math.min(a[0], b[0]), w);
    const y0 = clamp(Math.min(a[1], b[1]), h);
    const x1 = clamp(Math.max(a[0], b[0]), w);
    const y1 = clamp(Math.max(a[1], b[1]), h);
    this.commit(
      m,
      ed,
      { x: round(x0), y: round(y0), width: round(x1 - x0), height: round(y1 - y0) },
      b,
    );
  }
  cancel(ed: Editor): void {
    this.start = null;
    setupOf(ed).update({ preview: null });
  }
  protected abstract commit(
    m: SetupModel,
    ed: Editor,
    r: { x: number; y: number; width: number; height: number },
    at: Point,
  ): void;
  /** Hex maps: adds the clicked hex to the area being built, or takes it out. */
  protected abstract toggleHex(m: SetupModel, ed: Editor, hex: HexRef): void;
}

/**
 * Deployment zone: drag a rectangle for the active side; a click near a table edge makes a strip
 * along that edge as deep as the ruleset's deployment depth (TANKS: one Measuring Arrow).
 */
export class DeployZoneTool extends RectSetupTool {
  readonly id = 'deployZone' as const;
  readonly hint =
    'Drag a deployment zone for the active side, or click near an edge for a strip (hex maps: click hexes to add or remove them)';
  protected toggleHex(m: SetupModel, ed: Editor, hex: HexRef): void {
    const side = m.activeSide();
    if (!side) return;
    const doc = m.scenario();
    const zones = doc.deployment.zones ?? [];
    const sel = m.session.selected;
    // The selected hex zone of the active side grows; else the side's first hex zone; else a new one.
    const target =
      zones.find(
        (z) =>
          sel?.kind === 'zone' && z.id === sel.id && z.side === side && z.area.shape === 'hexes',
      ) ?? zones.find((z) => z.side === side && z.area.shape === 'hexes');
    const name = doc.forces.sides.find((s) => s.id === side)?.name ?? side;
    if (!target) {
      const id = m.newId(`deploy-${side}`);
      m.setDeployment({
        ...doc.deployment,
        zones: [
          ...zones,
          { id, side, name: `${name} deployment`, area: { shape: 'hexes', hexes: [hex] } },
        ],
      });
      m.update({ selected: { kind: 'zone', id } });
      // The zone by its name, never its id (the walk read "Deployment zone deploy-blue-j6g3g31n").
      ed.update({
        hint: `Deployment zone "${name} deployment" started for ${name} at hex ${hexLabel(hex.col, hex.row)}`,
      });
      return;
    }
    const before = target.area.shape === 'hexes' ? target.area.hexes : [];
    const hexes = toggleHex(before, hex);
    m.setDeployment({
      ...doc.deployment,
      zones: hexes.length
        ? zones.map((z) => (z.id === target.id ? { ...z, area: { shape: 'hexes', hexes } } : z))
        : zones.filter((z) => z.id !== target.id),
    });
    m.update({ selected: hexes.length ? { kind: 'zone', id: target.id } : null });
    ed.update({
      hint: `Hex ${hexLabel(hex.col, hex.row)} ${hasHex(before, hex) ? 'taken out of' : 'added to'} ${target.name ?? target.id}${hexes.length ? '' : ' (now empty, removed)'}`,
    });
  }
  protected commit(
    m: SetupModel,
    ed: Editor,
    r: { x: number; y: number; width: number; height: number },
    at: Point,
  ): void {
    const side = m.activeSide();
    if (!side) return;
    const doc = m.scenario();
    const id = m.newId(`deploy-${side}`);
    const { width: w, height: h } = ed.mapSize();
    let area: NonNullable<typeof doc.deployment.zones>[number]['area'];
    if (r.width < 0.5 || r.height < 0.5) {
      const near = nearestEdge(at, w, h);
      const depth = constantNumber(m.catalog(), 'deployment.depth') ?? 6;
      area = { shape: 'edgeStrip', edge: near.edge, depth };
    } else area = { shape: 'rect', ...r };
    const name = doc.forces.sides.find((s) => s.id === side)?.name ?? side;
    m.setDeployment({
      ...doc.deployment,
      zones: [...(doc.deployment.zones ?? []), { id, side, name: `${name} deployment`, area }],
    });
    m.update({ selected: { kind: 'zone', id } });
    ed.update({ hint: `Deployment zone "${name} deployment" added for ${name}` });
  }
}

/**
 * Adds a new objective (numbered after the ones there), selects it in the Objectives tab and
 * returns its name. One undo step.
 */
function addObjective(m: SetupModel, fields: Omit<Objective, 'id' | 'name'>): string {
  const doc = m.scenario();
  const id = m.newId('objective');
  const name = `Objective ${doc.objectives.length + 1}`;
  m.setObjectives([...doc.objectives, { id, name, ...fields }]);
  m.update({ selected: { kind: 'objective', id }, tab: 'objectives' });
  return name;
}

/** Objective zone: drag a rectangle; it becomes a hold-the-zone objective of the active side. */
export class ObjectiveZoneTool extends RectSetupTool {
  readonly id = 'objectiveZone' as const;
  readonly hint =
    'Drag an objective zone (hex maps: click hexes to add them to the selected objective); set its owner, hold turns and secrecy in Objectives';
  protected toggleHex(m: SetupModel, ed: Editor, hex: HexRef): void {
    const doc = m.scenario();
    const sel = m.session.selected;
    const target = doc.objectives.find(
      (o) => sel?.kind === 'objective' && o.id === sel.id && o.area?.shape === 'hexes',
    );
    if (!target || target.area?.shape !== 'hexes') {
      const name = addObjective(m, {
        kind: 'holdZone',
        area: { shape: 'hexes', hexes: [hex] },
        holdTurns: 1,
      });
      ed.update({
        hint: `${name} added at hex ${hexLabel(hex.col, hex.row)}; click more hexes to grow it`,
      });
      return;
    }
    const before = target.area.hexes;
    const hexes = toggleHex(before, hex);
    if (!hexes.length) {
      ed.update({
        hint: `${target.name ?? target.id} needs at least one hex; delete it with Delete`,
      });
      return;
    }
    m.setObjectives(
      doc.objectives.map((o) =>
        o.id === target.id ? { ...o, area: { shape: 'hexes', hexes } } : o,
      ),
    );
    ed.update({
      hint: `Hex ${hexLabel(hex.col, hex.row)} ${hasHex(before, hex) ? 'taken out of' : 'added to'} ${target.name ?? target.id}`,
    });
  }
  protected commit(
    m: SetupModel,
    ed: Editor,
    r: { x: number; y: number; width: number; height: number },
  ): void {
    if (r.width < 0.5 || r.height < 0.5) {
      // A click alone makes no zone: say how to draw one instead of doing nothing.
      ed.update({ hint: 'Drag from corner to corner to draw an objective zone' });
      return;
    }
    const name = addObjective(m, { kind: 'holdZone', area: { shape: 'rect', ...r }, holdTurns: 1 });
    ed.update({ hint: `${name} added` });
  }
}

/** Objective point: click to put an objective token (scores victory points while held). */
export class ObjectivePointTool implements SetupTool {
  readonly id = 'objectivePoint' as const;
  readonly cursor = 'crosshair';
  readonly hint = 'Click to place an objective token (hex maps: an objective on the clicked hex)';
  onPointerUp(e: ToolPointer, ed: Editor): void {
    const m = setupOf(ed);
    const layout = ed.hexLayout();
    const hex = layout ? hexRefAt(layout, e.table) : null;
    if (layout && !hex) {
      ed.update({ hint: 'Click inside the hex grid to place an objective' });
      return;
    }
    const name = addObjective(m, {
      kind: 'vpPerTurn',
      area: hex
        ? { shape: 'hexes', hexes: [hex] }
        : { shape: 'point', at: pt(ed.snapped(e.table)) },
      vpPerTurn: 1,
    });
    ed.update({ hint: `${name} placed` });
  }
}

/** Entry edge: click near a table edge to make it the active side's entry edge. */
export class EntryEdgeTool implements SetupTool {
  readonly id = 'entryEdge' as const;
  readonly cursor = 'pointer';
  readonly hint = "Click near a map edge to make it the active side's entry edge";
  onPointerUp(e: ToolPointer, ed: Editor): void {
    const m = setupOf(ed);
    const side = m.activeSide();
    if (!side) return;
    const doc = m.scenario();
    const { width: w, height: h } = ed.mapSize();
    const { edge } = nearestEdge(e.table, w, h);
    const others = (doc.deployment.entryEdges ?? []).filter((x) => x.side !== side);
    const existing = doc.deployment.entryEdges?.find((x) => x.side === side);
    const id = existing?.id ?? m.newId(`edge-${side}`);
    m.setDeployment({
      ...doc.deployment,
      entryEdges: [...others, { ...(existing ?? {}), id, side, edge }],
    });
    m.update({ selected: { kind: 'edge', id } });
    const name = doc.forces.sides.find((s) => s.id === side)?.name ?? side;
    ed.update({ hint: `${name} enters from the ${edge} edge` });
  }
}

/**
 * Units: with a unit picked in the force tree, press on the table to place it and drag to turn
 * it to its facing; press on a placed unit to drag it elsewhere (Alt-drag turns it). One gesture
 * is one undo step.
 */
export class UnitsTool implements SetupTool {
  readonly id = 'units' as const;
  readonly cursor = 'crosshair';
  readonly hint =
    'Pick a unit in Forces, then press on the map and drag to set its facing; drag units and objective tokens to move them (hex maps: hex by hex, facing a hexside)';
  private token: { id: string; offset: Point; start: Point } | null = null;
  private gesture: {
    unitId: string;
    mode: 'place' | 'move' | 'turn';
    start: Point;
    offset: Point;
    facing: number;
  } | null = null;

  private unitAt(ed: Editor, m: SetupModel, p: Point, tol: number): string | null {
    const doc = m.scenario();
    const riders = embarkedIds(doc.forces);
    const layout = ed.hexLayout();
    if (layout) {
      // Hex maps: a unit in the hex under the pointer, the selected one first when several share it.
      const hex = hexRefAt(layout, p);
      if (!hex) return null;
      const here = allUnits(doc.forces).filter(
        (pu) =>
          !riders.has(pu.unit.id) &&
          isHexRef(pu.unit.position) &&
          pu.unit.position.col === hex.col &&
          pu.unit.position.row === hex.row,
      );
      const sel = m.session.selected;
      return (
        here.find((pu) => sel?.kind === 'unit' && sel.id === pu.unit.id)?.unit.id ??
        here[0]?.unit.id ??
        null
      );
    }
    let best: string | null = null;
    let bestD = Infinity;
    for (const pu of allUnits(doc.forces)) {
      if (riders.has(pu.unit.id) || !Array.isArray(pu.unit.position)) continue;
      const [x, y] = pu.unit.position as Point;
      const size = m.catalog().units.get(pu.unit.type)?.size;
      const r = Math.max(tol, (size?.length ?? 0.8) / 2);
      const d = Math.hypot(p[0] - x, p[1] - y);
      if (d <= r && d < bestD) {
        best = pu.unit.id;
        bestD = d;
      }
    }
    return best;
  }

  onPointerDown(e: ToolPointer, ed: Editor): void {
    const m = setupOf(ed);
    const doc = m.scenario();
    const layout = ed.hexLayout();
    const hit = this.unitAt(ed, m, e.table, 6 * ed.pixel());
    const placing = m.session.placing;
    if (hit && (!placing || hit !== placing || e.alt)) {
      const pu = allUnits(doc.forces).find((p) => p.unit.id === hit)!;
      const u = pu.unit;
      const at = layout ? hexUnitPoint(layout, u.position)! : (u.position as Point);
      const facing = u.facing ?? (layout ? hexsideAwayFrom(layout, sideEdge(doc, pu.side.id)) : 0);
      this.gesture = {
        unitId: hit,
        mode: e.alt ? 'turn' : 'move',
        start: e.table,
        offset: [at[0] - e.table[0], at[1] - e.table[1]],
        facing,
      };
      m.update({
        selected: { kind: 'unit', id: hit },
        preview: { kind: 'unit', unitId: hit, at, facing },
      });
      return;
    }
    if (!placing) {
      const token = this.tokenAt(m, e.table, 6 * ed.pixel());
      if (token) {
        this.token = {
          id: token.id,
          start: e.table,
          offset: [token.at[0] - e.table[0], token.at[1] - e.table[1]],
        };
        m.update({
          selected: { kind: 'objective', id: token.id },
          preview: { kind: 'objective', objectiveId: token.id, at: token.at },
        });
        return;
      }
      ed.update({
        hint: 'Pick a unit in the Forces tab first (or drag it from the tree onto the table)',
      });
      return;
    }
    const pu = allUnits(doc.forces).find((p) => p.unit.id === placing);
    if (!pu) return;
    const hex = layout ? hexRefAt(layout, e.table) : null;
    if (layout && !hex) {
      ed.update({ hint: 'Press inside the hex grid to place the unit' });
      return;
    }
    const at = layout && hex ? hexCentre(layout, hex.col, hex.row) : ed.snapped(e.table);
    const facing =
      pu.unit.facing ??
      (layout
        ? hexsideAwayFrom(layout, sideEdge(doc, pu.side.id))
        : facingAwayFrom(sideEdge(doc, pu.side.id)));
    this.gesture = { unitId: placing, mode: 'place', start: at, offset: [0, 0], facing };
    m.update({ preview: { kind: 'unit', unitId: placing, at, facing } });
  }

  private tokenAt(m: SetupModel, p: Point, tol: number): { id: string; at: Point } | null {
    for (const o of [...m.scenario().objectives].reverse()) {
      if (o.area?.shape !== 'point') continue;
      const [x, y] = o.area.at;
      if (Math.hypot(p[0] - x, p[1] - y) <= Math.max(tol, 0.7)) return { id: o.id, at: o.area.at };
    }
    return null;
  }

  onPointerMove(e: ToolPointer, ed: Editor): void {
    if (this.token) {
      const at = ed.snapped([e.table[0] + this.token.offset[0], e.table[1] + this.token.offset[1]]);
      setupOf(ed).update({ preview: { kind: 'objective', objectiveId: this.token.id, at } });
      return;
    }
    const g = this.gesture;
    if (!g) return;
    const m = setupOf(ed);
    const prev = m.session.preview;
    if (prev?.kind !== 'unit') return;
    const layout = ed.hexLayout();
    if (g.mode === 'move') {
      if (layout) {
        // Hex maps: the unit jumps to the hex under the pointer; off the grid it stays put.
        const hex = hexRefAt(layout, e.table);
        if (hex) m.update({ preview: { ...prev, at: hexCentre(layout, hex.col, hex.row) } });
        return;
      }
      const at = ed.snapped([e.table[0] + g.offset[0], e.table[1] + g.offset[1]]);
      m.update({ preview: { ...prev, at } });
    } else {
      const dx = e.table[0] - prev.at[0];
      const dy = e.table[1] - prev.at[1];
      if (Math.hypot(dx, dy) < (layout ? layout.size * 0.5 : 0.3)) return;
      let facing = (Math.atan2(dy, dx) * 180) / Math.PI;
      if (layout) {
        m.update({ preview: { ...prev, facing: hexsideToward(layout.orientation, facing) } });
        return;
      }
      if (!e.shift) facing = Math.round(facing / 15) * 15;
      m.update({ preview: { ...prev, facing: round(facing) } });
    }
  }

  onPointerUp(_e: ToolPointer, ed: Editor): void {
    const t = this.token;
    if (t) {
      this.token = null;
      const m = setupOf(ed);
      const prev = m.session.preview;
      m.update({ preview: null });
      if (prev?.kind !== 'objective') return;
      const moved = Math.hypot(
        prev.at[0] - t.start[0] - t.offset[0],
        prev.at[1] - t.start[1] - t.offset[1],
      );
      if (moved < 1e-6) return;
      const doc = m.scenario();
      m.setObjectives(
        doc.objectives.map((o) =>
          o.id === t.id ? { ...o, area: { shape: 'point', at: pt(prev.at) } } : o,
        ),
      );
      return;
    }
    const g = this.gesture;
    this.gesture = null;
    const m = setupOf(ed);
    const prev = m.session.preview;
    if (!g || prev?.kind !== 'unit') return;
    m.update({ preview: null });
    const moved = Math.hypot(
      prev.at[0] - g.start[0] - g.offset[0],
      prev.at[1] - g.start[1] - g.offset[1],
    );
    if (g.mode === 'move' && moved < 1e-6) return;
    const layout = ed.hexLayout();
    // Gridless tables: a man put down on another steps aside to the nearest free spot.
    const position = layout ? hexRefAt(layout, prev.at) : freeSpotNear(ed, g.unitId, pt(prev.at));
    if (!position) return;
    m.editForces((f) => updateUnit(f, g.unitId, { position, facing: prev.facing }));
    if (g.mode === 'place') {
      // Carry on with the next unplaced unit of the same side, for quick set-up.
      const doc = m.scenario();
      const riders = embarkedIds(doc.forces);
      const side = allUnits(doc.forces).find((p) => p.unit.id === g.unitId)?.side.id;
      const next = allUnits(doc.forces).find(
        (p) => p.side.id === side && !p.unit.position && !riders.has(p.unit.id),
      );
      m.update({ placing: next?.unit.id ?? null, selected: { kind: 'unit', id: g.unitId } });
      ed.update({
        hint: next
          ? `Placed; next: ${next.unit.name ?? next.unit.id}`
          : 'Placed; every unit of the side is on the map',
      });
    }
  }

  cancel(ed: Editor): void {
    this.gesture = null;
    this.token = null;
    setupOf(ed).update({ preview: null });
  }
}

export function createSetupTools(): Record<SetupToolId, SetupTool> {
  return {
    deployZone: new DeployZoneTool(),
    entryEdge: new EntryEdgeTool(),
    objectiveZone: new ObjectiveZoneTool(),
    objectivePoint: new ObjectivePointTool(),
    units: new UnitsTool(),
  };
}

/** Table inches under a drop on the canvas container. */
export function dropPoint(ed: Editor, el: HTMLElement, clientX: number, clientY: number): Point {
  const r = el.getBoundingClientRect();
  return ed.toTable([clientX - r.left, clientY - r.top]);
}

/** The MIME type a force-tree row carries when dragged onto the table. */
export const UNIT_DRAG_TYPE = 'application/x-sandtable-unit';
/** The MIME type a formation row of the force tree carries when dragged onto the table. */
export const FORMATION_DRAG_TYPE = 'application/x-sandtable-formation';

/**
 * Drop handlers for the table view: a unit dragged from the force tree lands on the free spot
 * nearest the drop; a formation is laid out in ranks around it (hex maps: a hex each), inside
 * the side's zone when dropped in one. One undo step either way.
 */
export function unitDropHandlers(ed: Editor): {
  onDragOver: (e: React.DragEvent<HTMLElement>) => void;
  onDrop: (e: React.DragEvent<HTMLElement>) => void;
} {
  return {
    onDragOver: (e) => {
      if (
        e.dataTransfer.types.includes(UNIT_DRAG_TYPE) ||
        e.dataTransfer.types.includes(FORMATION_DRAG_TYPE)
      ) {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
      }
    },
    onDrop: (e) => {
      const id =
        e.dataTransfer.getData(UNIT_DRAG_TYPE) || e.dataTransfer.getData(FORMATION_DRAG_TYPE);
      if (!id) return;
      e.preventDefault();
      const at = dropPoint(ed, e.currentTarget, e.clientX, e.clientY);
      const layout = ed.hexLayout();
      // Hex maps: one unit goes to the hex under the drop, stacked if the rules allow it.
      if (layout && e.dataTransfer.getData(UNIT_DRAG_TYPE)) dropOnHex(ed, layout, id, at);
      else dropUnits(ed, id, at);
    },
  };
}

/**
 * Hex maps: a unit dropped from the force tree stands in the hex under the drop, facing the
 * hexside it already faced or, when new to the map, the one pointing away from its side's entry
 * edge. One undo step; a drop off the grid is refused with a hint.
 */
export function dropOnHex(ed: Editor, layout: HexGrid, unitId: string, at: Point): boolean {
  const m = setupOf(ed);
  const doc = m.scenario();
  const pu = allUnits(doc.forces).find((p) => p.unit.id === unitId);
  if (!pu) return false;
  const name = pu.unit.name ?? unitId;
  const hex = hexRefAt(layout, at);
  if (!hex) {
    ed.update({ hint: `${name} not placed: drop it on a hex of the map` });
    return false;
  }
  const kept =
    isHexRef(pu.unit.position) && Number.isInteger(pu.unit.facing) ? pu.unit.facing : undefined;
  const facing =
    kept !== undefined && kept >= 0 && kept < 6
      ? kept
      : hexsideAwayFrom(layout, sideEdge(doc, pu.side.id));
  m.editForces((f) => updateUnit(f, unitId, { position: hex, facing }));
  m.update({ selected: { kind: 'unit', id: unitId }, activeSide: pu.side.id });
  ed.update({
    hint: `${name} placed in hex ${hexLabel(hex.col, hex.row)}, facing ${hexsideCompass(layout.orientation, facing)}`,
  });
  return true;
}

/** Whether a zone lies wholly on the table (used for live feedback while drawing). */
export function zoneOnTable(
  area: Parameters<typeof shapeOutline>[0],
  w: number,
  h: number,
): boolean {
  return shapeOutline(area, w, h).every(([x, y]) => x >= 0 && y >= 0 && x <= w && y <= h);
}
