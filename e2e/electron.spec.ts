/**
 * The desktop app, driven through Playwright's Electron support. Runs where the Electron binary is
 * installed; where its download was skipped (CI here) the Electron tests are skipped with the
 * reason printed. The first test needs no Electron: it runs the renderer in Chromium under the
 * exact policy the desktop app serves, so a CSP regression shows on every machine.
 */
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY, desktopIndexHtml } from '../electron/core/appProtocol';
import type { SandtableApi } from '../electron/core/ipcContract';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');

test('the renderer runs under the desktop app’s Content-Security-Policy', async ({ page }) => {
  const violations: string[] = [];
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    await route.fulfill({
      response,
      body: desktopIndexHtml(await response.text()),
      headers: { ...response.headers(), 'content-security-policy': CONTENT_SECURITY_POLICY },
    });
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp?: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  await page.goto('/');
  await expect(page.getByTestId('table-view').or(page.locator('#root > *').first())).toBeVisible();
  // Give lazy chunks and the format worker a moment to load under the policy.
  await page.waitForTimeout(1000);
  violations.push(
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  );
  expect(violations).toEqual([]);
  expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
});

/** The Electron binary's path, or why there is none. */
function electronBinary(): { path: string } | { reason: string } {
  try {
    const binary = require('electron') as unknown;
    if (typeof binary === 'string' && existsSync(binary)) return { path: binary };
    return { reason: `the Electron binary is not at ${String(binary)}` };
  } catch (error) {
    return {
      reason: `the Electron binary is not installed (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); installs with ELECTRON_SKIP_BINARY_DOWNLOAD=1 have only its types`,
    };
  }
}

test.describe('desktop app (Electron)', () => {
  const found = electronBinary();
  const binary = 'path' in found ? found.path : '';
  if ('reason' in found) {
    console.log(`e2e/electron.spec.ts: skipping the Electron tests: ${found.reason}.`);
  }
  test.skip('reason' in found, 'reason' in found ? found.reason : '');

  let userData: string;
  let docs: string;
  const launch = async (args: string[] = []): Promise<ElectronApplication> =>
    electron.launch({
      executablePath: binary,
      args: [root, ...args],
      cwd: root,
      env: { ...process.env, SANDTABLE_USER_DATA: userData } as Record<string, string>,
    });

  test.beforeAll(() => {
    // The renderer is built by the e2e script; main and preload are bundled here.
    execFileSync(process.execPath, ['scripts/buildElectron.mjs'], { cwd: root, stdio: 'inherit' });
  });

  test.beforeEach(async () => {
    userData = await fs.mkdtemp(path.join(os.tmpdir(), 'sandtable-e2e-user-'));
    docs = await fs.mkdtemp(path.join(os.tmpdir(), 'sandtable-e2e-docs-'));
  });

  test.afterEach(async () => {
    await fs.rm(userData, { recursive: true, force: true });
    await fs.rm(docs, { recursive: true, force: true });
  });

  test('the page is sandboxed: no Node, no ipcRenderer, no new windows, no eval', async () => {
    const app = await launch();
    const page = await app.firstWindow();
    const probe = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown> & { sandtable: SandtableApi };
      let evalBlocked = false;
      try {
        new Function('return 1')();
      } catch {
        evalBlocked = true;
      }
      return {
        require: typeof w.require,
        process: typeof w.process,
        kind: w.sandtable.kind,
        keys: Object.keys(w.sandtable),
        opened: window.open('https://example.org') === null,
        evalBlocked,
        url: location.href,
      };
    });
    expect(probe).toMatchObject({
      require: 'undefined',
      process: 'undefined',
      kind: 'electron',
      opened: true,
      evalBlocked: true,
    });
    expect(probe.url).toMatch(/^app:\/\/sandtable\//);
    expect(probe.keys.join(',')).not.toMatch(/ipc/i);
    expect(app.windows()).toHaveLength(1);
    await app.close();
  });

  test('main refuses a malformed IPC payload with a clear error', async () => {
    const app = await launch();
    const page = await app.firstWindow();
    const message = await page.evaluate(() =>
      (window as unknown as { sandtable: { openRecent(p: unknown): Promise<unknown> } }).sandtable
        .openRecent(42)
        .then(
          () => 'accepted',
          (e: Error) => e.message,
        ),
    );
    expect(message).toMatch(/IPC file:openRecent refused: argument 1 must be string/);
    await app.close();
  });

  test('saves atomically with a backup, and reports a change on disk as a conflict', async () => {
    const app = await launch();
    const page = await app.firstWindow();
    const target = path.join(docs, 'village.scenario.json');
    await app.evaluate(({ dialog }, file) => {
      dialog.showSaveDialog = (async () => ({ canceled: false, filePath: file })) as never;
    }, target);
    const save = (text: string, p?: string, extra: Record<string, unknown> = {}) =>
      page.evaluate(
        ([t, f, x]) =>
          (window as unknown as { sandtable: SandtableApi }).sandtable.saveFile(t!, {
            suggestedName: 'village',
            ...(f ? { path: f } : {}),
            ...(x as object),
          }),
        [text, p, extra] as const,
      );
    expect(await save('{"v":1}')).toEqual({ path: target, name: 'village.scenario.json' });
    expect(await save('{"v":2}', target)).toMatchObject({ path: target });
    expect(await fs.readFile(target, 'utf8')).toBe('{"v":2}');
    expect(await fs.readFile(`${target}.bak`, 'utf8')).toBe('{"v":1}');
    await fs.writeFile(target, '{"v":"theirs"}');
    // Nothing is written; the page is told, to ask the person (save beside it, or overwrite).
    const conflict = (await save('{"v":3}', target)) as { conflict: true; onDisk: string };
    expect(conflict).toMatchObject({ conflict: true, path: target, name: 'village.scenario.json' });
    expect(await fs.readFile(target, 'utf8')).toBe('{"v":"theirs"}');
    expect(await save('{"v":3}', target, { overwrite: conflict.onDisk })).toMatchObject({
      path: target,
    });
    expect(await fs.readFile(target, 'utf8')).toBe('{"v":3}');
    expect(await fs.readFile(`${target}.bak`, 'utf8')).toBe('{"v":"theirs"}');
    await app.close();
  });

  test('refuses to write a path the user never picked', async () => {
    const app = await launch();
    const page = await app.firstWindow();
    const outside = path.join(docs, 'not-picked.scenario.json');
    const message = await page.evaluate(
      (p) =>
        (window as unknown as { sandtable: SandtableApi }).sandtable
          .saveFile('x', { path: p, suggestedName: 'x' })
          .then(
            () => 'accepted',
            (e: Error) => e.message,
          ),
      outside,
    );
    expect(message).toMatch(/is not a file this window opened/);
    expect(existsSync(outside)).toBe(false);
    await app.close();
  });

  test('opens a file named on the command line and lists it as recent', async () => {
    const file = path.join(docs, 'argv.scenario.json');
    await fs.copyFile(path.join(root, 'scenarios', 'tankplank-village.scenario.json'), file);
    const app = await launch([file]);
    const page = await app.firstWindow();
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { sandtable: SandtableApi }).sandtable.recentFiles(),
        ),
      )
      .toEqual([expect.objectContaining({ path: file, name: 'argv.scenario.json' })]);
    await app.close();
  });

  test('an autosave left by a crash is offered on the next start', async () => {
    let app = await launch();
    let page = await app.firstWindow();
    await page.evaluate(() =>
      (window as unknown as { sandtable: SandtableApi }).sandtable.autosave.write({
        title: 'Crash test',
        name: 'crash.scenario.json',
        text: '{"unsaved":true}',
      }),
    );
    // No clean shutdown: the autosave stays behind.
    app.process().kill('SIGKILL');
    app = await launch();
    page = await app.firstWindow();
    const entries = await page.evaluate(() =>
      (window as unknown as { sandtable: SandtableApi }).sandtable.autosave.list(),
    );
    expect(entries).toEqual([
      expect.objectContaining({ title: 'Crash test', name: 'crash.scenario.json' }),
    ]);
    const prompt = page.getByTestId('recovery-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('Crash test');
    await app.close();
  });
});
