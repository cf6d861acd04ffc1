import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Starting and stopping real server processes for the tests and the load script: `sandtable
 * serve` as a child process (so it can be killed outright), and Debian's redis-server on
 * loopback. Everything listens on 127.0.0.1 only.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every child started here: killed when this process exits, however it exits. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** A free TCP port on loopback (asks the OS, then lets it go). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  readonly port: number;
  readonly url: string;
  readonly pid: number;
  /** Everything the process printed. */
  output(): string;
  /** Resolves when the process exits; `expected` when kill() or stop() ended it. */
  readonly exited: Promise<{ code: number | null; signal: string | null; expected: boolean }>;
  /** SIGKILL: no chance to store anything. */
  kill(): Promise<void>;
  /** SIGTERM: stores open rooms, then exits. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Runs `sandtable serve` on loopback and resolves once it accepts connections. */
export async function startServerProcess(options: {
  dataDir: string;
  port?: number;
  redis?: string;
  name?: string;
  createSecret?: string;
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  // For profiling a benchmark: SANDTABLE_SERVE_CPU_PROF=<dir> writes each server's CPU profile there.
  const prof = process.env.SANDTABLE_SERVE_CPU_PROF;
  const args = [
    ...(prof ? ['--cpu-prof', '--cpu-prof-dir', prof] : []),
    path.join(root, 'bin', 'sandtable.mjs'),
    'serve',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--data',
    options.dataDir,
    ...(options.redis ? ['--redis', options.redis] : []),
    ...(options.name ? ['--name', options.name] : []),
    ...(options.createSecret ? ['--create-secret', options.createSecret] : []),
  ];
  const child = track(
    spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 30_000;
  while (!out.includes('collaboration server on')) {
    if (child.exitCode !== null) throw new Error(`sandtable serve exited:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`sandtable serve did not start in 30 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  let expected = false;
  const ended = new Promise<{ code: number | null; signal: string | null; expected: boolean }>(
    (resolve) => {
      const done = () => resolve({ code: child.exitCode, signal: child.signalCode, expected });
      if (child.exitCode !== null || child.signalCode !== null) done();
      else child.once('exit', done);
    },
  );
  return {
    port,
    url: `ws://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => out,
    exited: ended,
    kill: async () => {
      expected = true;
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: async () => {
      expected = true;
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** Debian's redis-server binary, if installed. */
export function redisServerPath(): string | undefined {
  return ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
}

export interface RedisProcess {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
  /** SIGKILL: Redis gone at once, as in a crash. */
  kill(): Promise<void>;
}

/**
 * Starts redis-server on a free loopback port (or `port`, to bring a stopped one back) with no
 * persistence; resolves once it is ready.
 */
export async function startRedis(options: { port?: number } = {}): Promise<RedisProcess> {
  const bin = redisServerPath();
  if (!bin)
    throw new Error('redis-server is not installed: apt-get install redis-server (CI does this)');
  const port = options.port ?? (await freePort());
  const child = track(
    spawn(
      bin,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    ),
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 15_000;
  while (!out.includes('Ready to accept connections')) {
    if (child.exitCode !== null) throw new Error(`redis-server exited:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start in 15 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}

export interface TcpProxy {
  readonly port: number;
  /** Drops every connection through the proxy and refuses new ones: a network partition. */
  cut(): void;
  /** Lets connections through again. */
  heal(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on loopback to `targetPort` that a test can cut and heal, to part one server from
 * Redis while the others keep it.
 */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let open = true;
  const server = createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
  return {
    port,
    cut: () => {
      open = false;
      for (const s of sockets) s.destroy();
    },
    heal: () => {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        open = false;
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A server's /health answer. */
export async function health(port: number): Promise<Record<string, unknown>> {
  const res = await fetch(`http://127.0.0.1:${port}/health`);
  return (await res.json()) as Record<string, unknown>;
}
