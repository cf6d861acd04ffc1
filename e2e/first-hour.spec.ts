import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { openVillage, tableToScreen } from './helpers';

/** The designer's first hour (issue 18): each test does what a new user did and tripped over. */

mkdirSync('test-results/shots', { recursive: true });

async function drag(page: Page, from: [number, number], to: [number, number]) {
  const a = await tableToScreen(page, ...from);
  const b = await tableToScreen(page, ...to);
  await page.mouse.move(...a);
  await page.mouse.down();
  await page.mouse.move(...b, { steps: 6 });
  await page.mouse.up();
}

async function clickTable(page: Page, x: number, y: number) {
  const [sx, sy] = await tableToScreen(page, x, y);
  await page.mouse.click(sx, sy);
}

test('inspector: bounded by the table, errors in words, Enter hands the keys back', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.getByRole('button', { name: 'New table' }).click();
  await page.keyboard.press('b');
  await drag(page, [8, 8], [12, 11]);
  await page.keyboard.press('v');
  await clickTable(page, 10, 9.5);
  const inspector = page.getByLabel('Inspector');
  // Drawn features get collision-free ids (kind plus a random suffix); the heading shows the
  // building's name in words, as the feature list does, never the id.
  await expect(inspector.getByLabel('Id', { exact: true })).toHaveValue(/^building-/);
  await expect(inspector.getByRole('heading')).toHaveText('Building 1');
  const settled = () => expect(inspector).not.toHaveAttribute('data-pending', 'true');
  const width = inspector.getByLabel('Width', { exact: true });
  await expect(width).toHaveValue('4');

  // A building 99,999" wide is refused at the field, with the widest that fits.
  await width.fill('99999');
  await width.press('Enter');
  await settled();
  await expect(inspector.getByRole('alert')).toHaveText(
    /^Width must be at most 20 inches here: 99999 would put the building off the 36 × 24 inch table/,
  );
  await expect(width).toBeFocused();
  await width.press('Escape');
  await expect(width).toHaveValue('4');

  // x = -50 likewise.
  const x = inspector.getByLabel('X', { exact: true });
  await x.fill('-50');
  await x.press('Enter');
  await settled();
  await expect(inspector.getByRole('alert')).toHaveText(/^X must be at least 2 inches here/);
  await x.press('Escape');

  // Every other error is a sentence in the game's words.
  await width.fill('0');
  await width.press('Enter');
  await settled();
  await expect(inspector.getByRole('alert')).toHaveText('Width must be more than 0 inches');
  await width.fill('');
  await width.press('Enter');
  await settled();
  await expect(inspector.getByRole('alert')).toHaveText(
    /^Width is needed: enter a number of inches/,
  );
  await page.screenshot({ path: 'test-results/shots/inspector-error.png' });

  // A good value commits on Enter and the keyboard is the canvas's again: R picks the road tool
  // and the next clicks draw a road.
  await width.fill('5');
  await width.press('Enter');
  await settled();
  await expect(inspector.getByRole('alert')).toHaveCount(0);
  await expect(width).not.toBeFocused();
  await page.keyboard.press('r');
  await expect(page.getByRole('button', { name: 'Road', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await clickTable(page, 2, 20);
  await clickTable(page, 20, 20);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-feature-id^="road-"]')).toBeVisible();
  expect(errors).toEqual([]);
});

test('menus by keyboard; Escape closes a menu and keeps the selection; fuzzy palette', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillage(page);
  await page.locator('[data-feature-id="tree-20"]').click();
  const inspector = page.getByLabel('Inspector');
  // The heading numbers the tree as the feature list does ("Tree 12"), not by its id.
  const tree = (await page.locator('[data-feature-id="tree-20"] .name').textContent())!.replace(
    'tree ',
    'Tree ',
  );
  await expect(inspector.getByRole('heading')).toContainText(tree);
  await expect(inspector.getByRole('heading')).not.toContainText('tree-20');

  // Escape closes an open menu, and only that: the tree stays selected.
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('menu', { name: 'Edit' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(inspector.getByRole('heading')).toContainText(tree);

  // F10 opens the first menu; arrows walk along the bar and down the items.
  await page.keyboard.press('F10');
  await expect(page.getByRole('menu', { name: 'File' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('menu', { name: 'Edit' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('menu', { name: 'Help' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Alt+V opens View; a first letter jumps to its item; Enter runs it.
  const grid = page.locator('.statusbar').getByRole('checkbox').first();
  await expect(grid).toBeChecked();
  await page.keyboard.press('Alt+v');
  const view = page.getByRole('menu', { name: 'View' });
  await expect(view).toBeVisible();
  await page.keyboard.press('s');
  await expect(view.getByRole('menuitem', { name: /Show grid/ })).toBeFocused();
  await page.screenshot({ path: 'test-results/shots/menu-keyboard.png' });
  await page.keyboard.press('Enter');
  await expect(view).toBeHidden();
  await expect(grid).not.toBeChecked();
  await expect(inspector.getByRole('heading')).toContainText(tree);

  // The command palette forgives a missing letter: "playtst" finds Playtest.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByLabel('Command', { exact: true }).fill('playtst');
  await expect(palette.getByRole('option').first()).toContainText('Playtest');
  await page.screenshot({ path: 'test-results/shots/palette-fuzzy.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Start a playtest' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('browser files: Save as names the file, one recent entry per file, a cancelled save says so', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true });
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'New table' }).click();
  await page.keyboard.press('t');
  await clickTable(page, 10, 10);

  // Save as asks for a name; the download carries it and the title shows it.
  await page.keyboard.press('Control+Shift+s');
  const dialog = page.getByRole('dialog', { name: 'Save as' });
  await expect(dialog.getByLabel('File name')).toHaveValue('untitled-table.scenario.json');
  await dialog.getByLabel('File name').fill('orchard ambush');
  await expect(dialog).toContainText('orchard ambush.scenario.json');
  await page.screenshot({ path: 'test-results/shots/save-as-name.png' });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await download).suggestedFilename()).toBe('orchard ambush.scenario.json');
  await expect(page.getByTestId('doc-title')).toHaveText('orchard ambush.scenario.json');

  // Cancelling Save as says that nothing was written.
  await page.keyboard.press('t');
  await clickTable(page, 14, 10);
  await page.keyboard.press('Control+Shift+s');
  await page
    .getByRole('dialog', { name: 'Save as' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page.getByTestId('notice')).toContainText('Save as cancelled: nothing was written');
  await expect(page.getByTestId('doc-title')).toHaveText(/•$/);

  // Saving the same file again and opening it twice leaves one entry in Recent files.
  const again = page.waitForEvent('download');
  await page.keyboard.press('Control+s');
  const path = join(tmpdir(), `first-hour-${Date.now()}.scenario.json`);
  await (await again).saveAs(path);
  for (let i = 0; i < 2; i++) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: 'File' }).click();
    await page.getByRole('menuitem', { name: /^Open/ }).click();
    await (await chooser).setFiles(path);
    await expect(page.getByTestId('doc-title')).toHaveText(/^first-hour-/);
  }
  await page.getByRole('menuitem', { name: 'File' }).click();
  await page.getByRole('menuitem', { name: 'Close to welcome screen' }).click();
  const recent = page.getByLabel('Recent files').getByRole('button');
  await expect(recent).toHaveCount(2);
  await expect(recent.filter({ hasText: 'orchard ambush.scenario.json' })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/shots/recent-files.png' });
});

test('browser files: a save the browser refuses says why and that nothing was written', async ({
  page,
}) => {
  await page.addInitScript(() => {
    // The browser's save picker: the first call is closed by the user, the second picks a file
    // the browser then may not write.
    let calls = 0;
    Object.defineProperty(window, 'showSaveFilePicker', {
      configurable: true,
      value: () => {
        calls++;
        if (calls === 1) return Promise.reject(new DOMException('closed', 'AbortError'));
        return Promise.resolve({
          name: 'mat.scenario.json',
          createWritable: () =>
            Promise.reject(new DOMException('The disk is full', 'QuotaExceededError')),
        });
      },
    });
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'New table' }).click();
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('notice')).toContainText('Save cancelled: nothing was written');
  await page.keyboard.press('Control+s');
  const failed = page.getByRole('alertdialog');
  await expect(failed).toContainText('Could not save');
  await expect(failed).toContainText('The disk is full');
  // The browser commits a file only once the whole save is written: the message says so.
  await expect(failed).toContainText('mat.scenario.json was left as it was');
  await page.screenshot({ path: 'test-results/shots/save-failed.png' });
  await failed.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('doc-title')).toHaveText('Untitled table');
});

test('a file that is not JSON at all is named as such, not as JSON cut short', async ({ page }) => {
  await page.goto('/');
  const dir = tmpdir();
  const png = join(dir, 'table-photo.json');
  writeFileSync(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
  const notes = join(dir, 'village-notes.json');
  writeFileSync(notes, 'Village on the creek: 36 x 24, two bridges, road 3 across.\n');
  for (const [file, looks] of [
    [png, 'it is a PNG image'],
    [notes, 'it looks like plain text'],
  ] as const) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open file…' }).click();
    await (await chooser).setFiles(file);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('not JSON at all');
    await expect(dialog).toContainText(looks);
    await expect(dialog).not.toContainText('middle of the JSON');
    if (file === notes) await page.screenshot({ path: 'test-results/shots/not-json.png' });
    await page.keyboard.press('Escape');
  }
});

test('finding your way: Playtest button, cursor readout, a guiding empty table, side colours', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.getByRole('button', { name: 'New table' }).click();

  // A new table guides instead of listing every unit it lacks; no points line for Tankplank.
  const forces = page.getByTestId('forces-panel');
  // In the Forces tab, under Blue's own tab, the hint does not send the user there again.
  await expect(forces.getByTestId('force-checks')).toContainText(
    'Blue has no forces yet: add its first formation with "+ Formation…" above',
  );
  await expect(forces.getByTestId('force-checks')).not.toContainText('in the Forces tab');
  await forces.screenshot({ path: 'test-results/forces-hint.png' });
  // The Problems tab, elsewhere, says where to go.
  await page.getByRole('tab', { name: /Problems/ }).click();
  await expect(page.getByTestId('problems-panel')).toContainText(
    'Blue has no forces yet: in the Forces tab, pick Blue',
  );
  // An objective point (VP per turn held, open to all) is one Tankplank never scores: a warning.
  await page.getByRole('button', { name: 'Objective point' }).click();
  await page.mouse.click(...(await tableToScreen(page, 18, 12)));
  await page.getByRole('tab', { name: /Problems/ }).click();
  const unscored = page.getByTestId('problems-panel').locator('[data-check="objective-scoring"]');
  await expect(unscored).toContainText(/will never be scored: .*pick the side that holds it/);
  await expect(unscored).toContainText('to "hold the zone"');
  await page
    .getByTestId('problems-panel')
    .screenshot({ path: 'test-results/objective-scoring.png' });
  await page.keyboard.press('Control+z');
  await page.getByRole('tab', { name: 'Forces' }).click();
  await expect(forces.getByTestId('force-checks')).not.toContainText('has 0');
  await expect(page.getByTestId('problem-count')).toHaveCount(0);
  await expect(page.getByTestId('points-total')).toHaveCount(0);
  await expect(forces.getByLabel('Points limit')).toHaveCount(0);
  // Blue and Red come in their colours.
  await expect(forces.getByLabel('Side colour')).toHaveValue('#2f6fd0');
  await forces.getByRole('tab', { name: 'Red' }).click();
  await expect(forces.getByLabel('Side colour')).toHaveValue('#c8352b');

  // The cursor's table position in the status bar, in the chosen units.
  const readout = page.getByTestId('cursor-position');
  const [sx, sy] = await tableToScreen(page, 10, 5);
  await page.mouse.move(sx, sy);
  await expect(readout).toHaveText('x 10.0″ y 5.00″');
  await page.getByLabel('Units', { exact: true }).selectOption('cm');
  await page.mouse.move(sx + 1, sy);
  await expect(readout).toHaveText(/^x 25\.\d cm y 12\.7 cm$/);
  await page.screenshot({ path: 'test-results/shots/finding-your-way.png' });

  // The Playtest button in the editor's top bar starts a playtest.
  await page.getByRole('button', { name: '▶ Playtest' }).click();
  await expect(page.getByRole('dialog', { name: 'Start a playtest' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('hex maps: the hex under the cursor, readable numbers, urban and rubble apart', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: /TANK!/ }).click();
  const readout = page.getByTestId('cursor-position');
  const box = (await page.getByTestId('table-canvas').boundingBox())!;
  const [x, y] = await tableToScreen(page, 1.2, 1.5);
  await page.mouse.move(x, y);
  await expect(readout).toHaveText(/ · hex \d{4}$/);
  await page.mouse.move(box.x + 4, box.y + 4);
  await expect(readout).toContainText('off the map');
  await page.screenshot({ path: 'test-results/shots/hex-fit.png' });
});

test('a map legend on screen and in the PNG, PDF and SVG exports; the plain style', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillage(page);
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.keyboard.press('Shift+L');
  const legend = page.getByTestId('map-legend');
  await expect(legend).toBeVisible();
  const key = legend.getByRole('img');
  for (const entry of [
    'Storeys (badge)',
    'Damaged (mark)',
    'Under construction',
    'Woods',
    'Forest',
    'Creek and banks',
    'Bridge on a road',
    'Rubble',
  ])
    await expect(key).toHaveAttribute('aria-label', new RegExp(entry.replace(/[()]/g, '\\$&')));
  await page.screenshot({ path: 'test-results/shots/legend.png' });

  // PNG with the legend: taller than the 36" x 24" map alone.
  await page.getByRole('menuitem', { name: 'File' }).click();
  await page.getByRole('menuitem', { name: /Export PNG/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Export PNG' });
  await dialog.getByRole('combobox').first().selectOption('50');
  await expect(dialog.getByRole('checkbox', { name: /Include the legend/ })).toBeChecked();
  const png = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  const pngPath = join(tmpdir(), `legend-${Date.now()}.png`);
  await (await png).saveAs(pngPath);
  const head = readFileSync(pngPath);
  expect(head.readUInt32BE(16)).toBe(36 * 50);
  expect(head.readUInt32BE(20)).toBeGreaterThan(24 * 50 + 100);

  // The 1:1 PDF (vectors) with the legend: the village's 16 A4 sheets and two sheets of legend,
  // which holds all 28 entries (one sheet held only the first 8, issue 38 item 4).
  await page.getByRole('menuitem', { name: 'File' }).click();
  await page.getByRole('menuitem', { name: /PDF/ }).click();
  const pdfDialog = page.getByRole('dialog', { name: /PDF/ });
  await pdfDialog.getByLabel('Paper').selectOption('a4');
  await expect(pdfDialog.getByRole('checkbox', { name: /Include the legend/ })).toBeChecked();
  const pdf = page.waitForEvent('download');
  await pdfDialog.getByRole('button', { name: 'Export' }).click();
  const pdfPath = join(tmpdir(), `legend-${Date.now()}.pdf`);
  await (await pdf).saveAs(pdfPath);
  const sheets = await PDFDocument.load(readFileSync(pdfPath));
  expect(sheets.getPageCount()).toBe(18);

  // SVG in the plain style with the legend: black on white, the legend's text in it.
  await page.keyboard.press('Shift+M');
  await page.getByRole('menuitem', { name: 'File' }).click();
  await page.getByRole('menuitem', { name: /Export SVG/ }).click();
  const svgDialog = page.getByRole('dialog', { name: 'Export SVG' });
  await expect(svgDialog.getByLabel('Map style')).toHaveValue('plain');
  const svg = page.waitForEvent('download');
  await svgDialog.getByRole('button', { name: 'Export' }).click();
  const svgPath = join(tmpdir(), `legend-${Date.now()}.svg`);
  await (await svg).saveAs(svgPath);
  const text = readFileSync(svgPath, 'utf8');
  expect(text).toContain('>Legend</text>');
  expect(text).toContain('>Under construction</text>');
  expect(text).not.toContain('#a5573b'); // no red roofs in the ink-saving style
  await page.screenshot({ path: 'test-results/shots/plain-style.png' });
  expect(errors).toEqual([]);
});

test('small things: a favicon is served; labels at the east edge are not clipped', async ({
  page,
}) => {
  const missing: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
  });
  await openVillage(page);
  expect(missing).toEqual([]);
  const icon = await page.request.get('favicon.svg');
  expect(icon.status()).toBe(200);
  expect(await icon.text()).toContain('<svg');
  await page.screenshot({ path: 'test-results/shots/east-edge-labels.png' });
  // Nothing white (label text) in the strip between the table's east edge and the view's edge:
  // the objective and entry labels there end inside the table instead of running off the view.
  const [edge] = await tableToScreen(page, 36, 0);
  const box = (await page.getByTestId('table-canvas').boundingBox())!;
  const [, top] = await tableToScreen(page, 0, 0);
  const [, bottom] = await tableToScreen(page, 0, 24);
  const bright = await page.evaluate(
    ({ x0, y0, y1 }) => {
      let n = 0;
      for (const c of document.querySelectorAll<HTMLCanvasElement>(
        '[data-testid="table-canvas"] canvas',
      )) {
        const k = c.width / c.getBoundingClientRect().width;
        const ctx = c.getContext('2d')!;
        const w = Math.floor(c.width - x0 * k);
        if (w <= 0) continue;
        const data = ctx.getImageData(
          Math.ceil(x0 * k),
          Math.floor(y0 * k),
          w,
          Math.floor((y1 - y0) * k),
        ).data;
        for (let i = 0; i < data.length; i += 4)
          if (data[i]! > 200 && data[i + 1]! > 200 && data[i + 2]! > 200 && data[i + 3]! > 200) n++;
      }
      return n;
    },
    { x0: edge - box.x + 3, y0: top - box.y, y1: bottom - box.y },
  );
  expect(bright).toBe(0);
});

test('playtest commands in the registry with shortcuts; the hand-over screen can be turned off', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true });
  });
  await openVillage(page);
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.keyboard.press('F5');
  // The seed draws which side plays first on odd turns: with seed 1 it is side A.
  await page.getByTestId('seed').fill('1');
  await page.getByRole('button', { name: 'Start playtest' }).click();
  const handover = page.getByTestId('handover');
  await expect(handover).toContainText('Pass the device to Side A');
  // Testing alone: no hand-over screen, both sides' pieces in view.
  await page.getByRole('checkbox', { name: 'Hand-over screen' }).uncheck();
  await expect(handover).toBeHidden();

  // Ctrl+Enter ends the phase, with no hand-over in between.
  const active = page.getByTestId('active-side');
  await expect(active).toContainText('Side A');
  await page.keyboard.press('Control+Enter');
  await expect(active).toContainText('Side B');
  await expect(handover).toBeHidden();

  // Ctrl+Z takes the action back; the palette lists the playtest's commands.
  await page.keyboard.press('Control+z');
  await expect(active).toContainText('Side A');
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByLabel('Command', { exact: true }).fill('end trn');
  await expect(palette.getByRole('option').first()).toContainText('End turn (playtest)');
  await page.screenshot({ path: 'test-results/shots/playtest-palette.png' });
  await page.keyboard.press('Escape');

  // Ctrl+S saves the game, not the scenario.
  const download = page.waitForEvent('download');
  await page.keyboard.press('Control+s');
  expect((await download).suggestedFilename()).toMatch(/\.game\.json$/);

  // With the screen on again, it shows only when the device really passes to the other side.
  await page.getByRole('checkbox', { name: 'Hand-over screen' }).check();
  await expect(handover).toContainText('Pass the device to Side A');
  await handover.getByRole('button').click();
  await expect(handover).toBeHidden();
  await page.keyboard.press('Control+Enter');
  await expect(handover).toContainText('Pass the device to Side B');
  expect(errors).toEqual([]);
});

/** Screen coordinates of a table point on the playtest board, from the camera it publishes. */
async function clickBoard(page: Page, x: number, y: number) {
  const board = page.getByTestId('playtest-board');
  const cam = JSON.parse((await board.getAttribute('data-camera')) ?? '{}') as {
    x: number;
    y: number;
    zoom: number;
  };
  const box = (await board.boundingBox())!;
  await page.mouse.click(box.x + cam.x + x * cam.zoom, box.y + cam.y + y * cam.zoom);
}

test('playtest clarity: no tank ends on another or hangs off the table; the fire count counts what can fire', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillage(page);
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.keyboard.press('F5');
  // The seed draws which side plays first on odd turns: with seed 1 it is side A.
  await page.getByTestId('seed').fill('1');
  await page.getByRole('button', { name: 'Start playtest' }).click();
  await page.getByRole('checkbox', { name: 'Hand-over screen' }).uncheck();

  // The first tank enters; the second may not stop on top of it, nor with its hull off the edge.
  const log = page.getByTestId('playtest-log');
  const message = page.getByTestId('playtest-message');
  await page.getByTestId('formation-a.tank').click();
  await page.getByRole('button', { name: /^\S+ Tank 1 \(/ }).click();
  await clickBoard(page, 3, 12);
  await expect(log).toContainText('Side A (west) Tank 1 (Tank section) enters 3.0"');
  await page.getByRole('button', { name: /^\S+ Tank 2 \(/ }).click();
  await clickBoard(page, 5.2, 12);
  await expect(message).toContainText(
    'Side A (west) Tank 2 (Tank section) would end on top of Side A (west) Tank 1 (Tank section)',
  );
  await expect(message).toContainText('TP-5.9');
  await expect(log).not.toContainText('Tank 2 (Tank section) enters');
  await page.screenshot({ path: 'test-results/shots/playtest-overlap-refused.png' });
  // A half-track asked to stop with its hull over the west edge is refused.
  await page.getByTestId('formation-a.ht').click();
  await page.getByRole('button', { name: /^\S+ Half-track 1 \(/ }).click();
  await clickBoard(page, 0.6, 20);
  await expect(message).toContainText('partly off the table');
  await expect(message).toContainText('TP-1.1');
  await expect(log).not.toContainText('Half-track 1 (Half-tracks) enters');

  // Firing: only the tank on the table counts, not the squads and vehicles still off it.
  await page.keyboard.press('Control+Enter');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('phase-tracker')).toContainText('Firing');
  await expect(page.getByTestId('todo')).toContainText('1 of 1 units have not fired');
  await page.screenshot({ path: 'test-results/shots/playtest-fire-count.png' });
  expect(errors).toEqual([]);
});
