import { expect, test } from '@playwright/test';
import {
  CONTOUR_HILLS,
  openPlaytestSetup,
  pageErrors,
  startPlaytest,
  YOUR_FIRST_GAME,
} from './playtestSetup';

/** Where this spec leaves its screenshots, to be looked at. */
const SHOTS = process.env.BOTS_SHOTS ?? 'test-results/bots-shots';

test('the strong bot thinks with progress, can be stopped, and says what it weighed; a style says why', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = pageErrors(page);
  const dialog = await openPlaytestSetup(page, YOUR_FIRST_GAME);

  // Each side's bot is a list beside its Bot button, reached by keyboard: picking one gives the
  // side to that bot.
  const sov = dialog.getByRole('combobox', { name: 'Soviet: which bot' });
  await sov.focus();
  await sov.selectOption({ label: 'Bot (strong)' });
  await expect(dialog.getByRole('radio', { name: 'Soviet bot' })).toBeChecked();
  await expect(sov.locator('option')).toHaveText([
    'Cautious',
    'Balanced',
    'Aggressive',
    'Random (baseline)',
    'Bot (strong)',
  ]);
  const usa = dialog.getByRole('combobox', { name: 'American: which bot' });
  await usa.selectOption({ label: 'Cautious' });
  await expect(dialog.getByRole('radio', { name: 'American bot' })).toBeChecked();
  // The Bot label stays on its button's line with the list beside it.
  const radio = dialog.getByRole('radio', { name: 'Soviet bot' });
  const label = dialog.locator('label', {
    has: page.getByRole('radio', { name: 'Soviet bot' }),
  });
  expect((await label.boundingBox())!.height).toBeLessThan(
    (await radio.boundingBox())!.height * 2.2,
  );
  await startPlaytest(dialog, { seed: 7, shot: `${SHOTS}/01-setup.png` });

  // The strong bot thinks on its worker: a progress bar, and the board still answers.
  const thinking = page.getByTestId('bot-thinking');
  await expect(thinking).toBeVisible();
  await expect(thinking).toContainText(/Bot \(strong\) thinking for Soviet… \d+%/);
  await expect(thinking.getByRole('progressbar', { name: 'Bot thinking' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/02-thinking.png` });
  // Stop (Esc) plays the best turn found so far, and its explanation says it was stopped. A
  // search can end by itself before the key arrives, so this waits for the next one then.
  const why = page.getByTestId('bot-why');
  const strong = why.filter({ hasText: 'Bot (strong)' });
  const stopped = strong.filter({ hasText: /stopped after \d+ of \d+ games/ });
  await expect(async () => {
    await expect(thinking).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(stopped).not.toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await stopped.first().locator('summary').click();
  await expect(stopped.first().getByTestId('bot-candidates')).toBeVisible();

  // A turn it thought through opens to its reasons and the turns it weighed with their scores.
  const full = strong.filter({ hasNotText: 'stopped' }).first();
  // A whole search of strength 4 can take tens of seconds on a loaded machine (load 15 seen).
  await expect(full).toBeAttached({ timeout: 45_000 });
  await full.locator('summary').click();
  const weighed = full.getByTestId('bot-candidates');
  await expect(weighed).toBeVisible();
  await expect(weighed.locator('tbody tr').first()).toContainText('✓');
  expect(await weighed.locator('tbody tr').count()).toBeGreaterThan(1);
  await expect(full).toContainText(/weighed \d+ side turns over \d+ games/);
  await expect(full).toContainText(/thought for \d+\.\d s/);
  await page.screenshot({ path: `${SHOTS}/03-explained.png` });

  // The cautious American bot's turns say why, where the TANKS bot gives reasons.
  // By its heading: the strong bot's own account can name the Cautious style among its plans.
  const cautious = why.filter({
    has: page.locator('summary', { hasText: "American's bot played this turn: Cautious" }),
  });
  await expect(cautious.first()).toBeAttached({ timeout: 20_000 });
  await cautious.first().locator('summary').click();
  await expect(cautious.first().locator('li').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/04-style-notes.png` });
  expect(errors).toEqual([]);
});

test("the strong bot reads the other side's style from its turns and says so", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = pageErrors(page);
  const dialog = await openPlaytestSetup(page, CONTOUR_HILLS);
  await dialog.getByRole('combobox', { name: /^Alpha.*: which bot/ }).selectOption({
    label: 'Bot (strong)',
  });
  await dialog.getByRole('combobox', { name: /^Bravo.*: which bot/ }).selectOption({
    label: 'Aggressive',
  });
  // The quickest strength: the reading is the same at every strength.
  await dialog.getByTestId('search-strength').selectOption({ index: 0 });
  await startPlaytest(dialog, { seed: 5 });
  // From Alpha's second turn on, Bravo's turns so far are the aggressive bot's.
  const read = page
    .getByTestId('bot-why')
    .filter({ hasText: 'Bot (strong)' })
    .filter({ hasText: /as the aggressive bot would/ });
  await expect(read.first()).toBeAttached({ timeout: 120_000 });
  await read.first().locator('summary').click();
  await expect(read.first()).toContainText(
    'the other side played its last turns as the aggressive bot would',
  );
  await page.screenshot({ path: `${SHOTS}/05-style-read.png` });
  expect(errors).toEqual([]);
});
