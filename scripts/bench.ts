import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Benchmarks by name; each is a script of its package. Benchmarks are never tests. */
const BENCHES: Record<string, string> = {
  broker: '../packages/broker/bench/broker-bench.ts',
  database: '../packages/database/bench/database-bench.ts',
  labs: '../packages/lab-kit/bench/labs-bench.ts',
  proxy: '../packages/proxy/bench/proxy-bench.ts',
};

const [name, ...args] = process.argv.slice(2).filter((a) => a !== '--');
if (!name || !(name in BENCHES)) {
  process.stderr.write(`${name ? `error: unknown benchmark "${name}"\n` : ''}usage: pnpm bench <${Object.keys(BENCHES).join('|')}> [args]\n`);
  process.exit(name === '--help' ? 0 : 2);
}
const script = fileURLToPath(new URL(BENCHES[name]!, import.meta.url));
const result = spawnSync(process.execPath, [...process.execArgv, script, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
