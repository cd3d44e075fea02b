// Three suites: console (jsdom + msw), server (Fastify inject on a real database) and
// end-to-end (real Chromium against the real server).
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';

const CONSOLE_TESTS = 'test/console';

/**
 * The console files that replace a module with vi.mock. A worker's files share their modules, and
 * a module another file has already imported cannot be replaced, so these run each on its own.
 */
const MOCKING_FILES = fs
  .readdirSync(CONSOLE_TESTS, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.posix.join(CONSOLE_TESTS, file.split(path.sep).join('/')))
  .filter((file) => fs.readFileSync(file, 'utf8').includes('vi.mock('));

function consoleProject(name: string, files: { include: string[]; exclude?: string[] }, isolate: boolean): TestProjectInlineConfiguration {
  return {
    plugins: [react()],
    // The build year vite.config.ts defines for the footer.
    define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
    test: {
      name,
      environment: 'jsdom',
      ...files,
      setupFiles: ['test/console/setup.ts'],
      // A file's first test also loads the console's modules into its worker: with four workers on
      // two cores that alone can take most of 20 s.
      testTimeout: 30_000,
      // One more try for a console test that fails: on a loaded machine a whole editor's render can
      // still pass its timeout. A test that fails twice fails the run, and `npm test`'s summary names
      // every test that passed only on its second try, with its first error.
      retry: 1,
      // Worker threads, each running its files one after another in one window with the modules
      // they share (setup.ts gives each file a fresh window size and storage): 378 → 296 s on two
      // cores for the same 1,188 tests, against a fresh thread and fresh imports for every file.
      pool: 'threads',
      isolate,
    },
  };
}

/**
 * The end-to-end files that sweep every screen for every demo account (support/sweep.ts) take two
 * to three times as long as any other: they start first, so that no slot is left running one alone
 * at the end. The rest keep vitest's order (by the last run's times, else the larger file first).
 */
class SweepsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    const sweeps = (spec: TestSpecification) => spec.project.name === 'e2e' && fs.readFileSync(spec.moduleId, 'utf8').includes('screenSweep(');
    // Each project's files stay together, in the projects' order; within e2e the sweeps go first.
    const key = (spec: TestSpecification) => projects.indexOf(spec.project.name) * 2 + (sweeps(spec) ? 0 : 1);
    return sorted.map((spec, i) => ({ spec, i, key: key(spec) })).sort((a, b) => a.key - b.key || a.i - b.i).map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SweepsFirst },
    projects: [
      consoleProject('console', { include: [`${CONSOLE_TESTS}/**/*.test.{ts,tsx}`], exclude: MOCKING_FILES }, false),
      consoleProject('console-aislada', { include: MOCKING_FILES }, true),
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Worker threads, each file still with its own modules: 298 → 279 s on two cores with
          // PostgreSQL, against a forked process per file.
          pool: 'threads',
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/globalSetup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Each file starts its own server (own port and data folder) and its own browser, so files
          // run side by side; scripts/test.mjs runs three at a time.
        },
      },
    ],
  },
});
