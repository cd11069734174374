// The browser suite: one Chromium and one production site per test file, one file at a time (a
// browser and a server already fill this machine kind's two cores).
module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'e2e',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testTimeout: 120_000,
  maxWorkers: 1,
};
