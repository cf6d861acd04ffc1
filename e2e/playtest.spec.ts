import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { clickTable, hoverTable } from './playtestBoard';

/** Where this spec leaves its screenshots, one per step, to be looked at. */
const SHOTS = 'test-results/playtest-shots';

/** Takes the device in hot-seat play: the pass-the-device screen names the side to act. */
async function takeDevice(page: Page, side: 'A' | 'B') {
  const handover = page.getByTestId('handover');
  await expect(handover).toContainText(`Pass the device to Side ${side}`);
  await handover.getByRole('button').click();
  await expect(handover).toBeHidden();
}

async function endPhase(page: Page) {
  await page.getByTestId('end-phase').click();
}

async function openVillagePlaytest(page: Page) {
  await page.addInitScript(() => {
    // Save downloads the file instead of opening the native save picker.
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  await page.goto('/');
  await page
    .getByRole('button', { name: /village/i })
    .filter({ hasNotText: /artillery|mirrored/i })
    .click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.keyboard.press('F5');
  await expect(page.getByRole('dialog', { name: 'Start a playtest' })).toBeVisible();
}

test('hot-seat playtest of the Tankplank village: move, sight, fire, two turns, save and load', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillagePlaytest(page);
  // The seed draws which side plays first on odd turns, and the dialog says which.
  await page.getByTestId('seed').fill('2');
  await expect(page.getByTestId('first-side')).toHaveText(
    'With this seed, Side B (east) plays first on turn 1.',
  );
  await page.getByTestId('seed').fill('7');
  await expect(page.getByTestId('first-side')).toContainText('Side A (west) plays first');
  await page.screenshot({ path: `${SHOTS}/01-setup.png` });
  await page.getByRole('button', { name: 'Start playtest' }).click();
  await expect(page.getByTestId('turn')).toHaveText('Turn 1 of 24');
  await takeDevice(page, 'A');

  // Move a squad: select the 1st Squad and click where it enters (edge A, the west edge).
  await page.getByTestId('formation-a.sq1').click();
  await clickTable(page, 2.5, 12);
  const log = page.getByTestId('playtest-log');
  await expect(log.getByText(/Side A \(west\) .+ \(1st Squad\) enters/)).toHaveCount(10);
  await page.getByTestId('formation-a.tank').click();
  await page.getByRole('button', { name: /^\S+ Tank 1 \(/ }).click();
  await expect(page.getByTestId('reach-legend')).toContainText('Enters from its edge');
  await clickTable(page, 5, 12);
  await expect(log).toContainText('Side A (west) Tank 1 (Tank section) enters 5.0"');
  // Undo takes the move back; then make it again.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(log).not.toContainText('Side A (west) Tank 1 (Tank section) enters');
  await page.getByRole('button', { name: /^\S+ Tank 1 \(/ }).click();
  await clickTable(page, 5, 12);
  await expect(log).toContainText('Side A (west) Tank 1 (Tank section) enters 5.0"');
  await page.screenshot({ path: `${SHOTS}/02-squad-and-tank-moved.png` });
  await endPhase(page);

  await takeDevice(page, 'B');
  await page.getByTestId('formation-b.ht').click();
  await page.getByRole('button', { name: /^\S+ Half-track 1 \(/ }).click();
  await clickTable(page, 30, 12);
  await page.getByTestId('formation-b.sq1').click();
  await page.getByRole('button', { name: /^\S+ Rifleman 4 \(/ }).click();
  await clickTable(page, 33.5, 8);
  await expect(log).toContainText('Side B (east) Rifleman 4 (1st Squad) enters');
  await endPhase(page);

  // Firing: the tank's sight to the rifleman is blocked by a building, named on the panel.
  await takeDevice(page, 'A');
  await expect(page.getByTestId('phase-tracker')).toContainText('Firing');
  await clickTable(page, 5, 12);
  await expect(page.getByTestId('unit-panel')).toContainText('Tank 1 (Medium tank), Tank section');
  await hoverTable(page, 33.5, 8);
  await expect(page.getByTestId('los')).toContainText('blocked by Bridge X site (building)');
  await page.screenshot({ path: `${SHOTS}/03-blocked-line-of-sight.png` });

  // Fire the tank at the half-track: odds first, then the dice in the result and the log.
  await hoverTable(page, 30, 12);
  await expect(page.getByTestId('los')).toContainText('Line of sight clear');
  await expect(page.getByTestId('odds')).toContainText(
    'Side B (east) Half-track 1 (Half-tracks) out of action',
  );
  await page.screenshot({ path: `${SHOTS}/04-shot-odds.png` });
  await clickTable(page, 30, 12);
  const result = page.getByTestId('last-result');
  await expect(result).toContainText(
    /Side A \(west\) Tank 1 \(Tank section\) fires Tank gun at Side B \(east\) Half-track 1 \(Half-tracks\).*rolled \d/,
  );
  await expect(result.locator('.die').first()).toHaveText(/^[1-6]$/);
  await expect(log).toContainText('fires Tank gun at Side B (east) Half-track 1 (Half-tracks)');
  await page.screenshot({ path: `${SHOTS}/05-shot-fired.png` });

  // Play to the end of turn 2. The side that goes first changes every turn (TP-4.3): in turn 2
  // side B moves first, so B keeps the device.
  await endPhase(page);
  await takeDevice(page, 'B');
  await endPhase(page);
  await expect(page.getByTestId('turn')).toHaveText('Turn 2 of 24');
  await expect(page.getByTestId('active-side')).toContainText('Side B (east) to act');
  await expect(page.getByTestId('handover')).toBeHidden();
  // End turn passes every phase left in turn 2 (as one undo step).
  await page.getByTestId('end-turn').click();
  await expect(page.getByTestId('turn')).toHaveText('Turn 3 of 24');
  await expect(log).toContainText('Turn 3 begins');
  // Side A goes first in turn 3.
  await takeDevice(page, 'A');
  await page.screenshot({ path: `${SHOTS}/06-turn-3.png` });

  // Save, then load the saved game into a fresh page: same turn, log and score.
  const before = {
    position: await page.getByTestId('replay-position').textContent(),
    score: await page.getByTestId('objectives').textContent(),
    log: await log.locator('.log-line').allTextContents(),
  };
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Save game' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.game\.json$/);
  const file = test.info().outputPath('saved.game.json');
  await download.saveAs(file);

  await page.reload();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: /^Open/ }).first().click(),
  ]);
  await chooser.setFiles(file);
  await expect(page.getByTestId('playtest')).toBeVisible();
  await expect(page.getByTestId('turn')).toHaveText('Turn 3 of 24');
  await takeDevice(page, 'A');
  await expect(page.getByTestId('replay-position')).toHaveText(before.position!);
  await expect(page.getByTestId('objectives')).toHaveText(before.score!);
  expect(await log.locator('.log-line').allTextContents()).toEqual(before.log);
  await page.screenshot({ path: `${SHOTS}/07-loaded.png` });

  // Replay step by step from the start.
  await page.getByTitle('Replay from the start').click();
  await expect(page.getByTestId('replay-position')).toContainText('replay: 0 of');
  await page.getByTitle('Step forward').click();
  await expect(page.getByTestId('replay-position')).toContainText('replay: 1 of');
  expect(errors).toEqual([]);
});

test('a bot-vs-bot game started from the UI runs to its end', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillagePlaytest(page);
  await page.getByRole('radio', { name: 'Side A (west) bot' }).check();
  await page.getByRole('radio', { name: 'Side B (east) bot' }).check();
  await page.getByRole('button', { name: 'Start playtest' }).click();
  await expect(page.getByTestId('game-result')).toBeVisible({ timeout: 150_000 });
  await expect(page.getByTestId('game-result')).toContainText(/wins|Draw/);
  await expect(page.getByTestId('playtest-log')).toContainText('Game over');
  await page.screenshot({ path: `${SHOTS}/08-bot-game-over.png` });
  // Replayed to an early step, no panel still shows the end of the game (issue 38, item 10).
  await page.getByTitle('Replay from the start').click();
  await page.getByTitle('Step forward').click();
  await page.getByTitle('Step forward').click();
  await expect(page.getByTestId('replay-position')).toContainText('replay: 2 of');
  await expect(page.getByTestId('game-result')).toBeHidden();
  await expect(page.getByTestId('playtest')).not.toContainText('Game over');
  await page.getByTitle('Back to live').click();
  // Issue 18.5: each morale line reads as a sum that adds up ("rolled 4, +2 officer ... = 6").
  const lines = await page.getByTestId('playtest-log').locator('.log-line').allTextContents();
  const morale = [...new Set(lines.filter((t) => /morale/i.test(t) && /rolled \d+/.test(t)))];
  expect(morale.length).toBeGreaterThan(0);
  for (const text of morale) {
    const m = /rolled (\d+)((?:, [+−-]\d+ [^,=]+)*) = (-?\d+)/.exec(text);
    expect(m, text).not.toBeNull();
    const terms = [...m![2]!.matchAll(/, ([+−-])(\d+) /g)].map(
      (t) => (t[1] === '+' ? 1 : -1) * Number(t[2]),
    );
    expect(Number(m![1]) + terms.reduce((a, b) => a + b, 0), text).toBe(Number(m![3]));
  }
  expect(errors).toEqual([]);
});

test('the table is read-only in playtest: an editing key goes back to the editor; a scenario the rules cannot start says why', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillagePlaytest(page);
  await page.getByTestId('seed').fill('1');
  await page.getByRole('button', { name: 'Start playtest' }).click();
  await takeDevice(page, 'A');
  // Ctrl+Z belongs to the playtest (nothing to take back yet); the editor's tool keys edit.
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('playtest')).toBeVisible();
  await page.keyboard.press('v');
  await expect(page.getByTestId('playtest')).toBeHidden();
  await expect(page.getByTestId('table-view')).toBeVisible();
  // F5 comes back to a new game; F5 again leaves.
  await page.keyboard.press('F5');
  await expect(page.getByRole('dialog', { name: 'Start a playtest' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to editor' }).click();
  await expect(page.getByTestId('table-view')).toBeVisible();

  // Contour hills with one Panzer IV taken off its hex: the editor opens it (a unit may wait
  // to be placed), but TANK! cannot start a game with it and says which unit and what to do.
  const hills = JSON.parse(readFileSync('scenarios/tank-contour-hills.scenario.json', 'utf8')) as {
    forces: { sides: { formations: { units?: { id: string; position?: unknown }[] }[] }[] };
  };
  const first = hills.forces.sides[0]!.formations.flatMap((f) => f.units ?? [])[0]!;
  delete first.position;
  const unplaced = join(tmpdir(), `sandtable-unplaced-${Date.now()}.scenario.json`);
  writeFileSync(unplaced, JSON.stringify(hills));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'File' }).click();
  await page.getByRole('menuitem', { name: /^Open/ }).click();
  await (await chooser).setFiles(unplaced);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('TANK!: Contour hills');
  await page.getByRole('button', { name: '▶ Playtest' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Cannot playtest' })).toContainText(
    `unit ${first.id} has no hex position: place it on the map`,
  );
  await page.screenshot({ path: `${SHOTS}/09-cannot-start.png` });
  await page.getByRole('button', { name: 'Back to editor' }).click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  expect(errors).toEqual([]);
});
