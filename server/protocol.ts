/**
 * What a Sandtable client and collaboration server agree on: room names, the token a client
 * joins with, and the invitation link a host hands out. Pure string handling, shared by the
 * server (`sandtable serve`), the desktop host and the renderer.
 *
 * A room is protected by a shared secret: whoever creates the room chooses it, the server keeps
 * only its SHA-256, and everyone who joins later must present the same secret. An invitation
 * carries the server address, the room and the secret, so handing it over is handing over access.
 */

/** Room names: 8 to 64 letters, digits, `_` and `-`. */
export const ROOM_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** Secrets: 16 to 128 URL-safe characters. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** The token a client sends: the room's secret, and whether it is creating the room. */
export interface RoomToken {
  readonly secret: string;
  /** True for the client that shares a scenario into a new room; joining never creates one. */
  readonly create?: boolean;
  /** The server host's secret, which a server started with one wants for creating a room. */
  readonly hostSecret?: string;
}

export function encodeRoomToken(token: RoomToken): string {
  return JSON.stringify({
    secret: token.secret,
    ...(token.create ? { create: true } : {}),
    ...(token.create && token.hostSecret ? { hostSecret: token.hostSecret } : {}),
  });
}

/** The token a client sent, or undefined when it is not one. */
export function decodeRoomToken(text: string): RoomToken | undefined {
  try {
    if (text.length > 1024) return undefined;
    const v = JSON.parse(text) as { secret?: unknown; create?: unknown; hostSecret?: unknown };
    if (typeof v.secret !== 'string' || !SECRET_PATTERN.test(v.secret)) return undefined;
    if (v.create !== true) return { secret: v.secret };
    return typeof v.hostSecret === 'string' && SECRET_PATTERN.test(v.hostSecret)
      ? { secret: v.secret, create: true, hostSecret: v.hostSecret }
      : { secret: v.secret, create: true };
  } catch {
    return undefined;
  }
}

/** Where a shared scenario lives and how to get in. */
export interface Invitation {
  /** The server's WebSocket address, `ws://host:port` or `wss://host:port`. */
  readonly server: string;
  readonly room: string;
  readonly secret: string;
}

/** The link a host hands out: `ws://host:port/<room>#<secret>`. */
export function formatInvitation(inv: Invitation): string {
  return `${inv.server.replace(/\/+$/, '')}/${inv.room}#${inv.secret}`;
}

/**
 * Reads an invitation link. Returns the invitation, or a sentence saying what is wrong with it.
 */
export function parseInvitation(text: string): Invitation | { problem: string } {
  const link = text.trim();
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return {
      problem: `"${link.slice(0, 80)}" is not an invitation link; it looks like ws://host:port/room#secret`,
    };
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:')
    return { problem: `an invitation starts with ws:// or wss://, not ${url.protocol}//` };
  const room = url.pathname.replace(/^\/+/, '');
  if (!ROOM_PATTERN.test(room))
    return { problem: `"${room}" is not a room name (8 to 64 letters, digits, _ or -)` };
  const secret = url.hash.replace(/^#/, '');
  if (secret === '')
    return { problem: 'the link has no room secret after the # (ask the host for the whole link)' };
  // A secret that is there but cannot be one was mistyped or cut short: saying "no secret" misleads.
  if (!SECRET_PATTERN.test(secret))
    return {
      problem: `the room secret in the link (after the #) is wrong: ${/[^A-Za-z0-9_-]/.test(secret) ? 'it has characters a secret never has' : `it is ${secret.length} character${secret.length === 1 ? '' : 's'} long, where a secret has 16 to 128`}. Ask the host for the invitation link again and paste it whole`,
    };
  return { server: `${url.protocol}//${url.host}`, room, secret };
}

/** Alphabet of room names and secrets. */
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A random URL-safe string of `length` characters from the platform's cryptographic source. */
export function randomToken(length: number): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length));
  let out = '';
  for (const b of bytes) out += URL_SAFE[b & 63];
  return out;
}

/** A fresh room name and secret for sharing a scenario. */
export function newRoom(): { room: string; secret: string } {
  return { room: `room-${randomToken(12)}`, secret: randomToken(32) };
}

/** Why the server refused a client, as the client shows it. */
export const REFUSALS = {
  badToken:
    'The room secret in the invitation is not valid: ask the host for the invitation link again.',
  wrongSecret: 'The room secret does not match: ask the host for the invitation link again.',
  noRoom: 'There is no such room on this server: check the link, or ask the host to share again.',
  badRoom: 'That is not a room name this server accepts.',
  crowded: 'The room has as many people as this server allows: try again later.',
  needHostSecret:
    "This server creates rooms only for its host: ask the host to share, or give the host's secret.",
} as const;

/** The kind of the server's stateless message telling a client that a change of its was refused. */
const REFUSED_CHANGE = 'sandtable.refused-change';

/**
 * The stateless message the server sends a client whose change it refused (the change would break
 * the scenario): the reason in words, so the app can say it. The change itself is neither applied
 * nor acknowledged.
 */
export function encodeRefusedChange(reason: string): string {
  return JSON.stringify({ type: REFUSED_CHANGE, reason: reason.slice(0, 1000) });
}

/** The reason of a refused-change message, or undefined for any other stateless payload. */
export function decodeRefusedChange(payload: string): string | undefined {
  try {
    const m = JSON.parse(payload) as { type?: unknown; reason?: unknown };
    return m?.type === REFUSED_CHANGE && typeof m.reason === 'string'
      ? m.reason.slice(0, 1000)
      : undefined;
  } catch {
    return undefined;
  }
}
