import type { RefusedEntry, RepairNotice } from '../../../engine/document';
import type { Invitation } from '../../../server/protocol';
import type { CollabSession, CollabStatus, Peer } from './CollabSession';

/** Which collaboration dialog is open. */
export type CollabDialog = 'share' | 'join' | 'host' | null;

/** The live session of the open document, as the UI shows it: session state, never saved. */
export interface CollabState {
  readonly dialog: CollabDialog;
  readonly session: CollabSession | null;
  /** The link to hand out (for a hosted session: with this computer's network address). */
  readonly link: string | null;
  readonly invitation: Invitation | null;
  readonly status: CollabStatus | null;
  readonly peers: readonly Peer[];
  /** Names of people who were in the session and left it, newest last (cleared when they return). */
  readonly left: readonly string[];
  /** Peers' entries refused by the file format's checks, newest last (kept to the last 20). */
  readonly refused: readonly RefusedEntry[];
  /** Concurrent structural edits the scenario resolved, newest last (kept to the last 20). */
  readonly repaired: readonly RepairNotice[];
  /** How many refused and repaired notices the user has dismissed (the bar shows newer ones). */
  readonly seen: number;
  /** The newest of those notices in words. */
  readonly newest: string | null;
  /** A join or share that has not reached the server's scenario yet. */
  readonly busy: string | null;
  /** The last thing that went wrong, in words. */
  readonly error: string | null;
}

const initial: CollabState = {
  dialog: null,
  session: null,
  link: null,
  invitation: null,
  status: null,
  peers: [],
  left: [],
  refused: [],
  repaired: [],
  seen: 0,
  newest: null,
  busy: null,
  error: null,
};

let state: CollabState = initial;
const listeners = new Set<() => void>();

/** The collaboration UI's state; commands open dialogs, CollabRoot shows them and runs sessions. */
export const collabUi = {
  get: (): CollabState => state,
  set(patch: Partial<CollabState>): void {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  },
  open(dialog: Exclude<CollabDialog, null>): void {
    collabUi.set({ dialog, error: null });
  },
  close(): void {
    collabUi.set({ dialog: null, error: null });
  },
  /** Clears the session fields (the session itself is closed by its owner). */
  reset(): void {
    collabUi.set({ ...initial, dialog: state.dialog });
  },
  subscribe(fn: () => void): () => void {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
};

/**
 * Who has left the session once the room's people change from `before` to `after`: those gone
 * join `left` (a name once, newest last, the last 5), those back leave it.
 */
export function peopleLeft(
  before: readonly Peer[],
  after: readonly Peer[],
  left: readonly string[],
): string[] {
  const here = new Set(after.map((p) => p.name));
  const stillHere = new Set(after.map((p) => p.clientId));
  const gone = before.filter((p) => !stillHere.has(p.clientId) && !here.has(p.name));
  const names = gone.map((p) => p.name);
  return [...left.filter((n) => !here.has(n) && !names.includes(n)), ...names].slice(-5);
}

/**
 * The session bar's word on who else is here: a count, or when nobody is, whether anyone left
 * ("Anna left · you are alone now"), so the user does not read it as nobody having come.
 */
export function peopleText(others: number, left: readonly string[]): string {
  if (others > 0) return `${others} other${others > 1 ? 's' : ''} here`;
  if (left.length === 0) return 'nobody else here yet';
  const names =
    left.length === 1 ? left[0]! : `${left.slice(0, -1).join(', ')} and ${left[left.length - 1]!}`;
  return `${names} left · you are alone now`;
}

/**
 * A problem phrase (as `parseInvitation` gives it, made to follow "…: ") shown on its own in a
 * dialog: with a capital first letter and a full stop.
 */
export function asSentence(phrase: string): string {
  const s = phrase.trim();
  if (!s) return s;
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}${/[.!?]$/.test(s) ? '' : '.'}`;
}
