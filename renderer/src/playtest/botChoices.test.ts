import { describe, expect, it } from 'vitest';
import { SEARCH_STRENGTHS } from '../../../engine/game/bots/search';
import { BOT_CHOICES, STRENGTH_CHOICES, botInWords, botLabel, strengthInWords } from './botChoices';

describe('bot names on screen', () => {
  it('lists every bot with a label, and names the baseline and the search bot in words', () => {
    expect(BOT_CHOICES.map((c) => c.value)).toContain('search');
    expect(botLabel('search')).toBe('Bot (strong)');
    expect(botInWords('search')).toBe('strong bot');
    expect(botInWords('random')).toBe('random baseline');
    expect(botInWords('cautious')).toBe('cautious');
  });
});

describe("the strong bot's strength on screen", () => {
  it('offers every preset of the search, quickest first, each with its cost a side turn', () => {
    expect(STRENGTH_CHOICES.map((c) => c.value)).toEqual(SEARCH_STRENGTHS.map((_, i) => i + 1));
    for (const [i, c] of STRENGTH_CHOICES.entries()) {
      expect(c.label).toContain(SEARCH_STRENGTHS[i]!.label);
      expect(c.label).toMatch(/ s a side turn/);
      expect(c.hint).toContain(`${SEARCH_STRENGTHS[i]!.rollouts} games`);
    }
    expect(strengthInWords(4)).toBe('strength 4, strong');
  });
});
