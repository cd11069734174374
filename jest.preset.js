// Shared jest settings: TypeScript through @swc/jest, shared-contracts read from source so tests
// never run against a stale build, and a reporter that writes each project's counts for tools/run-tests.mjs.
const path = require('node:path');

module.exports = {
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^shared-contracts$': path.join(__dirname, 'shared-contracts/src/index.ts'),
    '^shared-contracts/schemas$': path.join(__dirname, 'shared-contracts/src/schemas/index.ts'),
    '^shared-contracts/react$': path.join(__dirname, 'shared-contracts/src/react/index.ts'),
    '^shared-contracts/ui$': path.join(__dirname, 'shared-contracts/src/ui/index.ts'),
    '^shared-contracts/testing$': path.join(__dirname, 'shared-contracts/src/testing/index.ts'),
    '\\.css$': 'identity-obj-proxy',
  },
  testTimeout: 30_000,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  reporters: ['default', path.join(__dirname, 'tools/jest-summary-reporter.js')],
};
