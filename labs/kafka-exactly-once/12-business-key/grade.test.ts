import { describe, expect, test } from 'vitest';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { gradeAltered, gradeGolden, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';

const LAB = labIdOf(import.meta.url);
/** The line of `order`'s order_projection row in a dump, with another status and version. */
const rowAs = (order: string, status: string, version: number) => (text: string) =>
  text.replace(new RegExp(`("order_id":"${order}","status":)"\\w+"(.*"version":)\\d+`), `$1"${status}"$2${version}`);

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes: wrong final statuses upsert 2, inbox 1, versioned 0', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({
      lab: LAB,
      verdict: 'pass',
      figures: { upsertWrong: 2, upsertRows: 7, inboxWrong: 1, inboxRows: 6, versionedWrong: 0, versionedRows: 5 },
    });
  });

  testGoldenInBothLanguages(LAB);
  testPicture(LAB, {
    shows: [
      'O-1 PAID v2',
      'order_projection O-1: PAID (version 2), but its newest event says SHIPPED',
      'order_projection O-2: PAID (version 2), but its newest event says SHIPPED',
      'order_projection O-2: SHIPPED (version 3), as its newest event says',
      'stale: a new event_id, but its order already has a newer version',
    ],
  });

  test('an upsert dump whose O-1 row is SHIPPED draws it as right', async () => {
    const picture = await alteredPicture(LAB, 'database-upsert.jsonl', rowAs('O-1', 'SHIPPED', 3));
    expect(picture).toContain('order_projection O-1: SHIPPED (version 3), as its newest event says');
  });

  test('a worker log that consumed another event at an offset fails offset-order', async () => {
    const graded = await gradeAltered(LAB, 'upsert.log', (text) => text.replace('consumed p0 offset 6 E-0202', 'consumed p0 offset 6 E-0203'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ upsert-offset-order: .*\(0:E-0101 .* 6:E-0203\)/);
  });

  test('an inbox that applied the redelivered copy fails sink-outcomes', async () => {
    const graded = await gradeAltered(LAB, 'inbox.log', (text) => text.replace('skipped E-0102', 'applied E-0102'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ inbox-sink-outcomes: .*applied E-0103, applied E-0102, applied E-0201/);
  });

  test('a versioned dump with O-2 left at PAID fails final-row and only-version-guard-right', async () => {
    const graded = await gradeAltered(LAB, 'database-versioned.jsonl', rowAs('O-2', 'PAID', 2));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ versioned-final-row: .*O-1 SHIPPED v3, O-2 SHIPPED v3 \(O-1 SHIPPED v3, O-2 PAID v2\)/);
    expect(graded.stdout).toMatch(/✘ only-version-guard-right: .*\(wrong final status: upsert 2, inbox 1, versioned 1\)/);
  });

  test('an inbox dump with O-2 at SHIPPED fails final-row and only-version-guard-right (the inbox alone would have sufficed)', async () => {
    const graded = await gradeAltered(LAB, 'database-inbox.jsonl', rowAs('O-2', 'SHIPPED', 3));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ inbox-final-row: /);
    expect(graded.stdout).toMatch(/✘ only-version-guard-right: .*\(wrong final status: upsert 2, inbox 0, versioned 0\)/);
  });

  test('an input read with a record that is not a versioned order is a run-folder failure naming it', async () => {
    const graded = await gradeAltered(LAB, 'read-committed-input.txt', (text) => text.replace(/,"version":3/, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: read-committed-input\.txt: p0 offset 2 is not a versioned order event/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
