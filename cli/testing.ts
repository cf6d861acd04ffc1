/** Running the `sandtable` command as a user would, for the CLI's tests. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** The command's entry point (bin/sandtable.mjs). */
export const SANDTABLE_BIN = join(import.meta.dirname, '..', 'bin', 'sandtable.mjs');

/** Runs `sandtable <args>` in a child process: its exit code and what it printed. */
export async function sandtable(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [SANDTABLE_BIN, ...args]);
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
