import { describe, expect, test } from 'vitest';
import { featureLabel, kindWords } from './featureLabel';

describe('featureLabel', () => {
  const all = [
    { id: 'building-ivi12yvh', kind: 'building' as const },
    { id: 'oak', kind: 'tree' as const },
    { id: 'building-k2', kind: 'building' as const },
    { id: 'wire-x', kind: 'obstacle' as const },
  ];
  test('a feature without a name is its kind and its number, never its id', () => {
    expect(featureLabel(all[2]!, all)).toBe('building 2');
    expect(featureLabel(all[0]!, all)).toBe('building 1');
    expect(featureLabel(all[3]!, all)).toBe('obstacle 1');
    expect(kindWords('commandTeam')).toBe('command team');
    expect(featureLabel(all[0]!, all)).not.toContain('ivi12yvh');
  });
  test('a named feature is its name', () => {
    expect(featureLabel({ ...all[1]!, name: 'The old oak' }, all)).toBe('The old oak');
  });
});
