// The reference solution: the exercise's 7 steps, done the way the README tells a learner to, into the run folder.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOOTSTRAP, runTool } from '@kafka-labs/broker';
import { compactView, parseDumpLog } from '@kafka-labs/dumplog';
import { REPO_ROOT, startLab } from '@kafka-labs/lab-kit';

const SLOW_CLI = join(REPO_ROOT, 'scripts', 'kafka-lab-slow.ts');
const TSX = fileURLToPath(import.meta.resolve('tsx'));

/** Steps 4 and 5: time out before the slow path lets a request through, retry twice, give up after 2 s. */
const RETRY_SETTINGS = {
  'request.timeout.ms': '300',
  'delivery.timeout.ms': '2000',
  retries: '2',
  'max.block.ms': '10000',
};

const lab = await startLab(import.meta.url);
// The proxy runs detached, as it does for a learner; stop it however this script ends.
process.once('exit', () => spawnSync(process.execPath, ['--import', TSX, SLOW_CLI, 'stop'], { stdio: 'ignore' }));

/** Runs `pnpm kafka-lab-slow <command>` and fails the run when it fails. */
async function slow(command: 'on' | 'off' | 'stop') {
  const code = await lab.spawnTs('kafka-lab-slow', SLOW_CLI, [command], { echo: true }).exited;
  if (code !== 0) throw new Error(`kafka-lab-slow ${command} exited with code ${code}`);
}

/** Kafka's console producer on the learner's path (localhost:9532) with `settings` as --command-property; returns its stderr. */
async function produce(topic: string, input: string, settings: Record<string, string> = {}) {
  const properties = Object.entries(settings).flatMap(([key, value]) => ['--command-property', `${key}=${value}`]);
  const result = await runTool('kafka-console-producer', ['--bootstrap-server', BOOTSTRAP.proxy, '--topic', topic, ...properties], { input });
  if (result.exitCode !== 0) throw new Error(`kafka-console-producer exited with ${result.exitCode}: ${result.stderr.trim().split('\n').at(-1)}`);
  return result.stderr;
}

async function dump(topic: string, file: string) {
  const text = await lab.tool('kafka-dump-log', ['--files', lab.broker.segmentPath(topic, 0), '--print-data-log'], { saveAs: file });
  lab.show(`${file} (compact)`, compactView(parseDumpLog(text).batches));
}

const retryLines = (log: string) => log.split('\n').filter((line) => /retrying \(\d+ attempts? left\)/.test(line));

lab.step(`Topic payments (1 partition), pay-1 and pay-2 with the default console producer through ${BOOTSTRAP.proxy}`);
await slow('off');
const payments = await lab.createTopic('payments');
await produce(payments, 'pay-1\npay-2\n');

lab.step('Dump payments-0 into dump-default.txt: the default producer is idempotent');
await dump(payments, 'dump-default.txt');

lab.step('pay-3 with enable.idempotence=false, dump again into dump-noidem.txt');
await produce(payments, 'pay-3\n', { 'enable.idempotence': 'false' });
await dump(payments, 'dump-noidem.txt');

lab.step('Slow path on; one 5,000-character line into payments-dup without idempotence; slow off');
const big = `${'x'.repeat(5000)}\n`;
lab.writeFile('big.txt', big);
await slow('on');
const dup = await lab.createTopic('payments-dup');
const dupLog = await produce(dup, big, { 'enable.idempotence': 'false', ...RETRY_SETTINGS });
lab.writeFile('dup-producer.log', dupLog);
await slow('off');
lab.show('retries in dup-producer.log', retryLines(dupLog).map((l) => l.slice(0, 160)));

lab.step('The same into payments-idem with enable.idempotence=true');
await slow('on');
const idem = await lab.createTopic('payments-idem');
const idemLog = await produce(idem, big, { 'enable.idempotence': 'true', ...RETRY_SETTINGS });
lab.writeFile('idem-producer.log', idemLog);
await slow('off');
lab.show('retries in idem-producer.log', retryLines(idemLog).map((l) => l.slice(0, 160)));

lab.step('pay-77 into payments-app from two separate producer runs, dump into two-sessions.txt');
const app = await lab.createTopic('payments-app');
await produce(app, 'pay-77\n');
await produce(app, 'pay-77\n');
await dump(app, 'two-sessions.txt');

lab.step('The end offsets of the three topics into producer-report.txt');
const offsets = await lab.tool('kafka-get-offsets', ['--bootstrap-server', BOOTSTRAP.proxy, '--topic', `(${[dup, idem, app].join('|')})`]);
lab.show('kafka-get-offsets', offsets.trim().split('\n'));
const endOffset = (topic: string) => Number(new RegExp(`^${topic}:0:(\\d+)$`, 'm').exec(offsets)?.[1] ?? NaN);
const report = {
  dup_copies: endOffset(dup),
  idem_copies: endOffset(idem),
  two_sessions_copies: endOffset(app),
  acks_default: 'all',
  idempotence_default: 'true',
};
const reportLines = Object.entries(report).map(([key, value]) => `${key}=${value}`);
lab.writeFile('producer-report.txt', `${reportLines.join('\n')}\n`);
lab.show('producer-report.txt', reportLines);
lab.figure('dup_copies', report.dup_copies);
lab.figure('idem_copies', report.idem_copies);

await slow('stop');
lab.say(
  '',
  'Without idempotence every retry that reached the broker is stored again; with it the broker answers the',
  'retries from its sequence numbers and keeps one copy. Two producer runs are two sessions: nothing links them.',
);
await lab.end();
