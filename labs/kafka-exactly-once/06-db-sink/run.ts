import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { crashBetweenCommits, type SinkCrash } from '@kafka-labs/kafka-exactly-once/sink-crash';
import { MESSAGES } from './messages.ts';

/**
 * The experiment: orders applied to a database, offsets committed to Kafka after every batch; the worker is killed
 * after the database has committed more events than Kafka has offsets for. Plain INSERT, then the inbox.
 */
const S = { orders: 10, batch: 5, killAfterApplied: 8, variants: ['plain', 'inbox'] as const };

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);

/** What the closing lines cite: the crash point and the redeliveries, of the plain run. */
let plain: SinkCrash | undefined;
for (const sink of S.variants) {
  lab.step(sink === 'plain' ? t.stepPlain() : t.stepInbox());
  const crash = await crashBetweenCommits(lab, { sink, orders: S.orders, batch: S.batch, killAfterApplied: S.killAfterApplied });
  if (sink === 'plain') plain = crash;
}

const { atKill, committed, redelivered, end } = plain!;
lab.say('', t.closing({ rows: atKill.eventRows, committed: committed ?? 0, first: redelivered[0] ?? '', last: redelivered.at(-1) ?? '', excess: end.excessRows }));
