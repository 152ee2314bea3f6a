export * from './binary';
export { creditBonus, fitInWindow } from './credit';
export * from './fold';
export * from './fold-state';
export * from './money';
export * from './periodic';
export * from './plan';
export type * from './types';
