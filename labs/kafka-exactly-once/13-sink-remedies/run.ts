import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { crashBetweenCommits } from '@kafka-labs/kafka-exactly-once/sink-crash';
import { MESSAGES } from './messages.ts';

/**
 * The experiment: 06's crash (a worker killed after its database committed more events than Kafka has offsets for,
 * restarted from the group's offset) through the article's three sink remedies: a unique index on event_id (the
 * redelivery's INSERT fails, the worker catches it), an idempotent write (INSERT ... ON CONFLICT), the inbox.
 */
const S = { orders: 10, batch: 5, killAfterApplied: 8, variants: ['unique-index', 'on-conflict', 'inbox'] as const };
const STEPS = { 'unique-index': 'stepUnique', 'on-conflict': 'stepOnConflict', inbox: 'stepInbox' } as const;

await using lab = await startLab(import.meta.url, { parameters: S });
const t = textsIn(MESSAGES, lab.lang);

const rows: string[] = [];
for (const sink of S.variants) {
  lab.step(t[STEPS[sink]]());
  const { end, redelivered } = await crashBetweenCommits(lab, { sink, orders: S.orders, batch: S.batch, killAfterApplied: S.killAfterApplied });
  rows.push(t.variantRows({ sink, redelivered: redelivered.length, rows: end.eventRows, events: end.distinctEvents }));
}

lab.say('', t.closing({ rows: rows.join('; ') }));
