import { BOT_NAMES, type BotName } from '../../../engine/game/bots/baseline';

/** One bot a side can be given, as the set-up and the balance lab list it. */
export interface BotChoice {
  readonly value: BotName;
  /** Its name in the list ("Bot (strong)"). */
  readonly label: string;
  /** What it does, in a sentence (the option's title and the help). */
  readonly hint: string;
}

const WORDS: Readonly<Record<string, Omit<BotChoice, 'value'>>> = {
  cautious: {
    label: 'Cautious',
    hint: 'Holds back, guards its own ground and fires only at good odds.',
  },
  balanced: {
    label: 'Balanced',
    hint: 'Attacks its objective while part of its force covers home.',
  },
  aggressive: {
    label: 'Aggressive',
    hint: 'Sends nearly everything forward and closes in.',
  },
  random: {
    label: 'Random (baseline)',
    hint: 'Plays any legal action at random: a yardstick, not an opponent.',
  },
  search: {
    label: 'Bot (strong)',
    hint: 'Weighs several whole turns by playing each out, and takes the best: thinks up to 2 s a turn.',
  },
};

/**
 * The bots in the order the lists show them: the styles first (the fast bots, balanced the
 * default), then the random baseline and the strong search bot, whichever the engine has.
 */
export const BOT_CHOICES: readonly BotChoice[] = [
  'cautious',
  'balanced',
  'aggressive',
  'random',
  'search',
]
  .filter((v): v is BotName => (BOT_NAMES as readonly string[]).includes(v))
  .map((value) => ({ value, ...WORDS[value]! }));

/** A bot's name for the screen (its value when the list does not know it). */
export function botLabel(bot: string): string {
  return WORDS[bot]?.label ?? bot;
}

/**
 * A bot's name inside a sentence or a chart label ("Side A wins (strong bot)"): the styles as
 * they are, the baseline and the search bot in words.
 */
export function botInWords(bot: string): string {
  return bot === 'search' ? 'strong bot' : bot === 'random' ? 'random baseline' : bot;
}
