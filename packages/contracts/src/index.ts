import './fields';

export * from './accounts';
export * from './admin';
export * from './common';
export * from './countries';
export * from './explanations';
export * from './fields';
export * from './languages';
export * from './messages';
export * from './money';
export * from './orders';
export * from './products';
export * from './shop';
export * from './tariffs';
export * from './tickets';
export * from './validation';
export * from './validator-keys';
export * from './wallet';
