// `npm test`: typecheck, lint, console tests, server tests (SQLite, and PostgreSQL when
// DATABASE_URL is set), then the end-to-end suite in headless Chromium against the built console.
// Every suite runs even when an earlier one fails; the last line sums up the test counts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkNode, ensureBuilt, ensureInstalled, root, run } from './lib.mjs';

checkNode();
ensureInstalled();

const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.includes(name);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const results = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

/** Runs one or more [command, args] pairs as one step; the step fails when any of them does. */
function step(name, commands) {
  if (!wanted(name)) return;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const statuses = commands.map(([command, args]) => run(command, args));
  results.push({ name, ok: statuses.every((status) => status === 0), seconds: (Date.now() - started) / 1000 });
}

function vitest(project) {
  if (!wanted(project)) return;
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quipu-test-')), `${project}.json`);
  console.log(`\n=== ${project} ===`);
  const started = Date.now();
  const status = run(bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  const entry = { name: project, ok: status === 0, seconds: (Date.now() - started) / 1000 };
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    entry.tests = { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests };
    counts.passed += entry.tests.passed;
    counts.failed += entry.tests.failed;
    counts.skipped += entry.tests.skipped;
    if (json.numTotalTests === 0) entry.ok = false;
  } catch {
    entry.ok = false;
  }
  results.push(entry);
}

// One step, three programs: the server (node types), the console (DOM types) and the tests that
// run in node against a DOM; every one is checked even when an earlier one fails.
step('typecheck', ['server', 'console', 'tests'].map((project) => [bin('tsc'), ['-p', `tsconfig.${project}.json`]]));
// eslint, then the architecture rules of .dependency-cruiser.cjs (which part may import which).
step('lint', [
  [bin('eslint'), ['.', '--max-warnings=0']],
  [bin('depcruise'), ['--config', '.dependency-cruiser.cjs', '--output-type', 'err-long', 'common', 'src', 'server']],
]);
vitest('console');
vitest('server');
if (wanted('e2e')) ensureBuilt();
vitest('e2e');

console.log('\n=== Resumen ===');
for (const r of results) {
  const tests = r.tests ? ` ${r.tests.passed} passed, ${r.tests.failed} failed, ${r.tests.skipped} skipped` : '';
  console.log(`${r.ok ? 'OK   ' : 'FALLA'} ${r.name.padEnd(10)}${tests} (${r.seconds.toFixed(1)} s)`);
}
const failedSteps = results.filter((r) => !r.ok).length;
if (failedSteps > 0 && counts.failed === 0) counts.failed = failedSteps;
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps > 0 ? 1 : 0);
