import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { programArgs } from '@kafka-labs/build';

/** Benchmarks by name; each is a script of its package. Benchmarks are never tests. */
const BENCHES: Record<string, string> = {
  broker: '../packages/broker/bench/broker-bench.ts',
  database: '../packages/database/bench/database-bench.ts',
  labs: '../packages/lab-kit/bench/labs-bench.ts',
  programs: '../packages/build/bench/programs-bench.ts',
  proxy: '../packages/proxy/bench/proxy-bench.ts',
};

const USAGE = `usage: pnpm bench <${Object.keys(BENCHES).join('|')}> [args]

Runs a benchmark (never a test); pnpm bench <name> --help tells its own arguments. Exit code 2 on a usage error.`;

// Only the first argument is ours: the rest, --help included, belongs to the benchmark.
const [name, ...args] = process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--'));
if (name === '--help' || name === '-h') {
  console.log(USAGE);
  process.exit(0);
}
if (!name || !(name in BENCHES)) {
  process.stderr.write(`error: ${name ? `unknown benchmark "${name}"` : 'missing benchmark name'}\n${USAGE}\n`);
  process.exit(2);
}
const script = fileURLToPath(new URL(BENCHES[name]!, import.meta.url));
const result = spawnSync(process.execPath, [...programArgs(script), ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
