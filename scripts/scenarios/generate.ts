/**
 * Regenerates every bundled scenario and catalog file: `npx tsx scripts/scenarios/generate.ts`.
 * Pass names (tankplank, tanks, tank, ww1) to regenerate only some.
 */
import { writeTankplankVillage } from './tankplankVillage';
import { writeTanks } from './tanks';
import { writeTank } from './tank';
import { writeWw1 } from './ww1';

const GENERATORS: Record<string, () => void> = {
  tankplank: writeTankplankVillage,
  tanks: writeTanks,
  tank: writeTank,
  ww1: writeWw1,
};

const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(GENERATORS)) {
  if (wanted.length === 0 || wanted.includes(name)) run();
}
