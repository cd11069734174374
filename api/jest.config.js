module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'api',
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testTimeout: 60_000,
  // ESM-only dependencies are compiled to CommonJS like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition)/)'],
  // Each suite opens its own database; two workers fit this machine's two cores.
  maxWorkers: 2,
};
