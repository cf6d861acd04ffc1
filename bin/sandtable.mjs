#!/usr/bin/env node
// Entry point of the `sandtable` command. The CLI is TypeScript; tsx compiles it on the fly.
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../cli/main.ts', import.meta.url);
process.exitCode = await main(process.argv.slice(2));
