import { useEffect, useState, useSyncExternalStore } from 'react';
import { ScenarioStore, type RefusedEntry, type RepairNotice } from '../../../engine/document';
import {
  formatInvitation,
  newRoom,
  parseInvitation,
  type Invitation,
} from '../../../server/protocol';
import { getHost } from '../../host';
import type { Editor } from '../editor/Editor';
import { setupOf } from '../forces/setupModel';
import { CollabSession, type CollabStatus } from './CollabSession';
import { asSentence, collabUi, peopleLeft, peopleText } from './collabUi';
import { indexedDbPersistence } from './indexedDbPersistence';
import './collab.css';

const NAME_KEY = 'sandtable.collab.name';
const SERVER_KEY = 'sandtable.collab.server';
const DEFAULT_SERVER = 'ws://127.0.0.1:4400';
const COLOURS = ['#d9480f', '#2f9e44', '#1971c2', '#ae3ec9', '#e8590c', '#0c8599', '#c2255c'];

/** A colour for a name, the same on every computer. */
export function colourFor(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return COLOURS[h % COLOURS.length]!;
}

const remembered = (key: string, fallback: string) => {
  try {
    return localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback;
  }
};
const remember = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private windows may refuse storage; the value is only a convenience.
  }
};

export function useCollab() {
  return useSyncExternalStore(collabUi.subscribe, collabUi.get);
}

/** Leaves the live session; the document stays open as a local copy. */
export function leaveSession(): void {
  const s = collabUi.get().session;
  collabUi.reset();
  void s?.close();
  // The desktop app refuses the server's origin again once no session here uses it.
  if (s)
    void getHost()
      .leaveSession?.()
      .catch(() => undefined);
}

/**
 * Tells the host this window is about to connect to `server` (the desktop app lets a page's
 * WebSocket through only to the session it named); a sentence saying why not, or null.
 */
async function allowServer(server: string): Promise<string | null> {
  try {
    await getHost().joinSession?.(server);
    return null;
  } catch (err) {
    return `Could not connect to ${server}: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** Starts a session for `store` and wires its reports into collabUi. */
function startSession(
  store: ScenarioStore,
  invitation: Invitation,
  create: boolean,
  name: string,
  link: string,
  onReady?: () => void,
  hostSecret?: string,
): CollabSession {
  // Reports can arrive while the session is still being built: they belong to it then too.
  let session: CollabSession | null = null;
  const current = () => session === null || collabUi.get().session === session;
  session = new CollabSession({
    store,
    invitation,
    create,
    ...(hostSecret ? { hostSecret } : {}),
    user: { name, colour: colourFor(name) },
    persistence: indexedDbPersistence,
    onStatus: (status) => {
      if (current()) collabUi.set({ status });
    },
    onPeers: (peers) => {
      const ui = collabUi.get();
      if (current()) collabUi.set({ peers, left: peopleLeft(ui.peers, peers, ui.left) });
    },
    onRefused: (refused) =>
      collabUi.set({
        refused: [...collabUi.get().refused, ...refused].slice(-20),
        newest: refusedText(refused[refused.length - 1]!),
      }),
    onRepaired: (repaired) =>
      collabUi.set({
        repaired: [...collabUi.get().repaired, ...repaired].slice(-20),
        newest: repairText(repaired[repaired.length - 1]!),
      }),
    ...(onReady ? { onReady } : {}),
  });
  collabUi.set({
    session,
    invitation,
    link,
    status: session.status(),
    peers: [],
    left: [],
    refused: [],
    repaired: [],
    seen: 0,
    newest: null,
  });
  return session;
}

export interface CollabRootProps {
  readonly editor: Editor | null;
  /** Opens a joined room's store as the document (after the user agreed to leave the last one). */
  readonly openStore: (store: ScenarioStore, name: string) => void;
  readonly confirmDiscard: () => boolean;
}

/**
 * Live co-editing in the app: the Share…, Join… and Host session… dialogs, the session status
 * and who else is here, and the wiring of the local selection and pointer into presence.
 */
export function CollabRoot({ editor, openStore, confirmDiscard }: CollabRootProps) {
  const ui = useCollab();
  const session = ui.session;

  // Opening another document leaves the room; the room's document stays where it was.
  useEffect(() => {
    if (session && session.ready && editor?.store !== session.options.store) leaveSession();
  }, [editor, session]);

  // The browser going offline drops the socket at once; coming back reconnects and merges.
  useEffect(() => {
    if (!session) return;
    const offline = () => session.disconnect();
    const online = () => session.reconnect();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [session]);

  // Presence: what this user has selected and where their pointer is on the table.
  useEffect(() => {
    if (!session || !editor || editor.store !== session.options.store) return;
    const setup = setupOf(editor);
    let last = '';
    const send = () => {
      const ids = [...editor.session.selection];
      const picked = setup.session.selected;
      if (picked && !ids.includes(picked.id)) ids.push(picked.id);
      const key = ids.join('\n');
      if (key !== last) session.setSelection(ids);
      last = key;
    };
    send();
    const offEditor = editor.subscribe(send);
    const offSetup = setup.subscribe(send);
    let pending: [number, number] | null | undefined;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const move = (e: PointerEvent) => {
      const canvas = (e.target as Element | null)?.closest?.('[data-testid="table-canvas"]');
      if (canvas) {
        const r = canvas.getBoundingClientRect();
        pending = editor.toTable([e.clientX - r.left, e.clientY - r.top]);
      } else pending = null;
      // At most twenty cursor updates a second.
      timer ??= setTimeout(() => {
        timer = null;
        if (pending !== undefined) session.setCursor(pending);
      }, 50);
    };
    window.addEventListener('pointermove', move);
    return () => {
      offEditor();
      offSetup();
      window.removeEventListener('pointermove', move);
      if (timer) clearTimeout(timer);
    };
  }, [session, editor]);

  return (
    <>
      {session && <SessionBar />}
      {ui.dialog === 'share' && editor && <ShareDialog editor={editor} hosted={false} />}
      {ui.dialog === 'host' && editor && <ShareDialog editor={editor} hosted />}
      {ui.dialog === 'join' && <JoinDialog openStore={openStore} confirmDiscard={confirmDiscard} />}
    </>
  );
}

function statusText(s: CollabStatus | null, others: number, left: readonly string[]): string {
  const who = peopleText(others, left);
  switch (s?.kind) {
    case undefined:
    case 'connecting':
      return 'Connecting…';
    case 'connected':
      return `Connected · ${who}`;
    case 'syncing':
      return s.pending ? `Syncing ${s.pending} change${s.pending > 1 ? 's' : ''}…` : 'Syncing…';
    case 'offline': {
      const kept = s.pending
        ? `Offline · ${s.pending} change${s.pending > 1 ? 's' : ''} kept on this computer`
        : 'Offline · edits are kept on this computer';
      // The server said why it closed the connection (server/limits.ts): say it, and what next.
      return s.reason ? `${kept}. ${s.reason} ${s.advice ?? ''}`.trim() : kept;
    }
    case 'refused':
      return `Refused: ${s.reason}`;
    case 'stopped':
      return `Stopped: ${s.reason} ${s.advice}`;
  }
}

/** The session's status, the people in the room and any refused changes. */
function SessionBar() {
  const ui = useCollab();
  const kind = ui.status?.kind ?? 'connecting';
  return (
    <div className="collab-bar" role="region" aria-label="Shared session">
      <span className={`collab-dot ${kind}`} aria-hidden />
      <span data-testid="collab-status" data-status={kind}>
        {statusText(ui.status, ui.peers.length, ui.left)}
      </span>
      <ul className="collab-peers" aria-label="People in this session">
        {ui.peers.map((p) => (
          <li key={p.clientId} style={{ borderColor: p.colour }} title={p.name}>
            <span className="swatch" style={{ background: p.colour }} />
            {p.name}
          </li>
        ))}
      </ul>
      {ui.link && (
        <button
          className="link"
          title={ui.link}
          onClick={() => void navigator.clipboard?.writeText(ui.link!).catch(() => undefined)}
        >
          Copy invitation
        </button>
      )}
      <MergeNotices />
      <button onClick={leaveSession}>Leave</button>
    </div>
  );
}

/** A refused change in words: whose, what it touched and what was wrong. */
export function refusedText(r: RefusedEntry): string {
  const what = r.what ?? `${r.part} ${r.key}`;
  const who = r.by ? `${r.by}’s change` : 'A change from someone in the room';
  return `${who} to ${what} was refused: ${r.problem}`;
}

/** A resolved concurrent edit in words, with whose change it was when known. */
export function repairText(r: RepairNotice): string {
  return r.by ? `${r.text} (The change was ${r.by}’s.)` : r.text;
}

/**
 * What the others' changes did that the user should know: a change refused because it would
 * break the scenario, or two changes made at once that the scenario resolved (a formation lifted
 * out of a loop, a unit whose formation was deleted). The newest is shown; the rest in its title.
 */
function MergeNotices() {
  const ui = useCollab();
  const all = [...ui.refused.map(refusedText), ...ui.repaired.map(repairText)];
  const count = ui.refused.length + ui.repaired.length;
  const fresh = count - ui.seen;
  if (fresh <= 0 || !ui.newest) return null;
  return (
    <span
      className="collab-refused"
      role="alert"
      data-testid="collab-notice"
      title={all.join('\n')}
    >
      {fresh > 1 ? `${fresh} notices · ` : ''}
      {ui.newest}
      <button className="link" aria-label="Dismiss" onClick={() => collabUi.set({ seen: count })}>
        ×
      </button>
    </span>
  );
}

function NameField({ name, setName }: { name: string; setName: (n: string) => void }) {
  return (
    <label>
      Your name
      <input
        value={name}
        maxLength={40}
        onChange={(e) => setName(e.target.value)}
        placeholder="shown to the others"
        autoFocus
      />
    </label>
  );
}

/** Share… (to a server the club runs) and Host session… (this computer is the server). */
function ShareDialog({ editor, hosted }: { editor: Editor; hosted: boolean }) {
  const ui = useCollab();
  const [name, setName] = useState(() => remembered(NAME_KEY, ''));
  const [server, setServer] = useState(() => remembered(SERVER_KEY, DEFAULT_SERVER));
  const [starting, setStarting] = useState(false);
  const [lan, setLan] = useState<readonly string[]>([]);
  const [network, setNetwork] = useState(true);
  const title = hosted ? 'Host a session' : 'Share this scenario';
  const start = async () => {
    const who = name.trim();
    if (!who) return collabUi.set({ error: 'Enter your name: the others see it by your cursor.' });
    remember(NAME_KEY, who);
    const room = newRoom();
    let local = server.trim();
    let invite = local;
    let hostSecret: string | undefined;
    if (hosted) {
      setStarting(true);
      try {
        const h = await getHost().hostSession!();
        local = h.local;
        invite = h.lan[0] ?? h.local;
        hostSecret = h.hostSecret;
        setLan(h.lan);
        setNetwork(h.network);
      } catch (err) {
        setStarting(false);
        return collabUi.set({
          error: `Could not start the session server: ${err instanceof Error ? err.message : String(err)}`,
        });
      }
      setStarting(false);
    } else {
      const check = parseInvitation(`${local.replace(/\/+$/, '')}/${room.room}#${room.secret}`);
      if ('problem' in check)
        return collabUi.set({
          error: `"${local}" is not a server address: give ws://host:port (for example ${DEFAULT_SERVER}).`,
        });
      remember(SERVER_KEY, local);
    }
    const refused = await allowServer(local);
    if (refused) return collabUi.set({ error: refused });
    const link = formatInvitation({ server: invite, ...room });
    startSession(editor.store, { server: local, ...room }, true, who, link, undefined, hostSecret);
  };
  return (
    <div className="modal-backdrop">
      <form
        className="modal collab-dialog"
        role="dialog"
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <h2>{title}</h2>
        {ui.session ? (
          <>
            <p>
              Send this invitation to the people you edit with. Anyone with the link can join and
              edit this scenario while the session runs.
            </p>
            <label>
              Invitation link
              <input readOnly value={ui.link ?? ''} onFocus={(e) => e.currentTarget.select()} />
            </label>
            {hosted && !network && (
              <p className="hint" data-testid="host-local-only">
                You kept this session to this computer: other computers cannot connect. To let them
                join, leave the session, choose Host session… again and answer Open to My Network.
              </p>
            )}
            {hosted && lan.length > 1 && (
              <p className="hint">
                Other network addresses of this computer: {lan.slice(1).join(', ')}
              </p>
            )}
            <div className="button-row end">
              <button
                type="button"
                onClick={() =>
                  void navigator.clipboard?.writeText(ui.link ?? '').catch(() => undefined)
                }
              >
                Copy link
              </button>
              <button type="button" className="primary" onClick={() => collabUi.close()}>
                Done
              </button>
            </div>
          </>
        ) : (
          <>
            <p>
              {hosted
                ? 'This computer runs the session server on your network; the others join with the invitation link. The playtest stays on each computer.'
                : 'The scenario goes into a new room on a Sandtable server (sandtable serve); the others join with the invitation link. The playtest stays on each computer.'}
            </p>
            <NameField name={name} setName={setName} />
            {!hosted && (
              <label>
                Server
                <input value={server} onChange={(e) => setServer(e.target.value)} />
              </label>
            )}
            {ui.error && (
              <p className="error" role="alert">
                {ui.error}
              </p>
            )}
            <div className="button-row end">
              <button type="button" onClick={() => collabUi.close()}>
                Cancel
              </button>
              <button type="submit" className="primary" disabled={starting}>
                {hosted ? 'Start session' : 'Share'}
              </button>
            </div>
          </>
        )}
      </form>
    </div>
  );
}

function JoinDialog({
  openStore,
  confirmDiscard,
}: {
  openStore: CollabRootProps['openStore'];
  confirmDiscard: () => boolean;
}) {
  const ui = useCollab();
  const [name, setName] = useState(() => remembered(NAME_KEY, ''));
  const [link, setLink] = useState('');
  // A join that was refused leaves nothing behind.
  useEffect(() => {
    const s = ui.session;
    if (s && !s.ready && ui.status?.kind === 'refused') {
      collabUi.set({ session: null, busy: null, error: ui.status.reason, link: null });
      void s.close();
      void getHost()
        .leaveSession?.()
        .catch(() => undefined);
    }
  }, [ui.session, ui.status]);
  const join = async () => {
    const who = name.trim();
    if (!who) return collabUi.set({ error: 'Enter your name: the others see it by your cursor.' });
    const inv = parseInvitation(link);
    if ('problem' in inv) return collabUi.set({ error: asSentence(inv.problem) });
    if (!confirmDiscard()) return;
    remember(NAME_KEY, who);
    const store = new ScenarioStore();
    collabUi.set({ busy: `Joining ${inv.room}…`, error: null });
    const refused = await allowServer(inv.server);
    if (refused) return collabUi.set({ busy: null, error: refused });
    const session: CollabSession = startSession(
      store,
      inv,
      false,
      who,
      formatInvitation(inv),
      () => {
        // Called once the room's scenario is in the store, never during startSession.
        if (collabUi.get().session !== session) return;
        collabUi.set({ busy: null, dialog: null });
        openStore(store, `${inv.room}.scenario.json`);
      },
    );
  };
  return (
    <div className="modal-backdrop">
      <form
        className="modal collab-dialog"
        role="dialog"
        aria-label="Join a session"
        onSubmit={(e) => {
          e.preventDefault();
          void join();
        }}
      >
        <h2>Join a session</h2>
        <p>
          Paste the invitation link the host sent you. The scenario opens here and stays in step.
        </p>
        <NameField name={name} setName={setName} />
        <label>
          Invitation link
          <input
            value={link}
            onChange={(e) => setLink(e.target.value)}
            placeholder="ws://host:port/room#secret"
          />
        </label>
        {ui.busy && <p role="status">{ui.busy}</p>}
        {ui.error && (
          <p className="error" role="alert">
            {ui.error}
          </p>
        )}
        <div className="button-row end">
          <button
            type="button"
            onClick={() => {
              if (ui.session && !ui.session.ready) leaveSession();
              collabUi.close();
            }}
          >
            Cancel
          </button>
          <button type="submit" className="primary" disabled={!!ui.busy}>
            Join
          </button>
        </div>
      </form>
    </div>
  );
}
