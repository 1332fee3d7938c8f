import { fileURLToPath } from 'node:url';

/** Absolute path of the producer's CLI entry file, for a lab to spawn with tsx. */
export const PRODUCER_CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
