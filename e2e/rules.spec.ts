import { expect, test } from '@playwright/test';
import { openVillage } from './helpers';

test('choose the village’s rules in the Rules tab, see the count, undo each choice', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillage(page);
  await expect(page.getByTestId('table-view')).toBeVisible();

  // Shift+R is the "Show rules" command; the tab starts with nothing chosen.
  await page.keyboard.press('Shift+R');
  const panel = page.getByTestId('rules-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByRole('tab', { name: /Rules/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('rules-count')).toHaveCount(0);
  await expect(panel.getByTestId('interpretation-count')).toHaveText('0 of 55 changed');
  await expect(panel.getByRole('radio', { name: /Base game only/ })).toBeChecked();

  // An optional rule, shown with its rule id and description.
  const ag = panel.getByRole('checkbox', { name: 'Assault guns' });
  await expect(panel.locator('[data-rule="BASIC.OPT.AG"]')).toContainText('[TP-18.1]');
  await ag.check();
  await expect(page.getByTestId('rules-count')).toHaveAttribute('data-count', '1');

  // An interpretation, found with the filter: wheeled road speed 12 instead of 10 (TP-A1).
  await panel.getByLabel('Filter interpretations').fill('wheeled');
  const rows = panel.locator('[data-interpretation]');
  await expect(rows).toHaveCount(3); // TP-A1, TP-A2 and TP-A38 speak of wheeled vehicles
  await expect(panel.locator('[data-interpretation="TP-A5"]')).toHaveCount(0);
  const a1 = panel.getByLabel('TP-A1 wheeledRoadSpeed');
  await expect(a1.locator('option').first()).toHaveText('10 (recommended)');
  await a1.selectOption({ label: '12' });
  await expect(panel.getByTestId('interpretation-count')).toHaveText('1 of 55 changed');
  await expect(page.getByTestId('rules-count')).toHaveAttribute('data-count', '2');
  await expect(panel.getByTestId('rules-override-count')).toContainText(
    '2 choices differ from the plain game',
  );
  await expect(panel.locator('[data-interpretation="TP-A1"]')).toContainText('changed');

  await panel.getByLabel('Filter interpretations').fill('');
  await expect(rows).toHaveCount(55);
  await page.screenshot({ path: 'test-results/shots/rules-tab.png' });
  await panel.locator('[data-interpretation="TP-A8"]').scrollIntoViewIfNeeded();
  await page
    .getByRole('complementary', { name: 'Scenario set-up' })
    .screenshot({ path: 'test-results/shots/rules-tab-interpretations.png' });

  // Each choice was one undo step (the filter box keeps its own text undo, so leave it first).
  await panel.getByRole('heading', { name: 'Optional rules' }).click();
  await page.keyboard.press('Control+z');
  await expect(panel.getByTestId('interpretation-count')).toHaveText('0 of 55 changed');
  await expect(page.getByTestId('rules-count')).toHaveAttribute('data-count', '1');
  await expect(ag).toBeChecked();
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('rules-count')).toHaveCount(0);
  await expect(ag).not.toBeChecked();

  // Reset to recommended on one row takes the override out again.
  await panel.getByLabel('TP-A52 natural6AlwaysHits').check();
  await expect(panel.getByTestId('interpretation-count')).toHaveText('1 of 55 changed');
  await panel
    .locator('[data-interpretation="TP-A52"]')
    .getByRole('button', { name: 'Reset to recommended' })
    .click();
  await expect(panel.getByTestId('interpretation-count')).toHaveText('0 of 55 changed');
  await expect(panel.getByLabel('TP-A52 natural6AlwaysHits')).not.toBeChecked();

  // The era is one choice among exclusive layers.
  await panel.getByRole('radio', { name: /Tankette Waltz/ }).check();
  await expect(page.getByTestId('rules-count')).toHaveAttribute('data-count', '1');
  await panel.getByRole('radio', { name: /Advanced vehicle rules/ }).check();
  await expect(page.getByTestId('rules-count')).toHaveAttribute('data-count', '1');
  // Ctrl+Z with the radio button still focused undoes the document, not nothing.
  await page.keyboard.press('Control+z');
  await expect(panel.getByRole('radio', { name: /Tankette Waltz/ })).toBeChecked();
  expect(errors).toEqual([]);
});
