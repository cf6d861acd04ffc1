import { expect, test, type Page } from '@playwright/test';

/*
 * A person plays a bundled scenario of each ruleset against each kind of bot to the game's end:
 * a style, the random baseline and the strong bot at a low strength. The person's side ends its
 * turns (End turn) and the bot plays its own; screenshots along the way are for looking at.
 * Run by hand (walk.config.ts); WALK_SHOTS says where the screenshots go.
 */
const SHOTS = process.env.WALK_SHOTS ?? 'test-results/walk-shots';

interface Walk {
  readonly name: string;
  readonly button: RegExp;
  readonly notButton?: RegExp;
  readonly bot: { readonly side: string; readonly label: string; readonly strength?: string };
  readonly person: string;
  readonly seed: string;
}

const WALKS: readonly Walk[] = [
  {
    name: 'village-strong',
    button: /village/i,
    notButton: /artillery|mirrored/i,
    bot: { side: 'Side B (east)', label: 'Bot (strong)', strength: '1' },
    person: 'Side A (west)',
    seed: '4',
  },
  {
    name: 'tanks-style',
    button: /your first game/i,
    bot: { side: 'Soviet', label: 'Aggressive' },
    person: 'American',
    seed: '6',
  },
  {
    name: 'ww1-random',
    button: /Through the wire/,
    bot: { side: 'German', label: 'Random (baseline)' },
    person: 'British',
    seed: '2',
  },
  {
    name: 'ww1-strong',
    button: /Through the wire/,
    bot: { side: 'German', label: 'Bot (strong)', strength: '4' },
    person: 'British',
    seed: '3',
  },
  {
    name: 'tanks-terrain-strong',
    button: /terrain placed by the players/i,
    bot: { side: 'Soviet', label: 'Bot (strong)', strength: '2' },
    person: 'American',
    seed: '5',
  },
  {
    name: 'tank-strong',
    button: /contour hills/i,
    bot: { side: 'Bravo (Soviet)', label: 'Bot (strong)', strength: '1' },
    person: 'Alpha (German)',
    seed: '3',
  },
];

async function playToTheEnd(page: Page, w: Walk) {
  const over = page.getByTestId('active-side').filter({ hasText: 'Game over' });
  const endTurn = page.getByTestId('end-turn');
  const turn = page.getByTestId('turn');
  const played = page.getByText(/^live: \d+ actions?$/);
  let shots = 0;
  let lastTurn = '';
  for (let step = 0; step < 2000; step++) {
    if (await over.count()) return;
    const t = (await turn.textContent()) ?? '';
    if (t !== lastTurn) {
      lastTurn = t;
      // A screenshot every few turns, while the game goes on.
      if (/Turn (1|3|6|9|12|15|20) /.test(`${t} `))
        await page.screenshot({
          path: `${SHOTS}/${w.name}-${String(++shots).padStart(2, '0')}.png`,
        });
    }
    // The person's turn: end it. Otherwise wait for the bot to hand back, or the end.
    if (await endTurn.isEnabled()) {
      // The log's count of actions says the click did something, even when the same side is
      // asked again (TANK!: the person ends plotting, the bot plots, the person resolves).
      const before = await played.textContent();
      await endTurn.click();
      await expect(async () => {
        expect((await played.textContent()) !== before || (await over.count()) > 0).toBe(true);
      }).toPass({ timeout: 60_000 });
    } else
      await expect(async () => {
        expect((await endTurn.isEnabled()) || (await over.count()) > 0).toBe(true);
      }).toPass({ timeout: 180_000 });
  }
  throw new Error(`${w.name}: no end after 2000 steps`);
}

for (const w of WALKS)
  test(`${w.name}: a person against ${w.bot.label} to the game's end`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    const open = page.getByRole('button', { name: w.button });
    await (w.notButton ? open.filter({ hasNotText: w.notButton }) : open).first().click();
    await expect(page.getByTestId('table-view')).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('F5');
    const dialog = page.getByRole('dialog', { name: 'Start a playtest' });
    await expect(dialog).toBeVisible();
    await dialog
      .getByRole('combobox', { name: `${w.bot.side}: which bot` })
      .selectOption({ label: w.bot.label });
    if (w.bot.strength)
      await dialog
        .getByRole('combobox', { name: "Strong bot's strength" })
        .selectOption(w.bot.strength);
    await dialog.getByTestId('seed').fill(w.seed);
    await dialog.screenshot({ path: `${SHOTS}/${w.name}-00-setup.png` });
    const started = Date.now();
    await dialog.getByRole('button', { name: 'Start playtest' }).click();
    await expect(page.getByTestId('playtest')).toBeVisible();
    await playToTheEnd(page, w);
    await page.screenshot({ path: `${SHOTS}/${w.name}-99-end.png` });
    const result = await page.getByTestId('game-result').textContent();
    console.log(
      `${w.name}: ${result ?? '(no result panel)'} | ${await page.getByTestId('turn').textContent()} | ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    expect(errors).toEqual([]);
  });
