import type { ProducerLine } from './producer-log-format.ts';

/** An idempotent producer's identity as librdkafka prints it: `PID{Id:0,Epoch:0}`; null for `PID{Invalid}`. */
export interface Pid {
  id: number;
  epoch: number;
}

/** What the librdkafka log lines the labs quote say (debug=msg,eos, and REQTMOUT notices). */
export type ClientEvent =
  | { kind: 'produce'; topic: string; partition: number; count: number; msgId: number; baseSeq: number; pid: Pid | null }
  | { kind: 'batch-error'; topic: string; partition: number; msgId: number; baseSeq: number; error: string; actions: string[] }
  | { kind: 'batch-delivered'; topic: string; partition: number; msgId: number; baseSeq: number }
  | { kind: 'pid-acquired'; pid: Pid; previous: Pid | null }
  | { kind: 'pid-changed'; topic: string; partition: number; from: Pid | null; to: Pid | null; baseMsgId: number }
  | { kind: 'request-timeout'; api: string; afterMs: number }
  | { kind: 'sequence-gap'; topic: string; partition: number; pid: Pid | null; baseSeq: number; nextSeq: number }
  | { kind: 'epoch-bumped'; pid: Pid }
  | { kind: 'client-version'; version: string };

export type ClientEventKind = ClientEvent['kind'];
type Event<K extends ClientEventKind> = Extract<ClientEvent, { kind: K }>;

const PID = String.raw`PID\{(?:Id:(-?\d+),Epoch:(-?\d+)|Invalid)\}`;
const pidAt = (m: RegExpExecArray, at: number): Pid | null =>
  m[at] === undefined ? null : { id: Number(m[at]), epoch: Number(m[at + 1]) };
/** `<broker>: ` starts the lines a broker thread logs about a request; the topic follows. */
const BROKER = String.raw`(?:\S+: )?`;
const PARTITION = String.raw`(\S+) \[(\d+)\]`;

/** librdkafka's line formats (rdkafka_msgset_writer.c, rdkafka_request.c, rdkafka_idempotence.c, rdkafka_partition.c, rdkafka_broker.c, rdkafka_msgset_reader.c, rdkafka.c). */
const parsers: { [K in ClientEventKind]: { facility: string; pattern: RegExp; parse(m: RegExpExecArray): Omit<Event<K>, 'kind'> } } = {
  produce: {
    facility: 'PRODUCE',
    pattern: new RegExp(
      String.raw`^${BROKER}${PARTITION}: Produce MessageSet with (\d+) message\(s\) \(.*MsgId (\d+), BaseSeq (-?\d+), ${PID}`,
    ),
    parse: (m) => ({
      topic: m[1]!,
      partition: Number(m[2]),
      count: Number(m[3]),
      msgId: Number(m[4]),
      baseSeq: Number(m[5]),
      pid: pidAt(m, 6),
    }),
  },
  'batch-error': {
    facility: 'MSGSET',
    pattern: new RegExp(String.raw`^${BROKER}${PARTITION}: MessageSet with \d+ message\(s\) \(MsgId (\d+), BaseSeq (-?\d+)\) encountered error: (.*) \(actions ([^)]*)\)`),
    parse: (m) => ({
      topic: m[1]!,
      partition: Number(m[2]),
      msgId: Number(m[3]),
      baseSeq: Number(m[4]),
      error: m[5]!,
      actions: m[6]!.split(','),
    }),
  },
  'batch-delivered': {
    facility: 'MSGSET',
    pattern: new RegExp(String.raw`^${BROKER}${PARTITION}: MessageSet with \d+ message\(s\) \(MsgId (\d+), BaseSeq (-?\d+)\) delivered`),
    parse: (m) => ({ topic: m[1]!, partition: Number(m[2]), msgId: Number(m[3]), baseSeq: Number(m[4]) }),
  },
  'pid-acquired': {
    facility: 'GETPID',
    pattern: new RegExp(String.raw`^Acquired ${PID}(?: \(previous ${PID}\))?`),
    parse: (m) => ({ pid: pidAt(m, 1)!, previous: pidAt(m, 3) }),
  },
  'pid-changed': {
    facility: 'NEWPID',
    pattern: new RegExp(String.raw`^${PARTITION} changed ${PID} -> ${PID} with base MsgId (\d+)`),
    parse: (m) => ({ topic: m[1]!, partition: Number(m[2]), from: pidAt(m, 3), to: pidAt(m, 5), baseMsgId: Number(m[7]) }),
  },
  'request-timeout': {
    facility: 'REQTMOUT',
    pattern: new RegExp(String.raw`^${BROKER}Timed out (\w+)Request in flight \(after (\d+)ms`),
    parse: (m) => ({ api: m[1]!, afterMs: Number(m[2]) }),
  },
  'sequence-gap': {
    facility: 'ERRSEQ',
    pattern: new RegExp(String.raw`^${BROKER}ProduceRequest for ${PARTITION} with \d+ message\(s\) failed due to skipped sequence numbers \(${PID}, base seq (-?\d+) > next seq (-?\d+)\)`),
    parse: (m) => ({ topic: m[1]!, partition: Number(m[2]), pid: pidAt(m, 3), baseSeq: Number(m[5]), nextSeq: Number(m[6]) }),
  },
  'epoch-bumped': {
    facility: 'DRAIN',
    pattern: new RegExp(String.raw`^All partitions drained, bumped epoch to ${PID}`),
    parse: (m) => ({ pid: pidAt(m, 1)! }),
  },
  'client-version': {
    facility: 'INIT',
    pattern: /^librdkafka v(\S+) /,
    parse: (m) => ({ version: m[1]! }),
  },
};

/** The event a client log line reports, or undefined for a line the labs do not read. */
export function parseClientEvent(line: Extract<ProducerLine, { kind: 'client' }>): ClientEvent | undefined {
  for (const [kind, parser] of Object.entries(parsers) as [ClientEventKind, (typeof parsers)[ClientEventKind]][]) {
    if (parser.facility !== line.facility) continue;
    const match = parser.pattern.exec(line.text);
    if (match) return { kind, ...parser.parse(match) } as ClientEvent;
  }
  return undefined;
}

/** `PID{Id:0,Epoch:0}`, as librdkafka prints it. */
export function formatPid(pid: Pid | null): string {
  return pid ? `PID{Id:${pid.id},Epoch:${pid.epoch}}` : 'PID{Invalid}';
}
