export * from './accounts';
export * from './content';
export * from './messages';
export * from './notifications';
export * from './sessions';
export * from './auth';
export * from './settings';
export * from './staff';
