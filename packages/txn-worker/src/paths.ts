import { fileURLToPath } from 'node:url';

/** Absolute path of the txn-worker's CLI entry file, for a lab to start (`lab.spawnTs`: compiled when fresh, see @kafka-labs/build). */
export const TXN_WORKER_CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

/** Absolute path of the order producer's CLI entry file (`orders-cli.ts`), for a lab to start (`lab.spawnTs`: compiled when fresh, see @kafka-labs/build). */
export const ORDERS_CLI = fileURLToPath(new URL('./orders-cli.ts', import.meta.url));

/** Absolute path of the transactional producer's CLI entry file (`txn-producer-cli.ts`), for a lab to start (`lab.spawnTs`: compiled when fresh, see @kafka-labs/build). */
export const TXN_PRODUCER_CLI = fileURLToPath(new URL('./txn-producer-cli.ts', import.meta.url));
