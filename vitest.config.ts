import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Server tests that start server processes (apps/server/test). */
const PROCESS_TESTS = ['test/**/*.pg.test.ts', 'test/attack*.test.ts'];
/** `npm run test:fast` (TEST_TIER=fast) leaves out the tests that open a database or start a server. */
const FAST = process.env.TEST_TIER === 'fast';
const DATABASE_TESTS = FAST ? ['**/*.db.test.ts', '**/*.pg.test.ts'] : [];

export default defineConfig({
  test: {
    // Every core (vitest leaves one idle by default: a single worker on a two-core machine). Test files
    // spend much of their time waiting for PostgreSQL, timers and child processes.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...PROCESS_TESTS, ...DATABASE_TESTS, '**/node_modules/**'],
          environment: 'node',
          // Migrates once per run; each file's database is a copy (test/helpers.ts). The fast tier opens none.
          globalSetup: FAST ? [] : ['./test/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        // Tests that run real server processes (kill -9 under load, two instances, the attack suite):
        // one at a time, after every other file, so a busy machine does not starve their timing.
        // (A project with maxWorkers 1 runs in vitest's sequential group, at the end.)
        test: {
          name: 'server-processes',
          root: 'apps/server',
          include: PROCESS_TESTS,
          exclude: [...DATABASE_TESTS, '**/node_modules/**'],
          environment: 'node',
          maxWorkers: 1,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
          testTimeout: 15000,
        },
      },
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'], environment: 'node' } },
    ],
  },
});
