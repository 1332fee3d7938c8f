import { buildTree, staleReason } from '@kafka-labs/build';
import { parseCommand, runMain } from '@kafka-labs/cli';

const USAGE = `usage: pnpm build

Compiles every module the commands, the programs a lab starts and the labs' run scripts and graders run into
node_modules/.cache/kafka-labs-build/ (one ES module with its source map per TypeScript file), so that a start loads
JavaScript instead of compiling TypeScript. Every command (pnpm lab, grade, ...) checks the build when it starts and
compiles it again when a source changed since; a program a lab starts from a stale build runs from source and says so
in one line.`;

await runMain('build', USAGE, async (argv) => {
  parseCommand({}, argv);
  const reason = staleReason();
  if (reason === null) {
    console.log('build: the compiled tree is up to date');
    return 0;
  }
  const started = performance.now();
  const modules = await buildTree();
  console.log(`build: compiled ${modules} modules in ${((performance.now() - started) / 1000).toFixed(1)} s (${reason})`);
  return 0;
});
