import { compactView, dataBatches, readDump } from '@kafka-labs/dumplog';
import { Checks, excerpt, is, readRunJson } from '@kafka-labs/grader';

const PAYLOADS = { idempotent: 'hello-librdkafka', plain: 'hello-kafkajs' } as const;
const CONSUMED = is.array(is.object({ value: is.string }));

/** Both messages were read back, and the dump shows the idempotent batch with a producer id and the other without. */
export default async function grade(runDir: string) {
  const checks = new Checks();
  const values = (await readRunJson(runDir, 'consumed.json', CONSUMED)).map((m) => m.value);
  checks.law({
    id: 'consumed-both',
    ok: Object.values(PAYLOADS).every((p) => values.includes(p)),
    expected: `both messages consumed back (${PAYLOADS.idempotent}, ${PAYLOADS.plain})`,
    found: `consumed.json holds ${values.map((v) => excerpt(v, 40)).join(', ') || 'nothing'}`,
    hint: 'the consumer reads the topic from the beginning; see transcript.txt for what each client did',
  });

  const dump = await readDump(runDir, 'dump.txt');
  const batchOf = (payload: string) => dataBatches(dump).find((b) => b.records.some((r) => r.payload === payload));
  const idempotent = batchOf(PAYLOADS.idempotent);
  const plain = batchOf(PAYLOADS.plain);
  checks.law({
    id: 'idempotent-batch-has-producer-id',
    ok: idempotent !== undefined && idempotent.producerId !== -1 && idempotent.baseSequence === 0,
    expected: 'the librdkafka batch with a producerId other than -1 and baseSequence 0',
    found: idempotent
      ? `the librdkafka batch has producerId ${idempotent.producerId} and baseSequence ${idempotent.baseSequence}`
      : `no batch in dump.txt holds ${PAYLOADS.idempotent}`,
    hint: 'librdkafka (the Confluent client) is idempotent by default: its batch gets a producer id and sequence 0',
    evidence: compactView(idempotent ? [idempotent] : dump.batches),
  });
  checks.law({
    id: 'plain-batch-has-no-producer-id',
    ok: plain !== undefined && plain.producerId === -1,
    expected: 'the kafkajs batch with producerId -1 (no producer id without idempotence)',
    found: plain ? `the kafkajs batch has producerId ${plain.producerId}` : `no batch in dump.txt holds ${PAYLOADS.plain}`,
    hint: 'kafkajs produces without idempotence unless asked: its batch carries no producer id',
    evidence: compactView(plain ? [plain] : dump.batches),
  });
  if (idempotent) checks.figure('producerId', idempotent.producerId);
  return checks.grade();
}
