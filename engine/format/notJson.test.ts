import { describe, expect, test } from 'vitest';
import { decodeUtf8 } from './encoding';
import { loadDocument } from './loader';

const firstMessage = (text: string) => {
  const r = loadDocument(text, { file: 'picked.json' });
  return r.ok ? 'loaded' : r.problems[0]!.message;
};

describe('a file that is not JSON at all is named as such', () => {
  test('plain text, XML and a PDF are not reported as JSON cut short', () => {
    expect(firstMessage('Village on the creek, 36 x 24')).toMatch(
      /^the file is not JSON at all: it looks like plain text/,
    );
    expect(firstMessage('title: village\nmap: 36x24')).toMatch(/not JSON at all/);
    expect(firstMessage('<?xml version="1.0"?><map/>')).toMatch(
      /it looks like an XML or HTML file/,
    );
    expect(firstMessage('%PDF-1.7\n%âãÏÓ')).toMatch(/it looks like a PDF document/);
  });

  test('JSON that is cut short is still reported as cut short', () => {
    expect(firstMessage('{"format": "sandtable.scenario", "formatV')).toMatch(
      /ends in the middle of the JSON/,
    );
    expect(firstMessage('true')).not.toMatch(/not JSON at all/);
  });

  test('the bytes of an image are named before any encoding complaint', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const d = decodeUtf8(png);
    expect(d.ok).toBe(false);
    if (!d.ok) expect(d.problem.message).toMatch(/^the file is not JSON at all: it is a PNG image/);
    const jpeg = decodeUtf8(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]));
    expect(!jpeg.ok && jpeg.problem.message).toMatch(/a JPEG image/);
  });
});
