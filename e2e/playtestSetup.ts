import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opening a bundled scenario's playtest, as the playtest specs all begin: the scenario from the
 * welcome screen, its set-up dialog, the sides' bots and the seed, then Start.
 */

/** A bundled scenario as the welcome screen lists it: its name, and words of variants to skip. */
export interface WelcomeScenario {
  readonly name: RegExp;
  readonly skip?: RegExp;
}

export const YOUR_FIRST_GAME: WelcomeScenario = { name: /your first game/i };
export const CONTOUR_HILLS: WelcomeScenario = { name: /contour hills/i };
/** The plain Tankplank village, not its artillery or mirrored variant. */
export const VILLAGE: WelcomeScenario = { name: /village/i, skip: /artillery|mirrored/i };

/** The page's uncaught errors from now on, for the test's last check (`expect(errors).toEqual([])`). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Opens a bundled scenario from the welcome screen and its playtest set-up (F5); returns the
 * set-up dialog. The first document a run opens can take long on a loaded machine: it waits for
 * the scenario to be open before pressing F5.
 */
export async function openPlaytestSetup(page: Page, scenario: WelcomeScenario): Promise<Locator> {
  await page.goto('/');
  const buttons = page.getByRole('button', { name: scenario.name });
  await (scenario.skip ? buttons.filter({ hasNotText: scenario.skip }) : buttons).first().click();
  await expect(page.getByTestId('doc-title')).toContainText(scenario.name, { timeout: 30_000 });
  await page.keyboard.press('F5');
  const dialog = page.getByRole('dialog', { name: 'Start a playtest' });
  await expect(dialog).toBeVisible();
  return dialog;
}

export interface PlaytestChoices {
  /** A bot for a side, by the side's name and the bot's label: `{ Soviet: 'Cautious' }`. */
  readonly bots?: Readonly<Record<string, string>>;
  readonly seed?: number;
  /** Where to save a screenshot of the filled-in dialog, to be looked at. */
  readonly shot?: string;
}

/** Picks the bots and the seed in the set-up dialog and starts the playtest. */
export async function startPlaytest(dialog: Locator, choices: PlaytestChoices = {}): Promise<void> {
  for (const [side, bot] of Object.entries(choices.bots ?? {}))
    await dialog.getByRole('combobox', { name: `${side}: which bot` }).selectOption({ label: bot });
  if (choices.seed !== undefined) await dialog.getByTestId('seed').fill(String(choices.seed));
  if (choices.shot) await dialog.screenshot({ path: choices.shot });
  await dialog.getByRole('button', { name: 'Start playtest' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens a bundled scenario's playtest with these choices. */
export async function openPlaytest(
  page: Page,
  scenario: WelcomeScenario,
  choices: PlaytestChoices = {},
): Promise<void> {
  await startPlaytest(await openPlaytestSetup(page, scenario), choices);
}
