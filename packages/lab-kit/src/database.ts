import { join } from 'node:path';
import type { Database } from '@kafka-labs/database';

/**
 * Opens the run's database in the folder `name` of `runDir` and hands its close to `defer`, so that it closes however
 * the run ends, after the children are stopped.
 */
export async function openRunDatabase(runDir: string, name: string, say: (line: string) => void, defer: (close: () => Promise<unknown>) => void): Promise<Database> {
  // Imported on first use: PGlite and pg cost a lab that has no database about half a second of start-up.
  const { openDatabase } = await import('@kafka-labs/database');
  const db = await openDatabase({ dir: join(runDir, name), log: (line) => say(`   ${line}`) });
  defer(() => db.close());
  return db;
}
