// Writes this jest run's counts and the name of each failing test to <project>/test-results/summary.json
// (a cached Nx output, so a cache hit restores it) for tools/run-tests.mjs to print one closing line
// for the whole workspace.
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
      // Each failing test by file and full name, so the closing lines of a long CI log say which.
      failures: results.testResults.flatMap((file) => {
        const where = path.relative(this.rootDir, file.testFilePath);
        if (file.testExecError) return [`${where}: ${file.testExecError.message.split('\n')[0]}`];
        return file.testResults.filter((t) => t.status === 'failed').map((t) => `${where} › ${t.fullName}`);
      }),
    };
    fs.writeFileSync(path.join(dir, 'summary.json'), JSON.stringify(summary));
  }
}

module.exports = SummaryReporter;
