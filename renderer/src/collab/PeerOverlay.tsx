import { featureBounds } from '../geometry/geometry';
import type { Editor } from '../editor/Editor';
import { useRevision, useSession } from '../components/useEditor';
import { useCollab } from './CollabRoot';

/**
 * The other people in a shared session on the table: each one's pointer with their name, and an
 * outline in their colour around the features they have selected. Drawn above the canvas from
 * awareness (never from the document), and never in the way of the pointer.
 */
export function PeerOverlay({ editor }: { editor: Editor }) {
  const ui = useCollab();
  useSession(editor, 'camera', 'viewport');
  useRevision(editor);
  if (!ui.session || ui.session.options.store !== editor.store || ui.peers.length === 0)
    return null;
  return (
    <div className="peer-overlay" aria-hidden>
      {ui.peers.map((p) => (
        <div key={p.clientId}>
          {p.selection.map((id) => {
            const f = editor.store.feature(id);
            if (!f) return null;
            const b = featureBounds(f);
            const [x0, y0] = editor.toScreen([b.minX, b.minY]);
            const [x1, y1] = editor.toScreen([b.maxX, b.maxY]);
            return (
              <div
                key={id}
                className="peer-selection"
                data-peer={p.name}
                style={{
                  left: x0 - 3,
                  top: y0 - 3,
                  width: x1 - x0 + 6,
                  height: y1 - y0 + 6,
                  borderColor: p.colour,
                }}
              >
                <span style={{ background: p.colour }}>{p.name}</span>
              </div>
            );
          })}
          {p.cursor &&
            (() => {
              const [x, y] = editor.toScreen(p.cursor);
              return (
                <div
                  className="peer-cursor"
                  data-peer={p.name}
                  style={{ transform: `translate(${x}px, ${y}px)` }}
                >
                  <svg width="14" height="18" viewBox="0 0 14 18">
                    <path
                      d="M1 1 L1 15 L5 11 L8 17 L10 16 L7 10 L12 10 Z"
                      fill={p.colour}
                      stroke="#fff"
                    />
                  </svg>
                  <span style={{ background: p.colour }}>{p.name}</span>
                </div>
              );
            })()}
        </div>
      ))}
    </div>
  );
}

/** Small marks on a list row: who else has this record selected. */
export function PeerMarks({ id }: { id: string }) {
  const ui = useCollab();
  const who = ui.peers.filter((p) => p.selection.includes(id));
  if (!who.length) return null;
  return (
    <span className="peer-marks" aria-label={`Selected by ${who.map((p) => p.name).join(', ')}`}>
      {who.map((p) => (
        <span key={p.clientId} className="swatch" style={{ background: p.colour }} title={p.name} />
      ))}
    </span>
  );
}
