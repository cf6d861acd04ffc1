/// <reference lib="webworker" />
import { loadDocument, validateDefinition } from '../../../engine/format';
import type { FormatRequest, FormatResponse } from './formatClient';

/**
 * Runs the schema validator off the main thread. ajv compiles validators with `new Function`,
 * which the page's Content-Security-Policy (no 'unsafe-eval') forbids in the document; a worker
 * script from our own origin has its own policy. It also keeps a large file from freezing the UI.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (e: MessageEvent<FormatRequest>) => {
  const req = e.data;
  let res: FormatResponse;
  try {
    if (req.type === 'load') {
      const r = loadDocument(req.text, { file: req.file, expect: ['sandtable.scenario'] });
      res = r.ok
        ? { id: req.id, type: 'loaded', doc: r.doc }
        : { id: req.id, type: 'problems', problems: r.problems };
    } else {
      const errors = validateDefinition('map.schema.json', req.def, req.value);
      res = {
        id: req.id,
        type: 'validated',
        errors: errors.map((x) => ({ path: x.instancePath, message: x.message ?? 'invalid' })),
      };
    }
  } catch (err) {
    res = { id: req.id, type: 'error', message: err instanceof Error ? err.message : String(err) };
  }
  scope.postMessage(res);
};
