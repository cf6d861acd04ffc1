import { expect, test } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { openVillage, tableToScreen } from './helpers';

const tiled = join(import.meta.dirname, '../engine/import/tiled/testdata');
const bs = join(import.meta.dirname, '../engine/import/battlescribe/testdata');

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true });
  });
});

/** A small PNG (a grid of dark lines on white) that the browser can decode. */
function gridPng(w: number, h: number): string {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 0; // greyscale
  const rows: number[] = [];
  for (let y = 0; y < h; y++) {
    rows.push(0);
    for (let x = 0; x < w; x++) rows.push(x % 20 === 0 || y % 20 === 0 ? 30 : 240);
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const file = join(tmpdir(), `sandtable-grid-${w}x${h}.png`);
  writeFileSync(file, png);
  return file;
}

test('File > Import Tiled map: choose map and tilesets, edit the mapping, import, export TMX', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.getByRole('button', { name: 'New table' }).click();
  await page.getByRole('menuitem', { name: 'File' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: /Import Tiled map/ }).click();
  await page.getByRole('button', { name: 'Choose map and tilesets…' }).click();
  // Only the map at first: the dialog says which tileset to add, nothing is imported.
  await (await chooser).setFiles(join(tiled, 'village.tmx'));
  await expect(page.getByRole('alert')).toContainText(
    'village.tmx at <tileset> line 3: the map uses the external tileset "terrain.tsx"; choose that file too',
  );
  const again = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add or change files…' }).click();
  await (await again).setFiles([join(tiled, 'terrain.tsx'), join(tiled, 'hills.tsx')]);
  await expect(page.getByTestId('tiled-summary')).toContainText(
    '6 × 4 hexes, flat tops, odd columns shifted',
  );
  const table = page.getByRole('table', { name: 'Tile mapping' });
  await expect(table.getByLabel('Terrain of forest')).toHaveValue('woods');
  // The decoration tile means nothing yet: make it rubble.
  await table.getByLabel('Terrain of decoration').selectOption('rubble');
  await page.screenshot({ path: join(tmpdir(), 'sandtable-tiled-import.png') });
  await page.getByRole('button', { name: 'Import as new scenario' }).click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  await expect(
    page.getByRole('toolbar', { name: 'Tools' }).locator('[data-tool="hexBrush"]'),
  ).toBeVisible();

  // Export TMX (Ctrl+Alt+T) downloads a Tiled map of the same size and layout.
  const download = page.waitForEvent('download');
  await page.keyboard.press('Control+Alt+t');
  const d = await download;
  const out = join(tmpdir(), `sandtable-e2e-${Date.now()}.tmx`);
  await d.saveAs(out);
  const tmx = readFileSync(out, 'utf8');
  expect(tmx).toMatch(
    /orientation="hexagonal"[^>]*width="6" height="4"[^>]*staggeraxis="x" staggerindex="odd"/,
  );
  expect(tmx).toContain('<property name="terrain" value="rubble"/>');
  expect(errors).toEqual([]);
});

test('Catalog tab: import BattleScribe catalogues into a TANKS scenario, undo takes them out', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: /your first game/i }).click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.getByRole('tab', { name: /Catalog/ }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Import BattleScribe/ }).click();
  await page.getByRole('button', { name: 'Choose files…' }).click();
  await (
    await chooser
  ).setFiles([join(bs, 'tanks.gst'), join(bs, 'us.cat'), join(bs, 'soviet.cat')]);
  await expect(page.getByTestId('bs-summary')).toContainText(
    '3 models, 2 crew, 2 upgrade, 1 ammo and 2 platoon cards',
  );
  await expect(page.getByText('Not imported (6)')).toBeVisible();
  await page.getByRole('button', { name: 'Add to this scenario' }).click();
  await expect(page.getByTestId('bs-done')).toContainText('Added 3 models and 7 cards');
  await page.screenshot({ path: join(tmpdir(), 'sandtable-bs-import.png') });
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('searchbox').first().fill('Apache');
  await expect(page.getByText('AH-64 Apache').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.locator('.table-canvas').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await page.getByRole('tab', { name: /Catalog/ }).click();
  await page.getByRole('searchbox').first().fill('Apache');
  await expect(page.getByText('AH-64 Apache')).toHaveCount(0);
});

test('underlay: add a picture, scale it by two points, lock it, print it in the vector PDF', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillage(page);
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.keyboard.press('Control+Alt+u');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose picture…' }).click();
  await (await chooser).setFiles(gridPng(400, 200));
  await expect(page.getByTestId('underlay-summary')).toContainText('400 × 200 px');
  await page.getByRole('slider', { name: 'Opacity' }).fill('0.7');
  await page.getByRole('button', { name: 'Done' }).click();

  // Two-point scale (the dialog chose the tool): marks 10" apart become 20".
  const a = await tableToScreen(page, 2, 2);
  const b = await tableToScreen(page, 12, 2);
  await page.mouse.click(...a);
  await page.mouse.click(...b);
  await page.getByLabel('Real distance').fill('20');
  await page.getByRole('button', { name: 'Scale picture' }).click();
  await page.keyboard.press('Control+Alt+u');
  const width = Number(await page.getByLabel('Width on the table').inputValue());
  await page.getByRole('button', { name: 'Done' }).click();
  await page.screenshot({ path: join(tmpdir(), 'sandtable-underlay.png') });

  // Lock: the move tool then refuses to drag it. Undo unlocks again.
  await page.keyboard.press('Control+Alt+l');
  await page.keyboard.press('Control+Alt+m');
  const c = await tableToScreen(page, 5, 5);
  await page.mouse.move(...c);
  await page.mouse.down();
  await page.mouse.move(c[0] + 80, c[1] + 40, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByText(/The underlay is locked/)).toBeVisible();

  // Print with the underlay: a vector PDF with the picture as an image.
  await page.keyboard.press('Control+p');
  await expect(page.getByLabel('Drawing')).toHaveValue('vector');
  await page.getByLabel(/Print the underlay picture/).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const d = await download;
  const out = join(tmpdir(), `sandtable-e2e-${Date.now()}.pdf`);
  await d.saveAs(out);
  const pdf = await PDFDocument.load(readFileSync(out));
  expect(pdf.getPageCount()).toBeGreaterThan(1);
  expect(readFileSync(out).includes('/Subtype /Image')).toBe(true);
  expect(width).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
