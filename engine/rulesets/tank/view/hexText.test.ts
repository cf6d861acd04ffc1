import { describe, expect, test } from 'vitest';
import { hexText } from './hexText';

describe('hexText', () => {
  test('a rules message with "hex col,row" prints the map number the board and log use', () => {
    expect(hexText('no line of sight to T-34: hex 3,7 (woods, level 1) blocks')).toBe(
      'no line of sight to T-34: hex 0408 (woods, level 1) blocks',
    );
    expect(hexText('hex 6,5 is held by the enemy')).toBe('hex 0706 is held by the enemy');
    expect(hexText('woods at 0408')).toBe('woods at 0408');
  });
});
