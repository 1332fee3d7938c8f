import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { testPicture } from '@kafka-labs/report/testing';
import { goldenRunFolder, gradeAltered, gradeGolden, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';

const LAB = labIdOf(import.meta.url);
/** The order_events rows of the awaited variant's end dump: the rows the unawaited writes would have left. */
const awaitedRows = () =>
  readFileSync(join(goldenRunFolder(LAB), 'database-awaited.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.includes('"table":"order_events"'));

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes: the group committed 4 both times, the unawaited writes left no row, the awaited ones 4', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({
      lab: LAB,
      verdict: 'pass',
      figures: { unawaitedCommitted: 4, unawaitedRows: 0, unawaitedMissing: 4, awaitedCommitted: 4, awaitedRows: 4, awaitedMissing: 0 },
    });
  });

  testGoldenInBothLanguages(LAB);
  testPicture(LAB, {
    shows: ['committed 4 at the kill', 'order_events: 0 rows for 4 events', 'processed, but no row: 4 (E-0001, E-0002, E-0003, E-0004)', 'order_events: 4 rows for 4 events'],
  });

  test('an unawaited dump with the missing rows added fails unawaited-rows-lost', async () => {
    const graded = await gradeAltered(LAB, 'database-unawaited.jsonl', (text) => `${text.trimEnd()}\n${awaitedRows().join('\n')}\n`);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ unawaited-rows-lost: .*\(committed 4; missing rows: none \(0\); rows: 4\)/);
  });

  test('a group offset at 0 when the unawaited worker was killed fails killed-after-commit and unawaited-rows-lost', async () => {
    const graded = await gradeAltered(LAB, 'offsets-unawaited-at-kill.txt', (text) => text.replace(/( 0 {10})4 /, '$1 0 '));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ unawaited-killed-after-commit: /);
    expect(graded.stdout).toMatch(/✘ unawaited-consumer-resumes-at-committed: .*\(committed at the kill: 0, started at 4, received 0\)/);
    expect(graded.stdout).toMatch(/✘ unawaited-rows-lost: .*\(committed 0; missing rows: none \(0\); rows: 0\)/);
  });

  test('an unawaited worker whose write landed before the commit fails writes-not-awaited', async () => {
    const graded = await gradeAltered(LAB, 'unawaited-1.log', (text) =>
      text.replace(/^(\S+) (unawaited-1 offsets committed p0=4)$/m, '$1 unawaited-1 applied E-0001\n$1 $2'),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ writes-not-awaited: .*applied E-0001; rows at the kill: 0\)/);
  });

  test('an awaited dump without one row fails awaited-nothing-lost', async () => {
    const graded = await gradeAltered(LAB, 'database-awaited.jsonl', (text) => text.replace(/^.*"event_id":"E-0003".*\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ awaited-nothing-lost: .*\(committed 4; missing rows: E-0003 \(1\); rows: 3\)/);
  });

  test('an awaited worker that committed before its last write landed fails writes-awaited', async () => {
    const graded = await gradeAltered(LAB, 'awaited-1.log', (text) => {
      const commit = text.match(/^\S+ awaited-1 offsets committed p0=4\n/m)![0];
      return text.replace(commit, '').replace(/^(\S+ awaited-1 applied E-0004\n)/m, `${commit}$1`);
    });
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ writes-awaited: .*applied E-0001, E-0002, E-0003; rows at the kill: 4\)/);
    expect(graded.stdout).toMatch(/✘ awaited-killed-after-commit: /);
  });

  testRunFolderFailures(LAB, 'run.json');
});
