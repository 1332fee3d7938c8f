import { defineConfig } from 'vitest/config';

// One broker serves every test, so test files run one at a time: labs and the proxy's client
// tests share fixed ports (9532) and a consumer group's timing must not compete for the 2 cores.
export default defineConfig({
  test: {
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    globalSetup: ['./scripts/test-broker.ts'],
    projects: [
      { extends: true, test: { name: 'packages', include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      { extends: true, test: { name: 'labs', include: ['labs/**/*.test.ts'], testTimeout: 600_000 } },
    ],
  },
});
