import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where this spec leaves its screenshots, to be looked at. */
const SHOTS = join(tmpdir(), 'sandtable-bs-import-shots');
const bs = join(import.meta.dirname, '../engine/import/battlescribe/testdata');

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true });
  });
});

/** The test data set with one catalogue changed, written beside the game system in a new folder. */
function dataSet(change: (us: string) => string): { dir: string; us: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sandtable-bs-'));
  writeFileSync(join(dir, 'tanks.gst'), readFileSync(join(bs, 'tanks.gst')));
  const us = change(readFileSync(join(bs, 'us.cat'), 'utf8'));
  writeFileSync(join(dir, 'us.cat'), us);
  return { dir, us };
}

async function openImport(page: import('@playwright/test').Page, files: string[]) {
  await page.goto('/');
  await page
    .getByRole('button', { name: /your first game/i })
    .first()
    .click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.getByRole('tab', { name: /Catalog/ }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Import BattleScribe/ }).click();
  await page.getByRole('button', { name: 'Choose files…' }).click();
  await (await chooser).setFiles(files);
}

test('BattleScribe dialog: a refused value names the file, the element and the line', async ({
  page,
}) => {
  const { dir, us } = dataSet((t) =>
    t.replace(
      '<cost name="pts" typeId="ct-pts" value="30.0"/>',
      '<cost name="pts" typeId="ct-pts" value="5000000.0"/>',
    ),
  );
  const line = us.split('\n').findIndex((l) => l.includes('<selectionEntry id="se-m1"')) + 1;
  await openImport(page, [join(dir, 'tanks.gst'), join(dir, 'us.cat')]);
  const problems = page.locator('.import-problems');
  await expect(problems).toContainText(
    `us.cat at <selectionEntry name="M1 Abrams"> line ${line}: "M1 Abrams" cannot be imported`,
  );
  await expect(page.getByRole('button', { name: 'Add to this scenario' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/01-located-error.png` });
});

test('BattleScribe dialog: a crew card that costs -1 pts imports', async ({ page }) => {
  const { dir } = dataSet((t) =>
    t.replace(
      '</sharedSelectionEntries>',
      `  <selectionEntry id="se-green" name="Green Crew" hidden="false" collective="false" import="true" type="upgrade">
      <categoryLinks>
        <categoryLink id="l-green" name="Crew" hidden="false" targetId="cat-crew" primary="false"/>
      </categoryLinks>
      <costs>
        <cost name="pts" typeId="ct-pts" value="-1.0"/>
      </costs>
    </selectionEntry>
  </sharedSelectionEntries>`,
    ),
  );
  await openImport(page, [join(dir, 'tanks.gst'), join(dir, 'us.cat')]);
  await expect(page.getByTestId('bs-summary')).toContainText('3 crew');
  await page.screenshot({ path: `${SHOTS}/02-negative-cost.png` });
  await page.getByRole('button', { name: 'Add to this scenario' }).click();
  await expect(page.getByTestId('bs-done')).toContainText('Added');
});

test('TANKS: Your First Game has no turn limit, and the tracker says it ends after turn 10', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByRole('button', { name: /your first game/i })
    .first()
    .click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.keyboard.press('F5');
  await expect(page.getByRole('dialog', { name: 'Start a playtest' })).toBeVisible();
  await page.getByRole('button', { name: 'Start playtest' }).click();
  await expect(page.getByTestId('turn')).toHaveText('Turn 1 of 10');
  await page.screenshot({ path: `${SHOTS}/03-turn-of-10.png` });
});
