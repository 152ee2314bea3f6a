export * from './binary';
export { creditBonus } from './credit';
export * from './fold';
export * from './fold-state';
export * from './money';
export * from './periodic';
export * from './plan';
export * from './purchase';
export type * from './types';
