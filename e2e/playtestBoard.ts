import type { Page } from '@playwright/test';
import { hexCentre, type HexGrid } from '../engine/hex';

/**
 * Pointer helpers for the playtest board: where a board point (table inches) is on screen, from
 * the camera the board publishes in data-camera, and clicking or hovering it; on a hex board the
 * same for a hex's centre.
 */
export async function screenOf(page: Page, x: number, y: number): Promise<[number, number]> {
  const board = page.getByTestId('playtest-board');
  const cam = JSON.parse((await board.getAttribute('data-camera')) ?? '{}') as {
    x: number;
    y: number;
    zoom: number;
  };
  const box = (await board.boundingBox())!;
  return [box.x + cam.x + x * cam.zoom, box.y + cam.y + y * cam.zoom];
}

export async function clickTable(page: Page, x: number, y: number): Promise<void> {
  const [sx, sy] = await screenOf(page, x, y);
  await page.mouse.click(sx, sy);
}

export async function hoverTable(page: Page, x: number, y: number): Promise<void> {
  const [sx, sy] = await screenOf(page, x, y);
  await page.mouse.move(sx, sy);
}

/** The helpers above by hex (column, row) on a hex board drawn with `grid`. */
export function hexBoard(grid: HexGrid) {
  const hexOnScreen = (page: Page, col: number, row: number): Promise<[number, number]> => {
    const [x, y] = hexCentre(grid, col, row);
    return screenOf(page, x, y);
  };
  return {
    hexOnScreen,
    async clickHex(page: Page, col: number, row: number): Promise<void> {
      const [x, y] = hexCentre(grid, col, row);
      await clickTable(page, x, y);
    },
    async hoverHex(page: Page, col: number, row: number): Promise<void> {
      const [x, y] = hexCentre(grid, col, row);
      await hoverTable(page, x, y);
    },
  };
}
