import { expect, test } from '@playwright/test';

test('F1 opens the help, whose shortcut table comes from the command registry', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'New table' }).click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.keyboard.press('F1');
  const help = page.getByRole('dialog', { name: 'Sandtable help' });
  await expect(help).toBeVisible();
  // It opens at its start, not scrolled to the shortcut table at the bottom (issue 38, item 7).
  await expect(help.getByRole('heading', { name: 'Working with Sandtable' })).toBeInViewport();
  const file = help.getByRole('table', { name: 'File shortcuts' });
  await expect(file.getByRole('row', { name: /Save\b.*Ctrl\+S/ }).first()).toBeVisible();
  await expect(help.getByRole('table', { name: 'View shortcuts' })).toContainText('Playtest');
  await page.screenshot({ path: 'test-results/shots/help.png' });
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  // The Help menu opens the same dialog.
  await page.getByRole('menuitem', { name: 'Help', exact: true }).click();
  await page.getByRole('menuitem', { name: /Help and keyboard shortcuts/ }).click();
  await expect(help).toBeVisible();
});
