// Benchmark (not a test): the same workloads straight to the broker's FAULT listener (127.0.0.1:9533), through the
// proxy in pass-through, through the proxy with every fault module on but matching nothing (the chain's cost), and
// through a plain relay (each in its own process, forwarding to 9533): every path ends at the same listener, and the
// relay shows what any extra TCP hop costs on this machine. The routed path: a kafkajs producer that bootstraps
// through a proxy on a free port in front of the HOST listener (127.0.0.1:9531) and follows the addresses the proxy
// rewrote (no socketFactory), against the same producer bootstrapping straight from the HOST listener.
//   pnpm bench proxy [--round-trips N] [--messages N]
// Latency: sequential request/response round trips over one raw socket (no client library, no linger).
// Throughput: a kafkajs producer whose sockets all go to the chosen port (socketFactory), so metadata's
// advertised localhost:9532 cannot pull the direct run through a proxy.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { createRequire } from 'node:module';
import { Kafka, logLevel } from 'kafkajs';
import { BOOTSTRAP, createTopic, ensureBroker } from '@kafka-labs/broker';
import { flagsHelp, parseArgvOrExit, parseFlags } from '@kafka-labs/cli';
import { apiVersionsRequest, RawConnection } from '../src/testing/raw-kafka.ts';

const FAULT = { host: '127.0.0.1', port: 9533 };
const HOST = { host: '127.0.0.1', port: 9531 };
const FLAGS = {
  'round-trips': { kind: 'number', min: 1, integer: true, default: 5000, help: 'sequential round trips per path' },
  messages: { kind: 'number', min: 1, integer: true, default: 50000, help: 'messages the producer sends per path' },
} as const;
const { 'round-trips': roundTrips, messages: messageCount } = parseArgvOrExit('bench proxy', flagsHelp('pnpm bench proxy [flags]', FLAGS), (argv) => parseFlags(FLAGS, argv));

await ensureBroker();
const topic = `proxy-bench-${Date.now()}`;
const admin = new Kafka({ brokers: [BOOTSTRAP.tools], logLevel: logLevel.NOTHING }).admin();
await admin.connect();
await createTopic(admin, { topic, numPartitions: 1 });
await admin.disconnect();

async function startChild(mode: 'proxy' | 'chain' | 'relay', upstream = FAULT) {
  const child = fork(new URL('./proxy-child.ts', import.meta.url), [mode, `${upstream.host}:${upstream.port}`], {
    execArgv: process.execArgv,
  });
  const [{ port }] = (await once(child, 'message')) as [{ port: number }];
  return { child, port };
}
const children = {
  proxy: await startChild('proxy'),
  chain: await startChild('chain'),
  relay: await startChild('relay'),
  routed: await startChild('proxy', HOST),
};
const targets = {
  direct: FAULT.port,
  relay: children.relay.port,
  proxy: children.proxy.port,
  chain: children.chain.port,
  host: HOST.port,
  routed: children.routed.port,
} as const;
type Target = keyof typeof targets;
/** The paths measured for latency; every one of them for throughput. */
const TARGETS = ['direct', 'relay', 'proxy', 'chain'] as const satisfies Target[];
const ALL_TARGETS = Object.keys(targets) as Target[];
/** Paths whose producer bootstraps at the port and follows the addresses it is given, instead of a socketFactory. */
const FOLLOWS_METADATA = new Set<Target>(['host', 'routed']);

/** Produce Request v3 (kafkajs's encoder): one 100-byte record, acks=1. */
async function produceRequest(): Promise<Buffer> {
  const require = createRequire(import.meta.resolve('kafkajs'));
  const encodeRequest = require('./src/protocol/request.js');
  const produceV3 = require('./src/protocol/requests/produce/v3/request.js');
  const request = produceV3({
    acks: 1,
    timeout: 30_000,
    topicData: [{ topic, partitions: [{ partition: 0, messages: [{ value: Buffer.alloc(100, 120) }] }] }],
  });
  return (await encodeRequest({ correlationId: 0, clientId: 'bench', request })).buffer as Buffer;
}

/** Sequential round trips of one request frame; returns each round trip's duration in microseconds. */
async function pingPong(port: number, frame: Buffer, count: number): Promise<number[]> {
  const connection = await RawConnection.open(port);
  const durations: number[] = [];
  for (let i = 0; i < count; i++) {
    frame.writeInt32BE(i, 8);
    const start = process.hrtime.bigint();
    await connection.roundTrip(frame);
    durations.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  connection.close();
  return durations;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Alternates the paths block by block so that drift on a shared machine hits all alike. */
async function latency(name: string, frame: Buffer) {
  const blocks = 10;
  const samples: Record<(typeof TARGETS)[number], number[]> = { direct: [], relay: [], proxy: [], chain: [] };
  for (const target of TARGETS) await pingPong(targets[target], frame, 200);
  for (let b = 0; b < blocks; b++) {
    for (const target of TARGETS) {
      samples[target].push(...(await pingPong(targets[target], frame, Math.ceil(roundTrips / blocks))));
    }
  }
  for (const target of TARGETS) samples[target].sort((a, b) => a - b);
  const p = (target: (typeof TARGETS)[number], q: number) => percentile(samples[target], q);
  const added = (target: (typeof TARGETS)[number], q: number) => ((p(target, q) - p('direct', q)) / 1000).toFixed(3);
  return {
    workload: name,
    'direct p50/p99 µs': `${p('direct', 50).toFixed(0)} / ${p('direct', 99).toFixed(0)}`,
    'proxy p50/p99 µs': `${p('proxy', 50).toFixed(0)} / ${p('proxy', 99).toFixed(0)}`,
    'proxy added p50 ms': added('proxy', 50),
    'proxy added p99 ms': added('proxy', 99),
    'chain added p50 ms': added('chain', 50),
    'relay added p50 ms': added('relay', 50),
    'relay added p99 ms': added('relay', 99),
  };
}

/** Produces `messageCount` records of 1 KiB with kafkajs (batches of 500, 4 in flight); returns MB/s. */
async function throughput(target: Target): Promise<number> {
  const kafka = new Kafka({
    brokers: [FOLLOWS_METADATA.has(target) ? `localhost:${targets[target]}` : BOOTSTRAP.proxy],
    clientId: `bench-${target}`,
    logLevel: logLevel.NOTHING,
    ...(!FOLLOWS_METADATA.has(target) && {
      socketFactory: ({ onConnect }: { onConnect: () => void }) => net.connect({ host: '127.0.0.1', port: targets[target] }, onConnect),
    }),
  });
  const producer = kafka.producer();
  await producer.connect();
  const value = Buffer.alloc(1024, 97);
  const batch = Array.from({ length: 500 }, () => ({ value, partition: 0 }));
  const batches = Math.ceil(messageCount / batch.length);
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next++ < batches) await producer.send({ topic, acks: -1, messages: batch });
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  await producer.disconnect();
  return (batches * batch.length * value.length) / 1e6 / seconds;
}

console.log(`proxy bench: ${roundTrips} round trips per workload and path, ${messageCount} messages of 1 KiB per throughput run`);
console.table([await latency('ApiVersions v0', apiVersionsRequest(0, 'bench')), await latency('Produce v3, 1 record, acks=1', await produceRequest())]);

const ROUNDS = 7;
const runs: Record<Target, number[]> = { direct: [], relay: [], proxy: [], chain: [], host: [], routed: [] };
for (const target of ALL_TARGETS) await throughput(target); // warm-up: JIT, broker caches
for (let round = 0; round < ROUNDS; round++) {
  for (const target of ALL_TARGETS) runs[target].push(await throughput(target));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.table(
  ALL_TARGETS.map((target) => ({
    path: {
      direct: 'direct 127.0.0.1:9533',
      relay: 'relay (pipe) -> 9533',
      proxy: 'proxy -> 9533',
      chain: 'proxy, every module on -> 9533',
      host: 'direct, bootstrap HOST 9531',
      routed: 'routed: bootstrap proxy -> 9531, rewritten',
    }[target],
    [`MB/s (median of ${ROUNDS})`]: median(runs[target]).toFixed(1),
    runs: runs[target].map((r) => r.toFixed(1)).join(' '),
  })),
);
const ratio = (target: Target) => (median(runs[target]) / median(runs.direct)).toFixed(3);
console.log(`throughput ratio proxy/direct: ${ratio('proxy')} (target >= 0.95); chain/direct: ${ratio('chain')}; relay/direct: ${ratio('relay')}`);
const routedRatio = (median(runs.routed) / median(runs.host)).toFixed(3);
const pairs = runs.routed.map((r, i) => (r / runs.host[i]!).toFixed(2)).join(' ');
console.log(`throughput ratio routed/direct (HOST listener, addresses rewritten): ${routedRatio} (target >= 0.95); per round: ${pairs}`);

for (const { child } of Object.values(children)) {
  child.disconnect();
  await once(child, 'exit');
}
