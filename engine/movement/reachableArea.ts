import { tablePoint, type TablePoint } from '../geometry/units';
import type { TerrainIndex } from '../terrain/terrainIndex';
import { pathCost, type Mover } from './movementCost';

/**
 * Where a unit can get to this turn, as a grid of costs the UI can shade: cell (c, r) has its
 * centre at (originX + (c + 0.5)·cellSize, originY + (r + 0.5)·cellSize) and `costs[r·cols + c]`
 * is the share of the turn's allowance needed to reach it (Infinity when out of reach).
 */
export interface CostGrid {
  readonly originX: number;
  readonly originY: number;
  readonly cellSize: number;
  readonly cols: number;
  readonly rows: number;
  readonly costs: readonly number[];
}

/**
 * Reachable area by Dijkstra over an 8-connected grid, each step priced by `pathCost`. A wheeled
 * mover gets two searches (road only at the road rate, anywhere at the off-road rate) because the
 * road rate only holds for moves that never leave the road.
 */
export function reachableArea(
  terrain: TerrainIndex,
  mover: Mover,
  start: TablePoint,
  budget: number,
  cellSize: number,
): CostGrid {
  const reach = Math.max(mover.roadRate, mover.offRoadRate) * budget + cellSize;
  const originX = Math.max(0, Math.floor((start.x - reach) / cellSize) * cellSize);
  const originY = Math.max(0, Math.floor((start.y - reach) / cellSize) * cellSize);
  // A start off the table (beyond an edge by more than the reach) gives no cells, not a grid
  // sized by a negative span.
  const cols = Math.max(
    0,
    Math.ceil((Math.min(terrain.width, start.x + reach) - originX) / cellSize),
  );
  const rows = Math.max(
    0,
    Math.ceil((Math.min(terrain.height, start.y + reach) - originY) / cellSize),
  );
  const centre = (c: number, r: number) =>
    tablePoint(originX + (c + 0.5) * cellSize, originY + (r + 0.5) * cellSize);

  const search = (m: Mover, roadOnly: boolean): number[] => {
    const costs = new Array<number>(cols * rows).fill(Infinity);
    const sc = Math.floor((start.x - originX) / cellSize);
    const sr = Math.floor((start.y - originY) / cellSize);
    if (sc < 0 || sr < 0 || sc >= cols || sr >= rows) return costs;
    const first = pathCost(terrain, m, [start, centre(sc, sr)]);
    if (!first.legal || (roadOnly && !first.allOnRoad)) return costs;
    costs[sr * cols + sc] = first.cost;
    // A small binary heap keyed by cost.
    const heap: [number, number][] = [[first.cost, sr * cols + sc]];
    const push = (item: [number, number]) => {
      heap.push(item);
      let i = heap.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (heap[p]![0] <= heap[i]![0]) break;
        [heap[p], heap[i]] = [heap[i]!, heap[p]!];
        i = p;
      }
    };
    const pop = (): [number, number] => {
      const top = heap[0]!;
      const last = heap.pop()!;
      if (heap.length > 0) {
        heap[0] = last;
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          const r = l + 1;
          let m = i;
          if (l < heap.length && heap[l]![0] < heap[m]![0]) m = l;
          if (r < heap.length && heap[r]![0] < heap[m]![0]) m = r;
          if (m === i) break;
          [heap[m], heap[i]] = [heap[i]!, heap[m]!];
          i = m;
        }
      }
      return top;
    };
    while (heap.length > 0) {
      const [cost, idx] = pop();
      if (cost > costs[idx]! || cost > budget) continue;
      const c = idx % cols;
      const r = (idx - c) / cols;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          if (dr === 0 && dc === 0) continue;
          const nc = c + dc;
          const nr = r + dr;
          if (nc < 0 || nr < 0 || nc >= cols || nr >= rows) continue;
          const step = pathCost(terrain, m, [centre(c, r), centre(nc, nr)]);
          if (!step.legal || (roadOnly && !step.allOnRoad)) continue;
          const next = cost + step.cost;
          const ni = nr * cols + nc;
          if (next < costs[ni]! && next <= budget + 1e-9) {
            costs[ni] = next;
            push([next, ni]);
          }
        }
      }
    }
    return costs;
  };

  let costs: number[];
  if (mover.roadRateOnlyIfAllOnRoad && mover.roadRate !== mover.offRoadRate) {
    const onRoad = search({ ...mover, roadRateOnlyIfAllOnRoad: false, offRoadRate: 0 }, true);
    const offRoad = search(
      { ...mover, roadRateOnlyIfAllOnRoad: false, roadRate: mover.offRoadRate },
      false,
    );
    costs = onRoad.map((v, i) => Math.min(v, offRoad[i]!));
  } else {
    costs = search({ ...mover, roadRateOnlyIfAllOnRoad: false }, false);
  }
  return { originX, originY, cellSize, cols, rows, costs };
}

/** Whether a table point lies in a reachable cell. */
export function isReachable(grid: CostGrid, p: TablePoint, budget = 1): boolean {
  const c = Math.floor((p.x - grid.originX) / grid.cellSize);
  const r = Math.floor((p.y - grid.originY) / grid.cellSize);
  if (c < 0 || r < 0 || c >= grid.cols || r >= grid.rows) return false;
  return grid.costs[r * grid.cols + c]! <= budget + 1e-9;
}
