export * from './accounts';
export * from './messages';
export * from './notifications';
export * from './sessions';
export * from './auth';
