import { gradeAltered, gradeGolden, labIdOf, testGoldenInBothLanguages, testHostileFiles } from '@kafka-labs/lab-kit/testing';
import { testPicture } from '@kafka-labs/report/testing';
import { describe, expect, test } from 'vitest';

// The hidden learner mistakes, each failing at its own step with its own hint, are in mistakes.test.ts.
const LAB = labIdOf(import.meta.url);

describe(LAB, () => {
  testPicture(LAB, { shows: ['✔ 1. A topic that survives the loss of any one broker', '✔ step-3-each-once', '✔ step-4-two-down-refused', '✔ step-5-librdkafka-predicted'] });

  test('the golden run passes every step', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
    expect(new Set(graded.result!.checks.map((c) => c.id.split('-')[1]))).toEqual(new Set(['1', '2', '3', '4', '5']));
  });

  test('a producer that reached no broker is an environment failure (exit 2), not a failed step', async () => {
    const graded = await gradeAltered(LAB, 'produce-acks.log', (text) =>
      [
        text.split('\n')[0],
        'rdkafka %3 FAIL [thrd:localhost:9092/bootstrap]: localhost:9092/bootstrap: Connect to ipv4#127.0.0.1:9092 failed: Connection refused (after 0ms in state CONNECT)',
        '',
      ].join('\n'),
    );
    expect(graded.status, graded.stdout).toBe(2);
    expect(graded.stdout + graded.stderr).toContain('pnpm broker up --nodes 3');
  });

  testGoldenInBothLanguages(LAB);
  testHostileFiles(LAB, ['describe-created.txt'], { step: 1 });
  testHostileFiles(LAB, ['produce-kill.log', 'orders-read.txt'], { step: 3 });
});
