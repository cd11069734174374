// Test helpers every front-end app's tests share, published as `shared-contracts/testing` (source only:
// never built, never loaded by the browser).
export * from './errors';
export * from './fake-api';
export * from './fixtures';
export * from './render';
