import { createInterface } from 'node:readline';
import { keyNames, orderValue, type Delivery, type ProducerLine, type RecordFields, type TransactionAction } from '@kafka-labs/kafka-client/producer-log';
import { MODES, type Mode, type ModeOptions } from './modes.ts';

/** One record to produce; `partition: null` lets the client's partitioner choose. */
export interface ProduceRecord {
  topic: string;
  partition: number | null;
  key: string | null;
  value: string;
}

/** A delivery report and the partition the record went to (null when the client did not say). */
export type Report = Delivery & { partition: number | null };

/** What the modes need of a client library: each producer program wraps its library in one. */
export interface SendingClient {
  /** Produces one record and resolves with its delivery report; a record the client refuses is a report with an error. */
  send(record: ProduceRecord): Promise<Report>;
  /** Resolves once the client knows the topic's partitions, so that its first records are partitioned like the rest. */
  loadTopic(topic: string): Promise<void>;
  /** True when the client has a transactional id (fan-out then runs in a transaction). */
  readonly transactional: boolean;
  transaction(action: TransactionAction): Promise<void>;
  /** Milliseconds between two polls of the client's delivery reports, where it has to be polled. */
  setPollInterval?(ms: number): void;
}

const fixedEvents: Partial<Record<Mode, readonly string[]>> = { send: ['E-41', 'E-42', 'E-43'], 'app-retry': ['E-42'], once: ['E-42'] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function* noLines(): AsyncIterable<string> {}

/** The events of stdin mode, the lines of standard input; none for the other modes. */
export function modeInput(mode: Mode): AsyncIterable<string> {
  // The iterator is taken at once: readline drops the lines that arrive before one is.
  return mode === 'stdin' ? createInterface({ input: process.stdin })[Symbol.asyncIterator]() : noLines();
}

/**
 * Runs a mode on a connected client and writes one result line per delivery report (in the order the reports
 * arrive), plus the transaction and failure lines of fan-out; `topic` is a comma list for fan-out, `input` the events
 * of stdin mode.
 */
export async function runMode(
  topic: string,
  mode: Mode,
  options: ModeOptions,
  client: SendingClient,
  clientName: string,
  write: (line: ProducerLine) => void,
  input: AsyncIterable<string> = noLines(),
): Promise<void> {
  const readyAt = performance.now();
  const deliver = async (event: string, record: ProduceRecord, fields: (report: Report, latencyMs: number) => RecordFields = () => ({})) => {
    const sentAt = performance.now();
    const report = await client.send(record);
    const now = performance.now();
    const { partition, ...delivery } = report;
    write({ kind: 'result', sec: (now - readyAt) / 1000, event, ...delivery, ...fields(report, now - sentAt) } as ProducerLine);
    return report;
  };
  const toPartition0 = (value: string): ProduceRecord => ({ topic, partition: 0, key: null, value });
  const value = options.value ?? clientName;

  switch (mode) {
    case 'send':
    case 'once':
    case 'app-retry':
      for (const event of fixedEvents[mode]!) {
        const report = await deliver(event, toPartition0(event));
        if (report.error && mode === 'app-retry') await deliver(event, toPartition0(event));
      }
      return;
    case 'stdin':
      for await (const event of input) {
        if (event !== '') await deliver(event, toPartition0(event));
      }
      return;
    case 'burst': {
      if (options.warmUp) await deliver('W', toPartition0('W'));
      const events = Array.from({ length: options.count }, (_, i) => `E-${i + 1}`);
      await Promise.all(events.map((event) => deliver(event, toPartition0(event))));
      return;
    }
    case 'stream': {
      await client.loadTopic(topic);
      client.setPollInterval?.(1);
      const start = performance.now();
      const sent: Promise<Report>[] = [];
      for (let n = 1; n <= options.count; n++) {
        const due = start + (n - 1) * options.intervalMs;
        while (performance.now() < due) await sleep(due - performance.now());
        sent.push(deliver(`O-${n}`, toPartition0(orderValue(n)), (_, latencyMs) => ({ latencyMs })));
      }
      await Promise.all(sent);
      return;
    }
    case 'keys':
      for (const key of keyNames(options.count)) {
        await deliver(key, { topic, partition: null, key, value }, (r) => ({ ...(r.partition === null ? {} : { partition: r.partition }), key }));
      }
      return;
    case 'null-keys': {
      await client.loadTopic(topic);
      const events = Array.from({ length: options.count }, (_, i) => `N-${i + 1}`);
      await Promise.all(
        events.map((event) => deliver(event, { topic, partition: null, key: null, value }, (r) => (r.partition === null ? {} : { partition: r.partition }))),
      );
      return;
    }
    case 'fan-out':
      await fanOut(topic.split(','), options, client, (target, record) => deliver(options.event, record, () => ({ topic: target })), write);
      return;
    default:
      throw new Error(`mode ${mode satisfies never} has no plan`);
  }
}

/** Sends the event to each topic in turn; in a transaction, commits at the end or aborts on a failure or a failed delivery. */
async function fanOut(
  topics: string[],
  options: ModeOptions,
  client: SendingClient,
  deliver: (topic: string, record: ProduceRecord) => Promise<Report>,
  write: (line: ProducerLine) => void,
): Promise<void> {
  const step = async (action: TransactionAction) => {
    await client.transaction(action);
    write({ kind: 'transaction', action });
  };
  if (client.transactional) await step('begin');
  for (const topic of topics) {
    if (topic === options.failBefore) {
      write({ kind: 'failure', before: topic });
      if (client.transactional) await step('abort');
      return;
    }
    const report = await deliver(topic, { topic, partition: 0, key: null, value: options.event });
    if (report.error) {
      if (client.transactional) await step('abort');
      return;
    }
  }
  if (client.transactional) await step('commit');
}

/** The ModeOptions of a mode from parsed flags, its defaults applied. */
export function modeOptions(mode: Mode, flags: Partial<Record<string, unknown>>): ModeOptions {
  const spec = MODES[mode];
  return {
    count: (flags.count as number | undefined) ?? ('count' in spec ? spec.count : 1),
    intervalMs: (flags['interval-ms'] as number | undefined) ?? 2,
    warmUp: flags['warm-up'] === true,
    value: (flags.value as string | undefined) ?? null,
    event: (flags.event as string | undefined) ?? 'O-1',
    failBefore: (flags['fail-before'] as string | undefined) ?? null,
  };
}
