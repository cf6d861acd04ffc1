// `npm start`: opens the desktop app, or, where the Electron binary could not be installed,
// serves the same app in the browser and prints its address.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';

const require = createRequire(import.meta.url);

function electronBinary() {
  try {
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

// SANDTABLE_BROWSER=1 serves the app in the browser even where Electron is installed (and is how
// the start test runs it); SANDTABLE_PORT picks the port (default 5173, the next free one if taken).
const binary = process.env.SANDTABLE_BROWSER === '1' ? undefined : electronBinary();
if (binary) {
  const build = spawnSync(
    process.execPath,
    ['node_modules/.bin/vite', 'build', '--config', 'vite.config.ts'],
    { stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  const main = spawnSync(process.execPath, ['scripts/buildElectron.mjs'], { stdio: 'inherit' });
  if (main.status !== 0) process.exit(main.status ?? 1);
  const child = spawn(binary, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: 'vite.config.ts',
    server: {
      host: '127.0.0.1',
      ...(process.env.SANDTABLE_PORT ? { port: Number(process.env.SANDTABLE_PORT) } : {}),
      // Start preparing the app's modules at once, not when the browser first asks for them;
      // meanwhile the page shows that it is starting (renderer/index.html).
      warmup: { clientFiles: ['./src/main.tsx'] },
    },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${server.config.server.port}/`;
  console.log(
    `Electron is not installed on this machine (its download was skipped), so Sandtable runs in your browser instead: open ${url}`,
  );
}
