import { useMemo, useState, useSyncExternalStore } from 'react';
import type {
  Card,
  CatalogDoc,
  HexFlag,
  RulesetId,
  ScenarioCatalog,
  ScenarioDoc,
  TileMapping,
  UnitType,
} from '../../../engine/format/types';
import { serializeDocument } from '../../../engine/format/saver';
import { formatImportProblem, ImportError, type ImportProblem } from '../../../engine/import/xml';
import { saxesXmlParser } from '../../../engine/import/saxesXml';
import {
  buildHexMap,
  defaultHexTerrain,
  HEX_FLAGS,
  hexRulesets,
  hexTerrainChoices,
  proposeMapping,
  readTiledMap,
  scenarioFromHexMap,
  type TiledMap,
} from '../../../engine/import/tiled/index';
import {
  importBattleScribe,
  type BsImportResult,
} from '../../../engine/import/battlescribe/battlescribe';
import type { Editor } from '../editor/Editor';
import { Modal } from '../components/Dialogs';
import { importUi } from './importUi';
import { pickFiles, type PickedFile } from './pickFiles';
import { acceptOf } from '../../../engine/formats/registry';
import { tiledImport } from '../../../engine/formats/tiled';
import { battleScribeImport } from '../../../engine/formats/battlescribe';
import {
  calibrateUnderlay,
  dataUrlOf,
  DEFAULT_UNDERLAY_OPACITY,
  fitScale,
  missingPicture,
  pictureType,
  providePathFile,
  setUnderlay,
  underlayOf,
} from '../underlay/underlay';
import { useRevision } from '../components/useEditor';
import './import.css';
import { BUNDLED_RULESETS } from '../../../engine/rulesets/registry';
import { kindWords } from '../../../engine/terrain/featureLabel';

/** The rulesets a Tiled map can become a scenario of: the bundled hex rulesets. */
const HEX_RULESETS = hexRulesets(BUNDLED_RULESETS);

/** Tile mappings the user confirmed in earlier imports, by tileset and tile (this browser only). */
const MAPPING_KEY = 'sandtable.tiledMappings';

function rememberedMappings(): TileMapping[] {
  try {
    const v = JSON.parse(localStorage.getItem(MAPPING_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as TileMapping[]) : [];
  } catch {
    return [];
  }
}

function rememberMappings(rules: readonly TileMapping[]): void {
  const byKey = new Map(rememberedMappings().map((m) => [`${m.tileset}\u0000${m.tile}`, m]));
  for (const m of rules) byKey.set(`${m.tileset}\u0000${m.tile}`, m);
  try {
    localStorage.setItem(MAPPING_KEY, JSON.stringify([...byKey.values()].slice(-2000)));
  } catch {
    // Storage full or off: the scenario itself still remembers the mapping.
  }
}

function Problems({ problems }: { problems: readonly ImportProblem[] }) {
  if (!problems.length) return null;
  return (
    <div className="field-error import-problems" role="alert">
      <p>Nothing was imported; the files were not changed and nothing open was touched:</p>
      <ul>
        {problems.slice(0, 50).map((p, i) => (
          <li key={i}>{formatImportProblem(p)}</li>
        ))}
      </ul>
    </div>
  );
}

const problemsOf = (e: unknown): ImportProblem[] => {
  if (e instanceof ImportError) return [...e.problems];
  return [{ file: '', where: '', message: e instanceof Error ? e.message : String(e) }];
};

/** Shows whichever import or underlay dialog the commands opened. */
export function ImportDialogs({
  editor,
  onOpenScenario,
  exportFile,
}: {
  editor: Editor | null;
  onOpenScenario: (doc: ScenarioDoc, name: string) => void;
  exportFile: (data: Uint8Array | string, name: string, mime: string) => Promise<unknown>;
}) {
  const open = useSyncExternalStore(importUi.subscribe, importUi.get);
  if (!open) return null;
  const close = () => importUi.close();
  switch (open.kind) {
    case 'tiled':
      return <TiledImportDialog editor={editor} onOpen={onOpenScenario} onClose={close} />;
    case 'battlescribe':
      return editor ? (
        <BattleScribeDialog editor={editor} exportFile={exportFile} onClose={close} />
      ) : null;
    case 'underlay':
      return editor ? <UnderlayDialog editor={editor} onClose={close} /> : null;
    case 'calibrate':
      return editor ? (
        <CalibrateDialog editor={editor} a={open.a} b={open.b} onClose={close} />
      ) : null;
  }
}

// ---- Tiled -------------------------------------------------------------------------------------

function TiledImportDialog({
  editor,
  onOpen,
  onClose,
}: {
  editor: Editor | null;
  onOpen: (doc: ScenarioDoc, name: string) => void;
  onClose: () => void;
}) {
  const current = editor?.store.rootField<{ id: RulesetId }>('ruleset')?.id;
  const [ruleset, setRuleset] = useState<RulesetId>(
    HEX_RULESETS.find((r) => r.id === current)?.id ?? HEX_RULESETS[0]!.id,
  );
  const terrains = useMemo(() => hexTerrainChoices(ruleset, BUNDLED_RULESETS), [ruleset]);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [read, setRead] = useState<TiledMap | null>(null);
  const [mapping, setMapping] = useState<TileMapping[]>([]);
  const [defaultTerrain, setDefaultTerrain] = useState(() => defaultHexTerrain(terrains));
  const [problems, setProblems] = useState<ImportProblem[]>([]);

  const readFiles = (all: PickedFile[]) => {
    setFiles(all);
    try {
      const m = readTiledMap(all, saxesXmlParser);
      // A re-import of the map open now starts from its own mapping, then from earlier imports.
      const imported = editor?.store.mapFields()['imported'] as
        { file: string; mapping: TileMapping[] } | undefined;
      const mine = imported && imported.file === m.file ? imported.mapping : [];
      setRead(m);
      setMapping(proposeMapping(m, terrains, [...rememberedMappings(), ...mine]));
      setProblems([]);
    } catch (e) {
      setRead(null);
      setProblems(problemsOf(e));
    }
  };
  const choose = async () => {
    const picked = await pickFiles(acceptOf(tiledImport), true, 'tiled-file-input');
    if (!picked.length) return;
    const byName = new Map(files.map((f) => [f.name, f]));
    for (const f of picked) byName.set(f.name, f);
    // The newly chosen map goes first; tilesets added later keep the map chosen before.
    const chosenMap = picked.find((f) => /\.(tmx|tmj|json)$/i.test(f.name));
    const all = [...byName.values()].sort((a, b) =>
      a.name === chosenMap?.name ? -1 : b.name === chosenMap?.name ? 1 : 0,
    );
    readFiles(all);
  };
  const changeRuleset = (r: RulesetId) => {
    const next = hexTerrainChoices(r, BUNDLED_RULESETS);
    setRuleset(r);
    setDefaultTerrain(defaultHexTerrain(next));
    // Rules naming a terrain the other ruleset lacks are guessed again for it.
    const ids = new Set(next.map((t) => t.id));
    if (read)
      setMapping(
        proposeMapping(
          read,
          next,
          mapping.filter((m) => m.terrain === undefined || ids.has(m.terrain)),
        ),
      );
  };

  const set = (i: number, patch: Partial<TileMapping>) =>
    setMapping((all) =>
      all.map((m, j) => {
        if (j !== i) return m;
        const next: TileMapping = { ...m, ...patch };
        for (const k of ['terrain', 'level', 'flags'] as const)
          if (next[k] === undefined || (k === 'flags' && !next.flags?.length)) delete next[k];
        return next;
      }),
    );
  const toggleFlag = (i: number, f: HexFlag) => {
    const flags = new Set(mapping[i]!.flags ?? []);
    if (flags.has(f)) flags.delete(f);
    else flags.add(f);
    set(i, { flags: HEX_FLAGS.filter((x) => flags.has(x)) });
  };
  const doImport = () => {
    if (!read) return;
    try {
      const { map } = buildHexMap(read, mapping, { defaultTerrain, terrains });
      const title = read.file.replace(/\.(tmx|tmj|json)$/i, '');
      rememberMappings(mapping);
      onOpen(scenarioFromHexMap(map, ruleset, title), `${title}.scenario.json`);
      onClose();
    } catch (e) {
      setProblems(problemsOf(e));
    }
  };
  const order = read
    ? read.tiles.map((t, i) => i).sort((a, b) => read.tiles[b]!.count - read.tiles[a]!.count)
    : [];
  return (
    <Modal title="Import Tiled map" onClose={onClose} wide>
      <div className="form import-dialog">
        <p className="muted">
          A hexagonal map from Tiled (.tmx or .tmj) with its tilesets (.tsx, .tsj) if they are
          separate files. Each tile becomes terrain, a level and flags by the mapping below, guessed
          from the tiles' classes, names and properties and remembered for the next import.
        </p>
        <div className="row">
          <button type="button" className={read ? '' : 'primary'} onClick={() => void choose()}>
            {files.length ? 'Add or change files…' : 'Choose map and tilesets…'}
          </button>
          <label>
            Ruleset
            <select
              aria-label="Ruleset"
              value={ruleset}
              onChange={(e) => changeRuleset(e.target.value as RulesetId)}
            >
              {HEX_RULESETS.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
          {read && (
            <label>
              Other hexes
              <select
                aria-label="Default terrain"
                value={defaultTerrain}
                onChange={(e) => setDefaultTerrain(e.target.value)}
              >
                {terrains.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        {files.length > 0 && (
          <p className="muted small" data-testid="tiled-files">
            Files: {files.map((f) => f.name).join(', ')}
          </p>
        )}
        <Problems problems={problems} />
        {read && (
          <>
            <p data-testid="tiled-summary">
              {read.file}: {read.columns} × {read.rows} hexes, {read.layout.orientation} tops,{' '}
              {read.layout.offset} {read.layout.orientation === 'flat' ? 'columns' : 'rows'}{' '}
              shifted, {read.layers.length} tile layer(s), {read.objects.length} object(s)
              {read.infinite ? ', infinite map' : ''}.
            </p>
            <div className="mapping-scroll">
              <table className="mapping-table" aria-label="Tile mapping">
                <thead>
                  <tr>
                    <th>Tile</th>
                    <th>Hexes</th>
                    <th>Terrain</th>
                    <th>Level</th>
                    <th>Flags</th>
                  </tr>
                </thead>
                <tbody>
                  {order.map((i) => {
                    const t = read.tiles[i]!;
                    const m = mapping[i] ?? { tileset: t.tileset, tile: t.tile };
                    return (
                      <tr key={`${t.tileset}:${t.tile}`} data-tile={t.label}>
                        <th scope="row">
                          {t.label}
                          <span className="muted small">
                            {' '}
                            {t.tileset} #{t.tile}
                          </span>
                        </th>
                        <td>{t.count}</td>
                        <td>
                          <select
                            aria-label={`Terrain of ${t.label}`}
                            value={m.terrain ?? ''}
                            onChange={(e) => set(i, { terrain: e.target.value || undefined })}
                          >
                            <option value="">(keep)</option>
                            {terrains.map((x) => (
                              <option key={x.id} value={x.id}>
                                {x.name}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td>
                          <input
                            aria-label={`Level of ${t.label}`}
                            type="number"
                            step={1}
                            value={m.level ?? ''}
                            onChange={(e) =>
                              set(i, {
                                level:
                                  e.target.value === ''
                                    ? undefined
                                    : Math.round(Number(e.target.value)),
                              })
                            }
                          />
                        </td>
                        <td>
                          <div className="flags">
                            {HEX_FLAGS.map((f) => (
                              <label key={f} className="flag">
                                <input
                                  type="checkbox"
                                  checked={m.flags?.includes(f) ?? false}
                                  onChange={() => toggleFlag(i, f)}
                                />
                                {kindWords(f)}
                              </label>
                            ))}
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {read.notes.length > 0 && (
              <ul className="muted small">
                {read.notes.map((n, i) => (
                  <li key={i}>{formatImportProblem(n)}</li>
                ))}
              </ul>
            )}
          </>
        )}
        <div className="button-row end">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" disabled={!read} onClick={doImport}>
            Import as new scenario
          </button>
        </div>
      </div>
    </Modal>
  );
}

// ---- BattleScribe ------------------------------------------------------------------------------

/** The scenario's own catalog with the imported records added (same id: the import wins). */
function mergeCatalog(own: ScenarioCatalog | undefined, add: CatalogDoc): ScenarioCatalog {
  const merge = <T extends { id: string }>(a: readonly T[] = [], b: readonly T[] = []) => {
    const byId = new Map(a.map((r) => [r.id, r]));
    for (const r of b) byId.set(r.id, r);
    return [...byId.values()];
  };
  return {
    ...(own ?? {}),
    units: merge<UnitType>(own?.units, add.units),
    cards: merge<Card>(own?.cards, add.cards),
  };
}

function BattleScribeDialog({
  editor,
  exportFile,
  onClose,
}: {
  editor: Editor;
  exportFile: (data: Uint8Array | string, name: string, mime: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [result, setResult] = useState<BsImportResult | null>(null);
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [done, setDone] = useState('');
  const choose = async () => {
    const picked = await pickFiles(acceptOf(battleScribeImport), true, 'battlescribe-file-input');
    if (!picked.length) return;
    try {
      setResult(
        importBattleScribe(picked, saxesXmlParser, BUNDLED_RULESETS, {
          created: new Date().toISOString().slice(0, 10),
        }),
      );
      setProblems([]);
    } catch (e) {
      setResult(null);
      setProblems(problemsOf(e));
    }
  };
  const add = () => {
    if (!result) return;
    const own = editor.store.rootField<ScenarioCatalog>('catalog');
    const merged = mergeCatalog(own, result.catalog);
    editor.commit((w) => w.setRoot('catalog', merged as never));
    setDone(
      `Added ${result.catalog.units?.length ?? 0} models and ${result.catalog.cards?.length ?? 0} cards to this scenario's catalog (Undo takes them out again).`,
    );
  };
  const r = result?.report;
  return (
    <Modal title="Import BattleScribe catalogues" onClose={onClose} wide>
      <div className="form import-dialog">
        <p className="muted">
          Choose a BattleScribe or NewRecruit game system (.gst) and its catalogues (.cat; zipped
          .gstz/.catz too). Model cards, crew, upgrade, ammo and platoon cards become this TANKS
          scenario's own catalog records.
        </p>
        <div className="row">
          <button type="button" className={result ? '' : 'primary'} onClick={() => void choose()}>
            Choose files…
          </button>
        </div>
        <Problems problems={problems} />
        {r && result && (
          <>
            <p data-testid="bs-summary">
              {r.gameSystem} with {r.catalogues.length} catalogue(s) ({r.catalogues.join(', ')}):{' '}
              {r.units} models, {r.cards.crew} crew, {r.cards.upgrade} upgrade, {r.cards.ammo} ammo
              and {r.cards.platoon} platoon cards.
            </p>
            {r.notImported.length > 0 && (
              <details open={r.notImported.length <= 12}>
                <summary>Not imported ({r.notImported.length})</summary>
                <ul className="small import-report">
                  {r.notImported.slice(0, 300).map((p, i) => (
                    <li key={i}>{formatImportProblem(p)}</li>
                  ))}
                </ul>
              </details>
            )}
            {done && (
              <p role="status" data-testid="bs-done">
                {done}
              </p>
            )}
          </>
        )}
        <div className="button-row end">
          <button type="button" onClick={onClose}>
            {done ? 'Close' : 'Cancel'}
          </button>
          <button
            type="button"
            disabled={!result}
            onClick={() =>
              result &&
              void exportFile(
                serializeDocument(result.catalog),
                `${result.catalog.id}.catalog.json`,
                'application/json',
              )
            }
          >
            Save as catalog file…
          </button>
          <button type="button" className="primary" disabled={!result || !!done} onClick={add}>
            Add to this scenario
          </button>
        </div>
      </div>
    </Modal>
  );
}

// ---- underlay ----------------------------------------------------------------------------------

interface Picture {
  name: string;
  bytes: Uint8Array;
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  url: string;
}

async function readPicture(): Promise<Picture | string | null> {
  const [f] = await pickFiles('.png,.jpg,.jpeg,image/png,image/jpeg', false, 'underlay-file-input');
  if (!f) return null;
  const mime = pictureType(f.bytes);
  if (!mime) return `${f.name} is not a PNG or JPEG picture; save the scan as PNG or JPEG first.`;
  const url = URL.createObjectURL(new Blob([f.bytes as BlobPart], { type: mime }));
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch {
    URL.revokeObjectURL(url);
    return `${f.name} could not be decoded as a picture; it may be damaged.`;
  }
  return {
    name: f.name,
    bytes: f.bytes,
    mime,
    width: img.naturalWidth,
    height: img.naturalHeight,
    url,
  };
}

function UnderlayDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  useRevision(editor);
  const u = underlayOf(editor);
  const [keep, setKeep] = useState<'embedded' | 'path'>('embedded');
  const [error, setError] = useState('');
  const place = async (replace: boolean) => {
    const pic = await readPicture();
    if (pic === null) return;
    if (typeof pic === 'string') return setError(pic);
    setError('');
    const size = editor.mapSize();
    const base =
      replace && u
        ? { ...u, pixelWidth: pic.width, pixelHeight: pic.height }
        : {
            name: pic.name,
            pixelWidth: pic.width,
            pixelHeight: pic.height,
            x: 0,
            y: 0,
            inchesPerPixel: fitScale(pic.width, pic.height, size),
            opacity: DEFAULT_UNDERLAY_OPACITY,
          };
    const {
      embedded: _e,
      path: _p,
      ...rest
    } = base as typeof base & { embedded?: string; path?: string };
    if (keep === 'path') providePathFile(pic.name, pic.url);
    else URL.revokeObjectURL(pic.url);
    setUnderlay(editor, {
      ...rest,
      name: pic.name,
      ...(keep === 'embedded' ? { embedded: dataUrlOf(pic.bytes, pic.mime) } : { path: pic.name }),
    });
    if (!replace) editor.setTool('underlayScale');
  };
  const find = async () => {
    const pic = await readPicture();
    if (pic === null || !u?.path) return;
    if (typeof pic === 'string') return setError(pic);
    providePathFile(u.path, pic.url);
  };
  const num = (v: string, fallback: number) =>
    Number.isFinite(Number(v)) && v !== '' ? Number(v) : fallback;
  return (
    <Modal title="Underlay picture" onClose={onClose}>
      <div className="form">
        <p className="muted">
          A scan or photo drawn over the map at its opacity, to trace terrain from. Scale it with
          the two-point tool (Ctrl+Alt+K): click two marks on the picture and give their real
          distance. It is left out of the printed PDF unless you ask for it.
        </p>
        <fieldset className="row">
          <legend>Keep the picture</legend>
          <label>
            <input
              type="radio"
              checked={keep === 'embedded'}
              onChange={() => setKeep('embedded')}
            />
            in the scenario file
          </label>
          <label>
            <input type="radio" checked={keep === 'path'} onChange={() => setKeep('path')} />
            as a file next to the scenario (saved as its name; keep the picture beside the scenario
            file)
          </label>
        </fieldset>
        {!u && (
          <div className="button-row">
            <button type="button" className="primary" onClick={() => void place(false)}>
              Choose picture…
            </button>
          </div>
        )}
        {u && (
          <>
            <p data-testid="underlay-summary">
              {u.name ?? u.path ?? 'Picture'}: {u.pixelWidth} × {u.pixelHeight} px,{' '}
              {(u.pixelWidth * u.inchesPerPixel).toFixed(2)}″ ×{' '}
              {(u.pixelHeight * u.inchesPerPixel).toFixed(2)}″ on the table,{' '}
              {u.embedded ? 'kept in the scenario' : `kept as ${u.path}`}.
            </p>
            {missingPicture(u) && (
              <p className="field-error">
                {u.path} is not loaded yet.{' '}
                <button type="button" onClick={() => void find()}>
                  Find {u.path}…
                </button>
              </p>
            )}
            <div className="row">
              <label>
                Left (in)
                <input
                  type="number"
                  step={0.1}
                  value={u.x}
                  disabled={u.locked}
                  onChange={(e) => setUnderlay(editor, { ...u, x: num(e.target.value, u.x) })}
                />
              </label>
              <label>
                Top (in)
                <input
                  type="number"
                  step={0.1}
                  value={u.y}
                  disabled={u.locked}
                  onChange={(e) => setUnderlay(editor, { ...u, y: num(e.target.value, u.y) })}
                />
              </label>
            </div>
            <div className="row">
              <label>
                Width on the table (in)
                <input
                  aria-label="Width on the table"
                  type="number"
                  step={0.1}
                  min={0.1}
                  value={Number((u.pixelWidth * u.inchesPerPixel).toFixed(3))}
                  disabled={u.locked}
                  onChange={(e) => {
                    const w = num(e.target.value, 0);
                    if (w > 0) setUnderlay(editor, { ...u, inchesPerPixel: w / u.pixelWidth });
                  }}
                />
              </label>
              <label>
                Rotation (°)
                <input
                  aria-label="Rotation"
                  type="number"
                  step={0.5}
                  min={-360}
                  max={360}
                  value={u.rotation ?? 0}
                  disabled={u.locked}
                  onChange={(e) =>
                    setUnderlay(editor, {
                      ...u,
                      rotation: Math.max(-360, Math.min(360, num(e.target.value, 0))),
                    })
                  }
                />
              </label>
            </div>
            <label>
              Opacity {Math.round((u.opacity ?? DEFAULT_UNDERLAY_OPACITY) * 100)}%
              <input
                aria-label="Opacity"
                type="range"
                min={0}
                max={1}
                step={0.05}
                value={u.opacity ?? DEFAULT_UNDERLAY_OPACITY}
                onChange={(e) => setUnderlay(editor, { ...u, opacity: Number(e.target.value) })}
              />
            </label>
            <label>
              <input
                type="checkbox"
                checked={!!u.locked}
                onChange={(e) => {
                  const { locked: _l, ...rest } = u;
                  setUnderlay(editor, e.target.checked ? { ...rest, locked: true } : rest);
                }}
              />
              Locked (cannot be moved, scaled or turned)
            </label>
            <label>
              <input
                type="checkbox"
                checked={!!u.print}
                onChange={(e) => {
                  const { print: _p, ...rest } = u;
                  setUnderlay(editor, e.target.checked ? { ...rest, print: true } : rest);
                }}
              />
              Print it with the map (in the 1:1 PDF)
            </label>
            <div className="button-row">
              <button type="button" onClick={() => void place(true)}>
                Replace picture…
              </button>
              <button type="button" onClick={() => setUnderlay(editor, undefined)}>
                Remove
              </button>
            </div>
          </>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row end">
          <button type="button" className="primary" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </Modal>
  );
}

function CalibrateDialog({
  editor,
  a,
  b,
  onClose,
}: {
  editor: Editor;
  a: [number, number];
  b: [number, number];
  onClose: () => void;
}) {
  const measured = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const [value, setValue] = useState('');
  const [unit, setUnit] = useState<'in' | 'cm'>('in');
  const real = Number(value) / (unit === 'cm' ? 2.54 : 1);
  const close = () => {
    editor.update({ tape: null });
    onClose();
  };
  return (
    <Modal title="Scale underlay" onClose={close}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          const u = underlayOf(editor);
          if (!u || !(real > 0) || !(measured > 0)) return;
          setUnderlay(editor, calibrateUnderlay(u, a, b, real));
          close();
        }}
      >
        <p>
          The two marks are {measured.toFixed(2)}″ apart on the table now. How far apart are they
          really?
        </p>
        <div className="row">
          <label>
            Real distance
            <input
              autoFocus
              aria-label="Real distance"
              type="number"
              min={0}
              step="any"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </label>
          <label>
            Unit
            <select value={unit} onChange={(e) => setUnit(e.target.value as 'in' | 'cm')}>
              <option value="in">inches</option>
              <option value="cm">cm</option>
            </select>
          </label>
        </div>
        {value !== '' && !(real > 0) && <p className="field-error">Give a distance above 0.</p>}
        <div className="button-row end">
          <button type="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={!(real > 0) || !(measured > 0)}>
            Scale picture
          </button>
        </div>
      </form>
    </Modal>
  );
}
