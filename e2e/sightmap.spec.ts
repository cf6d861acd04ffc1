import { expect, test, type Page } from '@playwright/test';
import { openVillage, tableToScreen } from './helpers';

/** Where this spec leaves its screenshots, to be looked at. */
const SHOTS = 'test-results/sightmap-shots';

/** What the sight layer shows over a table point: hidden (dark, opaque), seen (light) or nothing. */
async function shade(page: Page, x: number, y: number): Promise<'hidden' | 'seen' | 'none'> {
  const a = (await sightPixel(page, x, y))[3] ?? 0;
  return a === 0 ? 'none' : a > 120 ? 'hidden' : 'seen';
}

/** The sight layer's pixel over a table point: its colour and alpha (0 where nothing is drawn). */
async function sightPixel(page: Page, x: number, y: number): Promise<number[]> {
  const [sx, sy] = await tableToScreen(page, x, y);
  return page.evaluate(
    ([px, py]: [number, number]) => {
      const host = document.querySelector('[data-testid="table-canvas"]')!;
      // Konva gives each layer its own canvas: terrain, sight, overlay.
      const canvas = host.querySelectorAll('canvas')[1]!;
      const box = canvas.getBoundingClientRect();
      const k = canvas.width / box.width;
      const d = canvas
        .getContext('2d')!
        .getImageData(Math.round((px - box.left) * k), Math.round((py - box.top) * k), 1, 1).data;
      return [d[0]!, d[1]!, d[2]!, d[3]!];
    },
    [sx, sy] as [number, number],
  );
}

test('sight map: look from a point, drag a building, the shading follows the drag', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillage(page);
  await expect(page.getByTestId('table-view')).toBeVisible();

  // The command's shortcut shows the panel; the next click on the map picks the point.
  await page.keyboard.press('Shift+S');
  const panel = page.getByTestId('sight-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Pick a viewer');
  // Escape gives up picking; picking again waits for the click.
  await panel.getByTestId('sight-pick').click();
  await expect(panel.getByTestId('sight-pick')).toHaveText('Click the map… (Esc)');
  await page.keyboard.press('Escape');
  await expect(panel.getByTestId('sight-pick')).toHaveText('Pick a point');
  await panel.getByTestId('sight-pick').click();
  // East of the west farmhouse (centred on 3.2, 9.8; 2.5" × 2"): west of it lies its shadow.
  const [vx, vy] = await tableToScreen(page, 7.5, 9.8);
  await page.mouse.click(vx, vy);
  const legend = panel.getByTestId('sight-legend');
  await expect(legend).toContainText('From the point (7.50, 9.80)', { timeout: 30_000 });
  await expect(legend).toContainText('Seen by the viewer');
  // A quick preview shows first; then every cell.
  await expect(panel.getByTestId('sight-status')).toContainText('13,824 sight lines', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('table-canvas')).toHaveAttribute('data-sight', 'on');
  await page.screenshot({ path: `${SHOTS}/before.png` });
  expect(await shade(page, 1, 9.8)).toBe('hidden');
  expect(await shade(page, 6, 9.8)).toBe('seen');

  // Drag the farmhouse north; while the button is still down the map is worked out again.
  const [bx, by] = await tableToScreen(page, 3.2, 9.8);
  const [tx, ty] = await tableToScreen(page, 3.2, 5.8);
  await page.mouse.move(bx, by);
  await page.mouse.down();
  await page.mouse.move(bx, (by + ty) / 2, { steps: 4 });
  await page.mouse.move(tx, ty, { steps: 4 });
  await expect(panel.getByTestId('sight-status')).toContainText('checked again', {
    timeout: 30_000,
  });
  await expect.poll(() => shade(page, 1, 9.8), { timeout: 30_000 }).toBe('seen');
  await page.screenshot({ path: `${SHOTS}/dragging.png` });
  await page.mouse.up();

  // Undo puts the farmhouse back, and its shadow with it.
  await page.keyboard.press('Control+z');
  await expect.poll(() => shade(page, 1, 9.8), { timeout: 30_000 }).toBe('hidden');

  // A vehicle's eye; then toggled off with the same shortcut.
  await panel.getByRole('radio', { name: 'a vehicle' }).check();
  await expect(legend).toContainText('From the point', { timeout: 30_000 });
  // (Shortcuts wait while a form control has the focus.)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Shift+S');
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('table-canvas')).toHaveAttribute('data-sight', 'off');
  expect(errors).toEqual([]);
});

test('sight map on a hex map, hex by hex, and in the balance lab', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.getByRole('button', { name: /contour hills/i }).click();
  await expect(page.getByTestId('table-view')).toBeVisible();

  // A unit as the viewer, its side's enemy's entry edge for the dead ground.
  await page.keyboard.press('Shift+S');
  const panel = page.getByTestId('sight-panel');
  await panel.getByLabel('Look from').selectOption('unit:alpha.pz1');
  const legend = panel.getByTestId('sight-legend');
  await expect(legend).toContainText('From unit alpha.pz1 (Alpha (German))', { timeout: 30_000 });
  await expect(legend).toContainText("enemy: Bravo (Soviet)'s entry edge");
  await expect(legend).toContainText('dead ground to the enemy');
  await expect(panel.getByTestId('sight-status')).toContainText('432 hexes');
  await page.screenshot({ path: `${SHOTS}/hex.png` });

  // The balance lab shows the same shading over its map.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Shift+F5');
  const lab = page.getByRole('dialog', { name: 'Balance lab' });
  const sight = lab.getByTestId('lab-sight');
  await sight.getByRole('button', { name: 'Show sight map' }).click();
  await expect(sight.getByTestId('lab-sight-map')).toBeVisible({ timeout: 30_000 });
  await expect(sight).toContainText('dead ground to the enemy');
  await sight.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/lab.png` });
  expect(errors).toEqual([]);
});
