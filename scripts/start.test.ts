import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';

/** A port nobody listens on, from the system. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGTERM');
  child = undefined;
});

describe('npm start in the browser', () => {
  test('the first page says the app is starting, before the modules are ready', async () => {
    const port = await freePort();
    const started = Date.now();
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: { ...process.env, SANDTABLE_BROWSER: '1', SANDTABLE_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child!.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /open (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child!.on('exit', (code) => reject(new Error(`start.mjs exited with ${code}: ${out}`)));
    });
    const res = await fetch(url);
    const html = await res.text();
    const ms = Date.now() - started;
    console.log(`npm start (browser): first page after ${ms} ms`);
    expect(res.status).toBe(200);
    expect(html).toContain('Sandtable is starting');
    expect(html).toContain('fills in by itself');
  }, 120_000);
});
