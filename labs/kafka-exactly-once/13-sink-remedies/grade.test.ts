import { describe, expect, test } from 'vitest';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { gradeAltered, gradeGolden, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes: 3 redelivered, 3 excess rows plain, 3 skipped with the inbox', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({
      lab: LAB,
      verdict: 'pass',
      figures: { plainRows: 13, plainExcess: 3, plainRedelivered: 3, inboxRows: 10, inboxExcess: 0, inboxSkipped: 3 },
    });
  });

  testGoldenInBothLanguages(LAB);
  testPicture(LAB, {
    shows: [
      'order_events: 13 rows for 10 events',
      'a row twice: 3 (E-0006, E-0007, E-0008)',
      'processed twice: 3 (offsets 5-7)',
      'order_events: 10 rows for 10 events',
      'delivered again and skipped by the inbox: 3 (offsets 5-7): the sink kept one copy',
    ],
  });

  test('a plain dump without one duplicate row draws 12 rows, E-0007 once', async () => {
    const picture = await alteredPicture(LAB, 'database-plain.jsonl', (text) => text.replace(/^.*"event_id":"E-0007".*\n(?=[\s\S]*"event_id":"E-0007")/m, ''));
    expect(picture).toContain('order_events: 12 rows for 10 events');
    expect(picture).toContain('a row twice: 2 (E-0006, E-0008)');
  });

  test('a plain dump with one duplicate row removed fails duplicate-rows', async () => {
    const graded = await gradeAltered(LAB, 'database-plain.jsonl', (text) => text.replace(/^.*"seq":35,"event_id":"E-0007".*\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ duplicate-rows: .*\(12 rows for 10 events, excess 2; twice: E-0006, E-0008\)/);
  });

  test('an inbox dump with an event applied twice fails applied-once', async () => {
    const graded = await gradeAltered(LAB, 'database-inbox.jsonl', (text) =>
      text.replace(/^.*"seq":3,"event_id":"E-0003".*\n/m, (row) => `${row}${row.replace('"seq":3,', '"seq":99,')}`),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ applied-once: .*\(11 rows, excess 1, inbox 10, applied total 10\)/);
  });

  test('a restarted inbox worker with a skipped line changed fails skipped-redelivered', async () => {
    const graded = await gradeAltered(LAB, 'inbox-2.log', (text) => text.replace(/ skipped E-0007$/m, ' skipped E-0001'));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ skipped-redelivered: .*\(skipped: E-0006, E-0001, E-0008; redelivered: E-0006, E-0007, E-0008\)/);
  });

  test('an inbox run that crashed at another group offset fails same-crash-point', async () => {
    const graded = await gradeAltered(LAB, 'offsets-inbox-at-kill.txt', (text) => text.replace(/( 0 {10})5 /, '$1 6 '));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ same-crash-point: .*\(plain: 8 rows, offset 5; inbox: 8 rows, offset 6\)/);
    expect(graded.stdout).toMatch(/✘ inbox-restart-at-committed: .*\(committed 6, started at 5\)/);
  });

  test('a dump cut short is a run-folder failure naming the file', async () => {
    const graded = await gradeAltered(LAB, 'database-plain-at-kill.jsonl', (text) => text.slice(0, -40));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ run-folder: database-plain-at-kill\.jsonl/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
