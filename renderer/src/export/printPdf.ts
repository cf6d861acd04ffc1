import regularUrl from '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff?url';
import boldUrl from '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff?url';
import type { Underlay } from '../../../engine/format/types';
import type { Scene } from '../canvas/paintTerrain';
import { bytesOfDataUrl, DEFAULT_UNDERLAY_OPACITY, underlayImage } from '../underlay/underlay';
import type { PdfOptions } from './tiles';
import { exportVectorPdf, type PdfFontFiles, type PdfUnderlay } from './vectorPdf';

let fonts: Promise<PdfFontFiles> | null = null;

/** DejaVu Sans, shipped with the app, fetched once per session for embedding. */
function pdfFonts(): Promise<PdfFontFiles> {
  const get = async (url: string) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`the PDF font could not be loaded (${res.status})`);
    return new Uint8Array(await res.arrayBuffer());
  };
  fonts ??= Promise.all([get(regularUrl), get(boldUrl)]).then(([regular, bold]) => ({
    regular,
    bold,
  }));
  fonts.catch(() => {
    fonts = null;
  });
  return fonts;
}

/** The underlay's bytes for the PDF: embedded ones directly, a path picture from its image. */
async function underlayForPdf(u: Underlay): Promise<PdfUnderlay> {
  let bytes: Uint8Array;
  let mime: 'image/png' | 'image/jpeg';
  if (u.embedded) {
    bytes = bytesOfDataUrl(u.embedded);
    mime = u.embedded.startsWith('data:image/png') ? 'image/png' : 'image/jpeg';
  } else {
    const img = underlayImage(u);
    if (!img)
      throw new Error(
        `the underlay picture ${u.path} is not loaded; find it with Arrange ▸ Underlay picture…, or print without it`,
      );
    const res = await fetch(img.src);
    bytes = new Uint8Array(await res.arrayBuffer());
    mime = bytes[0] === 0x89 ? 'image/png' : 'image/jpeg';
  }
  return {
    bytes,
    mime,
    x: u.x,
    y: u.y,
    width: u.pixelWidth * u.inchesPerPixel,
    height: u.pixelHeight * u.inchesPerPixel,
    rotation: u.rotation ?? 0,
    opacity: u.opacity ?? DEFAULT_UNDERLAY_OPACITY,
  };
}

/** The 1:1 print as a vector PDF, with the underlay picture when one is given. */
export async function exportVectorPdfFor(
  scene: Scene,
  size: { width: number; height: number },
  o: Omit<PdfOptions, 'dpi'>,
  underlay?: Underlay,
): Promise<Uint8Array> {
  return exportVectorPdf(scene, size, {
    ...o,
    fonts: await pdfFonts(),
    ...(underlay ? { underlay: await underlayForPdf(underlay) } : {}),
  });
}
