import { BOT_NAMES, type BotName } from '../../../engine/game/bots/baseline';
import { SEARCH_STRENGTHS } from '../../../engine/game/bots/search';

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
    hint: 'Weighs several whole turns by playing each out, and takes the best; its strength sets how long it thinks (up to 2 s a turn).',
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

/** One strength of the strong bot, as the set-up and the lab offer it. */
export interface StrengthChoice {
  /** 1 (quick) to `SEARCH_STRENGTHS.length`. */
  readonly value: number;
  /** Its name in the list with what it costs ("4 strong: ½ to 2 s a side turn"). */
  readonly label: string;
  /** What it weighs, in a sentence (the option's title). */
  readonly hint: string;
}

/**
 * What a side turn of each strength costs, in words: the CPU time of one side turn on one core,
 * over one scenario of each ruleset (measured 29 November 2026 on the shared 2-core machine,
 * search against balanced, seed 1, eight side turns at most: fair 439-761 ms mean, TANKS' Your
 * First Game 841 ms at good, 1,288 at strong and 3,380 at strongest; docs/benchmarks.md). The
 * playtest stops a side turn at 2 s (BOT_THINK_MS) with its best so far.
 */
const COST: readonly string[] = [
  'about 0.1 s a side turn',
  'about ½ s a side turn',
  'up to 1 s a side turn',
  '½ to 2 s a side turn',
  '2 s a side turn, the limit',
];

/** The strong bot's strengths, quickest first, with their cost in words. */
export const STRENGTH_CHOICES: readonly StrengthChoice[] = SEARCH_STRENGTHS.map((s, i) => ({
  value: i + 1,
  label: `${i + 1} ${s.label}: ${COST[i] ?? 'slow'}`,
  hint: `Weighs its candidate turns over ${s.rollouts} games or more played ${s.horizon} turn${s.horizon === 1 ? '' : 's'} ahead (as many as ${s.work} side turns of play allow: more where games are short); in the playtest a turn that takes longer than 2 s stops there with its best so far.`,
}));

/** A strength in words for a sentence ("strength 4, strong"). */
export function strengthInWords(strength: number): string {
  const s = SEARCH_STRENGTHS[strength - 1];
  return s ? `strength ${strength}, ${s.label}` : `strength ${strength}`;
}
