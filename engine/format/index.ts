export * from './types';
export * from './problems';
export * from './version';
export {
  loadDocument,
  loadDocumentBytes,
  DEFAULT_MAX_BYTES,
  type LoadOptions,
  type LoadResult,
} from './loader';
export { decodeUtf8, withoutBom, type DecodeResult, type EncodingProblem } from './encoding';
export { serializeDocument, stringifyStable } from './saver';
export { migrate, MIGRATIONS, type Migration } from './migrations';
export { validatorFor, validateDefinition, SCHEMAS } from './schemaRegistry';
export { checkIntegrity } from './integrity';
