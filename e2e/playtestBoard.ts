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

/**
 * Watches, in the page, that the camera the board publishes always fits the board as it is laid
 * out (the table fitted and centred, as the board shows it until someone zooms or pans). It is
 * checked at every change of the page, in the same task as the change: a test that aims at a
 * table point from `data-camera` as soon as the page shows something new must find the camera the
 * next click will be read with. `cameraLags` lists the moments it did not.
 */
export async function watchCamera(page: Page, extent: { width: number; height: number }) {
  await page.evaluate(({ width: tw, height: th }) => {
    const lags: string[] = [];
    (window as unknown as { cameraLags: string[] }).cameraLags = lags;
    const check = () => {
      const board = document.querySelector('[data-testid="playtest-board"]');
      if (!board) return;
      const r = board.getBoundingClientRect();
      const w = Math.max(1, Math.floor(r.width));
      const h = Math.max(1, Math.floor(r.height));
      const zoom = Math.min((w - 24) / tw, (h - 24) / th);
      const want = { x: (w - tw * zoom) / 2, y: (h - th * zoom) / 2, zoom };
      const cam = JSON.parse(board.getAttribute('data-camera') ?? '{}') as typeof want;
      if (
        Math.abs(cam.x - want.x) > 0.1 ||
        Math.abs(cam.y - want.y) > 0.1 ||
        Math.abs(cam.zoom - want.zoom) > 0.01
      )
        lags.push(
          `board ${w}x${h} wants ${JSON.stringify(want)}, shows ${JSON.stringify(cam)} (tracker: ${document.querySelector('[data-testid="phase-tracker"]')?.textContent ?? ''})`,
        );
    };
    new MutationObserver(check).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  }, extent);
}

export async function cameraLags(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cameraLags: string[] }).cameraLags);
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
