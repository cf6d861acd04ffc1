import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { Editor } from '../editor/Editor';
import { legendEntries, legendSize, paintLegend } from '../canvas/legend';
import { sceneOf } from '../canvas/sceneOf';
import { setViewPrefs, subscribeViewPrefs, viewPrefs } from '../canvas/viewPrefs';
import { useRevision } from './useEditor';

/** Screen pixels per legend inch. */
const PPI = 40;

/**
 * The map legend over the table's corner (View ▸ Show legend, Shift+L): every fill and mark,
 * each swatch drawn by the terrain painter in the current style, as in the exports.
 */
export function MapLegend({ editor }: { editor: Editor }) {
  const prefs = useSyncExternalStore(
    (l) => subscribeViewPrefs(editor, l),
    () => viewPrefs(editor),
  );
  const revision = useRevision(editor);
  const ref = useRef<HTMLCanvasElement>(null);
  const scene = prefs.legend ? sceneOf(editor) : null;
  const entries = scene ? legendEntries(scene) : [];
  const columns = scene?.kind === 'hex' ? 2 : 3;
  const size = legendSize(entries.length, columns);
  useLayoutEffect(() => {
    const canvas = ref.current;
    if (!canvas || !scene) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(size.width * PPI * dpr);
    canvas.height = Math.round(size.height * PPI * dpr);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(PPI * dpr, 0, 0, PPI * dpr, 0, 0);
    paintLegend(ctx, scene, entries, columns, prefs.style);
  });
  if (!scene) return null;
  return (
    <div
      className="map-legend"
      role="region"
      aria-label="Legend"
      data-testid="map-legend"
      data-revision={revision}
    >
      <button
        className="icon close"
        aria-label="Hide legend"
        title="Hide legend (Shift+L)"
        onClick={() => setViewPrefs(editor, { legend: false })}
      >
        ×
      </button>
      <canvas
        ref={ref}
        style={{ width: size.width * PPI, height: size.height * PPI }}
        aria-label={`Legend: ${entries.map((e) => e.label).join(', ')}`}
        role="img"
      />
    </div>
  );
}
