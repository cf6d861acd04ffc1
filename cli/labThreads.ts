import { buildSync, version as esbuildVersion, type BuildOptions } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { LabWorkerPort } from '../engine/lab/runner';
import type { FromLabWorker } from '../engine/lab/worker';

/**
 * V8 flags for the lab's threads. A bot game runs thousands of small rules functions whose
 * objects take several shapes; with V8's default inlining, optimised code deopts on a new shape
 * and is compiled again, and that compiling on background threads cost about as much CPU as the
 * games themselves (a village game: 574 ms of CPU, 288 on the main thread; compile jobs of
 * 100-200 ms each for `pathCost`, eight times in ten games). Inlining only small functions
 * keeps the main thread as fast and halves the rest: 471 ms a game (`node
 * --max-inlined-bytecode-size=60`, 16 games). Flags are per process, so they are set once,
 * before the first thread starts; they change what V8 optimises, never what the code does.
 */
export const LAB_V8_FLAGS = ['--max-inlined-bytecode-size=60'] as const;

/**
 * The young generation of each lab thread, in MB (V8 gives a third of it to each half of the
 * nursery: a 64 MB semi-space, where V8's default is 16). A village game allocates about 70 MB,
 * mostly states and answers that are dropped within a phase; a larger nursery lets more of them
 * die before a scavenge has to copy them: 0.582 G -> 0.575 G instructions a warm game
 * (`npm run bench:instructions`, which runs with the same size). Costs 150 MB more memory a thread.
 */
export const LAB_YOUNG_GENERATION_MB = 192;

let tuned = false;
/**
 * Sets LAB_V8_FLAGS for this process. Call it first thing in a process that plays lab games
 * (bin/sandtable.mjs, the lab benches), before much code is hot: a V8 flag changed while V8 is
 * optimising on its background threads can abort the whole process ('Check failed: inlineability'
 * seen in a test process that started lab threads late), so starting a thread never sets it, and
 * tests, which start threads in a process that is already hot, run without it (same games).
 */
export function tuneV8ForLab(): void {
  if (tuned) return;
  tuned = true;
  for (const flag of LAB_V8_FLAGS) setFlagsFromString(flag);
}

/**
 * The worker thread's code (cli/labWorkerThread.ts and the engine) as one ES module, bundled once
 * per process. A thread that loaded the engine's TypeScript file by file through tsx took about
 * 1.4 s of CPU before its first game; the bundle takes about 0.3-0.5 s to make (esbuild, once) and
 * a thread loads it in about 0.25 s, so every `simulate` run and every queue worker starts
 * sooner (with an inline source map it loaded in 0.4 s instead of 0.25, so there is none).
 * The bundle is kept on disk (`threadBundleCache`) with the hash of every file it was made from,
 * so a later run whose sources are unchanged starts its threads without running esbuild (1.3 s of
 * a loaded machine's wall clock before the first thread could start), and threads load it from
 * a file instead of a base64 data URL. Whitespace and syntax are minified (names are kept, so a
 * stack still names the engine's functions): 4.0 MB instead of 2.8 MB, and a thread reached its
 * first message in 260-400 ms instead of 460-560 ms.
 */
const bundles = new Map<string, URL>();
/** A worker thread's entry file bundled with the engine as one ES module, once per process. */
export function bundledThreadCode(entry: URL): URL {
  return bundleOnce(entry.href, { entryPoints: [fileURLToPath(entry)] });
}

/**
 * Where a lab thread loads its rulesets from: a module and the name of the `RulesetLookup` it
 * exports (the registry's `BUNDLED_RULESETS`, or a test's or an add-on's lookup). A thread cannot
 * be sent the lookup's functions, so it is bundled with the module instead.
 */
export interface RulesetsSource {
  readonly module: URL;
  readonly name: string;
}

/** A lab thread serving the rulesets of `source`, bundled with the engine once per process. */
function labThreadCodeFor(source: RulesetsSource): URL {
  if (!/^[A-Za-z_$][\w$]*$/.test(source.name))
    throw new Error(`"${source.name}" is not the name of a module's export`);
  const serve = fileURLToPath(new URL('./labThreadServe.ts', import.meta.url));
  return bundleOnce(`${source.module.href}#${source.name}`, {
    stdin: {
      contents: [
        `import { serveLabThread } from ${JSON.stringify(serve)};`,
        `import { ${source.name} as rulesets } from ${JSON.stringify(fileURLToPath(source.module))};`,
        'serveLabThread(rulesets);',
      ].join('\n'),
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'ts',
      sourcefile: 'labRulesetsThread.ts',
    },
  });
}

function bundleOnce(key: string, input: Pick<BuildOptions, 'entryPoints' | 'stdin'>): URL {
  const have = bundles.get(key);
  if (have) return have;
  const cache = threadBundleCache(key);
  const kept = keptBundle(cache);
  if (kept) {
    bundles.set(key, kept);
    return kept;
  }
  const built = buildSync({
    ...input,
    ...THREAD_BUNDLE_OPTIONS,
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const code = built.outputFiles[0]!.text;
  const inputs = Object.keys(built.metafile.inputs).filter((f) => f !== '<stdin>');
  const url =
    keepBundle(cache, code, inputs) ??
    new URL(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  bundles.set(key, url);
  return url;
}

/**
 * Where a thread bundle is kept between runs (node_modules/.cache/sandtable-threads, beside the
 * other tools' caches): the code and a list of its source files with their hashes, named by the
 * bundle's key and the esbuild version.
 */
function threadBundleCache(key: string): { code: string; manifest: string } {
  const dir = fileURLToPath(new URL('../node_modules/.cache/sandtable-threads/', import.meta.url));
  const name = createHash('sha1')
    .update(`${esbuildVersion}\0${BUNDLE_FORMAT}\0${key}`)
    .digest('hex');
  return { code: join(dir, `${name}.mjs`), manifest: join(dir, `${name}.json`) };
}

/**
 * How a thread's code is bundled: one ES module for Node 20 with its packages in, whitespace and
 * syntax minified, names kept. `bench/labWarmup.ts` bundles with these too, so it measures the
 * code the lab's threads run.
 */
export const THREAD_BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  mainFields: ['module', 'main'],
  minifyWhitespace: true,
  minifySyntax: true,
} as const satisfies BuildOptions;

/** Bump when the build options change, so bundles kept by an older version are not used. */
const BUNDLE_FORMAT = 1;

const hashOf = (file: string) => createHash('sha1').update(readFileSync(file)).digest('hex');

/** The kept bundle, when every file it was made from is still the same; else undefined. */
function keptBundle(cache: { code: string; manifest: string }): URL | undefined {
  try {
    const manifest = JSON.parse(readFileSync(cache.manifest, 'utf8')) as unknown;
    if (typeof manifest !== 'object' || manifest === null) return undefined;
    const files = (manifest as { files?: unknown }).files;
    if (typeof files !== 'object' || files === null || Array.isArray(files)) return undefined;
    const entries = Object.entries(files as Record<string, unknown>);
    if (entries.length === 0) return undefined;
    for (const [file, hash] of entries) if (hashOf(file) !== hash) return undefined;
    return existsSync(cache.code) ? pathToFileURL(cache.code) : undefined;
  } catch {
    // No bundle kept, or a source file gone: make it afresh.
    return undefined;
  }
}

/** Keeps a bundle with the hashes of its sources; its file URL, or undefined if it cannot. */
function keepBundle(
  cache: { code: string; manifest: string },
  code: string,
  inputs: readonly string[],
): URL | undefined {
  try {
    const files: Record<string, string> = {};
    for (const f of inputs) {
      const file = isAbsolute(f) ? f : resolve(f);
      files[file] = hashOf(file);
    }
    mkdirSync(join(cache.code, '..'), { recursive: true });
    // Written under other names and renamed, so a run starting at the same moment never reads
    // half a file; the manifest last, as it is what says the code is good.
    const tmp = `.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(cache.code + tmp, code);
    renameSync(cache.code + tmp, cache.code);
    writeFileSync(cache.manifest + tmp, JSON.stringify({ files }));
    renameSync(cache.manifest + tmp, cache.manifest);
    return pathToFileURL(cache.code);
  } catch {
    // A read-only install: the bundle is used from memory this run.
    return undefined;
  }
}

/** The thread entry of the bundled rulesets' lab. */
const BUNDLED_LAB_THREAD = new URL('./labWorkerThread.ts', import.meta.url);

/**
 * A balance-lab worker on a Node worker thread (cli/labWorkerThread.ts), playing the bundled
 * rulesets, or those `source` names.
 */
export function nodeLabWorker(source?: RulesetsSource): LabWorkerPort {
  const code = source ? labThreadCodeFor(source) : bundledThreadCode(BUNDLED_LAB_THREAD);
  const worker = new Worker(code, {
    resourceLimits: { maxYoungGenerationSizeMb: LAB_YOUNG_GENERATION_MB },
  });
  let stopping = false;
  return {
    post: (m) => worker.postMessage(m),
    listen(onMessage, onFailure) {
      worker.on('message', (m: FromLabWorker) => onMessage(m));
      worker.on('error', (err) => onFailure(err.message));
      worker.on('exit', (code) => {
        if (!stopping) onFailure(`the thread exited with code ${code}`);
      });
    },
    terminate() {
      stopping = true;
      void worker.terminate();
    },
  };
}

/** Worker threads to use when not told: one per core. */
export function defaultLabWorkers(): number {
  return Math.max(1, availableParallelism());
}
