import type { Point, Underlay } from '../../../engine/format/types';
import type { Editor } from '../editor/Editor';

/** The opacity a picture gets until the user sets one. */
export const DEFAULT_UNDERLAY_OPACITY = 0.5;

/** The map's underlay picture, if any. */
export function underlayOf(ed: Editor): Underlay | undefined {
  return ed.store.mapFields()['underlay'] as Underlay | undefined;
}

/** Writes the underlay (or removes it) as one undo step. */
export function setUnderlay(ed: Editor, u: Underlay | undefined): void {
  ed.commit((w) => w.setMapField('underlay', u as never));
}

const rad = (u: Underlay) => ((u.rotation ?? 0) * Math.PI) / 180;

/** The table point under picture pixel (px, py). */
export function pictureToTable(u: Underlay, px: number, py: number): Point {
  const a = rad(u);
  const x = px * u.inchesPerPixel;
  const y = py * u.inchesPerPixel;
  return [u.x + x * Math.cos(a) - y * Math.sin(a), u.y + x * Math.sin(a) + y * Math.cos(a)];
}

/** The picture pixel under a table point. */
export function tableToPicture(u: Underlay, p: Point): Point {
  const a = rad(u);
  const dx = p[0] - u.x;
  const dy = p[1] - u.y;
  return [
    (dx * Math.cos(a) + dy * Math.sin(a)) / u.inchesPerPixel,
    (-dx * Math.sin(a) + dy * Math.cos(a)) / u.inchesPerPixel,
  ];
}

/** The picture's four corners on the table, clockwise from its top-left. */
export function underlayCorners(u: Underlay): Point[] {
  return [
    pictureToTable(u, 0, 0),
    pictureToTable(u, u.pixelWidth, 0),
    pictureToTable(u, u.pixelWidth, u.pixelHeight),
    pictureToTable(u, 0, u.pixelHeight),
  ];
}

/**
 * Scales the picture so that the two table points `a` and `b`, which mark two places on the
 * picture, lie `inches` apart; `a` stays where it is.
 */
export function calibrateUnderlay(u: Underlay, a: Point, b: Point, inches: number): Underlay {
  const measured = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (!(measured > 0) || !(inches > 0)) return u;
  const pa = tableToPicture(u, a);
  const scaled = { ...u, inchesPerPixel: (u.inchesPerPixel * inches) / measured };
  const moved = pictureToTable(scaled, pa[0], pa[1]);
  const round = (v: number) => Math.round(v * 1e4) / 1e4;
  return { ...scaled, x: round(u.x + (a[0] - moved[0])), y: round(u.y + (a[1] - moved[1])) };
}

/** Picture scale that makes it fit the map's width (a first guess before calibrating). */
export function fitScale(
  pixelWidth: number,
  pixelHeight: number,
  map: { width: number; height: number },
): number {
  return Math.min(map.width / pixelWidth, map.height / pixelHeight);
}

// ---- pictures in this session ------------------------------------------------------------------

/** Decoded pictures, by underlay source; a picture kept as a path is found by the user once. */
const images = new Map<string, HTMLImageElement>();
const pathFiles = new Map<string, string>();
const listeners = new Set<() => void>();

const sourceKey = (u: Underlay) =>
  u.embedded
    ? `e:${u.embedded.length}:${u.embedded.slice(22, 90)}:${u.embedded.slice(-64)}`
    : `p:${u.path ?? ''}`;

/** Calls `fn` when a picture finishes loading (to repaint). */
export function onUnderlayImage(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The picture file the user pointed at for an underlay kept as a path, for this session. */
export function providePathFile(path: string, objectUrl: string): void {
  const old = pathFiles.get(path);
  if (old && old !== objectUrl) URL.revokeObjectURL(old);
  pathFiles.set(path, objectUrl);
  images.delete(`p:${path}`);
  for (const l of listeners) l();
}

/** The decoded picture, or null while it loads or when a path picture has not been found yet. */
export function underlayImage(u: Underlay): HTMLImageElement | null {
  const key = sourceKey(u);
  const have = images.get(key);
  if (have) return have.complete && have.naturalWidth > 0 ? have : null;
  const src = u.embedded ?? (u.path ? pathFiles.get(u.path) : undefined);
  if (!src) return null;
  const img = new Image();
  img.onload = () => {
    for (const l of listeners) l();
  };
  img.src = src;
  images.set(key, img);
  return null;
}

/** Whether an underlay kept as a path still needs the user to point at its file. */
export function missingPicture(u: Underlay): boolean {
  return !u.embedded && !!u.path && !pathFiles.has(u.path);
}

// ---- live preview while a tool drags -----------------------------------------------------------

let preview: Underlay | null = null;
export function underlayPreview(): Underlay | null {
  return preview;
}
export function setUnderlayPreview(ed: Editor, u: Underlay | null): void {
  preview = u;
  ed.update({});
}

/** The picture's bytes as a data URL (what `embedded` holds). */
export function dataUrlOf(bytes: Uint8Array, mime: 'image/png' | 'image/jpeg'): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${mime};base64,${btoa(bin)}`;
}

/** PNG or JPEG from the file's first bytes; null for anything else. */
export function pictureType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** The bytes of an embedded picture (for printing it into the PDF). */
export function bytesOfDataUrl(url: string): Uint8Array {
  const bin = atob(url.slice(url.indexOf(',') + 1));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
