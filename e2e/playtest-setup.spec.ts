import { expect, test } from '@playwright/test';
import { openVillage, tableToScreen } from './helpers';

test('the playtest dialog says where each side really starts; Bot stays beside its button', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillage(page);
  await page.getByRole('tab', { name: 'Forces' }).click();

  // Nothing placed yet: Side B enters from its edge, said once, without a doubled space.
  await page.keyboard.press('F5');
  const dialog = page.getByRole('dialog', { name: 'Start a playtest' });
  const b = dialog.getByTestId('deployment-b');
  await expect(b).toContainText('enters from edge B (east)');
  expect(await b.textContent()).not.toMatch(/ {2}/);

  // The Bot label and its radio button share a line.
  const radio = dialog.getByRole('radio', { name: 'Side A (west) bot' });
  const label = dialog.locator('label', {
    has: page.getByRole('radio', { name: 'Side A (west) bot' }),
  });
  const rb = (await radio.boundingBox())!;
  const lb = (await label.boundingBox())!;
  expect(lb.height).toBeLessThan(rb.height * 2.2);
  await dialog.screenshot({ path: 'test-results/shots/playtest-setup-before.png' });
  await dialog.getByRole('button', { name: 'Back to editor' }).click();

  // Side A deployed into a zone along its edge: the dialog says it starts on the table.
  await page.getByRole('button', { name: 'Deployment zone' }).click();
  await page.mouse.click(...(await tableToScreen(page, 0.5, 12)));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Shift+A');
  await expect(page.getByRole('status')).toContainText(/Auto-deploy: \d+ units of Side A/);
  await page.keyboard.press('F5');
  await expect(dialog.getByTestId('deployment-a')).toContainText(
    /all \d+ units start on the table where the scenario places them/,
  );
  await expect(dialog.getByTestId('deployment-a')).not.toContainText('starts off the table');
  await expect(dialog.getByTestId('deployment-b')).toContainText('enters from edge B (east)');
  await dialog.screenshot({ path: 'test-results/shots/playtest-setup-placed.png' });

  // And the game does start them there: Side A's units are on the table in turn 1.
  await dialog.getByRole('button', { name: 'Start playtest' }).click();
  await expect(page.getByTestId('playtest')).toBeVisible();
  // Zoomed in on Side A's men: a Rifleman and a Radioman carry different letters.
  await page.getByTestId('handover').getByRole('button').click();
  const board = page.getByTestId('playtest').locator('canvas').first();
  const bb = (await board.boundingBox())!;
  await page.mouse.move(bb.x + 40, bb.y + bb.height / 2);
  for (let i = 0; i < 2; i++) await page.mouse.wheel(0, -240);
  await page.screenshot({ path: 'test-results/shots/playtest-glyphs.png' });
  expect(errors).toEqual([]);
});
