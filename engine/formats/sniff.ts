import type { FormatFile } from './types';

/** The file name's ending, lower case with the dot (`.tmx`), or '' when it has none. */
export function extensionOf(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

/** Whether the name ends with one of the endings (`.tiled.tmj` ends with `.tmj`). */
export function hasExtension(name: string, extensions: readonly string[]): boolean {
  return extensions.includes(extensionOf(name));
}

const HEAD = 4096;

/**
 * The first few kilobytes as text, one character per byte (the markup sniffing looks for is
 * ASCII, so any UTF-8 text reads right where it matters), a UTF-8 BOM dropped.
 */
export function headText(file: FormatFile): string {
  const head = file.bytes.subarray(0, HEAD);
  const start = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  return String.fromCharCode(...head.subarray(start));
}

/** Whether the bytes start with the given ones (a file's magic number). */
export function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.length <= bytes.length && magic.every((b, i) => bytes[i] === b);
}

/** A zip archive's local file header: `PK\3\4`. */
export const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04] as const;

/** The name of the first element of an XML text, after its declaration and comments. */
export function xmlRoot(text: string): string | undefined {
  const m =
    /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<([A-Za-z_][\w.:-]*)/.exec(
      text,
    );
  return m?.[1];
}
