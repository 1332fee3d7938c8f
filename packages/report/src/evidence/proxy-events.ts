import { GradeError, readRunFile } from '@kafka-labs/grader';
import type { ProxyEvent } from '@kafka-labs/proxy';

/** The proxy's event log file that the labs write. */
export const PROXY_EVENTS = 'proxy-events.jsonl';

/** A proxy event with what its `detail` says about a Produce request: its ordinal (from 1, across the proxy) and acks. */
export interface ProxyLogEvent extends ProxyEvent {
  produce: { ordinal: number; acks: number | null } | null;
}

// The one place that reads the Produce ordinal and acks out of `detail` ("Produce #2 acks=-1"): when the proxy
// writes them as typed fields, only this function changes.
function produceOf(event: ProxyEvent): ProxyLogEvent['produce'] {
  const match = event.apiName === 'Produce' ? /Produce #(\d+)(?: acks=(-?\d+))?/.exec(event.detail ?? '') : null;
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
