import { buildPrograms } from '@kafka-labs/build';
import { parseCommand, runMain } from '@kafka-labs/cli';

const USAGE = `usage: pnpm build

Compiles what a lab starts as a process of its own (every lab's run script, and the programs it starts: "programs"
in their package.json) into node_modules/.cache/kafka-labs-build/, each one ES module with its source
map, so that a start loads one file instead of compiling TypeScript. Only what is missing or changed since its last
build is compiled; \`pnpm lab\` does the same before every run, and an entry point whose build is stale runs from
source (a program a lab starts says so in one line).`;

await runMain('build', USAGE, async (argv) => {
  parseCommand({}, argv);
  const started = performance.now();
  const built = await buildPrograms();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(built.length === 0 ? 'build: every entry point is up to date' : `build: compiled ${built.length} entry point${built.length === 1 ? '' : 's'} (${seconds} s)`);
  return 0;
});
