import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { tableToScreen } from './helpers';

/**
 * What a new user tripped over in the walk of issue 38 (e2e/walks/newUser.walk.ts): each test
 * does that step again and checks the app now gets it right.
 */
mkdirSync('test-results/shots', { recursive: true });

async function clickTable(page: Page, x: number, y: number) {
  await page.mouse.click(...(await tableToScreen(page, x, y)));
}

async function newTable(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true });
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'New table' }).click();
  await expect(page.getByTestId('table-canvas')).toBeVisible({ timeout: 30_000 });
  return errors;
}

test('a creek and a road with a bridge: tool keys work after the Grid box; the bridge names its road and creek', async ({
  page,
}) => {
  const errors = await newTable(page);
  // Unticking Grid in the status bar leaves the focus on the box: C must still pick the creek.
  await page.locator('.statusbar').getByRole('checkbox').first().uncheck();
  await page.keyboard.press('c');
  await expect(page.getByRole('button', { name: 'Creek', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  for (const [x, y] of [
    [18, 1],
    [17, 12],
    [18, 23],
  ] as const)
    await clickTable(page, x, y);
  await page.keyboard.press('Enter');
  await page.keyboard.press('r');
  await clickTable(page, 1, 12);
  await clickTable(page, 35, 12);
  await page.keyboard.press('Enter');
  await page.keyboard.press('j');
  await clickTable(page, 17.2, 12);
  await page.keyboard.press('v');
  await page.locator('[data-feature-id^="bridge-"]').click();
  const inspector = page.getByLabel('Inspector');
  // Its number, not its id; the road and creek it joins by name, to pick from a list.
  await expect(inspector.getByRole('heading')).toHaveText('Bridge 1');
  await expect(inspector.getByLabel('Carries')).toHaveValue(/^road-/);
  await expect(inspector.getByLabel('Carries').locator('option:checked')).toHaveText('road 1');
  await expect(inspector.getByLabel('Spans').locator('option:checked')).toHaveText('creek 1');
  // Kinds of unit in words.
  await expect(inspector.getByRole('group', { name: 'Passable by' })).toContainText('half tracked');
  await expect(inspector.getByRole('group', { name: 'Passable by' })).not.toContainText(
    'halfTracked',
  );
  await page.screenshot({ path: 'test-results/shots/new-user-bridge.png' });
  expect(errors).toEqual([]);
});

test('forces and objectives in words: numbered formations, zones and objective kinds by name', async ({
  page,
}) => {
  const errors = await newTable(page);
  const forces = page.getByTestId('forces-panel');
  await forces.getByLabel('New formation kind').selectOption('platoon');
  await forces.getByLabel('New formation kind').selectOption('platoon');
  await expect(forces.getByLabel('Formation name').nth(0)).toHaveValue('Platoon');
  await expect(forces.getByLabel('Formation name').nth(1)).toHaveValue('Platoon 2');
  await forces.getByLabel('Add unit to Platoon 2').selectOption({ label: 'Rifleman' });
  await forces.locator('[data-unit]').first().click();
  const details = page.getByTestId('unit-details');
  await expect(details.getByRole('heading')).toHaveText(/^Rifleman\s*$/);
  await expect(details).toContainText('off road 3"');

  await page.getByRole('button', { name: 'Deployment zone' }).click();
  await clickTable(page, 0.5, 20);
  await expect(page.getByText('Deployment zone "Blue deployment" added for Blue')).toBeVisible();

  // A click alone with the objective zone tool says how to draw one.
  await page.getByRole('button', { name: 'Objective zone' }).click();
  await clickTable(page, 20, 10);
  await expect(
    page.getByText('Drag from corner to corner to draw an objective zone'),
  ).toBeVisible();
  const [ax, ay] = await tableToScreen(page, 14, 10);
  const [bx, by] = await tableToScreen(page, 22, 14);
  await page.mouse.move(ax, ay);
  await page.mouse.down();
  await page.mouse.move(bx, by, { steps: 5 });
  await page.mouse.up();
  const objectives = page.getByTestId('objectives-panel');
  const kind = objectives.getByLabel('Kind').first();
  await expect(kind).toHaveValue('holdZone');
  await expect(kind.locator('option:checked')).toHaveText('hold the zone');
  await expect(objectives).toContainText('rectangle · open to all');
  await page.screenshot({ path: 'test-results/shots/new-user-objectives.png' });
  expect(errors).toEqual([]);
});

test('the PDF dialog keeps each box beside its words and says when the file is written', async ({
  page,
}) => {
  const errors = await newTable(page);
  await page.keyboard.press('Control+p');
  const dialog = page.getByRole('dialog', { name: 'Print-ready PDF (1:1)' });
  const legend = dialog.getByRole('checkbox', { name: /Include the legend/ });
  const box = (await legend.boundingBox())!;
  const label = (await dialog.locator('label.check').boundingBox())!;
  // One line: the label is no taller than a line of text and the box sits at its left end.
  expect(label.height).toBeLessThan(28);
  expect(Math.abs(box.x - label.x)).toBeLessThan(8);
  await dialog.screenshot({ path: 'test-results/shots/new-user-pdf-dialog.png' });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  const name = (await download).suggestedFilename();
  expect(name).toMatch(/\.pdf$/);
  await expect(page.getByTestId('notice')).toHaveText(`Exported ${name}`);
  expect(errors).toEqual([]);
});

test('the welcome screen names each ruleset as players know it, not by its id', async ({
  page,
}) => {
  await page.goto('/');
  const village = page
    .getByRole('button', { name: /village on the creek/ })
    .filter({ hasNotText: /artillery/ });
  await expect(village).toContainText('Tankplank · 36″ × 24″');
  await expect(page.getByRole('button', { name: /Contour hills/ })).toContainText(
    'TANK! · 24 × 18',
  );
});

test('a greyed File item says why: BattleScribe in a Tankplank table, TMX on a table map', async ({
  page,
}) => {
  await newTable(page);
  await page.getByRole('menuitem', { name: 'File', exact: true }).click();
  const bs = page.getByRole('menuitem', { name: 'Import BattleScribe catalogues…' });
  await expect(bs).toBeDisabled();
  await expect(bs).toHaveAttribute('title', /reads BattleScribe catalogues \(TANKS\)/);
  const tmx = page.getByRole('menuitem', { name: 'Export Tiled map (TMX)…' });
  await expect(tmx).toHaveAttribute('title', /hex map/);
  // An item that works has no such note.
  await expect(page.getByRole('menuitem', { name: 'Export PNG…' })).not.toHaveAttribute(
    'title',
    /.+/,
  );
});
