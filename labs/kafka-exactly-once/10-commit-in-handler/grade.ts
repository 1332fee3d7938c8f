import { parseGroupOffsets } from '@kafka-labs/dumplog';
import { Checks, GradeError, is, nameOf, readRunFile, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { formatWorkerEvent, parseWorkerLog, WorkerError, type WorkerEvent } from '@kafka-labs/kafka-client/worker-log';
import type { SinkMark, SinkView, SinkWorker } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded (the run script's setup). */
const RECORDED = is.object({ records: is.integer, failAt: is.integer, variants: is.array(is.literal('commit', 'stop')) });

/** Reads and strictly parses a worker's log (packages/worker's grammar); a missing or malformed log is a GradeError naming it. */
async function readWorkerLog(runDir: string, worker: string): Promise<WorkerEvent[]> {
  const file = `${worker}.log`;
  let events: WorkerEvent[];
  try {
    events = parseWorkerLog(await readRunFile(runDir, file));
  } catch (error) {
    if (error instanceof WorkerError) throw new GradeError(`${file}: ${error.message}`);
    throw error;
  }
  const stranger = events.find((e) => e.worker !== worker);
  if (stranger) throw new GradeError(`${file} holds a line of worker ${stranger.worker}: ${formatWorkerEvent(stranger)}`);
  return events;
}

const offsetsOf = (events: WorkerEvent[], kind: 'processed' | 'failed' | 'skipped') => events.flatMap((e) => (e.kind === kind && e.partition === 0 ? [e.offset] : []));
const commitsOf = (events: WorkerEvent[]) => events.flatMap((e) => (e.kind === 'commit' ? [e.offsets.find((o) => o.partition === 0)?.offset ?? -1] : []));

/** A worker's log as a row of the sink picture: processed, or failed (its processing threw) per record. */
function row(name: string, group: string, events: WorkerEvent[], records: number, startedAt: number | undefined): SinkWorker {
  const marks: (SinkMark | null)[] = Array.from({ length: records }, () => null);
  for (const o of offsetsOf(events, 'failed')) if (o < records) marks[o] = 'failed';
  for (const o of offsetsOf(events, 'processed')) if (o < records) marks[o] = 'processed';
  return { name, group, marks, killed: false, ...(startedAt === undefined ? {} : { startedAt }) };
}

/**
 * Both variants (packages/worker, librdkafka, commitSync after each record): processing offset failAt throws. commit:
 * the handler commits past it and goes on, the group's offset leaves it behind, and the next member (same group) never
 * reads it: lost. stop: the worker stops with the group's offset at the failed record, and the next member reads
 * it again and processes it. That a group resumes at its committed offset is the consumer's contract in every client.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const list = (offsets: number[]) => (offsets.length ? offsets.join(', ') : t.none());
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const F = S.failAt;
  const all = Array.from({ length: S.records }, (_, i) => i);

  for (const v of S.variants) {
    const topic = nameOf(names, `records-${v}`);
    const group = nameOf(names, v);
    const [first, second] = [await readWorkerLog(runDir, `${v}-1`), await readWorkerLog(runDir, `${v}-2`)];
    const committedIn = async (file: string) => parseGroupOffsets(await readRunFile(runDir, file, { allowEmpty: true }), group, topic).get(0)?.committed ?? null;
    const after = await committedIn(`offsets-${v}-after-1.txt`);
    const end = await committedIn(`offsets-${v}-end.txt`);
    const failedAt = first.findIndex((e) => e.kind === 'failed');
    const before = offsetsOf(first.slice(0, failedAt === -1 ? first.length : failedAt), 'processed');
    const processed = [...offsetsOf(first, 'processed'), ...offsetsOf(second, 'processed')];
    const never = all.filter((o) => !processed.includes(o));
    const twice = all.filter((o) => processed.filter((p) => p === o).length > 1);
    const retried = offsetsOf(second, 'processed');
    const resumedAt = after === null ? undefined : Math.min(after, S.records);

    checks.view({
      kind: 'sink',
      files: [`${v}-1.log`, `${v}-2.log`, `offsets-${v}-after-1.txt`],
      name: v,
      events: all.map((o) => ({ id: `m-${o}`, partition: 0, offset: o })),
      workers: [row(`${v}-1`, group, first, S.records, undefined), row(`${v}-2`, group, second, S.records, resumedAt)],
      committedAtKill: after,
      committedWhen: 'stop',
    } satisfies SinkView);

    checks.law({
      id: 'fails-at-record',
      scope: v,
      ok: before.join() === all.slice(0, F).join() && offsetsOf(first, 'failed').join() === String(F),
      expected: t.failsAtExpected({ v, at: F }),
      found: t.failsAtFound({ before: list(before), failed: list(offsetsOf(first, 'failed')) }),
      evidence: first.filter((e) => ['processed', 'failed', 'commit', 'skipped', 'stopping'].includes(e.kind)).slice(0, 2 * F + 4).map(formatWorkerEvent),
    });
    if (v === 'commit') {
      const rest = first.slice(failedAt + 1);
      const commitAfter = commitsOf(rest)[0];
      checks.law({
        id: 'handler-commits-past-failure',
        ok: failedAt !== -1 && commitAfter === F + 1 && offsetsOf(rest, 'skipped').join() === String(F) && offsetsOf(rest, 'processed').join() === all.slice(F + 1).join(),
        expected: t.handlerCommitsExpected({ at: F }),
        found: t.handlerCommitsFound({ commit: commitAfter === undefined ? t.none() : `p0=${commitAfter}`, after: list(offsetsOf(rest, 'processed')) }),
        evidence: rest.filter((e) => ['commit', 'skipped', 'processed'].includes(e.kind)).slice(0, 3).map(formatWorkerEvent),
      });
      checks.law({
        id: 'consumer-committed-past-failure',
        ok: after !== null && after > F,
        expected: t.pastExpected({ n: S.records }),
        found: t.committedFound({ committed: String(after ?? t.none()) }),
      });
    } else {
      const stopping = first.find((e) => e.kind === 'stopping');
      const commits = commitsOf(first);
      checks.law({
        id: 'handler-stops-without-commit',
        ok: stopping?.kind === 'stopping' && stopping.reason === `failed p0 offset ${F}` && commits.every((c) => c <= F) && offsetsOf(first, 'processed').every((o) => o < F),
        expected: t.handlerStopsExpected({ at: F }),
        found: t.handlerStopsFound({ stopping: stopping?.kind === 'stopping' ? stopping.reason : t.none(), last: commits.length ? `p0=${commits.at(-1)}` : t.none() }),
      });
      checks.law({
        id: 'consumer-committed-at-failure',
        ok: after === F,
        expected: t.atFailureExpected({ at: F }),
        found: t.committedFound({ committed: String(after ?? t.none()) }),
      });
    }
    checks.law({
      id: 'consumer-resumes-at-committed',
      scope: v,
      ok: after !== null && (retried.length ? retried[0] === after : after === S.records),
      expected: t.resumesExpected({ v }),
      found: t.resumesFound({ committed: String(after ?? t.none()), first: retried.length ? String(retried[0]) : t.none() }),
    });
    const counts = t.countsFound({ never: list(never), twice: list(twice), retried: list(retried) });
    if (v === 'commit') {
      checks.law({
        id: 'record-lost',
        ok: never.join() === String(F) && twice.length === 0,
        expected: t.lostExpected({ at: F }),
        found: counts,
        hint: t.lostHint(),
      });
    } else {
      checks.law({
        id: 'record-retried',
        ok: retried[0] === F && never.length === 0 && twice.length === 0,
        expected: t.retriedExpected({ at: F }),
        found: counts,
      });
    }
    checks.law({
      id: 'committed-at-end',
      scope: v,
      ok: end === S.records,
      expected: t.endExpected({ v, n: S.records }),
      found: t.committedFound({ committed: String(end ?? t.none()) }),
    });
    checks.figure(`${v}Never`, never.length);
    checks.figure(`${v}Retried`, retried.includes(F) ? 1 : 0);
  }
  return checks.grade();
}
