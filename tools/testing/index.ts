// Test helpers every front-end app shares (repo tooling, not an app: tests import it by relative path).
export * from './errors';
export * from './fake-api';
export * from './fixtures';
export * from './render';
