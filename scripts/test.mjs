// `npm test`: typecheck and lint (side by side), console tests, server tests (SQLite, and PostgreSQL when
// DATABASE_URL is set), then the end-to-end suite in headless Chromium against the built console.
// Every suite runs even when an earlier one fails; the last line sums up the test counts.
import { spawn } from 'node:child_process';
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

/** Runs the checks, a few at a time, and records one result per step (typecheck, lint). */
async function checks(list) {
  const wantedList = list.filter((check) => wanted(check.step));
  if (wantedList.length === 0) return;
  console.log(`\n=== ${[...new Set(wantedList.map((check) => check.step))].join(' + ')} ===`);
  const started = Date.now();
  const failed = new Set();
  const queue = [...wantedList];
  const runOne = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const { status, output } = await capture(check.command, check.args);
      const name = `${path.basename(check.command)} ${check.args.join(' ')}`;
      console.log(`--- ${check.step}: ${name} (${status === 0 ? 'bien' : 'falla'})`);
      if (output.trim()) console.log(output.trimEnd());
      if (status !== 0) failed.add(check.step);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(os.availableParallelism(), wantedList.length)) }, runOne));
  const seconds = (Date.now() - started) / 1000;
  for (const name of new Set(wantedList.map((check) => check.step))) results.push({ name, ok: !failed.has(name), seconds });
}

/** Runs a program with its output kept, so programs that run side by side do not interleave. */
function capture(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status: status ?? 1, output }));
  });
}

/** Runs one suite: the vitest projects whose names start with `project` (console and console-aislada). */
function vitest(project, extra = []) {
  if (!wanted(project)) return;
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quipu-test-')), `${project}.json`);
  console.log(`\n=== ${project} ===`);
  const started = Date.now();
  const status = run(bin('vitest'), ['run', '--project', `${project}*`, ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  const entry = { name: project, ok: status === 0, seconds: (Date.now() - started) / 1000 };
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    entry.tests = { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests };
    counts.passed += entry.tests.passed;
    counts.failed += entry.tests.failed;
    counts.skipped += entry.tests.skipped;
    entry.failures = failuresOf(json);
    entry.slowest = slowestOf(json, 3);
    if (json.numTotalTests === 0) entry.ok = false;
  } catch {
    entry.ok = false;
  }
  results.push(entry);
}

/**
 * The failed and the retried tests of a vitest JSON report, each as its file, its name, its time
 * and the first line of its error, so the summary at the end of a long run names what failed.
 */
// eslint-disable-next-line no-control-regex -- the escape that starts a terminal colour code
const ANSI_COLOUR = /\u001b\[[0-9;]*m/g;

function failuresOf(json) {
  const failures = [];
  for (const file of json.testResults ?? []) {
    const relative = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    // A test that passed with failure messages passed on a retry: named too, so a flaky test shows.
    const retried = (file.assertionResults ?? []).filter((test) => test.status === 'passed' && test.failureMessages?.length > 0);
    for (const test of [...failed, ...retried]) {
      // vitest reports a test past its timeout with the placeholder of the error it made at definition.
      const first = String(test.failureMessages?.[0] ?? '').replace(ANSI_COLOUR, '').split('\n')[0];
      const reason = first.includes('STACK_TRACE_ERROR') ? 'se pasó de su tiempo límite' : first;
      const seconds = typeof test.duration === 'number' ? ` (${(test.duration / 1000).toFixed(1)} s)` : '';
      const outcome = test.status === 'passed' ? 'pasó al reintentarla; antes: ' : '';
      failures.push({ retried: test.status === 'passed', text: `${relative} > ${test.fullName ?? test.title}${seconds}: ${outcome}${reason}` });
    }
    // A file that failed before any of its tests ran (an import error, a failing hook).
    if (failed.length === 0 && file.status === 'failed') failures.push({ retried: false, text: `${relative}: ${String(file.message ?? '').split('\n')[0]}` });
  }
  return failures;
}

/** The `count` slowest tests of a vitest JSON report, to watch what nears its timeout. */
function slowestOf(json, count) {
  const tests = (json.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({ file: path.relative(root, file.name), name: test.fullName ?? test.title, ms: test.duration ?? 0 })),
  );
  return tests.sort((a, b) => b.ms - a.ms).slice(0, count).map((test) => `${(test.ms / 1000).toFixed(1)} s ${test.file} > ${test.name}`);
}

// The static checks: three typechecks (the server with node types, the console with DOM types,
// the tests that run in node against a DOM), eslint, and the architecture rules of
// .dependency-cruiser.cjs (which part may import which). Each is one single-threaded program, so
// they run side by side, as many at a time as there are cores; each one's output is printed
// whole when it ends. Every one runs even when another fails.
await checks([
  ...['server', 'console', 'tests'].map((project) => ({ step: 'typecheck', command: bin('tsc'), args: ['-p', `tsconfig.${project}.json`] })),
  { step: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { step: 'lint', command: bin('depcruise'), args: ['--config', '.dependency-cruiser.cjs', '--output-type', 'err-long', 'common', 'src', 'server'] },
]);
// The console's files wait (on timers and the DOM's async work) about as much as they compute, so
// twice as many workers as cores keeps the cores busy: 446 → 335 s on 2 cores. The server's run one
// per core (vitest's own default leaves a core out): 277 → 182 s on 2 cores, in worker threads
// (vitest.config.ts).
vitest('console', [`--maxWorkers=${Math.max(2, os.availableParallelism() * 2)}`]);
vitest('server', [`--maxWorkers=${os.availableParallelism()}`]);
if (wanted('e2e')) ensureBuilt();
// Three end-to-end files at a time, each with its server and browser: they wait on the console's
// 5 s polls and on the browser as much as they compute, so a third keeps the cores busy: 309 → 246 s
// on 2 cores for the 13 files, against two at a time.
vitest('e2e', ['--maxWorkers=3']);

console.log('\n=== Resumen ===');
for (const r of results) {
  const tests = r.tests ? ` ${r.tests.passed} passed, ${r.tests.failed} failed, ${r.tests.skipped} skipped` : '';
  console.log(`${r.ok ? 'OK   ' : 'FALLA'} ${r.name.padEnd(10)}${tests} (${r.seconds.toFixed(1)} s)`);
  for (const failure of r.failures ?? []) console.log(`      ${failure.retried ? '↻' : '✗'} ${failure.text.slice(0, 400)}`);
  for (const slow of r.slowest ?? []) console.log(`      lenta: ${slow.slice(0, 200)}`);
}
const failedSteps = results.filter((r) => !r.ok).length;
if (failedSteps > 0 && counts.failed === 0) counts.failed = failedSteps;
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps > 0 ? 1 : 0);
