export * from './accounts';
export * from './content';
export * from './messages';
export * from './notifications';
export * from './sessions';
export * from './auth';
