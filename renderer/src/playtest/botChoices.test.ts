import { describe, expect, it } from 'vitest';
import { BOT_CHOICES, botInWords, botLabel } from './botChoices';

describe('bot names on screen', () => {
  it('lists every bot with a label, and names the baseline and the search bot in words', () => {
    expect(BOT_CHOICES.map((c) => c.value)).toContain('search');
    expect(botLabel('search')).toBe('Bot (strong)');
    expect(botInWords('search')).toBe('strong bot');
    expect(botInWords('random')).toBe('random baseline');
    expect(botInWords('cautious')).toBe('cautious');
  });
});
