import { expect, test } from '@playwright/test';

/** Where this spec leaves its screenshots, to be looked at. */
const SHOTS = process.env.NAMES_SHOTS ?? 'test-results/names-shots';

/*
 * Issue 38, item 9: the playtest's unit list names units as the log does ("Rifleman 2"), with no
 * id beside them ("a.sq1.r2").
 */
test('the playtest unit list names units, never their ids', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page
    .getByRole('button', { name: /village/i })
    .filter({ hasNotText: /artillery|mirrored/i })
    .click();
  await expect(page.getByTestId('table-view')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('F5');
  const dialog = page.getByRole('dialog', { name: 'Start a playtest' });
  // One person (Side A) against a bot, so the person's own list shows without a hand-over.
  await dialog
    .getByRole('combobox', { name: 'Side B (east): which bot' })
    .selectOption({ label: 'Balanced' });
  await dialog.getByTestId('seed').fill('2');
  await dialog.getByRole('button', { name: 'Start playtest' }).click();
  const forces = page.getByTestId('forces');
  await forces.getByTestId('formation-a.sq1').click();
  const rows = forces.locator('.unit-row');
  await expect(rows).toHaveCount(10);
  await expect(rows.nth(2)).toContainText('Rifleman 1');
  for (const text of await rows.allTextContents()) expect(text).not.toMatch(/\ba\.sq1\b/);
  await forces.screenshot({ path: `${SHOTS}/unit-list.png` });
  expect(errors).toEqual([]);
});
