import type { Point } from '../../../format';
import { type TablePoint } from '../../../geometry/units';

export const PHASES = [
  { id: 'movement', label: 'Movement' },
  { id: 'firing', label: 'Firing' },
  { id: 'morale', label: 'Morale' },
] as const;

export const r1 = (n: number) => (Math.round(n * 10) / 10).toFixed(1);
export const halfs = (share: number) =>
  share <= 0
    ? '0'
    : Math.abs(share - 0.5) < 1e-6
      ? '½'
      : Math.abs(share - 1) < 1e-6
        ? '1'
        : r1(share);
export const pt = (p: TablePoint): Point => [p.x, p.y];
export const needText = (n: number) => (n > 6 ? 'impossible (7+)' : n <= 1 ? 'automatic' : `${n}+`);

/** Two letters for a counter: the initials of the type's name ("Medium tank" → "MT"). */
export function glyphOf(name: string): string {
  const words = name.split(/[\s-]+/).filter(Boolean);
  if (words.length === 1) return words[0]!.slice(0, 1).toUpperCase();
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** Why a unit was moved without an order, in words (morale results, crews acting on their own). */
const FORCED_TEXT: Readonly<Record<string, string>> = {
  toCover: 'morale, to the nearest cover',
  fallBack: 'morale, falling back',
  rout: 'morale, routing',
  crewToRear: 'crew out of a wreck heading for the rear',
  crewToCover: 'crew out of a wreck taking cover',
  crewToGun: 'crew out of a wreck going to an AT gun short of men',
};
export function forcedText(code: string): string {
  return FORCED_TEXT[code] ?? code;
}
