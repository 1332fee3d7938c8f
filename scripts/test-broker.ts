import { BOOTSTRAP, brokerStatus, ensureBroker, stopBroker } from '@kafka-labs/broker';
import { Kafka, logLevel } from 'kafkajs';
import { expBackoff, retry } from 'zx';

/**
 * Vitest global setup of the broker project: one healthy single-node broker for the whole run, stopped at the end if
 * this run started it. On a fresh broker it also waits for the group coordinator (the first FindCoordinator creates
 * __consumer_offsets, which takes a while on a loaded machine), so that no test file pays for that in its first group.
 */
export default async function setup() {
  const wasRunning = (await brokerStatus()).healthy;
  await ensureBroker();
  const admin = new Kafka({ clientId: 'test-setup', brokers: [BOOTSTRAP.tools], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    await retry(30, expBackoff('5s', '200ms'), () => admin.describeGroups(['test-setup-coordinator']));
  } finally {
    await admin.disconnect();
  }
  return async () => {
    if (!wasRunning) await stopBroker();
  };
}
