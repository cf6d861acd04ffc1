import { expect, test } from '@playwright/test';
import { openVillage } from './helpers';

test('a name typed letter by letter is one undo step; the next field is another', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillage(page);
  const forces = page.getByTestId('forces-panel');
  await expect(forces).toBeVisible();
  const sideName = forces.getByLabel('Side name');
  const before = await sideName.inputValue();
  await sideName.click();
  await sideName.press('End');
  await page.keyboard.type(' Rangers', { delay: 30 });
  await expect(sideName).toHaveValue(`${before} Rangers`);
  const alliance = forces.getByLabel('Alliance');
  const allianceBefore = await alliance.inputValue();
  await alliance.click();
  await page.keyboard.type('Allies', { delay: 30 });
  await alliance.blur();

  await page.keyboard.press('Control+z');
  await expect(alliance).toHaveValue(allianceBefore);
  await expect(sideName).toHaveValue(`${before} Rangers`);
  await page.keyboard.press('Control+z');
  await expect(sideName).toHaveValue(before);
  expect(errors).toEqual([]);
});
