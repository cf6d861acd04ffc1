import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';

/**
 * A bare WebSocket speaking the Hocuspocus protocol frame by frame, for tests and the fault
 * suite: it sends exactly what it is told (including what no honest client sends) and records
 * what the server answers and how it closed the socket.
 */

const SYNC = 0;
const AWARENESS = 1;
const AUTH = 2;
const SYNC_STATUS = 8;
const CLOSE = 7;

export function authFrame(room: string, token: string): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, room);
  encoding.writeVarUint(e, AUTH);
  encoding.writeVarUint(e, 0);
  encoding.writeVarString(e, token);
  return encoding.toUint8Array(e);
}

/** A sync message: step 1 (a state vector), step 2 or update (a Yjs update). */
export function syncFrame(room: string, sub: 0 | 1 | 2, payload: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, room);
  encoding.writeVarUint(e, SYNC);
  encoding.writeVarUint(e, sub);
  encoding.writeVarUint8Array(e, payload);
  return encoding.toUint8Array(e);
}

export function awarenessFrame(room: string, update: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, room);
  encoding.writeVarUint(e, AWARENESS);
  encoding.writeVarUint8Array(e, update);
  return encoding.toUint8Array(e);
}

export interface RawClient {
  readonly ws: WebSocket;
  /** Resolves when the socket is open. */
  readonly opened: Promise<void>;
  /** Resolves with the close code and reason. */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Whether the server said authenticated (true), refused (a reason), or nothing yet. */
  auth(): true | string | undefined;
  /** Acknowledgements received (sync status "applied"), and refusals (sync status "not applied"). */
  acks(): number;
  nacks(): number;
  /** Sync step 1 messages the server sent (it asks for what it lacks). */
  stepOnes(): number;
  send(frame: Uint8Array): void;
}

export function rawClient(url: string): RawClient {
  const ws = new WebSocket(url);
  let auth: true | string | undefined;
  let acks = 0;
  let nacks = 0;
  let stepOnes = 0;
  ws.binaryType = 'nodebuffer';
  ws.on('error', () => undefined);
  ws.on('message', (data: Buffer) => {
    try {
      const d = decoding.createDecoder(new Uint8Array(data));
      decoding.readVarString(d);
      const type = decoding.readVarUint(d);
      if (type === AUTH) {
        const sub = decoding.readVarUint(d);
        if (sub === 2) auth = true;
        else if (sub === 1) auth = decoding.readVarString(d);
      } else if (type === SYNC_STATUS) {
        if (decoding.readVarUint(d) === 1) acks++;
        else nacks++;
      } else if (type === SYNC && decoding.readVarUint(d) === 0) stepOnes++;
      else if (type === CLOSE) auth ??= 'closed';
    } catch {
      // Not ours to judge.
    }
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return {
    ws,
    opened,
    closed,
    auth: () => auth,
    acks: () => acks,
    nacks: () => nacks,
    stepOnes: () => stepOnes,
    send: (frame) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(frame);
    },
  };
}

/** Waits until `ok()` holds, checking every 20 ms; throws naming `what` after `ms`. */
export async function until(what: string, ok: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
