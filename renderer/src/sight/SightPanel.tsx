import { useEffect, useSyncExternalStore } from 'react';
import type { Editor } from '../editor/Editor';
import { setupOf } from '../forces/setupModel';
import { useRevision } from '../components/useEditor';
import { unitPoints } from '../../../engine/sight/sightMap';
import { tintCss, tintShares, type SightTint } from './paintSight';
import { sightOf } from './sightModel';
import type { SightViewer } from './sightRequest';
import './sight.css';

/** The value of a viewer in the "Look from" list. */
function viewerValue(v: SightViewer | null): string {
  if (!v) return '';
  return v.kind === 'point' ? 'point' : `${v.kind}:${v.id}`;
}

const TINT_LABELS: Record<SightTint, (enemy: string) => string> = {
  seen: (e) => (e ? 'Seen by the viewer and by the enemy' : 'Seen by the viewer'),
  hidden: (e) => (e ? 'Hidden from the viewer, seen by the enemy' : 'Hidden from the viewer'),
  seenDead: () => 'Seen by the viewer, dead ground to the enemy',
  hiddenDead: () => 'Hidden from both: dead ground to the enemy',
};

/**
 * The sight-map panel over the table (View ▸ Sight map…, Shift+S): who looks (a point clicked on
 * the map, a unit, a deployment zone or an entry edge), from a man's or a vehicle's eye height,
 * whose dead ground to show, and the legend of the shading with the share of the map in each.
 */
/** The panel's width and its gap to the view's edge, in pixels (sight.css). */
const PANEL_ROOM = 250 + 8 + 12;

/** Moves the camera so the whole table lies left of the sight panel, keeping the zoom if it fits. */
export function keepTableClearOfPanel(editor: Editor): void {
  const v = editor.session.viewport;
  const { width, height } = editor.mapSize();
  const c = editor.session.camera;
  const room = v.width - PANEL_ROOM;
  if (c.x + width * c.zoom <= room || room <= 100) return;
  const margin = 24;
  const zoom = Math.min(c.zoom, (room - 2 * margin) / width, (v.height - 2 * margin) / height);
  editor.update({
    camera: { zoom, x: (room - width * zoom) / 2, y: (v.height - height * zoom) / 2 },
  });
}

export function SightPanel({ editor }: { editor: Editor }) {
  const model = sightOf(editor);
  const s = useSyncExternalStore(
    (l) => model.subscribe(l),
    () => model.session,
  );
  useRevision(editor);
  const setup = useSyncExternalStore(
    (l) => setupOf(editor).subscribe(l),
    () => setupOf(editor).session,
  );
  // Escape gives up picking a point.
  useEffect(() => {
    if (!s.picking) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') model.setPicking(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [s.picking, model]);
  // The panel floats over the view's right edge: on opening, a table it would cover is moved
  // (and if need be zoomed out) into the room left of it.
  useEffect(() => {
    if (s.on) keepTableClearOfPanel(editor);
  }, [s.on, editor]);
  if (!s.on) return null;
  const doc = setupOf(editor).scenario();
  const sideName = (id: string) => doc.forces.sides.find((x) => x.id === id)?.name ?? id;
  const units = unitPoints(doc);
  const zones = doc.deployment.zones ?? [];
  const edges = doc.deployment.entryEdges ?? [];
  const sel = setup.selected;
  const selectable =
    sel && (sel.kind === 'unit' || sel.kind === 'zone' || sel.kind === 'edge')
      ? ({ kind: sel.kind, id: sel.id } as const)
      : null;
  const choose = (value: string) => {
    if (value === 'point') {
      model.setPicking(true);
      return;
    }
    const [kind, ...rest] = value.split(':');
    const id = rest.join(':');
    if (kind === 'unit' || kind === 'zone' || kind === 'edge') model.setViewer({ kind, id });
  };
  const shown = s.shown;
  const shares = shown ? tintShares(shown.map) : null;
  const enemy = shown?.enemyLabel ?? '';
  const tints: SightTint[] = shown?.map.enemySeen
    ? ['seen', 'seenDead', 'hidden', 'hiddenDead']
    : ['seen', 'hidden'];
  const pct = (v: number) => `${Math.round(v * 100)}%`;
  return (
    <div className="sight-panel" role="region" aria-label="Sight map" data-testid="sight-panel">
      <header>
        <b>Sight map</b>
        <button
          className="icon close"
          aria-label="Hide the sight map"
          title="Hide the sight map (Shift+S)"
          onClick={() => model.setOn(false)}
        >
          ×
        </button>
      </header>
      <label className="field">
        Look from
        <select
          aria-label="Look from"
          data-testid="sight-viewer"
          value={s.picking ? 'point' : viewerValue(s.settings.viewer)}
          onChange={(e) => choose(e.target.value)}
        >
          <option value="" disabled>
            Choose a viewer…
          </option>
          <option value="point">
            {s.settings.viewer?.kind === 'point'
              ? `Point (${s.settings.viewer.at.join(', ')}): click to move it`
              : 'A point: click it on the map'}
          </option>
          {zones.length > 0 && (
            <optgroup label="Deployment zones">
              {zones.map((z) => (
                <option key={z.id} value={`zone:${z.id}`}>
                  {sideName(z.side)}: {z.name ?? z.id}
                </option>
              ))}
            </optgroup>
          )}
          {edges.length > 0 && (
            <optgroup label="Entry edges">
              {edges.map((e) => (
                <option key={e.id} value={`edge:${e.id}`}>
                  {sideName(e.side)}: {e.edge} edge
                </option>
              ))}
            </optgroup>
          )}
          {units.length > 0 && (
            <optgroup label="Units">
              {units.map((u) => (
                <option key={u.id} value={`unit:${u.id}`}>
                  {sideName(u.side)}: {u.id}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </label>
      <div className="sight-row">
        <button
          className={s.picking ? 'active' : ''}
          aria-pressed={s.picking}
          data-testid="sight-pick"
          onClick={() => model.setPicking(!s.picking)}
          title="The next click on the map sets the point the sight map looks from"
        >
          {s.picking ? 'Click the map… (Esc)' : 'Pick a point'}
        </button>
        <button
          disabled={!selectable}
          onClick={() => selectable && model.setViewer(selectable)}
          title="Look from the unit, zone or edge selected in the set-up panel"
        >
          Use the selection
        </button>
      </div>
      <div className="sight-row" role="radiogroup" aria-label="Eye height">
        Eye height
        {(['man', 'vehicle'] as const).map((eye) => (
          <label key={eye}>
            <input
              type="radio"
              name="sight-eye"
              checked={s.settings.eye === eye}
              onChange={() => model.setSettings({ eye })}
            />
            {eye === 'man' ? 'a man' : 'a vehicle'}
          </label>
        ))}
      </div>
      <label className="field">
        Dead ground to
        <select
          aria-label="Dead ground to"
          value={s.settings.enemy}
          onChange={(e) => model.setSettings({ enemy: e.target.value })}
        >
          <option value="auto">the viewer's enemy</option>
          <option value="none">nobody (no dead ground)</option>
          {doc.forces.sides.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      {s.problem && (
        <p className="sight-problem" role="alert">
          {s.problem}
        </p>
      )}
      {shown && shares && (
        <div className="sight-legend" data-testid="sight-legend">
          <p>
            From {shown.viewerLabel}
            {enemy ? `; enemy: ${enemy}` : ''}
          </p>
          <ul>
            {tints.map((t) => (
              <li key={t}>
                <span
                  className="swatch"
                  style={{ background: `linear-gradient(${tintCss(t)}, ${tintCss(t)}), #7d8c5c` }}
                />
                {TINT_LABELS[t](enemy)} <b>{pct(shares[t])}</b>
              </li>
            ))}
          </ul>
          <p className="sight-status" data-testid="sight-status">
            {shown.map.grid.kind === 'hex'
              ? `${shown.map.grid.columns * shown.map.grid.rows} hexes`
              : `${shown.map.grid.columns}×${shown.map.grid.rows} cells of ${shown.map.grid.cell}"`}
            {shown.map.preview
              ? `, a quick look at every ${shown.map.preview}th cell`
              : shown.map.incremental
                ? `, ${shown.map.cellsChecked} checked again`
                : `, ${shown.map.checks.toLocaleString('en')} sight lines`}{' '}
            in {Math.round(shown.map.ms ?? 0)} ms{s.working ? ' · updating…' : ''}
          </p>
        </div>
      )}
      {!shown && s.working && <p className="sight-status">Working out what can be seen…</p>}
    </div>
  );
}
