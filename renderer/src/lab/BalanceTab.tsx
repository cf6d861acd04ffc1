import { useEffect, useRef, useState } from 'react';
import type { Json } from '../../../engine/document/layout';
import type { ScenarioDoc } from '../../../engine/format/types';
import {
  adviseBalance,
  budgetToTell,
  precisionText,
  type AdvisorProgress,
  type AdvisorReport,
  type Suggestion,
} from '../../../engine/lab/advisor';
import { LEVERS, type Lever } from '../../../engine/lab/advisorLevers';
import { labPlayer, variantEdits } from '../../../engine/lab/advisorPlayer';
import { runLab } from '../../../engine/lab/runner';
import type { Share } from '../../../engine/lab/types';
import type { Editor } from '../editor/Editor';
import { labWorkers, webLabWorker } from './labClient';
import { BUNDLED_RULESETS } from '../../../engine/rulesets/registry';

const LEVER_LABELS: Record<Lever, string> = {
  units: 'Unit counts',
  turns: 'Turn limit, longer or shorter',
  deployment: 'Deployment zones',
  objectives: 'Objective positions',
  entry: 'Entry edge / set-up order',
  terrain: 'A terrain piece',
};

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const points = (x: number) => (100 * x).toFixed(1).replace(/\.0$/, '');
const shareText = (s: Share) =>
  `${pct(s.share)} [${pct(s.low)} – ${pct(s.high)}] of ${s.of} decided`;

/**
 * The balance advisor in the lab dialog: plays variants of the open scenario on the lab's Web
 * Workers until it finds fair ones (engine/lab/advisor.ts), shows progress and can be stopped
 * (the best so far is shown). A suggestion is compared with the original side by side and
 * applied to the scenario as one undo step. Session state only until applied.
 */
export function BalanceTab({ scenario, editor }: { scenario: ScenarioDoc; editor: Editor | null }) {
  const [target, setTarget] = useState('50');
  const [tolerance, setTolerance] = useState('3');
  const [budget, setBudget] = useState('4000');
  const [seed, setSeed] = useState('1');
  const [levers, setLevers] = useState<readonly Lever[]>(LEVERS);
  const [progress, setProgress] = useState<AdvisorProgress | null>(null);
  const [report, setReport] = useState<AdvisorReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [applied, setApplied] = useState<string | null>(null);
  const [compared, setCompared] = useState<string | null>(null);
  const stopRef = useRef<(() => void) | null>(null);
  useEffect(() => () => stopRef.current?.(), []);
  // The scenario as it stands in the editor now, to say whether a suggestion is in it (after
  // Apply) or not (after its undo).
  const [live, setLive] = useState<ScenarioDoc | null>(() => editor?.store.scenarioView() ?? null);
  useEffect(() => {
    if (!editor) return;
    return editor.subscribe(() => setLive(editor.store.scenarioView()));
  }, [editor]);
  const hasChange = (s: Suggestion) => {
    if (!live) return false;
    const e = variantEdits(live, s.scenario);
    return e.roots.length === 0 && e.features.length === 0;
  };

  const t = Number(target) / 100;
  const tol = Number(tolerance) / 100;
  const games = Number(budget);
  const firstSeed = Number(seed);
  const invalid = !(t > 0 && t < 1)
    ? 'The target is a share between 0 and 100%.'
    : !(tol > 0 && tol < 0.5)
      ? 'The tolerance is a share above 0 and below 50%.'
      : !(Number.isInteger(games) && games >= 24 && games <= 100_000)
        ? 'The budget is a whole number of games from 24 to 100,000.'
        : !Number.isSafeInteger(firstSeed)
          ? 'The first seed is a whole number.'
          : levers.length === 0
            ? 'Pick at least one lever.'
            : null;

  const start = () => {
    if (invalid) return;
    setReport(null);
    setError(null);
    setApplied(null);
    setCompared(null);
    setRunning(true);
    let stopped = false;
    const player = labPlayer(
      (b, onGame) =>
        runLab(b.scenario, b.settings, {
          spawn: () => webLabWorker(),
          workers: labWorkers(),
          onProgress: (_p, r) => onGame(r),
        }),
      false,
    );
    stopRef.current = () => {
      stopped = true;
      player.cancel();
    };
    adviseBalance(scenario, player.play, {
      rulesets: BUNDLED_RULESETS,
      target: t,
      tolerance: tol,
      budgetGames: games,
      firstSeed,
      levers,
      stopped: () => stopped,
      onProgress: setProgress,
    }).then(
      (r) => {
        setReport(r);
        setRunning(false);
        stopRef.current = null;
      },
      (err: unknown) => {
        setError(err instanceof Error ? err.message : String(err));
        setRunning(false);
        stopRef.current = null;
      },
    );
  };

  const apply = (s: Suggestion) => {
    if (!editor) return;
    const edits = variantEdits(scenario, s.scenario);
    // One commit: the whole suggestion is one undo step.
    editor.commit((w) => {
      for (const r of edits.roots) w.setRoot(r.key, r.value as Json);
      for (const f of edits.features) w.putFeature(f);
    });
    setApplied(s.id);
  };

  const o = report?.original ?? progress?.original;
  return (
    <details className="lab-balance" data-testid="balance-tab">
      <summary>Balance advisor: what to change to make it fair</summary>
      <p className="lab-note">
        Finds what to change to make the scenario fair: plays variants (a unit more or less, the
        turn limit, zones, objectives, the entry edge or set-up order, a terrain piece moved) until
        the first side&apos;s share of the decided games has a 95% interval that contains the target
        and is no wider than ± the tolerance. A budget too small for that precision says how precise
        it got and how many games would tell, rather than calling it fair.
      </p>
      <fieldset className="lab-settings" disabled={running}>
        <legend>Question</legend>
        <label>
          Target %
          <input
            aria-label="Target share"
            type="number"
            min={1}
            max={99}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          />
        </label>
        <label>
          Tolerance ±%
          <input
            aria-label="Tolerance"
            type="number"
            min={0.5}
            max={49}
            step={0.5}
            value={tolerance}
            onChange={(e) => setTolerance(e.target.value)}
          />
        </label>
        <label>
          Budget (games)
          <input
            aria-label="Budget in games"
            type="number"
            min={24}
            max={100000}
            value={budget}
            onChange={(e) => setBudget(e.target.value)}
          />
        </label>
        <label>
          First seed
          <input
            aria-label="Advisor first seed"
            type="number"
            value={seed}
            onChange={(e) => setSeed(e.target.value)}
          />
        </label>
      </fieldset>
      <fieldset className="lab-settings" disabled={running}>
        <legend>Levers</legend>
        {LEVERS.map((l) => (
          <label key={l}>
            <input
              type="checkbox"
              checked={levers.includes(l)}
              onChange={(e) =>
                setLevers(
                  e.target.checked
                    ? LEVERS.filter((x) => x === l || levers.includes(x))
                    : levers.filter((x) => x !== l),
                )
              }
            />
            {LEVER_LABELS[l]}
          </label>
        ))}
      </fieldset>
      {invalid && <p className="lab-error">{invalid}</p>}
      <div className="button-row">
        {running ? (
          <button onClick={() => stopRef.current?.()}>Stop advisor</button>
        ) : (
          <button className="primary" onClick={start} disabled={invalid !== null}>
            {report ? 'Advise again' : 'Advise'}
          </button>
        )}
      </div>
      {progress && (running || !report) && (
        <div className="lab-progress">
          <div
            className="bar"
            role="progressbar"
            aria-label="Advisor games played"
            aria-valuemin={0}
            aria-valuemax={progress.budget}
            aria-valuenow={progress.games}
          >
            <div style={{ width: `${(100 * progress.games) / Math.max(1, progress.budget)}%` }} />
          </div>
          <span data-testid="balance-progress">
            {progress.games} of at most {progress.budget} games; {progress.fair} fair,{' '}
            {progress.out} ruled out, {progress.open} open
            {progress.best
              ? `; closest: ${progress.best.change} ${pct(progress.best.share.share)}`
              : ''}
          </span>
        </div>
      )}
      {error && (
        <p className="lab-error" role="alert">
          The advisor stopped: {error}
        </p>
      )}
      {report && o && (
        <div className="lab-balance-results" data-testid="balance-results">
          <p>
            As it is, {report.side.name} wins {shareText(o.share)} ({o.games} games; decided{' '}
            {pct(o.decided.share)}, mean {o.meanTurns.toFixed(1)} turns).{' '}
            {report.stopped ? 'Stopped: the best so far. ' : ''}
            {report.games} games played.
          </p>
          {report.answer === 'already fair' && (
            <p className="lab-verdict" role="status">
              Already fair: the interval contains {pct(report.target)} and is {precisionText(o)}, as
              precise as the ±{points(report.tolerance)} asked; nothing to change.
            </p>
          )}
          {report.answer === 'undecided' && (
            <p className="lab-verdict" role="status">
              Not decided: the interval contains {pct(report.target)}, so it may be fair as it is,
              but it is only {precisionText(o)}. Raise the budget to about {budgetToTell(report)}{' '}
              games to tell it to ±{points(report.tolerance)}. Nothing is proposed until then.
            </p>
          )}
          {report.answer === 'none' && (
            <p className="lab-verdict" role="status">
              {report.tried.length > 0 && report.tried.every((x) => x.verdict === 'out')
                ? 'No suggestion: every variant tried was ruled out; no change along these levers makes it fair.'
                : report.tried.length > 0
                  ? `No suggestion: ${report.tried.filter((x) => x.verdict === 'out').length} variants ruled out and ${report.tried.filter((x) => x.verdict === 'open').length} still open, none with ${pct(report.target)} in its interval. A larger budget or other levers may find one.`
                  : 'No suggestion: no variant was played to an answer.'}
            </p>
          )}
          {report.answer === 'closest' && (
            <p className="lab-verdict" role="status">
              No variant was confirmed fair to ±{points(report.tolerance)} points within the budget.
              The leads below have intervals that contain {pct(report.target)}; raise the budget to
              about {budgetToTell(report)} games to tell the first.
            </p>
          )}
          {report.suggestions.length > 0 && (
            <ol className="lab-suggestions" aria-label="Suggestions">
              {report.suggestions.map((s) => (
                <li key={s.id}>
                  <b>{s.change}</b>: {report.side.name} wins {shareText(s.share)}; decided{' '}
                  {pct(s.decided.share)} ({s.decisivenessChange >= 0 ? '+' : ''}
                  {s.decisivenessChange.toFixed(1)} points), draws {pct(s.draws.share)}, mean{' '}
                  {s.meanTurns.toFixed(1)} turns; {s.games} games.{' '}
                  {s.verdict !== 'fair' && (
                    <span className="lab-note">
                      Not confirmed: {precisionText(s)}; about {s.moreGames} more games would tell
                      it to ±{points(report.tolerance)}.{' '}
                    </span>
                  )}
                  <button
                    onClick={() => setCompared(compared === s.id ? null : s.id)}
                    aria-expanded={compared === s.id}
                  >
                    Compare
                  </button>{' '}
                  {editor &&
                    (applied === s.id && hasChange(s) ? (
                      <>
                        <span role="status">Applied: the scenario has this change now.</span>{' '}
                        <button onClick={() => editor.undo()}>Undo the change</button>
                      </>
                    ) : (
                      <button onClick={() => apply(s)} disabled={hasChange(s)}>
                        Apply to the scenario
                      </button>
                    ))}
                  {compared === s.id && (
                    <table
                      className="lab-compare-table"
                      aria-label={`Original against ${s.change}`}
                    >
                      <thead>
                        <tr>
                          <th />
                          <th>Original</th>
                          <th>{s.change}</th>
                          <th>Difference (95% interval)</th>
                        </tr>
                      </thead>
                      <tbody>
                        <tr>
                          <td>{report.side.name} wins (decided games)</td>
                          <td>{shareText(o.share)}</td>
                          <td>{shareText(s.share)}</td>
                          <td />
                        </tr>
                        <tr>
                          <td>Draws</td>
                          <td>{pct(o.draws.share)}</td>
                          <td>{pct(s.draws.share)}</td>
                          <td />
                        </tr>
                        {s.againstOriginal.map((c) => (
                          <tr key={c.measure} className={c.clear ? 'clear' : ''}>
                            <td>{c.label}</td>
                            <td>{c.then}</td>
                            <td>{c.now}</td>
                            <td>
                              {c.change}
                              {c.difference !== undefined &&
                                (c.clear ? ': meaningful' : ': within chance')}
                            </td>
                          </tr>
                        ))}
                        <tr>
                          <td>Games</td>
                          <td>{o.games}</td>
                          <td>{s.games}</td>
                          <td />
                        </tr>
                      </tbody>
                    </table>
                  )}
                </li>
              ))}
            </ol>
          )}
          {report.absent.length > 0 && (
            <p className="lab-note">
              Not tried: {report.absent.map((a) => `${a.change} (${a.why})`).join('; ')}.
            </p>
          )}
        </div>
      )}
    </details>
  );
}
