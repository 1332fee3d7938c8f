import type { DumpBatch } from '@kafka-labs/dumplog';
import { formatPid, parseClientEvent, type ClientEvent, type Pid, type ProducerLine } from '@kafka-labs/kafka-client/producer-log';
import { defineMessages, textsIn, type Lang } from '@kafka-labs/i18n';
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
      /** The batch's numbering as the proxy read it off the request (a Produce request), whatever the client logged. */
      identity: { producerId: number; epoch: number; baseSequence: number } | null;
      /** The error the proxy answered the request with itself, instead of forwarding it to the broker. */
      answered: string | null;
      /** True when the same idempotent process sent this MsgId before: the client's retry. */
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
      fate: 'forwarded' | 'dropped' | 'discarded' | 'answered';
      /** The stored outcome of the request this answers, when known. */
      stored: Stored | null;
    }
  | { kind: 'note'; process: number; at: 'producer' | 'proxy'; tone: Tone; text: string; time: string | null }
  | { kind: 'end'; process: number; killed: boolean };

type RequestRow = Extract<SequenceRow, { kind: 'request' }>;
type ResponseRow = Extract<SequenceRow, { kind: 'response' }>;

export interface SequenceModel {
  /** The language of its notes and of the diagram's labels. */
  lang: Lang;
  processes: { name: string; pid: Pid | null }[];
  rows: SequenceRow[];
  /** The time of the first proxy event: where the diagram's clock starts. */
  start: string | null;
}

/** The words of the diagram: the notes the model writes and the labels the picture draws (evidence stays as logged). */
export const WORDS = defineMessages({
  delivered: { en: (p: { event: string; offset: number | null }) => `${p.event}: delivered, offset=${p.offset}`, ko: (p) => `${p.event}: 전달됨, offset=${p.offset}` },
  deliveryFailed: { en: (p: { event: string; error: string }) => `${p.event}: delivery failed, ${p.error}`, ko: (p) => `${p.event}: 전달 실패, ${p.error}` },
  refused: { en: (p: { event: string; error: string }) => `${p.event}: refused at produce(), ${p.error}: never sent`, ko: (p) => `${p.event}: produce() 에서 거절됨, ${p.error}: 보내지 않음` },
  acquired: { en: (p: { pid: string }) => `acquired ${p.pid}`, ko: (p) => `${p.pid} 받음` },
  acquiredAgain: { en: (p: { pid: string; previous: string }) => `acquired ${p.pid} (previous ${p.previous})`, ko: (p) => `${p.pid} 받음 (이전 ${p.previous})` },
  epochBump: { en: (p: { from: string; to: string; msgId: number }) => `epoch bump: ${p.from} → ${p.to}, from MsgId ${p.msgId} on`, ko: (p) => `epoch 증가: ${p.from} → ${p.to}, MsgId ${p.msgId}부터` },
  timedOut: { en: (p: { api: string; ms: number }) => `${p.api}Request timed out after ${p.ms} ms without a response`, ko: (p) => `${p.api}Request가 응답 없이 ${p.ms} ms 만에 타임아웃` },
  unseen: { en: (p: { msgId: number; baseSeq: number }) => `sent MsgId ${p.msgId} (BaseSeq ${p.baseSeq}), a request the proxy never saw`, ko: (p) => `MsgId ${p.msgId}(BaseSeq ${p.baseSeq})를 보냈지만 프록시는 그 요청을 보지 못함` },
  disconnected: { en: (p: { connection: number; detail: string }) => `connection ${p.connection} closed: ${p.detail}`, ko: (p) => `연결 ${p.connection} 닫힘: ${p.detail}` },
  noReason: { en: () => 'no reason given', ko: () => '이유 없음' },
  closedByFault: { en: (p: { connection: number; detail: string }) => `closed connection ${p.connection} (${p.detail})`, ko: (p) => `연결 ${p.connection}을 닫음 (${p.detail})` },
  aFault: { en: () => 'a fault', ko: () => '장애' },
  appended: { en: (p: { offset: number }) => `appended at offset ${p.offset}`, ko: (p) => `offset ${p.offset}에 덧붙임` },
  appendedValue: { en: (p: { offset: number; value: string }) => `appended at offset ${p.offset} (${p.value})`, ko: (p) => `offset ${p.offset}에 덧붙임 (${p.value})` },
  appendedCopy: { en: (p: { offset: number; value: string; copy: number }) => `appended at offset ${p.offset} (${p.value}, copy ${p.copy})`, ko: (p) => `offset ${p.offset}에 덧붙임 (${p.value}, ${p.copy}번째 사본)` },
  duplicateOf: { en: (p: { offset: number }) => `a duplicate of offset ${p.offset}: not appended`, ko: (p) => `offset ${p.offset}의 중복: 덧붙이지 않음` },
  responseOffset: { en: (p: { offset: number }) => `response: offset ${p.offset}`, ko: (p) => `응답: offset ${p.offset}` },
  responseFirstCopy: { en: (p: { offset: number }) => `response: offset ${p.offset} (the first copy)`, ko: (p) => `응답: offset ${p.offset} (첫 사본)` },
  apiResponse: { en: (p: { api: string }) => `${p.api} response`, ko: (p) => `${p.api} 응답` },
  dropped: { en: (p: { api: string }) => `${p.api} response dropped by the proxy`, ko: (p) => `프록시가 버린 ${p.api} 응답` },
  discarded: { en: (p: { api: string }) => `${p.api} response discarded: its connection was closed`, ko: (p) => `버려진 ${p.api} 응답: 연결이 닫혔어요` },
  droppedTitle: { en: (p: { api: string }) => `the proxy dropped the response to ${p.api}`, ko: (p) => `프록시가 ${p.api}의 응답을 버림` },
  discardedTitle: { en: (p: { api: string }) => `the proxy discarded the response to ${p.api}`, ko: (p) => `프록시가 ${p.api}의 응답을 버림 (연결 닫힘)` },
  requestTitle: { en: (p: { api: string; connection: number; correlationId: string }) => `${p.api} request, connection ${p.connection}, correlation_id ${p.correlationId}`, ko: (p) => `${p.api} 요청, 연결 ${p.connection}, correlation_id ${p.correlationId}` },
  retry: { en: () => 'retry', ko: () => '재시도' },
  answered: {
    en: (p: { error: string }) => `answered by the proxy: ${p.error}, never reached the broker`,
    ko: (p) => `프록시가 ${p.error}로 직접 답함, 브로커에 닿지 않음`,
  },
  answeredResponse: { en: (p: { api: string }) => `${p.api} response written by the proxy`, ko: (p) => `프록시가 직접 쓴 ${p.api} 응답` },
  killed: { en: () => 'process killed: no delivery report', ko: () => '프로세스 강제 종료: 전달 보고 없음' },
  noPid: { en: () => 'no producer id', ko: () => 'producer id 없음' },
  proxy: { en: () => 'proxy', ko: () => '프록시' },
  proxySub: { en: (p: { port: string }) => `fault proxy ${p.port}`, ko: (p) => `장애 프록시 ${p.port}` },
  broker: { en: () => 'broker', ko: () => '브로커' },
  brokerSub: { en: (p: { port: string }) => `partition leader ${p.port}`, ko: (p) => `파티션 리더 ${p.port}` },
  pause: { en: (p: { seconds: string }) => `${p.seconds} pass`, ko: (p) => `${p.seconds} 경과` },
});

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
const fateOf = (e: ProxyEvent) =>
  e.action === 'response-dropped' ? 'dropped' : e.action === 'response-discarded' ? 'discarded' : e.action === 'injected' ? 'answered' : 'forwarded';
const sameExchange = (request: ProxyEvent, e: ProxyEvent) =>
  e.connection === request.connection && e.correlationId === request.correlationId && e.apiName === request.apiName;

function noteOf(step: ProducerStep, process: number, lang: Lang): SequenceRow | null {
  const t = textsIn(WORDS, lang);
  const note = (tone: Tone, text: string): SequenceRow => ({ kind: 'note', process, at: 'producer', tone, text, time: null });
  if (step.kind === 'result') {
    const { event, offset, error } = step.line;
    if (!error) return note('good', t.delivered({ event, offset }));
    const named = `${error.name}${error.code === null ? '' : ` (${error.code})`}`;
    // librdkafka's produce() throws QUEUE_FULL when its queue has no room: the record never entered the client.
    return note('bad', error.name === '_QUEUE_FULL' ? t.refused({ event, error: named }) : t.deliveryFailed({ event, error: named }));
  }
  const e: ClientEvent = step.event;
  switch (e.kind) {
    case 'pid-acquired':
      return note('plain', e.previous ? t.acquiredAgain({ pid: formatPid(e.pid), previous: formatPid(e.previous) }) : t.acquired({ pid: formatPid(e.pid) }));
    case 'pid-changed':
      return e.from ? note('warn', t.epochBump({ from: formatPid(e.from), to: formatPid(e.to), msgId: e.baseMsgId })) : null;
    case 'request-timeout':
      return note('warn', t.timedOut({ api: e.api, ms: e.afterMs }));
    case 'batch-error':
      return note('warn', `MsgId ${e.msgId}, BaseSeq ${e.baseSeq}: ${e.error} → ${e.actions.join(', ')}`);
    default:
      return null;
  }
}

/** The rows of the diagram, from the proxy's events, the producer logs (in process order) and the stored batches. */
export function sequenceModel(producers: ProducerLines[], proxy: ProxyEvent[], batches: DumpBatch[], lang: Lang = 'en'): SequenceModel {
  const t = textsIn(WORDS, lang);
  const ordered = processOrder(producers.map(producerRun));
  const produceConnections = new Set(proxy.filter((e) => isRequest(e) && e.apiName === 'Produce').map((e) => e.connection));
  const sorted = [...proxy].sort((x, y) => x.seq - y.seq);
  // A request the proxy held is logged when it arrives (delayed) and again when it leaves (forwarded or answered):
  // it is drawn once, as it left.
  const heldThenSent = (e: ProxyEvent) => e.action === 'delayed' && isRequest(e) && sorted.some((o) => o.seq > e.seq && o.direction === 'request' && sameExchange(e, o));
  const shown = sorted.filter(
    (e) => !heldThenSent(e) && (isRequest(e) || isResponse(e) || FAULTS.has(e.action) || (e.action === 'disconnected' && produceConnections.has(e.connection))),
  );
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
      const retry = batch?.pid != null && requests.some(({ row }) => row.process === process && row.batch?.msgId === batch.msgId);
      const p = e.produce?.partitions[0];
      const identity = p ? { producerId: p.producerId, epoch: p.producerEpoch, baseSequence: p.baseSequence } : null;
      const answered = e.action === 'answered' ? (e.errorName ?? 'an error') : null;
      const row: RequestRow = {
        kind: 'request', process, time: e.time, api: e.apiName!, ordinal: e.ordinal ?? null, connection: e.connection,
        correlationId: e.correlationId ?? null, batch, identity, answered, retry, stored: null,
      };
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
        ? t.disconnected({ connection: e.connection, detail: e.detail ?? t.noReason() })
        : e.action === 'closed'
          ? t.closedByFault({ connection: e.connection, detail: e.detail ?? t.aFault() })
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
        else rows.push({ kind: 'note', process, at: 'producer', tone: 'warn', text: t.unseen({ msgId: event.msgId, baseSeq: event.baseSeq }), time: null });
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
      const note = noteOf(step, process, lang);
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
  return { lang, processes: ordered.map((run) => ({ name: run.name, pid: firstPid(run) })), rows, start: shown[0]?.time ?? null };
}

/**
 * Says what the broker did with each Produce request the proxy forwarded: an idempotent batch is found in the dump by
 * the PID, epoch and BaseSeq the proxy read off its request, and only the first request with that identity appended it (the broker answers later ones with the first
 * copy's offset); requests without an identity appended one batch each, in order, when the counts agree.
 */
function attachStored(all: RequestRow[], batches: DumpBatch[]): void {
  // A request the proxy answered itself never reached the broker.
  const requests = all.filter((r) => r.answered === null);
  const idOf = (r: RequestRow) => (r.identity && r.identity.producerId >= 0 ? r.identity : null);
  const payload = (b: DumpBatch) => (b.count === 1 ? (b.records[0]?.payload ?? null) : `${b.count} records`);
  const copy = (b: DumpBatch) => batches.slice(0, batches.indexOf(b) + 1).filter((o) => payload(o) === payload(b)).length;
  const stored = (b: DumpBatch, duplicate: boolean): Stored => ({ offset: b.baseOffset, payload: payload(b), duplicate, copy: copy(b) });
  const seen = new Set<DumpBatch>();
  const anonymous = requests.filter((r) => idOf(r) === null);
  const anonymousBatches = batches.filter((b) => b.producerId === -1 || !requests.some((r) => idOf(r)?.producerId === b.producerId));
  if (anonymous.length === anonymousBatches.length) {
    anonymous.forEach((r, i) => (r.stored = stored(anonymousBatches[i]!, false)));
  }
  for (const r of requests) {
    const id = idOf(r);
    if (!id) continue;
    const batch = batches.find((b) => b.producerId === id.producerId && b.producerEpoch === id.epoch && b.baseSequence === id.baseSequence);
    if (!batch) continue;
    r.stored = stored(batch, seen.has(batch));
    seen.add(batch);
  }
}
