import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';
import { goldenRunFolder, gradeAltered, gradeGolden, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';

const LAB = labIdOf(import.meta.url);

/** Replaces the `size:` of the last batch line of a dump. */
const lastSize = (bytes: number) => (dump: string) => {
  const at = dump.lastIndexOf(' size: ');
  return `${dump.slice(0, at)}${dump.slice(at).replace(/ size: \d+/, ` size: ${bytes}`)}`;
};

describe(LAB, () => {
  testPicture(LAB, {
    shows: ['batch.size, librdkafka gzip: the same 3000 records per bar, bytes stored', 'batch.size, java gzip', '128 KB', '× smaller than none'],
  });

  test('a larger 128 KB gzip batch is drawn with its bytes', async () => {
    const dump = readFileSync(join(goldenRunFolder(LAB), 'batch-128k-gzip-dump.txt'), 'utf8');
    const sizes = [...dump.matchAll(/ size: (\d+) /g)].map((m) => Number(m[1]));
    const bytes = sizes.slice(0, -1).reduce((n, s) => n + s, 99999);
    const text = await alteredPicture(LAB, 'batch-128k-gzip-dump.txt', lastSize(99999));
    expect(text).toContain(`${bytes} bytes in ${sizes.length} batch(es), gzip`);
  });

  testGoldenInBothLanguages(LAB);

  test('the golden run (a real run against the broker) passes', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    const f = graded.result!.figures as Record<string, number>;
    for (const codec of ['Gzip', 'Snappy', 'Lz4', 'Zstd']) {
      expect(f[`librdkafka${codec}1kRatio`]).toBeLessThan(f[`librdkafka${codec}16kRatio`]!);
      expect(f[`librdkafka${codec}16kRatio`]).toBeLessThan(f[`librdkafka${codec}128kRatio`]!);
    }
  });

  test('128 KB gzip batches as large as 16 KB ones fail librdkafka-gzip-bigger-batches-compress-better', async () => {
    const graded = await gradeAltered(LAB, 'batch-128k-gzip-dump.txt', lastSize(99999));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ librdkafka-gzip-bigger-batches-compress-better: .*> 128 KB \d+ bytes \(\d\.\d\d×\)\)/);
    expect(graded.stdout).toMatch(/✔ librdkafka-zstd-bigger-batches-compress-better/);
  });

  test('16 KB lz4 batches larger than the 1 KB ones fail librdkafka-lz4-bigger-batches-compress-better', async () => {
    const graded = await gradeAltered(LAB, 'batch-16k-lz4-dump.txt', lastSize(999999));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ librdkafka-lz4-bigger-batches-compress-better: /);
  });

  test('an uncompressed batch above batch.size fails librdkafka-batch-size-caps', async () => {
    const graded = await gradeAltered(LAB, 'batch-1k-none-dump.txt', lastSize(1025));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ librdkafka-batch-size-caps: .*batch\.size 1 KB: largest batch 1025 bytes/);
  });

  test('a librdkafka gzip batch fuller than any none batch fails librdkafka-batch-size-counts-uncompressed', async () => {
    const graded = await gradeAltered(LAB, 'batch-1k-gzip-dump.txt', (dump) => dump.replace(/ count: 9 /, ' count: 10 '));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ librdkafka-batch-size-counts-uncompressed: .*gzip at most 10 per batch/);
    expect(graded.stdout).toMatch(/✘ all-stored: /);
  });

  test('Java gzip batches no fuller than none pass: the Java estimate learns only from batches already closed', async () => {
    const asNone = (_: string, dir: string) => readFileSync(join(dir, 'java-batch-1k-none-dump.txt'), 'utf8').replace(/compresscodec: none/g, 'compresscodec: gzip');
    const graded = await gradeAltered(LAB, 'java-batch-1k-gzip-dump.txt', asNone);
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result).toMatchObject({ figures: { javaNone1kLargest: 10, javaGzip1kLargest: 10 } });
  });

  testRunFolderFailures(LAB, 'run.json');
});
