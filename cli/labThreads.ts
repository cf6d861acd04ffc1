import { buildSync, type BuildOptions } from 'esbuild';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
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
 * sooner (with an inline source map it loaded in 0.4 s instead of 0.25, so there is none; the
 * bundle is not minified, so a stack names the engine's functions).
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
  const built = buildSync({
    ...input,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
  });
  const code = built.outputFiles[0]!.text;
  const url = new URL(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  bundles.set(key, url);
  return url;
}

/** The thread entry of the bundled rulesets' lab. */
const BUNDLED_LAB_THREAD = new URL('./labWorkerThread.ts', import.meta.url);

/**
 * A balance-lab worker on a Node worker thread (cli/labWorkerThread.ts), playing the bundled
 * rulesets, or those `source` names.
 */
export function nodeLabWorker(source?: RulesetsSource): LabWorkerPort {
  tuneV8ForLab();
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
