// Bundles the Electron main process and preload into dist-electron/ with esbuild (already
// installed through Vite and tsx). Main is an ES module like the rest of the package; the preload
// is CommonJS because a sandboxed renderer loads it without the Node module system.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

// `--outdir <dir>` builds elsewhere (the security scan test builds into a temporary folder).
const flag = process.argv.indexOf('--outdir');
const outdir = flag > 0 ? process.argv[flag + 1] : 'dist-electron';
rmSync(outdir, { recursive: true, force: true });

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  // better-sqlite3 is a native module (the hosted collaboration server's rooms); ws loads its
  // optional native helpers only if present.
  external: ['electron', 'better-sqlite3', 'bufferutil', 'utf-8-validate'],
  sourcemap: 'linked',
  logLevel: 'warning',
  legalComments: 'none',
};

await build({
  ...common,
  entryPoints: { main: 'electron/main.ts' },
  outdir,
  format: 'esm',
  outExtension: { '.js': '.js' },
  // Bundled CommonJS dependencies (ajv) call require(); give the ES module one.
  banner: {
    js: "import { createRequire as __sandtableRequire } from 'node:module'; const require = __sandtableRequire(import.meta.url);",
  },
});

await build({
  ...common,
  entryPoints: { preload: 'electron/preload.ts' },
  outdir,
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  platform: 'browser',
  // A sandboxed preload has no Node built-ins beyond these; anything else must fail the build.
  external: ['electron'],
});

console.log(`buildElectron: wrote ${outdir}/main.js and ${outdir}/preload.cjs`);
