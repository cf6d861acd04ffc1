import { expect, test } from '@playwright/test';
import { openPlaytest, pageErrors, VILLAGE } from './playtestSetup';

/** Where this spec leaves its screenshots, to be looked at. */
const SHOTS = process.env.NAMES_SHOTS ?? 'test-results/names-shots';

/*
 * Issue 38, item 9: the playtest's unit list names units as the log does ("Rifleman 2"), with no
 * id beside them ("a.sq1.r2").
 */
test('the playtest unit list names units, never their ids', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = pageErrors(page);
  // One person (Side A) against a bot, so the person's own list shows without a hand-over.
  await openPlaytest(page, VILLAGE, { bots: { 'Side B (east)': 'Balanced' }, seed: 2 });
  const forces = page.getByTestId('forces');
  await forces.getByTestId('formation-a.sq1').click();
  const rows = forces.locator('.unit-row');
  await expect(rows).toHaveCount(10);
  await expect(rows.nth(2)).toContainText('Rifleman 1');
  for (const text of await rows.allTextContents()) expect(text).not.toMatch(/\ba\.sq1\b/);
  await forces.screenshot({ path: `${SHOTS}/unit-list.png` });
  expect(errors).toEqual([]);
});
