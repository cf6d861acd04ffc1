import path from 'node:path';
import { SECRET_PATTERN } from '../server/protocol';
import { parseCommandArgs } from './args';

export const usage = `sandtable serve [--port 4400] [--host 0.0.0.0] [--data <dir>] [--redis redis://host:port] [--name <name>] [--create-secret <secret>]
  Runs a collaboration server for live co-editing: clubs open the same scenario from several
  computers and see each other's edits, cursors and selections. Rooms are kept in SQLite in the
  data folder (default ./sandtable-data), every edit on disk before it is acknowledged. Each room
  is protected by the secret in its invitation link; the app's "Share…" makes a room here.
  --redis relays rooms between several server processes (they share the data folder and Redis);
  --name names this process in the log and in Redis.
  --create-secret (or SANDTABLE_CREATE_SECRET) lets only clients that give this secret create
  rooms; joining a room still needs only its own secret. Limits: docs/collab-limits.md.
  Stops on Ctrl+C, storing every open room.`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs(
    args,
    {
      port: { type: 'string', default: '4400' },
      host: { type: 'string', default: '0.0.0.0' },
      data: { type: 'string', default: 'sandtable-data' },
      redis: { type: 'string' },
      name: { type: 'string' },
      'create-secret': { type: 'string' },
    },
    usage,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  if (positionals.length) {
    process.stderr.write(`serve takes no files (got "${positionals[0]}")\n\n${usage}\n`);
    return 2;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port "${values.port}" is not a port number (0 to 65535)\n`);
    return 2;
  }
  // Loaded here so the other commands never load the server and its native SQLite module.
  const { redisOptions, startCollabServer } = await import('../server/collabServer');
  if (values.redis) {
    const r = redisOptions(values.redis);
    if ('problem' in r) {
      process.stderr.write(`${r.problem}\n`);
      return 2;
    }
  }
  const createSecret = values['create-secret'] ?? process.env.SANDTABLE_CREATE_SECRET;
  if (createSecret !== undefined && !SECRET_PATTERN.test(createSecret)) {
    process.stderr.write(
      '--create-secret must be 16 to 128 letters, digits, _ or - (the same alphabet as room secrets)\n',
    );
    return 2;
  }
  const dataDir = path.resolve(values.data);
  const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);
  let server;
  try {
    server = await startCollabServer({
      port,
      host: values.host,
      dataDir,
      ...(values.redis ? { redis: values.redis } : {}),
      ...(values.name ? { name: values.name } : {}),
      ...(createSecret ? { createSecret } : {}),
      log,
    });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    process.stderr.write(
      e.code === 'EADDRINUSE'
        ? `port ${port} is already in use on ${values.host}: stop the other server or pick --port\n`
        : `cannot start the server: ${e.message}\n`,
    );
    return 1;
  }
  process.stdout.write(
    `Sandtable collaboration server on ws://${values.host}:${server.port}\n` +
      `  rooms kept in ${path.join(dataDir, 'rooms.sqlite')}\n` +
      (values.redis ? `  relaying rooms through ${values.redis}\n` : '') +
      (createSecret ? '  rooms are created only with the host secret\n' : '') +
      `  health: http://127.0.0.1:${server.port}/health\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      log(`${signal}: storing open rooms and stopping`);
      void server.close().then(resolve, resolve);
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  return 0;
}
