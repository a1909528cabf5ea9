import { defineConfig } from 'vitest/config';

/**
 * Journeys that move the server's business clock by days (auction close, the 27-day delivery): their own
 * server, run after the other journeys, so a clock jump never expires another journey's code or session.
 * scripts/clock-journeys.mjs runs them in two groups at once, each with this config and so its own server.
 */
export default defineConfig({
  test: {
    name: 'e2e-clock',
    root: 'apps/web/e2e',
    include: ['**/*.clock.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // Two groups run at once (scripts/clock-journeys.mjs), each case taking about 1.5 times as long as alone.
    testTimeout: 300_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
    fileParallelism: false,
  },
});
