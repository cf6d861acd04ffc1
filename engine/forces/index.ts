export * from './rulesetCatalog';
export * from './forceTree';
export * from './points';
export * from './forceChecks';
export * from './missionPresets';
export * from './forcesFile';
export * from './objectiveView';
export * from './bundledCatalogs';
