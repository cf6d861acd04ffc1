import type { Page } from '@playwright/test';

/** Opens the plain Tankplank village from the welcome screen (not its artillery variant). */
export async function openVillage(page: Page): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('button', { name: /village/i })
    .filter({ hasNotText: /artillery/i })
    .click();
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
