/**
 * Writes the rules reference, docs/rules/<ruleset>.md: every rule id the rules digests define or
 * the code cites, with a one-line summary (the digest's own restatement, cut to its first
 * sentence), its state, and the files that implement and test it. Run through `npm run generate`.
 *
 * The digests live in ../shared/rules beside the repository. Without them this script says so
 * and writes nothing, so the committed reference stays as it is.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIGESTS = join(ROOT, '..', 'shared', 'rules');
const OUT = join(ROOT, 'docs', 'rules');

interface Book {
  /** The id prefix the digest and the code use. */
  readonly prefix: string;
  readonly digest: string;
  readonly title: string;
  /** The page written under docs/rules/. */
  readonly page: string;
  /** The ruleset folder whose engine plays it. */
  readonly folder: string;
}

const BOOKS: readonly Book[] = [
  {
    prefix: 'TP',
    digest: 'tankplank.md',
    title: 'Tankplank (with Tankette Waltz and the advanced rules)',
    page: 'tankplank.md',
    folder: 'tankplank',
  },
  {
    prefix: 'OT',
    digest: 'tank-optional.md',
    title: 'TANK!: the optional rules',
    page: 'tank-optional.md',
    folder: 'tank',
  },
  {
    prefix: 'TC',
    digest: 'tank-costello.md',
    title: 'TANK!: the Costello contour revision',
    page: 'tank-costello.md',
    folder: 'tank',
  },
  {
    prefix: 'WW',
    digest: 'ww1-tanks.md',
    title: 'WWI tanks for the hex card game',
    page: 'ww1.md',
    folder: 'ww1',
  },
  {
    prefix: 'TK',
    digest: 'tanks-modern-age.md',
    title: 'TANKS: The Modern Age',
    page: 'tanks.md',
    folder: 'tanks',
  },
];

const ID = /\b(TP|TK|OT|TC|WW)-(?:[A-Z]?\d+(?:\.\d+)*[a-z]?)\b/g;

/** Where the code is searched for ids, and which of those files are tests. */
const SEARCHED = [
  'engine',
  'renderer',
  'cli',
  'server',
  'electron',
  'scripts',
  'e2e',
  'scenarios/catalogs',
  'schemas',
];
const isTest = (path: string) => /\.(test|spec)\.tsx?$|\/golden\//.test(path);
/** Files that list every id to check coverage: they cite ids without implementing them. */
const isMeta = (path: string) => /ruleCoverage\.test\.ts$|scripts\/docs\//.test(path);

function files(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name === 'testdata' || name === 'generated') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else if (/\.(ts|tsx|json|mjs)$/.test(name)) out.push(path);
  }
  return out;
}

/** Drops markdown marks, the digest's pointers into the seed text (L12–L30) and extra spaces. */
function plain(text: string): string {
  return text
    .replace(/\[INTERP [A-Z]{2}-[A-Z0-9.]+\]/g, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\(?\bL\d+(?:[–-]L?\d+)?(?:,\s*L\d+(?:[–-]L?\d+)?)*\)?\.?/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:])/g, '$1')
    .trim();
}

/** The first sentence, or the first 160 characters ending in an ellipsis. */
function oneLine(text: string): string {
  const t = plain(text).replace(/\|/g, '/');
  const end = t.search(/[.!?](\s|$)/);
  const first = end >= 0 ? t.slice(0, end + 1) : t;
  if (first.length <= 160) return first;
  return `${first.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

/** The summary of each id the digest defines: a bullet, a heading, a table row or an INTERP note. */
export function definitions(digest: string, prefix: string): Map<string, string> {
  const lines = digest.split('\n');
  const found = new Map<string, string>();
  const put = (id: string, text: string) => {
    if (!found.has(id) && text.trim()) found.set(id, oneLine(text));
  };
  const idRe = `(${prefix}-[A-Z]?\\d+(?:\\.\\d+)*[a-z]?)`;
  const bullet = new RegExp(`^\\s*(?:[*-]|\\d+\\.)\\s+\\*\\*${idRe}([^*]*)\\*\\*\\s*(.*)$`);
  const heading = new RegExp(`^#+\\s+${idRe}\\b\\s*(.*)$`);
  const row = new RegExp(`^\\|\\s*(?:\\*\\*)?${idRe}(?:\\*\\*)?\\s*\\|([^|]*)\\|`);
  const interp = new RegExp(`\\[INTERP ${idRe}\\]\\s*(.*)$`);
  // A numbered section ("## 9. Firing") is what an id of the section alone (TP-9) points at.
  const section = /^##\s+(\d+)\.\s+(.*)$/;
  let lastRule: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // A bullet's text goes on over its indented continuation lines.
    const more = () => {
      let text = '';
      for (
        let j = i + 1;
        j < lines.length && /^\s{2,}\S/.test(lines[j]!) && !/^\s*[*-]\s/.test(lines[j]!);
        j++
      )
        text += ` ${lines[j]!.trim()}`;
      return text;
    };
    let m = bullet.exec(line);
    if (m) lastRule = m[1]!;
    if (m) {
      // The bold part may hold a title too ("TP-15.1 Tests are required when").
      put(m[1]!, `${m[2]!.trim()} ${m[3]!}${more()}`);
      continue;
    }
    m = heading.exec(line);
    if (m) {
      put(m[1]!, m[2]!);
      continue;
    }
    m = row.exec(line);
    if (m) {
      put(m[1]!, m[2]!);
      continue;
    }
    m = interp.exec(line);
    if (m) {
      put(m[1]!, m[2]! + more());
      continue;
    }
    // Lettered items under a rule ("  * **(a)** …") are that rule's parts: TP-15.1a.
    m = /^\s+[*-]\s+\*\*\(([a-z])\)\*\*\s*(.*)$/.exec(line);
    if (m && lastRule) {
      put(`${lastRule}${m[1]!}`, `${m[2]!}${more()}`);
      continue;
    }
    m = section.exec(line);
    if (m) put(`${prefix}-${m[1]!}`, `The section ${m[2]!.replace(/\.$/, '')}.`);
  }
  return found;
}

/** Natural order: TP-2 before TP-10, numbered rules before ambiguities (A), gaps (G) and the rest. */
export function compareIds(a: string, b: string): number {
  const key = (id: string) =>
    id
      .slice(3)
      .split(/[.]/)
      .map((part) => {
        const m = /^([A-Z]?)(\d*)([a-z]?)$/.exec(part);
        return m ? [m[1] ? m[1].charCodeAt(0) : 0, Number(m[2] || 0), m[3] || ''] : [999, 0, part];
      });
  const ka = key(a);
  const kb = key(b);
  for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
    const x = ka[i];
    const y = kb[i];
    if (!x) return -1;
    if (!y) return 1;
    if (x[0] !== y[0]) return (x[0] as number) - (y[0] as number);
    if (x[1] !== y[1]) return (x[1] as number) - (y[1] as number);
    if (x[2] !== y[2]) return String(x[2]) < String(y[2]) ? -1 : 1;
  }
  return 0;
}

const listFiles = (paths: readonly string[]) => {
  if (paths.length === 0) return '–';
  const shown = paths.slice(0, 5).map((p) => `\`${p}\``);
  return paths.length > 5 ? `${shown.join(', ')} and ${paths.length - 5} more` : shown.join(', ');
};

function main(): number {
  if (!existsSync(DIGESTS)) {
    console.log(
      `rules reference not written: the digests are not at ${DIGESTS} (../shared missing)`,
    );
    return 0;
  }
  // Every citation in the code: id -> files, split into code (and catalog data) and tests.
  const cited = new Map<string, { code: Set<string>; tests: Set<string> }>();
  for (const dir of SEARCHED) {
    for (const path of files(join(ROOT, dir))) {
      const rel = relative(ROOT, path);
      if (isMeta(rel)) continue;
      const text = readFileSync(path, 'utf8');
      for (const m of text.matchAll(ID)) {
        const id = m[0];
        let entry = cited.get(id);
        if (!entry) cited.set(id, (entry = { code: new Set(), tests: new Set() }));
        (isTest(rel) ? entry.tests : entry.code).add(rel);
      }
    }
  }

  mkdirSync(OUT, { recursive: true });
  const index: string[] = [];
  for (const book of BOOKS) {
    const digest = readFileSync(join(DIGESTS, book.digest), 'utf8');
    const defined = definitions(digest, book.prefix);
    const mentioned = new Set(
      [...digest.matchAll(ID)].map((m) => m[0]).filter((id) => id.startsWith(`${book.prefix}-`)),
    );
    const ids = new Set([
      ...defined.keys(),
      ...[...cited.keys()].filter((id) => id.startsWith(`${book.prefix}-`)),
    ]);
    // Template ids such as TP-x.y in the digest's own conventions are not rules.
    const sorted = [...ids].sort(compareIds);
    const counts = { both: 0, code: 0, tests: 0, none: 0 };
    const rows = sorted.map((id) => {
      const c = cited.get(id);
      const code = [...(c?.code ?? [])].sort();
      const tests = [...(c?.tests ?? [])].sort();
      const state =
        code.length && tests.length
          ? 'implemented, tested'
          : code.length
            ? 'implemented'
            : tests.length
              ? 'tested'
              : 'not cited in code';
      counts[
        code.length && tests.length
          ? 'both'
          : code.length
            ? 'code'
            : tests.length
              ? 'tests'
              : 'none'
      ]++;
      const parent = /^(.*\d)([a-z])$/.exec(id);
      const summary =
        defined.get(id) ??
        (parent && defined.has(parent[1]!)
          ? `Part (${parent[2]!}) of ${parent[1]!}: ${defined.get(parent[1]!)!}`
          : undefined) ??
        (mentioned.has(id)
          ? 'Named in the digest without a rule of its own.'
          : 'Cited in code; not in the digest.');
      return `| ${id} | ${summary} | ${state} | ${listFiles(code)} | ${listFiles(tests)} |`;
    });
    const page = [
      `# ${book.title}: rules reference`,
      '',
      `Generated by \`npm run generate\` (scripts/docs/rulesReference.ts) from the rules digest and the`,
      `code; do not edit by hand. The engine lives in \`engine/rulesets/${book.folder}/\`. An id ending in`,
      `A*n* is an ambiguity of the text with the reading the engine plays (many are options in the`,
      `catalog's \`interpretations\`), G*n* a gap the catalogs fill, E a test vector.`,
      '',
      `${sorted.length} ids: ${counts.both} implemented and tested, ${counts.code} implemented, ${counts.tests} only in tests, ${counts.none} not cited in code.`,
      '',
      '| Id | Summary | State | Code and catalogs | Tests |',
      '| --- | --- | --- | --- | --- |',
      ...rows,
      '',
    ].join('\n');
    writeFileSync(join(OUT, book.page), page);
    index.push(
      `| \`${book.prefix}-\` | [${book.title}](${book.page}) | ${sorted.length} | ${counts.both + counts.code} | ${counts.none} |`,
    );
  }
  writeFileSync(
    join(OUT, 'README.md'),
    [
      '# Rules reference',
      '',
      'Every rule id the code cites (`TP-9.4`, `TK-A12`, …) can be looked up here: one page per rules',
      'digest, each id with a one-line summary, whether code and tests cite it, and which files. The',
      'pages are generated by `npm run generate` from the digests in `../shared/rules/` and the code;',
      '`npm run generate -- --check` (run by `npm test`) fails when they are out of date.',
      '',
      '| Prefix | Ruleset | Ids | Cited by code or catalogs | Not cited |',
      '| --- | --- | --- | --- | --- |',
      ...index,
      '',
    ].join('\n'),
  );
  console.log(`wrote the rules reference for ${BOOKS.length} digests in ${relative(ROOT, OUT)}`);
  return 0;
}

// Run as a script (npm run generate), not when a test imports the functions above.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(main());
