import { expect, type Page } from '@playwright/test';

/** Opens the plain Tankplank village from the welcome screen (not its artillery variant). */
export async function openVillage(page: Page): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('button', { name: /village/i })
    .filter({ hasNotText: /artillery|mirrored/i })
    .click();
  // The first document a run opens can take longer than the default 5 s on a loaded machine
  // (the app's first load, the catalogs, the first draw): wait for it to be open before a test
  // goes on to look at it.
  await expect(page.getByTestId('doc-title')).toContainText(/village/i, { timeout: 30_000 });
}

/** Screen position of a table point in inches, from the camera the canvas publishes. */
export async function tableToScreen(page: Page, x: number, y: number): Promise<[number, number]> {
  const canvas = page.getByTestId('table-canvas');
  const [cx, cy, zoom] = (await canvas.getAttribute('data-camera'))!.split(',').map(Number) as [
    number,
    number,
    number,
  ];
  const box = (await canvas.boundingBox())!;
  return [box.x + cx + x * zoom, box.y + cy + y * zoom];
}
