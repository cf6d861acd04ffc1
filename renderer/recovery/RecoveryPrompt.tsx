import { useEffect, useRef, useState } from 'react';
import type { AutosaveEntry, AutosaveStore } from './AutosaveStore';
import { getAutosaveStore } from './defaultAutosaveStore';
import './RecoveryPrompt.css';

/** A document brought back from an autosave. */
export interface RecoveredDocument {
  readonly text: string;
  readonly title: string;
  readonly name: string;
  /** The file it belongs to, if it had one: Save writes there again. */
  readonly path?: string;
  /** When it was autosaved (ISO). */
  readonly savedAt: string;
}

export interface RecoveryPromptProps {
  /** Load the recovered text as the open document, with unsaved changes. */
  onRestore(doc: RecoveredDocument): void;
  store?: AutosaveStore;
  /** For tests: the clock relative times are measured from. */
  now?: () => Date;
}

function ago(iso: string, now: Date): string {
  const s = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
  if (s < 60) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} minute${m === 1 ? '' : 's'} ago`;
  const h = Math.round(m / 60);
  if (h < 48) return `${h} hour${h === 1 ? '' : 's'} ago`;
  const d = Math.round(h / 24);
  return `${d} days ago`;
}

function size(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(bytes < 10240 ? 1 : 0)} KB`;
}

/**
 * On start, offers the autosaves of documents that were never saved because the app or the page
 * closed (a crash, a closed tab): which document, where from, when autosaved; Restore or Discard
 * each. Renders nothing when there is nothing to recover. "Not now" keeps them for next time.
 */
export function RecoveryPrompt({
  onRestore,
  store: given,
  now = () => new Date(),
}: RecoveryPromptProps) {
  const store = given ?? getAutosaveStore();
  const [entries, setEntries] = useState<readonly AutosaveEntry[]>([]);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    let live = true;
    // The page says when the autosaves have been read, found or not, so a test (or a tool) can
    // wait for that state instead of for a fixed time before it looks for the prompt.
    const checked = () => {
      if (live) document.documentElement.dataset['autosavesChecked'] = 'true';
    };
    store.list().then(
      (found) => {
        checked();
        if (!live || found.length === 0) return;
        setEntries(found);
        setOpen(true);
      },
      (e: unknown) => {
        checked();
        console.warn('Could not read autosaves', e);
      },
    );
    return () => {
      live = false;
    };
  }, [store]);

  useEffect(() => {
    const el = dialog.current;
    if (open && el && !el.open) {
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
    }
  }, [open]);

  if (!open) return null;

  const close = () => {
    dialog.current?.close();
    setOpen(false);
  };

  const restore = async (entry: AutosaveEntry) => {
    setBusy(true);
    setError(null);
    try {
      const { text, entry: kept } = await store.restore(entry.id);
      close();
      onRestore({
        text,
        title: kept.title,
        name: kept.name,
        ...(kept.path !== undefined ? { path: kept.path } : {}),
        savedAt: entry.savedAt,
      });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const discard = async (entry: AutosaveEntry) => {
    setBusy(true);
    setError(null);
    try {
      await store.discard(entry.id);
      const rest = entries.filter((e) => e.id !== entry.id);
      setEntries(rest);
      setConfirming(null);
      if (rest.length === 0) close();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const at = now();
  return (
    <dialog
      ref={dialog}
      className="recovery-prompt"
      aria-labelledby="recovery-title"
      aria-describedby="recovery-text"
      data-testid="recovery-prompt"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <h2 id="recovery-title">Recover unsaved work?</h2>
      <p id="recovery-text">
        {entries.length === 1
          ? 'Sandtable closed before this document was saved. Its last autosave is kept until you restore or discard it.'
          : 'Sandtable closed before these documents were saved. The last autosave of each is kept until you restore or discard it.'}
      </p>
      <ul className="recovery-list">
        {entries.map((entry) => (
          <li key={entry.id} className="recovery-entry" data-testid="recovery-entry">
            <div className="recovery-what">
              <strong className="recovery-doc-title">{entry.title || 'Untitled'}</strong>
              <span className="recovery-file" title={entry.path ?? entry.name}>
                {entry.path ?? `${entry.name} (never saved)`}
              </span>
              <span className="recovery-when">
                Autosaved{' '}
                <time dateTime={entry.savedAt} title={new Date(entry.savedAt).toISOString()}>
                  {ago(entry.savedAt, at)} ({new Date(entry.savedAt).toLocaleString()})
                </time>{' '}
                · {size(entry.bytes)}
              </span>
            </div>
            <div className="recovery-actions">
              {confirming === entry.id ? (
                <>
                  <span role="alert">Discard this autosave for good?</span>
                  <button type="button" disabled={busy} onClick={() => void discard(entry)}>
                    Discard
                  </button>
                  <button type="button" disabled={busy} onClick={() => setConfirming(null)}>
                    Keep
                  </button>
                </>
              ) : (
                <>
                  <button
                    type="button"
                    className="primary"
                    disabled={busy}
                    onClick={() => void restore(entry)}
                  >
                    Restore
                  </button>
                  <button type="button" disabled={busy} onClick={() => setConfirming(entry.id)}>
                    Discard…
                  </button>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
      {error && (
        <p className="recovery-error" role="alert">
          {error}
        </p>
      )}
      <div className="recovery-footer">
        <button type="button" onClick={close} disabled={busy}>
          Not now
        </button>
      </div>
    </dialog>
  );
}
