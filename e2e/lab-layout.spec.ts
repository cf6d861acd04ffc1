import { expect, test, type Locator } from '@playwright/test';
import { openVillage } from './helpers';

async function box(l: Locator) {
  const b = (await l.boundingBox())!;
  return { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height };
}

test.use({ viewport: { width: 1600, height: 1000 } });

test('lab results at 1600 px: no table over another, losses by type name', async ({ page }) => {
  test.setTimeout(240_000);
  await openVillage(page);
  await page.keyboard.press('Shift+F5');
  const lab = page.getByRole('dialog', { name: 'Balance lab' });
  await lab.getByLabel('Games', { exact: true }).fill('4');
  await lab.getByLabel('Turn limit', { exact: true }).fill('2');
  await lab.getByRole('button', { name: 'Run', exact: true }).click();
  const results = lab.getByTestId('lab-results');
  await expect(results).toContainText('4 games', { timeout: 180_000 });

  const tables = [
    results.getByRole('table', { name: 'Win shares' }),
    results.getByRole('table', { name: 'What was lacking at the turn limit' }),
    results.getByRole('table', { name: 'Results by plan' }),
    results.getByRole('table', { name: 'Losses per game' }),
  ];
  const boxes = [];
  for (const t of tables) if (await t.count()) boxes.push({ t, b: await box(t) });
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!.b;
      const b = boxes[j]!.b;
      const overlap = a.x0 < b.x1 - 1 && b.x0 < a.x1 - 1 && a.y0 < b.y1 - 1 && b.y0 < a.y1 - 1;
      expect(overlap, `${i} and ${j} overlap: ${JSON.stringify([a, b])}`).toBe(false);
    }

  // The two wide tables each take a whole row: never side by side, where one ran over the other.
  const lacking = await box(tables[1]!);
  const plans = await box(tables[2]!);
  expect(lacking.y1).toBeLessThanOrEqual(plans.y0 + 1);

  const losses = results.getByRole('table', { name: 'Losses per game' });
  await expect(losses).not.toContainText('tp.');
  await expect(losses).toContainText('Rifleman');
  await lab.screenshot({ path: 'test-results/shots/lab-1600.png' });
  await results.screenshot({ path: 'test-results/shots/lab-1600-results.png' });
});
