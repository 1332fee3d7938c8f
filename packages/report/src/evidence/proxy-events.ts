import { GradeError, readRunFile } from '@kafka-labs/grader';
import type { ProxyEvent } from '@kafka-labs/proxy';

/** The proxy's event log file that the labs write. */
export const PROXY_EVENTS = 'proxy-events.jsonl';

/** A proxy event with its Produce request's ordinal (from 1, across the proxy) and acks. */
export interface ProxyLogEvent extends Omit<ProxyEvent, 'produce'> {
  produce: { ordinal: number; acks: number | null } | null;
}

// The proxy writes the ordinal and acks as typed fields; logs written before it did carry them only in `detail`
// ("Produce #2 acks=-1"), which is read for those alone.
function produceOf(event: ProxyEvent): ProxyLogEvent['produce'] {
  if (event.apiName !== 'Produce') return null;
  if (typeof event.ordinal === 'number') return { ordinal: event.ordinal, acks: event.produce?.acks ?? null };
  const match = /Produce #(\d+)(?: acks=(-?\d+))?/.exec(event.detail ?? '');
  return match ? { ordinal: Number(match[1]), acks: match[2] === undefined ? null : Number(match[2]) } : null;
}

/** Reads proxy-events.jsonl (one JSON event a line) with the graders' safe reader; a line that is not an event is a GradeError. */
export async function readProxyEvents(runDir: string): Promise<ProxyLogEvent[]> {
  return (await readRunFile(runDir, PROXY_EVENTS, { allowEmpty: true })).split('\n').flatMap((line, index) => {
    if (line.trim() === '') return [];
    let event: ProxyEvent;
    try {
      event = JSON.parse(line) as ProxyEvent;
    } catch {
      throw new GradeError(`${PROXY_EVENTS} line ${index + 1} is not JSON`);
    }
    if (typeof event?.seq !== 'number' || typeof event.time !== 'string' || typeof event.action !== 'string') {
      throw new GradeError(`${PROXY_EVENTS} line ${index + 1} is not a proxy event (no seq, time or action)`);
    }
    return [{ ...event, produce: produceOf(event) }];
  });
}
