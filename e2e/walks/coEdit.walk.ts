import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { startRedis, startServerProcess } from '../../server/processes';
import { tableToScreen } from '../helpers';

/*
 * Two new users co-edit a table through `sandtable serve` (behind Redis, as a club would run it),
 * each in a browser context of their own, as in the README: one shares, the other joins with the
 * link; both draw; a mistyped link. Screenshots for looking at; run by hand (walk.config.ts).
 */
const expect = baseExpect.configure({ timeout: 30_000 });
// Outside test-results/, which the next Playwright run empties.
const SHOTS = process.env.WALK_SHOTS ?? join(tmpdir(), 'sandtable-walk-shots');
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

async function person(browser: Browser, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return page;
}

async function draw(page: Page, key: string, from: [number, number], to: [number, number]) {
  await page.getByTestId('table-canvas').focus();
  await page.keyboard.press(key);
  const a = await tableToScreen(page, ...from);
  const b = await tableToScreen(page, ...to);
  await page.mouse.move(...a);
  await page.mouse.down();
  await page.mouse.move(...b, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.press('v');
}

test('two new users co-edit one table', async ({ browser }) => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'walk-coedit-'));
  const redis = await startRedis();
  const server = await startServerProcess({ dataDir: dir, redis: redis.url });
  const errors: string[] = [];
  try {
    const anna = await person(browser, errors);
    const ben = await person(browser, errors);
    await anna.goto('/');
    await anna.getByRole('button', { name: 'New table' }).click();
    await expect(anna.getByTestId('table-canvas')).toBeVisible();
    await draw(anna, 'b', [8, 8], [12, 11]);

    // Anna shares: File ▸ Share…
    await anna.getByRole('menuitem', { name: 'File' }).click();
    await anna.getByRole('menuitem', { name: /^Share/ }).click();
    const share = anna.getByRole('dialog', { name: 'Share this scenario' });
    await shot(anna, '40-share-dialog');
    await share.getByLabel('Your name').fill('Anna');
    await share.getByLabel('Server').fill(server.url);
    await share.getByRole('button', { name: 'Share' }).click();
    const link = await share.getByLabel('Invitation link').inputValue();
    await shot(anna, '41-shared');
    await share.getByRole('button', { name: 'Done' }).click();

    // Ben mistypes the link first, then joins.
    await ben.goto('/');
    await ben.getByRole('button', { name: 'Open file…' }).waitFor();
    await ben.keyboard.press('Control+Alt+j');
    const join1 = ben.getByRole('dialog', { name: 'Join a session' });
    await expect(join1).toBeVisible();
    await shot(ben, '42-join-dialog');
    await join1.getByLabel('Your name').fill('Ben');
    await join1.getByLabel('Invitation link').fill(link.replace(/#.*/, '#wrong-secret'));
    await join1.getByRole('button', { name: 'Join' }).click();
    await ben.waitForTimeout(0);
    await expect(async () => {
      expect(
        (await ben.getByRole('alert').count()) +
          (await ben.getByTestId('collab-status').count()) +
          (await ben.getByRole('alertdialog').count()),
      ).toBeGreaterThan(0);
    }).toPass();
    // A mistyped secret is called wrong, with what to do (it read "no room secret").
    await expect(join1).toContainText(/room secret in the link .* is wrong.*Ask the host/);
    await shot(ben, '43-wrong-secret');
    await ben.goto('/');
    await ben.getByRole('button', { name: 'Open file…' }).waitFor();
    await ben.keyboard.press('Control+Alt+j');
    const join2 = ben.getByRole('dialog', { name: 'Join a session' });
    await join2.getByLabel('Your name').fill('Ben');
    await join2.getByLabel('Invitation link').fill(link);
    await join2.getByRole('button', { name: 'Join' }).click();
    await expect(ben.getByTestId('collab-status')).toHaveAttribute('data-status', 'connected');
    await expect(ben.locator('[data-feature-id^="building-"]')).toHaveCount(1);

    // Both draw at once; each sees the other's work and selection.
    await Promise.all([draw(anna, 'b', [20, 8], [24, 11]), draw(ben, 'o', [4, 16], [4, 16])]);
    await draw(ben, 'b', [26, 14], [30, 18]);
    await expect(anna.locator('[data-feature-id^="building-"]')).toHaveCount(3);
    await ben.locator('[data-feature-id^="building-"]').first().click();
    await shot(anna, '44-anna-sees-ben');
    await shot(ben, '45-ben');
    await anna.getByRole('tab', { name: 'Forces' }).click();
    await anna
      .getByTestId('forces-panel')
      .getByLabel('New formation kind')
      .selectOption({ index: 1 });
    await expect(ben.getByTestId('forces-panel').getByLabel('Formation name')).toHaveCount(1);
    await shot(ben, '46-ben-sees-formation');
    // Anna leaves; Ben keeps working.
    await anna.getByRole('menuitem', { name: 'File' }).click();
    await anna.getByRole('menuitem', { name: /Leave shared session/ }).click();
    await shot(anna, '47-anna-left');
    // Ben is told Anna left (it read "nobody else here yet").
    await expect(ben.getByTestId('collab-status')).toContainText('Anna left · you are alone now');
    await shot(ben, '48-ben-after-anna-left');
    expect(errors).toEqual([]);
  } finally {
    await server.kill();
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
