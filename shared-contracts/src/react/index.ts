export * from './auth-context';
export * from './api-context';
export * from './router';
