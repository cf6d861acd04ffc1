import { expect, test } from '@playwright/test';
import { openVillage } from './helpers';

test('doors and windows are edited as a list in the inspector, each change one undo step', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillage(page);
  await page.getByLabel('Filter features').fill('West farmhouse');
  await page.locator('[data-feature-id="bldg-w1"]').click();
  const inspector = page.getByLabel('Inspector');
  await expect(inspector).toContainText('Openings (0)');
  await inspector.getByRole('button', { name: '+ Add opening' }).click();
  await expect(inspector).toContainText('Openings (1)');
  await inspector.getByRole('button', { name: '+ Add opening' }).click();
  await expect(inspector).toContainText('Openings (2)');
  // The second opening becomes a window in the east wall.
  await inspector.locator('#insp-openings-1-type').selectOption('window');
  await inspector.locator('#insp-openings-1-wall').selectOption('east');
  await expect(inspector.locator('#insp-openings-1-wall')).toHaveValue('east');
  await page.screenshot({ path: 'test-results/editor-shots/openings.png' });
  await inspector.getByRole('button', { name: 'Remove opening 1' }).click();
  await expect(inspector).toContainText('Openings (1)');
  await expect(inspector.locator('#insp-openings-0-type')).toHaveValue('window');

  await page.keyboard.press('Control+z');
  await expect(inspector).toContainText('Openings (2)');
  await expect(inspector.locator('#insp-openings-0-type')).toHaveValue('door');
  await page.keyboard.press('Control+z');
  await expect(inspector.locator('#insp-openings-1-wall')).toHaveValue('north');
  expect(errors).toEqual([]);
});
