import type { FlagSpec } from '@kafka-labs/cli';

/** The flags a mode may take; each mode names the ones it reads. */
export const MODE_FLAGS = {
  count: { kind: 'number', min: 1, integer: true, help: 'how many records (burst 5, stream 500, keys 20, null-keys 12)' },
  'interval-ms': { kind: 'number', min: 0, help: 'stream: milliseconds between two records (default 2)' },
  'warm-up': { kind: 'boolean', help: 'burst: produce W first and wait for its delivery report (connection, metadata, producer id)' },
  value: { kind: 'string', pattern: /^\S+$/, help: 'keys, null-keys: the value of every record (default: the client name)' },
  event: { kind: 'string', pattern: /^[\w.-]+$/, help: 'fan-out: the event sent to every topic (default O-1)' },
  'fail-before': { kind: 'string', pattern: /^[\w.-]+$/, help: 'fan-out: the application fails before it sends to this topic' },
} as const satisfies Record<string, FlagSpec>;

export type ModeFlag = keyof typeof MODE_FLAGS;

/** How a mode sends its records: one after the other's delivery report, all in one tick, or at a steady rate. */
export type Pace = 'one-by-one' | 'one-tick' | 'steady';

export interface ModeSpec {
  about: string;
  pace: Pace;
  /** The flags the mode reads; any other mode flag is refused. */
  flags: readonly ModeFlag[];
  /** The default of --count, for the modes that read it. */
  count?: number;
}

/** Every mode of the producer programs, the same for each client. */
export const MODES = {
  send: { about: 'E-41, E-42, E-43 to partition 0, each after the delivery report of the previous one', pace: 'one-by-one', flags: [] },
  'app-retry': { about: 'E-42 to partition 0; when its delivery report is a failure, the application produces E-42 once more', pace: 'one-by-one', flags: [] },
  once: { about: 'E-42 once to partition 0, as a process that may be killed and restarted does', pace: 'one-by-one', flags: [] },
  stdin: {
    about: 'each line of standard input to partition 0 (blank lines skipped), each after the delivery report of the previous one, until the input ends',
    pace: 'one-by-one',
    flags: [],
  },
  burst: { about: 'E-1 ... E-<count> to partition 0, all produced in one tick; --warm-up sends W first', pace: 'one-tick', flags: ['count', 'warm-up'], count: 5 },
  stream: { about: '<count> orders (O-1 ..., about 90 bytes of JSON each) to partition 0, one every --interval-ms', pace: 'steady', flags: ['count', 'interval-ms'], count: 500 },
  keys: { about: 'one record for each key user-1 ... user-<count>, partitioned by the client, one at a time', pace: 'one-by-one', flags: ['count', 'value'], count: 20 },
  'null-keys': { about: '<count> records without a key (N-1 ...), in one tick once the client knows the topic', pace: 'one-tick', flags: ['count', 'value'], count: 12 },
  'fan-out': {
    about: 'one event to partition 0 of each topic of TOPIC (a comma list), one after the other; in a transaction when the client has a transactional id',
    pace: 'one-by-one',
    flags: ['event', 'fail-before'],
  },
} as const satisfies Record<string, ModeSpec>;

export type Mode = keyof typeof MODES;

/** What a mode is asked to do: its flags' values, defaults applied. */
export interface ModeOptions {
  count: number;
  intervalMs: number;
  warmUp: boolean;
  value: string | null;
  event: string;
  failBefore: string | null;
}
