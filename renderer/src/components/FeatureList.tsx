import { useEffect, useMemo, useRef, useState } from 'react';
import type { Editor } from '../editor/Editor';
import { KIND_LABELS } from '../editor/featureFactory';
import { featureLabel } from '../../../engine/terrain/featureLabel';
import { useRevision, useSession } from './useEditor';
import { EyeIcon, LockIcon } from './icons';
import { PeerMarks } from '../collab/PeerOverlay';

const ROW_PX = 26;
const VISIBLE_ROWS = 14;

/** Features top-most first, filterable, with lock and visibility toggles; virtualised for big maps. */
export function FeatureList({ editor }: { editor: Editor }) {
  const s = useSession(editor, 'selection');
  const revision = useRevision(editor);
  const [filter, setFilter] = useState('');
  const [scroll, setScroll] = useState(0);
  const { rows, labels } = useMemo(() => {
    void revision;
    const q = filter.trim().toLowerCase();
    const inMapOrder = editor.features();
    // What messages call each feature: its name, or its kind and number ("tree 20"), not its id.
    const labels = new Map(inMapOrder.map((f) => [f.id, featureLabel(f, inMapOrder)]));
    const all = [...inMapOrder].reverse();
    return {
      labels,
      rows: q
        ? all.filter((f) =>
            `${f.id} ${labels.get(f.id)} ${KIND_LABELS[f.kind]}`.toLowerCase().includes(q),
          )
        : all,
    };
  }, [editor, revision, filter]);
  const selected = new Set(s.selection);
  const rowsRef = useRef<HTMLDivElement>(null);
  // Bring a feature selected on the table into view in the list.
  const lastSelected = s.selection[s.selection.length - 1];
  useEffect(() => {
    const el = rowsRef.current;
    if (!el || !lastSelected) return;
    const i = rows.findIndex((f) => f.id === lastSelected);
    if (i < 0) return;
    const top = i * ROW_PX;
    if (top < el.scrollTop || top + ROW_PX > el.scrollTop + el.clientHeight)
      el.scrollTop = Math.max(0, top - ROW_PX * 2);
  }, [lastSelected, rows]);
  const first = Math.max(0, Math.floor(scroll / ROW_PX) - 2);
  const slice = rows.slice(first, first + VISIBLE_ROWS + 4);
  if (editor.isHex()) {
    return (
      <div className="feature-list" aria-label="Features">
        <h2>Hex map</h2>
        <p className="muted small">
          {editor.store.hexes.list().length} painted hexes ·{' '}
          {editor.store.hexsides.list().filter((h) => h.ridge).length} ridges ·{' '}
          {editor.store.contours.list().length} contours
        </p>
      </div>
    );
  }
  return (
    <div className="feature-list" aria-label="Features">
      <h2>
        Features <span className="muted">{editor.features().length}</span>
      </h2>
      <input
        className="filter"
        type="search"
        placeholder="Filter features"
        aria-label="Filter features"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <div
        ref={rowsRef}
        className="rows"
        style={{ height: Math.min(rows.length, VISIBLE_ROWS) * ROW_PX }}
        onScroll={(e) => setScroll(e.currentTarget.scrollTop)}
        role="listbox"
        aria-multiselectable
      >
        <div style={{ height: rows.length * ROW_PX, position: 'relative' }}>
          {slice.map((f, i) => (
            <div
              key={f.id}
              role="option"
              aria-selected={selected.has(f.id)}
              data-feature-id={f.id}
              className={`row${selected.has(f.id) ? ' selected' : ''}${f.hidden ? ' hidden' : ''}`}
              style={{ top: (first + i) * ROW_PX, height: ROW_PX }}
              onClick={(e) => {
                if (e.shiftKey || e.metaKey || e.ctrlKey)
                  editor.select(
                    selected.has(f.id)
                      ? s.selection.filter((x) => x !== f.id)
                      : [...s.selection, f.id],
                  );
                else editor.select([f.id]);
              }}
              onDoubleClick={() => {
                editor.select([f.id]);
                editor.zoomToSelection();
              }}
            >
              <span className="kind">{KIND_LABELS[f.kind]}</span>
              <span className="name">{labels.get(f.id)}</span>
              <PeerMarks id={f.id} />
              <button
                className={`icon${f.locked ? ' on' : ''}`}
                aria-label={`${f.locked ? 'Unlock' : 'Lock'} ${labels.get(f.id)}`}
                title={f.locked ? 'Unlock' : 'Lock'}
                onClick={(e) => {
                  e.stopPropagation();
                  editor.setFlag('locked', [f.id], !f.locked);
                }}
              >
                <LockIcon locked={!!f.locked} />
              </button>
              <button
                className={`icon${f.hidden ? ' on' : ''}`}
                aria-label={`${f.hidden ? 'Show' : 'Hide'} ${labels.get(f.id)}`}
                title={f.hidden ? 'Show' : 'Hide'}
                onClick={(e) => {
                  e.stopPropagation();
                  editor.setFlag('hidden', [f.id], !f.hidden);
                }}
              >
                <EyeIcon hidden={!!f.hidden} />
              </button>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
