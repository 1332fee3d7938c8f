// The incident, then (unless KAFKA_LABS_INCIDENT_ONLY is set, as `pnpm incident 08-diagnose --work DIR` sets it) the
// reference solution: solution.sh, run in one shell with WORK = the run folder and RUN = the per-run suffix of the names.
import { fileURLToPath } from 'node:url';
import { BOOTSTRAP } from '@kafka-labs/broker';
import { SINK_TABLES, sinkFigures, sinkState } from '@kafka-labs/database';
import { committedByLog } from '@kafka-labs/kafka-exactly-once/evidence';
import { spawnTxnWorker, type TxnProcess } from '@kafka-labs/kafka-exactly-once/experiment';
import { DIAGNOSE, diagnoseIncident } from '@kafka-labs/kafka-exactly-once/setups';
import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { produceOrders } from '@kafka-labs/txn-worker';
import { orderMessage } from '@kafka-labs/kafka-client/txn-log';
import { MESSAGES } from './messages.ts';

const SOLUTION = fileURLToPath(new URL('./solution.sh', import.meta.url));
/** A worker's first open of its database copies the PGlite template (seconds on a loaded machine; the first ever makes it). */
const DATABASE_WAIT_MS = 180_000;
/** The smallest session the broker allows (group.min.session.timeout.ms): a dead member is noticed after it. */
const SESSION_TIMEOUT_MS = 6000;

const seedText = process.env.KAFKA_LABS_SEED;
if (seedText !== undefined && !/^\d{1,9}$/.test(seedText)) {
  console.error(`error: KAFKA_LABS_SEED must be a whole number (up to 9 digits), not '${seedText}'`);
  process.exit(2);
}
const seed = seedText === undefined ? Math.floor(Math.random() * 1_000_000) : Number(seedText);
const incidentOnly = process.env.KAFKA_LABS_INCIDENT_ONLY !== undefined;
const { cause, copies } = diagnoseIncident(seed);

await using lab = await startLab(import.meta.url, { parameters: { seed } });
const t = textsIn(MESSAGES, lab.lang);

const input = await lab.createTopic('orders');
const [group, replayGroup] = [lab.name('pipeline'), lab.name('replay')];
const database = lab.file('database');
await produceOrders({ bootstrap: BOOTSTRAP.host, topic: input, count: DIAGNOSE.orders, partitions: 1 });
const sink = (name: string, flags: string[]) =>
  spawnTxnWorker(lab, name, ['--input', input, '--commit', 'sync', '--batch', String(DIAGNOSE.batch), '--sink', 'plain', '--database', database, ...flags]);
const pipeline = (name: string, flags: string[] = []) => sink(name, ['--group', group, '--session-timeout-ms', String(SESSION_TIMEOUT_MS), ...flags]);
const committedAt = (p: TxnProcess, end: number) => p.untilLogged(`a commit of p0=${end}`, () => committedByLog(p.events()).get(0) === end, DATABASE_WAIT_MS);

lab.step(t.stepIncident({ seed, input, group }));
// Every cause leaves the same files (pipeline-1.log, pipeline-2.log, replay-1.log): which of them exist must not
// give the answer away; what they say does. A member or a replay that had nothing left to do logs that it started
// and where, and stops.
/** A second pipeline member joining after the first stopped cleanly: it is assigned p0 at the last commit, the end. */
const joinAtTheEnd = async () => {
  const second = pipeline('pipeline-2');
  await second.waitFor('its assignment', 'assigned', undefined, DATABASE_WAIT_MS);
  await second.child.stop();
};
/** The replay job, rewound to `from` in its own group: from the end it replays nothing. */
const replayFrom = async (from: number, end: number) => {
  await lab.kafka`kafka-consumer-groups --bootstrap-server ${BOOTSTRAP.tools} --group ${replayGroup} --topic ${input} --reset-offsets --to-offset ${from} --execute`;
  const replay = sink('replay-1', ['--group', replayGroup, '--assign']);
  if (from < end) await committedAt(replay, end);
  else await replay.waitFor('its start', 'starting-at', undefined, DATABASE_WAIT_MS);
  await replay.child.stop();
};
if (cause === 'producer') {
  // The order service re-sent orders it believed lost: a second producer session, so a new producerId and nothing
  // for the broker to deduplicate.
  const resent = Array.from({ length: copies }, (_, i) => orderMessage(DIAGNOSE.batch - 1 + i));
  await lab.kafka({ input: resent.map((m) => `${m.key}\t${m.value}\n`).join('') })`kafka-console-producer --bootstrap-server ${BOOTSTRAP.tools} --topic ${input} --reader-property parse.key=true`;
  const first = pipeline('pipeline-1');
  await committedAt(first, DIAGNOSE.orders + copies);
  await first.child.stop();
  await joinAtTheEnd();
  await replayFrom(DIAGNOSE.orders + copies, DIAGNOSE.orders + copies);
} else if (cause === 'rebalance') {
  // The first member dies after applying orders past its last commit; its partition moves to the second.
  const first = pipeline('pipeline-1', ['--pause-after', `applied:${DIAGNOSE.batch + copies}`]);
  await first.waitFor('its pause', 'paused', undefined, DATABASE_WAIT_MS);
  await first.child.stop({ signal: 'SIGKILL' });
  const second = pipeline('pipeline-2');
  await committedAt(second, DIAGNOSE.orders);
  await second.child.stop();
  await replayFrom(DIAGNOSE.orders, DIAGNOSE.orders);
} else {
  // The pipeline did its work once; a replay job (a group of its own, rewound) applies the last orders again.
  const first = pipeline('pipeline-1');
  await committedAt(first, DIAGNOSE.orders);
  await first.child.stop();
  await joinAtTheEnd();
  await replayFrom(DIAGNOSE.orders - copies, DIAGNOSE.orders);
}
const db = await lab.database('database');
const figures = await db.dump(lab.file('database.jsonl'), SINK_TABLES).then((dump) => sinkFigures(sinkState(dump)));
await db.close();
lab.say(t.database({ rows: figures.eventRows, events: figures.distinctEvents }), t.evidence({ dir: lab.runDir, input }));

if (incidentOnly) {
  lab.say('', t.yourTurn({ dir: lab.runDir }));
} else {
  lab.step(t.stepSolution());
  await lab.runSolution(SOLUTION, { WORK: lab.runDir, RUN: `-${lab.runId}` });
  lab.say('', t.planted({ cause }));
}
