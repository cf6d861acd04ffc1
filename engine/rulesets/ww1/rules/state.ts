/**
 * The WWI game's records: hexes, units, the state of a game, its actions and events, the medal
 * objectives and the board a game is played on.
 */
import type { HexMap } from '../../../format';
import { type Dict } from '../../../game/dict';
import { type Reduction } from '../../../game/reducer';
import { type DeckEvent, type DeckState } from '../../../random/deck';
import { type RngState } from '../../../random/dice';
import type { Ww1Rules } from './data';

export interface HexCell {
  readonly col: number;
  readonly row: number;
}

export interface Ww1Unit {
  readonly id: string;
  readonly side: string;
  readonly type: string;
  readonly at: HexCell;
  readonly figures: number;
  readonly ordered: boolean;
  readonly moved: boolean;
  /** It entered a hex this turn that ends movement (WW-6.3(a), WW-A1). */
  readonly stopped: boolean;
  /** It moved onto a building hex this turn (WW-4.4, WW-5.4, WW-A4). */
  readonly enteredBuilding: boolean;
  readonly battled: boolean;
  /** Gained ground without bogging down: one bonus combat is open (WW-7.1). */
  readonly bonusOpen: boolean;
  readonly bonusUsed: boolean;
  /** Bogged down: it may not move in its side's next turn (placeholder effect, WW-G3). */
  readonly bogged: boolean;
  /** It bogged down in this turn (the hold lasts through its side's next turn). */
  readonly boggedNow: boolean;
}

export type Ww1Phase = 'play' | 'order' | 'move' | 'battle' | 'over';

export interface Ww1State {
  readonly turn: number;
  readonly sides: readonly string[];
  readonly active: string;
  readonly phase: Ww1Phase;
  /** The command card played this turn. */
  readonly card?: string;
  /** The command deck and each side's hand of command cards. */
  readonly deck: DeckState;
  /** The combat deck and each side's hand of combat cards. */
  readonly combat: DeckState;
  /** Combat cards the active side played this turn (it draws as many at the end). */
  readonly combatPlayed: number;
  readonly rng: RngState;
  /**
   * Set only in a search's rollouts (game.ts `keyedDice`), never in a game: each roll is drawn
   * from this key and what it is for instead of `rng` (keyedDice.ts `rollsFor`).
   */
  readonly rollKey?: number;
  readonly units: Dict<Ww1Unit>;
  /** Hexes whose wire tanks removed (WW-3.2), as "col,row". */
  readonly wireCleared: readonly string[];
  /** Medals for enemy units eliminated, by side. */
  readonly kills: Dict<number>;
  /** Medals by side: kills plus the objectives held now. */
  readonly medals: Dict<number>;
  /** Ends the game as a draw or on medals after this many turns (each side's turn counts). */
  readonly turnLimit?: number;
  readonly winner?: string;
}

export type Ww1Action =
  | { readonly type: 'playCard'; readonly card: string }
  | { readonly type: 'order'; readonly units: readonly string[] }
  | { readonly type: 'move'; readonly unit: string; readonly path: readonly HexCell[] }
  | { readonly type: 'endOrders' }
  | { readonly type: 'endMoves' }
  | {
      readonly type: 'battle';
      readonly unit: string;
      readonly target: string;
      /** A combat card from the side's hand played with this battle. */
      readonly card?: string;
    }
  | { readonly type: 'endTurn' };

export type Ww1Event =
  | { readonly type: 'deck'; readonly event: DeckEvent; readonly deck: 'command' | 'combat' }
  | { readonly type: 'cardPlayed'; readonly side: string; readonly card: string }
  | { readonly type: 'ordered'; readonly units: readonly string[] }
  | {
      readonly type: 'moved';
      readonly unit: string;
      readonly path: readonly HexCell[];
      readonly to: HexCell;
    }
  | { readonly type: 'wireRemoved'; readonly at: HexCell; readonly ruleId: 'WW-3.2' }
  | {
      readonly type: 'combatCard';
      readonly side: string;
      readonly unit: string;
      readonly card: string;
      readonly ruleId: string;
    }
  | {
      readonly type: 'battle';
      readonly unit: string;
      readonly target: string;
      readonly close: boolean;
      readonly bonus: boolean;
      readonly dice: number;
      readonly shown: readonly string[];
      readonly naturals: readonly number[];
      readonly hits: number;
      readonly flags: number;
      readonly flagsIgnored: number;
      readonly ruleIds: readonly string[];
    }
  | { readonly type: 'retreated'; readonly unit: string; readonly to: HexCell }
  | {
      readonly type: 'figureLost';
      readonly unit: string;
      readonly left: number;
      readonly why: 'hit' | 'retreatBlocked';
    }
  | { readonly type: 'eliminated'; readonly unit: string; readonly medalTo: string }
  | {
      readonly type: 'gainedGround';
      readonly unit: string;
      readonly to: HexCell;
      readonly ruleId: 'WW-6.2';
    }
  | { readonly type: 'noGainGround'; readonly unit: string; readonly ruleId: string }
  | {
      readonly type: 'bogDown';
      readonly unit: string;
      readonly shown: readonly string[];
      readonly naturals: readonly number[];
      readonly bogged: boolean;
    }
  | { readonly type: 'bonusOpen'; readonly unit: string; readonly ruleId: string }
  | { readonly type: 'noBonus'; readonly unit: string; readonly ruleId: string }
  | { readonly type: 'medals'; readonly medals: Dict<number> }
  | { readonly type: 'turnEnded'; readonly side: string; readonly next: string }
  | { readonly type: 'won'; readonly side: string; readonly medals: number }
  | { readonly type: 'draw'; readonly turn: number };

/** An objective worth a medal to its owner while one of its units stands in it. */
export interface MedalObjective {
  readonly id: string;
  readonly name: string;
  readonly owner: string;
  readonly hexes: readonly HexCell[];
  readonly medals: number;
}

/** The board a game plays on: the scenario's hex map with its terrain and sections. */
export interface Ww1Board {
  readonly map: HexMap;
  readonly rules: Ww1Rules;
  /** Which way each side retreats: -1 toward row 0 (north edge), +1 toward the last row. */
  readonly retreatRow: Dict<-1 | 1>;
  readonly medalsToWin: number;
  readonly objectives: readonly MedalObjective[];
  /** The scenario's hexes by "col,row". */
  readonly hexes: ReadonlyMap<string, HexMap['hexes'][number]>;
  /** The map's sections, or its columns in three equal thirds when it names none (WW-G7). */
  readonly sections: NonNullable<HexMap['sections']>;
}

export type Step = Reduction<Ww1State, Ww1Event>;
