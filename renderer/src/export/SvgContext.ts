import type { Ctx2D } from '../canvas/paintTerrain';
import { initialDrawState, RecordingContext, type DrawState } from './recordingContext';

interface State extends DrawState {
  /** Groups opened by clip() since the matching save(). */
  openGroups: number;
}

const fmt = (n: number) => (Math.abs(n) < 1e-9 ? '0' : String(Math.round(n * 1000) / 1000));
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Records the terrain painter's canvas calls as SVG, so SVG export draws with the same code as the
 * screen. Supports what the painter uses: paths, arcs, fills, strokes, dashes, clips, translate and
 * rotate, and text.
 */
export class SvgContext extends RecordingContext<State> implements Ctx2D {
  private d = '';
  private readonly out: string[] = [];
  private readonly defs: string[] = [];
  private clipCount = 0;

  constructor() {
    super({ ...initialDrawState(), openGroups: 0 });
  }

  private tx(x: number, y: number): [number, number] {
    return this.transformed(x, y);
  }

  save(): void {
    this.pushState({ openGroups: 0 });
  }
  restore(): void {
    for (let i = 0; i < this.state.openGroups; i++) this.out.push('</g>');
    this.popState();
  }
  beginPath(): void {
    this.d = '';
  }
  moveTo(x: number, y: number): void {
    const [px, py] = this.tx(x, y);
    this.d += `M${fmt(px)} ${fmt(py)}`;
  }
  lineTo(x: number, y: number): void {
    const [px, py] = this.tx(x, y);
    this.d += `L${fmt(px)} ${fmt(py)}`;
  }
  closePath(): void {
    this.d += 'Z';
  }
  arc(x: number, y: number, r: number, start: number, end: number): void {
    const sweep = end - start;
    const [sx, sy] = this.tx(x + r * Math.cos(start), y + r * Math.sin(start));
    this.d += this.d ? `L${fmt(sx)} ${fmt(sy)}` : `M${fmt(sx)} ${fmt(sy)}`;
    if (Math.abs(sweep) >= Math.PI * 2 - 1e-9) {
      // A full circle as two half arcs; SVG cannot draw one arc back to its start.
      const [mx, my] = this.tx(x - r * Math.cos(start), y - r * Math.sin(start));
      this.d += `A${fmt(r)} ${fmt(r)} 0 1 1 ${fmt(mx)} ${fmt(my)}A${fmt(r)} ${fmt(r)} 0 1 1 ${fmt(sx)} ${fmt(sy)}`;
      return;
    }
    const [ex, ey] = this.tx(x + r * Math.cos(end), y + r * Math.sin(end));
    this.d += `A${fmt(r)} ${fmt(r)} 0 ${Math.abs(sweep) > Math.PI ? 1 : 0} 1 ${fmt(ex)} ${fmt(ey)}`;
  }

  private alpha(): string {
    return this.state.globalAlpha < 1 ? ` opacity="${fmt(this.state.globalAlpha)}"` : '';
  }
  fill(): void {
    if (!this.d) return;
    this.out.push(`<path d="${this.d}" fill="${esc(this.state.fillStyle)}"${this.alpha()}/>`);
  }
  stroke(): void {
    if (!this.d) return;
    const s = this.state;
    const scale = Math.hypot(s.m[0], s.m[1]);
    const dash = s.dash.length
      ? ` stroke-dasharray="${s.dash.map((v) => fmt(v * scale)).join(' ')}"`
      : '';
    this.out.push(
      `<path d="${this.d}" fill="none" stroke="${esc(s.strokeStyle)}" stroke-width="${fmt(s.lineWidth * scale)}" stroke-linejoin="${s.lineJoin}" stroke-linecap="${s.lineCap}"${dash}${this.alpha()}/>`,
    );
  }
  fillRect(x: number, y: number, w: number, h: number): void {
    const saved = this.d;
    this.beginPath();
    this.moveTo(x, y);
    this.lineTo(x + w, y);
    this.lineTo(x + w, y + h);
    this.lineTo(x, y + h);
    this.closePath();
    this.fill();
    this.d = saved;
  }
  clip(): void {
    const id = `clip${++this.clipCount}`;
    this.defs.push(`<clipPath id="${id}"><path d="${this.d}"/></clipPath>`);
    this.out.push(`<g clip-path="url(#${id})">`);
    this.state.openGroups++;
  }
  fillText(text: string, x: number, y: number): void {
    const s = this.state;
    const [px, py] = this.tx(x, y);
    const size = /([\d.]+)px/.exec(s.font)?.[1] ?? '10';
    const weight = /^(\d{3}|bold)\s/.exec(s.font)?.[1];
    const anchor =
      s.textAlign === 'center'
        ? 'middle'
        : s.textAlign === 'right' || s.textAlign === 'end'
          ? 'end'
          : 'start';
    const baseline =
      s.textBaseline === 'middle'
        ? 'central'
        : s.textBaseline === 'top'
          ? 'hanging'
          : s.textBaseline === 'bottom'
            ? 'text-after-edge'
            : 'auto';
    const angle = (Math.atan2(s.m[1], s.m[0]) * 180) / Math.PI;
    const rot =
      Math.abs(angle) > 0.01 ? ` transform="rotate(${fmt(angle)} ${fmt(px)} ${fmt(py)})"` : '';
    this.out.push(
      `<text x="${fmt(px)}" y="${fmt(py)}" font-family="system-ui, sans-serif" font-size="${size}"${weight ? ` font-weight="${weight}"` : ''} text-anchor="${anchor}" dominant-baseline="${baseline}" fill="${esc(s.fillStyle)}"${rot}${this.alpha()}>${esc(text)}</text>`,
    );
  }

  /** The finished SVG document, sized in real inches so it prints at 1:1. */
  toSvg(width: number, height: number, title: string): string {
    return [
      `<?xml version="1.0" encoding="UTF-8"?>`,
      `<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(width)}in" height="${fmt(height)}in" viewBox="0 0 ${fmt(width)} ${fmt(height)}">`,
      `<title>${esc(title)}</title>`,
      this.defs.length ? `<defs>${this.defs.join('')}</defs>` : '',
      ...this.out,
      '</svg>',
      '',
    ].join('\n');
  }
}
