// Writes this jest run's counts to <project>/test-results/summary.json (a cached Nx output, so a
// cache hit restores it) for tools/run-tests.mjs to print one closing line for the whole workspace.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const dir = path.join(this.rootDir, 'test-results');
    fs.mkdirSync(dir, { recursive: true });
    const name = path.basename(this.rootDir);
    const summary = {
      project: name,
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
      total: results.numTotalTests,
    };
    fs.writeFileSync(path.join(dir, 'summary.json'), JSON.stringify(summary));
  }
}

module.exports = SummaryReporter;
