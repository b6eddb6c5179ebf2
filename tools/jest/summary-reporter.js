// Writes each jest run's counts to tmp/test-results/<project>.json so `npm test` can print
// one honest total across every project, cached or not, and each file's time, so that it can
// name the slowest files of each step (where the next minute of CI is to be won).
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.globalConfig = globalConfig;
  }

  onRunComplete(_contexts, results) {
    const root = path.resolve(__dirname, '../..');
    const project = path.relative(root, this.globalConfig.rootDir).replace(/[\\/]/g, '-') || 'root';
    const dir = path.join(root, 'tmp/test-results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, `${project}.json`),
      JSON.stringify({
        project,
        passed: results.numPassedTests,
        failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
        skipped: results.numPendingTests + results.numTodoTests,
        // From the file's start to its end in its worker, setup and teardown included.
        files: results.testResults.map(({ testFilePath, perfStats }) => ({
          file: path.relative(root, testFilePath),
          seconds: Math.max(0, (perfStats.end - perfStats.start) / 1000),
        })),
        // Named again at the end of `npm test`, where a log cut to its tail still shows them.
        failures: results.testResults.flatMap(({ testFilePath, testResults, failureMessage }) => {
          const file = path.relative(root, testFilePath);
          const failed = testResults.filter((test) => test.status === 'failed');
          if (!failed.length && failureMessage) return [{ file, test: '(the file did not run)' }];
          return failed.map((test) => ({ file, test: test.fullName }));
        }),
      }),
    );
  }
}

module.exports = SummaryReporter;
