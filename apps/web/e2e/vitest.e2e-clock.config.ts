import { defineConfig } from 'vitest/config';

/**
 * Journeys that move the server's business clock by days (auction close, the 27-day delivery): their own
 * server, run after the other journeys, so a clock jump never expires another journey's code or session.
 */
export default defineConfig({
  test: {
    name: 'e2e-clock',
    root: 'apps/web/e2e',
    include: ['**/*.clock.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
    fileParallelism: false,
  },
});
