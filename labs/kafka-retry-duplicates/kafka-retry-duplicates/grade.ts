import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { BOOTSTRAP } from '@kafka-labs/broker';
import { compactView, dataBatches, parseLog4jLine, readDump, type DumpBatch, type DumpLog } from '@kafka-labs/dumplog';
import { ANY_PARAMETERS, Checks, excerpt, GradeError, readRunFile, readRunInfo, type Grade, type GradeOptions, type Law } from '@kafka-labs/grader';
import { controlClient, describeFaults, type Faults } from '@kafka-labs/proxy';
import { Kafka, logLevel } from 'kafkajs';

/** The exercise's steps by number, with the title a failure names. */
const STEPS = {
  1: 'two records with the default producer',
  2: 'the default producer is idempotent',
  3: 'without idempotence there is no producer id',
  4: 'retries make a second arrival',
  5: 'the idempotent producer keeps one copy',
  6: 'separate sessions are not deduplicated',
  7: 'the record counts of the three topics',
} as const;
type Step = keyof typeof STEPS;

/** What a failed check tells the learner to do; the two common mistakes of the exercise have their own. */
const HINTS = {
  topic: 'create it with one partition: pnpm -s kafka kafka-topics --bootstrap-server $BOOTSTRAP --create --topic payments --partitions 1 --replication-factor 1',
  dump: 'save the whole output of: pnpm -s kafka kafka-dump-log --files $DATA/<topic>-0/00000000000000000000.log --print-data-log',
  defaults: 'produce pay-1 and pay-2 with no --command-property at all: the defaults are what this step looks at',
  noIdempotence: 'produce pay-3 with --command-property enable.idempotence=false, then dump payments-0 again',
  bigLine: 'make it with: head -c 5000 /dev/zero | tr "\\0" x > $WORK/big.txt; echo >> $WORK/big.txt',
  slowOn:
    'turn the slow path on first (pnpm kafka-lab-slow on), produce through $BOOTSTRAP with request.timeout.ms=300 ' +
    'delivery.timeout.ms=2000 retries=2 max.block.ms=10000, and redirect the producer\'s stderr (2>) into the log',
  noneArrived:
    'nothing was stored: the producer gave up before any request reached the broker; the first ERROR line of ' +
    'its log says why (a wrong --bootstrap-server, a ConfigException, a topic that does not exist)',
  failedEarly:
    'the producer failed before it could retry: fix what the exception says (a wrong --bootstrap-server, a ' +
    '--command-property typo, a topic that does not exist), then produce again',
  keepOff: 'step 4 produces with --command-property enable.idempotence=false: with the default the broker drops the retries',
  keepOn: 'step 5 produces with --command-property enable.idempotence=true',
  keepDefault: 'step 6 keeps idempotence on: produce both times with no enable.idempotence setting',
  slowLeftOn: 'common mistake 1: the slow path is still on; run pnpm kafka-lab-slow off once the slow steps are done',
  twoRuns:
    'common mistake 2: run the producer twice with one line each; two lines in one run share one session ' +
    '(one producerId, consecutive sequences), so nothing shows what a second session does',
  report:
    'write exactly five lines: dup_copies=, idem_copies=, two_sessions_copies= (the last number kafka-get-offsets ' +
    'prints for each topic), acks_default=all, idempotence_default=true',
  defaultsReport: 'the console producer\'s defaults: acks=all and enable.idempotence=true, as step 2\'s dump shows',
  broker: 'start the broker (pnpm broker up) and grade again',
} as const;

/** The article's topic names; a solution run records its per-run names in run.json `names` under these keys. */
const TOPICS = ['payments', 'payments-dup', 'payments-idem', 'payments-app'] as const;
type TopicKey = (typeof TOPICS)[number];

const REPORT_KEYS = ['dup_copies', 'idem_copies', 'two_sessions_copies', 'acks_default', 'idempotence_default'] as const;
/** The report's counts and the topic whose end offset each must equal. */
const REPORT_COUNTS = { dup_copies: 'payments-dup', idem_copies: 'payments-idem', two_sessions_copies: 'payments-app' } as const;

/** The message of the console producer's log4j WARN that it retries a produce request, and the topic-partition it names. */
const RETRY_MESSAGE = /^\[Producer clientId=[^\]]+\] Got error produce response with correlation id \d+ on topic-partition (\S+), retrying \(\d+ attempts? left\)/;
const BROKER_TIMEOUT_MS = 10_000;
const CONTROL_TIMEOUT_MS = 2_000;

type Read<T> = { ok: true; value: T } | { ok: false; problem: string };
interface TopicState {
  partitions: number;
  /** The sum of the partitions' end offsets: the number of records kafka-get-offsets reports. */
  endOffset: number;
}

/**
 * Grades the learner's work folder (or a solution run folder) step by step from its files and, live (manifest
 * `live`), from what the broker holds and the proxy's faults, which the result records under `live`; reads the
 * files as text and never runs them. With `step`, returns only that step's checks.
 */
export default async function grade(workDir: string, options: GradeOptions = {}): Promise<Grade> {
  const checks = new Checks();
  const names = await topicNames(workDir);
  const steps = (Object.keys(STEPS).map(Number) as Step[]).filter((s) => options.step === undefined || s === options.step);
  const ctx = new Context(workDir, names, checks);
  for (const step of steps) await STEP_CHECKS[step](ctx);
  return checks.grade();
}

/** The topic names the folder refers to: the article's, or a solution run's per-run names from run.json. */
async function topicNames(workDir: string): Promise<Record<TopicKey, string>> {
  const recorded = existsSync(join(workDir, 'run.json')) ? (await readRunInfo(workDir, ANY_PARAMETERS)).names : {};
  return Object.fromEntries(TOPICS.map((key) => [key, recorded[key] ?? key])) as Record<TopicKey, string>;
}

class Context {
  private brokerRead: Promise<Read<Map<string, TopicState>>> | null = null;

  constructor(
    readonly workDir: string,
    readonly topic: Record<TopicKey, string>,
    private readonly checks: Checks,
  ) {}

  /** Records one law of a step (check id `step-<step>-<id>`), its expectation headed by the step and its title. */
  law(step: Step, law: Omit<Law, 'scope'>): boolean {
    return this.checks.law({ ...law, scope: `step-${step}`, expected: `step ${step} (${STEPS[step]}): ${law.expected}` });
  }

  /** Records what the grader read outside the folder (result.json `live`). */
  live(name: string, value: number | string | boolean) {
    this.checks.live(name, value);
  }

  figure(name: string, value: number) {
    this.checks.figure(name, value);
  }

  async file(name: string): Promise<Read<string>> {
    try {
      return { ok: true, value: await readRunFile(this.workDir, name) };
    } catch (err) {
      if (err instanceof GradeError) return { ok: false, problem: err.message };
      throw err;
    }
  }

  /** kafka-dump-log output of partition 0 of `topic` with record payloads, else why the file is not that. */
  async dump(name: string, topic: string): Promise<Read<DumpLog>> {
    let dump: DumpLog;
    try {
      dump = await readDump(this.workDir, name);
    } catch (err) {
      if (err instanceof GradeError) return { ok: false, problem: err.message };
      throw err;
    }
    const partition = basename(dirname(dump.file!));
    if (partition !== `${topic}-0`) return { ok: false, problem: `${name} is a dump of ${partition}, not of ${topic}-0` };
    if (!dump.batches.some((b) => b.records.some((r) => r.payload !== undefined))) {
      return { ok: false, problem: `${name} shows no record payloads (dump with --print-data-log)` };
    }
    return { ok: true, value: dump };
  }

  /** Partitions and end offsets of the exercise's topics, read once per grading with one admin connection. */
  broker(): Promise<Read<Map<string, TopicState>>> {
    this.brokerRead ??= readTopics(Object.values(this.topic)).then(
      (value) => {
        for (const [topic, state] of value) {
          this.live(`${topic}.partitions`, state.partitions);
          this.live(`${topic}.endOffset`, state.endOffset);
        }
        return { ok: true as const, value };
      },
      (err: unknown) => ({ ok: false as const, problem: `the broker at ${BOOTSTRAP.tools} could not be read (${err instanceof Error ? err.message : err})` }),
    );
    return this.brokerRead;
  }
}

async function readTopics(topics: string[]): Promise<Map<string, TopicState>> {
  const kafka = new Kafka({
    clientId: 'kafka-retry-duplicates-grader',
    brokers: [BOOTSTRAP.tools],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 3000,
    requestTimeout: 5000,
    retry: { retries: 1 },
  });
  const admin = kafka.admin();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${BROKER_TIMEOUT_MS / 1000}s`)), BROKER_TIMEOUT_MS);
  });
  const read = async () => {
    await admin.connect();
    const existing = new Set(await admin.listTopics());
    const state = new Map<string, TopicState>();
    for (const topic of topics.filter((t) => existing.has(t))) {
      const partitions = await admin.fetchTopicOffsets(topic);
      state.set(topic, { partitions: partitions.length, endOffset: partitions.reduce((sum, p) => sum + Number(p.high), 0) });
    }
    return state;
  };
  try {
    return await Promise.race([read(), timeout]);
  } finally {
    clearTimeout(timer);
    await admin.disconnect().catch(() => {});
  }
}

/** The faults of the proxy on the learner's path, or null when no proxy answers (then nothing is slow). */
async function proxyFaults(): Promise<Faults | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), CONTROL_TIMEOUT_MS)));
  try {
    return await Promise.race([controlClient().faults().catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
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
    expected: `${file} showing the producer retrying ${topic}-0 ("retrying (N attempts left)")`,
    found: !log.ok
      ? log.problem
      : retried
        ? `${file} shows ${plural(seen!.own.length, 'retry', 'retries')} of ${topic}-0`
        : seen!.other.length
          ? `${file} retries another partition, not ${topic}-0`
          : cause
            ? `no retry in ${file}, which logs ${excerpt(cause, 120)}`
            : `no retry in ${file}`,
    hint: cause ? HINTS.failedEarly : HINTS.slowOn,
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
  const broker = await ctx.broker();
  if (!broker.ok) return (ctx.law(step, { id, ok: false, expected, found: broker.problem, hint: HINTS.broker }), null);
  const state = broker.value.get(topic);
  if (!state) return (ctx.law(step, { id, ok: false, expected, found: `no topic ${topic} on the broker`, hint: HINTS.topic }), null);
  ctx.law(step, {
    id,
    ok: law(state.endOffset),
    expected,
    found: `${topic} holds ${plural(state.endOffset, 'record')}`,
    hint: hint(state.endOffset),
  });
  return state.endOffset;
}

const STEP_CHECKS: Record<Step, (ctx: Context) => Promise<void>> = {
  async 1(ctx) {
    const expected = `topic ${ctx.topic.payments} with 1 partition holding at least 2 records`;
    const broker = await ctx.broker();
    if (!broker.ok) return void ctx.law(1, { id: 'topic', ok: false, expected, found: broker.problem, hint: HINTS.broker });
    const state = broker.value.get(ctx.topic.payments);
    const found = state
      ? `${ctx.topic.payments} has ${plural(state.partitions, 'partition')} and ${plural(state.endOffset, 'record')}`
      : `no topic ${ctx.topic.payments} on the broker`;
    ctx.law(1, {
      id: 'topic',
      ok: state?.partitions === 1 && state.endOffset >= 2,
      expected,
      found,
      hint: state ? HINTS.defaults : HINTS.topic,
    });
  },

  async 2(ctx) {
    const expected = 'the batch holding pay-1 and pay-2 with a producerId other than -1, baseSequence 0 and no transaction';
    const dump = await ctx.dump('dump-default.txt', ctx.topic.payments);
    if (!dump.ok) return void ctx.law(2, { id: 'default-batch', ok: false, expected, found: dump.problem, hint: HINTS.dump });
    const [first] = batchesWith(dump.value, 'pay-1');
    const second = batchesWith(dump.value, 'pay-2')[0];
    if (!first || !second) {
      const missing = [first ? null : 'pay-1', second ? null : 'pay-2'].filter(Boolean).join(' and ');
      return void ctx.law(2, {
        id: 'default-batch',
        ok: false,
        expected,
        found: `no record ${missing} in dump-default.txt`,
        hint: HINTS.defaults,
        evidence: compactView(dump.value.batches),
      });
    }
    // The default console producer never writes a transaction: a transactional batch came from another producer.
    const transactional = first.isTransactional || second.isTransactional;
    const ok = first.producerId !== -1 && first.baseSequence === 0 && second.producerId === first.producerId && !transactional;
    const found =
      `pay-1 is in a batch with producerId ${first.producerId} and baseSequence ${first.baseSequence}` +
      (second === first ? ', with pay-2' : `, pay-2 in one with producerId ${second.producerId}`) +
      (transactional ? ', written in a transaction (isTransactional: true), which the default producer never opens' : '');
    ctx.law(2, { id: 'default-batch', ok, expected, found, hint: HINTS.defaults, evidence: compactView([...new Set([first, second])]) });
    if (ok) ctx.figure('default_producer_id', first.producerId);
  },

  async 3(ctx) {
    const expected = 'a new batch holding pay-3 with producerId -1 (no producer id without idempotence)';
    const dump = await ctx.dump('dump-noidem.txt', ctx.topic.payments);
    if (!dump.ok) return void ctx.law(3, { id: 'plain-batch', ok: false, expected, found: dump.problem, hint: HINTS.dump });
    const batches = batchesWith(dump.value, 'pay-3');
    if (batches.length === 0) {
      return void ctx.law(3, {
        id: 'plain-batch',
        ok: false,
        expected,
        found: 'no record pay-3 in dump-noidem.txt',
        hint: HINTS.noIdempotence,
        evidence: compactView(dump.value.batches),
      });
    }
    const plain = batches.find((b) => b.producerId === -1);
    const found = plain
      ? `pay-3 is in a batch with producerId -1 and baseSequence ${plain.baseSequence}`
      : `pay-3 is in a batch with producerId ${batches.at(-1)!.producerId}`;
    ctx.law(3, { id: 'plain-batch', ok: plain !== undefined, expected, found, hint: HINTS.noIdempotence, evidence: compactView(batches) });
  },

  async 4(ctx) {
    const big = await ctx.file('big.txt');
    const lines = big.ok ? big.value.replace(/\r?\n$/, '').split(/\r?\n/) : [];
    const bigFound = !big.ok
      ? big.problem
      : lines.length !== 1
        ? `big.txt has ${lines.length} lines`
        : `big.txt is one line of ${lines[0]!.length} characters`;
    ctx.law(4, {
      id: 'big-line',
      ok: big.ok && lines.length === 1 && lines[0]!.length === 5000,
      expected: 'big.txt holding one line of 5,000 characters',
      found: bigFound,
      hint: HINTS.bigLine,
    });

    const topic = ctx.topic['payments-dup'];
    const retried = await retriesLaw(ctx, 4, 'dup-producer.log', topic);

    const copies = await countLaw(ctx, 4, 'copies', 'payments-dup', `${topic} holding 2 or more copies of the line`, (n) => n >= 2, (n) =>
      n === 0 ? HINTS.noneArrived : retried ? HINTS.keepOff : HINTS.slowOn,
    );
    if (copies !== null) ctx.figure('dup_copies', copies);

    const faults = await proxyFaults();
    const slowOn = faults?.delayMinBytes !== undefined;
    ctx.live('slowPath', faults === null ? 'no proxy answered' : slowOn ? describeFaults(faults) : 'off');
    ctx.law(4, {
      id: 'slow-off',
      ok: !slowOn,
      expected: 'the slow path turned off again (pnpm kafka-lab-slow off)',
      found: slowOn ? `the slow path is still on (${describeFaults(faults!)})` : 'the slow path is off',
      hint: HINTS.slowLeftOn,
    });
  },

  async 5(ctx) {
    const topic = ctx.topic['payments-idem'];
    await retriesLaw(ctx, 5, 'idem-producer.log', topic);
    const copies = await countLaw(ctx, 5, 'one-copy', 'payments-idem', `${topic} holding exactly 1 copy of the line`, (n) => n === 1, (n) =>
      n === 0 ? HINTS.noneArrived : HINTS.keepOn,
    );
    if (copies !== null) ctx.figure('idem_copies', copies);
  },

  async 6(ctx) {
    const expected = 'two batches, each holding one pay-77, with two different producerIds (neither -1)';
    const dump = await ctx.dump('two-sessions.txt', ctx.topic['payments-app']);
    if (!dump.ok) return void ctx.law(6, { id: 'two-sessions', ok: false, expected, found: dump.problem, hint: HINTS.dump });
    const batches = batchesWith(dump.value, 'pay-77');
    const ids = new Set(batches.map((b) => b.producerId));
    const copies = copiesOf(batches, 'pay-77');
    const ok = batches.length === 2 && copies === 2 && ids.size === 2 && !ids.has(-1);
    const found =
      batches.length === 0
        ? 'no record pay-77 in two-sessions.txt'
        : `${plural(copies, 'copy', 'copies')} of pay-77 in ${plural(batches.length, 'batch', 'batches')} from producerId ${[...ids].join(', ')}`;
    const hint = ids.has(-1) ? HINTS.keepDefault : HINTS.twoRuns;
    ctx.law(6, { id: 'two-sessions', ok, expected, found, hint, evidence: compactView(batches.length ? batches : dump.value.batches) });
  },

  async 7(ctx) {
    const text = await ctx.file('producer-report.txt');
    if (!text.ok) return void ctx.law(7, {
      id: 'report',
      ok: false,
      expected: 'producer-report.txt with five key=value lines',
      found: text.problem,
      hint: HINTS.report,
    });
    const report = new Map<string, string>();
    const problems: string[] = [];
    for (const line of text.value.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)) {
      const match = /^([a-z_]+)\s*=\s*(\S+)$/.exec(line);
      if (!match || !(REPORT_KEYS as readonly string[]).includes(match[1]!)) problems.push(`unexpected line "${line.slice(0, 60)}"`);
      else if (report.has(match[1]!)) problems.push(`${match[1]} given twice`);
      else report.set(match[1]!, match[2]!);
    }
    const missing = REPORT_KEYS.filter((k) => !report.has(k));
    if (missing.length) problems.push(`missing ${missing.join(', ')}`);
    ctx.law(7, {
      id: 'report',
      ok: problems.length === 0,
      expected: 'exactly the five lines of the report',
      found: problems.join('; ') || 'the five lines are there',
      hint: HINTS.report,
    });

    const acks = report.get('acks_default');
    const idempotence = report.get('idempotence_default');
    if (acks !== undefined && idempotence !== undefined) {
      ctx.law(7, {
        id: 'defaults',
        ok: (acks === 'all' || acks === '-1') && idempotence === 'true',
        expected: 'acks_default=all and idempotence_default=true',
        found: `acks_default=${acks}, idempotence_default=${idempotence}`,
        hint: HINTS.defaultsReport,
      });
    }

    const given = Object.entries(REPORT_COUNTS).filter(([key]) => report.has(key));
    if (given.length === 0) return;
    const broker = await ctx.broker();
    const expected = 'each count equal to the end offset of its topic on the broker';
    if (!broker.ok) return void ctx.law(7, { id: 'counts', ok: false, expected, found: broker.problem, hint: HINTS.broker });
    const compared = given.map(([key, topicKey]) => {
      const topic = ctx.topic[topicKey];
      const held = broker.value.get(topic)?.endOffset;
      const value = report.get(key)!;
      return { ok: held !== undefined && value === String(held), text: `${key}=${value} (${topic} ${held === undefined ? 'does not exist' : `holds ${held}`})` };
    });
    const wrong = compared.filter((c) => !c.ok);
    ctx.law(7, {
      id: 'counts',
      ok: wrong.length === 0,
      expected,
      found: (wrong.length ? wrong : compared).map((c) => c.text).join(', '),
      hint: HINTS.report,
    });
  },
};
