import { relative } from 'node:path';
import { buildPrograms, REPO_ROOT } from '@kafka-labs/build';
import { parseCommand, runMain } from '@kafka-labs/cli';

const USAGE = `usage: pnpm build

Compiles the programs a lab starts (the worker, the producers, the txn-worker, the proxy: "programs" in their
package.json) into packages/<pkg>/dist/, each one ES module with its source map, so that a start loads one file
instead of compiling TypeScript. Only what is missing or changed since its last build is compiled; \`pnpm lab\` does
the same before every run, and a program started with a stale build runs from source and says so.`;

await runMain('build', USAGE, async (argv) => {
  parseCommand({}, argv);
  const started = performance.now();
  const built = await buildPrograms();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(built.length === 0 ? 'build: every program is up to date' : `build: compiled ${built.map((s) => relative(REPO_ROOT, s)).join(', ')} (${seconds} s)`);
  return 0;
});
