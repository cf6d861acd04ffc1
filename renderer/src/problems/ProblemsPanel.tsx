import type { Point } from '../../../engine/format/types';
import { allUnits } from '../../../engine/forces';
import type { Editor } from '../editor/Editor';
import { useSetup } from '../forces/useSetup';
import type { SetupItem, SetupModel, SetupProblem } from '../forces/setupModel';
import { shapeOutline } from '../objectives/setupOutlines';
import { hexesCentre, hexUnitPoint } from '../objectives/hexSetup';
import type { LayoutPhase } from '../../../engine/layout/layoutChecks';

/** Where a set-up item is on the table, to bring it into view. */
function locate(m: SetupModel, item: SetupItem): Point | null {
  const doc = m.scenario();
  const { width: w, height: h } = m.editor.mapSize();
  const layout = m.editor.hexLayout();
  const centre = (pts: Point[]): Point | null =>
    pts.length
      ? [
          pts.reduce((s, p) => s + p[0], 0) / pts.length,
          pts.reduce((s, p) => s + p[1], 0) / pts.length,
        ]
      : null;
  switch (item.kind) {
    case 'unit': {
      const pos = allUnits(doc.forces).find((p) => p.unit.id === item.id)?.unit.position;
      if (layout) return hexUnitPoint(layout, pos);
      return Array.isArray(pos) ? (pos as Point) : null;
    }
    case 'objective': {
      const a = doc.objectives.find((o) => o.id === item.id)?.area;
      if (!a) return null;
      if (a.shape === 'point') return a.at;
      if (a.shape === 'hexes') return layout ? hexesCentre(layout, a.hexes) : null;
      if (a.shape === 'circle') return a.center;
      return centre(shapeOutline(a, w, h));
    }
    case 'zone': {
      const z = doc.deployment.zones?.find((x) => x.id === item.id);
      if (z?.area.shape === 'hexes') return layout ? hexesCentre(layout, z.area.hexes) : null;
      return z ? centre(shapeOutline(z.area, w, h)) : null;
    }
    case 'feature':
    case 'edge':
    case 'side':
    case 'formation':
      return null;
  }
}

/** Selects what a problem is about: features on the canvas, set-up items in their panel. */
export function selectSubject(m: SetupModel, p: SetupProblem): void {
  const ed = m.editor;
  const features = p.subjects.filter((s) => s.kind === 'feature').map((s) => s.id);
  const first = p.subjects.find((s) => s.kind !== 'feature') ?? p.subjects[0];
  if (features.length) {
    ed.select(features);
    ed.zoomToSelection();
  }
  if (!first || first.kind === 'feature') {
    m.update({ selected: first ? { kind: 'feature', id: first.id } : null });
    return;
  }
  const item: SetupItem = { kind: first.kind, id: first.id };
  let activeSide = m.session.activeSide;
  if (item.kind === 'unit')
    activeSide =
      allUnits(m.scenario().forces).find((u) => u.unit.id === item.id)?.side.id ?? activeSide;
  if (item.kind === 'side') activeSide = item.id;
  m.update({ selected: item, activeSide });
  const at = locate(m, item);
  if (at && !features.length) {
    const v = ed.session.viewport;
    const z = ed.session.camera.zoom;
    ed.update({ camera: { zoom: z, x: v.width / 2 - at[0] * z, y: v.height / 2 - at[1] * z } });
  }
}

/** What each phase of the layout checks looks at, for the progress line. */
const PHASE_WORDS: Record<LayoutPhase, string> = {
  table: 'what is on the table',
  overlap: 'overlaps',
  bridge: 'bridges',
  spacing: 'terrain spacing',
  mission: 'objective placement',
  reach: 'routes from the entry edges',
};

/**
 * The checks run in a worker of their own; on a big table this shows how far they are and lets
 * the user stop them (they start again with the next edit, or on "Check again"). The words take
 * a line of their own, so the Stop button stays put while the phase and percentage change.
 */
function ChecksStatus({ m }: { m: SetupModel }) {
  const progress = m.checkProgress();
  if (progress) {
    const percent = Math.round(progress.fraction * 100);
    return (
      <div className="checks-progress" role="status" data-testid="checks-progress">
        <span className="muted small checks-words">
          Checking {PHASE_WORDS[progress.phase]}… {percent}%
        </span>
        <progress max={1} value={progress.fraction} aria-label="How far the checks are" />
        <button type="button" onClick={() => m.stopChecks()}>
          Stop
        </button>
      </div>
    );
  }
  if (m.checksStopped())
    return (
      <div className="checks-progress" role="status" data-testid="checks-progress">
        <span className="muted small">
          {m.problems().length
            ? 'Checks stopped: the list below is from before your last edit.'
            : 'Checks stopped before they finished: nothing is checked yet.'}
        </span>
        <button type="button" onClick={() => m.recheck()}>
          Check again
        </button>
      </div>
    );
  return null;
}

/** Live layout and force problems; clicking one selects what it is about. */
export function ProblemsPanel({ editor }: { editor: Editor }) {
  const m = useSetup(editor);
  const problems = m.problems();
  const errors = problems.filter((p) => p.severity === 'error').length;
  const hints = problems.filter((p) => p.guide).length;
  const warnings = problems.length - errors - hints;
  const sel = m.session.selected;
  return (
    <div className="setup-panel" data-testid="problems-panel">
      <div className="muted small" data-testid="problems-status">
        {m.problemsPending() && problems.length === 0
          ? m.checkProgress() || m.checksStopped()
            ? ''
            : 'Checking…'
          : problems.length === 0
            ? 'No problems: the layout and forces follow the ruleset.'
            : errors + warnings === 0
              ? 'Nothing wrong so far. Next steps:'
              : `${errors} error(s), ${warnings} warning(s). Click one to select what it is about.`}
      </div>
      <ChecksStatus m={m} />
      <ul className="problem-list" aria-label="Problems">
        {problems.map((p, i) => {
          const active = sel && p.subjects.some((s) => s.id === sel.id);
          return (
            <li
              key={`${p.check}-${i}`}
              className={`${p.guide ? 'guide' : p.severity}${active ? ' selected' : ''}`}
              data-check={p.check}
              role="button"
              tabIndex={0}
              onClick={() => selectSubject(m, p)}
              onKeyDown={(e) => e.key === 'Enter' && selectSubject(m, p)}
            >
              <span className="sev">{p.guide ? '→' : p.severity === 'error' ? '✖' : '⚠'}</span>
              <span className="msg">{p.message}</span>
              <span className="muted small">
                {' '}
                {p.check}
                {p.ruleId ? ` · ${p.ruleId}` : ''}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
