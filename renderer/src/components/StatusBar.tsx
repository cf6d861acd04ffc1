import { useSyncExternalStore } from 'react';
import type { Editor } from '../editor/Editor';
import { BASE_PPI } from '../editor/Editor';
import { formatLength } from '../canvas/paintOverlay';
import { useSession } from './useEditor';
import { cursorOf, subscribeCursor } from '../canvas/cursorPosition';
import { hexAt, hexLabel } from '../../../engine/hex';

/** Zoom, grid and snapping switches, units, and the size of the map. */
export function StatusBar({ editor }: { editor: Editor }) {
  const s = useSession(editor, 'grid', 'units', 'snapToFeatures', 'viewport');
  // The zoom label follows zoom changes only, not every pan.
  const zoom = useSyncExternalStore(
    (l) => editor.subscribe(l),
    () => editor.session.camera.zoom,
  );
  const size = editor.mapSize();
  const grid = s.grid;
  return (
    <div className="statusbar">
      <span>
        {formatLength(size.width, s.units)} × {formatLength(size.height, s.units)}
      </span>
      <CursorReadout editor={editor} />
      <label>
        <input
          type="checkbox"
          checked={grid.visible}
          onChange={(e) => editor.update({ grid: { ...grid, visible: e.target.checked } })}
        />{' '}
        Grid
      </label>
      <label>
        <input
          type="checkbox"
          checked={grid.snap}
          onChange={(e) => editor.update({ grid: { ...grid, snap: e.target.checked } })}
        />{' '}
        Snap to grid
      </label>
      <label>
        Grid
        <select
          aria-label="Grid size"
          value={grid.size}
          onChange={(e) => editor.update({ grid: { ...grid, size: Number(e.target.value) } })}
        >
          {[0.25, 0.5, 1, 2, 3, 6].map((g) => (
            <option key={g} value={g}>
              {g}″
            </option>
          ))}
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={s.snapToFeatures}
          onChange={(e) => editor.update({ snapToFeatures: e.target.checked })}
        />{' '}
        Snap to features
      </label>
      <label>
        Units
        <select
          aria-label="Units"
          value={s.units}
          onChange={(e) => editor.update({ units: e.target.value as typeof s.units })}
        >
          <option value="in">inches</option>
          <option value="cm">cm</option>
          <option value="mm">mm</option>
        </select>
      </label>
      <span className="spacer" />
      <button
        onClick={() => editor.zoomAt([s.viewport.width / 2, s.viewport.height / 2], 0.8)}
        aria-label="Zoom out"
      >
        −
      </button>
      <button onClick={() => editor.zoomToActual()} title="Zoom to 100%">
        {Math.round((zoom / BASE_PPI) * 100)}%
      </button>
      <button
        onClick={() => editor.zoomAt([s.viewport.width / 2, s.viewport.height / 2], 1.25)}
        aria-label="Zoom in"
      >
        +
      </button>
      <button onClick={() => editor.zoomToFit()}>Fit</button>
    </div>
  );
}

/** The table position under the pointer in the chosen units, and the hex there on hex maps. */
function CursorReadout({ editor }: { editor: Editor }) {
  const s = useSession(editor, 'units');
  const p = useSyncExternalStore(
    (l) => subscribeCursor(editor, l),
    () => cursorOf(editor),
  );
  const grid = editor.hexLayout();
  const hex = p && grid ? hexAt(grid, p) : null;
  return (
    <span className="cursor-readout" data-testid="cursor-position" aria-live="off">
      {p ? (
        <>
          x {formatLength(p[0], s.units)} y {formatLength(p[1], s.units)}
          {grid && (hex ? ` · hex ${hexLabel(hex.col, hex.row)}` : ' · off the map')}
        </>
      ) : (
        'x — y —'
      )}
    </span>
  );
}
