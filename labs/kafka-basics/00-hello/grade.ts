import { compactView, dataBatches, readDump } from '@kafka-labs/dumplog';
import { Checks, excerpt, is, readRunJson } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import type { DumpBatchesView } from '@kafka-labs/report/views';
import { MESSAGES } from './messages.ts';

const PAYLOADS = { idempotent: 'hello-librdkafka', plain: 'hello-kafkajs' } as const;
const CONSUMED = is.array(is.object({ value: is.string }));

/** Both messages were read back, and the dump shows the idempotent batch with a producer id and the other without. */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const values = (await readRunJson(runDir, 'consumed.json', CONSUMED)).map((m) => m.value);
  checks.law({
    id: 'consumed-both',
    ok: Object.values(PAYLOADS).every((p) => values.includes(p)),
    expected: t.consumedBothExpected(PAYLOADS),
    found: t.consumedFound({ values: values.map((v) => excerpt(v, 40)).join(', ') || t.nothing() }),
    hint: t.consumedHint(),
  });

  const dump = await readDump(runDir, 'dump.txt');
  const batchOf = (payload: string) => dataBatches(dump).find((b) => b.records.some((r) => r.payload === payload));
  const idempotent = batchOf(PAYLOADS.idempotent);
  const plain = batchOf(PAYLOADS.plain);
  checks.law({
    id: 'idempotent-batch-has-producer-id',
    ok: idempotent !== undefined && idempotent.producerId !== -1 && idempotent.baseSequence === 0,
    expected: t.idempotentExpected(),
    found: idempotent ? t.idempotentFound(idempotent) : t.noBatchHolds({ payload: PAYLOADS.idempotent }),
    hint: t.idempotentHint(),
    evidence: compactView(idempotent ? [idempotent] : dump.batches),
  });
  checks.law({
    id: 'plain-batch-has-no-producer-id',
    ok: plain !== undefined && plain.producerId === -1,
    expected: t.plainExpected(),
    found: plain ? t.plainFound(plain) : t.noBatchHolds({ payload: PAYLOADS.plain }),
    hint: t.plainHint(),
    evidence: compactView(plain ? [plain] : dump.batches),
  });
  if (idempotent) checks.figure('producerId', idempotent.producerId);
  checks.view({
    kind: 'dump-batches',
    files: ['dump.txt'],
    batches: [
      ...(idempotent ? [{ writer: t.idempotentWriter(), batch: idempotent }] : []),
      ...(plain ? [{ writer: t.plainWriter(), batch: plain }] : []),
    ],
  } satisfies DumpBatchesView);
  return checks.grade();
}
