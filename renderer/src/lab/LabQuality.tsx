import { useEffect, useRef, useState } from 'react';
import type { ScenarioDoc } from '../../../engine/format/types';
import { differenceText, QUALITY_MEASURES, qualityLines } from '../../../engine/lab/quality';
import { runRestricted, type RestrictedProgress } from '../../../engine/lab/qualityRestricted';
import { runLab } from '../../../engine/lab/runner';
import type { LabReport, RestrictedType } from '../../../engine/lab/types';
import { labWorkers, webLabWorker } from './labClient';
import './labQuality.css';
import { BUNDLED_RULESETS } from '../../../engine/rulesets/registry';

/**
 * The lab's game-quality section: each measure's value with what it means and a good range
 * (QUALITY_MEASURES, the same words as the command line and the docs), and restricted play when
 * the run asked for it: played here after the run, on the run's seeds, with its own progress
 * and Cancel; the report with its rows goes back through `onReport` (so it is what is saved).
 */
export function LabQuality({
  report,
  scenario,
  colours,
  onReport,
}: {
  report: LabReport;
  scenario: ScenarioDoc;
  colours: Readonly<Record<string, string>>;
  onReport: (report: LabReport) => void;
}) {
  const q = report.quality;
  // Not after a run that was stopped: its seeds are not the ones asked for.
  const stopped = report.played < report.settings.games;
  const wanted =
    report.settings.restricted === true && q !== undefined && !q.restricted && !stopped;
  const [progress, setProgress] = useState<RestrictedProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<(() => void) | null>(null);
  // Report objects stay the same for one run: restricted play starts once for it.
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const r = runRestricted(
      report,
      scenario,
      report.settings,
      (what, settings, onProgress) =>
        runLab(what, settings, {
          spawn: () => webLabWorker(),
          workers: labWorkers(),
          onProgress: (p) => onProgress(p),
        }),
      BUNDLED_RULESETS,
      (p) => live && setProgress(p),
    );
    cancelRef.current = () => r.cancel();
    r.done.then(
      (next) => {
        if (!live) return;
        cancelRef.current = null;
        setProgress(null);
        onReport(next);
      },
      (err: unknown) => {
        if (!live) return;
        cancelRef.current = null;
        setProgress(null);
        setError(err instanceof Error ? err.message : String(err));
      },
    );
    return () => {
      live = false;
      r.cancel();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per report, as said above
  }, [report, wanted]);

  if (!q) return null;
  const sideName = (id: string) => report.sides.find((s) => s.id === id)?.name ?? id;
  return (
    <section className="lab-quality" data-testid="lab-quality" aria-label="Game quality">
      <h4>Game quality</h4>
      <table className="lab-quality-table">
        <thead>
          <tr>
            <th>measure</th>
            <th>value</th>
            <th>what it means; a good range</th>
          </tr>
        </thead>
        <tbody>
          {qualityLines(q).map((l) => {
            const t = QUALITY_MEASURES[l.measure];
            return (
              <tr key={l.measure} data-measure={l.measure}>
                <th scope="row">{t.label}</th>
                <td className="value">{l.value}</td>
                <td className="means">
                  {t.means}; <span className="good">good: {t.good}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {progress && (
        <div className="lab-progress">
          <div
            className="bar"
            role="progressbar"
            aria-label="Restricted play games"
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.done}
          >
            <div style={{ width: `${(100 * progress.done) / Math.max(1, progress.total)}%` }} />
          </div>
          <span data-testid="lab-restricted-progress">
            Restricted play: {progress.playing}, {progress.done} of {progress.total} games
          </span>
          <button onClick={() => cancelRef.current?.()}>Stop restricted play</button>
        </div>
      )}
      {error && (
        <p className="lab-error" role="alert">
          Restricted play stopped: {error}
        </p>
      )}
      {report.settings.restricted === true && stopped && !q.restricted && (
        <p className="lab-note">Restricted play was not played: the run was stopped.</p>
      )}
      {q.restricted && (
        <RestrictedTable rows={q.restricted} sideName={sideName} colours={colours} />
      )}
    </section>
  );
}

/** Restricted play: a row a unit type, side by side, biggest drop first, the drop as a bar. */
function RestrictedTable({
  rows,
  sideName,
  colours,
}: {
  rows: readonly RestrictedType[];
  sideName: (id: string) => string;
  colours: Readonly<Record<string, string>>;
}) {
  const t = QUALITY_MEASURES.restricted;
  const sides = [...new Set(rows.map((r) => r.side))];
  const sorted = sides.flatMap((s) =>
    rows
      .filter((r) => r.side === s)
      .sort((a, b) => (b.drop?.difference ?? -2) - (a.drop?.difference ?? -2)),
  );
  const W = 160;
  // The bar spans a drop from -100 to +100 points, 0 in the middle.
  const x = (d: number) => W / 2 + (W / 2) * Math.max(-1, Math.min(1, d));
  return (
    <div className="lab-restricted" data-testid="lab-restricted">
      <p className="lab-note">
        <b>{t.label}</b>: {t.means}; good: {t.good}. The type&apos;s units are taken out of the
        forces, not left standing idle.
      </p>
      <table className="lab-quality-table">
        <thead>
          <tr>
            <th>side without</th>
            <th className="num">units</th>
            <th className="num">wins without</th>
            <th>drop in win share (95% interval)</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((r) => (
            <tr key={`${r.side}/${r.type}`}>
              <th scope="row">
                {sideName(r.side)} without {r.name}
              </th>
              <td className="num">{r.units}</td>
              {r.unplayable !== undefined || !r.drop || !r.without ? (
                <td colSpan={2} className="means">
                  cannot be played: {r.unplayable}
                </td>
              ) : (
                <>
                  <td className="num">{(100 * r.without.share).toFixed(1)}%</td>
                  <td>
                    <svg
                      width={W}
                      height={14}
                      role="img"
                      aria-label={`drop ${differenceText(r.drop)}`}
                    >
                      <rect x={0} y={2} width={W} height={10} fill="#33373e" />
                      <rect
                        x={Math.min(x(0), x(r.drop.difference))}
                        y={2}
                        width={Math.abs(x(r.drop.difference) - x(0))}
                        height={10}
                        fill={colours[r.side] ?? '#3f6fc2'}
                      />
                      <line
                        x1={x(r.drop.low)}
                        x2={x(r.drop.high)}
                        y1={7}
                        y2={7}
                        stroke="#e6e8eb"
                        strokeWidth={1.5}
                      />
                      <line x1={x(0)} x2={x(0)} y1={0} y2={14} stroke="#9aa3b2" />
                    </svg>{' '}
                    <span className="interval">{differenceText(r.drop)}</span>
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The settings' checkbox that asks for restricted play with the run. */
export function RestrictedChoice({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label title="After the run, plays its seeds again for each unit type of each side without that side's units of the type, and shows how much the side's win share drops. Costs one more run per unit type.">
      <input
        type="checkbox"
        aria-label="Restricted play"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      Restricted play (value of each unit type; one more run per type)
    </label>
  );
}
