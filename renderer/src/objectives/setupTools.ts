import type { Edge, Objective, Point } from '../../../engine/format/types';
import {
  allUnits,
  constantNumber,
  embarkedIds,
  sideEdge,
  updateUnit,
} from '../../../engine/forces';
import type { Editor } from '../editor/Editor';
import type { Tool, ToolPointer } from '../tools/tools';
import { facingAwayFrom, setupOf, type SetupModel } from '../forces/setupModel';
import { shapeOutline } from './paintSetup';

/** Canvas tools of the set-up editors. */
export type SetupToolId = 'deployZone' | 'entryEdge' | 'objectiveZone' | 'objectivePoint' | 'units';

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
    setupOf(ed).update({ preview: { kind: 'rect', a: this.start, b: this.start } });
  }
  onPointerMove(e: ToolPointer, ed: Editor): void {
    if (!this.start) return;
    setupOf(ed).update({ preview: { kind: 'rect', a: this.start, b: ed.snapped(e.table) } });
  }
  onPointerUp(e: ToolPointer, ed: Editor): void {
    if (!this.start) return;
    const a = this.start;
    const b = ed.snapped(e.table);
    this.start = null;
    const m = setupOf(ed);
    m.update({ preview: null });
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
}

/**
 * Deployment zone: drag a rectangle for the active side; a click near a table edge makes a strip
 * along that edge as deep as the ruleset's deployment depth (TANKS: one Measuring Arrow).
 */
export class DeployZoneTool extends RectSetupTool {
  readonly id = 'deployZone' as const;
  readonly hint = 'Drag a deployment zone for the active side, or click near an edge for a strip';
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
    ed.update({ hint: `Deployment zone ${id} added for ${name}` });
  }
}

/** Objective zone: drag a rectangle; it becomes a hold-the-zone objective of the active side. */
export class ObjectiveZoneTool extends RectSetupTool {
  readonly id = 'objectiveZone' as const;
  readonly hint = 'Drag an objective zone; set its owner, hold turns and secrecy in Objectives';
  protected commit(
    m: SetupModel,
    ed: Editor,
    r: { x: number; y: number; width: number; height: number },
  ): void {
    if (r.width < 0.5 || r.height < 0.5) return;
    const doc = m.scenario();
    const id = m.newId('objective');
    const o: Objective = {
      id,
      name: `Objective ${doc.objectives.length + 1}`,
      kind: 'holdZone',
      area: { shape: 'rect', ...r },
      holdTurns: 1,
    };
    m.setObjectives([...doc.objectives, o]);
    m.update({ selected: { kind: 'objective', id }, tab: 'objectives' });
    ed.update({ hint: `${o.name} added` });
  }
}

/** Objective point: click to put an objective token (scores victory points while held). */
export class ObjectivePointTool implements SetupTool {
  readonly id = 'objectivePoint' as const;
  readonly cursor = 'crosshair';
  readonly hint = 'Click to place an objective token';
  onPointerUp(e: ToolPointer, ed: Editor): void {
    const m = setupOf(ed);
    const doc = m.scenario();
    const id = m.newId('objective');
    const o: Objective = {
      id,
      name: `Objective ${doc.objectives.length + 1}`,
      kind: 'vpPerTurn',
      area: { shape: 'point', at: pt(ed.snapped(e.table)) },
      vpPerTurn: 1,
    };
    m.setObjectives([...doc.objectives, o]);
    m.update({ selected: { kind: 'objective', id }, tab: 'objectives' });
    ed.update({ hint: `${o.name} placed` });
  }
}

/** Entry edge: click near a table edge to make it the active side's entry edge. */
export class EntryEdgeTool implements SetupTool {
  readonly id = 'entryEdge' as const;
  readonly cursor = 'pointer';
  readonly hint = "Click near a table edge to make it the active side's entry edge";
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
    'Pick a unit in Forces, then press on the table and drag to set its facing; drag units and objective tokens to move them';
  private token: { id: string; offset: Point; start: Point } | null = null;
  private gesture: {
    unitId: string;
    mode: 'place' | 'move' | 'turn';
    start: Point;
    offset: Point;
    facing: number;
  } | null = null;

  private unitAt(m: SetupModel, p: Point, tol: number): string | null {
    const doc = m.scenario();
    const riders = embarkedIds(doc.forces);
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
    const hit = this.unitAt(m, e.table, 6 * ed.pixel());
    const placing = m.session.placing;
    if (hit && (!placing || hit !== placing || e.alt)) {
      const u = allUnits(doc.forces).find((p) => p.unit.id === hit)!.unit;
      const at = u.position as Point;
      this.gesture = {
        unitId: hit,
        mode: e.alt ? 'turn' : 'move',
        start: e.table,
        offset: [at[0] - e.table[0], at[1] - e.table[1]],
        facing: u.facing ?? 0,
      };
      m.update({
        selected: { kind: 'unit', id: hit },
        preview: { kind: 'unit', unitId: hit, at, facing: u.facing ?? 0 },
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
    const at = ed.snapped(e.table);
    const facing = pu.unit.facing ?? facingAwayFrom(sideEdge(doc, pu.side.id));
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
    if (g.mode === 'move') {
      const at = ed.snapped([e.table[0] + g.offset[0], e.table[1] + g.offset[1]]);
      m.update({ preview: { ...prev, at } });
    } else {
      const dx = e.table[0] - prev.at[0];
      const dy = e.table[1] - prev.at[1];
      if (Math.hypot(dx, dy) < 0.3) return;
      let facing = (Math.atan2(dy, dx) * 180) / Math.PI;
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
    m.editForces((f) => updateUnit(f, g.unitId, { position: pt(prev.at), facing: prev.facing }));
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
          : 'Placed; every unit of the side is on the table',
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

/** Drop handlers for the table view: a unit dragged from the force tree lands where dropped. */
export function unitDropHandlers(ed: Editor): {
  onDragOver: (e: React.DragEvent<HTMLElement>) => void;
  onDrop: (e: React.DragEvent<HTMLElement>) => void;
} {
  return {
    onDragOver: (e) => {
      if (e.dataTransfer.types.includes(UNIT_DRAG_TYPE)) {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
      }
    },
    onDrop: (e) => {
      const id = e.dataTransfer.getData(UNIT_DRAG_TYPE);
      if (!id) return;
      e.preventDefault();
      const m = setupOf(ed);
      const doc = m.scenario();
      const pu = allUnits(doc.forces).find((p) => p.unit.id === id);
      if (!pu) return;
      const at = pt(ed.snapped(dropPoint(ed, e.currentTarget, e.clientX, e.clientY)));
      const facing = pu.unit.facing ?? facingAwayFrom(sideEdge(doc, pu.side.id));
      m.editForces((f) => updateUnit(f, id, { position: at, facing }));
      m.update({ selected: { kind: 'unit', id } });
      ed.update({ hint: `${pu.unit.name ?? id} placed at (${at[0]}, ${at[1]})` });
    },
  };
}

/** Whether a zone lies wholly on the table (used for live feedback while drawing). */
export function zoneOnTable(
  area: Parameters<typeof shapeOutline>[0],
  w: number,
  h: number,
): boolean {
  return shapeOutline(area, w, h).every(([x, y]) => x >= 0 && y >= 0 && x <= w && y <= h);
}
