// What 10-durable-settings' run script and grader share: the stream's names, the file of the refusal's high
// watermark, and how a refusal of the broker reads in the producer's debug lines.
import { parseClientEvent, type ProducerLine } from '@kafka-labs/kafka-client/producer-log';
import { NOT_ENOUGH_REPLICAS } from './replicas.ts';

/** The topic (before its run suffix) and the producer log's name. */
export const STREAM = 'orders';
/** The n-th record of the stream (from 1). */
export const streamEvent = (n: number) => `E-${n}`;
export const STREAM_EVENT = /^E-\d+$/;
/** Sent with one follower stopped (two replicas in sync), then with both stopped (the leader alone). */
export const ONE_DOWN_EVENT = 'Q';
export const TWO_DOWN_EVENT = 'R';
/** kafka-get-offsets while the leader alone was in sync and refused R. */
export const HW_TWO_DOWN_FILE = 'offsets-two-down.txt';

/** A refusal of the broker in the producer's debug=msg lines: a batch that met NOT_ENOUGH_REPLICAS. */
export interface Refusal {
  /** The line's index in the lines given. */
  at: number;
  /** What librdkafka said, after its facility (`<broker>: <topic> [0]: MessageSet ... encountered error: ...`). */
  text: string;
  /** librdkafka's verdict on the batch, e.g. Retry and MsgNotPersisted. */
  actions: string[];
}

/** The producer's lines (null or undefined: not one of its lines) that report the broker refusing a batch with NOT_ENOUGH_REPLICAS, in order. */
export function refusals(lines: readonly (ProducerLine | null | undefined)[]): Refusal[] {
  return lines.flatMap((line, at) => {
    if (line?.kind !== 'client') return [];
    const event = parseClientEvent(line);
    return event?.kind === 'batch-error' && event.error === NOT_ENOUGH_REPLICAS ? [{ at, text: line.text, actions: event.actions }] : [];
  });
}
