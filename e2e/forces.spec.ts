import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { tableToScreen } from './helpers';

/** The browser host falls back to downloads when there is no native save picker to drive. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true });
  });
});

async function drag(page: Page, from: [number, number], to: [number, number]) {
  const a = await tableToScreen(page, ...from);
  const b = await tableToScreen(page, ...to);
  await page.mouse.move(...a);
  await page.mouse.down();
  await page.mouse.move((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, { steps: 4 });
  await page.mouse.move(...b, { steps: 4 });
  await page.mouse.up();
}

async function newTanksTable(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: /Choose ruleset/ }).click();
  await page.getByRole('radio', { name: /TANKS table 36/ }).check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('forces-panel')).toBeVisible();
}

async function addPlatoonWithM1(page: Page, count: number) {
  const forces = page.getByTestId('forces-panel');
  await forces.getByLabel('New formation kind').selectOption('platoon');
  for (let i = 0; i < count; i++)
    await forces.getByLabel('Add unit to Platoon').selectOption('tanks.m1');
}

test('build a TANKS platoon to a points limit, see the violation and fix it', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await newTanksTable(page);
  const forces = page.getByTestId('forces-panel');
  await forces.getByLabel('Nation').fill('US');
  await forces.getByLabel('Points limit').fill('50');
  await addPlatoonWithM1(page, 1);
  // The second tank is dragged from the type palette onto the platoon.
  await forces.getByLabel('Find unit type').fill('abrams');
  await forces
    .locator('[data-palette-type="tanks.m1"]')
    .dragTo(forces.locator('[data-formation]').first());
  await expect(forces.locator('[data-unit]')).toHaveCount(2);
  await forces.getByLabel('Platoon card').selectOption('tanks.platoon.teamYankee');

  // Two M1 Abrams at 30 points each break the 50-point limit; the check explains itself.
  await expect(page.getByTestId('points-total')).toHaveText('60 / 50 pts');
  const checks = page.getByTestId('force-checks');
  await expect(checks).toContainText('costs 60 points, over its limit of 50 by 10');
  await expect(checks).toContainText('[TK-8.1]');

  // The same hero crew card on both tanks: at most once per platoon.
  const rows = forces.locator('[data-unit]');
  await rows.nth(0).click();
  await forces.getByLabel('Add card').selectOption('tanks.crew.bannon');
  await rows.nth(1).click();
  await forces.getByLabel('Add card').selectOption('tanks.crew.bannon');
  await expect(checks).toContainText('Sean Bannon is a Hero card and appears 2 times');

  // The Problems tab lists both and selects what a problem is about.
  await page.getByRole('tab', { name: /Problems/ }).click();
  const problems = page.getByTestId('problems-panel');
  await expect(problems.locator('[data-check="points-limit"]')).toBeVisible();
  await problems.locator('[data-check="hero-unique"]').click();
  await expect(problems.locator('[data-check="hero-unique"]')).toHaveClass(/selected/);
  await page.screenshot({ path: 'test-results/forces-violation.png' });

  // Fix: delete the second tank.
  await page.getByRole('tab', { name: 'Forces' }).click();
  await rows.nth(1).click();
  await forces.getByRole('button', { name: 'Delete unit' }).click();
  await expect(page.getByTestId('points-total')).toHaveText('32 / 50 pts');
  await expect(page.getByTestId('force-checks')).toHaveCount(0);
  await page.getByRole('tab', { name: /Problems/ }).click();
  await expect(problems.locator('[data-check="points-limit"]')).toHaveCount(0);
  await expect(problems.locator('[data-check="hero-unique"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('draw a deployment zone, place a unit, hide an objective, save and reopen', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await newTanksTable(page);
  await addPlatoonWithM1(page, 2);
  const forces = page.getByTestId('forces-panel');

  // Entry edge and a deployment zone for Blue, the active side.
  await page.getByRole('button', { name: 'Entry edge' }).click();
  await page.mouse.click(...(await tableToScreen(page, 18, 0.5)));
  await page.getByRole('button', { name: 'Deployment zone' }).click();
  await drag(page, [2, 1], [34, 6]);

  // Drag the first tank from the force tree onto the table.
  const firstTank = forces.locator('[data-unit]').nth(0);
  const [tx, ty] = await tableToScreen(page, 10, 3);
  const box = (await page.getByTestId('table-view').boundingBox())!;
  await firstTank.dragTo(page.getByTestId('table-view'), {
    targetPosition: { x: tx - box.x, y: ty - box.y },
  });
  await expect(firstTank).toHaveAttribute('title', /On the table at \(10, 3\)/);

  // Place the second with the units tool: press and drag to turn it south-east.
  await forces.locator('[data-unit]').nth(1).click();
  await forces.getByRole('button', { name: 'Place on table' }).click();
  await drag(page, [20, 3], [23, 6]);
  await expect(forces.locator('[data-unit]').nth(1)).toHaveAttribute(
    'title',
    /On the table at \(20, 3\)/,
  );
  await expect(forces.getByLabel('Facing')).toHaveValue('45');

  // A hidden objective owned by Blue: Red's playtest view does not show it.
  await page.getByRole('button', { name: 'Objective point' }).click();
  await page.mouse.click(...(await tableToScreen(page, 18, 30)));
  const objectives = page.getByTestId('objectives-panel');
  await objectives.getByLabel('Objective name').fill('Blue secret');
  await objectives.getByLabel('Objective owner').selectOption('blue');
  await objectives.getByLabel('Hidden objective').check();
  await page.screenshot({ path: 'test-results/forces-setup.png' });
  await objectives.getByLabel('View as').selectOption('red');
  await expect(objectives.locator('[data-objective]')).toHaveCount(0);
  await expect(objectives.getByTestId('hidden-count')).toHaveText(
    '1 hidden objective(s) of another side',
  );
  await objectives.getByLabel('View as').selectOption('blue');
  await expect(objectives.locator('[data-objective]')).toHaveCount(1);

  // Export Blue as a forces file and import it over Red: same order of battle, fresh ids.
  await page.getByRole('tab', { name: 'Forces' }).click();
  const exported = page.waitForEvent('download');
  await forces.getByRole('button', { name: 'Save side…' }).click();
  const forcesFile = join(tmpdir(), `sandtable-blue-${Date.now()}.forces.json`);
  await (await exported).saveAs(forcesFile);
  expect(JSON.parse(readFileSync(forcesFile, 'utf8'))).toMatchObject({
    format: 'sandtable.forces',
    forces: { sides: [{ id: 'blue' }] },
  });
  await forces.getByRole('tab', { name: 'Red' }).click();
  const picker = page.waitForEvent('filechooser');
  await forces.getByRole('button', { name: 'Load side…' }).click();
  await (await picker).setFiles(forcesFile);
  await expect(forces.locator('[data-unit]')).toHaveCount(2);
  await expect(forces.getByLabel('Side name')).toHaveValue('Blue');
  await forces.getByLabel('Side name').fill('Red');
  await forces.getByLabel('Side name').blur();

  // Save, close, reopen: forces, placement, zone, edge and the secret objective survive.
  const download = page.waitForEvent('download');
  await page.keyboard.press('Control+s');
  const d = await download;
  const path = join(tmpdir(), `sandtable-forces-${Date.now()}.scenario.json`);
  await d.saveAs(path);
  const saved = JSON.parse(readFileSync(path, 'utf8')) as {
    forces: { sides: { formations: { units: { position?: number[]; facing?: number }[] }[] }[] };
    objectives: { hidden?: boolean; owner?: string; name?: string }[];
    deployment: { zones: { side: string }[]; entryEdges: { edge: string }[] };
  };
  expect(saved.forces.sides[0]!.formations[0]!.units.map((u) => u.position)).toEqual([
    [10, 3],
    [20, 3],
  ]);
  // The imported copy is not placed: positions belong to the map it came from.
  expect(saved.forces.sides[1]!.formations[0]!.units.map((u) => u.position)).toEqual([
    undefined,
    undefined,
  ]);
  expect(saved.objectives).toEqual([
    expect.objectContaining({ name: 'Blue secret', owner: 'blue', hidden: true }),
  ]);
  expect(saved.deployment.zones).toEqual([expect.objectContaining({ side: 'blue' })]);
  expect(saved.deployment.entryEdges).toEqual([expect.objectContaining({ edge: 'north' })]);

  await page.getByRole('menuitem', { name: 'File' }).click();
  await page.getByRole('menuitem', { name: /^Close/ }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Open file/ }).click();
  await (await chooser).setFiles(path);
  await expect(page.getByTestId('forces-panel').locator('[data-unit]')).toHaveCount(2);
  await expect(page.getByTestId('forces-panel').locator('[data-unit]').nth(0)).toHaveAttribute(
    'title',
    /On the table at \(10, 3\)/,
  );
  await page.getByRole('tab', { name: 'Objectives' }).click();
  await expect(page.getByTestId('objectives-panel').getByLabel('Hidden objective')).toBeChecked();
  expect(errors).toEqual([]);
});

test('catalog search and a custom type; a mission preset whose objective is checked live', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await newTanksTable(page);
  await page.getByRole('tab', { name: 'Catalog' }).click();
  const catalog = page.getByTestId('catalog-browser');
  await catalog.getByLabel('Search catalog').fill('abrams');
  await expect(catalog.locator('[data-type]')).toHaveCount(1);
  await expect(catalog.locator('[data-type="tanks.m1"]')).toContainText('30 pts');

  // A custom vehicle the tables do not list; the catalog schema refuses a bad one first.
  await catalog.getByRole('button', { name: /custom unit type/ }).click();
  const form = page.getByTestId('custom-type-form');
  await form.getByLabel('Custom Id').fill('tanks.custom.m1a1');
  // Negative costs are real (a cheaper crew card), so the refused value is past the sanity bound.
  await form.getByLabel('Custom Points').fill('-2000000');
  await form.getByRole('button', { name: 'Add to scenario catalog' }).click();
  await expect(form.getByRole('alert')).toContainText('must NOT have fewer than 1 characters');
  await expect(form.getByRole('alert')).toContainText('/points must be >= -1000000');
  await form.getByLabel('Custom Name').fill('M1A1 Abrams');
  await form.getByLabel('Custom Points').fill('33');
  await form.getByLabel('Custom Nation').fill('US');
  await form.getByLabel('Custom Crew slots').fill('4');
  await form.getByRole('button', { name: 'Add to scenario catalog' }).click();
  await catalog.getByLabel('Search catalog').fill('m1a1');
  await expect(catalog.locator('[data-type="tanks.custom.m1a1"]')).toContainText('custom');
  await page.screenshot({ path: 'test-results/forces-catalog.png' });

  // It can be added to a platoon like any catalog type.
  await page.getByRole('tab', { name: 'Forces' }).click();
  const forces = page.getByTestId('forces-panel');
  await forces.getByLabel('New formation kind').selectOption('platoon');
  await forces.getByLabel('Add unit to Platoon').selectOption('tanks.custom.m1a1');
  await expect(page.getByTestId('points-total')).toHaveText('33 pts');

  // King of the Hill: one token at the centre; moved away, the problem names the rule.
  await page.getByRole('tab', { name: 'Objectives' }).click();
  const objectives = page.getByTestId('objectives-panel');
  await objectives.getByLabel('Mission preset').selectOption('tanks.kingOfTheHill');
  await objectives.getByRole('button', { name: 'Apply' }).click();
  await expect(objectives.locator('[data-objective]')).toHaveCount(1);
  await page.getByRole('tab', { name: /Problems/ }).click();
  const problems = page.getByTestId('problems-panel');
  await expect(problems.locator('[data-check="objective-placement"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Objective point' }).click();
  await page.mouse.click(...(await tableToScreen(page, 6, 18)));
  await page.getByRole('tab', { name: /Problems/ }).click();
  await expect(problems.locator('[data-check="objective-placement"]').first()).toContainText(
    'King of the Hill uses 1 objective token(s); the scenario has 2',
  );
  await page.keyboard.press('Control+z');
  await expect(problems.locator('[data-check="objective-placement"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});
