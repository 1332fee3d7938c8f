import { isKafkaTool, runTool, TOOLS } from '@kafka-labs/broker';
import { exitFlushed, oneLine } from '@kafka-labs/cli';

const USAGE = `usage: pnpm kafka <tool> [tool options]

Runs Kafka's own command-line tool on the active broker backend, with the tool's own options.
tools: ${Object.keys(TOOLS).join(', ')}
example: pnpm kafka kafka-topics --bootstrap-server localhost:9092 --list`;

const [tool, ...args] = process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--'));
if (tool === '--help' || tool === '-h') {
  console.log(USAGE);
  process.exit(0);
}
if (!tool) {
  process.stderr.write(`error: missing tool\n${USAGE}\n`);
  process.exit(2);
}
if (!isKafkaTool(tool)) {
  process.stderr.write(`error: unknown tool "${tool}"; known tools: ${Object.keys(TOOLS).join(', ')}\n`);
  process.exit(2);
}
try {
  const result = await runTool(tool, args, { interactive: true });
  await exitFlushed(result.exitCode);
} catch (err) {
  process.stderr.write(`${oneLine(err)}\n`);
  await exitFlushed(2);
}
