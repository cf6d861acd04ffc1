import { defineConfig } from '@playwright/test';

/** Debian's Chromium: Playwright cannot download its own browser on these machines. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The preview server's port; set E2E_PORT to run beside another copy of the suite. */
const port = Number(process.env.E2E_PORT ?? 4317);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --config vite.config.ts --port ${port} --strictPort --host 127.0.0.1`,
    // vite preview serves build.outDir, so SANDTABLE_OUT reaches it through vite.config.ts.
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
