import { expect, test } from '@playwright/test';
import { openVillage } from './helpers';

/** Where this spec leaves its screenshots, to be looked at. */
const SHOTS = 'test-results/playtest-shots';

test('movement against the clock: the countdown pauses, and time up ends the side movement (TP-4.3)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A fake clock, so five minutes of play pass in a moment.
  await page.clock.install();
  await openVillage(page);
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.keyboard.press('F5');
  const setup = page.getByRole('dialog', { name: 'Start a playtest' });
  await expect(setup).toContainText('5:00 per side on the first turn (TP-4.3)');
  await page.getByTestId('clock').check();
  // The seed draws which side plays first on odd turns: with seed 1 it is side A.
  await page.getByTestId('seed').fill('1');
  await page.getByRole('button', { name: 'Start playtest' }).click();

  // The clock does not run while the device changes hands.
  const handover = page.getByTestId('handover');
  await expect(handover).toContainText('Pass the device to Side A');
  await page.clock.fastForward('01:00');
  await handover.getByRole('button').click();
  const clock = page.getByTestId('phase-clock');
  // The fake clock also runs in real time: on a loaded machine a second or more may pass between
  // the click and the check, but never the minute spent on the hand-over screen.
  const fresh = /5:00|4:5\d/;
  await expect(clock).toContainText(fresh);

  await page.clock.fastForward('04:00');
  await expect(clock).toContainText(/0:5\d|1:00/);
  await page.getByRole('button', { name: 'Pause the clock' }).click();
  const paused = await clock.textContent();
  await page.clock.fastForward('02:00');
  await expect(clock).toHaveText(paused!);
  await page.screenshot({ path: `${SHOTS}/10-movement-clock.png` });
  await page.getByRole('button', { name: 'Resume the clock' }).click();
  await page.clock.fastForward('01:05');

  const log = page.getByTestId('playtest-log');
  await expect(log).toContainText('Time is up for Side A (west)');
  await expect(handover).toContainText('Pass the device to Side B');
  await handover.getByRole('button').click();
  await expect(clock).toContainText(fresh);
  expect(errors).toEqual([]);
});
