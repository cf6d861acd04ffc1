import type { Page } from '@playwright/test';
import { hexCentre, type HexGrid } from '../engine/hex';

/**
 * Pointer helpers for the playtest's hex board: where a hex's centre is on screen (from the
 * camera the board publishes in data-camera), and clicking or hovering it.
 */
export function hexBoard(grid: HexGrid) {
  async function hexOnScreen(page: Page, col: number, row: number): Promise<[number, number]> {
    const board = page.getByTestId('playtest-board');
    const cam = JSON.parse((await board.getAttribute('data-camera')) ?? '{}') as {
      x: number;
      y: number;
      zoom: number;
    };
    const box = (await board.boundingBox())!;
    const [x, y] = hexCentre(grid, col, row);
    return [box.x + cam.x + x * cam.zoom, box.y + cam.y + y * cam.zoom];
  }
  return {
    hexOnScreen,
    async clickHex(page: Page, col: number, row: number): Promise<void> {
      const [x, y] = await hexOnScreen(page, col, row);
      await page.mouse.click(x, y);
    },
    async hoverHex(page: Page, col: number, row: number): Promise<void> {
      const [x, y] = await hexOnScreen(page, col, row);
      await page.mouse.move(x, y);
    },
  };
}
