export * from './ScenarioStore';
export {
  newScenario,
  type NewScenarioOptions,
  TABLE_PRESETS,
  type TablePreset,
} from './newScenario';
