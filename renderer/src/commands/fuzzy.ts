/**
 * Fuzzy matching for the command palette: the letters of each typed word must appear in the
 * text in order, not necessarily together ("playtst" finds "Playtest", "zfit" finds "Zoom to
 * fit"). Runs of letters and letters at the start of a word score higher, so the best-fitting
 * command comes first.
 */

const isWordStart = (text: string, i: number) => i === 0 || /[\s\-_/.…(]/.test(text[i - 1]!);

/** The best score of `word` as a subsequence of `text` (both lower case), or null. */
function wordScore(word: string, text: string): number | null {
  const n = text.length;
  const m = word.length;
  if (m === 0) return 0;
  if (m > n) return null;
  const NONE = -Infinity;
  // best[j][i]: best score with word[0..j] matched and word[j] at text[i].
  let prev = new Array<number>(n).fill(NONE);
  for (let i = 0; i < n; i++)
    if (text[i] === word[0]) prev[i] = 1 + (isWordStart(text, i) ? 8 : 0) - Math.min(i, 10) * 0.1;
  for (let j = 1; j < m; j++) {
    const cur = new Array<number>(n).fill(NONE);
    let bestBefore = NONE;
    for (let i = 1; i < n; i++) {
      // The best earlier match, paying for the gap since it.
      bestBefore = Math.max(bestBefore - 0.5, prev[i - 1]! - 0.5);
      if (text[i] !== word[j]) continue;
      const consecutive = prev[i - 1]! + 6;
      const jump = bestBefore + (isWordStart(text, i) ? 8 : 0);
      const s = Math.max(consecutive, jump);
      if (s > NONE) cur[i] = s + 1;
    }
    prev = cur;
  }
  const best = Math.max(...prev);
  return best === NONE ? null : best;
}

/** The score of a query (words separated by spaces) against a text; null when it does not match. */
export function fuzzyScore(query: string, text: string): number | null {
  const hay = text.toLowerCase();
  let total = 0;
  for (const word of query.toLowerCase().split(/\s+/).filter(Boolean)) {
    const s = wordScore(word, hay);
    if (s === null) return null;
    total += s;
  }
  return total;
}

/** Items matching the query, best first; ties keep their original order. */
export function fuzzyFilter<T>(query: string, items: readonly T[], textOf: (t: T) => string): T[] {
  if (!query.trim()) return [...items];
  return items
    .map((item, i) => ({ item, i, s: fuzzyScore(query, textOf(item)) }))
    .filter((x): x is { item: T; i: number; s: number } => x.s !== null)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.item);
}
