import type { RulesetId } from '../format/types';

/** A table or hex map a new scenario can start from. */
export interface TablePreset {
  readonly id: string;
  readonly label: string;
  readonly ruleset: RulesetId;
  readonly map:
    | { kind: 'table'; width: number; height: number }
    | {
        kind: 'hex';
        columns: number;
        rows: number;
        orientation: 'flat' | 'pointy';
        defaultTerrain: string;
        levels: { min: number; max: number };
      };
}
