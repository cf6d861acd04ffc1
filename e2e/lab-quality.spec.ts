import { expect, test } from '@playwright/test';

/** Where this spec leaves its screenshots, to be looked at. */
const SHOTS = 'test-results/lab-shots';

test('balance lab: the game-quality measures and restricted play by unit type', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.getByRole('button', { name: /Through the wire/ }).click();
  await expect(page.getByTestId('table-view')).toBeVisible();

  await page.keyboard.press('Shift+F5');
  const lab = page.getByRole('dialog', { name: 'Balance lab' });
  await expect(lab).toBeVisible();
  await lab.getByLabel('Games', { exact: true }).fill('4');
  await lab.getByLabel('Restricted play').check();
  await lab.getByRole('button', { name: 'Run', exact: true }).click();

  const results = lab.getByTestId('lab-results');
  await expect(results).toBeVisible({ timeout: 180_000 });
  const quality = results.getByTestId('lab-quality');
  await expect(quality).toBeVisible();
  // Every measure with its value, what it means and a good range.
  for (const [measure, label] of [
    ['decisiveness', 'decisiveness'],
    ['draws', 'drawishness'],
    ['drawsAtLimit', 'draws at the turn limit'],
    ['length', 'game length'],
    ['leadChanges', 'lead changes per game'],
    ['comebacks', 'comebacks'],
    ['firstPlayer', 'first-player advantage'],
  ] as const) {
    const row = quality.locator(`tr[data-measure="${measure}"]`);
    await expect(row).toContainText(label);
    await expect(row).toContainText('good:');
  }
  await expect(quality.locator('tr[data-measure="length"]')).toContainText(/p10 \d+, p50 \d+/);
  // WWI gives the first turn to the scenario's first side: the lab says the measure does not apply.
  await expect(quality.locator('tr[data-measure="firstPlayer"]')).toContainText('not applicable');

  // Restricted play follows the run, with its own progress, then a row a unit type of each side.
  const restricted = quality.getByTestId('lab-restricted');
  await expect(restricted).toBeVisible({ timeout: 240_000 });
  await expect(restricted).toContainText('British without');
  await expect(restricted).toContainText('German without');
  await expect(restricted.getByRole('img', { name: /^drop [+−]\d/ }).first()).toBeVisible();
  await quality.screenshot({ path: `${SHOTS}/quality.png` });
  await lab.screenshot({ path: `${SHOTS}/quality-dialog.png` });
  expect(errors).toEqual([]);
});
