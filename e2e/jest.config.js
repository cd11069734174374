// The browser suite: one Chromium and one production site per test file, two files at a time. Much of
// a browser test is waiting (timeouts, polls, the page's own requests): one file at a time left the
// two cores of this machine kind idle 55% of the time (vmstat, during two of the longest files), two
// at a time 17%. The whole suite took 868 s two at a time (2026-11-29, all 619 passed); one at a time
// it had taken 1,867 s in the CI run before. Each file has its own site on a free port, its own data
// directory and its own browser, so files never share state.
module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'e2e',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testTimeout: 120_000,
  maxWorkers: 2,
};
