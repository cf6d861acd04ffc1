import { expect, test, type Locator, type Page } from '@playwright/test';
import { openVillage, tableToScreen } from './helpers';

/** Table positions of the units under `scope` (their rows' titles), null for one not placed. */
async function positions(scope: Locator): Promise<([number, number] | null)[]> {
  const titles = await scope
    .locator('[data-unit]')
    // Men riding in a vehicle are not placed on their own.
    .evaluateAll((rows) =>
      rows.filter((r) => !r.querySelector('.riding')).map((r) => r.getAttribute('title') ?? ''),
    );
  return titles.map((t) => {
    const m = /at \(([-\d.]+), ([-\d.]+)\)/.exec(t);
    return m ? [Number(m[1]), Number(m[2])] : null;
  });
}

function expectApart(pts: [number, number][], min: number): void {
  for (let i = 0; i < pts.length; i++)
    for (let j = i + 1; j < pts.length; j++) {
      const d = Math.hypot(pts[i]![0] - pts[j]![0], pts[i]![1] - pts[j]![1]);
      expect(d, `units ${i} and ${j} at ${pts[i]} and ${pts[j]}`).toBeGreaterThanOrEqual(min);
    }
}

/** Keyboard shortcuts go to the app, not to a field that kept the focus. */
async function blur(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function dropOnTable(page: Page, row: Locator, x: number, y: number): Promise<void> {
  const [tx, ty] = await tableToScreen(page, x, y);
  const box = (await page.getByTestId('table-view').boundingBox())!;
  await row.dragTo(page.getByTestId('table-view'), {
    targetPosition: { x: tx - box.x, y: ty - box.y },
  });
}

test('a squad dragged onto its zone is laid out in ranks, one undo step; Auto-deploy fills the zone', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillage(page);
  await page.getByRole('tab', { name: 'Forces' }).click();
  const forces = page.getByTestId('forces-panel');
  await expect(forces).toBeVisible();

  // A deployment strip along Side A's west edge: a click near the edge.
  await page.getByRole('button', { name: 'Deployment zone' }).click();
  await page.mouse.click(...(await tableToScreen(page, 0.5, 20)));
  await expect(page.getByRole('status')).toContainText(/Deployment zone .* added/);

  // Drag the 1st Squad's row onto the zone: all ten men stand in it, apart, around the drop.
  const squad = forces.locator('.tree-group', { has: page.locator('[data-formation="a.sq1"]') });
  await dropOnTable(page, forces.locator('[data-formation="a.sq1"]'), 3, 12);
  await expect(page.getByRole('status')).toContainText('1st Squad: 10 units placed');
  const placed = (await positions(squad)).filter((p): p is [number, number] => !!p);
  expect(placed).toHaveLength(10);
  expectApart(placed, 0.8);
  for (const [x, y] of placed) {
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x).toBeLessThanOrEqual(6);
    expect(Math.abs(y - 12)).toBeLessThan(6);
  }

  // One undo step takes the whole squad off again.
  await blur(page);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await positions(squad)).filter(Boolean).length).toBe(0);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(async () => (await positions(squad)).filter(Boolean).length).toBe(10);

  // A man dropped on a placed man steps aside instead of standing on the same point.
  const sq2 = forces.locator('.tree-group', { has: page.locator('[data-formation="a.sq2"]') });
  const [fx, fy] = placed[0]!;
  await dropOnTable(page, sq2.locator('[data-unit]').first(), fx, fy);
  const [one] = await positions(sq2);
  expect(one).not.toBeNull();
  expectApart([...placed, one!], 0.8);

  // Auto-deploy (Shift+A): every other unplaced unit of Side A goes into the zone, one undo step.
  await blur(page);
  await page.keyboard.press('Shift+A');
  await expect(page.getByRole('status')).toContainText(/Auto-deploy: \d+ units of Side A/);
  const all = await positions(forces);
  expect(all.filter((p) => !p)).toHaveLength(0);
  const pts = all as [number, number][];
  for (const [x] of pts) expect(x).toBeLessThanOrEqual(6.01);
  expectApart(pts, 0.8);
  await page.screenshot({ path: 'test-results/shots/auto-deploy.png' });

  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await positions(forces)).filter(Boolean).length).toBe(11);

  // The command is in the Edit menu and the help's shortcut table.
  await page.keyboard.press('F1');
  await expect(page.getByRole('table', { name: 'Edit shortcuts' })).toContainText(
    'Auto-deploy side',
  );
  expect(errors).toEqual([]);
});
