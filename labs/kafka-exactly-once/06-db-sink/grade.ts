import { Checks, is, nameOf, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { eventsOf } from '@kafka-labs/kafka-exactly-once/evidence';
import { checkInbox, checkSameCrashPoint, checkSinkCrash, readSinkCrash, SINK_CRASH_GRADE_MESSAGES } from '@kafka-labs/kafka-exactly-once/sink-crash-grade';
import { MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded (the run script's setup). */
const RECORDED = is.object({ orders: is.integer, killAfterApplied: is.integer, variants: is.array(is.literal('plain', 'inbox')) });

/**
 * Both variants crash at the same point: the first worker is killed after the database committed more events than
 * the group's offset covers; the second starts at that offset and redelivers the difference. plain: each redelivered
 * event has a second row (excess rows = redelivered) and its projection counter counts it twice. inbox: every event
 * has one row and one inbox row, and exactly the redelivered ones were skipped.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const none = textsIn(SINK_CRASH_GRADE_MESSAGES, lang).none();
  const checks = new Checks(lang);
  const list = (ids: string[]) => (ids.length ? ids.join(', ') : none);
  const { parameters: S, names } = await readRunInfo(runDir, RECORDED);
  const crashPoints: string[] = [];

  for (const v of S.variants) {
    const crash = await readSinkCrash(runDir, names, v);
    crashPoints.push(checkSinkCrash(checks, lang, nameOf(names, v), v, S, crash));
    const { end, redelivered } = crash;
    const twice = end.duplicated.map((d) => d.eventId);
    if (v === 'plain') {
      checks.law({
        id: 'duplicate-rows',
        ok: end.excessRows === redelivered.length && twice.join() === redelivered.join() && end.duplicated.every((d) => d.rows === 2),
        expected: t.duplicateExpected(),
        found: t.duplicateFound({ rows: end.eventRows, events: end.distinctEvents, excess: end.excessRows, twice: list(twice) }),
        evidence: end.duplicated.map((d) => `${d.eventId}: ${d.rows} rows (seq ${d.seqs.join(', ')})`),
      });
      checks.law({
        id: 'projection-counts-twice',
        ok: end.appliedTotal === end.eventRows,
        expected: t.countsTwiceExpected(),
        found: t.countsTwiceFound({ total: end.appliedTotal, rows: end.eventRows }),
      });
    } else {
      checkInbox(checks, lang, S, crash);
    }
    checks.figure(`${v}Rows`, end.eventRows);
    checks.figure(`${v}Excess`, end.excessRows);
    checks.figure(`${v}Redelivered`, redelivered.length);
    if (v === 'inbox') checks.figure('inboxSkipped', eventsOf(crash.second, 'skipped').length);
  }
  checkSameCrashPoint(checks, lang, crashPoints);
  return checks.grade();
}
