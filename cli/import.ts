import { open, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import {
  formatProblem,
  loadDocument,
  serializeDocument,
  type RulesetId,
  type TileMapping,
} from '../engine/format/index';
import { formatImportProblem, ImportError, type ImportProblem } from '../engine/import/xml';
import { saxesXmlParser } from '../engine/import/saxesXml';
import {
  buildHexMap,
  proposeMapping,
  readTiledMap,
  scenarioFromHexMap,
  hexTerrainChoices,
  defaultHexTerrain,
} from '../engine/import/tiled/index';
import { importBattleScribe } from '../engine/import/battlescribe/battlescribe';
import {
  extensionsLabel,
  findFormat,
  IMPORT_FORMATS,
  sniffFormats,
  type ImportFormat,
} from '../engine/formats/registry';
import { tiledImport } from '../engine/formats/tiled';
import { battleScribeImport } from '../engine/formats/battlescribe';
import type { FormatFile } from '../engine/formats/types';
import type { RulesetLookup } from '../engine/rulesets/lookup';
import { BUNDLED_RULESETS, RULESETS } from '../engine/rulesets/registry';
import { parseCommandArgs } from './args';
import type { CliContext } from './context';

/** The rulesets a Tiled hex map can become a scenario of: those played on a hex board. */
const HEX_RULESETS: readonly RulesetId[] = RULESETS.filter((m) => m.board === 'hex').map(
  (m) => m.id,
);

/** How the command line runs a format that takes options of its own, and their usage text. */
interface CliImporter {
  readonly usage: string;
  run(args: string[], format: ImportFormat, rulesets: RulesetLookup): Promise<number>;
}

const TILED_USAGE = `sandtable import tiled <map.tmx|map.tmj> [tileset files...] --ruleset ${HEX_RULESETS.join('|')} --out <file.scenario.json>
                [--mapping <file>] [--default-terrain <id>] [--hex-inches <n>] [--title <text>] [--json]
  Imports a Tiled hexagonal map (TMX or JSON; CSV, base64, zlib, gzip or zstd layer data; infinite
  maps; external tilesets are read from beside the map or given after it) as a new scenario of the ruleset. Each tile becomes
  terrain, a level and flags by the mapping: the one remembered in --out when it exists (a
  re-import), else one in --mapping (a scenario imported before, or a JSON list of rules), else one
  guessed from the tiles' classes, names, images and custom properties. The mapping used is printed
  and saved in the scenario (map.imported), so the next import starts from it.`;

const BATTLESCRIBE_USAGE = `sandtable import battlescribe <folder | game.gst cat.cat...> --out <file.catalog.json> [--id <id>] [--json]
  Imports a BattleScribe/NewRecruit game system (.gst/.gstz) and its catalogues (.cat/.catz) as a
  TANKS catalog: model cards, crew, upgrade, ammo and platoon cards. Prints what could not be
  carried over, with file, element and line. Use the catalog with
  "sandtable validate --catalog <file>" or import it into a scenario in the app's Catalog tab.`;

/** The generic command, for a format with no options of its own. */
function genericUsage(f: ImportFormat): string {
  const needs = f.needs?.includes('ruleset') ? ' --ruleset <id>' : ' [--ruleset <id>]';
  return `sandtable import ${f.id} <${f.folders ? 'folder | ' : ''}${f.extensions.map((e) => `file${e}`).join('|')}...> --out <file.${f.makes === 'catalog' ? 'catalog' : 'scenario'}.json>${needs} [--title <text>] [--id <id>] [--json]
  Imports ${f.summary}.`;
}

/**
 * The command's usage, generated from the format registry: one paragraph per format (its own
 * where the command line knows its options), and how a file is recognised without a format word.
 */
export function usageFor(formats: readonly ImportFormat[]): string {
  const ids = formats.map((f) => f.id);
  return [
    `sandtable import <${ids.join('|')}> <files...> --out <file> [options]
sandtable import <file | folder> --out <file> [options]
  Imports a file made by another tool. Formats: ${formats.map((f) => `${f.id} (${f.name}: ${extensionsLabel(f)})`).join('; ')}.
  Without a format word, the format is recognised from the file's name and first bytes.`,
    ...formats.map((f) => CLI_IMPORTERS[f.id]?.usage ?? genericUsage(f)),
    `  Exits 0 on success, 1 when a file cannot be imported (nothing is written), 2 on bad usage.`,
  ].join('\n\n');
}

async function readInput(file: string, max: number): Promise<{ name: string; bytes: Uint8Array }> {
  const info = await stat(file);
  if (info.size > max) {
    // Refused before reading it into memory.
    throw new ImportError([
      {
        file,
        where: '',
        message: `the file is ${(info.size / 1048576).toFixed(1)} MB, more than the ${max / 1048576} MB an import reads`,
      },
    ]);
  }
  return { name: file, bytes: new Uint8Array(await readFile(file)) };
}

function fail(problems: readonly ImportProblem[], json: boolean): number {
  if (json) process.stdout.write(`${JSON.stringify({ ok: false, problems }, null, 2)}\n`);
  else for (const p of problems) process.stderr.write(`FAIL ${formatImportProblem(p)}\n`);
  return 1;
}

function ioProblem(file: string, err: unknown): ImportProblem {
  const code = (err as NodeJS.ErrnoException).code;
  return {
    file,
    where: '',
    message:
      code === 'ENOENT'
        ? 'does not exist; check the path'
        : code === 'EACCES'
          ? 'cannot be read (permission denied)'
          : `cannot be read (${(err as Error).message})`,
  };
}

/** Mapping rules from a file: a Sandtable scenario or map imported before, or a JSON list. */
async function mappingFrom(file: string): Promise<TileMapping[]> {
  const value = JSON.parse(await readFile(file, 'utf8')) as unknown;
  if (Array.isArray(value)) return value as TileMapping[];
  const imported = (value as { map?: { imported?: { mapping?: TileMapping[] } } }).map?.imported;
  if (imported?.mapping) return imported.mapping;
  throw new Error(
    `${file} holds no tile mapping (a JSON list of rules, or a scenario with map.imported)`,
  );
}

function mappingLine(m: TileMapping): string {
  const what = [
    m.terrain ? `terrain ${m.terrain}` : '',
    m.level !== undefined ? `level ${m.level}` : '',
    m.flags?.length ? m.flags.join('+') : '',
  ].filter(Boolean);
  return `  ${m.tileset} #${m.tile} ${JSON.stringify(m.label ?? '')} -> ${what.join(', ') || 'nothing'}`;
}

async function runTiled(
  args: string[],
  format: ImportFormat,
  rulesets: RulesetLookup,
): Promise<number> {
  const parsed = parseCommandArgs(
    args,
    {
      ruleset: { type: 'string' },
      out: { type: 'string' },
      mapping: { type: 'string' },
      'default-terrain': { type: 'string' },
      'hex-inches': { type: 'string' },
      title: { type: 'string' },
      json: { type: 'boolean' },
    },
    usage,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  const ruleset = values.ruleset as RulesetId | undefined;
  if (!positionals.length || !values.out || !ruleset || !HEX_RULESETS.includes(ruleset)) {
    process.stderr.write(
      `${!positionals.length ? 'no map file given' : !values.out ? '--out is needed' : `--ruleset must be ${HEX_RULESETS.join(' or ')} (the hex rulesets)`}\n\n${usage}\n`,
    );
    return 2;
  }
  const json = values.json === true;
  const inputs = [];
  for (const f of positionals) {
    try {
      inputs.push(await readInput(f, format.maxBytes));
    } catch (e) {
      return fail(e instanceof ImportError ? e.problems : [ioProblem(f, e)], json);
    }
  }
  // External tilesets the map names and the command line did not give: read them from beside
  // the map, as Tiled does.
  const given = new Set(inputs.map((i) => basename(i.name)));
  const mapText = new TextDecoder().decode(inputs[0]!.bytes);
  for (const m of mapText.matchAll(/(?:source="|"source"\s*:\s*")([^"]+\.(?:tsx|tsj|json))"/g)) {
    const source = m[1]!.replace(/\\\//g, '/');
    if (given.has(basename(source))) continue;
    const path = join(dirname(positionals[0]!), source);
    try {
      inputs.push(await readInput(path, format.maxBytes));
      given.add(basename(source));
    } catch {
      // Not there: the importer says which tileset to give.
    }
  }
  const terrains = hexTerrainChoices(ruleset, rulesets);
  let remembered: TileMapping[] = [];
  let from = 'guessed from the tiles';
  try {
    if (values.mapping) {
      remembered = await mappingFrom(values.mapping);
      from = `from ${values.mapping}`;
    } else {
      const prior = await mappingFrom(values.out).catch(() => undefined);
      if (prior) {
        remembered = prior;
        from = `remembered in ${values.out}`;
      }
    }
  } catch (e) {
    return fail(
      [{ file: values.mapping ?? values.out, where: '', message: (e as Error).message }],
      json,
    );
  }
  const defaultTerrain = values['default-terrain'] ?? defaultHexTerrain(terrains);
  const t0 = performance.now();
  try {
    const read = readTiledMap(inputs, saxesXmlParser);
    const mapping = proposeMapping(read, terrains, remembered);
    const hexInches = values['hex-inches'] === undefined ? undefined : Number(values['hex-inches']);
    const { map, report } = buildHexMap(read, mapping, {
      defaultTerrain,
      terrains,
      ...(hexInches && hexInches > 0 ? { hexInches } : {}),
    });
    const title = values.title ?? basename(positionals[0]!).replace(/\.(tmx|tmj|json)$/i, '');
    const doc = scenarioFromHexMap(map, ruleset, title);
    const text = serializeDocument(doc);
    const check = loadDocument(text, { file: values.out, expect: ['sandtable.scenario'] });
    if (!check.ok) {
      return fail(
        check.problems.map((p) => ({
          file: values.out!,
          where: p.pointer,
          message: formatProblem(p),
        })),
        json,
      );
    }
    await writeFile(values.out, text);
    const ms = performance.now() - t0;
    if (json) {
      process.stdout.write(
        `${JSON.stringify({ ok: true, out: values.out, columns: report.columns, rows: report.rows, hexes: report.hexes, labels: report.labels, layout: { orientation: map.orientation, offset: map.offset }, mappingFrom: from, mapping, notes: report.notes, ms: Math.round(ms) }, null, 2)}\n`,
      );
    } else {
      process.stdout.write(
        `imported ${read.file}: ${report.columns} × ${report.rows} hexes, ${map.orientation} tops, ${map.offset} ${map.orientation === 'flat' ? 'columns' : 'rows'} shifted${read.infinite ? ` (infinite map, Tiled (${read.origin.x}, ${read.origin.y}) is hex 0101)` : ''}; ${report.hexes} hexes differ from ${defaultTerrain}, ${report.labels} labelled (${ms.toFixed(0)} ms)\n`,
      );
      process.stdout.write(`mapping (${from}; edit it with --mapping <file> or in the app):\n`);
      for (const m of mapping) process.stdout.write(`${mappingLine(m)}\n`);
      for (const n of report.notes) process.stdout.write(`note ${formatImportProblem(n)}\n`);
      process.stdout.write(`wrote ${values.out}\n`);
    }
    return 0;
  } catch (e) {
    if (e instanceof ImportError) return fail(e.problems, json);
    throw e;
  }
}

async function runBattleScribe(
  args: string[],
  format: ImportFormat,
  rulesets: RulesetLookup,
): Promise<number> {
  const parsed = parseCommandArgs(
    args,
    { out: { type: 'string' }, id: { type: 'string' }, json: { type: 'boolean' } },
    usage,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  if (!positionals.length || !values.out) {
    process.stderr.write(
      `${!positionals.length ? 'no files given' : '--out is needed'}\n\n${usage}\n`,
    );
    return 2;
  }
  const json = values.json === true;
  const files: string[] = [];
  for (const p of positionals) {
    try {
      if ((await stat(p)).isDirectory()) files.push(...(await folderFiles(p, format)));
      else files.push(p);
    } catch (e) {
      return fail([ioProblem(p, e)], json);
    }
  }
  const inputs = [];
  for (const f of files) {
    if (!format.extensions.includes(extname(f).toLowerCase()))
      return fail(
        [
          {
            file: f,
            where: '',
            message: `is not a BattleScribe file (${format.extensions.join(', ')})`,
          },
        ],
        json,
      );
    try {
      inputs.push(await readInput(f, format.maxBytes));
    } catch (e) {
      return fail(e instanceof ImportError ? e.problems : [ioProblem(f, e)], json);
    }
  }
  const t0 = performance.now();
  try {
    const { catalog, report } = importBattleScribe(inputs, saxesXmlParser, rulesets, {
      ...(values.id ? { id: values.id } : {}),
      created: new Date().toISOString().slice(0, 10),
    });
    await writeFile(values.out, serializeDocument(catalog));
    const ms = performance.now() - t0;
    if (json) {
      process.stdout.write(
        `${JSON.stringify({ ok: true, out: values.out, ...report, ms: Math.round(ms) }, null, 2)}\n`,
      );
    } else {
      const c = report.cards;
      process.stdout.write(
        `imported ${report.gameSystem} with ${report.catalogues.length} catalogue(s) (${report.catalogues.join(', ')}): ${report.units} models, ${c.crew} crew, ${c.upgrade} upgrade, ${c.ammo} ammo and ${c.platoon} platoon cards (${ms.toFixed(0)} ms)\n`,
      );
      if (report.notImported.length) {
        process.stdout.write(`not imported (${report.notImported.length}):\n`);
        for (const p of report.notImported) process.stdout.write(`  ${formatImportProblem(p)}\n`);
      }
      process.stdout.write(`wrote ${values.out} (catalog id ${catalog.id})\n`);
    }
    return 0;
  } catch (e) {
    if (e instanceof ImportError) return fail(e.problems, json);
    throw e;
  }
}

const CLI_IMPORTERS: Readonly<Record<string, CliImporter | undefined>> = {
  [tiledImport.id]: { usage: TILED_USAGE, run: runTiled },
  [battleScribeImport.id]: { usage: BATTLESCRIBE_USAGE, run: runBattleScribe },
};

export const usage = usageFor(IMPORT_FORMATS);

/** "a, b or c". */
const orList = (xs: readonly string[]) =>
  xs.length > 1 ? `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}` : (xs[0] ?? '');

/** The files of a folder that the format recognises (a BattleScribe data folder). */
async function folderFiles(dir: string, format: ImportFormat): Promise<string[]> {
  const files: string[] = [];
  for (const f of (await readdir(dir)).sort())
    if (format.extensions.includes(extname(f).toLowerCase())) files.push(join(dir, f));
  return files;
}

/** The first bytes of a file, enough for a format to recognise it. */
async function head(file: string): Promise<Uint8Array> {
  const fh = await open(file, 'r');
  try {
    const buf = new Uint8Array(65536);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Which formats recognise a file, or the files of a folder (every recognised file must agree);
 * undefined when the path does not exist.
 */
async function sniffPath(
  path: string,
  formats: readonly ImportFormat[],
): Promise<ImportFormat[] | undefined> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return undefined;
  }
  if (!info.isDirectory()) return sniffFormats(formats, { name: path, bytes: await head(path) });
  const found = new Set<ImportFormat>();
  for (const name of (await readdir(path)).sort()) {
    const file = join(path, name);
    if (!(await stat(file)).isFile()) continue;
    const hits = sniffFormats(
      formats.filter((f) => f.folders),
      { name, bytes: await head(file) },
    );
    for (const f of hits) found.add(f);
  }
  return [...found];
}

/** Imports through a format's own `read`, for a format the command line has no options for. */
async function runGeneric(
  args: string[],
  format: ImportFormat,
  rulesets: RulesetLookup,
): Promise<number> {
  const parsed = parseCommandArgs(
    args,
    {
      out: { type: 'string' },
      ruleset: { type: 'string' },
      title: { type: 'string' },
      id: { type: 'string' },
      json: { type: 'boolean' },
    },
    usage,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  if (!positionals.length || !values.out) {
    process.stderr.write(
      `${!positionals.length ? 'no files given' : '--out is needed'}\n\n${genericUsage(format)}\n`,
    );
    return 2;
  }
  const json = values.json === true;
  const inputs: FormatFile[] = [];
  for (const p of positionals) {
    try {
      const files =
        format.folders && (await stat(p)).isDirectory() ? await folderFiles(p, format) : [p];
      for (const f of files) inputs.push(await readInput(f, format.maxBytes));
    } catch (e) {
      return fail(e instanceof ImportError ? e.problems : [ioProblem(p, e)], json);
    }
  }
  const t0 = performance.now();
  try {
    const result = format.read(inputs, {
      parseXml: saxesXmlParser,
      rulesets,
      options: {
        ...(values.ruleset ? { ruleset: values.ruleset as RulesetId } : {}),
        ...(values.title ? { title: values.title } : {}),
        ...(values.id ? { id: values.id } : {}),
        created: new Date().toISOString().slice(0, 10),
      },
    });
    const text = serializeDocument(result.document);
    const check = loadDocument(text, {
      file: values.out,
      expect: ['sandtable.scenario', 'sandtable.catalog'],
    });
    if (!check.ok) {
      return fail(
        check.problems.map((p) => ({
          file: values.out!,
          where: p.pointer,
          message: formatProblem(p),
        })),
        json,
      );
    }
    await writeFile(values.out, text);
    const ms = performance.now() - t0;
    if (json) {
      process.stdout.write(
        `${JSON.stringify({ ok: true, format: format.id, out: values.out, summary: result.summary, notes: result.notes, ms: Math.round(ms) }, null, 2)}\n`,
      );
    } else {
      process.stdout.write(`imported ${format.name}: ${result.summary} (${ms.toFixed(0)} ms)\n`);
      for (const n of result.notes) process.stdout.write(`note ${formatImportProblem(n)}\n`);
      process.stdout.write(`wrote ${values.out}\n`);
    }
    return 0;
  } catch (e) {
    if (e instanceof ImportError) return fail(e.problems, json);
    throw e;
  }
}

/**
 * `sandtable import <format> ...` runs the format named; `sandtable import <file> ...` the one
 * that recognises the file, with the context's rulesets (the bundled ones by default). The
 * formats are a parameter so that a test can add one.
 */
export async function run(
  args: string[],
  context?: CliContext,
  formats: readonly ImportFormat[] = IMPORT_FORMATS,
): Promise<number> {
  const rulesets = context?.rulesets ?? BUNDLED_RULESETS;
  const [word, ...rest] = args;
  const ids = formats.map((f) => f.id);
  const help = formats === IMPORT_FORMATS ? usage : usageFor(formats);
  const dispatch = (format: ImportFormat, a: string[]) =>
    (CLI_IMPORTERS[format.id]?.run ?? runGeneric)(a, format, rulesets);
  if (!word) {
    process.stderr.write(`say what to import: ${orList(ids)}, or a file\n\n${help}\n`);
    return 2;
  }
  const named = findFormat(formats, word);
  if (named) return dispatch(named, rest);
  const sniffed = word.startsWith('-') ? undefined : await sniffPath(word, formats);
  if (!sniffed) {
    process.stderr.write(`unknown import "${word}": ${orList(ids)}\n\n${help}\n`);
    return 2;
  }
  if (sniffed.length === 1) return dispatch(sniffed[0]!, args);
  process.stderr.write(
    sniffed.length
      ? `${word} could be read as ${orList(sniffed.map((f) => f.id))}; name the format: sandtable import <${sniffed.map((f) => f.id).join('|')}> ${word} ...\n`
      : `cannot tell the format of ${word}: it is none of ${formats.map((f) => `${f.id} (${extensionsLabel(f)})`).join(', ')}; name the format: sandtable import <${ids.join('|')}> ${word} ...\n`,
  );
  return 2;
}
