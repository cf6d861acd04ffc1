import { expect, test } from '@playwright/test';
import { openVillage, tableToScreen } from './helpers';

test('objectives and entry edges are picked on the table with the select tool, and deleted with Delete', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillage(page);
  await expect(page.getByTestId('table-canvas')).toBeVisible();

  // Side A's objective (the north-east paddock), by the bottom of its outline: the Objectives
  // tab shows it selected.
  await page.mouse.click(...(await tableToScreen(page, 33, 10)));
  await expect(page.locator('[data-objective="objective-a"]')).toHaveClass(/selected/);

  // Side B's entry edge, by its bar on the east edge, away from the objective.
  await page.mouse.click(...(await tableToScreen(page, 35.95, 20)));
  const edgeRows = page.locator('.condition', { hasText: 'enters from' });
  await expect(edgeRows).toHaveCount(2);
  await expect(page.locator('.condition.selected', { hasText: 'enters from' })).toHaveCount(1);
  await page.keyboard.press('Delete');
  await expect(edgeRows).toHaveCount(1);
  await page.keyboard.press('Control+z');
  await expect(edgeRows).toHaveCount(2);

  // Inside the objective, away from its border, the terrain is still what a click selects.
  const inspector = page.getByLabel('Inspector');
  await expect(inspector.locator('h2')).toHaveText('Table');
  await page.mouse.click(...(await tableToScreen(page, 34.5, 3.5)));
  await expect(inspector.locator('h2')).not.toHaveText('Table');
  expect(errors).toEqual([]);
});
