export * from './view';
export * from './session';
export * from './gameFile';
export * from './rulesets';
export * from './styleReading';
