import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { HexMap } from '../engine/format/types';
import { hexGrid } from '../engine/hex';
import { hexBoard } from './playtestBoard';
import { skirmishScenario } from '../renderer/src/playtest/board/hexSkirmish.fixture';

/**
 * The hex board in Chromium. No hex ruleset plays yet, so a test-only page (e2e/hexboard) mounts
 * the game screen on the hex fixture game; it is built here into a temporary folder, never into
 * the app, and served to the page through Playwright's routing.
 */

const SHOTS = 'test-results/hexboard-shots';
const ORIGIN = 'http://hexboard.test';
const grid = hexGrid(skirmishScenario().map as HexMap);
let out = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  out = mkdtempSync(join(tmpdir(), 'sandtable-hexboard-'));
  await build({
    configFile: false,
    root: 'e2e/hexboard',
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  });
});

test.afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

async function openHarness(page: Page, query: string) {
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = normalize(new URL(route.request().url()).pathname).replace(/^\/+/, '');
    try {
      const body = readFileSync(join(out, path || 'index.html'));
      return route.fulfill({
        body,
        contentType: TYPES[extname(path || 'index.html')] ?? 'application/octet-stream',
      });
    } catch {
      return route.fulfill({ status: 404, body: `${path} is not in the harness build` });
    }
  });
  await page.goto(`${ORIGIN}/index.html?${query}`);
  await expect(page.getByTestId('playtest')).toHaveAttribute('data-board', 'hex');
}

const { hexOnScreen, clickHex, hoverHex } = hexBoard(grid);

test('the hex board plays a turn: cards, secret plots, activation with move, sight, fire and facing', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openHarness(page, 'red=human&blue=bot&seed=5');
  const prompt = page.getByTestId('todo');
  const log = page.getByTestId('playtest-log');

  // Cards: a hand, a card that cannot be played now says why.
  const hand = page.getByTestId('prompt-cards');
  await expect(hand).toBeVisible();
  const rally = hand.locator('[data-card="rally"]');
  await expect(rally).toContainText('no unit of yours is suppressed');
  await expect(rally.getByRole('button', { name: 'Play' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/01-cards.png` });
  await hand.locator('[data-card="dash"]').getByRole('button', { name: 'Play' }).click();
  await expect(log).toContainText('red plays Dash');

  // Plot: every unit still without a mission, each with its missions to choose from.
  const plot = page.getByTestId('prompt-plot');
  await expect(plot).toContainText('Tank [r1]');
  await expect(plot).toContainText('Rifles [r2]');
  await page.screenshot({ path: `${SHOTS}/02-plot.png` });
  await plot
    .locator('li', { hasText: 'Tank [r1]' })
    .getByRole('button', { name: 'Advance' })
    .click();
  await expect(plot).not.toContainText('Tank [r1]');
  await plot
    .locator('li', { hasText: 'Rifles [r2]' })
    .getByRole('button', { name: 'Advance' })
    .click();
  await expect(plot).toContainText('Every unit has one');
  // Blue's plots stay secret from red: red's log shows only its own.
  await expect(log).toContainText('Tank [r1] will advance');
  await page.getByTestId('end-phase').click();
  await expect(log).toContainText('Missions revealed');
  await expect(log).not.toContainText('AT gun [b1] will advance');

  // Activation: the bot's gun had no shot through the woods; now the tank acts, then the rifles.
  const activation = page.getByTestId('prompt-activate');
  await expect(activation).toContainText('Now acting (1): Tank [r1]');
  await expect(activation).toContainText('Rifles [r2]');
  await expect(page.getByTestId('unit-panel')).toContainText('in hex 0204, facing side 1');
  await expect(page.getByTestId('reach-legend')).toContainText('Rate 4 hexes');

  // From where it stands the woods hide the gun: the sight line stops at the blocking hex.
  await hoverHex(page, 7, 3);
  await expect(page.getByTestId('los')).toContainText('blocked by woods 0504');
  await expect(page.getByTestId('fire-refused')).toContainText('the woods block the line of sight');
  await page.screenshot({ path: `${SHOTS}/03-activation-blocked-sight.png` });

  // Move by clicking a shaded hex.
  await clickHex(page, 4, 4);
  await expect(log).toContainText('Tank [r1] moves to 0505 (3 hexes)');
  await expect(page.getByTestId('unit-panel')).toContainText('in hex 0505');

  // Now the gun is in sight, three hexes off: the odds, then the shot.
  await hoverHex(page, 7, 3);
  await expect(page.getByTestId('los')).toContainText('Line of sight clear, 3 hexes');
  await expect(page.getByTestId('odds')).toContainText('AT gun [b1] destroyed: 50.0% (3/6)');
  await page.screenshot({ path: `${SHOTS}/04-sight-and-odds.png` });
  await clickHex(page, 7, 3);
  // Seed 5 rolls a 3 against 4+: the gun is hit and suppressed.
  await expect(page.getByTestId('last-result')).toContainText(
    'Tank [r1] fires at AT gun [b1]: rolled 3, needs 4+ — AT gun [b1] is hit and suppressed',
  );
  await page.screenshot({ path: `${SHOTS}/05-fired.png` });

  // Facing: ] turns one hexside clockwise; Alt-drag turns toward the pointer.
  await page.keyboard.press(']');
  await expect(log).toContainText('Tank [r1] turns to face side 2');
  const [tx, ty] = await hexOnScreen(page, 4, 4);
  const [nx, ny] = await hexOnScreen(page, 4, 3);
  await page.keyboard.down('Alt');
  await page.mouse.move(tx, ty);
  await page.mouse.down();
  await page.mouse.move(nx, ny, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up('Alt');
  await expect(log).toContainText('Tank [r1] turns to face side 0');

  // The rifles' turn: they stack with the tank, and the two counters fan out in the hex.
  await page.getByTestId('end-phase').click();
  await expect(activation).toContainText('Now acting (1): Rifles [r2]');
  // Undo takes back the end of the tank's activation: the tank acts again.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(activation).toContainText('Now acting (1): Tank [r1]');
  await page.getByTestId('end-phase').click();
  await expect(activation).toContainText('Now acting (1): Rifles [r2]');
  await clickHex(page, 2, 2);
  await expect(log).toContainText('Rifles [r2] moves to 0303');
  await page.screenshot({ path: `${SHOTS}/06-rifles-moved.png` });
  expect(errors).toEqual([]);

  // End the game: End turn passes every phase left; after turn 3 nobody is asked anything.
  for (let i = 0; i < 3 && !(await page.getByTestId('game-result').isVisible()); i++)
    await page.getByTestId('end-turn').click();
  await expect(page.getByTestId('game-result')).toBeVisible();
  await expect(prompt).toContainText('Nothing to do now.');
  await page.screenshot({ path: `${SHOTS}/07-game-over.png` });
  expect(errors).toEqual([]);
});

test('stacked counters fan out and each can be picked on the board', async ({ page }) => {
  await openHarness(page, 'red=human&blue=bot&seed=2');
  await page.getByTestId('end-phase').click(); // red passes its cards
  const plot = page.getByTestId('prompt-plot');
  await plot
    .locator('li', { hasText: 'Rifles [r2]' })
    .getByRole('button', { name: 'Advance' })
    .click();
  await plot.locator('li', { hasText: 'Tank [r1]' }).getByRole('button', { name: 'Hold' }).click();
  await page.getByTestId('end-phase').click();
  const activation = page.getByTestId('prompt-activate');
  // The holding tank acts first; then the bot's gun (no shot through the woods), then the rifles.
  await expect(activation).toContainText('Now acting (1): Tank [r1]');
  await page.getByTestId('end-phase').click();
  await expect(activation).toContainText('Now acting (1): Rifles [r2]');
  // Into the tank's hex: a stack of two.
  await clickHex(page, 1, 3);
  await expect(page.getByTestId('playtest-log')).toContainText('Rifles [r2] moves to 0204');
  // Each counter of the stack is found under the pointer on its own side of the hex.
  const [cx, cy] = await hexOnScreen(page, 1, 3);
  const cam = JSON.parse(
    (await page.getByTestId('playtest-board').getAttribute('data-camera'))!,
  ) as {
    zoom: number;
  };
  const r = grid.size * cam.zoom * 0.45;
  const seen = new Set<string>();
  for (const [dx, dy] of [
    [r, -r],
    [-r, r],
  ] as const) {
    await page.mouse.move(cx + dx, cy + dy);
    const text = (await page.getByTestId('hover-label').textContent()) ?? '';
    seen.add(text.replace(/ —.*/, ''));
  }
  expect([...seen].sort()).toEqual(['Rifles [r2]', 'Tank [r1]']);
  await page.screenshot({ path: `${SHOTS}/08-stack.png` });
});
