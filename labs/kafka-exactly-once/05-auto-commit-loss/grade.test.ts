import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { alteredPicture, testPicture } from '@kafka-labs/report/testing';
import { goldenRunFolder, gradeAltered, gradeGolden, labIdOf, testGoldenInBothLanguages, testRunFolderFailures } from '@kafka-labs/lab-kit/testing';

const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  test('the golden run (a real run against the broker) passes: auto commit lost 7 orders, sync repeated 3', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({ lab: LAB, verdict: 'pass', figures: { autoLost: 7, autoTwice: 0, syncLost: 0, syncTwice: 3 } });
  });

  testGoldenInBothLanguages(LAB);
  testPicture(LAB, {
    shows: ['committed 10 at the kill', 'never processed: 7 (offsets 3-9)', 'nothing committed at the kill', 'processed twice: 3 (offsets 0-2)'],
  });

  test('a restart that processed what the first worker had only fetched draws no order as never processed', async () => {
    const picture = await alteredPicture(LAB, 'auto-2.log', (text) =>
      text.replace(/^(\S+) (auto-2 starting at p0=)10$/m, (line, time: string) => [line, ...[3, 4, 5, 6, 7, 8, 9].flatMap((o) => [`${time} auto-2 consumed p0 offset ${o} E-${String(o + 1).padStart(4, '0')}`, `${time} auto-2 processed p0 offset ${o}`])].join('\n')),
    );
    expect(picture).not.toContain('never processed');
    expect(picture).toContain('processed twice: 3 (offsets 0-2)');
  });

  test('a group offset at the kill no further than what was processed fails librdkafka-committed-ahead', async () => {
    const graded = await gradeAltered(LAB, 'offsets-auto-at-kill.txt', (text) => text.replace(/( 0 {10})10 /, '$1 3 '));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ librdkafka-committed-ahead: .*\(committed: 3\)/);
    expect(graded.stdout).toMatch(/✘ auto-restart-at-committed: .*\(committed at the kill: 3, auto-2 started at 10\)/);
  });

  test('a restart that processes the orders the first worker left fails orders-lost', async () => {
    const graded = await gradeAltered(LAB, 'auto-2.log', (text) =>
      text.replace(/^(\S+ auto-2 starting at p0=)10$/m, (_, head: string) => `${head}10\n${head.replace('starting at p0=', 'processed p0 offset 3')}`),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ orders-lost: .*\(never processed: 4-9 \(6\), processed twice: 0\)/);
  });

  test('a first worker that committed before the kill fails killed-mid-batch', async () => {
    const graded = await gradeAltered(LAB, 'sync-1.log', (text) =>
      text.replace(/^(\S+) sync-1 paused after processed:3$/m, '$1 sync-1 offsets committed p0=3\n$1 sync-1 paused after processed:3'),
    );
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ sync-killed-mid-batch: .*own commits or stops: 1\)/);
  });

  test('an order the restarted sync worker skipped fails nothing-lost', async () => {
    const graded = await gradeAltered(LAB, 'sync-2.log', (text) => text.replace(/^\S+ sync-2 processed p0 offset 5\n/m, ''));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ nothing-lost: every order was processed by sync-1 or sync-2 \(never processed: 5-5\)/);
  });

  test('a sync group that had committed at the kill fails nothing-committed-early', async () => {
    const committed = readFileSync(join(goldenRunFolder(LAB), 'offsets-sync-end.txt'), 'utf8').replace(/( 0 {10})10 /, '$1 3 ');
    const graded = await gradeAltered(LAB, 'offsets-sync-at-kill.txt', () => committed);
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/✘ nothing-committed-early: .*\(committed: 3\)/);
  });

  testRunFolderFailures(LAB, 'run.json');
});
