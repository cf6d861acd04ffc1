import { describe, expect, test } from 'vitest';
import { fuzzyFilter, fuzzyScore } from './fuzzy';

const labels = [
  'File New…',
  'File Save',
  'File Save as…',
  'View Zoom to fit',
  'View Zoom to selection',
  'View Playtest',
  'Tools Tree',
  'Tools Measuring tape',
];

describe('command palette fuzzy matching', () => {
  test('a misspelt word still finds its command, first', () => {
    expect(fuzzyFilter('playtst', labels, (l) => l)[0]).toBe('View Playtest');
  });

  test('letters must come in order', () => {
    expect(fuzzyScore('tsetyalp', 'View Playtest')).toBeNull();
    expect(fuzzyScore('qz', 'View Playtest')).toBeNull();
  });

  test('initials and word starts rank above scattered letters', () => {
    expect(fuzzyFilter('zfit', labels, (l) => l)[0]).toBe('View Zoom to fit');
    expect(fuzzyFilter('save as', labels, (l) => l)[0]).toBe('File Save as…');
    expect(fuzzyFilter('tape', labels, (l) => l)[0]).toBe('Tools Measuring tape');
  });

  test('an empty query keeps every item in order', () => {
    expect(fuzzyFilter('  ', labels, (l) => l)).toEqual(labels);
  });
});
