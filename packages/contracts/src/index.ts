import './fields';

export * from './accounts';
export * from './admin';
export * from './common';
export * from './countries';
export * from './fields';
export * from './languages';
export * from './messages';
export * from './money';
export * from './validation';
export * from './wallet';
