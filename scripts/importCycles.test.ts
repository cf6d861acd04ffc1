import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { components, importGraph, loop } from './importCycles';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Writes the files into a fresh folder and returns their paths by name. */
function project(files: Record<string, string>): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
  dirs.push(dir);
  const paths: Record<string, string> = {};
  for (const [name, text] of Object.entries(files)) {
    paths[name] = join(dir, name);
    writeFileSync(paths[name], text);
  }
  return paths;
}

describe('import cycles, type imports counted', () => {
  it('finds a cycle made only of a type import one way', () => {
    const p = project({
      'a.ts': "import type { B } from './b';\nexport const a = (b: B) => b;\n",
      'b.ts': "import { a } from './a';\nexport type B = ReturnType<typeof a>;\n",
      'c.ts': "import { a } from './a';\nexport const c = a;\n",
    });
    const graph = importGraph(Object.values(p));
    const found = components(graph);
    expect(found).toEqual([[p['a.ts'], p['b.ts']].sort()]);
    const round = loop(graph, found[0]!);
    expect(round[0]).toBe(round[round.length - 1]);
    expect(round).toHaveLength(3);
  });

  it('finds a cycle through a re-export and an index file', () => {
    const p = project({
      'index.ts': "export { x } from './x';\n",
      'x.ts': "import type { Y } from './y';\nexport const x = 1 as unknown as Y;\n",
      'y.ts': "import { x } from '.';\nexport type Y = typeof x;\n",
    });
    expect(components(importGraph(Object.values(p)))).toHaveLength(1);
  });

  it('finds nothing in a tree, and ignores packages', () => {
    const p = project({
      'leaf.ts': "import ts from 'typescript';\nexport type Leaf = typeof ts;\n",
      'mid.ts': "import type { Leaf } from './leaf';\nexport const mid = (l: Leaf) => l;\n",
      'top.ts':
        "import { mid } from './mid';\nimport type { Leaf } from './leaf';\nexport const top = (l: Leaf) => mid(l);\n",
    });
    expect(components(importGraph(Object.values(p)))).toEqual([]);
  });

  it('counts a module importing itself', () => {
    const p = project({ 'self.ts': "import type { S } from './self';\nexport type S = number;\n" });
    expect(components(importGraph(Object.values(p)))).toEqual([[p['self.ts']]]);
  });
});
