import os from 'node:os';
import path from 'node:path';
import type { HostedServer } from '../../renderer/host/Host';
import { startCollabServer, type CollabServer } from '../../server/collabServer';

export type { HostedServer } from '../../renderer/host/Host';

/**
 * "Host session…" in the desktop app: the main process runs the same collaboration server as
 * `sandtable serve`, listening on the local network, with rooms kept in the app's data folder.
 * No Electron imports, so Node tests start and stop it like main does.
 */

/** The port a hosted session asks for first; another free one when it is taken. */
export const HOST_PORT = 4400;

/** IPv4 addresses of this computer's network interfaces, loopback left out. */
export function lanAddresses(
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
): string[] {
  const out: string[] = [];
  for (const list of Object.values(interfaces))
    for (const i of list ?? []) if (i.family === 'IPv4' && !i.internal) out.push(i.address);
  return out;
}

/** One hosted server per app; started on first use, stopped when the app quits. */
export class SessionHost {
  private running: Promise<{ server: CollabServer; info: HostedServer }> | undefined;

  constructor(
    private readonly dataDir: string,
    private readonly options: { host?: string; port?: number; log?: (line: string) => void } = {},
  ) {}

  /** Starts the server (or returns the running one). */
  async start(): Promise<HostedServer> {
    this.running ??= this.launch().catch((error: unknown) => {
      this.running = undefined;
      throw error;
    });
    return (await this.running).info;
  }

  private async launch() {
    const host = this.options.host ?? '0.0.0.0';
    const common = { host, dataDir: path.join(this.dataDir, 'hosted-sessions') };
    const log = this.options.log ?? (() => undefined);
    let server: CollabServer;
    try {
      server = await startCollabServer({ ...common, port: this.options.port ?? HOST_PORT, log });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      server = await startCollabServer({ ...common, port: 0, log });
    }
    const lan =
      host === '0.0.0.0' ? lanAddresses().map((a) => `ws://${a}:${server.port}`) : [server.url];
    return { server, info: { local: server.url, lan } };
  }

  /** Stops the server; rooms stay in the data folder for the next session. */
  async stop(): Promise<void> {
    const r = this.running;
    this.running = undefined;
    if (r) await (await r).server.close();
  }
}
