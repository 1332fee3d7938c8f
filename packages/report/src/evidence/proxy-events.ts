import { readProxyEvents as readEventLog, type ProxyEvent } from '@kafka-labs/proxy';

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
  const events = await readEventLog(runDir);
  return events.map((event) => ({ ...event, produce: produceOf(event) }));
}
