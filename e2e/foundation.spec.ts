import { expect, test } from '@playwright/test';

test('the renderer opens in Chromium and shows an empty table', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  const newTable = page.getByRole('button', { name: 'New table' });
  // The app may open on a welcome screen; a new table is one click (and one confirm) away.
  if (await newTable.isVisible().catch(() => false)) {
    await newTable.click();
    const create = page.getByRole('button', { name: 'Create' });
    if (await create.isVisible().catch(() => false)) await create.click();
  }
  const view = page.getByTestId('table-view');
  await expect(view).toBeVisible();
  const canvas = view.locator('canvas').first();
  await expect(canvas).toBeVisible();
  // The table is painted: the canvas is not one flat colour.
  const colours = await canvas.evaluate((el: HTMLCanvasElement) => {
    const ctx = el.getContext('2d');
    if (!ctx) return 0;
    const { data } = ctx.getImageData(0, 0, el.width, el.height);
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 97)
      seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return seen.size;
  });
  expect(colours).toBeGreaterThan(1);
  expect(errors).toEqual([]);
});
