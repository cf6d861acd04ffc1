export * from './ruleset';
export * from './session';
export * from './gameFile';
export * from './rulesets';
export { tankplankPlaytest } from '../rulesets/tankplank/playtest';
