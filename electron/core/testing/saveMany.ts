/**
 * Test helper run as a child process: one of two writers saving the same files at once. Reads
 * the version of each `<dir>/doc-<i>.sandtable`, waits until `startAt` (ms since the epoch, so
 * both processes start together), then saves `<label>-<i>` to every file at once, each expecting
 * the version it read. Prints one JSON line: the result kind of each save, in file order.
 * Usage: saveMany.ts <dir> <count> <label> <startAt>
 */
import path from 'node:path';
import { readDocument, saveDocument } from '../fileService';

const [dir, countText, label, startText] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];
const files = Array.from({ length: Number(countText) }, (_, i) =>
  path.join(dir, `doc-${i}.sandtable`),
);
const versions = await Promise.all(files.map(async (f) => (await readDocument(f)).version));
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startText) - Date.now())));
const results = await Promise.all(
  files.map(async (file, i) => {
    try {
      return (await saveDocument(file, `${label}-${i}`, { expected: versions[i]! })).kind;
    } catch (error) {
      return `error: ${(error as Error).message}`;
    }
  }),
);
process.stdout.write(`${JSON.stringify(results)}\n`);
