/**
 * Every limit the collaboration server puts on a client, in one place (docs/collab-limits.md
 * describes them for people running a server). A client that goes past one is told why: the
 * socket is closed with one of the codes below and its sentence as the reason, and the server
 * logs a line naming the limit. Codes 4000-4999 are the application's own (RFC 6455, 7.4.2).
 */

const KiB = 1024;
const MiB = 1024 * KiB;

export const LIMITS = {
  /** A socket that has not joined a room this long after it opened is closed. */
  authTimeoutMs: 10_000,
  /** Frames a socket may send before it has asked to join a room: dropped, and past this many, closed. */
  maxFramesBeforeAuth: 16,
  /** The largest frame before the socket has asked to join (the join message is a few hundred bytes). */
  maxFrameBytesBeforeAuth: 64 * KiB,
  /** Frames held while the server decides on a join (the client sends its first sync at once). */
  maxPendingBytesDuringAuth: 16 * MiB,
  /** Join attempts on one socket (each names a room and carries a secret). */
  maxAuthAttempts: 4,
  /** Rooms one socket may be in at once. */
  maxRoomsPerSocket: 4,
  /** The largest frame after joining (the WebSocket layer refuses larger ones with 1009). */
  maxFrameBytes: 16 * MiB,
  /** The largest single document change (a shared scenario arrives as one change). */
  maxUpdateBytes: 8 * MiB,
  /** The largest presence message (name, colour, cursor, selection). */
  maxAwarenessBytes: 64 * KiB,
  /** A room's stored size: its state plus the changes appended since it was last folded. */
  maxRoomBytes: 48 * MiB,
  /** People in one room on one server. */
  maxClientsPerRoom: 250,
  /** Messages a socket may send: a sustained rate and a burst above it (token bucket). */
  messagesPerSecond: 200,
  messageBurst: 600,
  /** Presence messages a socket may send (the app sends at most 20 cursor moves a second). */
  awarenessPerSecond: 40,
  awarenessBurst: 120,
  /** A change whose dependencies never arrive is not acknowledged; after this the socket is closed. */
  unresolvedChangeMs: 15_000,
} as const;

/** Close codes and the sentences a client can show. */
export const CLOSE = {
  authTimeout: { code: 4408, reason: 'No room was joined within 10 s of connecting.' },
  framesBeforeAuth: { code: 4401, reason: 'Messages were sent before joining a room.' },
  tooManyAuth: { code: 4403, reason: 'Too many attempts to join a room on one connection.' },
  tooManyRooms: { code: 4409, reason: 'Too many rooms open on one connection.' },
  malformed: { code: 4400, reason: 'The server could not read a message: closed.' },
  updateTooLarge: { code: 4413, reason: 'A change was larger than this server accepts (8 MB).' },
  roomTooLarge: {
    code: 4507,
    reason: 'The room is full: it has reached the 48 MB this server keeps.',
  },
  roomCrowded: { code: 4503, reason: 'The room has as many people as this server allows.' },
  tooFast: { code: 4429, reason: 'Too many messages: the server closed the connection.' },
  awarenessTooFast: {
    code: 4429,
    reason: 'Too many presence updates: the server closed the connection.',
  },
  awarenessTooLarge: {
    code: 4413,
    reason: 'A presence update was larger than this server accepts.',
  },
  unresolved: {
    code: 4424,
    reason: 'A change refers to edits the server never received: reconnecting to resynchronise.',
  },
  notStored: { code: 1011, reason: 'The server could not store a change: reconnecting.' },
  refusedChanges: {
    code: 4422,
    reason: 'The server refused changes that would break the scenario.',
  },
} as const;

export type CloseEvent = (typeof CLOSE)[keyof typeof CLOSE];

/** What a client shows for a close code (the reason the server gave, or a sentence for 1009). */
export function describeClose(code: number, reason: string): string | undefined {
  if (code === 1009) return 'A message was larger than the server accepts (16 MB).';
  if (code >= 4000 && code <= 4999 && reason) return reason;
  return undefined;
}

/** A close as the client handles it: the words, what the person can do, whether to reconnect. */
export interface CloseAdvice {
  readonly reason: string;
  readonly advice: string;
  /**
   * Whether reconnecting can help. A change the server refused (too large, breaking the
   * scenario, a full room) would be sent again on reconnecting and refused again: the client
   * stops instead and keeps the work on the person's computer.
   */
  readonly retry: boolean;
}

const KEEP = 'Your work stays on this computer and nothing more is sent to the room.';

/** What the app says and does when the server closes its connection; undefined for no limit. */
export function closeAdvice(code: number, reason: string): CloseAdvice | undefined {
  const words = describeClose(code, reason) ?? (code === 1011 ? reason : undefined);
  if (!words) return undefined;
  const stop = (advice: string): CloseAdvice => ({
    reason: words,
    advice: `${KEEP} ${advice}`,
    retry: false,
  });
  const again = (advice: string): CloseAdvice => ({ reason: words, advice, retry: true });
  switch (code) {
    case CLOSE.refusedChanges.code:
      return stop(
        'Save a copy (Ctrl+S), then leave and join the room again to go on editing with the others.',
      );
    case CLOSE.updateTooLarge.code:
    case 1009:
      // The same code for a presence update: that one is not sent again as it was.
      if (reason === CLOSE.awarenessTooLarge.reason)
        return again('Reconnecting by itself; your edits are kept.');
      return stop(
        'Save it as a file (Ctrl+S); share it in smaller steps, or ask whoever runs the server about its limits.',
      );
    case CLOSE.roomTooLarge.code:
      return stop('Save the scenario as a file (Ctrl+S) and share it into a new room.');
    case CLOSE.roomCrowded.code:
      return stop('Join again when someone has left.');
    case CLOSE.malformed.code:
      return stop(
        'Save your work (Ctrl+S) and join again; if it happens again, this app and the server may be different versions.',
      );
    default:
      return again('Reconnecting by itself; your edits are kept and sent once it is back.');
  }
}
