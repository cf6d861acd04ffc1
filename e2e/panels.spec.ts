import { expect, test } from '@playwright/test';
import { openVillage, tableToScreen } from './helpers';

test('the sight-map panel leaves the table whole in view; the session bar covers no list', async ({
  page,
}) => {
  await openVillage(page);
  await page.keyboard.press('Shift+S');
  const panel = page.getByTestId('sight-panel');
  await expect(panel).toBeVisible();
  const p = (await panel.boundingBox())!;
  // Every corner of the 36" x 24" village table is visible, none under the panel.
  await expect
    .poll(async () => {
      const corners = await Promise.all(
        [
          [36, 0],
          [36, 24],
          [0, 0],
        ].map(([x, y]) => tableToScreen(page, x!, y!)),
      );
      return corners.every(
        ([x, y]) => !(x > p.x && x < p.x + p.width && y > p.y && y < p.y + p.height),
      );
    })
    .toBe(true);
  const [rx] = await tableToScreen(page, 36, 0);
  expect(rx).toBeLessThanOrEqual(p.x);
  await page.screenshot({ path: 'test-results/shots/sight-panel.png' });

  // A shared session's bar (as CollabRoot shows it) sits above the status bar: the feature list
  // ends above it.
  await page.evaluate(() => {
    const bar = document.createElement('div');
    bar.className = 'collab-bar';
    bar.textContent = 'Shared session: room village (2 people)';
    document.body.appendChild(bar);
  });
  const bar = (await page.locator('.collab-bar').boundingBox())!;
  const features = (await page.locator('.sidebar').boundingBox())!;
  expect(features.y + features.height).toBeLessThanOrEqual(bar.y + 1);
  await page.screenshot({ path: 'test-results/shots/session-bar.png' });
});
