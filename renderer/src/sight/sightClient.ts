import {
  mergeSightBands,
  rowBands,
  sightGridSize,
  type SightMap,
  type SightRequest,
} from '../../../engine/sight/sightMap';

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

/** Workers a sight map is split over: one per core the browser reports (at most four). */
export function sightWorkers(): number {
  const cores = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency || 1;
  return Math.max(1, Math.min(4, cores));
}

/**
 * Sends sight-map requests to workers one at a time, newest wins: while one is being worked
 * out, a new request replaces any request still waiting (a drag sends one per pointer move; the
 * ones overtaken are dropped, and the latest is always worked out and shown). Each request is
 * split into bands of rows, one per worker, worked out side by side and merged; each worker
 * keeps its band's last map, so the next request of a drag updates it incrementally.
 */
export class SightClient {
  private ports: SightPort[] = [];
  private busy: {
    id: number;
    bands: [number, number][];
    parts: ({ rows: [number, number]; map: SightMap } | null)[];
    previews: ({ rows: [number, number]; map: SightMap } | null)[];
    previewShown: boolean;
  } | null = null;
  private waiting: SightRequest | null = null;
  private nextId = 1;
  /** Requests dropped because a newer one came before they were sent. */
  dropped = 0;

  constructor(
    /** Each map, the newest first; a quick preview (`map.preview`) may come before its map. */
    private readonly onMap: (map: SightMap) => void,
    private readonly onError: (message: string) => void,
    private readonly makePort: () => SightPort = webSightPort,
    private readonly workers: number = sightWorkers(),
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

  private port(k: number): SightPort {
    let port = this.ports[k];
    if (!port) {
      const p = this.makePort();
      p.listen(
        (m) => this.receive(k, m),
        (message) => this.fail(message),
      );
      this.ports[k] = p;
      port = p;
    }
    return port;
  }

  private send(req: SightRequest): void {
    const { rows } = sightGridSize(req.scenario.map, req.cell);
    const bands = rowBands(rows, this.workers);
    const id = this.nextId++;
    this.busy = {
      id,
      bands,
      parts: bands.map(() => null),
      previews: bands.map(() => null),
      previewShown: false,
    };
    bands.forEach((band, k) =>
      this.port(k).post({ id, request: bands.length > 1 ? { ...req, rows: band } : req }),
    );
  }

  private fail(message: string): void {
    this.dispose();
    this.onError(message);
  }

  private receive(k: number, m: FromSightWorker): void {
    const busy = this.busy;
    if (!busy || m.id !== busy.id) return;
    if ('error' in m) {
      // Every band fails alike (the same scenario); the first says why.
      this.busy = null;
      this.waiting = null;
      this.onError(m.error);
      return;
    }
    const part = { rows: busy.bands[k]!, map: m.map };
    if (m.map.preview !== undefined) busy.previews[k] = part;
    else busy.parts[k] = part;
    if (busy.parts.some((p) => p === null)) {
      // Every band has at least a preview: show them together (finished bands as they are).
      const quick = busy.parts.map((p, j) => p ?? busy.previews[j] ?? null);
      if (!busy.previewShown && quick.every((p) => p !== null)) {
        busy.previewShown = true;
        const ready = quick as { rows: [number, number]; map: SightMap }[];
        this.onMap(ready.length === 1 ? ready[0]!.map : mergeSightBands(ready));
      }
      return;
    }
    this.busy = null;
    const next = this.waiting;
    this.waiting = null;
    // The newest request goes out before this answer is drawn, so the workers never idle.
    if (next) this.send(next);
    const parts = busy.parts as { rows: [number, number]; map: SightMap }[];
    this.onMap(parts.length === 1 ? parts[0]!.map : mergeSightBands(parts));
  }

  dispose(): void {
    for (const p of this.ports) p.terminate();
    this.ports = [];
    this.busy = null;
    this.waiting = null;
  }
}
