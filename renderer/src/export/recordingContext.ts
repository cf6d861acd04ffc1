/** An affine transform as canvas keeps it: [a, b, c, d, e, f]. */
export type Matrix = [number, number, number, number, number, number];

/** What save() and restore() keep, as on CanvasRenderingContext2D. */
export interface DrawState {
  m: Matrix;
  fillStyle: string;
  strokeStyle: string;
  lineWidth: number;
  lineJoin: CanvasLineJoin;
  lineCap: CanvasLineCap;
  globalAlpha: number;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  dash: number[];
}

/** A canvas's state before anything is set. */
export const initialDrawState = (): DrawState => ({
  m: [1, 0, 0, 1, 0, 0],
  fillStyle: '#000',
  strokeStyle: '#000',
  lineWidth: 1,
  lineJoin: 'miter',
  lineCap: 'butt',
  globalAlpha: 1,
  font: '10px sans-serif',
  textAlign: 'start',
  textBaseline: 'alphabetic',
  dash: [],
});

/**
 * What the vector recorders (SVG, PDF) share: the canvas style properties, the state stack and
 * the transform. Each subclass writes its own operators and adds what its format needs to undo
 * at restore().
 */
export abstract class RecordingContext<S extends DrawState> {
  protected stack: S[] = [];

  constructor(protected state: S) {}

  get fillStyle(): string {
    return this.state.fillStyle;
  }
  set fillStyle(v: string | CanvasGradient | CanvasPattern) {
    this.state.fillStyle = String(v);
  }
  get strokeStyle(): string {
    return this.state.strokeStyle;
  }
  set strokeStyle(v: string | CanvasGradient | CanvasPattern) {
    this.state.strokeStyle = String(v);
  }
  get lineWidth() {
    return this.state.lineWidth;
  }
  set lineWidth(v: number) {
    this.state.lineWidth = v;
  }
  get lineJoin() {
    return this.state.lineJoin;
  }
  set lineJoin(v: CanvasLineJoin) {
    this.state.lineJoin = v;
  }
  get lineCap() {
    return this.state.lineCap;
  }
  set lineCap(v: CanvasLineCap) {
    this.state.lineCap = v;
  }
  get globalAlpha() {
    return this.state.globalAlpha;
  }
  set globalAlpha(v: number) {
    this.state.globalAlpha = v;
  }
  get font() {
    return this.state.font;
  }
  set font(v: string) {
    this.state.font = v;
  }
  get textAlign() {
    return this.state.textAlign;
  }
  set textAlign(v: CanvasTextAlign) {
    this.state.textAlign = v;
  }
  get textBaseline() {
    return this.state.textBaseline;
  }
  set textBaseline(v: CanvasTextBaseline) {
    this.state.textBaseline = v;
  }

  /** A point through the current transform. */
  protected transformed(x: number, y: number): [number, number] {
    const [a, b, c, d, e, f] = this.state.m;
    return [a * x + c * y + e, b * x + d * y + f];
  }

  /** Pushes a copy of the state (for save()); `reset` is applied to the state that goes on. */
  protected pushState(reset: Partial<S> = {}): void {
    this.stack.push({ ...this.state, m: [...this.state.m] as Matrix, dash: [...this.state.dash] });
    this.state = { ...this.state, ...reset };
  }
  /** Pops the state saved last (for restore()). */
  protected popState(): void {
    const prev = this.stack.pop();
    if (prev) this.state = prev;
  }

  translate(x: number, y: number): void {
    const [a, b, c, d, e, f] = this.state.m;
    this.state.m = [a, b, c, d, a * x + c * y + e, b * x + d * y + f];
  }
  rotate(angle: number): void {
    const [a, b, c, d, e, f] = this.state.m;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    this.state.m = [
      a * cos + c * sin,
      b * cos + d * sin,
      -a * sin + c * cos,
      -b * sin + d * cos,
      e,
      f,
    ];
  }
  setLineDash(segments: number[]): void {
    this.state.dash = [...segments];
  }
}
