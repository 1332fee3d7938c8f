import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Tests that need the running broker (or its fixed ports 9092, 9532 and the proxy's control port) are named
 * `*.live.test.ts`: they serve one test file at a time. The pattern holds from the root and from a workspace folder.
 */
const BROKER_TESTS = ['**/*.live.test.ts'];

// Two projects by what a test needs. `unit`: no broker, no Java, files in parallel; every workspace's
// `test` script runs its own unit tests (turbo caches them). `broker`: one file at a time against the
// one broker the global setup starts (a consumer group's timing must not compete for the 2 cores).
export default defineConfig({
  test: {
    // Bounds, not expectations (the ones every test had before the projects): the machine is shared, a unit test that
    // spawns a CLI can take seconds, a hook that starts a database server longer.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['**/*.test.ts'], exclude: ['**/node_modules/**', ...BROKER_TESTS] } },
      {
        extends: true,
        test: {
          name: 'broker',
          include: BROKER_TESTS,
          exclude: ['**/node_modules/**'],
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 300_000,
          globalSetup: [fileURLToPath(new URL('./scripts/test-broker.ts', import.meta.url))],
        },
      },
    ],
  },
});
