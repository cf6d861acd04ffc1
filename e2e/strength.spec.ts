import { expect, test } from '@playwright/test';
import { openPlaytestSetup, pageErrors, startPlaytest, YOUR_FIRST_GAME } from './playtestSetup';

/** Where this spec leaves its screenshots, to be looked at. */
const SHOTS = process.env.STRENGTH_SHOTS ?? 'test-results/strength-shots';

/*
 * The strong bot's strength (issue 39, item 3): offered when a side has the strong bot, each
 * choice with its cost in words, reached by keyboard, and played at: the thinking bar and the
 * bot's own explanation name it. The lab offers the same choice.
 */
test("the strong bot's strength is chosen in the set-up, shown while it thinks, and offered in the lab", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = pageErrors(page);
  const dialog = await openPlaytestSetup(page, YOUR_FIRST_GAME);

  // No strong bot, no strength to choose.
  const strength = dialog.getByRole('combobox', { name: "Strong bot's strength" });
  await expect(strength).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Soviet: which bot' }).selectOption({
    label: 'Bot (strong)',
  });
  await expect(strength).toBeVisible();
  // Five strengths, quickest first, each saying what a side turn costs; the default is 4.
  const options = strength.locator('option');
  await expect(options).toHaveCount(5);
  await expect(options.first()).toHaveText(/^1 quick: about 0\.1 s a side turn$/);
  await expect(options.last()).toHaveText(/^5 strongest: 2 s a side turn/);
  await expect(strength).toHaveValue('4');
  // By keyboard: focus it and step down to the quickest.
  await strength.focus();
  await expect(strength).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
  await expect(strength).toHaveValue('1');
  await startPlaytest(dialog, {
    bots: { American: 'Cautious' },
    seed: 3,
    shot: `${SHOTS}/01-setup-strength.png`,
  });

  // Its turns are played at that strength: the bot says so where it explains a turn.
  // (Its first turns, deploying its one tank, have nothing to weigh.)
  const weighed = page
    .getByTestId('bot-why')
    .filter({ hasText: 'Bot (strong)' })
    .filter({ hasText: /weighed \d+ side turns/ })
    .first();
  await expect(weighed).toBeAttached({ timeout: 45_000 });
  await weighed.locator('summary').click();
  await expect(weighed).toContainText('(strength quick)');
  await page.screenshot({ path: `${SHOTS}/02-played-at-quick.png` });

  // The lab offers the same choice once a side has the strong bot, with its cost there.
  await page.getByTestId('back-to-editor').click();
  await page.keyboard.press('Shift+F5');
  const lab = page.getByTestId('lab');
  await expect(lab).toBeVisible();
  const labStrength = lab.getByRole('combobox', { name: "Strong bot's strength" });
  await expect(labStrength).toHaveCount(0);
  await lab.getByRole('combobox', { name: 'Bot style for Soviet' }).selectOption({
    label: 'Bot (strong)',
  });
  await expect(labStrength).toBeVisible();
  await expect(labStrength).toHaveValue('2');
  await expect(lab).toContainText('no 2 s limit in the lab');
  await lab.screenshot({ path: `${SHOTS}/03-lab-strength.png` });
  expect(errors).toEqual([]);
});
