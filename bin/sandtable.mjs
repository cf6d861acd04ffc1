#!/usr/bin/env node
// Entry point of the `sandtable` command. The CLI is TypeScript; tsx compiles it on the fly.
import { tsImport } from 'tsx/esm/api';

// The lab threads' V8 flags, set before the command's code is hot (cli/labThreads.ts says why).
const { tuneV8ForLab } = await tsImport('../cli/labThreads.ts', import.meta.url);
tuneV8ForLab();
const { main } = await tsImport('../cli/main.ts', import.meta.url);
process.exitCode = await main(process.argv.slice(2));
