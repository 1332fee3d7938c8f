import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root, found from this file's place in packages/lab-kit/src. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const LABS_DIR = join(REPO_ROOT, 'labs');

/** Where run folders go: runs/<lab-id>/<UTC timestamp>/ (KAFKA_LABS_RUNS overrides the runs/ root). */
export function runsDir(): string {
  return process.env.KAFKA_LABS_RUNS ?? join(REPO_ROOT, 'runs');
}
