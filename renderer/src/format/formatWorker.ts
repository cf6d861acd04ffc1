/// <reference lib="webworker" />
import { loadDocument, validateDefinition } from '../../../engine/format';
import type { FormatRequest, FormatResponse } from './formatClient';

/**
 * Runs the format loader and schema checks off the main thread: a 20,000-feature file takes most
 * of a second to parse, migrate and validate, and the editor stays responsive meanwhile. (It was
 * first needed because ajv compiled validators with `new Function`, which the page's CSP forbids;
 * the format now ships precompiled validators, and the worker stays for responsiveness.)
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
        errors: errors.map((x) => ({
          path: x.instancePath,
          message: x.message ?? 'invalid',
          keyword: x.keyword,
          params: x.params as Record<string, unknown>,
        })),
      };
    }
  } catch (err) {
    res = { id: req.id, type: 'error', message: err instanceof Error ? err.message : String(err) };
  }
  scope.postMessage(res);
};
