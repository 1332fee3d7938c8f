import { describe, expect, test } from 'vitest';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { gradeAltered, gradeGolden, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes: the processed-topic replay 6 records at v1, the source replay 6 at v2', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({
      lab: LAB,
      verdict: 'pass',
      figures: { processedReplayV1: 6, processedReplayV2: 0, sourceReplayV2: 6, differ: 6 },
    });
  });

  testGoldenInBothLanguages(LAB);
  testPicture(LAB, {
    shows: ['The transform version of each record', 'v1 (enrich)', 'v2 region US (replay-orders)', 'v2 region APAC (replay-orders)', 'differ', 'read from orders'],
  });

  test('a processed-topic replay whose first record was re-enriched to v2 fails processed-replay-stays-v1 and replays-differ', async () => {
    const reenrich = (text: string) => text.replace('"enrichedBy":"enrich","source":"p0@0","transform":"v1"}', '"enrichedBy":"replay-enriched","source":"p0@0","transform":"v2","region":"US"}');
    const graded = await gradeAltered(LAB, 'read-committed-from-enriched.txt', reenrich);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ processed-replay-stays-v1: .*E-0001:v2\/US\/replay-enriched/);
    expect(graded.stdout).toMatch(/✘ replays-differ: .*\(5 differ: E-0001 v2\/v2,/);
    expect(graded.stdout).toMatch(/✔ source-replay-v2: /);
    const picture = await alteredPicture(LAB, 'read-committed-from-enriched.txt', reenrich);
    expect(picture).toContain('disagree on 5 of 6 events');
  });

  test('a source replay with a record left at v1 fails source-replay-v2 and replays-differ', async () => {
    const graded = await gradeAltered(LAB, 'read-committed-from-orders.txt', (text) => text.replace(/"transform":"v2","region":"US"/, '"transform":"v1"'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ source-replay-v2: .*E-0001:v1\/replay-orders/);
    expect(graded.stdout).toMatch(/✘ replays-differ: .*\(5 differ: E-0001 v1\/v1,/);
  });

  test('a source replay with a wrong region fails source-replay-v2 only', async () => {
    const graded = await gradeAltered(LAB, 'read-committed-from-orders.txt', (text) => text.replace(/"region":"US"/, '"region":"EU"'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ source-replay-v2: /);
    expect(graded.stdout).toMatch(/✔ replays-differ: /);
  });

  test('a processed-topic replay run with the v1 job fails same-v2-job', async () => {
    const graded = await gradeAltered(LAB, 'replay-enriched.log', (text) => text.replace(/ transform=v2$/m, ' transform=v1'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ same-v2-job: .*\(replay-enriched transform=v1 input 6; replay-orders transform=v2 input 6\)/);
  });

  test('a replay log that consumed an order twice fails its read-all', async () => {
    const graded = await gradeAltered(LAB, 'replay-orders.log', (text) => text.replace(/consumed p0 offset 1 E-0003/, 'consumed p0 offset 1 E-0001'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ replay-orders-read-all: /);
  });

  test('a source read that lost an order is a run-folder failure naming it', async () => {
    const graded = await gradeAltered(LAB, 'read-committed-orders.txt', (text) => text.replace(/^p0 offset 1 .*\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: read-committed-orders\.txt: not each of 6 orders once/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
