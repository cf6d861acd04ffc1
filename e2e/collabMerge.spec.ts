import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../server/processes';
import { openVillage } from './helpers';

/**
 * Two club members restructure the same forces at once, each offline for a moment: Anna drags
 * the 1st Squad into the 2nd while Ben drags the 2nd into the 1st. Nothing is lost: both end with
 * every squad and every man, the same file, and both are told in words what was resolved.
 * Waits are for states and may be long on a busy machine.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

const dirs: string[] = [];
let server: ServerProcess;
test.beforeAll(async () => {
  const d = mkdtempSync(joinPath(tmpdir(), 'sandtable-e2e-merge-'));
  dirs.push(d);
  server = await startServerProcess({ dataDir: d });
});
test.afterAll(async () => {
  await server?.kill();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

async function person(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  return page;
}

const statusOf = (page: Page) => page.getByTestId('collab-status');

async function savedDoc(page: Page): Promise<{ text: string; doc: SavedDoc }> {
  const download = page.waitForEvent('download');
  await page.keyboard.press('Control+s');
  const file = joinPath(dirs[0]!, `saved-${Math.random().toString(36).slice(2)}.json`);
  await (await download).saveAs(file);
  const text = readFileSync(file, 'utf8');
  return { text, doc: JSON.parse(text) as SavedDoc };
}

interface SavedFormation {
  id: string;
  units: { id: string }[];
  formations?: SavedFormation[];
}
interface SavedDoc {
  forces: { sides: { formations: SavedFormation[] }[] };
}
function counts(doc: SavedDoc): { formations: number; units: number } {
  let formations = 0;
  let units = 0;
  const walk = (fs: SavedFormation[]) =>
    fs.forEach((f) => {
      formations++;
      units += f.units.length;
      walk(f.formations ?? []);
    });
  doc.forces.sides.forEach((s) => walk(s.formations));
  return { formations, units };
}

test('moving two squads into each other at once loses no squad and no man, and both are told', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [anna, ben] = await Promise.all([person(browser), person(browser)]);
  await openVillage(anna);
  await expect(anna.getByTestId('table-canvas')).toBeVisible();
  await anna.keyboard.press('Control+Alt+s');
  const dialog = anna.getByRole('dialog', { name: 'Share this scenario' });
  await dialog.getByLabel('Your name').fill('Anna');
  await dialog.getByLabel('Server').fill(server.url);
  await dialog.getByRole('button', { name: 'Share' }).click();
  const link = await dialog.getByLabel('Invitation link').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(statusOf(anna)).toHaveAttribute('data-status', 'connected');

  await ben.goto('/');
  const join = ben.getByRole('dialog', { name: 'Join a session' });
  await expect(async () => {
    await ben.keyboard.press('Control+Alt+j');
    await expect(join).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await join.getByLabel('Your name').fill('Ben');
  await join.getByLabel('Invitation link').fill(link);
  await join.getByRole('button', { name: 'Join' }).click();
  await expect(statusOf(ben)).toHaveAttribute('data-status', 'connected');
  const before = counts((await savedDoc(anna)).doc);

  for (const p of [anna, ben]) {
    await p.context().setOffline(true);
    await expect(statusOf(p)).toHaveAttribute('data-status', 'offline');
    await p.getByRole('tab', { name: 'Forces' }).click();
  }
  const drag = async (p: Page, from: string, to: string) => {
    const forces = p.getByTestId('forces-panel');
    await forces
      .locator(`[data-formation="${from}"]`)
      .dragTo(forces.locator(`[data-formation="${to}"]`));
    // The dragged squad now sits inside the other one.
    await expect(
      forces
        .locator('.tree-group', { has: p.locator(`[data-formation="${to}"]`) })
        .locator(`[data-formation="${from}"]`),
    ).toHaveCount(1);
  };
  await drag(anna, 'a.sq1', 'a.sq2');
  await drag(ben, 'a.sq2', 'a.sq1');
  for (const p of [anna, ben]) await p.context().setOffline(false);
  for (const p of [anna, ben])
    await expect(statusOf(p)).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });

  for (const p of [anna, ben]) {
    const notice = p.getByTestId('collab-notice');
    await expect(notice).toContainText(/formation "1st Squad" and formation "2nd Squad"/i);
    await expect(notice).toContainText('were moved into each other at the same time');
  }
  await anna.screenshot({ path: 'test-results/collab-merge-notice.png' });
  await expect
    .poll(async () => new Set([(await savedDoc(anna)).text, (await savedDoc(ben)).text]).size, {
      timeout: 60_000,
    })
    .toBe(1);
  const after = counts((await savedDoc(ben)).doc);
  expect(after).toEqual(before);
});
