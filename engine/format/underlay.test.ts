import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocument } from './loader';

const village = readFileSync(
  join(import.meta.dirname, '../../scenarios/tankplank-village.scenario.json'),
  'utf8',
);
const withUnderlay = (u: unknown) => {
  const doc = JSON.parse(village);
  doc.map.underlay = u;
  return JSON.stringify(doc);
};
const base = { pixelWidth: 800, pixelHeight: 600, x: 0, y: 0, inchesPerPixel: 0.05 };

describe('underlay in the file format', () => {
  it('accepts an embedded picture or one next to the file', () => {
    for (const u of [
      {
        ...base,
        embedded: 'data:image/png;base64,iVBORw0KGgo=',
        opacity: 0.5,
        rotation: 3,
        locked: true,
        print: false,
      },
      { ...base, path: 'scans/village map.JPG', name: 'village map.JPG' },
    ]) {
      const r = loadDocument(withUnderlay(u));
      expect(r.ok, JSON.stringify(!r.ok && r.problems)).toBe(true);
    }
  });

  it('refuses a picture that is neither or both, or a path outside the folder', () => {
    for (const u of [
      base,
      { ...base, embedded: 'data:image/png;base64,AAAA', path: 'a.png' },
      { ...base, path: '../secret.png' },
      { ...base, path: '/etc/a.png' },
      { ...base, path: 'C:/maps/a.png' },
      { ...base, embedded: 'data:text/html;base64,AAAA' },
      { ...base, path: 'a.png', opacity: 2 },
    ]) {
      const r = loadDocument(withUnderlay(u));
      expect(r.ok, JSON.stringify(u)).toBe(false);
    }
  });
});
