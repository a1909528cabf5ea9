import { defineConfig } from 'vitest/config';

// Browser journeys: the built app served by the built server, driven in Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'apps/web/e2e',
    include: ['**/*.e2e.ts'],
    // Journeys that move the clock by days run on their own server afterwards (vitest.e2e-clock.config.ts).
    exclude: ['**/*.clock.e2e.ts', '**/node_modules/**'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // Each page a journey visits is also scanned with axe (guard.ts): seconds more per page on a busy machine.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
