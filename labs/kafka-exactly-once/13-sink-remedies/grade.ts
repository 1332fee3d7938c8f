import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { eventsOf } from '@kafka-labs/kafka-exactly-once/evidence';
import { checkInbox, checkSameCrashPoint, checkSinkCrash, readSinkCrash } from '@kafka-labs/kafka-exactly-once/sink-crash-grade';
import { MESSAGES } from './messages.ts';

/** The figures' prefix per variant. */
const FIGURE = { 'unique-index': 'uniqueIndex', 'on-conflict': 'onConflict', inbox: 'inbox' } as const;

/** What this grader reads of the parameters the run recorded (the run script's setup). */
const RECORDED = is.object({ orders: is.integer, killAfterApplied: is.integer, variants: is.array(is.literal('unique-index', 'on-conflict', 'inbox')) });

/**
 * 06's crash through three remedies, each crashing at the same point. unique-index: each redelivered event's second
 * row refused (logged `duplicate`), caught, and the worker committed to the end; on-conflict: each applied again,
 * the same rows; inbox: each skipped. Every variant ends with one row per event.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const checks = new Checks(lang);
  const list = (ids: string[]) => (ids.length ? ids.join(', ') : t.none());
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const crashPoints: string[] = [];

  for (const v of S.variants) {
    const crash = await readSinkCrash(runDir, names, v);
    crashPoints.push(checkSinkCrash(checks, lang, nameOf(names, v), v, S, crash));
    const { end, second, redelivered } = crash;
    if (v === 'unique-index') {
      const duplicate = eventsOf(second, 'duplicate').map((e) => e.id);
      const lastCommit = eventsOf(second, 'offsets-committed').at(-1)?.offsets[0]?.offset;
      checks.law({
        id: 'unique-violation-caught',
        ok: duplicate.length > 0 && duplicate.join() === redelivered.join() && lastCommit === S.orders && end.eventRows === S.orders && end.appliedTotal === S.orders,
        expected: t.uniqueExpected({ orders: S.orders }),
        found: t.uniqueFound({ duplicate: list(duplicate), redelivered: list(redelivered), committed: String(lastCommit ?? t.none()), rows: end.eventRows, total: end.appliedTotal }),
      });
      checks.figure('uniqueIndexRefused', duplicate.length);
    } else if (v === 'on-conflict') {
      const again = eventsOf(second, 'applied').map((e) => e.id).filter((id) => redelivered.includes(id));
      checks.law({
        id: 'same-rows',
        ok: again.length > 0 && again.join() === redelivered.join() && end.eventRows === S.orders && end.excessRows === 0 && end.appliedTotal === S.orders,
        expected: t.onConflictExpected({ orders: S.orders }),
        found: t.onConflictFound({ again: list(again), redelivered: list(redelivered), rows: end.eventRows, excess: end.excessRows, total: end.appliedTotal }),
      });
      checks.figure('onConflictAppliedAgain', again.length);
    } else {
      checkInbox(checks, lang, S, crash);
      checks.figure('inboxSkipped', eventsOf(second, 'skipped').length);
    }
    checks.figure(`${FIGURE[v]}Rows`, end.eventRows);
  }
  checkSameCrashPoint(checks, lang, crashPoints);
  return checks.grade();
}
