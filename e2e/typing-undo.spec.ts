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

test('a name typed while the page is busy is still one undo step; a real pause starts another', async ({
  page,
}) => {
  // On a loaded machine the page can be busy for seconds between two keys (an autosave, the
  // checks, a redraw, other programs), and the edits of a word typed in one go are applied
  // further apart than the typing merge window (2 s). Two such long tasks of 2.5 s land in the
  // word here: one right after the edit of 'Al', before the page has handled the key's release
  // (a test's next key waits for that, as keyboard.type waits for every key), and one that the
  // 'e' after 'Alli' waits behind in the page's queue (as a user's key press would; the event
  // keeps the time it was pressed). The word was typed in one go: it must be one undo step.
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillage(page);
  const forces = page.getByTestId('forces-panel');
  await expect(forces).toBeVisible();
  const alliance = forces.getByLabel('Alliance');
  const before = await alliance.inputValue();
  await alliance.click();
  await alliance.evaluate((field: HTMLInputElement) => {
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end) {
        // The page's main thread is taken, as by a long task.
      }
    };
    // Bubbling to the document: after the app's own handlers (React listens on the root).
    document.addEventListener('input', () => {
      if (field.value === 'Al') busy(2500);
    });
    // Capturing at the document: before the app sees the key.
    document.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'e' && field.value === 'Alli') busy(2500);
      },
      true,
    );
  });
  await page.keyboard.type('Allies', { delay: 30 });
  await expect(alliance).toHaveValue('Allies');
  // A pause of more than two seconds with the page idle: the next word is a step of its own.
  await page.waitForTimeout(2500);
  await page.keyboard.type(' East', { delay: 30 });
  await expect(alliance).toHaveValue('Allies East');
  await alliance.blur();

  await page.keyboard.press('Control+z');
  await expect(alliance).toHaveValue('Allies');
  await page.keyboard.press('Control+z');
  await expect(alliance).toHaveValue(before);
  expect(errors).toEqual([]);
});
