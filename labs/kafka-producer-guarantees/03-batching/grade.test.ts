import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { goldenRunFolder, gradeAltered, gradeGolden, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';

const LAB = labIdOf(import.meta.url);

/** Replaces the last match of `pattern` in a text. */
const replaceLast = (pattern: string, by: string) => (text: string) => {
  const at = text.lastIndexOf(pattern);
  return at < 0 ? text : `${text.slice(0, at)}${by}${text.slice(at + pattern.length)}`;
};

describe(LAB, () => {
  testPicture(LAB, { shows: ['linger.ms: the same 300 records per bar, batches', 'compression.codec: the same 500 records per bar, bytes stored', 'linger-20-max-5', 'zstd'] });

  test('a gzip batch of 50000 bytes is drawn as one', async () => {
    const text = await alteredPicture(LAB, 'codecs-dump.txt', (dump) => dump.replace(/size: \d+ magic: 2 compresscodec: gzip/, 'size: 50000 magic: 2 compresscodec: gzip'));
    expect(text).toContain('50000 bytes in 1 batch(es), gzip');
  });

  testGoldenInBothLanguages(LAB);

  test('the golden run (a real run against the broker) passes', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({ verdict: 'pass', figures: { linger0Batches: 240, linger5Batches: 89, linger20Batches: 26, noneBytes: 47330 } });
  });

  test('linger.ms=20 in as many batches as linger.ms=0 fails more-linger-fewer-batches', async () => {
    const lingerZero = readFileSync(join(goldenRunFolder(LAB), 'linger-0.log'), 'utf8');
    const graded = await gradeAltered(LAB, 'linger-20.log', () => lingerZero);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ more-linger-fewer-batches: .*\(linger-0 240 batches, linger-5 89 batches, linger-20 240 batches\)/);
  });

  test('a batch above batch.num.messages fails batch-num-messages-caps', async () => {
    const graded = await gradeAltered(LAB, 'batching-dump.txt', replaceLast(' count: 5 ', ' count: 6 '));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ batch-num-messages-caps: .*\(at most 6 per batch; 62 batches against 26\)/);
    expect(graded.stdout).toMatch(/✘ all-stored: /);
  });

  test('a gzip batch larger than none fails codec-gzip-smaller-than-none', async () => {
    const graded = await gradeAltered(LAB, 'codecs-dump.txt', (dump) => dump.replace('size: 4643 magic: 2 compresscodec: gzip', 'size: 50000 magic: 2 compresscodec: gzip'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ codec-gzip-smaller-than-none: .*50000 bytes, gzip\)/);
  });

  test('a zstd producer whose batch is stored uncompressed fails codec-zstd-smaller-than-none', async () => {
    const graded = await gradeAltered(LAB, 'codecs-dump.txt', (dump) => dump.replace('compresscodec: zstd', 'compresscodec: none'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ codec-zstd-smaller-than-none: .*3217 bytes, none\)/);
  });

  test('a kafkajs snappy send that succeeded fails kafkajs-snappy-not-implemented', async () => {
    const graded = await gradeAltered(LAB, 'kafkajs-codec-snappy.log', (log) => log.replace(/result: error KafkaJSNotImplemented .*$/m, 'result: offset=2501'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ kafkajs-snappy-not-implemented: .*\(0\.\ds E-42 result: offset=2501; /);
  });

  test('a kafkajs gzip record stored uncompressed fails kafkajs-gzip-stored-compressed', async () => {
    const graded = await gradeAltered(LAB, 'codecs-dump.txt', replaceLast('compresscodec: gzip', 'compresscodec: none'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ kafkajs-gzip-stored-compressed: .*92 bytes, none\)/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
