module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'mf-owner',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/test'],
  setupFilesAfterEnv: ['<rootDir>/../tools/jest-dom-setup.ts'],
};
