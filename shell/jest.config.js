module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'shell',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/test'],
  setupFilesAfterEnv: ['<rootDir>/../tools/jest-dom-setup.ts'],
};
