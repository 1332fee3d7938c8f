import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { dataBatches, readDump } from '@kafka-labs/dumplog';
import { readRunFile } from '@kafka-labs/grader';
import { scanProducerLog } from '@kafka-labs/kafka-client/producer-log';
import { readProxyEvents } from '@kafka-labs/proxy';
import { sequenceModel, type SequenceRow } from './sequence-model.ts';

// The files of real 02-idempotent-retry and 04-restart runs.
const fixture = (lab: string) => fileURLToPath(new URL(`../fixtures/${lab}/`, import.meta.url));

async function modelOf(lab: string, producers: string[], lang: 'en' | 'ko' = 'en') {
  const dir = fixture(lab);
  const runs = await Promise.all(producers.map(async (file) => ({ name: file.replace(/\.log$/, ''), lines: scanProducerLog(await readRunFile(dir, file)).lines })));
  return sequenceModel(runs, await readProxyEvents(dir), dataBatches(await readDump(dir, 'dump.txt')), lang);
}

/** A row as one short line, to compare whole diagrams. */
function brief(row: SequenceRow): string {
  if (row.kind === 'request') return `${row.process} ${row.api}${row.ordinal ? ` #${row.ordinal}` : ''}${row.batch ? ` seq ${row.batch.baseSeq}` : ''}${row.retry ? ' retry' : ''}${row.stored ? ` -> ${row.stored.duplicate ? 'dup of ' : ''}${row.stored.offset}` : ''}`;
  if (row.kind === 'response') return `${row.process} ${row.api} response ${row.fate}`;
  if (row.kind === 'note') return `${row.process} ${row.at}: ${row.text}`;
  return `${row.process} end${row.killed ? ' killed' : ''}`;
}

describe('sequenceModel', () => {
  test('the idempotent retry: the dropped response, the time-out, the retry with the same BaseSeq recognised as a duplicate', async () => {
    const model = await modelOf('02-idempotent-retry', ['producer.log']);
    expect(model.rows.map(brief)).toEqual([
      '0 InitProducerId #1',
      '0 InitProducerId response forwarded',
      '0 producer: acquired PID{Id:1003,Epoch:0}',
      '0 Produce #1 seq 0 -> 0',
      '0 Produce response forwarded',
      '0 producer: E-41: delivered, offset=0',
      '0 Produce #2 seq 1 -> 1',
      '0 Produce response dropped',
      '0 producer: ProduceRequest timed out after 3979 ms without a response',
      '0 producer: MsgId 2, BaseSeq 1: Local: Timed out → Retry, MsgPossiblyPersisted',
      '0 proxy: connection 2 closed: the client closed the connection',
      '0 Produce #3 seq 1 retry -> dup of 1',
      '0 Produce response forwarded',
      '0 producer: E-42: delivered, offset=1',
      '0 Produce #4 seq 2 -> 2',
      '0 Produce response forwarded',
      '0 producer: E-43: delivered, offset=2',
      '0 proxy: connection 3 closed: the client closed the connection',
      '0 end',
    ]);
  });

  test('the restart: the killed process and the restarted one, each with its own producer id', async () => {
    const model = await modelOf('04-restart', ['producer-restarted.log', 'producer-killed.log']);
    expect(model.processes.map((p) => `${p.name} ${p.pid?.id}`)).toEqual(['producer-killed 18', 'producer-restarted 19']);
    expect(model.rows.map(brief)).toEqual([
      '0 InitProducerId #1',
      '0 InitProducerId response forwarded',
      '0 producer: acquired PID{Id:18,Epoch:0}',
      '0 Produce #1 seq 0 -> 0',
      '0 Produce response dropped',
      '0 proxy: connection 2 closed: the client closed the connection',
      '0 end killed',
      '1 InitProducerId #2',
      '1 InitProducerId response forwarded',
      '1 producer: acquired PID{Id:19,Epoch:0}',
      '1 Produce #2 seq 0 -> 1',
      '1 Produce response forwarded',
      '1 producer: E-42: delivered, offset=1',
      '1 proxy: connection 4 closed: the client closed the connection',
      '1 end',
    ]);
  });

  test('in Korean the notes are Korean and the evidence in them stays as logged', async () => {
    const notes = (await modelOf('02-idempotent-retry', ['producer.log'], 'ko')).rows.flatMap((r) => (r.kind === 'note' ? [r.text] : []));
    expect(notes).toContain('E-42: 전달됨, offset=1');
    expect(notes).toContain('MsgId 2, BaseSeq 1: Local: Timed out → Retry, MsgPossiblyPersisted');
  });
});
