import { fileURLToPath } from 'node:url';

/** Absolute path of the worker's CLI entry file, for a lab to start (`lab.spawnTs`: compiled when fresh, see @kafka-labs/build). */
export const WORKER_CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

/** Absolute path of the round-robin producer's CLI entry file (`fill.ts`), for a lab to start (`lab.spawnTs`: compiled when fresh, see @kafka-labs/build). */
export const FILL_CLI = fileURLToPath(new URL('./fill.ts', import.meta.url));
