// What the lab tests of this track share besides lab-kit's grade-an-altered-copy helpers: the golden run's
// verdict and edits of dump and consumer output.
import { gradeGolden } from '@kafka-labs/lab-kit/testing';
import { expect, test } from 'vitest';

/** Rewrites the batch line of kafka-dump-log output whose baseOffset is `offset`. */
export function editBatch(dump: string, offset: number, edit: (line: string) => string): string {
  return dump.replace(new RegExp(`^baseOffset: ${offset} .*$`, 'm'), edit);
}

/** Removes the batch whose baseOffset is `offset`, with its record lines, from kafka-dump-log output. */
export function removeBatch(dump: string, offset: number): string {
  return dump.replace(new RegExp(`^baseOffset: ${offset} .*\\n(?:\\| .*\\n)*`, 'm'), '');
}

/** Removes the record at `offset` from kafka-console-consumer output. */
export const dropConsumed = (consumed: string, offset: number) => consumed.replace(new RegExp(`^Offset:${offset}\\t.*\\n`, 'm'), '');

/** The lab's golden run (a real run against the broker) passes, with these figures in its result. */
export function testGoldenPasses(labId: string, figures: Record<string, number>): void {
  test('the golden run (a real run against the broker) passes', async () => {
    const graded = await gradeGolden(labId);
    expect(graded.status).toBe(0);
    expect(graded.result).toMatchObject({ lab: labId, verdict: 'pass', figures });
  });
}
