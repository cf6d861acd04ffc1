export type { AutosaveDraft, AutosaveEntry, AutosaveStore } from './AutosaveStore';
export { getAutosaveStore } from './defaultAutosaveStore';
export { createIndexedDbAutosaveStore } from './indexedDbAutosaveStore';
export { createIpcAutosaveStore } from './ipcAutosaveStore';
export { RecoveryPrompt, type RecoveredDocument, type RecoveryPromptProps } from './RecoveryPrompt';
export { useAutosave, AUTOSAVE_INTERVAL_MS, type AutosaveMeta } from './useAutosave';
