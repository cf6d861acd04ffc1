import { CURRENT_FORMAT_VERSION } from './version';

/**
 * A migration lifts a parsed file from `from` to `from + 1`. Migrations are pure: they return a new
 * value and never touch their input, so a failed load leaves nothing half-changed. They run before
 * schema validation, on plain JSON.
 */
export interface Migration {
  readonly from: number;
  readonly describe: string;
  readonly up: (file: Readonly<Record<string, unknown>>) => Record<string, unknown>;
}

/**
 * Numbered migrations, one per format version step. Format 1 is the first released version, so the
 * list is empty; a change to the format adds `{ from: 1, ... }` here with a test of its own.
 */
export const MIGRATIONS: readonly Migration[] = [];

export type MigrationOutcome =
  | { ok: true; value: Record<string, unknown>; applied: string[] }
  | { ok: false; code: 'newer-version' | 'bad-version' | 'missing-migration'; message: string };

/** Brings `file` to `target` by applying each numbered migration in turn. */
export function migrate(
  file: Record<string, unknown>,
  migrations: readonly Migration[] = MIGRATIONS,
  target: number = CURRENT_FORMAT_VERSION,
): MigrationOutcome {
  const version = file['formatVersion'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return {
      ok: false,
      code: 'bad-version',
      message: `formatVersion must be a whole number of at least 1, found ${JSON.stringify(version)}`,
    };
  }
  if (version > target) {
    return {
      ok: false,
      code: 'newer-version',
      message: `this file uses format version ${version}, written by a newer Sandtable; this build reads up to version ${target}. Update Sandtable to open it.`,
    };
  }
  let value: Record<string, unknown> = file;
  const applied: string[] = [];
  for (let v = version; v < target; v++) {
    const step = migrations.find((m) => m.from === v);
    if (!step) {
      return {
        ok: false,
        code: 'missing-migration',
        message: `no migration from format version ${v} to ${v + 1}`,
      };
    }
    value = { ...step.up(value), formatVersion: v + 1 };
    applied.push(`${v}→${v + 1}: ${step.describe}`);
  }
  return { ok: true, value, applied };
}
