import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { compactView, dataBatches, parseLog4jLine, readDump, type DumpBatch, type DumpLog } from '@kafka-labs/dumplog';
import {
  attempt,
  Checks,
  EnvironmentError,
  excerpt,
  exerciseNames,
  readRunFile,
  StepChecks,
  type ExerciseSteps,
  type Grade,
  type GradeOptions,
  type Law,
  type Read,
} from '@kafka-labs/grader';
import { textsIn, type TextsOf } from '@kafka-labs/i18n';
import { describeFaults, type Faults } from '@kafka-labs/proxy';
import type { StepsView } from '@kafka-labs/report/views';
import { live, type TopicState } from './live.ts';
import { MESSAGES } from './messages.ts';

const MANIFEST = JSON.parse(readFileSync(new URL('./manifest.json', import.meta.url), 'utf8')) as ExerciseSteps;
/** The exercise's steps by number; their titles are the manifest's. */
const STEPS = [1, 2, 3, 4, 5, 6, 7] as const;
type Step = (typeof STEPS)[number];
type Texts = TextsOf<typeof MESSAGES>;

/** The article's topic names; a solution run records its per-run names in run.json `names` under these keys. */
const TOPICS = ['payments', 'payments-dup', 'payments-idem', 'payments-app'] as const;
type TopicKey = (typeof TOPICS)[number];

const REPORT_KEYS = ['dup_copies', 'idem_copies', 'two_sessions_copies', 'acks_default', 'idempotence_default'] as const;
/** The report's counts and the topic whose end offset each must equal. */
const REPORT_COUNTS = { dup_copies: 'payments-dup', idem_copies: 'payments-idem', two_sessions_copies: 'payments-app' } as const;

/** The message of the console producer's log4j WARN that it retries a produce request, and the topic-partition it names. */
const RETRY_MESSAGE = /^\[Producer clientId=[^\]]+\] Got error produce response with correlation id \d+ on topic-partition (\S+), retrying \(\d+ attempts? left\)/;

/**
 * Grades the learner's work folder (or a solution run folder) step by step from its files and, live (manifest
 * `live`), from what the broker holds and the proxy's faults, which the result records under `live`; reads the
 * files as text and never runs them. With `step`, returns only that step's checks. A broker that cannot be read is
 * an EnvironmentError (exit 2), not a failed step.
 */
export default async function grade(workDir: string, options: GradeOptions = {}): Promise<Grade> {
  const checks = new Checks(options.lang);
  const names = await exerciseNames(workDir, TOPICS);
  const steps = STEPS.filter((s) => options.step === undefined || s === options.step);
  const ctx = new Context(workDir, names, checks, new StepChecks(checks, MANIFEST), textsIn(MESSAGES, checks.lang));
  for (const step of steps) await STEP_CHECKS[step](ctx);
  checks.view({ kind: 'steps', files: [...ctx.read], steps: ctx.steps.steps() } satisfies StepsView);
  return checks.grade();
}


class Context {
  private brokerRead: Promise<Map<string, TopicState>> | null = null;
  /** The work folder's files the steps read. */
  readonly read = new Set<string>();

  constructor(
    readonly workDir: string,
    readonly topic: Record<TopicKey, string>,
    private readonly checks: Checks,
    readonly steps: StepChecks,
    /** The grader's texts in the grading's language. */
    readonly t: Texts,
  ) {}

  /** Records one law of a step (check id `step-<step>-<id>`), its expectation headed by the step and its title. */
  law(step: Step, law: Omit<Law, 'scope'>): boolean {
    return this.steps.law(step, law);
  }

  /** Records what the grader read outside the folder (result.json `live`). */
  live(name: string, value: number | string | boolean) {
    this.checks.live(name, value);
  }

  figure(name: string, value: number) {
    this.checks.figure(name, value);
  }

  file(name: string): Promise<Read<string>> {
    this.read.add(name);
    return attempt(() => readRunFile(this.workDir, name));
  }

  /** kafka-dump-log output of partition 0 of `topic` with record payloads, else why the file is not that. */
  async dump(name: string, topic: string): Promise<Read<DumpLog>> {
    this.read.add(name);
    const dump = await attempt(() => readDump(this.workDir, name));
    if (!dump.ok) return dump;
    const partition = basename(dirname(dump.value.file!));
    if (partition !== `${topic}-0`) return { ok: false, problem: this.t.notPartitionDump({ file: name, partition, topic }) };
    if (!dump.value.batches.some((b) => b.records.some((r) => r.payload !== undefined))) {
      return { ok: false, problem: this.t.noPayloads({ file: name }) };
    }
    return dump;
  }

  /**
   * Partitions and end offsets of the exercise's topics, read once per grading; a broker that cannot be read is the
   * environment's fault, not the learner's: an EnvironmentError.
   */
  broker(): Promise<Map<string, TopicState>> {
    this.brokerRead ??= live.source.topics(Object.values(this.topic)).then(
      (value) => {
        for (const [topic, state] of value) {
          this.live(`${topic}.partitions`, state.partitions);
          this.live(`${topic}.endOffset`, state.endOffset);
        }
        return value;
      },
      (err: unknown) => {
        throw new EnvironmentError(this.t.brokerUnreadable({ address: live.source.address, reason: err instanceof Error ? err.message : String(err) }));
      },
    );
    return this.brokerRead;
  }

  faults(): Promise<Faults | null> {
    return live.source.faults();
  }
}

const batchesWith = (dump: DumpLog, payload: string) => dataBatches(dump).filter((b) => b.records.some((r) => r.payload === payload));
const copiesOf = (batches: DumpBatch[], payload: string) => batches.flatMap((b) => b.records).filter((r) => r.payload === payload).length;
/** The few log lines a failed law shows. */
const EVIDENCE_LOG_LINES = 3;

/** The retries a producer log shows for partition 0 of `topic`, and the other lines worth showing when there are none. */
function retries(log: string, topic: string) {
  const lines = log.split('\n');
  // A line of the producer's own shape: one log4j WARN each (a line holding several is not one).
  const retried = lines.flatMap((text) => {
    const line = parseLog4jLine(text);
    const partition = line?.level === 'WARN' ? RETRY_MESSAGE.exec(line.message)?.[1] : undefined;
    return partition ? [{ text, partition }] : [];
  });
  return {
    own: retried.filter((r) => r.partition === `${topic}-0`).map((r) => r.text),
    other: retried.filter((r) => r.partition !== `${topic}-0`).map((r) => r.text),
    errors: lines.filter((l) => /\bERROR\b|Exception/.test(l)),
  };
}

/** The law that `file` shows the console producer retrying `topic`-0; returns whether it holds. */
async function retriesLaw(ctx: Context, step: Step, file: string, topic: string): Promise<boolean> {
  const log = await ctx.file(file);
  const seen = log.ok ? retries(log.value, topic) : null;
  const retried = (seen?.own.length ?? 0) > 0;
  // An exception other than the expected timeout (a ConfigException, an unknown topic) is the cause, not the slow path.
  const cause = retried || !seen || seen.other.length ? undefined : seen.errors.find((l) => /Exception/.test(l) && !/TimeoutException/.test(l));
  ctx.law(step, {
    id: 'retries',
    ok: retried,
    expected: ctx.t.retriesExpected({ file, partition: `${topic}-0` }),
    found: !log.ok
      ? log.problem
      : retried
        ? ctx.t.retriesSeen({ file, n: seen!.own.length, partition: `${topic}-0` })
        : seen!.other.length
          ? ctx.t.retriesOther({ file, partition: `${topic}-0` })
          : cause
            ? ctx.t.noRetryBecause({ file, cause: excerpt(cause, 120) })
            : ctx.t.noRetry({ file }),
    hint: cause ? ctx.t.hintFailedEarly() : ctx.t.hintSlowOn(),
    evidence: seen ? (seen.own.length ? seen.own : cause ? [cause] : [...seen.other, ...seen.errors]).slice(0, EVIDENCE_LOG_LINES) : undefined,
  });
  return retried;
}

async function countLaw(
  ctx: Context,
  step: Step,
  id: string,
  key: TopicKey,
  expected: string,
  law: (count: number) => boolean,
  hint: (count: number) => string,
): Promise<number | null> {
  const topic = ctx.topic[key];
  const state = (await ctx.broker()).get(topic);
  if (!state) return (ctx.law(step, { id, ok: false, expected, found: ctx.t.noTopic({ topic }), hint: ctx.t.hintTopic() }), null);
  ctx.law(step, {
    id,
    ok: law(state.endOffset),
    expected,
    found: ctx.t.holds({ topic, n: state.endOffset }),
    hint: hint(state.endOffset),
  });
  return state.endOffset;
}

const STEP_CHECKS: Record<Step, (ctx: Context) => Promise<void>> = {
  async 1(ctx) {
    const expected = ctx.t.topicExpected({ topic: ctx.topic.payments });
    const state = (await ctx.broker()).get(ctx.topic.payments);
    const found = state
      ? ctx.t.topicFound({ topic: ctx.topic.payments, partitions: state.partitions, records: state.endOffset })
      : ctx.t.noTopic({ topic: ctx.topic.payments });
    ctx.law(1, {
      id: 'topic',
      ok: state?.partitions === 1 && state.endOffset >= 2,
      expected,
      found,
      hint: !state ? ctx.t.hintTopic() : state.partitions !== 1 ? ctx.t.hintPartitions() : ctx.t.hintDefaults(),
    });
  },

  async 2(ctx) {
    const expected = ctx.t.defaultExpected();
    const dump = await ctx.dump('dump-default.txt', ctx.topic.payments);
    if (!dump.ok) return void ctx.law(2, { id: 'default-batch', ok: false, expected, found: dump.problem, hint: ctx.t.hintDump() });
    const [first] = batchesWith(dump.value, 'pay-1');
    const second = batchesWith(dump.value, 'pay-2')[0];
    if (!first || !second) {
      const missing = [first ? null : 'pay-1', second ? null : 'pay-2'].filter(Boolean).join(ctx.t.and());
      return void ctx.law(2, {
        id: 'default-batch',
        ok: false,
        expected,
        found: ctx.t.noRecord({ records: missing, file: 'dump-default.txt' }),
        hint: ctx.t.hintDefaults(),
        evidence: compactView(dump.value.batches),
      });
    }
    // The default console producer never writes a transaction: a transactional batch came from another producer.
    const transactional = first.isTransactional || second.isTransactional;
    const ok = first.producerId !== -1 && first.baseSequence === 0 && second.producerId === first.producerId && !transactional;
    const found = ctx.t.defaultFound({
      producerId: first.producerId,
      baseSequence: first.baseSequence,
      sameBatch: second === first,
      secondId: second.producerId,
      transactional,
    });
    ctx.law(2, { id: 'default-batch', ok, expected, found, hint: ctx.t.hintDefaults(), evidence: compactView([...new Set([first, second])]) });
    if (ok) ctx.figure('default_producer_id', first.producerId);
  },

  async 3(ctx) {
    const expected = ctx.t.plainExpected();
    const dump = await ctx.dump('dump-noidem.txt', ctx.topic.payments);
    if (!dump.ok) return void ctx.law(3, { id: 'plain-batch', ok: false, expected, found: dump.problem, hint: ctx.t.hintDump() });
    const batches = batchesWith(dump.value, 'pay-3');
    if (batches.length === 0) {
      return void ctx.law(3, {
        id: 'plain-batch',
        ok: false,
        expected,
        found: ctx.t.noRecord({ records: 'pay-3', file: 'dump-noidem.txt' }),
        hint: ctx.t.hintNoIdempotence(),
        evidence: compactView(dump.value.batches),
      });
    }
    const plain = batches.find((b) => b.producerId === -1);
    const found = plain ? ctx.t.plainFound(plain) : ctx.t.plainWithId(batches.at(-1)!);
    ctx.law(3, { id: 'plain-batch', ok: plain !== undefined, expected, found, hint: ctx.t.hintNoIdempotence(), evidence: compactView(batches) });
  },

  async 4(ctx) {
    const big = await ctx.file('big.txt');
    const lines = big.ok ? big.value.replace(/\r?\n$/, '').split(/\r?\n/) : [];
    const bigFound = !big.ok
      ? big.problem
      : lines.length !== 1
        ? ctx.t.bigLines({ n: lines.length })
        : ctx.t.bigLine({ n: lines[0]!.length });
    ctx.law(4, {
      id: 'big-line',
      ok: big.ok && lines.length === 1 && lines[0]!.length === 5000,
      expected: ctx.t.bigExpected(),
      found: bigFound,
      hint: ctx.t.hintBigLine(),
    });

    const topic = ctx.topic['payments-dup'];
    const retried = await retriesLaw(ctx, 4, 'dup-producer.log', topic);

    const copies = await countLaw(ctx, 4, 'copies', 'payments-dup', ctx.t.copiesExpected({ topic }), (n) => n >= 2, (n) =>
      n === 0 ? ctx.t.hintNoneArrived() : retried ? ctx.t.hintKeepOff() : ctx.t.hintSlowOn(),
    );
    if (copies !== null) ctx.figure('dup_copies', copies);

    const faults = await ctx.faults();
    const slowOn = faults?.delayMinBytes !== undefined;
    ctx.live('slowPath', faults === null ? 'no proxy answered' : slowOn ? describeFaults(faults) : 'off');
    ctx.law(4, {
      id: 'slow-off',
      ok: !slowOn,
      expected: ctx.t.slowOffExpected(),
      found: slowOn ? ctx.t.slowStillOn({ faults: describeFaults(faults!) }) : ctx.t.slowIsOff(),
      hint: ctx.t.hintSlowLeftOn(),
    });
  },

  async 5(ctx) {
    const topic = ctx.topic['payments-idem'];
    await retriesLaw(ctx, 5, 'idem-producer.log', topic);
    const copies = await countLaw(ctx, 5, 'one-copy', 'payments-idem', ctx.t.oneCopyExpected({ topic }), (n) => n === 1, (n) =>
      n === 0 ? ctx.t.hintNoneArrived() : ctx.t.hintKeepOn(),
    );
    if (copies !== null) ctx.figure('idem_copies', copies);
  },

  async 6(ctx) {
    const expected = ctx.t.sessionsExpected();
    const dump = await ctx.dump('two-sessions.txt', ctx.topic['payments-app']);
    if (!dump.ok) return void ctx.law(6, { id: 'two-sessions', ok: false, expected, found: dump.problem, hint: ctx.t.hintDump() });
    const batches = batchesWith(dump.value, 'pay-77');
    const ids = new Set(batches.map((b) => b.producerId));
    const copies = copiesOf(batches, 'pay-77');
    const ok = batches.length === 2 && copies === 2 && ids.size === 2 && !ids.has(-1);
    const found =
      batches.length === 0
        ? ctx.t.noRecord({ records: 'pay-77', file: 'two-sessions.txt' })
        : ctx.t.sessionsFound({ copies, batches: batches.length, ids: [...ids].join(', ') });
    const hint = ids.has(-1) ? ctx.t.hintKeepDefault() : ctx.t.hintTwoRuns();
    ctx.law(6, { id: 'two-sessions', ok, expected, found, hint, evidence: compactView(batches.length ? batches : dump.value.batches) });
  },

  async 7(ctx) {
    const text = await ctx.file('producer-report.txt');
    if (!text.ok) return void ctx.law(7, {
      id: 'report',
      ok: false,
      expected: ctx.t.reportFileExpected(),
      found: text.problem,
      hint: ctx.t.hintReport(),
    });
    const report = new Map<string, string>();
    const problems: string[] = [];
    for (const line of text.value.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)) {
      const match = /^([a-z_]+)\s*=\s*(\S+)$/.exec(line);
      if (!match || !(REPORT_KEYS as readonly string[]).includes(match[1]!)) problems.push(ctx.t.unexpectedLine({ line: line.slice(0, 60) }));
      else if (report.has(match[1]!)) problems.push(ctx.t.givenTwice({ key: match[1]! }));
      else report.set(match[1]!, match[2]!);
    }
    const missing = REPORT_KEYS.filter((k) => !report.has(k));
    if (missing.length) problems.push(ctx.t.missingKeys({ keys: missing.join(', ') }));
    ctx.law(7, {
      id: 'report',
      ok: problems.length === 0,
      expected: ctx.t.reportExpected(),
      found: problems.join('; ') || ctx.t.reportOk(),
      hint: ctx.t.hintReport(),
    });

    const acks = report.get('acks_default');
    const idempotence = report.get('idempotence_default');
    if (acks !== undefined && idempotence !== undefined) {
      ctx.law(7, {
        id: 'defaults',
        ok: (acks === 'all' || acks === '-1') && idempotence === 'true',
        expected: ctx.t.defaultsExpected(),
        found: `acks_default=${acks}, idempotence_default=${idempotence}`,
        hint: ctx.t.hintDefaultsReport(),
      });
    }

    const given = Object.entries(REPORT_COUNTS).filter(([key]) => report.has(key));
    if (given.length === 0) return;
    const broker = await ctx.broker();
    const expected = ctx.t.countsExpected();
    const compared = given.map(([key, topicKey]) => {
      const topic = ctx.topic[topicKey];
      const held = broker.get(topic)?.endOffset;
      const value = report.get(key)!;
      return {
        ok: held !== undefined && value === String(held),
        text: held === undefined ? ctx.t.countMissing({ key, value, topic }) : ctx.t.countHeld({ key, value, topic, held }),
      };
    });
    const wrong = compared.filter((c) => !c.ok);
    ctx.law(7, {
      id: 'counts',
      ok: wrong.length === 0,
      expected,
      found: (wrong.length ? wrong : compared).map((c) => c.text).join(', '),
      hint: ctx.t.hintReport(),
    });
  },
};
