import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { HexMap } from '../engine/format/types';
import { hexGrid } from '../engine/hex';
import { hexBoard } from './playtestBoard';

/** Where this spec leaves its screenshots, one per step, to be looked at. */
const SHOTS = process.env.WW1_SHOTS ?? 'test-results/ww1-shots';
const wire = JSON.parse(readFileSync('scenarios/ww1-wire.scenario.json', 'utf8')) as {
  map: HexMap;
};
const grid = hexGrid(wire.map);

const { hexOnScreen, clickHex } = hexBoard(grid);

async function openWire(page: Page, germanBot: boolean) {
  await page.goto('/');
  await page.getByRole('button', { name: /Through the wire/ }).click();
  await expect(page.getByTestId('doc-title')).toContainText(/Through the wire/);
  await page.keyboard.press('F5');
  await expect(page.getByRole('dialog', { name: 'Start a playtest' })).toBeVisible();
  if (germanBot) await page.getByLabel('German bot').check();
  await page.getByTestId('seed').fill('1');
  await page.getByRole('button', { name: 'Start playtest' }).click();
  await expect(page.getByTestId('playtest')).toHaveAttribute('data-board', 'hex');
}

test('WWI hot-seat on ww1-wire: a card from the hand, orders in its section, a tank through the wire, a battle', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openWire(page, false);
  // Two people at one device: the British take it first and see only their hand.
  await expect(page.getByTestId('handover')).toContainText('Pass the device to British');
  await page.getByRole('button', { name: 'I am British: show my view' }).click();
  const hand = page.getByTestId('prompt-cards');
  await expect(hand.locator('.pt-card')).toHaveCount(6);
  await expect(hand).toContainText('(combat card)');
  await page.screenshot({ path: `${SHOTS}/01-hand.png` });

  // The seeded hand holds Probe centre: it orders up to 2 units in the centre, which light up.
  await hand.locator('[data-card^="ww1.card.probeCentre"] button').first().click();
  const orders = page.getByTestId('prompt-orders');
  await expect(orders).toContainText('Probe centre: order up to 2 units in centre');
  await orders
    .getByRole('listitem')
    .filter({ hasText: 'Male tank D1' })
    .getByRole('button', { name: 'Order' })
    .click();
  await expect(page.getByTestId('playtest-log')).toContainText('Ordered: Male tank D1');
  await orders
    .getByRole('listitem')
    .filter({ hasText: 'C Company' })
    .getByRole('button', { name: 'Order' })
    .click();
  await expect(page.getByTestId('playtest-log')).toContainText('Ordered: C Company');
  await page.screenshot({ path: `${SHOTS}/02-ordered.png` });
  await page.getByTestId('end-phase').click();

  // Move: the male tank (4,7) to 4,6, then on the next turn it could crush the wire.
  await clickHex(page, 4, 7);
  await clickHex(page, 4, 6);
  await expect(page.getByTestId('playtest-log')).toContainText('Male tank D1 moves to 0507');
  await page.getByTestId('end-phase').click();
  await expect(page.getByTestId('phase-tracker')).toContainText('Battle');
  // C Company (0607) fires at the 3rd Company in its trench (0703), 4 hexes: the preview gives
  // the dice, the trench's flag ignore and the exact odds; a click rolls the battle dice.
  await clickHex(page, 5, 6);
  const [tx, ty] = await hexOnScreen(page, 6, 2);
  await page.mouse.move(tx, ty);
  await expect(page.getByTestId('fire-preview')).toContainText('Battle dice');
  await expect(page.getByTestId('fire-preview')).toContainText('Trench (terrain)');
  await expect(page.getByTestId('odds')).toContainText('1 hit');
  await page.screenshot({ path: `${SHOTS}/03-battle.png` });
  await page.mouse.click(tx, ty);
  await expect(page.getByTestId('playtest-log')).toContainText(
    /C Company: fires at 3rd Company, 1 dice: \w+/,
  );
  await page.getByTestId('end-phase').click();

  // The Germans take the device: their hand, not the British one.
  await page.getByRole('button', { name: 'I am German: show my view' }).click();
  await expect(page.getByTestId('prompt-cards').locator('.pt-card').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/04-german-hand.png` });
  // The Germans play a card and pass; the British tank then crushes the wire at 0406.
  await page.getByTestId('prompt-cards').locator('.pt-card button:not([disabled])').first().click();
  for (let i = 0; i < 3; i++) await page.getByTestId('end-phase').click();
  await page.getByRole('button', { name: 'I am British: show my view' }).click();
  await page
    .getByTestId('prompt-cards')
    .locator('[data-card^="ww1.card.attackCentre"] button')
    .first()
    .click();
  await page
    .getByTestId('prompt-orders')
    .getByRole('listitem')
    .filter({ hasText: 'Male tank D1' })
    .getByRole('button', { name: 'Order' })
    .click();
  await page.getByTestId('end-phase').click();
  await clickHex(page, 4, 6);
  await clickHex(page, 3, 5);
  await expect(page.getByTestId('playtest-log')).toContainText(
    'The wire at 0406 is crushed by a tank and gone',
  );
  await page.screenshot({ path: `${SHOTS}/06-wire-gone.png` });
  expect(errors).toEqual([]);
});

test('WWI against the bot: the German bot plays its card, orders and battles', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openWire(page, true);
  const hand = page.getByTestId('prompt-cards');
  await hand.locator('.pt-card button:not([disabled])').first().click();
  // Order nobody, move nobody, no battle: the turn passes to the bot.
  for (const phase of ['Order units', 'Move', 'Battle']) {
    await expect(page.getByTestId('phase-tracker')).toContainText(phase);
    await page.getByTestId('end-phase').click();
  }
  const log = page.getByTestId('playtest-log');
  await expect(log).toContainText(/German plays /);
  await expect(log).toContainText(/German ends the turn; British to play/);
  // The bot's hand stays hidden: only the British hand is offered.
  await expect(page.getByTestId('prompt-cards').locator('.pt-card')).toHaveCount(6);
  await page.screenshot({ path: `${SHOTS}/05-after-bot.png` });
  expect(errors).toEqual([]);
});
