import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * Long walks through the app as a user takes them (whole games against each bot), run by hand
 * and reported, never in CI: `SANDTABLE_OUT=<dist> E2E_PORT=<port> npx playwright test --config
 * e2e/walks/walk.config.ts`. Same browser and server as the suite.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '**/*.walk.ts',
  timeout: 20 * 60_000,
  workers: 1,
  // The preview server runs from the repository, where vite.config.ts is.
  webServer: { ...(base.webServer as object), cwd: join(import.meta.dirname, '..', '..') } as never,
});
