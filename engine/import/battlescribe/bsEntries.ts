/**
 * Small readings of BattleScribe entries the import shares: a file's base name, mobility from
 * keywords, a nation from a catalogue's name, the entries of a list and the ids that link them.
 */
import type { UnitType } from '../../format/types';
import { child, children, type XmlElement } from '../xml';
import type { BsFile } from './bsInput';

/** A name as the import compares it: trimmed, lower case, single spaces. */
export const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * A file's name without its folders: what a catalog records as its source, so a shared catalog
 * carries no path of the machine it was imported on.
 */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

/** How a model moves, from its keywords: "Wheeled" is wheeled, "Half-tracked" half-tracked. */
export function mobilityOf(keywords: readonly string[]): UnitType['mobility'] {
  const k = new Set(keywords.map((w) => norm(w).replace(/[^a-z]/g, '')));
  if (k.has('wheeled') || k.has('wheels')) return 'wheeled';
  if (k.has('halftracked') || k.has('halftrack')) return 'halfTracked';
  return 'tracked';
}

export function uniq(xs: readonly string[]): string[] {
  return [...new Set(xs)];
}

/** A catalogue's country from its name: "US", "Soviet Union (Expansion)" → "Soviet Union". */
export function nationOf(name: string): string {
  return (
    name
      .replace(/\(.*?\)/g, '')
      .replace(/\s+/g, ' ')
      .trim() || name
  );
}

/** The `item` elements inside `el`'s `section` child (`<costs><cost/>…</costs>`). */
export function listOf(el: XmlElement, section: string, item: string): XmlElement[] {
  const s = child(el, section);
  return s ? children(s, item) : [];
}

/** Ids that some info link points at. */
export function linkedIds(files: readonly BsFile[]): Set<string> {
  const out = new Set<string>();
  const walk = (el: XmlElement) => {
    if (el.name === 'infoLink' && el.attrs['targetId']) out.add(el.attrs['targetId']);
    for (const c of el.children) walk(c);
  };
  for (const f of files) walk(f.root);
  return out;
}
