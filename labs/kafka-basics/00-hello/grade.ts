import { compactView, dataBatches, parseDumpLog } from '@kafka-labs/dumplog';
import { Checks, readRunFile, readRunJson } from '@kafka-labs/grader';

const PAYLOADS = { idempotent: 'hello-librdkafka', plain: 'hello-kafkajs' } as const;

/** Both messages were read back, and the dump shows the idempotent batch with a producer id and the other without. */
export default async function grade(runDir: string) {
  const checks = new Checks();
  const consumed = await readRunJson<{ value: string }[]>(runDir, 'consumed.json');
  const values = consumed.map((m) => m.value);
  checks.expect(
    'consumed-both',
    Object.values(PAYLOADS).every((p) => values.includes(p)),
    `both messages were consumed back (read: ${values.join(', ') || 'nothing'})`,
  );

  const dump = parseDumpLog(await readRunFile(runDir, 'dump.txt'));
  const batchOf = (payload: string) => dataBatches(dump).find((b) => b.records.some((r) => r.payload === payload));
  const idempotent = batchOf(PAYLOADS.idempotent);
  const plain = batchOf(PAYLOADS.plain);
  checks.expect(
    'idempotent-batch-has-producer-id',
    idempotent !== undefined && idempotent.producerId !== -1 && idempotent.baseSequence === 0,
    idempotent
      ? `the librdkafka batch has producerId ${idempotent.producerId} and baseSequence ${idempotent.baseSequence} (expected a producerId other than -1 and baseSequence 0)`
      : `no batch holds ${PAYLOADS.idempotent}`,
    idempotent ? compactView([idempotent]) : compactView(dump.batches),
  );
  checks.expect(
    'plain-batch-has-no-producer-id',
    plain !== undefined && plain.producerId === -1,
    plain
      ? `the kafkajs batch has producerId ${plain.producerId} (expected -1: no producer id without idempotence)`
      : `no batch holds ${PAYLOADS.plain}`,
    plain ? compactView([plain]) : compactView(dump.batches),
  );
  if (idempotent) checks.figure('producerId', idempotent.producerId);
  return checks.grade();
}
