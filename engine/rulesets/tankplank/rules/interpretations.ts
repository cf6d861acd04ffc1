import type { TankplankCatalog } from './catalog';
import { tableRows } from './catalog';

/** The value an interpretation option takes. */
export type OptionValue = number | string | boolean;

/**
 * Interpretation registry: every ambiguity of the digest (TP-A…) is an option with the
 * recommended default from the catalog's `interpretations` table. A scenario may override an
 * option in `ruleset.options`, by its id ("TP-A18") or its name ("moraleScore").
 */
export interface Interpretations {
  /** The value of an option, by id or name. */
  get(idOrName: string): OptionValue;
  num(idOrName: string): number;
  bool(idOrName: string): boolean;
  str(idOrName: string): string;
  /** Every option with its value, default and whether the scenario changed it. */
  list(): readonly {
    id: string;
    option: string;
    value: OptionValue;
    default: OptionValue;
    overridden: boolean;
  }[];
}

/** Builds the registry from the catalog defaults and the scenario's overrides. */
export function interpretations(
  cat: TankplankCatalog,
  overrides: Readonly<Record<string, OptionValue>> = {},
): Interpretations {
  const rows = tableRows(cat, 'interpretations').map((r) => ({
    id: String(r['id']),
    option: String(r['option']),
    def: r['default'] as OptionValue,
  }));
  const byKey = new Map<string, { id: string; option: string; def: OptionValue }>();
  for (const r of rows) {
    byKey.set(r.id, r);
    byKey.set(r.option, r);
  }
  const value = (r: { id: string; option: string; def: OptionValue }) =>
    overrides[r.id] ?? overrides[r.option] ?? r.def;
  const get = (k: string): OptionValue => {
    const r = byKey.get(k);
    if (!r) throw new Error(`no interpretation option "${k}"`);
    return value(r);
  };
  return {
    get,
    num: (k) => Number(get(k)),
    bool: (k) => get(k) === true || get(k) === 'true',
    str: (k) => String(get(k)),
    list: () =>
      rows.map((r) => ({
        id: r.id,
        option: r.option,
        value: value(r),
        default: r.def,
        overridden: value(r) !== r.def,
      })),
  };
}

/**
 * A reading of a rule that the digest leaves open and gives no TP-A entry for: the engine plays
 * it one way, with no option to turn it, and says so here.
 */
export interface RuleReading {
  /** The rule read. */
  readonly ruleId: string;
  /** The question the rule leaves open. */
  readonly question: string;
  /** How the engine plays it. */
  readonly reading: string;
  /** Why this reading. */
  readonly because: string;
}

export const RULE_READINGS: readonly RuleReading[] = [
  {
    ruleId: 'TP-3.3',
    question:
      'Is a vehicle with nobody aboard (no crew, no riders) "enemy troops" that keeps an objective from being held?',
    reading:
      'No. A vehicle counts as troops while any crewman or rider is inside it; emptied of both it is a thing standing there, like an abandoned gun or a dropped weapon (TP-16.8). A vehicle still carrying its own crew (a driver left in a truck whose squad got out) is troops.',
    because:
      "The rule keeps the enemy's men out, and troops are men; the engine already reads a gun with nobody left to serve it the same way. An empty armoured hull could not even be shot out of the objective by infantry.",
  },
  {
    ruleId: 'TP-16.2',
    question:
      'Crews of a destroyed vehicle on their own bank regroup "near the middle of their own entry edge": where, when that middle lies in an objective (on the village, the enemy\'s)?',
    reading:
      'They make for the point of their own entry edge, half an inch in, nearest its middle that lies outside every objective area with half an inch to spare (of the two such points either side of the middle, the one nearer the crew), and stay there once they arrive. With objectives along the whole edge they go to its middle.',
    because:
      'They head for the rear to regroup, out of the fight; the rule puts them "near" the middle, not on it. Taken literally it sends every crew lost into the enemy\'s objective, where as troops they keep it from being held (TP-3.3) for the rest of the game, which no player moving them would choose and the rule does not ask.',
  },
];
