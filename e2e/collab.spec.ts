import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import {
  redisServerPath,
  startRedis,
  startServerProcess,
  type ServerProcess,
} from '../server/processes';
import { openVillage, tableToScreen } from './helpers';

/**
 * Every wait here is for a state (a canvas shown, a status, a count) and may take long on a busy
 * machine: servers start, rooms load and edits travel through Redis while other suites run, so
 * assertions retry for up to 30 s instead of Playwright's 5 s.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Live co-editing as club members do it: one shares a scenario through `sandtable serve` (started
 * here on a free loopback port), the others join with the invitation link, everyone edits at
 * once, and every copy ends identical. Also: offline edits merging, a server killed and restarted,
 * a wrong secret, and two servers behind Redis.
 */

const dataDirs: string[] = [];
test.afterAll(() => dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function dataDir(): string {
  const d = mkdtempSync(joinPath(tmpdir(), 'sandtable-e2e-collab-'));
  dataDirs.push(d);
  return d;
}

async function person(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  // Saves download the file, as in browsers without the File System Access picker, so the test
  // can read what each person would save.
  await context.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The browser build asks for a file name on the first save: take the one it suggests.
  page.on('dialog', (d) => void d.accept());
  (page as Page & { errors?: string[] }).errors = errors;
  return page;
}

const statusOf = (page: Page) => page.getByTestId('collab-status');

/** Shares the open scenario into a new room on `server`; returns the invitation link. */
async function share(page: Page, name: string, server: string): Promise<string> {
  await expect(page.getByTestId('table-canvas')).toBeVisible();
  await page.keyboard.press('Control+Alt+s');
  const dialog = page.getByRole('dialog', { name: 'Share this scenario' });
  await dialog.getByLabel('Your name').fill(name);
  await dialog.getByLabel('Server').fill(server);
  await dialog.getByRole('button', { name: 'Share' }).click();
  const link = await dialog.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/room-[\w-]+#[\w-]+$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(statusOf(page)).toHaveAttribute('data-status', 'connected');
  return link;
}

/**
 * Opens Join… by its shortcut. The shortcut is only heard once the app has mounted its key
 * handler; on a loaded machine the first press can come before that, so press until it opens.
 */
async function openJoinDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Join a session' });
  await expect(async () => {
    await page.keyboard.press('Control+Alt+j');
    await expect(dialog).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  return dialog;
}

async function join(page: Page, name: string, link: string): Promise<void> {
  await page.goto('/');
  const dialog = await openJoinDialog(page);
  await dialog.getByLabel('Your name').fill(name);
  await dialog.getByLabel('Invitation link').fill(link);
  await dialog.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByTestId('table-canvas')).toBeVisible();
  await expect(statusOf(page)).toHaveAttribute('data-status', 'connected');
}

async function clickTable(page: Page, x: number, y: number) {
  await page.mouse.click(...(await tableToScreen(page, x, y)));
}

/** Draws one tree with the tree tool and goes back to the select tool. */
async function tree(page: Page, x: number, y: number) {
  await page.getByTestId('table-canvas').focus();
  await page.keyboard.press('t');
  await clickTable(page, x, y);
  await page.keyboard.press('v');
}

/** The scenario as this page would save it (Ctrl+S in the browser build downloads it). */
async function savedText(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.keyboard.press('Control+s');
  const file = joinPath(dataDir(), 'saved.scenario.json');
  await (await download).saveAs(file);
  return readFileSync(file, 'utf8');
}

/** Waits until every page's status is "connected" (all their edits acknowledged). */
async function settled(pages: readonly Page[]) {
  for (const p of pages) await expect(statusOf(p)).toHaveAttribute('data-status', 'connected');
}

async function expectIdentical(pages: readonly Page[]) {
  await settled(pages);
  // A peer's last edit may still be on its way to the others: compare until they agree.
  await expect
    .poll(
      async () => {
        const texts = await Promise.all(pages.map(savedText));
        // Kept for a failing run: what each person would have saved.
        texts.forEach((t, i) => writeFileSync(`test-results/collab-saved-${i}.json`, t));
        return new Set(texts).size;
      },
      { timeout: 60_000 },
    )
    .toBe(1);
}

const features = (page: Page) => page.locator('[data-feature-id]');

interface SavedDoc {
  map: { features: { id: string; kind: string; x?: number }[] };
  forces: { sides: { formations: { units: { name?: string }[] }[] }[] };
}
/** The trees drawn in this test (their ids have the 8-character random suffix). */
async function drawnTrees(page: Page) {
  const doc = JSON.parse(await savedText(page)) as SavedDoc;
  return doc.map.features.filter((f) => f.kind === 'tree' && /^tree-[0-9a-z]{8}$/.test(f.id));
}

let server: ServerProcess;
test.beforeAll(async () => {
  server = await startServerProcess({ dataDir: dataDir() });
});
test.afterAll(async () => {
  await server.kill();
});

test('three people edit one scenario at once: draw, move, delete, edit units, reorder', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [anna, ben, cleo] = await Promise.all([person(browser), person(browser), person(browser)]);
  await openVillage(anna);
  const link = await share(anna, 'Anna', server.url);
  await join(ben, 'Ben', link);
  await join(cleo, 'Cleo', link);
  await expectIdentical([anna, ben, cleo]);

  // Presence: each sees the other two, by name.
  await expect(anna.getByLabel('People in this session')).toContainText('Ben');
  await expect(anna.getByLabel('People in this session')).toContainText('Cleo');
  await expect(ben.getByLabel('People in this session')).toContainText('Anna');

  // Everyone draws at the same time.
  await Promise.all([tree(anna, 3, 3), tree(ben, 6, 3), tree(cleo, 9, 3)]);
  for (const p of [anna, ben, cleo])
    await expect.poll(async () => (await drawnTrees(p)).length, { timeout: 30_000 }).toBe(3);

  // Ben moves Anna's tree while Cleo deletes Ben's.
  await settled([anna, ben, cleo]);

  // Selections show up for the others: on the canvas and in the feature list.
  await clickTable(ben, 3, 3);
  await expect(anna.locator('.peer-selection[data-peer="Ben"]')).toBeVisible();
  await expect(anna.getByLabel('Selected by Ben')).toBeVisible();
  await ben.keyboard.press('Shift+ArrowRight');
  await clickTable(cleo, 6, 3);
  await cleo.keyboard.press('Delete');

  // Units: Anna and Cleo rename different units of the same side in the same moment.
  const unitName = async (p: Page, i: number, text: string) => {
    const forces = p.getByTestId('forces-panel');
    await forces.locator('[data-unit]').nth(i).click();
    await forces.getByLabel('Unit name').fill(text);
    await forces.getByLabel('Unit name').press('Enter');
  };
  await Promise.all([unitName(anna, 0, 'Anna’s tank'), unitName(cleo, 1, 'Cleo’s tank')]);
  // Cleo's selected unit is marked in Anna's force tree too.
  await expect(anna.getByTestId('forces-panel').getByLabel('Selected by Cleo')).toBeVisible();

  // Reorder: Cleo brings Anna's (moved) tree to the front while Ben draws another.
  await settled([anna, ben, cleo]);
  await clickTable(cleo, 4, 3);
  await cleo.keyboard.press('Control+Shift+]');
  await tree(ben, 12, 3);

  await expectIdentical([anna, ben, cleo]);
  const doc = JSON.parse(await savedText(ben)) as SavedDoc;
  const trees = doc.map.features.filter(
    (f) => f.kind === 'tree' && /^tree-[0-9a-z]{8}$/.test(f.id),
  );
  const names = JSON.stringify(doc.forces);
  expect(names).toContain('Anna’s tank');
  expect(names).toContain('Cleo’s tank');
  // Anna's tree moved 1" right by Ben, then brought in front of Cleo's; Ben's first tree deleted.
  expect(trees.map((t) => t.x).sort()).toEqual([12, 4, 9].sort());
  const at = (x: number) => doc.map.features.findIndex((f) => f.kind === 'tree' && f.x === x);
  expect(at(4)).toBeGreaterThan(at(9));
  await anna.screenshot({ path: 'test-results/collab-three.png' });
  for (const p of [anna, ben, cleo]) expect((p as Page & { errors: string[] }).errors).toEqual([]);
});

test('a client that goes offline keeps its edits and merges them when it comes back', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [anna, ben] = await Promise.all([person(browser), person(browser)]);
  await anna.goto('/');
  await anna.getByRole('button', { name: 'New table' }).click();
  const link = await share(anna, 'Anna', server.url);
  await join(ben, 'Ben', link);
  await ben.context().setOffline(true);
  await expect(statusOf(ben)).toHaveAttribute('data-status', 'offline');
  await tree(ben, 5, 5);
  await tree(ben, 7, 5);
  await expect(statusOf(ben)).toContainText('kept on this computer');
  await tree(anna, 20, 20);
  await expect(features(anna)).toHaveCount(1);
  await ben.screenshot({ path: 'test-results/collab-offline.png' });
  await ben.context().setOffline(false);
  for (const p of [anna, ben]) await expect(features(p)).toHaveCount(3);
  await expectIdentical([anna, ben]);
});

/** A Hocuspocus frame: varUint-prefixed room name, message type, then a varUint-prefixed text. */
function frame(room: string, type: number, text: string): Buffer {
  const varUint = (n: number) => {
    const out: number[] = [];
    while (n > 0x7f) {
      out.push((n & 0x7f) | 0x80);
      n >>>= 7;
    }
    out.push(n);
    return Buffer.from(out);
  };
  const str = (t: string) => {
    const b = Buffer.from(t, 'utf8');
    return Buffer.concat([varUint(b.length), b]);
  };
  return Buffer.concat([str(room), varUint(type), str(text)]);
}

test('a change the server refuses stops the client, which keeps the work and says why', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const anna = await person(browser);
  // Between the page and the server: what the server says passes, and the test can add to it.
  let toPage: ((message: Buffer) => void) | undefined;
  await anna.routeWebSocket(/^ws:/, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((m) => upstream.send(m));
    upstream.onMessage((m) => ws.send(m));
    toPage = (m) => ws.send(m);
  });
  await anna.goto('/');
  await anna.getByRole('button', { name: 'New table' }).click();
  const link = await share(anna, 'Anna', server.url);
  const room = new URL(link).pathname.slice(1);
  await tree(anna, 5, 5);
  await expect(statusOf(anna)).toHaveAttribute('data-status', 'connected');
  // What the server sends a client whose change it refused (server/protocol.ts): stateless (5).
  const why = 'it would break the scenario: unit "t1" is listed as its own passenger';
  toPage!(frame(room, 5, JSON.stringify({ type: 'sandtable.refused-change', reason: why })));
  await expect(statusOf(anna)).toHaveAttribute('data-status', 'stopped');
  await expect(statusOf(anna)).toContainText(`The server refused a change of yours: ${why}`);
  await expect(statusOf(anna)).toContainText('Save a copy');
  // The work goes on and stays here; nothing is sent any more.
  await tree(anna, 9, 5);
  await expect(features(anna)).toHaveCount(2);
  await expect(statusOf(anna)).toHaveAttribute('data-status', 'stopped');
  await anna.screenshot({ path: 'test-results/collab-stopped.png' });
});

test('a server killed and restarted loses no acknowledged edit', async ({ browser }) => {
  test.setTimeout(120_000);
  const dir = dataDir();
  const own = await startServerProcess({ dataDir: dir });
  let restarted: ServerProcess | undefined;
  try {
    const anna = await person(browser);
    await anna.goto('/');
    await anna.getByRole('button', { name: 'New table' }).click();
    const link = await share(anna, 'Anna', own.url);
    for (let i = 0; i < 4; i++) await tree(anna, 3 + 3 * i, 8);
    // "Connected" means every edit is acknowledged by the server, and so on its disk.
    await expect(statusOf(anna)).toHaveAttribute('data-status', 'connected');
    await own.kill();
    await expect(statusOf(anna)).toHaveAttribute('data-status', 'offline');
    restarted = await startServerProcess({ dataDir: dir, port: own.port });
    const ben = await person(browser);
    await join(ben, 'Ben', link);
    await expect(features(ben)).toHaveCount(4);
    // Anna reconnects by herself and goes on editing.
    await expect(statusOf(anna)).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
    await tree(anna, 20, 20);
    await expect(features(ben)).toHaveCount(5);
    await expectIdentical([anna, ben]);
  } finally {
    await own.kill();
    await restarted?.kill();
  }
});

test('a wrong secret joins nothing', async ({ browser }) => {
  const [anna, mallory] = await Promise.all([person(browser), person(browser)]);
  await anna.goto('/');
  await anna.getByRole('button', { name: 'New table' }).click();
  await tree(anna, 5, 5);
  const link = await share(anna, 'Anna', server.url);
  const wrong = link.replace(/#.*/, '#not-the-secret-of-this-room');
  await mallory.goto('/');
  const dialog = await openJoinDialog(mallory);
  await dialog.getByLabel('Your name').fill('Mallory');
  await dialog.getByLabel('Invitation link').fill(wrong);
  await dialog.getByRole('button', { name: 'Join' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/room secret does not match/);
  await mallory.screenshot({ path: 'test-results/collab-refused.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // Still on the welcome screen: nothing of the room was opened.
  await expect(mallory.getByRole('button', { name: 'New table' })).toBeVisible();
  await expect(mallory.getByTestId('table-canvas')).toHaveCount(0);
  await expect(anna.getByLabel('People in this session')).not.toContainText('Mallory');
});

test('two servers behind Redis, a client on each', async ({ browser }) => {
  test.skip(!redisServerPath(), 'redis-server is not installed (CI installs it)');
  test.setTimeout(240_000);
  const redis = await startRedis();
  const shared = dataDir();
  const a = await startServerProcess({ dataDir: shared, redis: redis.url, name: 'a' });
  const b = await startServerProcess({ dataDir: shared, redis: redis.url, name: 'b' });
  try {
    const [anna, ben] = await Promise.all([person(browser), person(browser)]);
    await anna.goto('/');
    await anna.getByRole('button', { name: 'New table' }).click();
    const link = await share(anna, 'Anna', a.url);
    // Ben reaches the same room through the other server.
    await join(ben, 'Ben', link.replace(`:${a.port}/`, `:${b.port}/`));
    await Promise.all([tree(anna, 4, 4), tree(ben, 8, 8)]);
    for (const p of [anna, ben]) await expect(features(p)).toHaveCount(2);
    await expect(anna.getByLabel('People in this session')).toContainText('Ben');
    await expectIdentical([anna, ben]);
    for (const p of [anna, ben]) expect((p as Page & { errors: string[] }).errors).toEqual([]);
  } finally {
    await a.stop();
    await b.stop();
    await redis.stop();
  }
});
