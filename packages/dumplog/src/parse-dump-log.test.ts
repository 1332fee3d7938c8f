import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDumpLog, parseDumpLogFile } from './parse-dump-log.ts';

// Every fixture is stdout of Kafka 4.3.1 kafka-dump-log on a segment written by a real client (see README.md).
const fixtureText = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const fixture = (name: string) => parseDumpLog(fixtureText(name));

describe('parseDumpLog on real dumps', () => {
  it('reads the batch of an idempotent producer: a producer id, epoch 0 and sequences from 0', () => {
    expect(fixture('idempotent.txt')).toEqual({
      file: '/tmp/kt/data/dl-idem-1795995863-0/00000000000000000000.log',
      startOffset: 0,
      batches: [
        {
          baseOffset: 0, lastOffset: 1, count: 2, baseSequence: 0, lastSequence: 1, producerId: 0,
          producerEpoch: 0, partitionLeaderEpoch: 0, isTransactional: false, isControl: false, deleteHorizonMs: null, position: 0,
          timestampType: 'CreateTime', createTime: 1795995872192, size: 83, magic: 2, compressCodec: 'none', crc: 261890921,
          isValid: true,
          records: [
            { offset: 0, createTime: 1795995872177, keySize: -1, valueSize: 4, sequence: 0, headerKeys: [], payload: 'E-41' },
            { offset: 1, createTime: 1795995872192, keySize: -1, valueSize: 4, sequence: 1, headerKeys: [], payload: 'E-42' },
          ],
        },
      ],
      errors: [],
    });
  });

  it('reads the batch of a non-idempotent producer: producerId, producerEpoch and sequences are -1', () => {
    expect(fixture('non-idempotent.txt')).toEqual({
      file: '/tmp/kt/data/dl-plain-1795995863-0/00000000000000000000.log',
      startOffset: 0,
      batches: [
        {
          baseOffset: 0, lastOffset: 1, count: 2, baseSequence: -1, lastSequence: -1, producerId: -1,
          producerEpoch: -1, partitionLeaderEpoch: 0, isTransactional: false, isControl: false, deleteHorizonMs: null, position: 0,
          timestampType: 'CreateTime', createTime: 1795995873334, size: 83, magic: 2, compressCodec: 'none', crc: 837503673,
          isValid: true,
          records: [
            { offset: 0, createTime: 1795995873298, keySize: -1, valueSize: 4, sequence: -1, headerKeys: [], payload: 'E-41' },
            { offset: 1, createTime: 1795995873334, keySize: -1, valueSize: 4, sequence: -1, headerKeys: [], payload: 'E-42' },
          ],
        },
      ],
      errors: [],
    });
  });

  it('reads keys and payloads from a gzip batch, keeping spaces, a trailing space and field-like text', () => {
    expect(fixture('compressed.txt')).toEqual({
      file: '/tmp/kt/data/dl-compressed-1795995863-0/00000000000000000000.log',
      startOffset: 0,
      batches: [
        {
          baseOffset: 0, lastOffset: 2, count: 3, baseSequence: 0, lastSequence: 2, producerId: 4,
          producerEpoch: 0, partitionLeaderEpoch: 0, isTransactional: false, isControl: false, deleteHorizonMs: null, position: 0,
          timestampType: 'CreateTime', createTime: 1795995956084, size: 181, magic: 2, compressCodec: 'gzip', crc: 1318326009,
          isValid: true,
          records: [
            { offset: 0, createTime: 1795995956068, keySize: 7, valueSize: 17, sequence: 0, headerKeys: [], key: 'order-1', payload: 'hello kafka world' },
            { offset: 1, createTime: 1795995956084, keySize: 7, valueSize: 25, sequence: 1, headerKeys: [], key: 'order-2', payload: 'two  spaces and a | pipe ' },
            { offset: 2, createTime: 1795995956084, keySize: 7, valueSize: 37, sequence: 2, headerKeys: [], key: 'order-3', payload: 'payload: looks like a field offset: 9' },
          ],
        },
      ],
      errors: [],
    });
  });

  it('reads transactional batches, header keys, a null value and the COMMIT and ABORT markers', () => {
    expect(fixture('transactions.txt')).toEqual({
      file: '/tmp/kt/data/dl-txn-1795995863-0/00000000000000000000.log',
      startOffset: 0,
      batches: [
        {
          baseOffset: 0, lastOffset: 2, count: 3, baseSequence: 0, lastSequence: 2, producerId: 3,
          producerEpoch: 0, partitionLeaderEpoch: 0, isTransactional: true, isControl: false, deleteHorizonMs: null, position: 0,
          timestampType: 'CreateTime', createTime: 1795995942206, size: 145, magic: 2, compressCodec: 'none', crc: 783495230,
          isValid: true,
          records: [
            { offset: 0, createTime: 1795995942206, keySize: 6, valueSize: 13, sequence: 0, headerKeys: ['trace-id','source'], key: 'acct-7', payload: 'debit 100 won' },
            { offset: 1, createTime: 1795995942206, keySize: -1, valueSize: 14, sequence: 1, headerKeys: [], payload: 'credit 100 won' },
            { offset: 2, createTime: 1795995942206, keySize: 6, valueSize: -1, sequence: 2, headerKeys: [], key: 'acct-8' },
          ],
        },
        {
          baseOffset: 3, lastOffset: 3, count: 1, baseSequence: -1, lastSequence: -1, producerId: 3,
          producerEpoch: 0, partitionLeaderEpoch: 0, isTransactional: true, isControl: true, deleteHorizonMs: null, position: 145,
          timestampType: 'CreateTime', createTime: 1795995942361, size: 78, magic: 2, compressCodec: 'none', crc: 622587925,
          isValid: true,
          records: [
            { offset: 3, createTime: 1795995942361, keySize: 4, valueSize: 6, sequence: -1, headerKeys: [], endTxnMarker: 'COMMIT', coordinatorEpoch: 0 },
          ],
        },
        {
          baseOffset: 4, lastOffset: 4, count: 1, baseSequence: 3, lastSequence: 3, producerId: 3,
          producerEpoch: 0, partitionLeaderEpoch: 0, isTransactional: true, isControl: false, deleteHorizonMs: null, position: 223,
          timestampType: 'CreateTime', createTime: 1795995942346, size: 79, magic: 2, compressCodec: 'none', crc: 36737994,
          isValid: true,
          records: [
            { offset: 4, createTime: 1795995942346, keySize: -1, valueSize: 11, sequence: 3, headerKeys: [], payload: 'rolled back' },
          ],
        },
        {
          baseOffset: 5, lastOffset: 5, count: 1, baseSequence: -1, lastSequence: -1, producerId: 3,
          producerEpoch: 0, partitionLeaderEpoch: 0, isTransactional: true, isControl: true, deleteHorizonMs: null, position: 302,
          timestampType: 'CreateTime', createTime: 1795995942456, size: 78, magic: 2, compressCodec: 'none', crc: 2510033117,
          isValid: true,
          records: [
            { offset: 5, createTime: 1795995942456, keySize: 4, valueSize: 6, sequence: -1, headerKeys: [], endTxnMarker: 'ABORT', coordinatorEpoch: 0 },
          ],
        },
      ],
      errors: [],
    });
  });

  it('reads the markers of a Java transactional producer, which carry a bumped epoch', () => {
    expect(fixture('transactions-java.txt')).toEqual({
      file: '/tmp/kt/data/dl-jtxn-1795995863-0/00000000000000000000.log',
      startOffset: 0,
      batches: [
        {
          baseOffset: 0, lastOffset: 0, count: 1, baseSequence: 0, lastSequence: 0, producerId: 11,
          producerEpoch: 0, partitionLeaderEpoch: 0, isTransactional: true, isControl: false, deleteHorizonMs: null, position: 0,
          timestampType: 'CreateTime', createTime: 1795996189418, size: 72, magic: 2, compressCodec: 'none', crc: 534575686,
          isValid: true,
          records: [
            { offset: 0, createTime: 1795996189418, keySize: -1, valueSize: 4, sequence: 0, headerKeys: [], payload: 'kept' },
          ],
        },
        {
          baseOffset: 1, lastOffset: 1, count: 1, baseSequence: -1, lastSequence: -1, producerId: 11,
          producerEpoch: 1, partitionLeaderEpoch: 0, isTransactional: true, isControl: true, deleteHorizonMs: null, position: 72,
          timestampType: 'CreateTime', createTime: 1795996189606, size: 78, magic: 2, compressCodec: 'none', crc: 1389442000,
          isValid: true,
          records: [
            { offset: 1, createTime: 1795996189606, keySize: 4, valueSize: 6, sequence: -1, headerKeys: [], endTxnMarker: 'COMMIT', coordinatorEpoch: 0 },
          ],
        },
        {
          baseOffset: 2, lastOffset: 2, count: 1, baseSequence: 0, lastSequence: 0, producerId: 11,
          producerEpoch: 1, partitionLeaderEpoch: 0, isTransactional: true, isControl: false, deleteHorizonMs: null, position: 150,
          timestampType: 'CreateTime', createTime: 1795996189986, size: 75, magic: 2, compressCodec: 'none', crc: 1562021561,
          isValid: true,
          records: [
            { offset: 2, createTime: 1795996189986, keySize: -1, valueSize: 7, sequence: 0, headerKeys: [], payload: 'dropped' },
          ],
        },
        {
          baseOffset: 3, lastOffset: 3, count: 1, baseSequence: -1, lastSequence: -1, producerId: 11,
          producerEpoch: 2, partitionLeaderEpoch: 0, isTransactional: true, isControl: true, deleteHorizonMs: null, position: 225,
          timestampType: 'CreateTime', createTime: 1795996190176, size: 78, magic: 2, compressCodec: 'none', crc: 4171722527,
          isValid: true,
          records: [
            { offset: 3, createTime: 1795996190176, keySize: 4, valueSize: 6, sequence: -1, headerKeys: [], endTxnMarker: 'ABORT', coordinatorEpoch: 0 },
          ],
        },
      ],
      errors: [],
    });
  });

  it('reads a compacted batch with its deleteHorizonMs and the offset it lost', () => {
    expect(fixture('compacted.txt')).toEqual({
      file: '/tmp/kt/data/dl-compact-1795995863-0/00000000000000000000.log',
      startOffset: 0,
      batches: [
        {
          baseOffset: 0, lastOffset: 2, count: 2, baseSequence: 0, lastSequence: 2, producerId: 5,
          producerEpoch: 0, partitionLeaderEpoch: 0, isTransactional: false, isControl: false, deleteHorizonMs: 1795996575583, position: 0,
          timestampType: 'CreateTime', createTime: 1795995966996, size: 82, magic: 2, compressCodec: 'none', crc: 89757928,
          isValid: true,
          records: [
            { offset: 1, createTime: 1795995966996, keySize: 1, valueSize: 1, sequence: 1, headerKeys: [], key: 'b', payload: '2' },
            { offset: 2, createTime: 1795995966996, keySize: 1, valueSize: -1, sequence: 2, headerKeys: [], key: 'a' },
          ],
        },
      ],
      errors: [],
    });
  });

  it('joins a value that spans lines and splits an ambiguous key by its keySize', () => {
    expect(fixture('multiline.txt')).toEqual({
      file: '/tmp/kt/data/dl-nl-1795995863-0/00000000000000000000.log',
      startOffset: 0,
      batches: [
        {
          baseOffset: 0, lastOffset: 1, count: 2, baseSequence: -1, lastSequence: -1, producerId: -1,
          producerEpoch: -1, partitionLeaderEpoch: 0, isTransactional: false, isControl: false, deleteHorizonMs: null, position: 0,
          timestampType: 'CreateTime', createTime: 1795996054967, size: 110, magic: 2, compressCodec: 'none', crc: 3958981035,
          isValid: true,
          records: [
            { offset: 0, createTime: 1795996054967, keySize: 12, valueSize: 18, sequence: -1, headerKeys: [], key: 'k payload: x', payload: 'line one\nline two\n' },
            { offset: 1, createTime: 1795996054967, keySize: -1, valueSize: 5, sequence: -1, headerKeys: [], payload: 'after' },
          ],
        },
      ],
      errors: [],
    });
  });

  it('keeps a batch whose crc fails and reports the invalid bytes at the end of the segment', () => {
    expect(fixture('corrupt.txt')).toEqual({
      file: 'bad/00000000000000000000.log',
      startOffset: 0,
      batches: [
        {
          baseOffset: 0, lastOffset: 1, count: 2, baseSequence: 0, lastSequence: 1, producerId: 0,
          producerEpoch: 0, partitionLeaderEpoch: 0, isTransactional: false, isControl: false, deleteHorizonMs: null, position: 0,
          timestampType: 'CreateTime', createTime: 1795995872192, size: 83, magic: 2, compressCodec: 'none', crc: 261890921,
          isValid: false,
          records: [
            { offset: 0, createTime: 1795995872177, keySize: -1, valueSize: 4, sequence: 0, headerKeys: [], payload: 'E-41' },
            { offset: 1, createTime: 1795995872192, keySize: -1, valueSize: 4, sequence: 1, headerKeys: [], payload: 'E-43' },
          ],
        },
      ],
      errors: [{"line":6,"reason":"invalidBytes","text":"Found 10 invalid bytes at the end of 00000000000000000000.log"}],
    });
  });

  it('reads a dump made without --print-data-log as the same batches without records', () => {
    const full = fixture('transactions.txt');
    expect(fixture('transactions-no-data.txt')).toEqual({
      ...full,
      batches: full.batches.map((batch) => ({ ...batch, records: [] })),
    });
  });

  it('reads CRLF line endings like LF', () => {
    expect(parseDumpLog(fixtureText('transactions.txt').replace(/\n/g, '\r\n'))).toEqual(fixture('transactions.txt'));
  });

  it('keeps a batch whose producerId exceeds 2^53 and reports the number', () => {
    const text = fixtureText('idempotent.txt').replace('producerId: 0 ', 'producerId: 9223372036854775807 ');
    const dump = parseDumpLog(text);
    expect(dump.batches).toHaveLength(1);
    expect(dump.errors).toEqual([{ line: 3, reason: 'unsafeNumber', text: text.split('\n')[2]!.slice(0, 120) }]);
  });
});

describe('parseDumpLog under a script banner', () => {
  const banner = '\n> kafka-labs@ kafka /home/learner/kafka-labs\n> exec node --import tsx scripts/kafka.ts kafka-dump-log --files x.log --print-data-log\n\n';

  it('skips the banner pnpm prints above the output of `pnpm kafka` without -s', () => {
    expect(parseDumpLog(banner + fixtureText('idempotent.txt'))).toEqual(fixture('idempotent.txt'));
  });

  it('skips a banner between two outputs appended to one file', () => {
    const text = fixtureText('idempotent.txt');
    const twice = parseDumpLog(banner + text + banner + text);
    expect(twice.errors).toEqual([]);
    expect(twice.batches).toEqual([...fixture('idempotent.txt').batches, ...fixture('idempotent.txt').batches]);
  });

  it('takes a lone "> " line as an error, not as a banner', () => {
    expect(parseDumpLog('> node scripts/kafka.ts\n').errors).toEqual([{ line: 1, reason: 'unrecognised', text: '> node scripts/kafka.ts' }]);
  });
});

describe('parseDumpLog on bad input', () => {
  const empty = { file: null, startOffset: null, batches: [], errors: [] };

  it('returns an empty dump for an empty string', () => {
    expect(parseDumpLog('')).toEqual(empty);
  });

  it('reports input that is not a string instead of throwing', () => {
    expect(parseDumpLog(undefined as unknown as string)).toEqual({ ...empty, errors: [{ line: 0, reason: 'notText', text: 'undefined' }] });
  });

  it('lists every line of a dump of an index and a producer snapshot as unrecognised', () => {
    expect(fixture('index-and-snapshot.txt')).toEqual({
      file: '/tmp/kt/data/dl-compact-1795995863-0/00000000000000000003.index',
      startOffset: null,
      batches: [],
      errors: [
        { line: 2, reason: 'unrecognised', text: 'offset: 3 position: 0' },
        { line: 4, reason: 'unrecognised', text: fixtureText('index-and-snapshot.txt').split('\n')[3]!.slice(0, 120) },
      ],
    });
  });

  it('reports a record line that comes before any batch line', () => {
    const recordLine = fixtureText('idempotent.txt').split('\n')[3]!;
    expect(parseDumpLog(`dl-idem:0:2\n${recordLine}\n`).errors).toEqual([
      { line: 1, reason: 'unrecognised', text: 'dl-idem:0:2' },
      { line: 2, reason: 'recordOutsideBatch', text: recordLine },
    ]);
  });

  it('finds no batch in random bytes, lists at most 100 errors and keeps their text printable', () => {
    const dump = parseDumpLog(randomBytes(1 << 20).toString('latin1'));
    expect(dump.batches).toEqual([]);
    expect(dump.errors.length).toBeGreaterThan(0);
    expect(dump.errors.length).toBeLessThanOrEqual(100);
    for (const error of dump.errors) expect(error.text).not.toMatch(/[\u0000-\u001f\u007f]/);
  });

  it('ends the error list with tooManyErrors when more lines fail', () => {
    const { errors } = parseDumpLog('garbage\n'.repeat(1000));
    expect(errors).toHaveLength(100);
    expect(errors[98]).toEqual({ line: 99, reason: 'unrecognised', text: 'garbage' });
    expect(errors[99]).toEqual({ line: 100, reason: 'tooManyErrors', text: '' });
  });
});

describe('parseDumpLogFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dumplog-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a file across stream chunks like parseDumpLog reads the string', async () => {
    const text = fixtureText('multiline.txt').repeat(2000);
    const file = join(dir, 'big.txt');
    writeFileSync(file, text);
    const dump = await parseDumpLogFile(file);
    expect(dump.batches).toHaveLength(2000);
    expect(dump).toEqual(parseDumpLog(text));
  });

  it('reports a line beyond 2^24 characters without holding it', async () => {
    const file = join(dir, 'long.txt');
    writeFileSync(file, `${'x'.repeat(2 ** 24 + 10)}\n${fixtureText('idempotent.txt')}`);
    const dump = await parseDumpLogFile(file);
    expect(dump.errors).toEqual([{ line: 1, reason: 'lineTooLong', text: 'x'.repeat(120) }]);
    expect(dump.batches).toEqual(fixture('idempotent.txt').batches);
  });

  it('rejects with the file system error when the file is missing', async () => {
    await expect(parseDumpLogFile(join(dir, 'missing.txt'))).rejects.toThrow(/ENOENT/);
  });
});
