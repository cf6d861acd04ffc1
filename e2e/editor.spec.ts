import { expect, test, type Page } from '@playwright/test';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { PDFDocument } from 'pdf-lib';
import { openVillage, tableToScreen } from './helpers';

/** The browser host falls back to downloads when there is no native save picker to drive. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true });
  });
});

async function click(page: Page, x: number, y: number) {
  const [sx, sy] = await tableToScreen(page, x, y);
  await page.mouse.click(sx, sy);
}

async function dblclick(page: Page, x: number, y: number) {
  const [sx, sy] = await tableToScreen(page, x, y);
  await page.mouse.dblclick(sx, sy);
}

async function drag(page: Page, from: [number, number], to: [number, number]) {
  const a = await tableToScreen(page, ...from);
  const b = await tableToScreen(page, ...to);
  await page.mouse.move(...a);
  await page.mouse.down();
  await page.mouse.move((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, { steps: 4 });
  await page.mouse.move(...b, { steps: 4 });
  await page.mouse.up();
}

const featureRows = (page: Page) => page.getByRole('listbox').first().getByRole('option');

async function save(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.keyboard.press('Control+s');
  const d = await download;
  const path = join(tmpdir(), `sandtable-${Date.now()}-${d.suggestedFilename()}`);
  await d.saveAs(path);
  return path;
}

async function openFile(page: Page, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'File' }).click();
  await page.getByRole('menuitem', { name: /^Open/ }).click();
  await (await chooser).setFiles(path);
}

test('draw a table, edit in the inspector, undo and redo, save, reopen', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.getByRole('button', { name: 'New table' }).click();
  await expect(page.getByTestId('table-view')).toBeVisible();

  // A road: R, click vertices, double-click to finish.
  await page.keyboard.press('r');
  await click(page, 3, 5);
  await click(page, 18, 5);
  await dblclick(page, 32, 9);
  // A creek crossing it, finished with Enter.
  await page.keyboard.press('c');
  await click(page, 14, 1);
  await click(page, 16, 12);
  await click(page, 15, 23);
  await page.keyboard.press('Enter');
  // A bridge: one click where the road crosses the creek.
  await page.keyboard.press('j');
  await click(page, 14.5, 5);
  // A building dragged out, a wall, three trees.
  await page.keyboard.press('b');
  await drag(page, [22, 14], [26, 17]);
  await page.keyboard.press('w');
  await click(page, 3, 18);
  await click(page, 11, 18);
  await page.keyboard.press('Enter');
  await page.keyboard.press('t');
  await click(page, 5, 11);
  await click(page, 8, 11);
  await click(page, 11, 11);
  await page.keyboard.press('v');

  await expect(featureRows(page)).toHaveCount(8);
  // Ids are collision-free (kind plus a random suffix), so rows are found by their kind.
  const row = (kind: string) => page.locator(`[data-feature-id^="${kind}-"]`);
  for (const [kind, n] of [
    ['road', 1],
    ['creek', 1],
    ['bridge', 1],
    ['building', 1],
    ['wall', 1],
    ['tree', 3],
  ] as const) {
    await expect(row(kind)).toHaveCount(n);
  }

  // Select the road on the table and widen it in the inspector.
  await click(page, 8, 5);
  const inspector = page.getByLabel('Inspector');
  // Named as the feature list names it, the id in its own field.
  await expect(inspector.getByRole('heading')).toHaveText('Road 1');
  await expect(inspector.getByLabel('Id', { exact: true })).toHaveValue(/^road-/);
  const width = inspector.getByLabel('Width', { exact: true });
  await expect(width).toHaveValue('2');
  const settled = () => expect(inspector).not.toHaveAttribute('data-pending', 'true');
  await width.fill('3');
  await width.press('Enter');
  await settled();
  await expect(width).toHaveValue('3');
  // An invalid width is refused with the schema's message; the document keeps 3.
  await width.fill('-1');
  await width.press('Enter');
  await settled();
  await expect(inspector.getByRole('alert')).toHaveText('Width must be more than 0 inches');
  await width.fill('3');
  await width.press('Enter');
  await settled();
  await expect(inspector.getByRole('alert')).toHaveCount(0);

  // Undo the width change, then redo it; then undo the last tree and redo it.
  await page.getByTestId('table-canvas').click({ position: { x: 5, y: 300 } });
  await click(page, 8, 5);
  await page.keyboard.press('Control+z');
  await expect(inspector.getByLabel('Width', { exact: true })).toHaveValue('2');
  await page.keyboard.press('Control+Shift+z');
  await expect(inspector.getByLabel('Width', { exact: true })).toHaveValue('3');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+z');
  await expect(featureRows(page)).toHaveCount(8);
  await page.keyboard.press('Control+z');
  await expect(featureRows(page)).toHaveCount(7);
  await page.keyboard.press('Control+Shift+z');
  await expect(featureRows(page)).toHaveCount(8);
  await page.keyboard.press('Control+y');
  await row('road').click();
  await expect(inspector.getByLabel('Width', { exact: true })).toHaveValue('3');
  await expect(page).toHaveTitle(/^● /);

  // Three trees selected together take one canopy radius in one edit.
  await row('tree').nth(0).click();
  await row('tree')
    .nth(1)
    .click({ modifiers: ['Shift'] });
  await row('tree')
    .nth(2)
    .click({ modifiers: ['Shift'] });
  await expect(inspector.getByRole('heading')).toHaveText('3 features');
  const radius = inspector.getByLabel('Canopy radius');
  await expect(radius).toHaveValue('1.5');
  await radius.fill('2');
  await radius.press('Enter');
  await expect(row('tree').nth(2)).toBeVisible();
  await expect(radius).toHaveValue('2');
  mkdirSync('test-results/shots', { recursive: true });
  await page.screenshot({ path: 'test-results/shots/drawn-table.png' });

  // Save: the file is a valid scenario with everything drawn; the title loses its unsaved mark.
  const path = await save(page);
  await expect(page).not.toHaveTitle(/●/);
  const saved = JSON.parse(readFileSync(path, 'utf8')) as {
    map: {
      features: { id: string; kind: string; width?: number; carries?: string; spans?: string }[];
    };
  };
  const byKind = new Map(saved.map.features.map((f) => [f.kind, f]));
  expect(byKind.get('road')?.width).toBe(3);
  expect(byKind.get('bridge')).toMatchObject({
    carries: byKind.get('road')?.id,
    spans: byKind.get('creek')?.id,
  });
  const trees = saved.map.features.filter((f) => f.kind === 'tree') as { canopyRadius?: number }[];
  expect(trees.map((t) => t.canopyRadius)).toEqual([2, 2, 2]);

  // Start over, then reopen the file: the same features come back.
  await page.getByRole('menuitem', { name: 'File' }).click();
  await page.getByRole('menuitem', { name: 'Close to welcome screen' }).click();
  await expect(page.getByRole('button', { name: 'New table' })).toBeVisible();
  await expect(page.getByLabel('Recent files').getByRole('button')).toHaveCount(1);
  await page.getByRole('button', { name: 'New table' }).click();
  await expect(featureRows(page)).toHaveCount(0);
  await openFile(page, path);
  await expect(featureRows(page)).toHaveCount(8);
  await row('road').click();
  await expect(page.getByLabel('Inspector').getByLabel('Width', { exact: true })).toHaveValue('3');
  expect(errors).toEqual([]);
});

test('an invalid file shows the loader problems and leaves the open table alone', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'New table' }).click();
  await page.keyboard.press('t');
  await click(page, 10, 10);
  await expect(featureRows(page)).toHaveCount(1);
  const bad = join(tmpdir(), 'broken.scenario.json');
  writeFileSync(
    bad,
    JSON.stringify({
      format: 'sandtable.scenario',
      formatVersion: 1,
      app: { name: 'x', version: '1' },
      meta: { title: 'Broken' },
      ruleset: { id: 'tankplank' },
      map: {
        kind: 'table',
        width: -4,
        height: 24,
        features: [{ id: 'r', kind: 'road', points: [[0, 0]] }],
      },
      forces: { sides: [] },
      objectives: [],
      victory: { conditions: [] },
      deployment: {},
    }),
  );
  page.on('dialog', (d) => void d.accept());
  await openFile(page, bad);
  const dialog = page.getByRole('dialog', { name: /broken\.scenario\.json could not be opened/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Problems').getByRole('listitem').first()).toContainText(
    'broken.scenario.json',
  );
  await expect(dialog.getByLabel('Problems')).toContainText('/map/width');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(featureRows(page)).toHaveCount(1);
  await expect(page.locator('[data-feature-id^="tree-"]')).toBeVisible();
});

test('paint a small hex map with levels, terrain and a ridge', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Choose ruleset & size…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New scenario' });
  await dialog.getByLabel('TANK! hex map 16 × 12').check();
  await dialog.getByLabel('Columns').fill('8');
  await dialog.getByLabel('Rows').fill('6');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('table-view')).toBeVisible();

  // Hex geometry of the default 1.25" flat hexes, offset odd: centre of (col,row).
  const s = 1.25 / Math.sqrt(3);
  const centre = (col: number, row: number): [number, number] => [
    s + 1.5 * s * col,
    (Math.sqrt(3) * s) / 2 + Math.sqrt(3) * s * (row + (col % 2 === 1 ? 0.5 : 0)),
  ];

  // Level 2 painted along row 2 in one stroke.
  await page.keyboard.press('b');
  await page.getByLabel('Brush mode').selectOption('level');
  await page.getByLabel('Level', { exact: true }).fill('2');
  await drag(page, centre(1, 2), centre(4, 2));
  // Woods filled over the connected clear area at level 0.
  await page.keyboard.press('f');
  await page.getByLabel('Brush mode').selectOption('terrain');
  await page.getByLabel('Terrain', { exact: true }).selectOption('woods');
  await click(page, ...centre(7, 5));
  // A ridge on the top side of hex (2,2).
  await page.keyboard.press('r');
  const c = centre(2, 2);
  await click(page, c[0], c[1] - s * 0.8);
  await expect(page.getByLabel('Features', { exact: true })).toContainText('1 ridges');

  // Undo the ridge, redo it.
  await page.keyboard.press('Control+z');
  await expect(page.getByLabel('Features', { exact: true })).toContainText('0 ridges');
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByLabel('Features', { exact: true })).toContainText('1 ridges');
  // The select tool picks a hex; the inspector names it.
  await page.keyboard.press('v');
  await click(page, ...centre(5, 1));
  const inspector = page.getByLabel('Inspector');
  await expect(inspector.getByRole('heading')).toContainText('0602');
  await inspector.getByLabel('Label').fill('Hill 40');
  await inspector.getByLabel('Label').press('Enter');
  await expect(inspector).not.toHaveAttribute('data-pending', 'true');
  mkdirSync('test-results/shots', { recursive: true });
  await page.screenshot({ path: 'test-results/shots/hex.png' });

  const saved = JSON.parse(readFileSync(await save(page), 'utf8')) as {
    map: {
      hexes: { col: number; row: number; level?: number; terrain?: string; label?: string }[];
      hexsides: unknown[];
    };
  };
  const hex = (col: number, row: number) =>
    saved.map.hexes.find((h) => h.col === col && h.row === row);
  for (const col of [1, 2, 3, 4]) expect(hex(col, 2)?.level).toBe(2);
  expect(hex(7, 5)?.terrain).toBe('woods');
  expect(hex(5, 1)).toMatchObject({ terrain: 'woods', label: 'Hill 40' });
  expect(hex(2, 2)?.terrain).toBeUndefined();
  expect(saved.map.hexsides).toEqual([{ col: 2, row: 2, side: 0, ridge: true }]);
});

test('the Tankplank village opens from the welcome screen and looks like a village', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillage(page);
  await expect(page.getByTestId('doc-title')).toContainText(/village/i);
  await expect(featureRows(page).first()).toBeVisible();
  // The list names an unnamed feature by its kind and number, never by its internal id.
  await expect(page.locator('[data-feature-id="tree-20"] .name')).toHaveText(/^tree \d+$/);
  mkdirSync('test-results/shots', { recursive: true });
  await page.screenshot({ path: 'test-results/shots/village.png' });
  // Select something and zoom in on it, then measure with the tape.
  await page.getByLabel('Filter features').fill('building');
  await featureRows(page).first().dblclick();
  await page.keyboard.press('m');
  await drag(page, [10, 12], [20, 12]);
  await page.screenshot({ path: 'test-results/shots/village-zoomed.png' });
  // The command palette runs commands by name.
  await page.keyboard.press('Control+k');
  await page.getByRole('textbox', { name: 'Command' }).fill('zoom to fit');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('export PNG, SVG and a tiled 1:1 PDF of the village', async ({ page }) => {
  await openVillage(page);
  await expect(featureRows(page).first()).toBeVisible();
  const exportAs = async (item: RegExp, configure?: () => Promise<void>) => {
    await page.getByRole('menuitem', { name: 'File' }).click();
    await page.getByRole('menuitem', { name: item }).click();
    await configure?.();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const d = await download;
    const path = join(tmpdir(), `sandtable-export-${Date.now()}-${d.suggestedFilename()}`);
    await d.saveAs(path);
    return { name: d.suggestedFilename(), bytes: readFileSync(path) };
  };
  const png = await exportAs(/Export PNG/, async () => {
    await page.getByLabel('Resolution').selectOption('50');
  });
  expect(png.name).toMatch(/\.png$/);
  expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
  // 36" × 24" at 50 px per inch.
  expect(png.bytes.readUInt32BE(16)).toBe(1800);
  expect(png.bytes.readUInt32BE(20)).toBe(1200);

  const svg = await exportAs(/Export SVG/);
  const text = svg.bytes.toString();
  expect(text).toContain('width="36in" height="24in"');
  expect((text.match(/<path /g) ?? []).length).toBeGreaterThan(100);

  const pdf = await exportAs(/PDF/, async () => {
    await page.getByLabel('Paper').selectOption('a4');
    await expect(page.getByRole('dialog')).toContainText('sheets');
  });
  const doc = await PDFDocument.load(pdf.bytes);
  // 36" × 24" at 1:1 over A4 with 0.4" margins and 0.5" overlap: 4 × 4 landscape sheets
  // (each shows 10.89" × 7.12" of table, stepping 10.39" × 6.62").
  expect(doc.getPageCount()).toBe(16);
  for (const p of doc.getPages()) {
    const { width, height } = p.getSize();
    expect([Math.round(Math.min(width, height)), Math.round(Math.max(width, height))]).toEqual([
      595, 842,
    ]);
  }
});
