import { useEffect, useState } from 'react';
import type { BundledScenario, RecentFile } from '../../host/Host';
import { getHost } from '../../host';
import { rulesetModule } from '../../../engine/rulesets/registry';

interface BundledEntry extends BundledScenario {
  title: string;
  detail: string;
}

/** A title and a one-line description of a bundled scenario's map, read without validation. */
function describe(b: BundledScenario): BundledEntry {
  try {
    const v = JSON.parse(b.text) as {
      meta?: { title?: string };
      ruleset?: { id?: string };
      map?: {
        kind?: string;
        width?: number;
        height?: number;
        columns?: number;
        rows?: number;
        features?: unknown[];
      };
    };
    const m = v.map;
    const size =
      m?.kind === 'hex'
        ? `${m.columns} × ${m.rows} hexes`
        : m
          ? `${m.width}″ × ${m.height}″, ${m.features?.length ?? 0} features`
          : '';
    return {
      ...b,
      title: v.meta?.title ?? b.id,
      // The ruleset as players know it (its module's label), not its id.
      detail: [v.ruleset?.id && (rulesetModule(v.ruleset.id)?.label ?? v.ruleset.id), size]
        .filter(Boolean)
        .join(' · '),
    };
  } catch {
    return { ...b, title: b.id, detail: 'unreadable file' };
  }
}

export interface WelcomeActions {
  newDefault(): void;
  newDialog(): void;
  open(): void;
  openBundled(b: BundledScenario): void;
  openRecent(r: RecentFile): void;
}

/** Start-up: new table, open a file, the bundled scenarios and recent files. */
export function WelcomeScreen({ actions }: { actions: WelcomeActions }) {
  const [bundled, setBundled] = useState<BundledEntry[]>([]);
  const [recent, setRecent] = useState<readonly RecentFile[]>([]);
  useEffect(() => {
    const host = getHost();
    void host.bundledScenarios().then((list) => setBundled(list.map(describe)));
    void host.recentFiles().then(setRecent);
  }, []);
  return (
    <main className="welcome">
      <header>
        <h1>Sandtable</h1>
        <p className="muted">Design and playtest tabletop tank wargame scenarios.</p>
      </header>
      <div className="welcome-actions">
        <button className="primary big" onClick={actions.newDefault}>
          New table
        </button>
        <button className="big" onClick={actions.newDialog}>
          Choose ruleset &amp; size…
        </button>
        <button className="big" onClick={actions.open}>
          Open file…
        </button>
      </div>
      <div className="welcome-columns">
        <section aria-label="Bundled scenarios">
          <h2>Bundled scenarios</h2>
          {bundled.length === 0 && (
            <p className="muted">No scenarios are bundled with this build.</p>
          )}
          <ul className="cards">
            {bundled.map((b) => (
              <li key={b.id}>
                <button className="card" onClick={() => actions.openBundled(b)}>
                  <strong>{b.title}</strong>
                  <span className="muted">{b.detail}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section aria-label="Recent files">
          <h2>Recent files</h2>
          {recent.length === 0 && <p className="muted">Files you open or save appear here.</p>}
          <ul className="cards">
            {recent.map((r) => (
              <li key={r.path}>
                <button className="card" onClick={() => actions.openRecent(r)}>
                  <strong>{r.title ?? r.name}</strong>
                  <span className="muted">
                    {r.name} · {new Date(r.at).toLocaleString()}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
