import os from 'node:os';
import path from 'node:path';
import type { HostedServer } from '../../renderer/host/Host';
import { startCollabServer, type CollabServer } from '../../server/collabServer';
import { randomToken } from '../../server/protocol';

export type { HostedServer } from '../../renderer/host/Host';

/**
 * "Host session…" in the desktop app: the main process runs the same collaboration server as
 * `sandtable serve`, with rooms kept in the app's data folder. It listens on this computer only
 * (loopback) unless the person agreed, in a dialog main shows (never the page), to open it to the
 * local network. No Electron imports, so Node tests start and stop it like main does, and test
 * the decision the dialog feeds.
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

/** Who may reach a hosted session: this computer only, or every computer on its networks. */
export type HostScope = 'this-computer' | 'network';

/** The address a hosted server binds to: loopback unless the person opened it to the network. */
export function bindAddressFor(scope: HostScope): string {
  return scope === 'network' ? '0.0.0.0' : '127.0.0.1';
}

/**
 * The question main asks before hosting (dialog.showMessageBox options). The safe answer is the
 * default and what closing the dialog means: this computer only.
 */
export const HOST_SCOPE_QUESTION = {
  type: 'question' as const,
  message: 'Who may join the session you host?',
  detail:
    'Only this computer: nobody else can connect; the session stays on this machine.\n\n' +
    'Computers on your network: anyone on the same network (office, club or public Wi-Fi) who has the invitation link can join and edit. Your firewall may ask to allow Sandtable.',
  buttons: ['Only This Computer', 'Open to My Network'],
  defaultId: 0,
  cancelId: 0,
  noLink: true,
};

/** The scope an answer to HOST_SCOPE_QUESTION chose: the network only on its explicit button. */
export function scopeFromAnswer(response: number): HostScope {
  return response === 1 ? 'network' : 'this-computer';
}

/** One hosted server per app; started on first use, stopped when the app quits. */
export class SessionHost {
  private running:
    Promise<{ server: CollabServer; info: HostedServer; scope: HostScope }> | undefined;

  constructor(
    private readonly dataDir: string,
    private readonly options: {
      port?: number;
      log?: (line: string) => void;
      /** The network interfaces to list (tests); the computer's own by default. */
      interfaces?: () => NodeJS.Dict<os.NetworkInterfaceInfo[]>;
    } = {},
  ) {}

  /**
   * Starts the server for `scope` (or returns the running one). A server running for the other
   * scope is stopped first (its rooms stay stored), so "this computer only" is never left open
   * to the network.
   */
  async start(scope: HostScope = 'this-computer'): Promise<HostedServer> {
    const current = this.running ? await this.running.catch(() => undefined) : undefined;
    if (current && current.scope !== scope) await this.stop();
    this.running ??= this.launch(scope).catch((error: unknown) => {
      this.running = undefined;
      throw error;
    });
    return (await this.running).info;
  }

  private async launch(scope: HostScope) {
    const host = bindAddressFor(scope);
    // Only this app may create rooms on the server it hosts (issue 36: room creation needs the
    // host's secret); the others join the rooms they are invited to.
    const hostSecret = randomToken(32);
    const common = {
      host,
      dataDir: path.join(this.dataDir, 'hosted-sessions'),
      createSecret: hostSecret,
    };
    const log = this.options.log ?? (() => undefined);
    let server: CollabServer;
    try {
      server = await startCollabServer({ ...common, port: this.options.port ?? HOST_PORT, log });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      server = await startCollabServer({ ...common, port: 0, log });
    }
    const lan =
      scope === 'network'
        ? lanAddresses(this.options.interfaces?.()).map((a) => `ws://${a}:${server.port}`)
        : [];
    return {
      server,
      scope,
      info: { local: server.url, lan, network: scope === 'network', hostSecret },
    };
  }

  /** Stops the server; rooms stay in the data folder for the next session. */
  async stop(): Promise<void> {
    const r = this.running;
    this.running = undefined;
    if (r) await (await r).server.close();
  }
}
