import { hexLabel } from '../../../hex';

/**
 * The rules write a hex as "hex col,row" (0-based, as the file stores it); the board, the log and
 * the sight lines print the map's own four-digit numbers ("0408"). Every text the view hands
 * the screen goes through here, so one message never mixes the two systems.
 */
export function hexText(text: string): string {
  return text.replace(
    /\bhex (\d+),(\d+)\b/g,
    (_, c: string, r: string) => `hex ${hexLabel(Number(c), Number(r))}`,
  );
}
