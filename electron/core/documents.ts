import path from 'node:path';
import type { RecentFile } from '../../renderer/host/Host';

/** How many files Open Recent lists. */
export const RECENT_LIMIT = 12;

/**
 * Paths the user has picked: chosen in an open or save dialog, dropped onto a window, opened from
 * the OS, or listed in Open Recent (picked in an earlier session). Main reads and writes no other
 * document path the renderer names, so a compromised page cannot reach arbitrary files.
 */
export class PathGrants {
  private readonly paths = new Set<string>();
  constructor(private readonly caseInsensitive = process.platform !== 'linux') {}

  private key(p: string): string {
    const abs = path.resolve(p);
    return this.caseInsensitive ? abs.toLowerCase() : abs;
  }

  grant(p: string): void {
    this.paths.add(this.key(p));
  }

  has(p: string): boolean {
    return path.isAbsolute(p) && this.paths.has(this.key(p));
  }
}

/** Reads the stored recent list, dropping malformed entries. */
export function parseRecent(value: unknown): RecentFile[] {
  if (!Array.isArray(value)) return [];
  const out: RecentFile[] = [];
  for (const v of value as Record<string, unknown>[]) {
    if (
      v &&
      typeof v.path === 'string' &&
      path.isAbsolute(v.path) &&
      typeof v.name === 'string' &&
      typeof v.at === 'string'
    ) {
      out.push({
        path: v.path,
        name: v.name,
        at: v.at,
        ...(typeof v.title === 'string' ? { title: v.title } : {}),
      });
    }
  }
  return out.slice(0, RECENT_LIMIT);
}

/** Puts a file at the top of the recent list, once. */
export function touchRecent(
  list: readonly RecentFile[],
  file: { path: string; title?: string },
  at: Date,
): RecentFile[] {
  const name = path.basename(file.path);
  const previous = list.find((r) => r.path === file.path);
  const title = file.title ?? previous?.title;
  const entry: RecentFile = {
    path: file.path,
    name,
    at: at.toISOString(),
    ...(title !== undefined ? { title } : {}),
  };
  return [entry, ...list.filter((r) => r.path !== file.path)].slice(0, RECENT_LIMIT);
}

/** The name a document file is saved under, from a title or a suggested name. */
export function documentFileName(suggested: string): string {
  const cleaned = suggested.replace(/[<>:"/\\|?*]/g, '-').trim() || 'Untitled';
  return /\.(scenario\.json|sandtable|json)$/i.test(cleaned) ? cleaned : `${cleaned}.scenario.json`;
}
