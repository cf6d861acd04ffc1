/** Where a document window was and how big, remembered between runs. */
export interface WindowState {
  readonly x?: number;
  readonly y?: number;
  readonly width: number;
  readonly height: number;
  readonly maximized: boolean;
  readonly fullScreen: boolean;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export const DEFAULT_WINDOW: WindowState = {
  width: 1400,
  height: 900,
  maximized: false,
  fullScreen: false,
};
export const MIN_WIDTH = 800;
export const MIN_HEIGHT = 560;
/** How far each new window is shifted from one already at the same place. */
export const CASCADE = 28;
/** How much of a window's title bar must lie on a display for it to count as reachable. */
const MIN_VISIBLE = 80;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Reads a stored state, falling back to defaults field by field for anything malformed. */
export function parseWindowState(value: unknown): WindowState {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const width = finite(v.width) ? Math.max(MIN_WIDTH, Math.round(v.width)) : DEFAULT_WINDOW.width;
  const height = finite(v.height)
    ? Math.max(MIN_HEIGHT, Math.round(v.height))
    : DEFAULT_WINDOW.height;
  return {
    ...(finite(v.x) && finite(v.y) ? { x: Math.round(v.x), y: Math.round(v.y) } : {}),
    width,
    height,
    maximized: v.maximized === true,
    fullScreen: v.fullScreen === true,
  };
}

function overlap(a: Rect, b: Rect): { w: number; h: number } {
  return {
    w: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    h: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * Places a window from its remembered state on the displays there are now: a position that is
 * off every display (a monitor was unplugged) is dropped and the window centred on the primary
 * display; a size larger than the display shrinks; a window opening on top of another is cascaded.
 */
export function placeWindow(
  saved: WindowState,
  workAreas: readonly Rect[],
  openWindows: readonly Rect[] = [],
): WindowState {
  const primary = workAreas[0] ?? { x: 0, y: 0, width: 1920, height: 1080 };
  let { x, y } = saved;
  let area = primary;
  if (x !== undefined && y !== undefined) {
    const titleBar = { x, y, width: saved.width, height: 40 };
    const home = workAreas.find((a) => {
      const o = overlap(titleBar, a);
      return o.w >= MIN_VISIBLE && o.h > 0;
    });
    if (home) area = home;
    else x = y = undefined;
  }
  const width = Math.min(saved.width, area.width);
  const height = Math.min(saved.height, area.height);
  if (x === undefined || y === undefined) {
    x = Math.round(area.x + (area.width - width) / 2);
    y = Math.round(area.y + (area.height - height) / 2);
  }
  for (let i = 0; i < 20 && openWindows.some((w) => w.x === x && w.y === y); i++) {
    x += CASCADE;
    y += CASCADE;
    if (x + width > area.x + area.width || y + height > area.y + area.height) {
      x = area.x;
      y = area.y;
    }
  }
  return { x, y, width, height, maximized: saved.maximized, fullScreen: saved.fullScreen };
}
