import type { DumpBatch } from '@kafka-labs/dumplog';
import { formatPid, parseClientEvent, type ClientEvent, type Pid, type ProducerLine } from '@kafka-labs/kafka-client/producer-log';
import type { ProxyEvent } from '@kafka-labs/proxy';

// The producer ↔ proxy ↔ broker exchange of a run as rows of a sequence diagram. The proxy's event log gives the
// requests, the responses and what the proxy did to them, with times; each producer log gives, in its own order
// and without times, the batches it sent (PID, epoch, BaseSeq), its time-outs and what it was told; the dump says
// what the broker stored. A client line is placed right after the proxy event it reacts to (its anchor).

/** A lab producer's log as the grader parsed it: every line, in the producer's own order. */
export interface ProducerLines {
  /** The name the lab gave the process (its log is `<name>.log`). */
  name: string;
  lines: ProducerLine[];
}

/** One line of a producer log that the diagram uses: a delivery result or a client event. */
type ProducerStep =
  | { kind: 'result'; line: Extract<ProducerLine, { kind: 'result' }> }
  | { kind: 'client'; event: ClientEvent };

interface ProducerRun {
  name: string;
  steps: ProducerStep[];
  /** True when the log ends with `producer: done` (every event had its delivery report); false for a killed process. */
  done: boolean;
}

function producerRun({ name, lines }: ProducerLines): ProducerRun {
  const steps = lines.flatMap((line): ProducerStep[] => {
    if (line.kind === 'result') return [{ kind: 'result', line }];
    const event = line.kind === 'client' ? parseClientEvent(line) : undefined;
    return event ? [{ kind: 'client', event }] : [];
  });
  return { name, steps, done: lines.some((l) => l.kind === 'done') };
}

/** A batch as the client logged it when it sent a Produce request. */
export interface SentBatch {
  msgId: number;
  baseSeq: number;
  pid: Pid | null;
  count: number;
}

/** What the broker did with a Produce request, read from the dump: appended at `offset`, or recognised as a duplicate of it. */
export interface Stored {
  offset: number;
  payload: string | null;
  duplicate: boolean;
  /** 1 for the first batch with this payload in the partition, 2 for a second copy, ... */
  copy: number;
}

export type Tone = 'plain' | 'good' | 'bad' | 'warn';

export type SequenceRow =
  | {
      kind: 'request';
      process: number;
      time: string;
      api: string;
      ordinal: number | null;
      connection: number;
      correlationId: number | null;
      batch: SentBatch | null;
      /** True when the same process sent this MsgId before: the client's retry. */
      retry: boolean;
      stored: Stored | null;
    }
  | {
      kind: 'response';
      process: number;
      time: string;
      api: string;
      ordinal: number | null;
      connection: number;
      fate: 'forwarded' | 'dropped' | 'discarded';
      /** The stored outcome of the request this answers, when known. */
      stored: Stored | null;
    }
  | { kind: 'note'; process: number; at: 'producer' | 'proxy'; tone: Tone; text: string; time: string | null }
  | { kind: 'end'; process: number; killed: boolean };

type RequestRow = Extract<SequenceRow, { kind: 'request' }>;
type ResponseRow = Extract<SequenceRow, { kind: 'response' }>;

export interface SequenceModel {
  processes: { name: string; pid: Pid | null }[];
  rows: SequenceRow[];
  /** The time of the first proxy event: where the diagram's clock starts. */
  start: string | null;
}

const SHOWN_APIS = new Set(['Produce', 'InitProducerId']);
const FAULTS = new Set(['closed', 'delayed', 'error']);

const firstPid = (run: ProducerRun): Pid | null => {
  for (const step of run.steps) if (step.kind === 'client' && step.event.kind === 'pid-acquired') return step.event.pid;
  return null;
};

/**
 * Processes in the order they ran: by the producer id each acquired (the broker hands ids out in increasing order),
 * then by name; the proxy's ordinals run across them in that order.
 */
function processOrder(runs: ProducerRun[]): ProducerRun[] {
  return [...runs].sort((x, y) => (firstPid(x)?.id ?? Infinity) - (firstPid(y)?.id ?? Infinity) || x.name.localeCompare(y.name));
}

const isRequest = (e: ProxyEvent) => e.direction === 'request' && e.apiName !== undefined && SHOWN_APIS.has(e.apiName);
const isResponse = (e: ProxyEvent) => e.direction === 'response' && e.apiName !== undefined && SHOWN_APIS.has(e.apiName);
const fateOf = (e: ProxyEvent) => (e.action === 'response-dropped' ? 'dropped' : e.action === 'response-discarded' ? 'discarded' : 'forwarded');
const sameExchange = (request: ProxyEvent, e: ProxyEvent) =>
  e.connection === request.connection && e.correlationId === request.correlationId && e.apiName === request.apiName;

function noteOf(step: ProducerStep, process: number): SequenceRow | null {
  const note = (tone: Tone, text: string): SequenceRow => ({ kind: 'note', process, at: 'producer', tone, text, time: null });
  if (step.kind === 'result') {
    const { event, offset, error } = step.line;
    return error ? note('bad', `${event}: delivery failed, ${error.name}${error.code === null ? '' : ` (${error.code})`}`) : note('good', `${event}: delivered, offset=${offset}`);
  }
  const e: ClientEvent = step.event;
  switch (e.kind) {
    case 'pid-acquired':
      return note('plain', `acquired ${formatPid(e.pid)}${e.previous ? ` (previous ${formatPid(e.previous)})` : ''}`);
    case 'pid-changed':
      return e.from ? note('warn', `epoch bump: ${formatPid(e.from)} → ${formatPid(e.to)}, from MsgId ${e.baseMsgId} on`) : null;
    case 'request-timeout':
      return note('warn', `${e.api}Request timed out after ${e.afterMs} ms without a response`);
    case 'batch-error':
      return note('warn', `MsgId ${e.msgId}, BaseSeq ${e.baseSeq}: ${e.error} → ${e.actions.join(', ')}`);
    default:
      return null;
  }
}

/** The rows of the diagram, from the proxy's events, the producer logs (in process order) and the stored batches. */
export function sequenceModel(producers: ProducerLines[], proxy: ProxyEvent[], batches: DumpBatch[]): SequenceModel {
  const ordered = processOrder(producers.map(producerRun));
  const produceConnections = new Set(proxy.filter((e) => isRequest(e) && e.apiName === 'Produce').map((e) => e.connection));
  const shown = [...proxy]
    .sort((x, y) => x.seq - y.seq)
    .filter((e) => isRequest(e) || isResponse(e) || FAULTS.has(e.action) || (e.action === 'disconnected' && produceConnections.has(e.connection)));
  const rows: SequenceRow[] = [];
  const sent = new Map<number, SentBatch>();
  const processOfConnection = new Map<number, number>();
  /** The request rows so far, in order, with the proxy event each was drawn from. */
  const requests: { event: ProxyEvent; row: RequestRow }[] = [];
  const answers: [ResponseRow, RequestRow][] = [];
  let cursor = 0;

  const rowOf = (e: ProxyEvent, process: number): SequenceRow => {
    if (isRequest(e)) {
      processOfConnection.set(e.connection, process);
      const batch = sent.get(e.seq) ?? null;
      const retry = batch !== null && requests.some(({ row }) => row.process === process && row.batch?.msgId === batch.msgId);
      const row: RequestRow = { kind: 'request', process, time: e.time, api: e.apiName!, ordinal: e.ordinal ?? null, connection: e.connection, correlationId: e.correlationId ?? null, batch, retry, stored: null };
      requests.push({ event: e, row });
      return row;
    }
    const owner = processOfConnection.get(e.connection) ?? process;
    if (isResponse(e)) {
      const row: ResponseRow = { kind: 'response', process: owner, time: e.time, api: e.apiName!, ordinal: e.ordinal ?? null, connection: e.connection, fate: fateOf(e), stored: null };
      const request = [...requests].reverse().find((r) => sameExchange(r.event, e));
      if (request) answers.push([row, request.row]);
      return row;
    }
    const text =
      e.action === 'disconnected'
        ? `connection ${e.connection} closed: ${e.detail ?? 'no reason given'}`
        : e.action === 'closed'
          ? `closed connection ${e.connection} (${e.detail ?? 'a fault'})`
          : `${e.action}${e.apiName ? ` ${e.apiName} ${e.direction}` : ''}: ${e.detail ?? ''}`;
    return { kind: 'note', process: owner, at: 'proxy', tone: e.action === 'disconnected' ? 'plain' : e.action === 'delayed' ? 'warn' : 'bad', text, time: e.time };
  };
  const emitThrough = (index: number, process: number) => {
    for (; cursor <= index && cursor < shown.length; cursor++) rows.push(rowOf(shown[cursor]!, process));
  };
  const find = (test: (e: ProxyEvent) => boolean, from = cursor) => {
    for (let i = from; i < shown.length; i++) if (test(shown[i]!)) return i;
    return -1;
  };

  ordered.forEach((run, process) => {
    const logsDeliveries = run.steps.some((s) => s.kind === 'client' && s.event.kind === 'batch-delivered');
    for (const step of run.steps) {
      const event = step.kind === 'client' ? step.event : null;
      let anchor = -1;
      if (event?.kind === 'produce') {
        anchor = find((e) => isRequest(e) && e.apiName === 'Produce');
        if (anchor >= 0) sent.set(shown[anchor]!.seq, { msgId: event.msgId, baseSeq: event.baseSeq, pid: event.pid, count: event.count });
        else rows.push({ kind: 'note', process, at: 'producer', tone: 'warn', text: `sent MsgId ${event.msgId} (BaseSeq ${event.baseSeq}), a request the proxy never saw`, time: null });
      } else if (event?.kind === 'batch-delivered') {
        const request = [...requests].reverse().find(({ row }) => row.process === process && row.batch?.msgId === event.msgId);
        if (request) anchor = find((e) => isResponse(e) && sameExchange(request.event, e));
      } else if (step.kind === 'result' && step.line.error === null && !logsDeliveries) {
        anchor = find((e) => isResponse(e) && e.apiName === 'Produce' && fateOf(e) === 'forwarded');
      } else if (event?.kind === 'request-timeout' && event.api === 'Produce') {
        anchor = find((e) => isResponse(e) && e.apiName === 'Produce' && fateOf(e) !== 'forwarded');
      } else if (event?.kind === 'pid-acquired') {
        const nextProduce = find((e) => isRequest(e) && e.apiName === 'Produce');
        for (let i = cursor; i < (nextProduce < 0 ? shown.length : nextProduce); i++) {
          if (isResponse(shown[i]!) && shown[i]!.apiName === 'InitProducerId') anchor = i;
        }
      }
      if (anchor >= 0) emitThrough(anchor, process);
      const note = noteOf(step, process);
      if (note) rows.push(note);
    }
    // What the proxy still logged for this process's own connections: the answers it was waiting for, its closes.
    while (cursor < shown.length && processOfConnection.get(shown[cursor]!.connection) === process && !isRequest(shown[cursor]!)) {
      emitThrough(cursor, process);
    }
    rows.push({ kind: 'end', process, killed: !run.done });
  });
  emitThrough(shown.length - 1, Math.max(0, ordered.length - 1));

  attachStored(requests.map((r) => r.row).filter((r) => r.api === 'Produce'), batches);
  for (const [response, request] of answers) response.stored = request.stored;
  return { processes: ordered.map((run) => ({ name: run.name, pid: firstPid(run) })), rows, start: shown[0]?.time ?? null };
}

/**
 * Says what the broker did with each Produce request: an idempotent batch is found in the dump by PID, epoch and
 * BaseSeq, and only the first request with that identity appended it (the broker answers later ones with the first
 * copy's offset); requests without an identity appended one batch each, in order, when the counts agree.
 */
function attachStored(requests: { batch: SentBatch | null; stored: Stored | null }[], batches: DumpBatch[]): void {
  const payload = (b: DumpBatch) => (b.count === 1 ? (b.records[0]?.payload ?? null) : `${b.count} records`);
  const copy = (b: DumpBatch) => batches.slice(0, batches.indexOf(b) + 1).filter((o) => payload(o) === payload(b)).length;
  const stored = (b: DumpBatch, duplicate: boolean): Stored => ({ offset: b.baseOffset, payload: payload(b), duplicate, copy: copy(b) });
  const seen = new Set<DumpBatch>();
  const anonymous = requests.filter((r) => r.batch?.pid == null);
  const anonymousBatches = batches.filter((b) => b.producerId === -1 || !requests.some((r) => r.batch?.pid?.id === b.producerId));
  if (anonymous.length === anonymousBatches.length) {
    anonymous.forEach((r, i) => (r.stored = stored(anonymousBatches[i]!, false)));
  }
  for (const r of requests) {
    const pid = r.batch?.pid;
    if (!pid) continue;
    const batch = batches.find((b) => b.producerId === pid.id && b.producerEpoch === pid.epoch && b.baseSequence === r.batch!.baseSeq);
    if (!batch) continue;
    r.stored = stored(batch, seen.has(batch));
    seen.add(batch);
  }
}
