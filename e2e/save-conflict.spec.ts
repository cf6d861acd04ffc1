import { expect, test, type Page } from '@playwright/test';
import { openVillage } from './helpers';

/**
 * Honest saves in the browser build: a file saved through the File System Access API and then
 * changed by someone else is not overwritten silently. The save picker is the browser's own
 * origin-private file system (a real FileSystemFileHandle), standing in for a folder the person
 * picked; "someone else" writes the same file through another handle.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as {
      showSaveFilePicker: (o: { suggestedName: string }) => Promise<unknown>;
      __picked: string[];
    };
    w.__picked = [];
    w.showSaveFilePicker = async ({ suggestedName }) => {
      w.__picked.push(suggestedName);
      const root = await navigator.storage.getDirectory();
      return root.getFileHandle(suggestedName, { create: true });
    };
  });
});

/** The text of a file in the picked folder. */
const readFile = (page: Page, name: string) =>
  page.evaluate(async (n) => {
    const root = await navigator.storage.getDirectory();
    return (await (await root.getFileHandle(n)).getFile()).text();
  }, name);

/** Another program writing the file. */
const writeElsewhere = (page: Page, name: string, text: string) =>
  page.evaluate(
    async ([n, t]) => {
      const root = await navigator.storage.getDirectory();
      const w = await (await root.getFileHandle(n!)).createWritable();
      await w.write(t!);
      await w.close();
    },
    [name, text] as const,
  );

const picked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __picked: string[] }).__picked);

async function saveFirstTime(page: Page): Promise<string> {
  await openVillage(page);
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('notice')).toContainText(/^Saved /, { timeout: 15_000 });
  const [name] = await picked(page);
  expect(name).toMatch(/\.json$/);
  expect(JSON.parse(await readFile(page, name!))).toMatchObject({ meta: expect.anything() });
  return name!;
}

test('a file changed on disk is not overwritten: the person saves beside it', async ({ page }) => {
  const name = await saveFirstTime(page);
  await writeElsewhere(page, name, '{"theirs":true}');
  await page.keyboard.press('Control+s');
  const dialog = page.getByRole('dialog', { name: `${name} changed on disk` });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText('Nothing has been written yet');
  await page.screenshot({ path: 'test-results/save-conflict.png' });
  await dialog.getByRole('button', { name: 'Save beside it' }).click();
  const beside = name.replace(/(\.scenario)?\.json$/, ' (2)$&');
  await expect(page.getByTestId('notice')).toContainText(`Saved beside it as ${beside}`);
  expect(await readFile(page, name)).toBe('{"theirs":true}');
  expect(JSON.parse(await readFile(page, beside))).toMatchObject({ meta: expect.anything() });
  expect(await picked(page)).toEqual([name, beside]);
  await expect(page.getByTestId('doc-title')).toContainText(beside);
});

test('a file changed on disk: Overwrite replaces it, Cancel leaves it', async ({ page }) => {
  const name = await saveFirstTime(page);
  await writeElsewhere(page, name, '{"theirs":1}');
  await page.keyboard.press('Control+s');
  const dialog = page.getByRole('dialog', { name: `${name} changed on disk` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('notice')).toContainText(
    `Not saved: ${name} changed on disk and was left as it is`,
  );
  expect(await readFile(page, name)).toBe('{"theirs":1}');
  await page.keyboard.press('Control+s');
  await dialog.getByRole('button', { name: 'Overwrite' }).click();
  await expect(page.getByTestId('notice')).toContainText(
    `Saved ${name}, replacing the version that changed on disk`,
  );
  expect(JSON.parse(await readFile(page, name))).toMatchObject({ meta: expect.anything() });
  // Saved over it: the next save is an ordinary one.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('notice')).toHaveText(`Saved ${name}`);
  await expect(dialog).toHaveCount(0);
  expect(await picked(page)).toEqual([name]);
});
