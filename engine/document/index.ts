export * from './ScenarioStore';
export {
  COLLECTIONS,
  MAP_NAMES,
  PARENT_KINDS,
  parentRef,
  recordKey,
  sameJson,
  type CollectionName,
  type ParentKind,
  type Placement,
} from './layout';
export { newRecordId } from './ids';
export { isOrderKey, keyBetween, reorderKeys } from './orderKeys';
export {
  defaultPreset,
  newScenario,
  type NewScenarioOptions,
  tablePresets,
  type TablePreset,
} from './newScenario';
export {
  BRIDGE,
  isEmptyRoom,
  JOIN,
  SEED,
  seedIfEmpty,
  SyncBridge,
  type RefusedEntry,
  type RepairNotice,
  type SyncBridgeOptions,
} from './SyncBridge';
export { RECOVERED_FORMATION, type Repair } from './mergeView';
export { scenarioProblems, type DocumentProblem } from './documentChecks';
export { entryProblem, recordProblem } from './recordSchemas';
