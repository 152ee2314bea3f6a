// Every test of the project: unit and API tests (Vitest: contracts, server, web) on the embedded
// PGlite, then the end-to-end tests in headless Chromium against the built app (Playwright).
// Set TEST_DATABASE_URL to run the server's tests on PostgreSQL instead.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reports = mkdtempSync(join(tmpdir(), 'portal-test-report-'));
const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const unitReport = join(reports, 'vitest.json');
const unit = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${unitReport}`,
]);
const e2eReport = join(reports, 'playwright.json');
const e2e = run('npx', ['playwright', 'test'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  PLAYWRIGHT_REPORTERS: 'list,json',
});

const read = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};
const vitest = read(unitReport);
const playwright = read(e2eReport);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed =
  (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
const skipped =
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);
rmSync(reports, { recursive: true, force: true });

console.log(
  `\nunit and API: ${vitest ? `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed` : 'no report'}`,
);
console.log(
  `end-to-end: ${playwright ? `${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed` : 'no report'}`,
);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(unit !== 0 || e2e !== 0 || failed > 0 || passed === 0 ? 1 : 0);
