import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import {
  ARG_SCHEMAS,
  INVOKE_CHANNELS,
  type InvokeArgs,
  type InvokeChannel,
  type InvokeResult,
} from './ipcContract';

/** A request main refused: unknown channel, a sender it does not trust, or a malformed payload. */
export class IpcRefusedError extends Error {
  constructor(
    readonly channel: string,
    readonly reason: 'unknown-channel' | 'untrusted-sender' | 'invalid-payload',
    detail: string,
  ) {
    super(`IPC ${channel} refused: ${detail}`);
    this.name = 'IpcRefusedError';
  }
}

function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTuples: false });
  ajv.addKeyword({
    keyword: 'uint8array',
    schemaType: 'number',
    // Structured clone delivers a Uint8Array (a Buffer in Node is one too).
    validate: (maxBytes: number, data: unknown) =>
      data instanceof Uint8Array && data.byteLength <= maxBytes,
    errors: false,
  });
  return ajv;
}

const ajv = createAjv();
const validators = new Map<string, ValidateFunction>(
  INVOKE_CHANNELS.map((channel) => [channel, ajv.compile(ARG_SCHEMAS[channel])]),
);

function describe(errors: readonly ErrorObject[] | null | undefined): string {
  if (!errors?.length) return 'invalid arguments';
  return errors
    .slice(0, 5)
    .map((e) => {
      // Arguments are a tuple: /0/text reads better as "argument 1: text".
      const [, index, ...rest] = e.instancePath.split('/');
      const where =
        index === undefined
          ? 'arguments'
          : `argument ${Number(index) + 1}${rest.length ? ` (${rest.join('.')})` : ''}`;
      const allowed =
        e.keyword === 'additionalProperties'
          ? ` '${String((e.params as { additionalProperty?: string }).additionalProperty)}'`
          : '';
      return `${where} ${e.message ?? 'is invalid'}${allowed}`;
    })
    .join('; ');
}

export function isInvokeChannel(channel: string): channel is InvokeChannel {
  return validators.has(channel);
}

/** Checks a channel's arguments against its schema; throws a readable IpcRefusedError. */
export function validateArgs<C extends InvokeChannel>(channel: C, args: unknown[]): InvokeArgs<C> {
  const validate = validators.get(channel);
  if (!validate) throw new IpcRefusedError(channel, 'unknown-channel', 'no such channel');
  if (!validate(args))
    throw new IpcRefusedError(channel, 'invalid-payload', describe(validate.errors));
  return args as InvokeArgs<C>;
}

/**
 * Whether a frame URL is one of ours: the app's own pages (`app://sandtable/...`) or, in
 * development only, the Vite dev server's origin. Checked on every request, so a frame that
 * navigated elsewhere, or a subframe, cannot use the API.
 */
export function isTrustedSender(frameUrl: string | undefined, devOrigin?: string): boolean {
  if (!frameUrl) return false;
  let url: URL;
  try {
    url = new URL(frameUrl);
  } catch {
    return false;
  }
  if (url.protocol === 'app:' && url.host === 'sandtable') return true;
  return devOrigin !== undefined && url.origin === devOrigin;
}

export interface SenderInfo {
  /** URL of the frame that sent the request. */
  readonly frameUrl: string | undefined;
  /** Whether the sender is the main frame of a window main created. */
  readonly isMainFrameOfKnownWindow: boolean;
}

export type Handlers<Ctx> = {
  [C in InvokeChannel]: (
    ctx: Ctx,
    ...args: InvokeArgs<C>
  ) => Promise<InvokeResult<C>> | InvokeResult<C>;
};

/**
 * Routes a request: checks the sender, validates the payload, then calls the handler. Electron's
 * ipcMain.handle forwards here; tests call it directly.
 */
export function createIpcRouter<Ctx>(handlers: Handlers<Ctx>, devOrigin?: string) {
  return async function dispatch(
    sender: SenderInfo,
    ctx: Ctx,
    channel: string,
    args: unknown[],
  ): Promise<unknown> {
    if (!isInvokeChannel(channel)) {
      throw new IpcRefusedError(channel, 'unknown-channel', 'no such channel');
    }
    if (!sender.isMainFrameOfKnownWindow || !isTrustedSender(sender.frameUrl, devOrigin)) {
      throw new IpcRefusedError(
        channel,
        'untrusted-sender',
        `sender ${sender.frameUrl ?? '(none)'} is not an app window`,
      );
    }
    const valid = validateArgs(channel, args);
    const handler = handlers[channel] as (c: Ctx, ...a: unknown[]) => unknown;
    return handler(ctx, ...valid);
  };
}
