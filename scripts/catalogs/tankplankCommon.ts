/**
 * Pieces every Tankplank catalog is made of: the envelope, a rules table, a source note.
 */
import type { RulesTable } from '../../engine/format';
import { APP_NAME, APP_VERSION, CURRENT_FORMAT_VERSION } from '../../engine/format';

export const envelope = (title: string, description: string) => ({
  format: 'sandtable.catalog' as const,
  formatVersion: CURRENT_FORMAT_VERSION,
  app: { name: APP_NAME, version: APP_VERSION },
  meta: {
    title,
    description,
    source: 'Tankplank digest (shared/rules/tankplank.md) of seed 000',
    licence: 'Numbers only; text is our own.',
  },
});

export const table = (
  ruleId: string,
  source: string,
  description: string,
  rows: RulesTable['rows'],
  extra: Partial<RulesTable> = {},
): RulesTable => ({
  description,
  ruleId,
  source,
  columns: Object.keys(rows[0] ?? {}),
  rows,
  ...extra,
});

export const s = (lines: string) => `seed 000 ${lines}`;
