// The whole test suite (npm test): unit and API tests with vitest (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests when Debian's Chromium is installed.
// Ends with what made the run fail, if anything, and one line "tests: N passed, N failed, N skipped".
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
let exitCode = 0;

/** Runs a command with its output passed through, keeping the output's last lines for the report. */
function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk, out) => {
      out.write(chunk);
      tail = (tail + chunk.toString()).slice(-200_000);
    };
    child.stdout.on('data', (c) => keep(c, process.stdout));
    child.stderr.on('data', (c) => keep(c, process.stderr));
    child.on('close', (code, signal) => resolve({ code: code ?? 1, signal, output: tail }));
  });
}

// Vitest prints errors outside tests (unhandled rejections, failing hooks) in sections headed by
// "⎯⎯ Unhandled Errors ⎯⎯" or "⎯⎯ Failed Suites ⎯⎯": those count as a failure although every test passed.
function errorSections(output) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are stripped for matching
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const start = plain.search(/⎯+ (Unhandled Error|Failed Suite|Failed Test)/);
  return start === -1 ? '' : plain.slice(start, start + 6000);
}

mkdirSync('test-results', { recursive: true });
if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: API tests run on SQLite only.');
}
const unit = await run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/unit.json',
]);
if (unit.code !== 0) {
  exitCode = unit.code;
  problems.push(`vitest exited with code ${unit.code}${unit.signal ? ` (${unit.signal})` : ''}`);
  const sections = errorSections(unit.output);
  if (sections) problems.push(sections);
}
if (existsSync('test-results/unit.json')) {
  const r = JSON.parse(readFileSync('test-results/unit.json', 'utf8'));
  totals.passed += r.numPassedTests;
  // An error outside the tests fails the run: it counts once, so the line below never says 0 failed then.
  totals.failed += r.numFailedTests + (unit.code !== 0 && r.numFailedTests === 0 ? 1 : 0);
  totals.skipped += r.numPendingTests + r.numTodoTests;
  for (const file of r.testResults ?? []) {
    if (file.status === 'failed' && file.message)
      problems.push(`${file.name}: ${file.message.slice(0, 2000)}`);
  }
} else {
  totals.failed += 1;
  problems.push('vitest wrote no report (test-results/unit.json)');
}

if (existsSync(chromium)) {
  const build = await run('npm', ['run', 'build']);
  if (build.code !== 0) {
    exitCode = build.code;
    totals.failed += 1;
    problems.push(`npm run build exited with code ${build.code}`);
  } else {
    const e2e = await run('npx', ['playwright', 'test']);
    if (e2e.code !== 0) {
      exitCode = e2e.code;
      problems.push(`playwright exited with code ${e2e.code}`);
    }
    if (existsSync('test-results/e2e.json')) {
      const report = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'));
      const s = report.stats;
      totals.passed += s.expected + s.flaky;
      totals.failed += s.unexpected;
      totals.skipped += s.skipped;
      for (const e of report.errors ?? []) problems.push(`playwright: ${(e.message ?? '').slice(0, 2000)}`);
    } else {
      totals.failed += 1;
      problems.push('playwright wrote no report (test-results/e2e.json)');
    }
  }
} else {
  console.log(`Browser tests SKIPPED: ${chromium} not found (install Debian's chromium to run them).`);
}

if (problems.length > 0) console.log(`\nWhat failed:\n${problems.join('\n')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
