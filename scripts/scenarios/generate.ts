/**
 * Regenerates every bundled scenario and catalog file: `npx tsx scripts/scenarios/generate.ts`.
 * Pass names (tankplank, tanks, tank, ww1) to regenerate only some; `--check` writes nothing and
 * lists the files that differ from what their generator makes (exit code 1 if any).
 */
import { staleFiles } from './common';
import { GENERATORS } from './generators';

const args = process.argv.slice(2);
const check = args.includes('--check');
const wanted = args.filter((a) => a !== '--check');
const unknown = wanted.filter((w) => !(w in GENERATORS));
if (unknown.length > 0) {
  console.error(
    `unknown generator ${unknown.join(', ')}: use ${Object.keys(GENERATORS).join(', ')}`,
  );
  process.exit(2);
}
const chosen = Object.entries(GENERATORS).filter(
  ([n]) => wanted.length === 0 || wanted.includes(n),
);
if (check) {
  const stale = staleFiles(() => chosen.forEach(([, run]) => run()));
  for (const f of stale) console.log(`differs from its generator: ${f}`);
  process.exit(stale.length > 0 ? 1 : 0);
}
for (const [, run] of chosen) run();
