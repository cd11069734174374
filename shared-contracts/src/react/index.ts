export * from './auth-context';
export * from './api-context';
export * from './query';
export * from './query-keys';
export * from './router';
