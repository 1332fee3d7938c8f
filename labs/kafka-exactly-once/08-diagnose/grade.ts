import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDump, sinkFigures, sinkState } from '@kafka-labs/database/dump';
import { parseConsoleRecords } from '@kafka-labs/dumplog';
import { attempt, Checks, EnvironmentError, GradeError, is, readRunFile, readRunInfo, StepChecks, type ExerciseSteps, type GradeOptions } from '@kafka-labs/grader';
import { textsIn } from '@kafka-labs/i18n';
import { eventIdOf, eventsOf } from '@kafka-labs/kafka-exactly-once/evidence';
import { diagnoseIncident } from '@kafka-labs/kafka-exactly-once/setups';
import { readTxnLog, type TxnEvent } from '@kafka-labs/kafka-client/txn-log';
import type { StepsView } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

/** The exercise's steps, in the order of the article's diagnosis flow. */
const STEPS = [1, 2, 3, 4] as const;
type Step = (typeof STEPS)[number];

const REPORT = 'diagnosis.txt';
const REPORT_KEYS = ['input_copies', 'reread_offsets', 'sink_repeats', 'cause'] as const;
type ReportKey = (typeof REPORT_KEYS)[number];
/** The pipeline group's members; a replay job's log (replay-*.log) is another group's. */
const PIPELINE_LOGS = ['pipeline-1', 'pipeline-2'];

const MANIFEST = JSON.parse(readFileSync(new URL('./manifest.json', import.meta.url), 'utf8')) as ExerciseSteps;

/** A list answer: comma-separated items sorted, `none` for the empty list; undefined when the key is missing. */
const listOf = (value: string | undefined) => (value === undefined ? undefined : value.trim() === 'none' ? [] : value.split(',').map((v) => v.trim()));
const norm = (items: (string | number)[]) => [...new Set(items.map(String))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
const repeated = (items: (string | number)[]) => {
  const seen = new Map<string, number>();
  for (const item of items.map(String)) seen.set(item, (seen.get(item) ?? 0) + 1);
  return norm([...seen].filter(([, n]) => n > 1).map(([item]) => item));
};

/**
 * Grades the learner's work folder (the incident's run folder) step by step: each answer of diagnosis.txt against the
 * evidence in the folder (the input read, the pipeline's logs, the database dump) and the cause against the one the
 * run's seed planted. A message quotes the learner's answer, never the expected one (the incident is graded before the
 * report exists). With `step`, returns only that step's checks.
 */
export default async function grade(runDir: string, options: Pick<GradeOptions, 'step' | 'lang'> = {}) {
  const t = textsIn(MESSAGES, options.lang ?? 'en');
  const checks = new Checks(options.lang);
  const stepChecks = new StepChecks(checks, MANIFEST);
  const hintReport = t.hintReport({ file: REPORT, keys: REPORT_KEYS.map((k) => `${k}=`).join(' ') });
  const { seed } = (await readRunInfo(runDir, is.object({ seed: is.integer }))).parameters;
  // Without the incident's logs there is nothing to diagnose: the set-up did not happen, which is not a wrong answer.
  const incident = PIPELINE_LOGS.filter((name) => existsSync(join(runDir, `${name}.log`)));
  if (incident.length === 0) throw new EnvironmentError(t.noIncident({ dir: runDir }));
  const planted = diagnoseIncident(seed);
  /** Each step's own evidence for the picture, shown once the learner answered the step (it would give the answer away). */
  const evidence: Record<Step, string[]> = { 1: [], 2: [], 3: [], 4: [] };
  const law = (step: Step, l: { id: string; ok: boolean; expected: string; found: string; hint: string }, last = true) =>
    stepChecks.law(step, { ...l, ...(last && evidence[step].length ? { evidence: evidence[step] } : {}) });

  const logs = await Promise.all(incident.map(async (name) => ({ name, events: await readTxnLog(runDir, name) })));
  const consumed = logs.flatMap((l) => eventsOf(l.events, 'consumed'));
  const inputEnd = Math.max(...consumed.map((e) => e.offset)) + 1;
  const report = await attempt(async () => parseReport(await readRunFile(runDir, REPORT)));
  const answer = (key: ReportKey) => (report.ok ? report.value.get(key) : undefined);
  const answered = (key: ReportKey) =>
    report.ok ? (report.value.has(key) ? `${key}=${report.value.get(key)}` : t.noKey({ key, file: REPORT })) : report.problem;
  const steps = STEPS.filter((s) => options.step === undefined || s === options.step);

  for (const step of steps) {
    if (step === 1) {
      const read = await attempt(async () => parseConsoleRecords(await readRunFile(runDir, 'input.txt')));
      const offsets = read.ok ? read.value.map((r) => r.offset) : [];
      const complete = read.ok && offsets.length === inputEnd && offsets.every((o, i) => o === i);
      const ok = law(1, {
        id: 'input-read',
        ok: complete,
        expected: t.inputReadExpected({ end: inputEnd }),
        found: read.ok ? t.inputReadFound({ n: offsets.length, first: String(offsets[0]), last: String(offsets.at(-1)) }) : read.problem,
        hint: t.hintRead(),
      }, false);
      const copies = ok && read.ok ? repeated(read.value.map((r) => eventIdOf(r.value))) : [];
      if (read.ok) evidence[1].push(`input.txt: ${t.inputReadFound({ n: offsets.length, first: String(offsets[0]), last: String(offsets.at(-1)) })}`);
      if (read.ok && answer('input_copies') !== undefined) {
        for (const id of copies) evidence[1].push(`${id}: offsets ${read.value.filter((r) => eventIdOf(r.value) === id).map((r) => r.offset).join(', ')}`);
      }
      law(1, {
        id: 'input-copies',
        ok: ok && sameList(answer('input_copies'), copies),
        expected: t.inputCopiesExpected(),
        found: answered('input_copies'),
        hint: report.ok ? t.hintInput() : hintReport,
      });
    }
    if (step === 2) {
      const twice = repeated(consumed.map((e) => e.offset));
      if (answer('reread_offsets') !== undefined) {
        evidence[2].push(...logs.flatMap((l) => rebalanceLines(l.name, l.events)));
        for (const l of logs) evidence[2].push(`${l.name}: consumed ${norm(eventsOf(l.events, 'consumed').map((e) => e.offset)).join(',') || '-'}`);
      }
      law(2, {
        id: 'reread-offsets',
        ok: sameList(answer('reread_offsets'), twice),
        expected: t.rereadExpected(),
        found: answered('reread_offsets'),
        hint: report.ok ? t.hintReread() : hintReport,
      });
    }
    if (step === 3) {
      const dump = await attempt(async () => sinkFigures(sinkState(parseDump(await readRunFile(runDir, 'database.jsonl'), 'database.jsonl'))));
      const repeats = dump.ok ? norm(dump.value.duplicated.map((d) => d.eventId)) : [];
      if (dump.ok) evidence[3].push(`database.jsonl: ${dump.value.eventRows} order_events rows, ${dump.value.distinctEvents} event_ids`);
      if (dump.ok && answer('sink_repeats') !== undefined) evidence[3].push(...dump.value.duplicated.map((d) => `${d.eventId}: ${d.rows} rows (seq ${d.seqs.join(', ')})`));
      law(3, {
        id: 'sink-repeats',
        ok: dump.ok && sameList(answer('sink_repeats'), repeats),
        expected: t.sinkExpected(),
        found: dump.ok ? answered('sink_repeats') : dump.problem,
        hint: report.ok ? t.hintSink() : hintReport,
      });
      if (dump.ok && report.ok) checks.figure('sinkRepeats', repeats.length);
    }
    if (step === 4) {
      if (report.ok) evidence[4].push(REPORT_KEYS.map((key) => `${key}=${answer(key) ?? '?'}`).join(' -> '));
      law(4, {
        id: 'cause',
        ok: answer('cause') === planted.cause,
        expected: t.causeExpected(),
        found: answered('cause'),
        hint: report.ok ? t.hintCause() : hintReport,
      });
    }
  }
  checks.view({
    kind: 'steps',
    files: ['input.txt', ...logs.map((l) => `${l.name}.log`), 'database.jsonl', REPORT],
    steps: stepChecks.steps(),
  } satisfies StepsView);
  return checks.grade();
}

function sameList(answer: string | undefined, expected: string[]): boolean {
  const items = listOf(answer);
  return items !== undefined && norm(items).join() === expected.join() && items.length === expected.length;
}

/** The report's `key=value` lines; a line of another shape or an unknown or repeated key is a GradeError naming it. */
function parseReport(textOf: string): Map<ReportKey, string> {
  const values = new Map<ReportKey, string>();
  textOf.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const match = /^([a-z_]+)=(.*)$/.exec(line.trim());
    const key = match?.[1] as ReportKey | undefined;
    if (!match || !key || !REPORT_KEYS.includes(key)) throw new GradeError(`${REPORT} line ${i + 1} is not one of ${REPORT_KEYS.map((k) => `${k}=`).join(' ')}: ${line.slice(0, 80)}`);
    if (values.has(key)) throw new GradeError(`${REPORT} line ${i + 1} repeats ${key}=`);
    values.set(key, match[2]!.trim());
  });
  return values;
}

const rebalanceLines = (name: string, events: TxnEvent[]) =>
  events.filter((e) => e.kind === 'assigned' || e.kind === 'revoked' || e.kind === 'lost').map((e) => `${name}: ${e.time} ${e.kind}`);
