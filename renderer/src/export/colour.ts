/** A colour with channels 0–1, as PDF operators take them. */
export interface Rgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

const NAMED: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  grey: '#808080',
  gray: '#808080',
  yellow: '#ffff00',
  orange: '#ffa500',
};

function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)];
}

/**
 * Reads the CSS colours the painters use (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla(),
 * a few names, transparent). Anything else is black, as a canvas treats an invalid colour.
 */
export function parseColour(css: string): Rgba {
  const s = css.trim().toLowerCase();
  if (s === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const named = NAMED[s];
  if (named) return parseColour(named);
  const hex = /^#([0-9a-f]{3,8})$/.exec(s)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const ch = (i: number) => parseInt(full.slice(i * 2, i * 2 + 2), 16) / 255;
    return { r: ch(0), g: ch(1), b: ch(2), a: full.length === 8 ? ch(3) : 1 };
  }
  const fn = /^(rgba?|hsla?)\(([^)]*)\)$/.exec(s);
  if (fn) {
    const parts = fn[2]!.split(/[\s,/]+/).filter(Boolean);
    const num = (p: string | undefined, scale: number) =>
      p === undefined ? 1 : p.endsWith('%') ? parseFloat(p) / 100 : parseFloat(p) / scale;
    const a = Math.max(0, Math.min(1, num(parts[3], 1)));
    if (fn[1]!.startsWith('rgb'))
      return { r: num(parts[0], 255), g: num(parts[1], 255), b: num(parts[2], 255), a };
    const [r, g, b] = hsl(parseFloat(parts[0] ?? '0'), num(parts[1], 100), num(parts[2], 100));
    return { r, g, b, a };
  }
  return { r: 0, g: 0, b: 0, a: 1 };
}
