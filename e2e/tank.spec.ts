import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { HexMap } from '../engine/format/types';
import { hexGrid } from '../engine/hex';
import { hexBoard } from './playtestBoard';
import { CONTOUR_HILLS, openPlaytest, pageErrors } from './playtestSetup';

/** Where this spec leaves its screenshots, to be looked at. */
const SHOTS = 'test-results/tank-shots';
const map = (
  JSON.parse(readFileSync('scenarios/tank-contour-hills.scenario.json', 'utf8')) as { map: HexMap }
).map;
const grid = hexGrid(map);

const { hexOnScreen, clickHex } = hexBoard(grid);

test('TANK! hot-seat: plot a move and a shot with its line of sight and odds, then the turn resolves step by step', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = pageErrors(page);
  await openPlaytest(page, CONTOUR_HILLS, { seed: 5 });
  await expect(page.getByTestId('playtest')).toHaveAttribute('data-board', 'hex');
  await page.getByLabel('Hand-over screen').uncheck();

  // Alpha plots: every unit is still waiting for its mission.
  const plot = page.getByTestId('prompt-plot');
  await expect(plot).toContainText('Panzer IV 112');
  const log = page.getByTestId('playtest-log');

  // A move: select the Panzer IV at 0208 and click where it goes; the path is its MV plot.
  await clickHex(page, 1, 7);
  await clickHex(page, 4, 8);
  await expect(log).toContainText(/Panzer IV 112 plots MV to 0509/);
  await expect(plot).not.toContainText('Panzer IV 112');
  // Plotted, it leaves the list; selected again, its own panel offers to take the plot back.
  await clickHex(page, 1, 7);
  await expect(page.getByTestId('unit-panel')).toContainText('Take back the plot');

  // A shot: select the Panzer IV at 0311, hover the T-34 at 1412 (unspotted: it shows as a
  // vehicle counter), read the line of sight hex by hex and the exact odds, click to plot DF.
  await clickHex(page, 2, 10);
  const [tx, ty] = await hexOnScreen(page, 13, 11);
  await page.mouse.move(tx, ty);
  await expect(page.getByTestId('los')).toBeVisible();
  await expect(page.getByTestId('fire-preview')).toContainText('defence');
  await page.screenshot({ path: `${SHOTS}/01-plot-shot.png` });
  await page.mouse.click(tx, ty);
  await expect(log).toContainText(/Panzer IV 113 plots DF at T-34 no. 3/);

  await page.getByTestId('end-phase').click();
  // Bravo's turn to plot; Alpha's plots are not in Bravo's log.
  await expect(plot).toContainText('T-34 no. 1');
  await page.getByTestId('end-phase').click();

  // Both plotted: the turn waits at its first step, and is played one step at a time from the
  // panel (button or N), each step showing what it did and the log growing with it.
  const resolve = page.getByTestId('prompt-resolve');
  const current = page.getByTestId('resolve-current');
  await expect(resolve).toBeVisible();
  await expect(current).toHaveText(/Every side has plotted/);
  await expect(log).not.toContainText('— Indirect fire —');
  await page.getByTestId('resolve-next').click();
  await expect(current).toHaveText(/Step 1 of \d+: Indirect fire/);
  await expect(log).toContainText('— Indirect fire —');
  await expect(log).not.toContainText('— Direct fire —');
  // N plays the next step, up to direct fire, where the shot shows its sight, cell, die and result.
  for (let k = 0; k < 6 && !/Direct fire/.test((await current.textContent()) ?? ''); k++) {
    const before = await current.textContent();
    await page.keyboard.press('n');
    await expect(current).not.toHaveText(before ?? '');
  }
  await expect(current).toHaveText(/Step \d+ of \d+: Direct fire/);
  const happened = page.getByTestId('resolve-happened');
  await expect(happened).toContainText(/DF Panzer IV 113 → T-34 no. 3: 11 hexes/);
  await expect(happened).toContainText(/cell .*; roll \d/);
  await expect(happened).toContainText(/Line of sight clear, 11 hexes/);
  await expect(happened).toContainText(/CRT row up to \d+ hexes \(range 11\), column \+2/);
  await expect(log).toContainText(/DF Panzer IV 113 → T-34 no. 3: 11 hexes/);
  await expect(log).not.toContainText('Panzer IV 112 moves');
  const shot = await happened.textContent();
  const stepDf = await current.textContent();
  await page.screenshot({ path: `${SHOTS}/02-step-direct-fire.png` });

  // Undo takes back one step: the shot leaves the log; playing the step again rolls the same die.
  await page.keyboard.press('Control+z');
  await expect(current).not.toHaveText(stepDf ?? '');
  await expect(log).not.toContainText('— Direct fire —');
  await page.keyboard.press('n');
  await expect(current).toHaveText(stepDf ?? '');
  await expect(happened).toHaveText(shot ?? '');

  // The next step moves the Panzer IV on the board and in the log; Resolve all plays the rest.
  await page.getByTestId('resolve-next').click();
  await expect(log).toContainText('Panzer IV 112 moves');
  await page.getByTestId('resolve-all').click();
  await expect(resolve).toBeHidden();
  await expect(page.getByTestId('turn')).toHaveText(/Turn 2/);
  await page.screenshot({ path: `${SHOTS}/03-resolved.png` });
  expect(errors).toEqual([]);
});

test('TANK! a mortar lays smoke: plotted by a click on a hex, it lands two turns later as a cloud on the board', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = pageErrors(page);
  await openPlaytest(page, CONTOUR_HILLS, { seed: 5 });
  await expect(page.getByTestId('playtest')).toHaveAttribute('data-board', 'hex');
  await page.getByLabel('Hand-over screen').uncheck();
  const log = page.getByTestId('playtest-log');
  const turn = page.getByTestId('turn');

  // Alpha holds; Bravo's mortar picks Smoke (SF) and clicks the hex.
  await page.getByTestId('end-phase').click();
  await page
    .getByTestId('prompt-plot')
    .getByRole('button', { name: /mortar/i })
    .click();
  await page.getByTestId('weapon-select').selectOption('SF');
  const [sx, sy] = await hexOnScreen(page, 14, 8);
  await page.mouse.move(sx, sy);
  await expect(page.getByTestId('los')).toBeVisible();
  await page.mouse.click(sx, sy);
  await expect(log).toContainText(/plots SF on 1509/);
  // Two turns resolved at once (Resolve all, then End turn), the third step by step.
  await page.getByTestId('end-phase').click();
  await page.getByTestId('resolve-all').click();
  await expect(turn).toHaveText(/Turn 2/);
  await page.keyboard.press('Control+Shift+Enter');
  await expect(turn).toHaveText(/Turn 3/);
  await page.getByTestId('end-phase').click();
  await page.getByTestId('end-phase').click();
  await page.keyboard.press('n');
  await expect(page.getByTestId('resolve-current')).toHaveText(/Indirect fire/);
  await expect(page.getByTestId('resolve-happened')).toContainText(/smoke lands on 1509/);
  await page.screenshot({ path: `${SHOTS}/04-smoke.png` });
  expect(errors).toEqual([]);
});

test('TANK! hot-seat behind the hand-over screen: the side that plays the steps is not told which unspotted enemy fired', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = pageErrors(page);
  await openPlaytest(page, CONTOUR_HILLS, { seed: 5 });
  await expect(page.getByTestId('playtest')).toHaveAttribute('data-board', 'hex');
  const handover = page.getByTestId('handover');

  // Alpha takes the device and plots the Panzer IV 113's shot at the T-34 no. 3.
  await handover.getByRole('button').click();
  await clickHex(page, 2, 10);
  const [tx, ty] = await hexOnScreen(page, 13, 11);
  await page.mouse.move(tx, ty);
  await expect(page.getByTestId('los')).toBeVisible();
  await page.mouse.click(tx, ty);
  await page.getByTestId('end-phase').click();
  // Bravo takes it, ends plotting and plays the steps up to direct fire.
  await expect(handover).toContainText('Bravo');
  await handover.getByRole('button').click();
  await page.getByTestId('end-phase').click();
  const current = page.getByTestId('resolve-current');
  for (let k = 0; k < 6 && !/Direct fire/.test((await current.textContent()) ?? ''); k++) {
    const before = (await current.textContent()) ?? '';
    await page.keyboard.press('n');
    await expect(current).not.toHaveText(before);
  }
  const happened = page.getByTestId('resolve-happened');
  await expect(happened).toContainText(/DF Unspotted vehicle → T-34 no. 3: 11 hexes/);
  await expect(happened).not.toContainText('Panzer IV');
  await expect(happened).not.toContainText('Line of sight');
  await expect(page.getByTestId('playtest-log')).not.toContainText('Panzer IV');
  await page.screenshot({ path: `${SHOTS}/05-bravo-sees-unspotted-firer.png` });
  expect(errors).toEqual([]);
});

test('TANK! infantry digs in from the unit panel by keyboard (EN, TC-4.8)', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = pageErrors(page);
  await openPlaytest(page, CONTOUR_HILLS);
  await expect(page.getByTestId('playtest')).toHaveAttribute('data-board', 'hex');
  await page.getByLabel('Hand-over screen').uncheck();
  // The phase panel lists each unit with its commands; the squad (Grenadiers) is offered EN.
  const dig = page
    .getByTestId('prompt-plot')
    .getByRole('button', { name: /Dig in here \(EN, 1 of \d turns\)/ })
    .first();
  await dig.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('playtest-log')).toContainText(/plots EN/);
  await page.screenshot({ path: `${SHOTS}/05-dig-in.png` });
  expect(errors).toEqual([]);
});
