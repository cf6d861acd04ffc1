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
