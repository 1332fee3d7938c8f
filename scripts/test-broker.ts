import { ensureBroker, stopBroker } from '@kafka-labs/broker';

/** Vitest global setup: one healthy single-node broker for the whole run, stopped at the end if this run started it. */
export default async function setup() {
  const { brokerStatus } = await import('@kafka-labs/broker');
  const wasRunning = (await brokerStatus()).healthy;
  await ensureBroker();
  return async () => {
    if (!wasRunning) await stopBroker();
  };
}
