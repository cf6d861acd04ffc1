/**
 * What a server test opens (servers, sockets, redis-server, folders), closed after each test in
 * the reverse order it was opened, so a failed test leaves nothing running for the next.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

export interface TestScope {
  /** Runs `close` after the current test, before what was opened earlier. */
  defer(close: () => Promise<void> | void): void;
  /** A fresh folder (under the system's temp folder, named `sandtable-<prefix>-…`), removed after. */
  tempDir(prefix: string): string;
}

/** Registers the after-each clean-up of the calling test file; call once, at its top level. */
export function testScope(): TestScope {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const close of cleanups.splice(0).reverse()) await close();
  });
  return {
    defer: (close) => {
      cleanups.push(close);
    },
    tempDir: (prefix) => {
      const dir = mkdtempSync(path.join(tmpdir(), `sandtable-${prefix}-`));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
  };
}
