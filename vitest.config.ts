import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Tests that need the running broker are named `*.live.test.ts`. The pattern holds from the root and from a workspace
 * folder.
 */
const BROKER_TESTS = ['**/*.live.test.ts'];

/**
 * The broker test files that need the broker to themselves, so they run one at a time after the others: they restart
 * it or change its layout (3 nodes, overrides: so does a lab whose manifest sets brokers or brokerConfig), stop the
 * warm tool runner the others' Kafka tools use, listen on the fault listener's fixed port 9532, run a lab whose
 * manifest says "alone", or run labs two at a time themselves. A file of the `broker` project holds the broker shared
 * (scripts/test-broker-file.ts), so a lab or `pnpm broker` command it starts that needs another broker is refused at
 * once: the sign that the file belongs in this list.
 */
const BROKER_ALONE = [
  'packages/broker/src/broker.live.test.ts', // restarts the broker, with overrides and with 3 nodes
  'packages/broker/src/tool-runner.live.test.ts', // stops the warm tool runner
  'scripts/broker-nodes.live.test.ts', // 3 nodes
  'packages/proxy/src/routing.live.test.ts', // 3 nodes, stops a node
  'packages/proxy/src/clients.live.test.ts', // 9532
  'packages/proxy/src/faults/with-clients.live.test.ts', // 9532
  'labs/kafka-retry-duplicates/kafka-retry-duplicates/run.live.test.ts', // 9532, an alone lab
  'labs/kafka-producer-guarantees/01-acks-leader-loss/01-acks-leader-loss.live.test.ts', // an alone lab (3 nodes)
  'labs/kafka-producer-guarantees/02-min-insync/02-min-insync.live.test.ts', // an alone lab (3 nodes)
  'labs/kafka-exactly-once/04-transaction-timeout/04-transaction-timeout.live.test.ts', // a lab with broker overrides
  'packages/report/src/report.live.test.ts', // 01-revoke, a lab with broker overrides
  'scripts/lab-interrupt.live.test.ts', // alone labs, and no lock holder may be left
  'scripts/labs.live.test.ts', // two labs at a time, the alone ones among them
].map((file) => `**/${file}`);

const globalSetup = [fileURLToPath(new URL('./scripts/test-broker.ts', import.meta.url))];

// Three projects by what a test needs. `unit`: no broker, no Java, files in parallel; every workspace's `test` script
// runs its own unit tests (turbo caches them). `broker`: two files at a time on the one broker the global setup
// starts, each holding it shared (its names are its own, its run folders under a runs root of its own).
// `broker-alone`: then the files that need the broker to themselves, one at a time.
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
          exclude: ['**/node_modules/**', ...BROKER_ALONE],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 600_000,
          hookTimeout: 300_000,
          globalSetup,
          setupFiles: [fileURLToPath(new URL('./scripts/test-broker-file.ts', import.meta.url))],
        },
      },
      {
        extends: true,
        test: {
          name: 'broker-alone',
          include: BROKER_ALONE,
          exclude: ['**/node_modules/**'],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          testTimeout: 600_000,
          hookTimeout: 300_000,
          globalSetup,
        },
      },
    ],
  },
});
