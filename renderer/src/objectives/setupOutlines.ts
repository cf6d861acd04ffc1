/**
 * Where set-up things lie on the table, shared by the table and hex set-up painters, the set-up
 * hit tests and tools: shape outlines, entry-edge segments and their bar, which objectives the view
 * shows, and a unit's footprint size.
 */
import type { Edge, Objective, Point, ScenarioDoc, Shape } from '../../../engine/format/types';
import { visibleObjectives } from '../../../engine/forces';
import { type SetupModel, sideColour } from '../forces/setupModel';

export const SELECT = '#ffd34d';

/** Corners of a shape in table inches (a circle or point gives none: drawn apart). */
export function shapeOutline(shape: Shape, w: number, h: number): Point[] {
  switch (shape.shape) {
    case 'polygon':
      return shape.points;
    case 'rect':
      return [
        [shape.x, shape.y],
        [shape.x + shape.width, shape.y],
        [shape.x + shape.width, shape.y + shape.height],
        [shape.x, shape.y + shape.height],
      ];
    case 'edgeStrip': {
      const d = shape.depth;
      const from = shape.from ?? 0;
      const along = shape.edge === 'north' || shape.edge === 'south' ? w : h;
      const to = shape.to ?? along;
      const box: Record<Edge, [number, number, number, number]> = {
        north: [from, 0, to, d],
        south: [from, h - d, to, h],
        west: [0, from, d, to],
        east: [w - d, from, w, to],
      };
      const [x0, y0, x1, y1] = box[shape.edge];
      return [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ];
    }
    case 'circle':
    case 'point':
    case 'hexes':
      return [];
  }
}

/** The segment of a table edge, from `from` to `to` inches along it. */
export function edgeSegment(
  edge: Edge,
  w: number,
  h: number,
  from = 0,
  to?: number,
): [Point, Point] {
  switch (edge) {
    case 'north':
      return [
        [from, 0],
        [to ?? w, 0],
      ];
    case 'south':
      return [
        [from, h],
        [to ?? w, h],
      ];
    case 'west':
      return [
        [0, from],
        [0, to ?? h],
      ];
    case 'east':
      return [
        [w, from],
        [w, to ?? h],
      ];
  }
}

/** The objectives the current view may show: all for the designer, own and open in playtest. */
export function shownObjectives(doc: ScenarioDoc, model: SetupModel): Objective[] {
  return visibleObjectives(doc.objectives, model.session.viewAs);
}

/** Footprint size of a unit type in inches: length along its facing, width across. */
export function unitSize(
  model: SetupModel,
  type: string,
): { length: number; width: number } | null {
  const t = model.catalog().units.get(type);
  if (!t?.size?.length || !t.size.width) return null;
  return { length: t.size.length, width: t.size.width };
}

/**
 * Strokes an entry edge as a bar in its side's colour (the selection colour when selected) and
 * returns its ends in screen pixels, for the caller's label.
 */
export function strokeEntryEdge(
  ctx: CanvasRenderingContext2D,
  doc: ScenarioDoc,
  e: NonNullable<ScenarioDoc['deployment']['entryEdges']>[number],
  selected: boolean,
  toS: (p: Point) => Point,
  w: number,
  h: number,
): [Point, Point] {
  const [a, b] = edgeSegment(e.edge, w, h, e.from, e.to);
  const sa = toS(a);
  const sb = toS(b);
  ctx.lineWidth = selected ? 9 : 6;
  ctx.strokeStyle = selected ? SELECT : sideColour(doc, e.side);
  ctx.beginPath();
  ctx.moveTo(sa[0], sa[1]);
  ctx.lineTo(sb[0], sb[1]);
  ctx.stroke();
  return [sa, sb];
}
