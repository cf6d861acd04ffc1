import { useEffect, useMemo, useRef, useState } from 'react';
import type { Json } from '../../../engine/document/layout';
import type { ScenarioDoc } from '../../../engine/format/types';
import type { BotName } from '../../../engine/game/bots/baseline';
import { runLab, type LabRun } from '../../../engine/lab/runner';
import type { LabProgress, LabReport } from '../../../engine/lab/types';
import { labGameOf } from '../../../engine/lab/worker';
import { planKey, planPairText } from '../../../engine/lab/stats';
import { Modal } from '../components/Dialogs';
import { composeRulesetCatalog } from '../../../engine/forces';
import type { Editor } from '../editor/Editor';
import {
  changeText,
  compareRuns,
  decidedChangeLines,
  planChangeLines,
  shortfallChangeLines,
  labFileName,
  labFileText,
  parseLabFile,
  withRun,
  type LabFile,
} from '../../../engine/lab/labFile';
import { qualityChangeLines } from '../../../engine/lab/qualityCompare';
import type { GameSummary } from '../../../engine/lab/types';
import type { PlaytestGame } from '../../../engine/playtest';
import type { Host } from '../../host/Host';
import { ControlChart, HeatMap, LengthChart, PlanTable, Shortfalls, WinShares } from './LabCharts';
import { labWorkers, webLabWorker } from './labClient';
import { labGameForPlaytest } from './labReplay';
import { BalanceTab } from './BalanceTab';
import { LabQuality, RestrictedChoice } from './LabQuality';
import { BOT_CHOICES } from '../playtest/botChoices';
import { StrengthChoice } from '../playtest/StrengthChoice';
import { DEFAULT_SEARCH_STRENGTH } from '../../../engine/game/bots/search';
import './lab.css';
import { LabSightMap } from '../sight/LabSightMap';
import { BUNDLED_CATALOGS, BUNDLED_RULESETS } from '../../../engine/rulesets/registry';

/** Counter colours for sides that do not set their own (as the playtest uses). */
const SIDE_COLOURS = ['#2f5fb3', '#b8322a', '#2f8f4e', '#8a4fb3'];

const rgbOf = (css: string): [number, number, number] => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(css);
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)] : [180, 30, 30];
};

type Layer = { kind: 'deaths' | 'kills'; side: string } | { kind: 'held' };

/**
 * The balance lab: plays the open scenario bot against bot many times in Web Workers (one per
 * core; the editor behind never waits) and shows who wins how often, how sure that figure is,
 * how long games last and where on the map pieces fell. Session state only: a run changes
 * nothing in the scenario; "Save styles" writes the chosen bot styles into its playtest settings
 * as one undo step.
 */
export function LabDialog({
  scenario,
  editor,
  host,
  path,
  name,
  onReplay,
  onClose,
}: {
  scenario: ScenarioDoc;
  editor: Editor | null;
  /** Where the runs are saved next to the scenario; absent: they cannot be saved. */
  host?: Host;
  /** The scenario's file, as opened or saved (undefined while it has never been saved). */
  path?: string;
  /** The scenario's file name (what the lab file is named after). */
  name?: string;
  /** Opens a game of the results in the playtest. */
  onReplay?: (scenario: ScenarioDoc, game: PlaytestGame, warnings: string[]) => void;
  onClose: () => void;
}) {
  const sides = scenario.forces.sides;
  // Tables name unit types as the catalog does ("Rifleman"), not by their ids.
  const catalog = useMemo(
    () => composeRulesetCatalog(scenario.ruleset, BUNDLED_CATALOGS, scenario.catalog),
    [scenario],
  );
  const typeName = (type: string) => catalog.units.get(type)?.name ?? type;
  const colours = useMemo(
    () =>
      Object.fromEntries(
        sides.map((s, k) => [s.id, s.colour ?? SIDE_COLOURS[k % SIDE_COLOURS.length]!]),
      ),
    [sides],
  );
  // The scenario's bots, but the lab starts with the fast ones: a scenario that gives a side the
  // strong bot (to play against it) would make a run of many games take hours.
  const [styles, setStyles] = useState<Record<string, BotName>>(() =>
    Object.fromEntries(
      sides.map((s) => {
        const named = scenario.playtest?.bots?.[s.id];
        return [s.id, named && named !== 'search' ? named : 'balanced'];
      }),
    ),
  );
  // The strong bot's strength, where a side plays it: the scenario's, else the lab's default.
  const [strength, setStrength] = useState(
    scenario.playtest?.searchStrength ?? DEFAULT_SEARCH_STRENGTH,
  );
  const strong = sides.some((s) => styles[s.id] === 'search');
  const [games, setGames] = useState('100');
  const [seed, setSeed] = useState('1');
  const [turnLimit, setTurnLimit] = useState('');
  const [restricted, setRestricted] = useState(false);
  const [progress, setProgress] = useState<LabProgress | null>(null);
  const [report, setReport] = useState<LabReport | null>(null);
  const [stopped, setStopped] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [layer, setLayer] = useState<Layer>({ kind: 'held' });
  const [saved, setSaved] = useState(false);
  /** The run going on now (null when none); the ref lets the unmount clean-up stop it. */
  const [active, setActive] = useState<LabRun | null>(null);
  const run = useRef<LabRun | null>(null);
  /** Games a minute so far, worked out when a game comes back (not while rendering). */
  const [rate, setRate] = useState(0);
  const workers = labWorkers();
  // Whether this scenario can be played at all: said before anything is started.
  const cannot = useMemo(() => {
    const made = labGameOf(scenario, BUNDLED_RULESETS);
    return 'error' in made ? made.error : null;
  }, [scenario]);
  useEffect(() => () => run.current?.cancel(), []);

  // The runs saved next to the scenario (<name>.lab.json): the last one is what a new run is
  // compared with. The browser keeps them under the scenario's name, or its title when unsaved.
  const companion =
    host?.readCompanion && host.writeCompanion
      ? (path ?? (host.kind === 'browser' ? `untitled:${name ?? scenario.meta.title}` : undefined))
      : undefined;
  const fileName = labFileName(name ?? 'scenario.json');
  const [labFile, setLabFile] = useState<LabFile | undefined>(undefined);
  const [labFileProblem, setLabFileProblem] = useState<string | null>(null);
  const [baseline, setBaseline] = useState<LabFile['runs'][number] | null>(null);
  const [savedRun, setSavedRun] = useState<string | null>(null);
  const [replaying, setReplaying] = useState<number | null>(null);
  // The pair of plans whose games the list shows (planKey), or all games.
  const [planPicked, setPlanPicked] = useState<string | null>(null);
  useEffect(() => {
    if (!companion || !host?.readCompanion) return;
    let live = true;
    host.readCompanion(companion, 'lab').then(
      (text) => {
        if (!live || text === null) return;
        const parsed = parseLabFile(text, fileName);
        if (!parsed.ok) {
          setLabFileProblem(parsed.problems.join('; '));
          return;
        }
        setLabFile(parsed.lab);
        setBaseline(parsed.lab.runs[parsed.lab.runs.length - 1] ?? null);
      },
      (err: unknown) => live && setLabFileProblem(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [companion, host, fileName]);

  const saveRun = () => {
    if (!report || !companion || !host?.writeCompanion) return;
    const savedAt = new Date().toISOString();
    const next = withRun(
      labFile,
      { savedAt, report },
      {
        title: scenario.meta.title,
        ...(name ? { file: name } : {}),
      },
    );
    host.writeCompanion(companion, 'lab', labFileText(next)).then(
      (saved) => {
        setLabFile(next);
        setLabFileProblem(null);
        // The next run (on other seeds, other styles) is compared with the one just saved; this
        // one is not compared with itself.
        setBaseline({ savedAt, report });
        setSavedRun(
          `Saved to ${saved.name} (${next.runs.length} run${next.runs.length === 1 ? '' : 's'} kept).`,
        );
      },
      (err: unknown) =>
        setLabFileProblem(
          `the results were not saved: ${err instanceof Error ? err.message : String(err)}`,
        ),
    );
  };

  const replay = (g: GameSummary) => {
    if (!report || !onReplay || replaying !== null) return;
    setReplaying(g.seed);
    setError(null);
    labGameForPlaytest(scenario, report.settings, g).then(
      (r) => {
        setReplaying(null);
        onReplay(r.scenario, r.game, r.warnings);
      },
      (err: unknown) => {
        setReplaying(null);
        setError(
          `seed ${g.seed} could not be replayed: ${err instanceof Error ? err.message : String(err)}`,
        );
      },
    );
  };

  const gameCount = Number(games);
  const firstSeed = Number(seed);
  const limit = turnLimit.trim() === '' ? undefined : Number(turnLimit);
  const invalid =
    !Number.isInteger(gameCount) || gameCount < 1 || gameCount > 100_000
      ? 'Games: a whole number from 1 to 100,000.'
      : !Number.isInteger(firstSeed)
        ? 'First seed: a whole number.'
        : limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 200)
          ? "Turn limit: a whole number from 1 to 200, or empty for the scenario's own."
          : null;
  const running = active !== null;

  const start = () => {
    if (invalid || cannot) return;
    setReport(null);
    setPlanPicked(null);
    setError(null);
    setStopped(false);
    setSavedRun(null);
    setProgress({ done: 0, total: gameCount });
    setRate(0);
    const startedAt = performance.now();
    const r = runLab(
      scenario,
      {
        games: gameCount,
        firstSeed,
        styles,
        ...(strong ? { searchStrength: strength } : {}),
        ...(limit !== undefined ? { turnLimit: limit } : {}),
        ...(restricted ? { restricted: true } : {}),
      },
      {
        spawn: () => webLabWorker(),
        workers,
        onProgress: (p) => {
          setProgress(p);
          setRate((p.done / Math.max(1e-3, (performance.now() - startedAt) / 1000)) * 60);
        },
      },
    );
    run.current = r;
    setActive(r);
    r.done.then(
      (rep) => {
        if (run.current !== r) return;
        setReport(rep);
        run.current = null;
        setActive(null);
        const first = rep.sides[0];
        setLayer(first ? { kind: 'deaths', side: first.id } : { kind: 'held' });
      },
      (err: unknown) => {
        if (run.current !== r) return;
        run.current = null;
        setActive(null);
        setProgress(null);
        setError(err instanceof Error ? err.message : String(err));
      },
    );
  };
  const cancel = () => {
    setStopped(true);
    run.current?.cancel();
  };
  const saveStyles = () => {
    if (!editor) return;
    const current = editor.store.rootField<Record<string, Json>>('playtest') ?? {};
    editor.commit((w) =>
      w.setRoot('playtest', {
        ...current,
        bots: { ...styles },
        ...(strong ? { searchStrength: strength } : {}),
      }),
    );
    setSaved(true);
  };

  const heat =
    report &&
    (layer.kind === 'held'
      ? {
          grid: report.held,
          label: 'Ground the winners held when their games ended',
          colour: [40, 120, 60] as const,
        }
      : (() => {
          const s = report.sides.find((x) => x.id === layer.side) ?? report.sides[0]!;
          const kills = layer.kind === 'kills' ? s.kills : undefined;
          return {
            grid: kills ?? s.deaths,
            label: kills
              ? `Where ${s.name}'s kills were made from`
              : `Where ${s.name}'s pieces fell`,
            colour: rgbOf(colours[s.id] ?? '#b8322a'),
          };
        })());

  // The games list, only the picked pair of plans' games when one is picked.
  const pickedPlans =
    planPicked === null || !report
      ? undefined
      : report.byPlan?.find((p) => planKey(report.sides, p.plans) === planPicked)?.plans;
  const shownGames =
    report?.games &&
    (pickedPlans
      ? report.games.filter((g) => g.plans && planKey(report.sides, g.plans) === planPicked)
      : report.games);
  // An objective's name for a game's tooltip: as the report's shortfalls or control name it.
  const objectiveName = (id: string) =>
    report?.atLimit?.find((o) => o.id === id)?.name ??
    report?.objectives?.find((o) => o.id === id)?.name ??
    id;

  return (
    <Modal title="Balance lab" onClose={onClose} wide>
      <div className="lab" data-testid="lab">
        <p className="lab-intro">
          Plays <b>{scenario.meta.title}</b> bot against bot, each game with its own dice seed, on{' '}
          {workers} worker{workers === 1 ? '' : 's'}. The same seeds always give the same results.
        </p>
        {companion && labFile && !report && (
          <p className="lab-note" data-testid="lab-saved-runs">
            {fileName}: {labFile.runs.length} run{labFile.runs.length === 1 ? '' : 's'} saved, the
            last on{' '}
            {new Date(labFile.runs[labFile.runs.length - 1]!.savedAt).toLocaleString('en-GB')}; a
            new run is compared with it.
          </p>
        )}
        {cannot && (
          <p className="lab-error" role="alert">
            {cannot}
          </p>
        )}
        <fieldset className="lab-settings" disabled={running}>
          <legend>Bots and games</legend>
          {sides.map((s) => (
            <label key={s.id} className="lab-side">
              <span className="swatch" style={{ background: colours[s.id] }} />
              {s.name}
              <select
                aria-label={`Bot style for ${s.name}`}
                value={styles[s.id]}
                onChange={(e) => {
                  setStyles({ ...styles, [s.id]: e.target.value as BotName });
                  setSaved(false);
                }}
              >
                {BOT_CHOICES.map((o) => (
                  <option key={o.value} value={o.value} title={o.hint}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {strong && (
            <StrengthChoice
              value={strength}
              onChange={(v) => {
                setStrength(v);
                setSaved(false);
              }}
              note="(no 2 s limit in the lab: a game takes minutes)"
            />
          )}
          <label>
            Games
            <input
              aria-label="Games"
              type="number"
              min={1}
              max={100000}
              value={games}
              onChange={(e) => setGames(e.target.value)}
            />
          </label>
          <label>
            First seed
            <input
              aria-label="First seed"
              type="number"
              value={seed}
              onChange={(e) => setSeed(e.target.value)}
            />
          </label>
          <label>
            Turn limit
            <input
              aria-label="Turn limit"
              type="number"
              min={1}
              placeholder={String(scenario.victory.turnLimit ?? 'scenario')}
              value={turnLimit}
              onChange={(e) => setTurnLimit(e.target.value)}
            />
          </label>
          <RestrictedChoice checked={restricted} onChange={setRestricted} />
        </fieldset>
        {invalid && <p className="lab-error">{invalid}</p>}
        <div className="button-row">
          {running ? (
            <button onClick={cancel}>Cancel</button>
          ) : (
            <button
              className="primary"
              onClick={start}
              disabled={invalid !== null || cannot !== null}
            >
              {report ? 'Run again' : 'Run'}
            </button>
          )}
          {editor && (
            <button onClick={saveStyles} disabled={running || saved}>
              {saved ? 'Styles saved' : 'Save styles to the scenario'}
            </button>
          )}
        </div>
        {progress && (
          <div className="lab-progress">
            <div
              className="bar"
              role="progressbar"
              aria-label="Games played"
              aria-valuemin={0}
              aria-valuemax={progress.total}
              aria-valuenow={progress.done}
            >
              <div style={{ width: `${(100 * progress.done) / Math.max(1, progress.total)}%` }} />
            </div>
            <span data-testid="lab-progress-text">
              {progress.done} of {progress.total} games
              {rate > 0 ? `, ${Math.round(rate).toLocaleString('en')} a minute` : ''}
              {report && stopped ? ' (stopped)' : ''}
            </span>
          </div>
        )}
        {labFileProblem && (
          <p className="lab-error" role="alert">
            {labFileProblem}
          </p>
        )}
        {error && (
          <p className="lab-error" role="alert">
            The lab stopped: {error}
          </p>
        )}
        {report && (
          <div className="lab-results" data-testid="lab-results">
            <h3>
              {report.played} game{report.played === 1 ? '' : 's'}
              {stopped && report.played < report.settings.games
                ? ` (stopped; ${report.settings.games} asked)`
                : ''}
            </h3>
            <WinShares report={report} colours={colours} />
            <Shortfalls report={report} />
            <PlanTable report={report} picked={planPicked} onPick={setPlanPicked} />
            <LabQuality
              report={report}
              scenario={scenario}
              colours={colours}
              onReport={setReport}
            />
            {baseline && baseline.report !== report && (
              <div className="lab-compare" data-testid="lab-compare">
                <p>
                  Against the run saved {new Date(baseline.savedAt).toLocaleString('en-GB')} (
                  {baseline.report.played} games
                  {baseline.note ? `: ${baseline.note}` : ''}):
                </p>
                <ul>
                  {compareRuns(baseline.report, report).map((c) => (
                    <li key={c.side} className={c.clear ? 'clear' : ''}>
                      {changeText(c)}
                    </li>
                  ))}
                  {[
                    ...decidedChangeLines(baseline.report, report),
                    ...planChangeLines(baseline.report, report),
                    ...shortfallChangeLines(baseline.report, report),
                    ...qualityChangeLines(baseline.report, report),
                  ].map((line) => (
                    <li key={line.text} className={line.clear ? 'clear' : ''}>
                      {line.text}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {companion && (
              <div className="button-row lab-save">
                <button onClick={saveRun} disabled={running || savedRun !== null}>
                  Save results next to the scenario
                </button>
                <span className="lab-note">
                  {savedRun ??
                    `${fileName}${labFile ? `: ${labFile.runs.length} run${labFile.runs.length === 1 ? '' : 's'} saved` : ': none saved yet'}`}
                </span>
              </div>
            )}
            {!companion && host && (
              <p className="lab-note">Save the scenario to keep lab results next to it.</p>
            )}
            <div className="lab-figures">
              {report.unfinished > 0 && (
                <p className="lab-error">
                  {report.unfinished} game{report.unfinished === 1 ? '' : 's'} did not end
                  {report.firstUnfinished
                    ? ` (first: seed ${report.firstUnfinished.seed}, ${report.firstUnfinished.reason})`
                    : ''}
                  .
                </p>
              )}
              <div className="lab-row">
                <LengthChart report={report} />
                <table className="lab-losses" aria-label="Losses per game">
                  <thead>
                    <tr>
                      <th>Lost per game</th>
                      {report.sides.map((s) => (
                        <th key={s.id} className="num">
                          {s.name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {[...new Set(report.sides.flatMap((s) => Object.keys(s.lossesPerGame)))]
                      .map((type) => ({ type, name: typeName(type) }))
                      .sort((a, b) => a.name.localeCompare(b.name))
                      .map(({ type, name }) => (
                        <tr key={type}>
                          <td title={type}>{name}</td>
                          {report.sides.map((s) => (
                            <td key={s.id} className="num">
                              {(s.lossesPerGame[type] ?? 0).toFixed(1)}
                            </td>
                          ))}
                        </tr>
                      ))}
                  </tbody>
                </table>
              </div>
              {(report.objectives ?? []).length > 0 && (
                <div className="lab-row">
                  {report.objectives!.map((o) => (
                    <ControlChart key={o.id} control={o} report={report} colours={colours} />
                  ))}
                </div>
              )}
            </div>
            <div className="lab-map">
              <div className="lab-layers" role="radiogroup" aria-label="Heatmap">
                {report.sides.map((s) => (
                  <label key={s.id}>
                    <input
                      type="radio"
                      name="lab-layer"
                      checked={layer.kind === 'deaths' && layer.side === s.id}
                      onChange={() => setLayer({ kind: 'deaths', side: s.id })}
                    />
                    Where {s.name}'s pieces fell
                  </label>
                ))}
                {report.sides.map(
                  (s) =>
                    s.kills && (
                      <label key={`${s.id}-kills`}>
                        <input
                          type="radio"
                          name="lab-layer"
                          checked={layer.kind === 'kills' && layer.side === s.id}
                          onChange={() => setLayer({ kind: 'kills', side: s.id })}
                        />
                        Where {s.name}'s kills were made from
                      </label>
                    ),
                )}
                <label>
                  <input
                    type="radio"
                    name="lab-layer"
                    checked={layer.kind === 'held'}
                    onChange={() => setLayer({ kind: 'held' })}
                  />
                  Ground the winners held
                </label>
              </div>
              {heat && (
                <HeatMap
                  scenario={scenario}
                  grid={heat.grid}
                  colour={heat.colour}
                  label={heat.label}
                />
              )}
            </div>
            {onReplay && shownGames && shownGames.length > 0 && (
              <details className="lab-games" open>
                <summary>
                  Games ({shownGames.length}
                  {planPicked !== null && pickedPlans
                    ? ` of ${report.games!.length}: ${planPairText(report.sides, pickedPlans)}`
                    : ''}
                  ): click one to replay it in the playtest
                </summary>
                <div className="lab-game-list" role="group" aria-label="Games played, by seed">
                  {shownGames.slice(0, 500).map((g) => {
                    const winner =
                      g.winner === null
                        ? 'did not end'
                        : g.winner === 'draw'
                          ? 'draw'
                          : `${report.sides.find((s) => s.id === g.winner)?.name ?? g.winner} won`;
                    return (
                      <button
                        key={g.seed}
                        className="lab-game"
                        title={[
                          g.text,
                          ...Object.entries(g.lacking ?? {}).map(
                            ([id, lacking]) => `${objectiveName(id)}: ${lacking}`,
                          ),
                        ].join('\n')}
                        disabled={running || replaying !== null}
                        onClick={() => replay(g)}
                      >
                        <span
                          className="swatch"
                          style={{
                            background: g.winner ? (colours[g.winner] ?? '#4a4f58') : '#4a4f58',
                          }}
                        />
                        Seed {g.seed}: {winner}, turn {g.turns}
                        {replaying === g.seed ? ' (replaying…)' : ''}
                      </button>
                    );
                  })}
                </div>
              </details>
            )}
          </div>
        )}
        <BalanceTab scenario={scenario} editor={editor} />
        <LabSightMap scenario={scenario} />
        <div className="button-row end">
          <button onClick={onClose}>Close</button>
        </div>
      </div>
    </Modal>
  );
}
