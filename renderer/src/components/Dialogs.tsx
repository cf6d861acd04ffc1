import { useEffect, useRef, useState } from 'react';
import { formatProblem, type Problem } from '../../../engine/format/problems';
import type { RulesetId } from '../../../engine/format/types';
import type { NewScenarioOptions } from '../../../engine/document';
import { RULESETS, TABLE_PRESETS } from '../../../engine/rulesets/registry';
import { planTiles, type PaperSize } from '../export/tiles';
import { MAP_STYLES, type MapStyle } from '../canvas/mapStyle';

/** A modal dialog: focus moves inside, Escape closes. */
export function Modal({
  title,
  onClose,
  children,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>(
      '[autofocus], input, select, button:not(.close)',
    );
    // Focus without scrolling: a long dialog (the help) opens at its start, not scrolled down to
    // a Close button at its foot.
    first?.focus({ preventScroll: true });
  }, []);
  return (
    <div
      className="modal-backdrop"
      onPointerDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        className={`modal${wide ? ' wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        ref={ref}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <h2>{title}</h2>
        {children}
      </div>
    </div>
  );
}

/** Choose ruleset and map kind/size, starting from a preset of a bundled table. */
export function NewTableDialog({
  onCreate,
  onClose,
}: {
  onCreate: (o: NewScenarioOptions) => void;
  onClose: () => void;
}) {
  const [preset, setPreset] = useState(TABLE_PRESETS[0]!.id);
  const p = TABLE_PRESETS.find((x) => x.id === preset)!;
  const [title, setTitle] = useState('Untitled table');
  const [ruleset, setRuleset] = useState<RulesetId>(p.ruleset);
  const [w, setW] = useState(p.map.kind === 'table' ? p.map.width : p.map.columns);
  const [h, setH] = useState(p.map.kind === 'table' ? p.map.height : p.map.rows);
  const choose = (id: string) => {
    const np = TABLE_PRESETS.find((x) => x.id === id)!;
    setPreset(id);
    setRuleset(np.ruleset);
    setW(np.map.kind === 'table' ? np.map.width : np.map.columns);
    setH(np.map.kind === 'table' ? np.map.height : np.map.rows);
  };
  const valid =
    w > 0 &&
    h > 0 &&
    (p.map.kind === 'table'
      ? w <= 1200 && h <= 1200
      : Number.isInteger(w) && Number.isInteger(h) && w <= 500 && h <= 500);
  return (
    <Modal title="New scenario" onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid) return;
          const map =
            p.map.kind === 'table'
              ? { kind: 'table' as const, width: w, height: h }
              : { ...p.map, columns: w, rows: h };
          onCreate({ title: title.trim() || 'Untitled table', ruleset, map });
        }}
      >
        <fieldset className="presets">
          <legend>Table</legend>
          {TABLE_PRESETS.map((x) => (
            <label key={x.id}>
              <input
                type="radio"
                name="preset"
                checked={preset === x.id}
                onChange={() => choose(x.id)}
              />{' '}
              {x.label}
            </label>
          ))}
        </fieldset>
        <label>
          Title <input value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label>
          Ruleset
          <select value={ruleset} onChange={(e) => setRuleset(e.target.value as RulesetId)}>
            {RULESETS.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <div className="row">
          <label>
            {p.map.kind === 'table' ? 'Width (inches)' : 'Columns'}
            <input type="number" min={1} value={w} onChange={(e) => setW(Number(e.target.value))} />
          </label>
          <label>
            {p.map.kind === 'table' ? 'Depth (inches)' : 'Rows'}
            <input type="number" min={1} value={h} onChange={(e) => setH(Number(e.target.value))} />
          </label>
        </div>
        <div className="button-row end">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={!valid}>
            Create
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The loader's problems with a file that could not be opened. */
export function ProblemsDialog({
  file,
  problems,
  onClose,
}: {
  file: string;
  problems: readonly Problem[];
  onClose: () => void;
}) {
  return (
    <Modal title={`${file} could not be opened`} onClose={onClose} wide>
      <p>
        Nothing was changed. The file has {problems.length} problem
        {problems.length === 1 ? '' : 's'}:
      </p>
      <ul className="problems" aria-label="Problems">
        {problems.map((p, i) => (
          <li key={i}>
            <code>{formatProblem(p)}</code>
          </li>
        ))}
      </ul>
      <div className="button-row end">
        <button className="primary" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </Modal>
  );
}

export interface ExportChoice {
  format: 'png' | 'svg' | 'pdf';
  dpi: number;
  paper: PaperSize;
  overlap: number;
  /** The printed mat or the plain ink-saving style. */
  style: MapStyle;
  /** A legend below the map (PNG, SVG) or on a last sheet (PDF). */
  legend: boolean;
  /** PDF drawn as vectors (sharp at any size, small) rather than as a picture at `dpi`. */
  vector: boolean;
  /** Print the underlay picture too (PDF only). */
  withUnderlay: boolean;
}

/** Export options: PNG resolution, or PDF paper and overlap (with the page count it makes). */
export function ExportDialog({
  format,
  size,
  underlay,
  onExport,
  onClose,
  initialStyle = 'printed',
  initialLegend = false,
}: {
  format: ExportChoice['format'];
  size: { width: number; height: number };
  /** The map's underlay picture, if it has one (offered for printing). */
  underlay?: { print?: boolean; name?: string } | undefined;
  onExport: (c: ExportChoice) => Promise<void>;
  onClose: () => void;
  /** The style and legend the editor shows, offered first. */
  initialStyle?: MapStyle;
  initialLegend?: boolean;
}) {
  const [dpi, setDpi] = useState(format === 'pdf' ? 150 : 100);
  const [style, setStyle] = useState<MapStyle>(initialStyle);
  const [legend, setLegend] = useState(initialLegend);
  const [paper, setPaper] = useState<PaperSize>('a4');
  const [overlap, setOverlap] = useState(0.5);
  const [vector, setVector] = useState(true);
  const [withUnderlay, setWithUnderlay] = useState(!!underlay?.print);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const tiles = planTiles(size, { paper, overlap, margin: 0.4 });
  const title =
    format === 'png' ? 'Export PNG' : format === 'svg' ? 'Export SVG' : 'Print-ready PDF (1:1)';
  return (
    <Modal title={title} onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          setError('');
          onExport({ format, dpi, paper, overlap, style, legend, vector, withUnderlay }).then(
            onClose,
            (err: unknown) => {
              setBusy(false);
              setError(err instanceof Error ? err.message : String(err));
            },
          );
        }}
      >
        {format === 'pdf' && (
          <label>
            Drawing
            <select
              aria-label="Drawing"
              value={vector ? 'vector' : 'raster'}
              onChange={(e) => setVector(e.target.value === 'vector')}
            >
              <option value="vector">Vectors (sharp at any size, small file)</option>
              <option value="raster">Picture (raster at the resolution below)</option>
            </select>
          </label>
        )}
        {format !== 'svg' && (format !== 'pdf' || !vector) && (
          <label>
            Resolution
            <select value={dpi} onChange={(e) => setDpi(Number(e.target.value))}>
              {[50, 100, 150, 200, 300].map((d) => (
                <option key={d} value={d}>
                  {d} px per inch
                  {format === 'png'
                    ? ` (${Math.round(size.width * d)} × ${Math.round(size.height * d)} px)`
                    : ''}
                </option>
              ))}
            </select>
          </label>
        )}
        {format === 'svg' && (
          <p className="muted">
            Vector drawing sized in real inches ({size.width.toFixed(1)}″ × {size.height.toFixed(1)}
            ″).
          </p>
        )}
        {format === 'pdf' && (
          <>
            <label>
              Paper
              <select value={paper} onChange={(e) => setPaper(e.target.value as PaperSize)}>
                <option value="a4">A4</option>
                <option value="letter">US Letter</option>
              </select>
            </label>
            <label>
              Overlap (inches)
              <input
                type="number"
                min={0}
                max={2}
                step={0.25}
                value={overlap}
                onChange={(e) => setOverlap(Math.max(0, Math.min(2, Number(e.target.value))))}
              />
            </label>
            {underlay && (
              <label className="check">
                <input
                  type="checkbox"
                  checked={withUnderlay}
                  onChange={(e) => setWithUnderlay(e.target.checked)}
                  disabled={!vector}
                />
                Print the underlay picture{underlay.name ? ` (${underlay.name})` : ''}
              </label>
            )}
            <p className="muted">
              {tiles.cols * tiles.rows} {tiles.landscape ? 'landscape' : 'portrait'} sheets (
              {tiles.cols} × {tiles.rows}), printed at 100% the table measures{' '}
              {size.width.toFixed(1)}″ × {size.height.toFixed(1)}″.
            </p>
          </>
        )}
        <label>
          Map style
          <select
            aria-label="Map style"
            value={style}
            onChange={(e) => setStyle(e.target.value as MapStyle)}
          >
            {MAP_STYLES.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={legend} onChange={(e) => setLegend(e.target.checked)} />{' '}
          Include the legend{' '}
          {format === 'pdf' ? '(on sheets of its own at the end)' : '(below the map)'}
        </label>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row end">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Exporting…' : 'Export'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
