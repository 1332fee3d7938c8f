/**
 * Seconds from `broker up` to ready (a Metadata round trip listing every node), for a first start
 * (storage formatted) and a restart, single node and 3 nodes; median of several runs.
 * Run: pnpm bench broker [--runs N]. It stops and restarts the broker, holding the broker lock.
 */
import { ensureBroker, lockBroker, stopBroker } from '../src/index.ts';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 5);
const quiet = () => {};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const release = await lockBroker('broker benchmark', console.error);
const rows: string[] = [];
for (const nodes of [1, 3] as const) {
  for (const kind of ['first start (format included)', 'restart'] as const) {
    const seconds: number[] = [];
    for (let i = 0; i < runs; i++) {
      await stopBroker({ log: quiet });
      const started = performance.now();
      await ensureBroker({ nodes, fresh: kind !== 'restart', log: quiet });
      seconds.push((performance.now() - started) / 1000);
    }
    const row = `| ${nodes} | ${kind} | ${median(seconds).toFixed(1)} s | ${seconds.map((s) => s.toFixed(1)).join(', ')} |`;
    console.error(row);
    rows.push(row);
  }
}
await stopBroker({ log: quiet });
await ensureBroker({ log: quiet });
release();
console.log(['| nodes | start | median | runs |', '|---|---|---|---|', ...rows].join('\n'));
