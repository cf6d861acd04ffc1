import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { openVillage, tableToScreen } from '../helpers';

/*
 * A new user's walk through the app (issue 38's "Done when"): draw a small village on a new
 * gridless table, build both sides' forces, set objectives, playtest, ask the lab, import a Tiled
 * map and BattleScribe catalogues, export a PDF and the scenario files. Screenshots at every step
 * are for looking at (WALK_SHOTS says where). Run by hand (walk.config.ts); co-editing is in
 * coEdit.walk.ts.
 */
// Outside test-results/, which the next Playwright run empties.
const SHOTS = process.env.WALK_SHOTS ?? join(tmpdir(), 'sandtable-walk-shots');
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

const tiled = join(import.meta.dirname, '../../engine/import/tiled/testdata');
const bs = join(import.meta.dirname, '../../engine/import/battlescribe/testdata');

async function clickTable(page: Page, x: number, y: number) {
  await page.mouse.click(...(await tableToScreen(page, x, y)));
}

async function drag(page: Page, from: [number, number], to: [number, number]) {
  const a = await tableToScreen(page, ...from);
  const b = await tableToScreen(page, ...to);
  await page.mouse.move(...a);
  await page.mouse.down();
  await page.mouse.move(...b, { steps: 6 });
  await page.mouse.up();
}

/** Clicks the points of a line or area and finishes it with Enter. */
async function path(page: Page, key: string, pts: [number, number][]) {
  await page.getByTestId('table-canvas').focus();
  await page.keyboard.press(key);
  for (const [x, y] of pts) await clickTable(page, x, y);
  await page.keyboard.press('Enter');
}

/** Draws the village; the page shows a new, empty table. */
async function drawVillage(page: Page) {
  // A creek from north to south, a road across it, a bridge where they meet.
  await path(page, 'c', [
    [18, 0.5],
    [17, 8],
    [19, 16],
    [18, 23.5],
  ]);
  await path(page, 'r', [
    [0.5, 12],
    [12, 12],
    [24, 11],
    [35.5, 11],
  ]);
  await page.keyboard.press('j');
  await clickTable(page, 18, 11.5);
  // Buildings both sides of the creek.
  await page.keyboard.press('b');
  await drag(page, [9, 7], [12, 10]);
  await page.keyboard.press('b');
  await drag(page, [13, 13.5], [15.5, 16]);
  await page.keyboard.press('b');
  await drag(page, [23, 7], [26, 9.5]);
  // A wall round a yard, woods to the south-east.
  await path(page, 'w', [
    [22, 13.5],
    [28, 13.5],
    [28, 17],
  ]);
  await path(page, 'o', [
    [26, 19],
    [32, 18.5],
    [33, 22.5],
    [27, 23],
  ]);
  await page.keyboard.press('v');
}

test('a new user draws, builds forces, sets objectives, playtests, asks the lab, exports', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true });
  });
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto('/');
  await shot(page, '00-welcome');
  await page.getByRole('button', { name: 'New table' }).click();
  await expect(page.getByTestId('table-canvas')).toBeVisible({ timeout: 30_000 });
  await shot(page, '01-new-table');

  await test.step('draw a village', async () => {
    // Gridless: the grid off.
    await page.locator('.statusbar').getByRole('checkbox').first().uncheck();
    await drawVillage(page);
    await shot(page, '02-village');
    await page.locator('[data-feature-id^="bridge-"]').first().click();
    await shot(page, '03-bridge-selected');
  });

  await test.step('build forces for both sides', async () => {
    await page.getByRole('tab', { name: 'Forces' }).click();
    const forces = page.getByTestId('forces-panel');
    for (const [side, edge] of [
      ['Blue', 0.5],
      ['Red', 35.5],
    ] as const) {
      await forces.getByRole('tab', { name: side }).click();
      await forces.getByLabel('New formation kind').selectOption({ index: 1 });
      const add = forces.getByLabel(/^Add unit to /).first();
      for (const t of ['Rifleman', 'Rifleman', 'Rifleman', 'Light machine gunner', 'NCO'])
        await add.selectOption({ label: t });
      await forces.getByLabel('New formation kind').selectOption({ index: 1 });
      const add2 = forces.getByLabel(/^Add unit to /).nth(1);
      for (const t of ['Rifleman', 'Rifleman', 'Automatic rifleman'])
        await add2.selectOption({ label: t });
      await shot(page, `04-forces-${side}`);
      // A deployment strip along the side's edge.
      await page.getByRole('button', { name: 'Deployment zone' }).click();
      await clickTable(page, edge, 20);
      await shot(page, `05-zone-${side}`);
      // The first formation dragged onto the table, the rest auto-deployed.
      const [tx, ty] = await tableToScreen(page, edge < 18 ? 3 : 33, 16);
      const box = (await page.getByTestId('table-view').boundingBox())!;
      await forces
        .locator('[data-formation]')
        .first()
        .dragTo(page.getByTestId('table-view'), {
          targetPosition: { x: tx - box.x, y: ty - box.y },
        });
      await shot(page, `06-dropped-${side}`);
      await forces.getByRole('button', { name: 'Auto-deploy' }).click();
      await shot(page, `07-deployed-${side}`);
    }
  });

  await test.step('objectives', async () => {
    await page.getByRole('button', { name: 'Objective zone' }).click();
    await drag(page, [14, 10], [22, 14]);
    await shot(page, '08-objective-zone');
    await page.getByRole('button', { name: 'Objective point' }).click();
    await clickTable(page, 24.5, 8);
    await shot(page, '09-objective-point');
    await page.getByRole('tab', { name: 'Objectives' }).click();
    await shot(page, '10-objectives-tab');
  });

  await test.step('playtest against the bot to the end', async () => {
    await page.keyboard.press('F5');
    const dialog = page.getByRole('dialog', { name: 'Start a playtest' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: 'Bot' }).nth(1).check();
    await dialog.getByTestId('seed').fill('3');
    await shot(page, '11-playtest-setup');
    await dialog.getByRole('button', { name: 'Start playtest' }).click();
    await expect(page.getByTestId('playtest')).toBeVisible();
    await shot(page, '12-playtest');
    // Against a bot there is no hand-over screen to turn off.
    await expect(page.getByRole('checkbox', { name: 'Hand-over screen' })).toHaveCount(0);
    const over = page.getByTestId('active-side').filter({ hasText: 'Game over' });
    const played = page.getByText(/^live: \d+ actions?$/);
    for (let step = 0; step < 400 && !(await over.count()); step++) {
      const before = await played.textContent();
      if (step === 3) await shot(page, '13-playtest-turn-1');
      await page.keyboard.press('Control+Enter');
      // A press while the bot is still thinking may be lost: press again after a while.
      await expect(async () => {
        expect((await played.textContent()) !== before || (await over.count()) > 0).toBe(true);
      })
        .toPass({ timeout: 20_000 })
        .catch(() => undefined);
    }
    await shot(page, '13b-playtest-end');
    await page.keyboard.press('F5');
  });

  await test.step('the lab', async () => {
    await page.keyboard.press('Shift+F5');
    const lab = page.getByRole('dialog', { name: 'Balance lab' });
    await expect(lab).toBeVisible();
    await shot(page, '14-lab');
    await lab.getByLabel('Games', { exact: true }).fill('6');
    await lab.getByLabel('Turn limit', { exact: true }).fill('4');
    await lab.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(lab.getByTestId('lab-results')).toBeVisible({ timeout: 300_000 });
    await shot(page, '15-lab-results');
    await lab.getByText(/^Game length: mean/).scrollIntoViewIfNeeded();
    await shot(page, '15b-lab-results-lower');
    await page.keyboard.press('Escape');
  });

  await test.step('export PDF and files', async () => {
    await page.keyboard.press('Control+p');
    await page.getByRole('checkbox', { name: /Include the legend/ }).check();
    await shot(page, '16-pdf-dialog');
    const pdf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const pdfPath = `${SHOTS}/walk.pdf`;
    await (await pdf).saveAs(pdfPath);
    expect((await PDFDocument.load(readFileSync(pdfPath))).getPageCount()).toBeGreaterThan(1);
    await shot(page, '17-after-pdf');
    await page.keyboard.press('Control+Shift+s');
    await shot(page, '18-save-as');
    const saved = page.waitForEvent('download');
    await page
      .getByRole('dialog', { name: 'Save as' })
      .getByRole('button', { name: 'Save' })
      .click();
    await (await saved).saveAs(join(tmpdir(), `walk-${Date.now()}.scenario.json`));
    await page.getByRole('menuitem', { name: 'File' }).click();
    await shot(page, '19-file-menu');
    await page.keyboard.press('Escape');
  });

  expect(errors).toEqual([]);
});

test('a new user imports a Tiled map and BattleScribe catalogues', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto('/');
  await page.getByRole('button', { name: 'New table' }).click();
  await expect(page.getByTestId('table-canvas')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('menuitem', { name: 'File' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: /Import Tiled map/ }).click();
  await page.getByRole('button', { name: 'Choose map and tilesets…' }).click();
  await (await chooser).setFiles(join(tiled, 'village.tmx'));
  await shot(page, '20-tiled-map-only');
  const again = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add or change files…' }).click();
  await (await again).setFiles([join(tiled, 'terrain.tsx'), join(tiled, 'hills.tsx')]);
  await shot(page, '21-tiled-mapping');
  await page.getByRole('button', { name: 'Import as new scenario' }).click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  await shot(page, '22-tiled-imported');

  await page.goto('/');
  await page.getByRole('button', { name: /your first game/i }).click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.keyboard.press('Control+Alt+b');
  const bsChooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files…' }).click();
  await (await bsChooser).setFiles([join(bs, 'us.cat')]);
  await shot(page, '23-bs-catalogue-only');
  const bsAgain = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files…' }).click();
  await (
    await bsAgain
  ).setFiles([join(bs, 'tanks.gst'), join(bs, 'us.cat'), join(bs, 'soviet.cat')]);
  await expect(page.getByTestId('bs-summary')).toBeVisible();
  await shot(page, '24-bs-summary');
  await page.getByRole('button', { name: 'Add to this scenario' }).click();
  await shot(page, '25-bs-added');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: /Catalog/ }).click();
  await shot(page, '26-catalog-tab');
});

test('the village: objective names above the counters, in the editor and the playtest', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openVillage(page);
  await shot(page, '30-village-editor');
  await page.keyboard.press('F5');
  const dialog = page.getByRole('dialog', { name: 'Start a playtest' });
  await dialog.getByTestId('seed').fill('4');
  await dialog.getByRole('button', { name: 'Start playtest' }).click();
  await page.getByRole('checkbox', { name: 'Hand-over screen' }).uncheck();
  await shot(page, '31-village-playtest');
  await page.getByRole('button', { name: 'New game' }).click();
  // Both sides played by bots for a few turns: men enter by the paddocks, where the names are.
  const again = page.getByRole('dialog', { name: 'Start a playtest' });
  for (const side of ['Side A (west)', 'Side B (east)'])
    await again.getByRole('combobox', { name: `${side}: which bot` }).selectOption({ index: 1 });
  for (const radio of await again.getByRole('radio', { name: 'Bot' }).all()) await radio.check();
  await again.getByTestId('seed').fill('4');
  await again.getByRole('button', { name: 'Start playtest' }).click();
  for (const turn of [2, 6, 12]) {
    await expect(async () => {
      const t = /Turn (\d+)/.exec((await page.getByTestId('turn').textContent()) ?? '');
      expect(Number(t?.[1] ?? 0)).toBeGreaterThanOrEqual(turn);
    }).toPass({ timeout: 180_000 });
    await shot(page, `32-village-playtest-turn-${turn}`);
  }
});
