import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { copyGolden, goldenRunFolder, gradeFolder, gradeGolden, labIdOf, testGoldenInBothLanguages, testHostileFiles, testHostileShapes } from '@kafka-labs/lab-kit/testing';
import { hasHangul } from '@kafka-labs/i18n';
import { renderReport } from '@kafka-labs/report';
import { pictureText, testPicture } from '@kafka-labs/report/testing';
import { resolveLabs } from '@kafka-labs/lab-kit/catalog';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { goldenTopics, useBroker, useRunningBroker } from './golden-broker.ts';

// Without a broker: the steps that ask the live broker and proxy (1, 4, 5, 7) read them as the golden's run saw them
// (golden-broker.ts, from its result.json `live`). The hidden learner mistakes are in mistakes.test.ts; the grader
// against a real broker and proxy in run.live.test.ts.
const LAB = labIdOf(import.meta.url);

/** A copy of the golden whose two pay-77 batches carry the same producer id, as if from one session. */
function withOneProducerId(): string {
  const dir = copyGolden(LAB);
  const file = join(dir, 'two-sessions.txt');
  const ids = [...readFileSync(file, 'utf8').matchAll(/producerId: (\d+)/g)].map((m) => m[1]);
  writeFileSync(file, readFileSync(file, 'utf8').replaceAll(`producerId: ${ids[1]} `, `producerId: ${ids[0]} `));
  return dir;
}

describe(LAB, () => {
  beforeEach(() => useBroker(goldenTopics(goldenRunFolder(LAB))));
  afterAll(useRunningBroker);

  testPicture(LAB, {
    shows: ['✔ 1. Two records with the default producer', '✔ step-4-copies', '✔ step-5-one-copy', 'payload: pay-77', '✔ step-7-counts'],
  });

  test('the golden run passes all seven steps, the broker read live', async () => {
    const graded = await gradeGolden(LAB);
    expect(graded.status, graded.stdout).toBe(0);
    expect(new Set(graded.result!.checks.map((c) => c.id.split('-')[1]))).toEqual(new Set(['1', '2', '3', '4', '5', '6', '7']));
    expect(graded.result!.figures.dup_copies).toBeGreaterThanOrEqual(2);
    expect(graded.result!.figures.idem_copies).toBe(1);
  });

  test.each([1, 4, 5, 7])('a broker that cannot be read makes step %i an environment failure (exit 2), not a wrong answer', async (step) => {
    useBroker(goldenTopics(goldenRunFolder(LAB)), { unreachable: true });
    const graded = await gradeFolder(LAB, goldenRunFolder(LAB), { step });
    expect(graded.status, graded.stdout).toBe(2);
    expect(graded.result!.checks.map((c) => c.id)).toEqual(['environment']);
    expect(graded.stdout).toMatch(/^FAIL: the environment is broken.*could not be read \(Connection error: .*pnpm broker up/);
  });

  test.each([2, 3, 6])('without a broker, step %i still grades: it reads only its files', async (step) => {
    useBroker(goldenTopics(goldenRunFolder(LAB)), { unreachable: true });
    expect((await gradeFolder(LAB, goldenRunFolder(LAB), { step })).status).toBe(0);
  });

  testGoldenInBothLanguages(LAB);
  testHostileShapes(LAB);
  // testPicture renders the whole grade, which asks the broker; without one the file-only steps are drawn here, and
  // golden/report.html is the drawing of a grading beside the broker of its run (pnpm report in that run's namespace).
  const picture = async (dir: string, step: number) => {
    const graded = await gradeFolder(LAB, dir, { step });
    return pictureText(await renderReport(resolveLabs(LAB)[0]!, graded.result!));
  };

  test('the golden report draws all seven steps, each with its checks', () => {
    const html = readFileSync(join(goldenRunFolder(LAB), 'report.html'), 'utf8');
    expect([...html.matchAll(/class="step (step-ok|step-failed)" data-step="(\d)"/g)].map((m) => `${m[2]} ${m[1]}`)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((n) => `${n} step-ok`),
    );
  });

  test.each([
    [2, '✔ step-2-default-batch', 'payload: pay-2'],
    [3, '✔ step-3-plain-batch', 'producerId: -1'],
    [6, '✔ step-6-two-sessions', 'payload: pay-77'],
  ])('step %i is drawn as one row with its check and its own evidence', async (step, check, evidence) => {
    const text = await picture(goldenRunFolder(LAB), step);
    expect(text).toContain(check);
    expect(text).toContain(evidence);
  });

  test('a dump of step 6 with one producer id draws the step failed', async () => {
    expect(await picture(withOneProducerId(), 6)).toContain('✘ step-6-two-sessions');
  });

  test.each([2, 3, 6])('the golden run passes step %i, read from its files alone', async (step) => {
    const graded = await gradeFolder(LAB, goldenRunFolder(LAB), { step });
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result!.checks.every((c) => c.id.startsWith(`step-${step}-`))).toBe(true);
  });

  test.each([2, 3, 6])('step %i grades the golden run the same in English and Korean, each message in its language', async (step) => {
    const [en, ko] = [await gradeFolder(LAB, goldenRunFolder(LAB), { step, lang: 'en' }), await gradeFolder(LAB, goldenRunFolder(LAB), { step, lang: 'ko' })];
    expect(ko.result!.checks.map((c) => [c.id, c.ok])).toEqual(en.result!.checks.map((c) => [c.id, c.ok]));
    expect(en.result!.checks.filter((c) => hasHangul(c.message)).map((c) => c.id)).toEqual([]);
    expect(ko.result!.checks.filter((c) => !hasHangul(c.message)).map((c) => c.id)).toEqual([]);
  });

  test('two pay-77 batches from one producer id fail step 6 naming it', async () => {
    const dir = withOneProducerId();
    const graded = await gradeFolder(LAB, dir, { step: 6 });
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/^FAIL: step 6 \(Separate sessions are not deduplicated\): two batches, .* \(2 copies of pay-77 .*\)\. Hint: /);
  });

  test('a failed step 6 in Korean names the step and gives the Korean hint', async () => {
    const dir = withOneProducerId();
    const graded = await gradeFolder(LAB, dir, { step: 6, lang: 'ko' });
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/6단계 \(따로 연 세션은 중복이 제거되지 않는다\): .*흔한 실수 2: /);
  });

  // Issue 27: a producer log run together into one 1 MB line (its newlines turned to spaces) holds the retry text, but
  // no line of the producer's own shape.
  test.each([
    [4, 'dup-producer.log'],
    [5, 'idem-producer.log'],
  ])('step %i: %s run together into one 1 MB line fails its retries law', { timeout: 60_000 }, async (step, file) => {
    const golden = await gradeFolder(LAB, goldenRunFolder(LAB), { step });
    expect(golden.result!.checks.find((c) => c.id === `step-${step}-retries`)?.ok, golden.stdout).toBe(true);
    const dir = copyGolden(LAB);
    const oneLine = `${readFileSync(join(dir, file), 'utf8').replaceAll('\n', ' ')} `;
    writeFileSync(join(dir, file), `${oneLine.repeat(Math.ceil(2 ** 20 / oneLine.length))}\n`);
    const graded = await gradeFolder(LAB, dir, { step });
    expect(graded.result!.checks.find((c) => c.id === `step-${step}-retries`)?.ok, graded.stdout).toBe(false);
  });

  test('a transactional pay-1/pay-2 batch with a COMMIT marker after it fails step 2: not the default producer', async () => {
    const dir = copyGolden(LAB);
    const file = join(dir, 'dump-default.txt');
    const text = readFileSync(file, 'utf8');
    const batch = text.split('\n').find((l) => l.startsWith('baseOffset: 0 '))!;
    const marker =
      'baseOffset: 2 lastOffset: 2 count: 1 baseSequence: -1 lastSequence: -1 producerId: 1 producerEpoch: 0 partitionLeaderEpoch: 0 isTransactional: true isControl: true deleteHorizonMs: OptionalLong.empty position: 85 CreateTime: 1796118779900 size: 78 magic: 2 compresscodec: none crc: 1389442000 isvalid: true\n' +
      '| offset: 2 CreateTime: 1796118779900 keySize: 4 valueSize: 6 sequence: -1 headerKeys: [] endTxnMarker: COMMIT coordinatorEpoch: 0\n';
    writeFileSync(file, text.replace(batch, batch.replace('isTransactional: false', 'isTransactional: true')) + marker);
    const graded = await gradeFolder(LAB, dir, { step: 2 });
    expect(graded.status).toBe(1);
    expect(graded.stdout).toMatch(/^FAIL: step 2 \(The default producer is idempotent\): .*written in a transaction \(isTransactional: true\)/m);
  });

  test.each([
    [2, 'dump-default.txt'],
    [3, 'dump-noidem.txt'],
    [6, 'two-sessions.txt'],
  ])('step %i passes a dump saved with pnpm\'s script banner above it (pnpm kafka without -s)', async (step, name) => {
    const dir = copyGolden(LAB);
    const file = join(dir, name);
    const banner = `\n> kafka-labs@ kafka /home/learner/kafka-labs\n> exec node --import tsx scripts/kafka.ts kafka-dump-log --files x.log --print-data-log\n\n`;
    writeFileSync(file, banner + readFileSync(file, 'utf8'));
    const graded = await gradeFolder(LAB, dir, { step });
    expect(graded.status, graded.stdout).toBe(0);
  });

  testHostileFiles(LAB, ['run.json', 'dump-default.txt'], { step: 2 });
  testHostileFiles(LAB, ['dump-noidem.txt'], { step: 3 });
  testHostileFiles(LAB, ['two-sessions.txt'], { step: 6 });
  testHostileFiles(LAB, ['big.txt', 'dup-producer.log'], { step: 4 });
  testHostileFiles(LAB, ['producer-report.txt'], { step: 7 });
});
