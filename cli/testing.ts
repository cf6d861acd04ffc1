/** Running the `sandtable` command as a user would, for the CLI's tests. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
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

/** A `sandtable` process started by a test: what it printed so far, and its exit code once gone. */
export interface RunningCommand {
  readonly child: ChildProcess;
  out: string;
  err: string;
  readonly exited: Promise<number | null>;
}

const running: RunningCommand[] = [];

/** Starts `sandtable <args>` and leaves it running (a worker, a long run); see `stopCommands`. */
export function startSandtable(...args: string[]): RunningCommand {
  const child = spawn(process.execPath, [SANDTABLE_BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const p: RunningCommand = {
    child,
    out: '',
    err: '',
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  };
  child.stdout!.on('data', (d: Buffer) => (p.out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (p.err += d.toString()));
  running.push(p);
  return p;
}

/** Kills every command `startSandtable` started that is still running (for `afterAll`). */
export function stopCommands(): void {
  for (const p of running) if (p.child.exitCode === null) p.child.kill('SIGKILL');
}
