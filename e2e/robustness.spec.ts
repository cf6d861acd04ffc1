import { expect, test, type Page } from '@playwright/test';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serializeDocument } from '../engine/format/saver';
import { generateTable } from '../bench/generateTable';

/**
 * Files from strangers: a big table opens without waiting for its checks, which run in a worker
 * of their own with progress and a Stop button; bytes that are not UTF-8 are refused at their
 * offset rather than mended.
 */

async function openFile(page: Page, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'File' }).click();
  await page.getByRole('menuitem', { name: /^Open/ }).click();
  await (await chooser).setFiles(path);
}

test('a big table opens at once; its checks run apart, show how far they are and can be stopped', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // One file per attempt below, so the title tells each opening from the one before; in this
  // test's own folder, so copies of the test running side by side never read a half-written one.
  const big = serializeDocument(generateTable(60_000));
  const fileFor = (attempt: number) => {
    const file = test.info().outputPath(`sandtable-e2e-big-${attempt}.scenario.json`);
    writeFileSync(file, big);
    return file;
  };
  await page.goto('/');
  await page.getByRole('button', { name: 'New table' }).click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  page.on('dialog', (d) => void d.accept());
  const status = page.getByTestId('checks-progress');
  const problemsTab = page.getByRole('tab', { name: /Problems/ });
  // The Problems tab is open before the file, and stays open when the file opens, so the checks'
  // status shows from their first step.
  await problemsTab.click();
  // Every text the status shows is recorded in the page: under load the checks can run their
  // course between two of the test's looks, and what was shown must not depend on catching it.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { checksSeen: string[] }).checksSeen = seen;
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid="checks-progress"]');
      const text = el
        ? `${el.textContent ?? ''}${el.querySelector('progress') ? ' [bar]' : ''}`
        : '';
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // Once the page has drawn the table, this table's checks take a second or two; on a busy
  // machine they can end before a click reaches the Stop button, so the file is opened again
  // (new checks) until a click stops them, at most four times.
  const stopButton = status.getByRole('button', { name: 'Stop' });
  const checked = page.getByTestId('problems-status').filter({ hasText: /error\(s\)/ });
  const attempts = 4;
  let stopped = false;
  for (let attempt = 1; attempt <= attempts && !stopped; attempt++) {
    const file = fileFor(attempt);
    await openFile(page, file);
    // The document is open (no "Opening…") while its checks are still running.
    await expect(page.getByTestId('doc-title')).toContainText(`sandtable-e2e-big-${attempt}`, {
      timeout: 120_000,
    });
    rmSync(file);
    await expect(problemsTab).toHaveAttribute('aria-selected', 'true');
    // Under load (the lab's workers busy beside this test) the checks can take many seconds to
    // start: wait for their Stop button, or for their list if they ended first.
    await expect(stopButton.or(checked)).toBeVisible({ timeout: 60_000 });
    stopped =
      (await stopButton.isVisible()) &&
      (await stopButton.click({ timeout: 5_000 }).then(
        () => true,
        () => false,
      ));
    if (!stopped)
      console.log(
        `attempt ${attempt} of ${attempts}: the checks ended before Stop was clicked; opening the file again`,
      );
  }
  expect(stopped).toBe(true);
  await expect(status).toContainText('Checks stopped');
  // They showed how far they were, with a bar.
  const seen = await page.evaluate(
    () => (window as unknown as { checksSeen: string[] }).checksSeen,
  );
  expect(
    seen.some((t) => /Checking .*\d+%.*\[bar\]/.test(t)),
    seen.join(' | '),
  ).toBe(true);
  await page
    .getByTestId('problems-panel')
    .screenshot({ path: test.info().outputPath('checks-stopped.png') });
  // Stopped means stopped: no run starts again by itself.
  await page.waitForTimeout(1500);
  await expect(status).toContainText('Checks stopped');
  await status.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByTestId('problems-status')).toContainText(/error|warning/, {
    timeout: 120_000,
  });
  await expect(
    page.getByTestId('problems-panel').locator('[data-check="overlap"]').first(),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test('a file that is not UTF-8 is refused at its byte, not mended', async ({ page }) => {
  const file = join(tmpdir(), 'sandtable-e2e-latin1.scenario.json');
  const text = serializeDocument(generateTable(3)).replace('"title": "', '"title": "Caf\u00e9 ');
  writeFileSync(file, Buffer.from(text, 'latin1'));
  const at = Buffer.from(text, 'latin1').indexOf(0xe9);
  await page.goto('/');
  await page.getByRole('button', { name: 'New table' }).click();
  await openFile(page, file);
  const dialog = page.getByRole('dialog', { name: /could not be opened/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Problems')).toContainText(`not valid UTF-8 text: at byte ${at}`);
});
