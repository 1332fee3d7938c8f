import { is, readRunJsonLines } from '@kafka-labs/grader';
import type { ProxyEvent } from './events.ts';

/** The name run scripts give the proxy's event log in a run folder. */
export const PROXY_EVENTS = 'proxy-events.jsonl';

/** The fields every event has; the others are kept as the proxy wrote them. */
const EVENT = is.object({ seq: is.integer, time: is.string, action: is.string });

/**
 * Reads a proxy event log of a run folder (one JSON event a line, empty allowed) with the graders' safe reader:
 * a line that is not JSON or lacks seq, time or action is a GradeError naming the line.
 */
export async function readProxyEvents(runDir: string, name = PROXY_EVENTS): Promise<ProxyEvent[]> {
  return (await readRunJsonLines(runDir, name, EVENT, { allowEmpty: true })) as ProxyEvent[];
}
