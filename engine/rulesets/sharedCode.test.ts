import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RULESETS } from './registry';

/*
 * Shared code never names a ruleset (ARCHITECTURE.md): everything a ruleset has is reached through
 * engine/rulesets/registry.ts and the RulesetModule fields. This test reads the source of every
 * shared module and names the file and line of each place that does name one. It also checks the
 * other side of the seam: a ruleset's folder never imports, however indirectly, a module that
 * imports the registry, because the registry imports every ruleset's index and such a cycle
 * leaves a ruleset module uninitialised when it is the first one loaded.
 */

const ROOT = resolve(__dirname, '../..');
const RULESETS_DIR = 'engine/rulesets';
const REGISTRY = `${RULESETS_DIR}/registry.ts`;

/** Shared source: everything outside a ruleset's own folder in these trees. */
const SHARED_TREES = ['engine', 'renderer/src', 'cli', 'electron', 'bench', 'server'];

/** Tests and their fixtures may build scenarios of any ruleset. */
const NOT_SHARED_SOURCE = [
  /\.(test|spec)\.tsx?$/,
  /\.fixture\.tsx?$/,
  /(^|\/)testFixtures\.ts$/,
  // Helpers only tests import (engine/lab/testing.ts, cli/testing.ts).
  /(^|\/)testing\.ts$/,
  /(^|\/)(testing|testdata|fixtures|__fixtures__)(\/|$)/,
  // Validators generated from the schema, which lists the ruleset ids.
  /^engine\/format\/generated\//,
];

export interface Violation {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

export interface ScanOptions {
  /** The ruleset ids (and their folder names). */
  readonly ids: readonly string[];
  /**
   * Ids that are also words of the file format (the unit class `tank`): a string of one of these
   * counts only where it stands for a ruleset (a comparison with, or a property of, a ruleset).
   */
  readonly vocabulary: ReadonlySet<string>;
}

const RULESET_WORD = /ruleset/i;

const isTypeAliasNamed = (n: ts.Node, name: string): boolean => {
  for (let p: ts.Node | undefined = n; p; p = p.parent)
    if (ts.isTypeAliasDeclaration(p)) return p.name.text === name;
  return false;
};

/** Whether a literal stands for a ruleset: compared with, or set as, something named ruleset. */
function inRulesetContext(lit: ts.Node, sf: ts.SourceFile): boolean {
  for (let p: ts.Node = lit.parent; p && !ts.isSourceFile(p); p = p.parent) {
    if (ts.isBinaryExpression(p)) {
      const other = p.left === lit ? p.right : p.left;
      if (RULESET_WORD.test(other.getText(sf))) return true;
    }
    if (ts.isCaseClause(p) && RULESET_WORD.test(p.parent.parent.expression.getText(sf)))
      return true;
    if (
      (ts.isPropertyAssignment(p) ||
        ts.isVariableDeclaration(p) ||
        ts.isParameter(p) ||
        ts.isPropertyDeclaration(p)) &&
      RULESET_WORD.test(p.name.getText(sf))
    )
      return true;
    if (ts.isCallExpression(p) && RULESET_WORD.test(p.expression.getText(sf))) return true;
    if (ts.isStatement(p) || ts.isFunctionLike(p)) return false;
  }
  return false;
}

const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** Where a module specifier points inside the repository, or null for a package. */
function resolveSpecifier(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  return relative(ROOT, resolve(ROOT, dirname(file), spec))
    .split('\\')
    .join('/');
}

/** The ruleset folder a repository path lies in, if any. */
function rulesetFolderOf(path: string, ids: readonly string[]): string | undefined {
  const m = /^engine\/rulesets\/([^/.]+)(\/|$)/.exec(path);
  return m && ids.includes(m[1]!) ? m[1] : undefined;
}

/**
 * The places where `text`, the source of the shared module `file` (a repository path), names a
 * ruleset: imports from a ruleset's folder, comparisons and `case`s on a ruleset id, strings that
 * are a ruleset id or a record id namespaced by one (`tanks.core`), and identifiers named after a
 * ruleset (`tankplankLayer`, `TANKS_MISSIONS`). Comments are not read.
 */
export function scanSharedSource(file: string, text: string, opts: ScanOptions): Violation[] {
  // Every finding spells an id somewhere; most files spell none and need no parsing.
  const lower = text.toLowerCase();
  if (!opts.ids.some((id) => lower.includes(id))) return [];
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const out: Violation[] = [];
  const excused = excusedLines(sf);
  const at = (n: ts.Node, message: string) => {
    const line = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
    if (!excused.has(line)) out.push({ file, line, message });
  };
  const isRegistry = file === REGISTRY;
  const namedIds = opts.ids.filter((id) => !opts.vocabulary.has(id));

  const checkSpecifier = (node: ts.Node, spec: string) => {
    const target = resolveSpecifier(file, spec);
    const folder = target && rulesetFolderOf(target, opts.ids);
    if (folder && !isRegistry)
      at(
        node,
        `imports "${spec}" from the ${folder} ruleset's folder; shared code reaches a ruleset through ${REGISTRY} and its RulesetModule`,
      );
  };

  const checkLiteral = (node: ts.StringLiteralLike | ts.TemplateHead) => {
    if (isRegistry) return;
    const value = node.text;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent;
      if (
        ts.isImportDeclaration(parent) ||
        ts.isExportDeclaration(parent) ||
        ts.isExternalModuleReference(parent) ||
        (ts.isCallExpression(parent) &&
          (parent.expression.kind === ts.SyntaxKind.ImportKeyword ||
            parent.expression.getText(sf) === 'require')) ||
        (ts.isLiteralTypeNode(parent) && ts.isImportTypeNode(parent.parent))
      )
        return;
      if (opts.ids.includes(value)) {
        if (ts.isLiteralTypeNode(parent) && isTypeAliasNamed(parent, 'RulesetId')) return;
        if (opts.vocabulary.has(value) && !inRulesetContext(node, sf)) return;
        if (ts.isBinaryExpression(parent) && COMPARISONS.has(parent.operatorToken.kind))
          at(
            node,
            `compares with the ruleset id '${value}'; ask the ruleset's module (a RulesetModule field, a features flag) instead`,
          );
        else if (ts.isCaseClause(parent))
          at(
            node,
            `switches on the ruleset id '${value}'; move the branch into engine/rulesets/${value}/ behind a RulesetModule field`,
          );
        else
          at(
            node,
            `names the ruleset id '${value}' in a string; take it from the RulesetLookup the caller hands in (engine/rulesets/lookup.ts)`,
          );
        return;
      }
    }
    const prefix = opts.ids.find((id) => value.startsWith(`${id}.`));
    if (prefix)
      at(
        node,
        `names a record of the ${prefix} ruleset ('${value}'); it belongs in engine/rulesets/${prefix}/`,
      );
  };

  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      checkSpecifier(node, node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        node.expression.getText(sf) === 'require') &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      checkSpecifier(node, node.arguments[0].text);
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      checkSpecifier(node, node.argument.literal.text);
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) checkLiteral(node);
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && !isRegistry) {
      const name = node.text.replace(/^#/, '');
      const words = (name.match(WORDS) ?? []).map((w) => w.toLowerCase());
      const hit = namedIds.find((id) => words.includes(id));
      if (hit)
        at(
          node,
          `the identifier ${name} is named after the ${hit} ruleset; shared code names what a thing does, and ruleset code lives in engine/rulesets/${hit}/`,
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The words of an identifier: `checkTanksPlatoons` is check, Tanks, Platoons; `WW1_MAP` WW1, MAP. */
const WORDS = /[A-Z]{2,}[0-9]*(?![a-z])|[A-Z]?[a-z]+[0-9]*|[A-Z][0-9]*|[0-9]+/g;

/**
 * Lines a reviewer has marked as naming no ruleset, with a reason: a comment
 * `// not a ruleset: <why>` at the end of a line excuses that line, on a line of its own the line
 * after it (for a word of another tool's vocabulary that happens to spell a ruleset id, say).
 */
function excusedLines(sf: ts.SourceFile): Set<number> {
  const lines = new Set<number>();
  const text = sf.getFullText();
  for (const m of text.matchAll(/\/\/\s*not a ruleset:\s*\S.*$/gm)) {
    const { line, character } = sf.getLineAndCharacterOfPosition(m.index);
    const before = text.slice(m.index - character, m.index);
    lines.add(before.trim() === '' ? line + 2 : line + 1);
  }
  return lines;
}

function scriptKind(file: string): ts.ScriptKind {
  return file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

/** Value imports of a module (type-only imports vanish from the built code), as repository paths. */
export function valueImports(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const out: string[] = [];
  for (const st of sf.statements) {
    let spec: string | undefined;
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const clause = st.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) spec = st.moduleSpecifier.text;
    } else if (
      ts.isExportDeclaration(st) &&
      !st.isTypeOnly &&
      st.moduleSpecifier &&
      ts.isStringLiteral(st.moduleSpecifier)
    ) {
      const typeOnly =
        st.exportClause &&
        ts.isNamedExports(st.exportClause) &&
        st.exportClause.elements.length > 0 &&
        st.exportClause.elements.every((e) => e.isTypeOnly);
      if (!typeOnly) spec = st.moduleSpecifier.text;
    }
    const target = spec && resolveSpecifier(file, spec);
    if (target) out.push(target);
  }
  return out;
}

/** A module's repository path from an import's target: `x.ts`, `x.tsx` or `x/index.ts`. */
function moduleFile(target: string): string | undefined {
  for (const f of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`])
    if (/\.tsx?$/.test(f) && existsSync(join(ROOT, f)) && statSync(join(ROOT, f)).isFile())
      return f;
  return undefined;
}

/** A module's value imports as repository module files, read from disk once each. */
function repositoryImports(): (file: string) => readonly string[] {
  const cache = new Map<string, string[]>();
  return (file) => {
    let got = cache.get(file);
    if (!got) {
      got = valueImports(file, readFileSync(join(ROOT, file), 'utf8'))
        .map(moduleFile)
        .filter((f): f is string => f !== undefined);
      cache.set(file, got);
    }
    return got;
  };
}

/**
 * The chain of value imports from `entry` to `goal`, or null when there is none. `importsOf`
 * gives a module's value imports as module paths (unresolvable ones already dropped).
 */
export function importChain(
  entry: string,
  goal: string,
  importsOf: (file: string) => readonly string[],
): string[] | null {
  const from = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    if (file === goal) {
      const chain: string[] = [];
      for (let f: string | null = file; f !== null; f = from.get(f) ?? null) chain.unshift(f);
      return chain;
    }
    for (const next of importsOf(file)) {
      if (from.has(next)) continue;
      from.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

function walk(dir: string, out: string[]): string[] {
  if (!existsSync(join(ROOT, dir))) return out;
  for (const name of readdirSync(join(ROOT, dir))) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

// `testing/` holds test-only rulesets (the duel of fifthRuleset.test.ts), not a ruleset id.
const FOLDERS = readdirSync(join(ROOT, RULESETS_DIR)).filter(
  (n) => n !== 'testing' && statSync(join(ROOT, RULESETS_DIR, n)).isDirectory(),
);
const IDS = [...new Set([...RULESETS.map((m) => m.id), ...FOLDERS])];

/** String literal types of the file format other than the RulesetId union: its vocabulary. */
function formatVocabulary(): Set<string> {
  const file = 'engine/format/types.ts';
  const sf = ts.createSourceFile(
    file,
    readFileSync(join(ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const words = new Set<string>();
  const visit = (n: ts.Node) => {
    if (
      ts.isLiteralTypeNode(n) &&
      ts.isStringLiteral(n.literal) &&
      !isTypeAliasNamed(n, 'RulesetId')
    )
      words.add(n.literal.text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return words;
}

const OPTIONS: ScanOptions = {
  ids: IDS,
  vocabulary: new Set(IDS.filter((id) => formatVocabulary().has(id))),
};

const sharedFiles = () =>
  SHARED_TREES.flatMap((t) => walk(t, []))
    .filter((f) => !rulesetFolderOf(f, IDS))
    .filter((f) => !NOT_SHARED_SOURCE.some((re) => re.test(f)));

const show = (vs: readonly Violation[]) => vs.map((v) => `${v.file}:${v.line}: ${v.message}`);

describe('shared code never names a ruleset', () => {
  it('knows the rulesets and which of their ids are also words of the format', () => {
    expect(IDS.length).toBeGreaterThanOrEqual(4);
    expect([...OPTIONS.vocabulary]).toEqual(['tank']);
  });

  it('no module outside engine/rulesets/<id>/ names a ruleset', () => {
    const files = sharedFiles();
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((f) =>
      scanSharedSource(f, readFileSync(join(ROOT, f), 'utf8'), OPTIONS),
    );
    expect(show(found)).toEqual([]);
  });

  it('no ruleset folder imports a module that imports the registry', () => {
    const importsOf = repositoryImports();
    const chains = FOLDERS.map((id) =>
      importChain(`${RULESETS_DIR}/${id}/index.ts`, REGISTRY, importsOf),
    )
      .filter((c): c is string[] => c !== null)
      .map((c) => c.join(' -> '));
    expect(chains).toEqual([]);
  });

  it('no shared engine module imports the registry: entry points hand it a RulesetLookup', () => {
    const importsOf = repositoryImports();
    const engine = sharedFiles().filter((f) => f.startsWith('engine/') && f !== REGISTRY);
    expect(engine.length).toBeGreaterThan(150);
    const chains = engine
      .map((f) => importChain(f, REGISTRY, importsOf))
      .filter((c): c is string[] => c !== null)
      .map((c) => c.join(' -> '));
    expect(chains).toEqual([]);
  });
});

describe('the scanner', () => {
  const scan = (text: string, file = 'engine/forces/example.ts') =>
    scanSharedSource(file, text, OPTIONS).map((v) => `${v.line}: ${v.message.split(';')[0]}`);

  it('finds an import from a ruleset folder, naming the line', () => {
    expect(
      scan(
        [
          "import { a } from '../format';",
          "import { terrainTypeId } from '../rulesets/tankplank/rules/terrainRules';",
          "export { b } from '../rulesets/ww1';",
          "const c = await import('../rulesets/tank/index');",
          "type D = import('../rulesets/tanks/missions').TanksMission;",
        ].join('\n'),
      ),
    ).toEqual([
      `2: imports "../rulesets/tankplank/rules/terrainRules" from the tankplank ruleset's folder`,
      `3: imports "../rulesets/ww1" from the ww1 ruleset's folder`,
      `4: imports "../rulesets/tank/index" from the tank ruleset's folder`,
      `5: imports "../rulesets/tanks/missions" from the tanks ruleset's folder`,
      // The type's name is an identifier named after a ruleset, too.
      '5: the identifier TanksMission is named after the tanks ruleset',
    ]);
  });

  it('lets shared code import the registry and the module types, and the registry its rulesets', () => {
    const ok = [
      "import { RULESETS } from '../rulesets/registry';",
      "import type { RulesetModule } from '../rulesets/types';",
    ].join('\n');
    expect(scan(ok)).toEqual([]);
    expect(
      scan("import { tankplank } from './tankplank';\nexport const R = [tankplank];", REGISTRY),
    ).toEqual([]);
  });

  it('finds literal comparisons and switches on ruleset ids', () => {
    expect(
      scan(
        [
          "if (cat.ruleset === 'tanks') f();",
          "if ('tankplank' !== doc.ruleset.id) g();",
          'switch (ruleset.id) {',
          "  case 'ww1':",
          "  case 'tank':",
          '    break;',
          '}',
          "const hex = ruleset !== 'tank' && ruleset !== 'ww1';",
        ].join('\n'),
      ),
    ).toEqual([
      "1: compares with the ruleset id 'tanks'",
      "2: compares with the ruleset id 'tankplank'",
      "4: switches on the ruleset id 'ww1'",
      "5: switches on the ruleset id 'tank'",
      "8: compares with the ruleset id 'tank'",
      "8: compares with the ruleset id 'ww1'",
    ]);
  });

  it('finds ruleset ids and namespaced record ids in strings', () => {
    expect(
      scan(
        [
          "const doc = newScenario({ ruleset: 'tankplank', map });",
          "const ref = { ruleset: { id: 'tank' } };",
          "const ids = ['tanks', 'ww1'];",
          "const basic = docs['tankplank.basic'];",
          'const mission = `tanks.${row}`;',
        ].join('\n'),
      ),
    ).toEqual([
      "1: names the ruleset id 'tankplank' in a string",
      "2: names the ruleset id 'tank' in a string",
      "3: names the ruleset id 'tanks' in a string",
      "3: names the ruleset id 'ww1' in a string",
      "4: names a record of the tankplank ruleset ('tankplank.basic')",
      "5: names a record of the tanks ruleset ('tanks.')",
    ]);
  });

  it('leaves the unit class tank, the RulesetId union and comments alone', () => {
    const ok = [
      "export type RulesetId = 'tankplank' | 'tanks' | 'tank' | 'ww1';",
      "if (type.class === 'tank') extra.push('tank');",
      "const holders = { classes: ['tank'], excludeEnemy: true };",
      "switch (type.class) { case 'tank': break; }",
      '// Tankplank moves 6" (TP-4); tankplankX in a comment is prose',
      '/* the tanks ruleset */',
      "const label = 'New Tankplank table';",
    ].join('\n');
    expect(scan(ok, 'engine/format/types.ts')).toEqual([]);
    expect(scan("type Other = 'tanks';")).toEqual(["1: names the ruleset id 'tanks' in a string"]);
  });

  it('finds identifiers named after a ruleset', () => {
    expect(
      scan(
        [
          'const tankplankLayer = 1;',
          'export const TANKPLANK_CATALOGS = [];',
          'function checkTanksPlatoons() {}',
          'const ww1Hexes = 0;',
          'x.tankplankOnly = true;',
          'const tankCount = 0; const tanksOnTable = 2;',
          'const nTanks = 1; const WW1_MAP = 2; const stankplanky = 3;',
        ].join('\n'),
      ),
    ).toEqual([
      '1: the identifier tankplankLayer is named after the tankplank ruleset',
      '2: the identifier TANKPLANK_CATALOGS is named after the tankplank ruleset',
      '3: the identifier checkTanksPlatoons is named after the tanks ruleset',
      '4: the identifier ww1Hexes is named after the ww1 ruleset',
      '5: the identifier tankplankOnly is named after the tankplank ruleset',
      '6: the identifier tanksOnTable is named after the tanks ruleset',
      '7: the identifier nTanks is named after the tanks ruleset',
      '7: the identifier WW1_MAP is named after the ww1 ruleset',
    ]);
  });

  it('lets a marked line through, and only that line and the next', () => {
    expect(
      scan(
        [
          "// not a ruleset: BattleScribe's category names",
          "const KINDS = ['tanks', 'helicopters'];",
          "const more = ['tanks'];",
          "const x = 'ww1'; // not a ruleset: a reason on the same line",
          "const y = 'ww1'; // not a ruleset:",
        ].join('\n'),
      ),
    ).toEqual([
      "3: names the ruleset id 'tanks' in a string",
      "5: names the ruleset id 'ww1' in a string",
    ]);
  });

  it('follows value imports to the registry and ignores type-only ones', () => {
    const graph: Record<string, string[]> = {
      'engine/rulesets/x/index.ts': ['engine/rulesets/x/forces.ts'],
      'engine/rulesets/x/forces.ts': ['engine/forces/forceTree.ts', 'engine/forces/checks.ts'],
      'engine/forces/checks.ts': [REGISTRY],
    };
    expect(importChain('engine/rulesets/x/index.ts', REGISTRY, (f) => graph[f] ?? [])).toEqual([
      'engine/rulesets/x/index.ts',
      'engine/rulesets/x/forces.ts',
      'engine/forces/checks.ts',
      REGISTRY,
    ]);
    expect(
      valueImports(
        'engine/rulesets/x/forces.ts',
        [
          "import type { A } from '../../forces/forceChecks';",
          "import { type B, type C } from '../../forces/missionPresets';",
          "import { allUnits, type D } from '../../forces/forceTree';",
          "export type { E } from '../../layout/layoutChecks';",
          "export { F } from './missions';",
          "import data from '../../../scenarios/x.json';",
          "import ts from 'typescript';",
        ].join('\n'),
      ),
    ).toEqual(['engine/forces/forceTree', 'engine/rulesets/x/missions', 'scenarios/x.json']);
  });
});
