// Entry of a fuzz worker thread: loads the TypeScript worker through tsx (a worker does not
// inherit the parent's module hooks).
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
