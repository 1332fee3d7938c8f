import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConsoleRecords, parseHangingTransactions, parseLog4jLine, parseProducerStates, parseTransactionStates } from './tool-output.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseConsoleRecords', () => {
  it('reads print.offset lines and leaves out what the tool says on the side', () => {
    const text = 'Offset:6\tO-1\t{"eventId":"E-0001"}\nProcessed a total of 1 messages\nOffset:7\tE-42\n';
    expect(parseConsoleRecords(text)).toEqual([
      { offset: 6, value: 'O-1\t{"eventId":"E-0001"}' },
      { offset: 7, value: 'E-42' },
    ]);
  });
});

describe('parseTransactionStates', () => {
  it('reads a complete transaction of a real describe: its state, epoch and no partitions', () => {
    expect(parseTransactionStates(fixture('transactions-describe.txt'))).toEqual([
      { transactionalId: 'eo-tx1', producerId: 3000, producerEpoch: 0, state: 'CompleteCommit', timeoutMs: 60000, partitions: [] },
    ]);
  });

  it('reads an open transaction with the partitions it writes to', () => {
    expect(parseTransactionStates(fixture('transactions-describe-ongoing.txt'))).toMatchObject([{ state: 'Ongoing', partitions: ['eo-out-0'] }]);
  });

  it('answers [] for output without its table', () => {
    expect(parseTransactionStates('Error: the transactional id does not exist\n')).toEqual([]);
    expect(parseTransactionStates('')).toEqual([]);
  });
});

describe('parseProducerStates', () => {
  it('reads a producer with a transaction open on the partition (a real describe-producers)', () => {
    expect(parseProducerStates(fixture('transactions-describe-producers.txt'))).toEqual([
      { producerId: 2, producerEpoch: 0, coordinatorEpoch: -1, lastSequence: 4, lastTimestamp: 1796195801032, openTransactionStart: 0 },
    ]);
  });

  it('reads None as no open transaction, and answers [] without the header', () => {
    const closed = fixture('transactions-describe-producers.txt').replace(/\t0 {28}\t/, '\tNone                         \t');
    expect(parseProducerStates(closed)).toMatchObject([{ openTransactionStart: null }]);
    expect(parseProducerStates('Failed to describe producers\n')).toEqual([]);
  });
});

describe('parseHangingTransactions', () => {
  it('reads the header alone as none found, and a row as a hanging transaction', () => {
    const none = fixture('transactions-find-hanging-none.txt');
    expect(parseHangingTransactions(none)).toEqual([]);
    expect(parseHangingTransactions(`${none}orders\t0\t7\t2\t-1\t12\t1796195801032\t16\t\n`)).toEqual([
      { topic: 'orders', partition: 0, producerId: 7, producerEpoch: 2, startOffset: 12 },
    ]);
  });

  it('answers null for output without its table (the tool failed)', () => {
    expect(parseHangingTransactions('The `find-hanging` command requires either --topic or --broker-id\n')).toBeNull();
  });
});

describe('parseLog4jLine', () => {
  const line = '[2026-12-01 09:53:35,557] WARN [Producer clientId=console-producer] Got error produce response (org.apache.kafka.clients.producer.internals.Sender)';

  it('reads one log4j line: time, level, message', () => {
    expect(parseLog4jLine(line)).toEqual({ time: '2026-12-01 09:53:35,557', level: 'WARN', message: line.slice(31) });
  });

  it('is null for a line of another shape, or for lines run together into one', () => {
    expect(parseLog4jLine('> node scripts/kafka.ts')).toBeNull();
    expect(parseLog4jLine(`x ${line}`)).toBeNull();
    expect(parseLog4jLine(`${line} ${line}`)).toBeNull();
  });
});
