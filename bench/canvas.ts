/**
 * `npm run bench:canvas`: opens a generated table with 20,000 terrain features in the editor in
 * headless Chromium (software rendering) and prints the time to first render, frame times while
 * panning and zooming, and the page's memory. Prints numbers; it is not a test.
 *
 * Builds the renderer (skip with `--no-build`), then serves it with `vite preview`.
 * FEATURES=5000 npm run bench:canvas changes the feature count.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { serializeDocument } from '../engine/format/saver';
import { generateTable } from './generateTable';

const COUNT = Number(process.env.FEATURES ?? 20_000);
const PORT = Number(process.env.PORT ?? 4319);
const root = join(import.meta.dirname, '..');

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function waitForServer(url: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`vite preview did not start on ${url}`);
}

/** Records requestAnimationFrame intervals in the page until `stop` is called. */
async function recordFrames(page: Page, action: () => Promise<void>): Promise<number[]> {
  // A string, not a function: tsx's name-keeping helpers do not exist inside the page.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__recording = true;
    let last = performance.now();
    const tick = (t) => {
      if (!window.__recording) return;
      window.__frames.push(t - last);
      last = t;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame((t) => {
      last = t;
      requestAnimationFrame(tick);
    });
  })()`);
  await action();
  return page.evaluate<number[]>(`(() => {
    window.__recording = false;
    return window.__frames;
  })()`);
}

function report(label: string, frames: number[]): void {
  const sorted = [...frames].sort((a, b) => a - b);
  const slow = frames.filter((f) => f > 16.7 + 1).length;
  console.log(
    `${label.padEnd(8)} frames ${String(frames.length).padStart(4)}  median ${percentile(sorted, 50).toFixed(1)} ms  p95 ${percentile(sorted, 95).toFixed(1)} ms  max ${sorted[sorted.length - 1]!.toFixed(1)} ms  over 16.7 ms: ${slow}`,
  );
}

const outDir = join(import.meta.dirname, 'out');
await mkdir(outDir, { recursive: true });
const file = join(outDir, `canvas-${COUNT}.scenario.json`);
await writeFile(file, serializeDocument(generateTable(COUNT)));

// Always measure the current code: a stale build would report old numbers.
if (!process.argv.includes('--no-build') || !existsSync(join(root, 'dist/renderer/index.html'))) {
  console.log('building the renderer…');
  const r = spawnSync(
    'npx',
    ['vite', 'build', '--config', 'vite.config.ts', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}

let server: ChildProcess | undefined;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--enable-precise-memory-info'],
});
try {
  // The vite binary itself, not npx, so that killing it stops the server.
  server = spawn(
    join(root, 'node_modules/.bin/vite'),
    [
      'preview',
      '--config',
      'vite.config.ts',
      '--port',
      String(PORT),
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    {
      cwd: root,
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${PORT}/`;
  await waitForServer(url);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(url);

  // Time to first render: from choosing the file to the terrain painted and the list filled.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open file…' }).click();
  const start = Date.now();
  await (await chooser).setFiles(file);
  await page.locator('[data-feature-id]').first().waitFor({ timeout: 120_000 });
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  const firstRender = Date.now() - start;
  console.log(
    `Sandtable canvas benchmark: ${COUNT} features, viewport 1400×900, software Chromium`,
  );
  console.log(`time to first render ${firstRender} ms (file chosen → loaded, validated, painted)`);
  await page.waitForTimeout(500);

  const canvas = page.getByTestId('table-canvas');
  const box = (await canvas.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;

  // Pan: middle-button drags back and forth, one small step per move.
  const pan = await recordFrames(page, async () => {
    await page.mouse.move(cx, cy);
    await page.mouse.down({ button: 'middle' });
    for (let i = 0; i < 240; i++) {
      const a = (i / 240) * Math.PI * 4;
      await page.mouse.move(cx + Math.sin(a) * 300, cy + Math.cos(a) * 180);
    }
    await page.mouse.up({ button: 'middle' });
  });
  report('pan', pan);

  // Zoom to the cursor with Ctrl+wheel, in and out, then let the cache re-render at the new zoom.
  const zoom = await recordFrames(page, async () => {
    await page.mouse.move(cx - 150, cy - 80);
    await page.keyboard.down('Control');
    for (let i = 0; i < 160; i++) await page.mouse.wheel(0, i % 80 < 40 ? -40 : 40);
    await page.keyboard.up('Control');
    await page.waitForTimeout(400);
  });
  report('zoom', zoom);

  // Pan while zoomed in (the cache covers the view plus a margin, re-rendered when left).
  await page.keyboard.down('Control');
  for (let i = 0; i < 20; i++) await page.mouse.wheel(0, -60);
  await page.keyboard.up('Control');
  await page.waitForTimeout(400);
  const panZoomed = await recordFrames(page, async () => {
    await page.mouse.move(cx, cy);
    await page.mouse.down({ button: 'middle' });
    for (let i = 0; i < 240; i++) await page.mouse.move(cx - i * 6, cy - i * 3);
    await page.mouse.up({ button: 'middle' });
  });
  report('pan in', panZoomed);
  const all = [...pan, ...zoom, ...panZoomed].sort((a, b) => a - b);
  console.log(
    `overall  median ${percentile(all, 50).toFixed(1)} ms  p95 ${percentile(all, 95).toFixed(1)} ms  (goal p95 ≤ 16.7 ms)`,
  );

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = new Map(metrics.map((x: { name: string; value: number }) => [x.name, x.value]));
  const mb = (n: number | undefined) => `${((n ?? 0) / 1048576).toFixed(1)} MB`;
  console.log(
    `memory   JS heap used ${mb(m.get('JSHeapUsedSize'))} of ${mb(m.get('JSHeapTotalSize'))}, DOM nodes ${m.get('Nodes')}, layout objects ${m.get('LayoutObjects') ?? '?'}`,
  );
} finally {
  await browser.close();
  server?.kill();
}
