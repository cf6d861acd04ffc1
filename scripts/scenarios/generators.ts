/** The generators of the bundled files, by the name `generate.ts` takes on its command line. */
import { writeTankplankVillage } from './tankplankVillage';
import { writeTanks } from './tanks';
import { writeTank } from './tank';
import { writeWw1 } from './ww1';

export const GENERATORS: Readonly<Record<string, () => void>> = {
  tankplank: writeTankplankVillage,
  tanks: writeTanks,
  tank: writeTank,
  ww1: writeWw1,
};
