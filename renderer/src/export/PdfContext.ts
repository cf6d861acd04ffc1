import type { PDFFont, PDFName } from 'pdf-lib';
import type { Ctx2D } from '../canvas/paintTerrain';
import { parseColour, type Rgba } from './colour';
import { initialDrawState, RecordingContext, type DrawState } from './recordingContext';

/** The fonts text is set in: a regular and a bold face, both embedded in the PDF. */
export interface PdfFonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
}

/** The page resources the operators name. */
export interface PdfResources {
  /** The page's resource name for a font, adding it on first use. */
  fontKey(font: PDFFont): PDFName;
  /** The page's resource name for an ExtGState with this fill and stroke opacity. */
  alphaKey(alpha: number): PDFName;
}

/** A number as a content stream writes it: at most 4 decimals, never exponent notation. */
const n = (v: number): string => {
  const r = Math.round(v * 10000) / 10000;
  return r === 0 ? '0' : String(r);
};
const c3 = (v: number) => String(Math.round(v * 1000) / 1000);

/**
 * Records the terrain painter's canvas calls as PDF content-stream operators, so the 1:1 PDF is
 * drawn with the same code as the screen, as vectors: paths, arcs (as Bézier curves), fills,
 * strokes, dashes, clips, transparency and embedded-font text. Coordinates stay in table inches;
 * the page's own transform (set by the caller) maps inches to points. The operators are written
 * as content-stream text directly: a textured map has hundreds of thousands of them, and building
 * an object per operator took seconds a sheet.
 */
export class PdfContext extends RecordingContext<DrawState> implements Ctx2D {
  private path: string[] = [];
  /** Graphics-state pushes to undo at restore(): one per clip since the matching save(). */
  private clips: number[] = [0];
  private readonly ops: string[] = [];

  /** The content-stream text recorded so far. */
  content(): string {
    return this.ops.join('');
  }

  private readonly charsets = new Map<PDFFont, Set<number>>();

  constructor(
    private readonly fonts: PdfFonts,
    private readonly resources: PdfResources,
  ) {
    super(initialDrawState());
  }

  private charset(font: PDFFont): Set<number> {
    let set = this.charsets.get(font);
    if (!set) this.charsets.set(font, (set = new Set(font.getCharacterSet())));
    return set;
  }

  /** A table point through the current transform, as "x y". */
  private tx(x: number, y: number): string {
    const [px, py] = this.transformed(x, y);
    return `${n(px)} ${n(py)}`;
  }
  private scale(): number {
    const [a, b, c, d] = this.state.m;
    return Math.sqrt(Math.abs(a * d - b * c));
  }

  save(): void {
    this.pushState();
    this.clips.push(0);
  }
  restore(): void {
    const opened = this.clips.pop() ?? 0;
    for (let i = 0; i < opened; i++) this.ops.push('Q\n');
    if (this.clips.length === 0) this.clips.push(0);
    this.popState();
  }
  beginPath(): void {
    this.path = [];
  }
  moveTo(x: number, y: number): void {
    this.path.push(`${this.tx(x, y)} m\n`);
  }
  lineTo(x: number, y: number): void {
    this.path.push(`${this.tx(x, y)} l\n`);
  }
  closePath(): void {
    this.path.push('h\n');
  }
  arc(x: number, y: number, r: number, start: number, end: number, ccw = false): void {
    let sweep = end - start;
    if (!ccw && sweep < 0) sweep = (sweep % (2 * Math.PI)) + 2 * Math.PI;
    if (ccw && sweep > 0) sweep = (sweep % (2 * Math.PI)) - 2 * Math.PI;
    sweep = Math.max(-2 * Math.PI, Math.min(2 * Math.PI, sweep));
    const p0 = this.tx(x + r * Math.cos(start), y + r * Math.sin(start));
    this.path.push(`${p0} ${this.path.length ? 'l' : 'm'}\n`);
    // Quarter turns or less, each one cubic Bézier (error under 0.03% of the radius).
    const parts = Math.max(1, Math.ceil(Math.abs(sweep) / (Math.PI / 2) - 1e-9));
    const step = sweep / parts;
    const k = (4 / 3) * Math.tan(step / 4);
    for (let i = 0; i < parts; i++) {
      const a0 = start + i * step;
      const a1 = a0 + step;
      const [c0, s0, c1, s1] = [Math.cos(a0), Math.sin(a0), Math.cos(a1), Math.sin(a1)];
      const c1p = this.tx(x + r * (c0 - k * s0), y + r * (s0 + k * c0));
      const c2p = this.tx(x + r * (c1 + k * s1), y + r * (s1 - k * c1));
      const e = this.tx(x + r * c1, y + r * s1);
      this.path.push(`${c1p} ${c2p} ${e} c\n`);
    }
  }

  /** Appends a path and its painting operators (a loop: long paths overflow spread arguments). */
  private emit(path: readonly string[], ...after: string[]): void {
    for (const op of path) this.ops.push(op);
    for (const op of after) this.ops.push(op);
  }

  private paint(colour: Rgba, stroking: boolean): boolean {
    const alpha = colour.a * this.state.globalAlpha;
    if (alpha <= 0.001) return false;
    if (alpha < 0.999)
      this.ops.push(`${this.resources.alphaKey(Math.round(alpha * 1000) / 1000).toString()} gs\n`);
    this.ops.push(`${c3(colour.r)} ${c3(colour.g)} ${c3(colour.b)} ${stroking ? 'RG' : 'rg'}\n`);
    return true;
  }

  fill(): void {
    if (!this.path.length) return;
    this.ops.push('q\n');
    if (this.paint(parseColour(this.state.fillStyle), false)) this.emit(this.path, 'f\n');
    this.ops.push('Q\n');
  }
  stroke(): void {
    if (!this.path.length) return;
    const s = this.state;
    const k = this.scale();
    this.ops.push('q\n');
    if (this.paint(parseColour(s.strokeStyle), true)) {
      const join = s.lineJoin === 'round' ? 1 : s.lineJoin === 'bevel' ? 2 : 0;
      const cap = s.lineCap === 'round' ? 1 : s.lineCap === 'square' ? 2 : 0;
      this.ops.push(
        `${n(s.lineWidth * k)} w\n${join} j\n${cap} J\n[${s.dash.map((v) => n(v * k)).join(' ')}] 0 d\n`,
      );
      this.emit(this.path, 'S\n');
    }
    this.ops.push('Q\n');
  }
  fillRect(x: number, y: number, w: number, h: number): void {
    const saved = this.path;
    this.path = [];
    this.moveTo(x, y);
    this.lineTo(x + w, y);
    this.lineTo(x + w, y + h);
    this.lineTo(x, y + h);
    this.closePath();
    this.fill();
    this.path = saved;
  }
  clip(): void {
    this.ops.push('q\n');
    this.emit(this.path, 'W\n', 'n\n');
    this.clips[this.clips.length - 1]!++;
  }
  fillText(text: string, x: number, y: number): void {
    const s = this.state;
    const size = Number(/([\d.]+)px/.exec(s.font)?.[1] ?? '10');
    const bold = /^(600|700|800|900|bold)\s/.test(s.font);
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const chars = this.charset(font);
    const safe = [...text].filter((ch) => chars.has(ch.codePointAt(0)!));
    const shown = safe.join('');
    if (!shown) return;
    const width = font.widthOfTextAtSize(shown, size);
    const dx =
      s.textAlign === 'center'
        ? -width / 2
        : s.textAlign === 'right' || s.textAlign === 'end'
          ? -width
          : 0;
    // Canvas baselines measured from the alphabetic one, in ems of the font's own metrics.
    const ascent = font.heightAtSize(size, { descender: false });
    const full = font.heightAtSize(size);
    const descent = full - ascent;
    const dy =
      s.textBaseline === 'middle'
        ? (ascent - descent) / 2
        : s.textBaseline === 'top' || s.textBaseline === 'hanging'
          ? ascent
          : s.textBaseline === 'bottom' || s.textBaseline === 'ideographic'
            ? -descent
            : 0;
    const [a, b, c, d, e, f] = s.m;
    const px = x + dx;
    const py = y + dy;
    this.ops.push('q\n');
    if (this.paint(parseColour(s.fillStyle), false)) {
      // Text space is y-up; flip it back into the painter's y-down space.
      const tm = [a, b, -c, -d, a * px + c * py + e, b * px + d * py + f].map(n).join(' ');
      this.ops.push(
        `BT\n${this.resources.fontKey(font).toString()} ${n(size)} Tf\n${tm} Tm\n${font.encodeText(shown).toString()} Tj\nET\n`,
      );
    }
    this.ops.push('Q\n');
  }
}
