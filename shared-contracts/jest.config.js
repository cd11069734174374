module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'shared-contracts',
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
};
