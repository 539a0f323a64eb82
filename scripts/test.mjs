// The whole test suite (npm test): unit and API tests with vitest (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests when Debian's Chromium is installed.
// Ends with one line "tests: N passed, N failed, N skipped" for CI.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

mkdirSync('test-results', { recursive: true });
if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: API tests run on SQLite only.');
}
const unit = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/unit.json',
]);
if (unit !== 0) exitCode = unit;
if (existsSync('test-results/unit.json')) {
  const r = JSON.parse(readFileSync('test-results/unit.json', 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
} else {
  totals.failed += 1;
}

if (existsSync(chromium)) {
  const build = run('npm', ['run', 'build']);
  if (build !== 0) {
    exitCode = build;
    totals.failed += 1;
  } else {
    const e2e = run('npx', ['playwright', 'test']);
    if (e2e !== 0) exitCode = e2e;
    if (existsSync('test-results/e2e.json')) {
      const s = JSON.parse(readFileSync('test-results/e2e.json', 'utf8')).stats;
      totals.passed += s.expected + s.flaky;
      totals.failed += s.unexpected;
      totals.skipped += s.skipped;
    } else {
      totals.failed += 1;
    }
  }
} else {
  console.log(`Browser tests SKIPPED: ${chromium} not found (install Debian's chromium to run them).`);
}

console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
