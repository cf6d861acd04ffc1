/**
 * The balance lab's results file that sits next to a scenario file: `village.scenario.json` →
 * `village.lab.json`. On its own, free of the validators, so Electron's main process can name the
 * file without bundling them.
 */
export function labFileName(scenarioFile: string): string {
  const base = scenarioFile.replace(/(\.scenario)?\.json$/i, '').replace(/\.sandtable$/i, '');
  return `${base}.lab.json`;
}
