import { BOOTSTRAP } from '@kafka-labs/broker';
import { parseGroupOffsets } from '@kafka-labs/dumplog';
import { textsIn } from '@kafka-labs/i18n';
import { produceSpread } from '@kafka-labs/kafka-client';
import { parseWorkerLine, type WorkerEvent } from '@kafka-labs/kafka-client/worker-log';
import { ChildError, startLab, watchLog } from '@kafka-labs/lab-kit';
import { WORKER_CLI } from '@kafka-labs/worker';
import { MESSAGES } from './messages.ts';

/**
 * The experiment: six records in one partition; the record at `failAt` throws in processing. commit: the handler's
 * error path commits past it and goes on; stop: the handler lets the worker stop without a commit. A second
 * worker of the same group (whose processing no longer throws: the cause was fixed) then takes what is left.
 */
const S = { records: 6, failAt: 3, idleSec: 2, variants: ['commit', 'stop'] as const };

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);

/** kafka-consumer-groups --describe of the group, saved as `file`: the committed offset of p0, null for none. */
const committedOffset = async (group: string, topic: string, file: string) => {
  // A group that never committed does not exist for the tool (exit code 1): that is the answer "none".
  const { stdout } = await lab.kafka({ saveAs: file })`kafka-consumer-groups --bootstrap-server ${BOOTSTRAP.tools} --describe --group ${group}`.nothrow();
  return parseGroupOffsets(stdout, group, topic).get(0)?.committed ?? null;
};
const offsetsOf = (events: WorkerEvent[], kind: 'processed' | 'failed' | 'skipped') => events.flatMap((e) => (e.kind === kind ? [e.offset] : []));
const list = (offsets: number[]) => (offsets.length ? offsets.join(', ') : t.none());

/** Runs a worker of the group to its end (it stops when idle, or at the failed record) and returns its log and exit code. */
const runWorker = async (name: string, group: string, topic: string, flags: string[]) => {
  const child = lab.spawnTs(name, WORKER_CLI, ['--name', name, '--group', group, '--topic', topic, '--bootstrap', BOOTSTRAP.host, '--commit-every', '1', '--stop-after-idle', String(S.idleSec), ...flags]);
  const log = watchLog(child, parseWorkerLine);
  const code = await child.exited;
  if (!log.events().some((e) => e.kind === 'stopped')) throw new ChildError(`${name} exited with code ${code} without leaving the group: ${child.lines.at(-1) ?? 'no output'}`);
  return { events: log.events(), code };
};

for (const variant of S.variants) {
  const commits = variant === 'commit';
  lab.step(commits ? t.stepCommit({ at: S.failAt }) : t.stepStop({ at: S.failAt }));
  const topic = await lab.createTopic(`records-${variant}`);
  const group = lab.name(variant);
  await produceSpread({ bootstrap: BOOTSTRAP.host, topic, count: S.records, partitions: 1 });
  lab.say(t.recordsIn({ n: S.records, topic, at: S.failAt }));

  const first = await runWorker(`${variant}-1`, group, topic, ['--fail-at', String(S.failAt), ...(commits ? ['--commit-on-error'] : [])]);
  const after = await committedOffset(group, topic, `offsets-${variant}-after-1.txt`);
  lab.say(
    t.firstDone({ v: variant, code: first.code, processed: list(offsetsOf(first.events, 'processed')), failed: list(offsetsOf(first.events, 'failed')) }),
    commits ? t.handlerCommitted({ v: variant, at: S.failAt }) : t.handlerStopped({ v: variant }),
    t.committedNow({ committed: String(after ?? t.none()) }),
  );

  const second = await runWorker(`${variant}-2`, group, topic, []);
  const again = offsetsOf(second.events, 'processed');
  const end = await committedOffset(group, topic, `offsets-${variant}-end.txt`);
  lab.say(again.length ? t.secondProcessed({ v: variant, from: after ?? 0, offsets: list(again) }) : t.secondNothing({ v: variant, from: after ?? 0 }));
  const done = [...offsetsOf(first.events, 'processed'), ...again];
  const never = Array.from({ length: S.records }, (_, i) => i).filter((o) => !done.includes(o));
  lab.show(t.tally({ v: variant, n: S.records }), [
    t.processedLine({ offsets: list([...new Set(done)].sort((a, b) => a - b)) }),
    t.neverLine({ offsets: list(never) }),
    t.committedEnd({ committed: String(end ?? t.none()) }),
  ]);
}

lab.say('', t.closing({ at: S.failAt, n: S.records }));
