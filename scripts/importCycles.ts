/**
 * Import cycles, type imports counted: `npm run lint` runs this after ESLint. ESLint's
 * `import-x/no-cycle` skips type-only imports, but a type cycle still ties modules together (one
 * cannot be read, moved or tested without the others) and becomes a load-order hazard the day a
 * type import turns into a value import. Prints every cycle (the files of each strongly connected
 * component, and one loop through it) and exits 1 when there is any.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['engine', 'renderer', 'electron', 'cli', 'server', 'scripts', 'bench', 'e2e'];
const SKIP = new Set(['node_modules', 'generated', 'testdata', 'dist']);

function sources(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file a relative specifier names, as TypeScript's bundler resolution finds it. */
function resolveSpecifier(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** Tarjan's strongly connected components, iteratively (the graph has a few thousand edges). */
export function components(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const [node, i] = top;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        top[1]++;
        const to = edges[i]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === index.get(node)) {
        const part: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          part.push(member);
        } while (member !== node);
        if (part.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(part.sort());
      }
    }
  }
  return found;
}

/** One shortest loop through a component, from its first file back to it (breadth first). */
export function loop(
  graph: ReadonlyMap<string, readonly string[]>,
  part: readonly string[],
): string[] {
  const inside = new Set(part);
  const start = part[0]!;
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = node; at !== start; at = prev.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!prev.has(to)) {
        prev.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

/** Each file's relative imports (type-only and re-exports included), resolved to files. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((f) => resolveSpecifier(file, f.fileName))
      .filter((f): f is string => f !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

function main(): number {
  const graph = importGraph(FOLDERS.flatMap((f) => sources(join(ROOT, f))));
  const cycles = components(graph);
  const rel = (p: string) => relative(ROOT, p);
  for (const part of cycles) {
    console.log(`import cycle through ${part.length} files (type imports counted):`);
    console.log(`  ${loop(graph, part).map(rel).join('\n    -> ')}`);
    if (part.length > 2) console.log(`  all of them: ${part.map(rel).join(', ')}`);
  }
  const edges = [...graph.values()].reduce((n, e) => n + e.length, 0);
  console.log(
    cycles.length === 0
      ? `no import cycles among ${graph.size} files (${edges} imports, type imports counted)`
      : `${cycles.length} import cycle(s): move the shared types to a leaf module, or pass the value in as a parameter`,
  );
  return cycles.length === 0 ? 0 : 1;
}

// Run as a script (npm run lint), not when a test imports the functions above.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(main());
