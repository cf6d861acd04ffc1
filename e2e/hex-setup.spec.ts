import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { hexCentre, hexGrid } from '../engine/hex';

/** The "WWI: Through the wire" map: 13 × 9 pointy hexes, odd offset, default hex size. */
const WIRE = hexGrid({ orientation: 'pointy', offset: 'odd', columns: 13, rows: 9 });

/** Screen position of the centre of hex (col, row), from the camera the canvas publishes. */
async function hexOnScreen(page: Page, col: number, row: number): Promise<[number, number]> {
  const canvas = page.getByTestId('table-canvas');
  const [cx, cy, zoom] = (await canvas.getAttribute('data-camera'))!.split(',').map(Number) as [
    number,
    number,
    number,
  ];
  const box = (await canvas.boundingBox())!;
  const [x, y] = hexCentre(WIRE, col, row);
  return [box.x + cx + x * zoom, box.y + cy + y * zoom];
}

test('hex scenario set-up: forces, counters, drag a unit to another hex, undo', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  mkdirSync('test-results/shots', { recursive: true });
  await page.goto('/');
  await page.getByRole('button', { name: /Through the wire/ }).click();
  await expect(page.getByTestId('doc-title')).toContainText(/Through the wire/);

  // The set-up column is there on a hex map, with the British order of battle.
  const forces = page.getByTestId('forces-panel');
  await expect(forces).toBeVisible();
  const rows = forces.locator('[data-unit]');
  await expect(rows).toHaveCount(9);
  const aCompany = forces.locator('[data-unit="british.inf1"]');
  await expect(aCompany).toHaveAttribute('title', /hex 0207 \(col 1, row 6\)/);
  await page.screenshot({ path: 'test-results/shots/hex-setup.png' });

  // The counters are painted: a pixel of A Company's counter body, between the symbol frame and
  // the rim, is its side colour (#6b5a3a), not the hex art under it.
  const pixelAt = async (col: number, row: number) => {
    const canvas = page.getByTestId('table-canvas');
    const zoom = Number((await canvas.getAttribute('data-camera'))!.split(',')[2]);
    const box = (await canvas.boundingBox())!;
    const [x, y] = await hexOnScreen(page, col, row);
    const px = x - box.x;
    const py = y - box.y - 0.32 * WIRE.size * zoom;
    return page.evaluate(
      ([px, py]) => {
        const cs = [...document.querySelectorAll('[data-testid="table-canvas"] canvas')];
        const c = cs[cs.length - 1] as HTMLCanvasElement;
        const r = c.width / c.getBoundingClientRect().width;
        const d = c.getContext('2d')!.getImageData(Math.round(px! * r), Math.round(py! * r), 1, 1);
        return [...d.data];
      },
      [px, py],
    );
  };
  expect(await pixelAt(1, 6)).toEqual([0x6b, 0x5a, 0x3a, 255]);
  // An empty hex shows no counter there.
  expect(await pixelAt(6, 4)).not.toEqual([0x6b, 0x5a, 0x3a, 255]);

  // Drag A Company from the force tree onto hex (6, 4).
  const [tx, ty] = await hexOnScreen(page, 6, 4);
  const view = (await page.getByTestId('table-view').boundingBox())!;
  await aCompany.dragTo(page.getByTestId('table-view'), {
    targetPosition: { x: tx - view.x, y: ty - view.y },
  });
  await expect(aCompany).toHaveAttribute('title', /hex 0705 \(col 6, row 4\)/);
  await expect(forces.getByTestId('unit-position')).toContainText('hex 0705 (col 6, row 4)');
  // New to that hex, it faces away from the British (south) entry edge: a northern hexside.
  await expect(forces.getByLabel('Facing hexside')).toHaveValue(/^[05]$/);
  expect(await pixelAt(6, 4)).toEqual([0x6b, 0x5a, 0x3a, 255]);
  await page.screenshot({ path: 'test-results/shots/hex-setup-dropped.png' });

  // One undo step puts it back.
  await page.getByTestId('table-canvas').hover();
  await page.keyboard.press('Control+z');
  await expect(aCompany).toHaveAttribute('title', /hex 0207 \(col 1, row 6\)/);

  // A drop off the grid is refused with a hint.
  await aCompany.dragTo(page.getByTestId('table-view'), { targetPosition: { x: 5, y: 5 } });
  await expect(page.getByText(/not placed: drop it on a hex of the map/)).toBeVisible();
  await expect(aCompany).toHaveAttribute('title', /hex 0207/);

  // The select tool picks the hex for the inspector and the unit standing on it.
  await page.keyboard.press('v');
  await page.mouse.click(...(await hexOnScreen(page, 4, 7)));
  await expect(forces.locator('[data-unit="british.male1"]')).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.screenshot({ path: 'test-results/shots/hex-setup-selected.png' });

  // The other tabs work on the hex scenario too.
  await page.getByRole('tab', { name: 'Objectives' }).click();
  const objectives = page.getByTestId('objectives-panel');
  await expect(objectives.locator('[data-objective="village"]')).toContainText('4 hexes');
  await expect(objectives).toContainText('click a hex');
  await objectives.locator('[data-objective="village"]').click();
  await page.screenshot({ path: 'test-results/shots/hex-setup-objectives.png' });
  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect(page.getByRole('tab', { name: 'Rules', selected: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Catalog' }).click();
  await page.getByRole('tab', { name: 'Problems' }).click();
  await expect(page.getByTestId('problems-panel')).toBeVisible();
  expect(errors).toEqual([]);
});

test('TANK! contour hills: hexside facings, a stack and the summit objective are drawn', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  mkdirSync('test-results/shots', { recursive: true });
  await page.goto('/');
  await page.getByRole('button', { name: /Contour hills/ }).click();
  await expect(page.getByTestId('forces-panel')).toBeVisible();
  await expect(page.locator('[data-unit="alpha.pz1"]')).toHaveAttribute(
    'title',
    /hex 0210 \(col 1, row 9\)/,
  );
  await page.locator('[data-unit="alpha.pz1"]').click();
  await expect(page.getByLabel('Facing hexside')).toHaveValue('2');
  await page.screenshot({ path: 'test-results/shots/hex-setup-tank.png' });
  const canvas = (await page.getByTestId('table-canvas').boundingBox())!;
  await page.screenshot({
    path: 'test-results/shots/hex-setup-tank-west.png',
    clip: { x: canvas.x, y: canvas.y + canvas.height * 0.35, width: 260, height: 260 },
  });
  expect(errors).toEqual([]);
});
