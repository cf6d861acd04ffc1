import type { Underlay } from '../../../engine/format/types';
import type { Scene } from '../canvas/paintTerrain';
import type { ExportChoice } from '../components/Dialogs';

/** What a painted export draws: the scene, the map's size, its title and the dialog's choices. */
export interface PaintedExport {
  readonly scene: Scene;
  readonly size: { width: number; height: number };
  readonly title: string;
  /** The file name without its ending, from the title. */
  readonly base: string;
  readonly choice: ExportChoice;
  readonly underlay?: Underlay | undefined;
}

/** A painted file and the name suggested for it. */
export interface PaintedFile {
  readonly data: string | Uint8Array;
  readonly fileName: string;
}

/**
 * The writers of the formats the renderer's painter draws (engine/formats/pictures.ts describes
 * them), keyed by the same ids. The exporters and pdf-lib load on first use, keeping them out of
 * the start-up bundle.
 */
export const PAINTED_WRITERS: {
  readonly [K in ExportChoice['format']]: (x: PaintedExport) => Promise<PaintedFile>;
} = {
  async png({ scene, size, base, choice }) {
    const { exportPng } = await import('../export/exportTable');
    return {
      data: await exportPng(scene, size, choice.dpi, choice.legend),
      fileName: `${base}.png`,
    };
  },
  async svg({ scene, size, title, base, choice }) {
    const { exportSvg } = await import('../export/exportTable');
    return { data: exportSvg(scene, size, title, choice.legend), fileName: `${base}.svg` };
  },
  async pdf({ scene, size, title, base, choice, underlay }) {
    const options = {
      paper: choice.paper,
      overlap: choice.overlap,
      margin: 0.4,
      title,
      legend: choice.legend,
    };
    const data = choice.vector
      ? await (
          await import('../export/printPdf')
        ).exportVectorPdfFor(scene, size, options, choice.withUnderlay ? underlay : undefined)
      : await (
          await import('../export/exportTable')
        ).exportPdf(scene, size, { ...options, dpi: choice.dpi });
    return { data, fileName: `${base}-1to1-${choice.paper}.pdf` };
  },
};
