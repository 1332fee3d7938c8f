import { describe, expect, test } from 'vitest';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { gradeAltered, gradeGolden, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';

const LAB = labIdOf(import.meta.url);
/** A dump with E-0007's order_events row written twice (a second row, seq 99). */
const e7Twice = (text: string) => text.replace(/^.*"event_id":"E-0007".*"applied_at".*\n/m, (row) => `${row}${row.replace(/"seq":\d+,/, '"seq":99,')}`);

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes: 3 redelivered through each remedy, 10 rows each', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({
      lab: LAB,
      verdict: 'pass',
      figures: { uniqueIndexRefused: 3, uniqueIndexRows: 10, onConflictAppliedAgain: 3, onConflictRows: 10, inboxSkipped: 3, inboxRows: 10 },
    });
  });

  testGoldenInBothLanguages(LAB);
  testPicture(LAB, {
    shows: [
      'delivered again and refused by the unique index: 3 (offsets 5-7): the sink kept one copy',
      'duplicate: the unique index refused its second row (unique_violation 23505)',
      'group on-conflict-',
      'delivered again and skipped by the inbox: 3 (offsets 5-7): the sink kept one copy',
      'order_events: 10 rows for 10 events',
    ],
    hides: ['a row twice'],
  });

  test('an on-conflict dump with a second E-0007 row draws it twice', async () => {
    const picture = await alteredPicture(LAB, 'database-on-conflict.jsonl', e7Twice);
    expect(picture).toContain('a row twice: 1 (E-0007)');
  });

  test('a unique-index worker that did not catch the violation (no duplicate line) fails unique-violation-caught', async () => {
    const graded = await gradeAltered(LAB, 'unique-index-2.log', (text) => text.replace(/^.* duplicate E-0007: .*\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ unique-violation-caught: .*\(duplicate: E-0006, E-0008; redelivered: E-0006, E-0007, E-0008; last commit 10; 10 rows, applied total 10\)/);
  });

  test('an on-conflict dump with an event stored twice fails same-rows', async () => {
    const graded = await gradeAltered(LAB, 'database-on-conflict.jsonl', e7Twice);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ same-rows: .*\(applied again: E-0006, E-0007, E-0008; redelivered: E-0006, E-0007, E-0008; 11 rows, excess 1, applied total 10\)/);
  });

  test('an inbox dump with an event applied twice fails applied-once', async () => {
    const graded = await gradeAltered(LAB, 'database-inbox.jsonl', e7Twice);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ applied-once: .*\(11 rows, excess 1, inbox 10, applied total 10\)/);
  });

  test('an on-conflict run that crashed at another group offset fails same-crash-point', async () => {
    const graded = await gradeAltered(LAB, 'offsets-on-conflict-at-kill.txt', (text) => text.replace(/( 0 {10})5 /, '$1 6 '));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ same-crash-point: .*on-conflict: 8 rows, offset 6;/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
