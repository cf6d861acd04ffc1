import { expect, test } from '@playwright/test';

// The File menu and the help list the formats of engine/formats/registry.ts (issue 35, item 4).
test('the File menu and the help list every import and export format with its shortcut', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'New table' }).click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.getByRole('menuitem', { name: 'File', exact: true }).click();
  for (const item of [
    'Import Tiled map…',
    'Import BattleScribe catalogues…',
    'Export PNG…',
    'Export SVG…',
    'Print-ready PDF…',
    'Export Tiled map (TMX)…',
  ])
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const help = page.getByRole('dialog', { name: 'Sandtable help' });
  const formats = help.getByTestId('help-formats');
  await expect(formats.getByRole('listitem')).toHaveCount(6);
  await expect(formats).toContainText('File ▸ Import Tiled map… (Ctrl+Alt+I): Tiled map, .tmx');
  await expect(formats).toContainText('File ▸ Print-ready PDF… (Ctrl+P): Print-ready PDF, .pdf');
  await formats.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/shots/help-formats.png' });
  // A shortcut from the registry's table still runs its command.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Alt+i');
  await expect(page.getByRole('dialog', { name: 'Import Tiled map' })).toBeVisible();
});
