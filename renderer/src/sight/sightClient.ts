import type { SightMap, SightRequest } from '../../../engine/sight/sightMap';

export interface ToSightWorker {
  readonly id: number;
  readonly request: SightRequest;
}

export type FromSightWorker =
  { readonly id: number; readonly map: SightMap } | { readonly id: number; readonly error: string };

/** Where sight maps are worked out: a web worker in the app, anything with the same shape in tests. */
export interface SightPort {
  post(message: ToSightWorker): void;
  listen(onMessage: (m: FromSightWorker) => void, onFailure: (message: string) => void): void;
  terminate(): void;
}

/** A sight-map worker on a Web Worker of its own (sightWorker.ts). */
export function webSightPort(): SightPort {
  const worker = new Worker(new URL('./sightWorker.ts', import.meta.url), { type: 'module' });
  return {
    post: (m) => worker.postMessage(m),
    listen(onMessage, onFailure) {
      worker.onmessage = (e: MessageEvent<FromSightWorker>) => onMessage(e.data);
      worker.onerror = (e) => {
        e.preventDefault();
        onFailure(e.message || 'the sight-map worker stopped with an error');
      };
    },
    terminate: () => worker.terminate(),
  };
}

/**
 * Sends sight-map requests to a worker one at a time, newest wins: while one is being worked
 * out, a new request replaces any request still waiting (a drag sends one per pointer move; the
 * ones overtaken are dropped, and the latest is always worked out and shown).
 */
export class SightClient {
  private port: SightPort | null = null;
  private busy: number | null = null;
  private waiting: SightRequest | null = null;
  private nextId = 1;
  /** Requests dropped because a newer one came before they were sent. */
  dropped = 0;

  constructor(
    private readonly onMap: (map: SightMap) => void,
    private readonly onError: (message: string) => void,
    private readonly makePort: () => SightPort = webSightPort,
  ) {}

  request(req: SightRequest): void {
    if (this.busy !== null) {
      if (this.waiting) this.dropped++;
      this.waiting = req;
      return;
    }
    this.send(req);
  }

  /** Whether a map is being worked out. */
  get working(): boolean {
    return this.busy !== null;
  }

  private send(req: SightRequest): void {
    if (!this.port) {
      const port = this.makePort();
      port.listen(
        (m) => this.receive(m),
        (message) => {
          this.busy = null;
          this.waiting = null;
          this.port?.terminate();
          this.port = null;
          this.onError(message);
        },
      );
      this.port = port;
    }
    const id = this.nextId++;
    this.busy = id;
    this.port.post({ id, request: req });
  }

  private receive(m: FromSightWorker): void {
    if (m.id !== this.busy) return;
    this.busy = null;
    const next = this.waiting;
    this.waiting = null;
    // The newest request goes out before this answer is drawn, so the worker never idles.
    if (next) this.send(next);
    if ('map' in m) this.onMap(m.map);
    else this.onError(m.error);
  }

  dispose(): void {
    this.port?.terminate();
    this.port = null;
    this.busy = null;
    this.waiting = null;
  }
}
