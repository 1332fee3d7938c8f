import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConsumerOutput } from '@kafka-labs/dumplog';
import {
  attempt,
  Checks,
  EnvironmentError,
  exerciseNames,
  GradeError,
  readRunFile,
  StepChecks,
  type ExerciseSteps,
  type GradeOptions,
  type Read,
} from '@kafka-labs/grader';
import { textsIn, type TextsOf } from '@kafka-labs/i18n';
import { parseClientEvent, scanProducerLog, type ProducerLog } from '@kafka-labs/kafka-client/producer-log';
import { crc32Partition, murmur2Partition } from '@kafka-labs/kafka-producer-guarantees/partitions';
import { NOT_ENOUGH_REPLICAS } from '@kafka-labs/kafka-producer-guarantees/replicas';
import type { StepsView } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

const MANIFEST = JSON.parse(readFileSync(new URL('./manifest.json', import.meta.url), 'utf8')) as ExerciseSteps;
const STEPS = [1, 2, 3, 4, 5] as const;
type Step = (typeof STEPS)[number];
type Texts = TextsOf<typeof MESSAGES>;

/** The exercise's topics that the steps' files name; a solution run records its per-run names in run.json `names`. */
const TOPICS = ['orders', 'keyed'] as const;
type Topic = (typeof TOPICS)[number];
/** Step 2's records A-1 ... A-20, step 3's stream B-1 ... B-100, step 4's C-1 (one broker down) and C-2 (two down). */
const ACKS = { prefix: 'A', count: 20 } as const;
const STREAM = { prefix: 'B', count: 100 } as const;
const ONE_DOWN = 'C-1';
const TWO_DOWN = 'C-2';
/** Step 5: the keys user-1 ... user-12 on a topic of 6 partitions, from the Java client and from librdkafka. */
const KEYED = { partitions: 6, keys: Array.from({ length: 12 }, (_, i) => `user-${i + 1}`), clients: ['java', 'librdkafka'] as const };
/** librdkafka's words for the broker's two refusals of a write below min.insync.replicas. */
const REFUSALS = [NOT_ENOUGH_REPLICAS, 'Broker: Messages are written to the log, but to fewer in-sync replicas than required'];
/** librdkafka's log line when every bootstrap broker refuses the connection: the cluster is not running. */
const ALL_DOWN = /All broker connections are down|Connection refused/;

const FILES = {
  created: 'describe-created.txt',
  properties: 'producer.properties',
  acks: 'produce-acks.log',
  beforeKill: 'describe-before-kill.txt',
  stream: 'produce-kill.log',
  afterKill: 'describe-after-kill.txt',
  read: 'orders-read.txt',
  twoDown: 'produce-two-down.log',
  recovered: 'describe-recovered.txt',
  predictions: 'predictions.txt',
  keyedRead: 'keyed-read.txt',
} as const;

const events = (p: { prefix: string; count: number }) => Array.from({ length: p.count }, (_, i) => `${p.prefix}-${i + 1}`);

/**
 * Grades the learner's work folder (or a solution run folder) step by step, from the files each step saves there:
 * kafka-topics --describe outputs, the producer's properties file and logs, the topic read back with the console
 * consumer, and the predicted partitions. Reads the files as text and never runs them; with `step`, returns only that
 * step's checks.
 */
export default async function grade(workDir: string, options: GradeOptions = {}) {
  const checks = new Checks(options.lang);
  const ctx = new Context(workDir, await exerciseNames(workDir, TOPICS), new StepChecks(checks, MANIFEST), textsIn(MESSAGES, checks.lang), checks);
  for (const step of STEPS.filter((s) => options.step === undefined || s === options.step)) await STEP_CHECKS[step](ctx);
  checks.view({ kind: 'steps', files: [...ctx.read], steps: ctx.steps.steps() } satisfies StepsView);
  return checks.grade();
}


/** Partition 0 of a topic as kafka-topics --describe prints it, with the topic's replication factor and configs. */
export interface Described {
  replicationFactor: number;
  configs: Record<string, string>;
  leader: number;
  replicas: number[];
  isr: number[];
}

const nodeList = (text: string | undefined) => (text ?? '').split(',').filter(Boolean).map(Number);

/** Reads `topic` and its partition 0 out of kafka-topics --describe output; a GradeError when the topic is not in it. */
export function parseDescribe(text: string, topic: string, file: string): Described {
  const field = (line: string, name: string) => new RegExp(`(?:^|\\t)${name}: ?([^\\t]*)`).exec(line)?.[1]?.trim();
  const lines = text.split('\n').map((l) => l.replace(/^\s+/, ''));
  const header = lines.find((l) => field(l, 'Topic') === topic && field(l, 'ReplicationFactor') !== undefined);
  const partition = lines.find((l) => field(l, 'Topic') === topic && field(l, 'Partition') === '0');
  if (!header || !partition) throw new GradeError(`${file} does not describe the topic ${topic} (no Topic: ${topic} lines)`);
  const configs = Object.fromEntries(
    (field(header, 'Configs') ?? '').split(',').filter((c) => c.includes('=')).map((c) => c.split('=', 2).map((s) => s.trim()) as [string, string]),
  );
  return {
    replicationFactor: Number(field(header, 'ReplicationFactor')),
    configs,
    leader: Number(field(partition, 'Leader')),
    replicas: nodeList(field(partition, 'Replicas')),
    isr: nodeList(field(partition, 'Isr')),
  };
}

const showDescribed = (d: Described) =>
  `ReplicationFactor ${d.replicationFactor}, min.insync.replicas=${d.configs['min.insync.replicas'] ?? '-'}, Leader ${d.leader}, Isr ${d.isr.join(',') || '-'}`;

/** The settings of a properties file, the last of a key winning; `#` and `!` lines are comments. */
export function parseProperties(text: string): Map<string, string> {
  const settings = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const match = /^([a-zA-Z][\w.]*)\s*[=:]\s*(.*)$/.exec(line);
    if (match && !line.startsWith('#') && !line.startsWith('!')) settings.set(match[1]!, match[2]!.trim());
  }
  return settings;
}

/** acks=all or its synonym -1. */
const acksAll = (value: string | undefined) => value === 'all' || value === '-1';

class Context {
  /** The work folder's files the steps read. */
  readonly read = new Set<string>();

  constructor(
    readonly workDir: string,
    readonly topic: Record<Topic, string>,
    readonly steps: StepChecks,
    readonly t: Texts,
    readonly checks: Checks,
  ) {}

  file(name: string): Promise<Read<string>> {
    this.read.add(name);
    return attempt(() => readRunFile(this.workDir, name));
  }

  async describe(name: string, topic: Topic): Promise<Read<Described>> {
    const text = await this.file(name);
    if (!text.ok) return text;
    return attempt(async () => parseDescribe(text.value, this.topic[topic], name));
  }

  /**
   * A producer log of the orders topic; a log whose producer reached no broker at all is an environment failure (the
   * cluster was not running), not the learner's.
   */
  async producer(name: string): Promise<Read<ProducerLog>> {
    const text = await this.file(name);
    if (!text.ok) return text;
    const log = scanProducerLog(text.value);
    if (!log.start) return { ok: false, problem: this.t.notAProducerLog({ file: name }) };
    if (log.results.length === 0 && log.client.length > 0 && log.client.every((c) => ALL_DOWN.test(c.text))) {
      throw new EnvironmentError(this.t.clusterDown({ file: name }));
    }
    return { ok: true, value: log };
  }
}

/** The producer's settings as its start line prints them: whether the file reached it. */
function durableSettings(ctx: Context, log: ProducerLog) {
  const config = log.start!.config;
  return { ok: acksAll(config['acks']) && config['enable.idempotence'] === 'true', text: ctx.t.settingsFound({ acks: config['acks'] ?? '-', idempotence: config['enable.idempotence'] ?? '-' }) };
}

/** The events of `names` that the log acknowledged (an offset in their delivery report), and the rest. */
function acknowledged(log: ProducerLog, names: string[]) {
  const offsets = new Map<string, number>();
  for (const r of log.results) if (r.error === null && r.offset !== null && names.includes(r.event)) offsets.set(r.event, r.offset);
  return { offsets, missing: names.filter((n) => !offsets.has(n)) };
}

const list = (names: string[], max = 6) => (names.length > max ? `${names.slice(0, max).join(' ')} ... (${names.length})` : names.join(' '));

const STEP_CHECKS: Record<Step, (ctx: Context) => Promise<void>> = {
  async 1(ctx) {
    const { t } = ctx;
    const described = await ctx.describe(FILES.created, 'orders');
    if (!described.ok) {
      ctx.steps.law(1, { id: 'described', ok: false, expected: t.describedExpected({ file: FILES.created, topic: ctx.topic.orders }), found: described.problem, hint: t.hintDescribe({ file: FILES.created }) });
      return;
    }
    const d = described.value;
    const found = showDescribed(d);
    ctx.steps.law(1, { id: 'replication-factor', ok: d.replicationFactor === 3 && d.replicas.length === 3, expected: t.rfExpected(), found, hint: t.hintRf() });
    ctx.steps.law(1, {
      id: 'min-insync',
      ok: d.configs['min.insync.replicas'] === '2',
      expected: t.minInsyncExpected(),
      found,
      hint: d.configs['min.insync.replicas'] === '3' ? t.hintMinInsync3() : t.hintMinInsync(),
    });
    ctx.steps.law(1, { id: 'isr-of-three', ok: d.isr.length === 3, expected: t.isrExpected(), found, hint: t.hintIsr() });
  },

  async 2(ctx) {
    const { t } = ctx;
    const text = await ctx.file(FILES.properties);
    const props = text.ok ? parseProperties(text.value) : new Map<string, string>();
    ctx.steps.law(2, {
      id: 'properties',
      ok: text.ok && acksAll(props.get('acks')) && props.get('enable.idempotence') === 'true',
      expected: t.propertiesExpected({ file: FILES.properties }),
      found: text.ok ? t.settingsFound({ acks: props.get('acks') ?? '-', idempotence: props.get('enable.idempotence') ?? '-' }) : text.problem,
      hint: !text.ok ? t.hintPropertiesFile({ file: FILES.properties }) : !acksAll(props.get('acks')) ? t.hintAcks() : t.hintIdempotence(),
    });
    const log = await ctx.producer(FILES.acks);
    if (!log.ok) {
      ctx.steps.law(2, { id: 'producer-log', ok: false, expected: t.logExpected({ file: FILES.acks }), found: log.problem, hint: t.hintAcksLog({ file: FILES.acks }) });
      return;
    }
    const settings = durableSettings(ctx, log.value);
    ctx.steps.law(2, { id: 'settings-used', ok: settings.ok, expected: t.settingsUsedExpected({ file: FILES.acks }), found: settings.text, hint: t.hintConfigFlag() });
    const { offsets, missing } = acknowledged(log.value, events(ACKS));
    ctx.steps.law(2, {
      id: 'all-acknowledged',
      ok: log.value.start!.topic === ctx.topic.orders && missing.length === 0,
      expected: t.allAckedExpected({ first: `${ACKS.prefix}-1`, last: `${ACKS.prefix}-${ACKS.count}`, topic: ctx.topic.orders }),
      found: t.ackedFound({ topic: log.value.start!.topic, n: offsets.size, missing: list(missing) || t.none() }),
      hint: t.hintAcksLog({ file: FILES.acks }),
    });
  },

  async 3(ctx) {
    const { t } = ctx;
    const [before, after] = [await ctx.describe(FILES.beforeKill, 'orders'), await ctx.describe(FILES.afterKill, 'orders')];
    if (!before.ok || !after.ok) {
      const file = before.ok ? FILES.afterKill : FILES.beforeKill;
      ctx.steps.law(3, { id: 'described', ok: false, expected: t.describedExpected({ file, topic: ctx.topic.orders }), found: (before.ok ? (after as { problem: string }).problem : before.problem), hint: t.hintDescribe({ file }) });
      return;
    }
    const [b, a] = [before.value, after.value];
    const killedLeader = b.isr.length === 3 && a.leader !== b.leader && !a.isr.includes(b.leader) && a.isr.length === 2;
    ctx.steps.law(3, {
      id: 'leader-killed',
      ok: killedLeader,
      expected: t.leaderKilledExpected({ before: FILES.beforeKill, after: FILES.afterKill }),
      found: t.leadersFound({ before: `${b.leader} (Isr ${b.isr.join(',')})`, after: `${a.leader} (Isr ${a.isr.join(',')})` }),
      hint: a.leader === b.leader ? t.hintKilledFollower({ file: FILES.beforeKill }) : a.isr.length === 3 ? t.hintNothingKilled() : t.hintKillOne(),
    });
    const log = await ctx.producer(FILES.stream);
    if (!log.ok) {
      ctx.steps.law(3, { id: 'producer-log', ok: false, expected: t.logExpected({ file: FILES.stream }), found: log.problem, hint: t.hintStreamLog({ file: FILES.stream }) });
      return;
    }
    const lines = log.value.lines;
    const names = events(STREAM);
    const isResult = (l: (typeof lines)[number]) => l.kind === 'result' && names.includes(l.event) && l.error === null;
    // librdkafka's connection to the killed leader failing: `rdkafka %3 FAIL [thrd:localhost:9094/2]: ...`.
    const lost = lines.findIndex((l) => l.kind === 'client' && l.facility === 'FAIL' && l.text.includes(`/${b.leader}: `));
    const ackedBefore = lost > 0 && lines.slice(0, lost).some(isResult);
    const ackedAfter = lost > 0 && lines.slice(lost).some(isResult);
    ctx.steps.law(3, {
      id: 'mid-stream',
      ok: ackedBefore && ackedAfter,
      expected: t.midStreamExpected({ node: b.leader }),
      found: lost < 0 ? t.noLostConnection({ node: b.leader }) : t.midStreamFound({ before: lines.slice(0, lost).filter(isResult).length, after: lines.slice(lost).filter(isResult).length }),
      hint: t.hintMidStream(),
      evidence: lost < 0 ? [] : [`rdkafka FAIL ${(lines[lost] as { text: string }).text.slice(0, 100)}`],
    });
    const settings = durableSettings(ctx, log.value);
    const { offsets, missing } = acknowledged(log.value, names);
    ctx.steps.law(3, {
      id: 'stream-acknowledged',
      ok: settings.ok && missing.length === 0,
      expected: t.streamAckedExpected({ first: `${STREAM.prefix}-1`, last: `${STREAM.prefix}-${STREAM.count}` }),
      found: `${settings.text}; ${t.ackedFound({ topic: log.value.start!.topic, n: offsets.size, missing: list(missing) || t.none() })}`,
      hint: settings.ok ? t.hintStreamLog({ file: FILES.stream }) : t.hintConfigFlag(),
    });
    const text = await ctx.file(FILES.read);
    const records = text.ok ? parseConsumerOutput(text.value).records : [];
    const readable = text.ok && records.length > 0 && records.every((r) => r.offset !== undefined);
    if (!readable) {
      ctx.steps.law(3, { id: 'each-once', ok: false, expected: t.readExpected({ file: FILES.read }), found: text.ok ? t.noOffsets({ file: FILES.read }) : text.problem, hint: t.hintRead({ file: FILES.read }) });
      return;
    }
    const acks = await ctx.producer(FILES.acks);
    const all = new Map([...(acks.ok ? acknowledged(acks.value, events(ACKS)).offsets : []), ...offsets]);
    const copies = new Map<string, number[]>();
    for (const r of records) copies.set(r.value, [...(copies.get(r.value) ?? []), r.offset!]);
    const lostAcked = [...all].filter(([event, offset]) => !copies.get(event)?.includes(offset)).map(([event]) => event);
    const twice = [...copies].filter(([, at]) => at.length > 1).map(([event]) => event);
    ctx.steps.law(3, {
      id: 'each-once',
      ok: lostAcked.length === 0 && twice.length === 0,
      expected: t.eachOnceExpected({ file: FILES.read }),
      found: t.eachOnceFound({ acked: all.size, read: records.length, lost: list(lostAcked) || t.none(), twice: list(twice) || t.none() }),
      hint: twice.length ? t.hintTwice() : t.hintRead({ file: FILES.read }),
    });
    ctx.checks.figure('acknowledgedAfterLeaderKill', lines.slice(Math.max(lost, 0)).filter(isResult).length);
  },

  async 4(ctx) {
    const { t } = ctx;
    const log = await ctx.producer(FILES.twoDown);
    if (!log.ok) {
      ctx.steps.law(4, { id: 'producer-log', ok: false, expected: t.logExpected({ file: FILES.twoDown }), found: log.problem, hint: t.hintTwoDownLog({ file: FILES.twoDown }) });
      return;
    }
    const results = log.value.results;
    const first = results.find((r) => r.event === ONE_DOWN);
    const second = results.find((r) => r.event === TWO_DOWN);
    const told = (r: (typeof results)[number] | undefined, event: string) => (r ? (r.error ? `${event} ${r.error.name}` : `${event} offset=${r.offset}`) : t.noReport({ event }));
    ctx.steps.law(4, {
      id: 'one-down-acknowledged',
      ok: first?.error === null,
      expected: t.oneDownExpected({ event: ONE_DOWN }),
      found: told(first, ONE_DOWN),
      hint: t.hintOneDown({ event: ONE_DOWN }),
    });
    const settings = durableSettings(ctx, log.value);
    const after = first ? log.value.lines.indexOf(first) : 0;
    const refused = log.value.lines.slice(after).flatMap((line) => {
      if (line.kind !== 'client') return [];
      const event = parseClientEvent(line);
      return event?.kind === 'batch-error' && REFUSALS.includes(event.error) ? [line.text] : [];
    });
    ctx.steps.law(4, {
      id: 'two-down-refused',
      ok: settings.ok && second !== undefined && second.error !== null && refused.length > 0,
      expected: t.refusedExpected({ event: TWO_DOWN }),
      found: `${told(second, TWO_DOWN)}; ${t.refusals({ n: refused.length })}; ${settings.text}`,
      hint: !settings.ok
        ? t.hintConfigFlag()
        : second?.error === null
          ? t.hintSecondBroker()
          : second === undefined
            ? t.hintTwoDownLog({ file: FILES.twoDown })
            : t.hintDebug(),
      evidence: refused.slice(0, 2).map((text) => `rdkafka ${text.slice(0, 140)}`),
    });
    const recovered = await ctx.describe(FILES.recovered, 'orders');
    ctx.steps.law(4, {
      id: 'recovered',
      ok: recovered.ok && recovered.value.isr.length === 3,
      expected: t.recoveredExpected({ file: FILES.recovered }),
      found: recovered.ok ? showDescribed(recovered.value) : recovered.problem,
      hint: recovered.ok ? t.hintRecovered() : t.hintDescribe({ file: FILES.recovered }),
    });
  },

  async 5(ctx) {
    const { t } = ctx;
    const text = await ctx.file(FILES.predictions);
    const predicted = new Map<string, [number, number]>();
    for (const line of text.ok ? text.value.split('\n') : []) {
      const m = /^\s*(\S+)\s+(\d+)\s+(\d+)\s*$/.exec(line);
      if (m && KEYED.keys.includes(m[1]!)) predicted.set(m[1]!, [Number(m[2]), Number(m[3])]);
    }
    const missingKeys = KEYED.keys.filter((k) => !predicted.has(k) || predicted.get(k)!.some((p) => p >= KEYED.partitions));
    const complete = ctx.steps.law(5, {
      id: 'predictions',
      ok: text.ok && missingKeys.length === 0,
      expected: t.predictionsExpected({ file: FILES.predictions, first: KEYED.keys[0]!, last: KEYED.keys.at(-1)!, last_p: KEYED.partitions - 1 }),
      found: text.ok ? t.predictionsFound({ n: predicted.size, missing: list(missingKeys) || t.none() }) : text.problem,
      hint: t.hintPredictions({ file: FILES.predictions }),
    });
    const read = await ctx.file(FILES.keyedRead);
    const records = read.ok ? parseConsumerOutput(read.value, { key: true }).records : [];
    const landed = Object.fromEntries(
      KEYED.clients.map((client) => [client, new Map(records.filter((r) => r.value === client && r.key && r.partition !== undefined).map((r) => [r.key!, r.partition!]))]),
    ) as Record<(typeof KEYED.clients)[number], Map<string, number>>;
    const unread = KEYED.clients.flatMap((c) => KEYED.keys.filter((k) => !landed[c].has(k)).map((k) => `${c}:${k}`));
    const crc = (k: string) => crc32Partition(k, KEYED.partitions);
    const murmur = (k: string) => murmur2Partition(k, KEYED.partitions);
    const byDefault = unread.length === 0 && KEYED.keys.every((k) => landed.java.get(k) === murmur(k) && landed.librdkafka.get(k) === crc(k));
    const landedOk = ctx.steps.law(5, {
      id: 'landed',
      ok: read.ok && byDefault,
      expected: t.landedExpected({ file: FILES.keyedRead, topic: ctx.topic.keyed }),
      found: !read.ok ? read.problem : unread.length ? t.unread({ missing: list(unread) }) : t.landedFound({ elsewhere: KEYED.keys.filter((k) => landed.librdkafka.get(k) !== crc(k)).length }),
      hint: !read.ok || unread.length ? t.hintKeyedRead({ file: FILES.keyedRead }) : t.hintDefaultPartitioner(),
    });
    if (!complete || !landedOk) return;
    for (const [column, client] of KEYED.clients.entries()) {
      const wrong = KEYED.keys.filter((k) => predicted.get(k)![column] !== landed[client].get(k));
      const withMurmur = KEYED.keys.every((k) => predicted.get(k)![column] === murmur(k));
      ctx.steps.law(5, {
        id: `${client}-predicted`,
        ok: wrong.length === 0,
        expected: t.predictedExpected({ client, column: column + 2 }),
        found: t.predictedFound({ right: KEYED.keys.length - wrong.length, n: KEYED.keys.length, wrong: list(wrong.map((k) => `${k} ${predicted.get(k)![column]}!=${landed[client].get(k)}`), 3) || t.none() }),
        hint: client === 'java' ? t.hintJavaHash() : withMurmur ? t.hintLibrdkafkaNotMurmur() : t.hintLibrdkafkaHash(),
      });
    }
    ctx.checks.figure('keysElsewhere', KEYED.keys.filter((k) => murmur(k) !== crc(k)).length);
  },
};
