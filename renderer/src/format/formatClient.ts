import type { Problem } from '../../../engine/format/problems';
import type { ScenarioDoc } from '../../../engine/format/types';

export type FormatRequest =
  | { id: number; type: 'load'; text: string; file: string }
  | { id: number; type: 'validate'; def: string; value: unknown };

export interface FieldError {
  /** JSON pointer inside the validated value, e.g. "/width". */
  path: string;
  message: string;
  /** The schema keyword that failed (exclusiveMinimum, required, type...), to word the message. */
  keyword?: string;
  /** The keyword's parameters as the validator reports them (limit, missingProperty...). */
  params?: Record<string, unknown>;
}

export type FormatResponse =
  | { id: number; type: 'loaded'; doc: ScenarioDoc }
  | { id: number; type: 'problems'; problems: Problem[] }
  | { id: number; type: 'validated'; errors: FieldError[] }
  | { id: number; type: 'error'; message: string };

export type LoadOutcome = { ok: true; doc: ScenarioDoc } | { ok: false; problems: Problem[] };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, (r: FormatResponse) => void>();

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

function request(req: WithoutId<FormatRequest>): Promise<FormatResponse> {
  if (!worker) {
    worker = new Worker(new URL('./formatWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<FormatResponse>) => {
      pending.get(e.data.id)?.(e.data);
      pending.delete(e.data.id);
    };
  }
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker!.postMessage({ ...req, id } as FormatRequest);
  });
}

/** Loads a scenario file with the format loader: all problems, or a whole document. */
export async function loadScenario(text: string, file: string): Promise<LoadOutcome> {
  const r = await request({ type: 'load', text, file });
  if (r.type === 'loaded') return { ok: true, doc: r.doc };
  if (r.type === 'problems') return { ok: false, problems: r.problems };
  const message = r.type === 'error' ? r.message : 'unexpected answer from the loader';
  return { ok: false, problems: [{ file, pointer: '', code: 'format', message } as Problem] };
}

/** Validates one map definition (a feature kind, "hex") against the schema. */
export async function validateMapDefinition(def: string, value: unknown): Promise<FieldError[]> {
  const r = await request({ type: 'validate', def, value });
  if (r.type === 'validated') return r.errors;
  return [{ path: '', message: r.type === 'error' ? r.message : 'validation failed' }];
}
