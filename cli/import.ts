import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
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
  MAX_TILED_BYTES,
  hexTerrainChoices,
  defaultHexTerrain,
} from '../engine/import/tiled/index';
import { importBattleScribe, MAX_BS_BYTES } from '../engine/import/battlescribe/battlescribe';
import { RULESETS } from '../engine/rulesets/registry';
import { parseCommandArgs } from './args';

/** The rulesets a Tiled hex map can become a scenario of: those played on a hex board. */
const HEX_RULESETS: readonly RulesetId[] = RULESETS.filter((m) => m.board === 'hex').map(
  (m) => m.id,
);

export const usage = `sandtable import tiled <map.tmx|map.tmj> [tileset files...] --ruleset ${HEX_RULESETS.join('|')} --out <file.scenario.json>
                [--mapping <file>] [--default-terrain <id>] [--hex-inches <n>] [--title <text>] [--json]
  Imports a Tiled hexagonal map (TMX or JSON; CSV, base64, zlib, gzip or zstd layer data; infinite
  maps; external tilesets are read from beside the map or given after it) as a new scenario of the ruleset. Each tile becomes
  terrain, a level and flags by the mapping: the one remembered in --out when it exists (a
  re-import), else one in --mapping (a scenario imported before, or a JSON list of rules), else one
  guessed from the tiles' classes, names, images and custom properties. The mapping used is printed
  and saved in the scenario (map.imported), so the next import starts from it.

sandtable import battlescribe <folder | game.gst cat.cat...> --out <file.catalog.json> [--id <id>] [--json]
  Imports a BattleScribe/NewRecruit game system (.gst/.gstz) and its catalogues (.cat/.catz) as a
  TANKS catalog: model cards, crew, upgrade, ammo and platoon cards. Prints what could not be
  carried over, with file, element and line. Use the catalog with
  "sandtable validate --catalog <file>" or import it into a scenario in the app's Catalog tab.

  Exits 0 on success, 1 when a file cannot be imported (nothing is written), 2 on bad usage.`;

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

async function runTiled(args: string[]): Promise<number> {
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
      inputs.push(await readInput(f, MAX_TILED_BYTES));
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
      inputs.push(await readInput(path, MAX_TILED_BYTES));
      given.add(basename(source));
    } catch {
      // Not there: the importer says which tileset to give.
    }
  }
  const terrains = hexTerrainChoices(ruleset);
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

async function runBattleScribe(args: string[]): Promise<number> {
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
      if ((await stat(p)).isDirectory()) {
        for (const f of (await readdir(p)).sort())
          if (/\.(gst|cat)z?$/i.test(f)) files.push(join(p, f));
      } else files.push(p);
    } catch (e) {
      return fail([ioProblem(p, e)], json);
    }
  }
  const inputs = [];
  for (const f of files) {
    if (!/\.(gst|cat)z?$/i.test(extname(f)))
      return fail(
        [{ file: f, where: '', message: 'is not a BattleScribe file (.gst, .cat, .gstz, .catz)' }],
        json,
      );
    try {
      inputs.push(await readInput(f, MAX_BS_BYTES));
    } catch (e) {
      return fail(e instanceof ImportError ? e.problems : [ioProblem(f, e)], json);
    }
  }
  const t0 = performance.now();
  try {
    const { catalog, report } = importBattleScribe(inputs, saxesXmlParser, {
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

export async function run(args: string[]): Promise<number> {
  const [kind, ...rest] = args;
  if (kind === 'tiled') return runTiled(rest);
  if (kind === 'battlescribe') return runBattleScribe(rest);
  process.stderr.write(
    `${kind ? `unknown import "${kind}"` : 'say what to import'}: tiled or battlescribe\n\n${usage}\n`,
  );
  return 2;
}
