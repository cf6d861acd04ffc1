/**
 * What a Tankplank rules step returns and writes: the reduction (new state and events, or a
 * refusal), the event list it appends to, and inches rounded for the log.
 */
import type { TankplankState } from './state';
import type { Reduction } from '../../../game/reducer';
import type { TankplankEvent } from './actions';

export type Events = TankplankEvent[];

export type Result = Reduction<TankplankState, TankplankEvent>;

export const round = (n: number) => Math.round(n * 1000) / 1000;
