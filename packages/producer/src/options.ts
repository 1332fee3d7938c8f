import { ProducerError } from './errors.ts';

/** What each mode sends: its events in order (`stdin`: each line of the input), and whether the application produces a failed event once more. */
export const MODES = {
  send: {
    events: ['E-41', 'E-42', 'E-43'],
    retryOnFailure: false,
    about: 'E-41, E-42, E-43 one at a time, each after the delivery report of the previous one',
  },
  'app-retry': {
    events: ['E-42'],
    retryOnFailure: true,
    about: 'E-42; when its delivery report is a failure, the application produces E-42 once more',
  },
  once: {
    events: ['E-42'],
    retryOnFailure: false,
    about: 'E-42 once, as a process that may be killed and restarted does',
  },
  stdin: {
    events: 'stdin',
    retryOnFailure: false,
    about: 'each line of standard input, each after the delivery report of the previous one, until the input ends',
  },
} as const satisfies Record<string, { events: readonly string[] | 'stdin'; retryOnFailure: boolean; about: string }>;

export type Mode = keyof typeof MODES;

/** librdkafka properties the producer sets unless a `key=value` argument overrides them. */
export const DEFAULT_CONFIG: Readonly<Record<string, string>> = {
  'bootstrap.servers': 'localhost:9532',
  'socket.timeout.ms': '3000',
};

/** The idempotence argument's spellings. */
const IDEMPOTENCE: Readonly<Record<string, boolean>> = { true: true, on: true, false: false, off: false };

export interface ProducerOptions {
  topic: string;
  mode: Mode;
  /** Every librdkafka property the client gets: the defaults, enable.idempotence, then the `key=value` arguments. */
  config: Record<string, string>;
}

export function producerHelp(): string {
  const modes = Object.entries(MODES).map(([name, mode]) => `  ${name.padEnd(10)} ${mode.about}`);
  const defaults = Object.entries(DEFAULT_CONFIG).map(([key, value]) => `${key}=${value}`).join(' ');
  return [
    'usage: producer TOPIC IDEMPOTENCE MODE [key=value ...]',
    '',
    'Produces the lab events with librdkafka (@confluentinc/kafka-javascript) and prints one line per',
    'delivery report (`3.2s E-42 result: offset=2`, `5.1s E-42 result: error -192 _MSG_TIMED_OUT`) and',
    'one `rdkafka %<severity> <FACILITY> ...` line per client log line (e.g. with debug=msg,eos).',
    '',
    '  TOPIC        the topic to produce to',
    '  IDEMPOTENCE  true|false (also on|off): enable.idempotence',
    '  MODE         one of:',
    ...modes.map((line) => `  ${line}`),
    '  key=value    any librdkafka property, e.g. debug=msg,eos message.timeout.ms=5000',
    '',
    `defaults: ${defaults}`,
    'exit codes: 0 every event has a delivery report, 1 the client failed, 2 bad arguments',
  ].join('\n');
}

/** Parses `TOPIC IDEMPOTENCE MODE [key=value ...]`; throws a ProducerError naming the bad argument. */
export function parseProducerArgs(argv: readonly string[]): ProducerOptions {
  const [topic, idempotence, mode, ...rest] = argv;
  if (mode === undefined) throw new ProducerError('usage', 'expected TOPIC IDEMPOTENCE MODE (see --help)');
  if (!/^[\w.-]+$/.test(topic!)) throw new ProducerError('usage', `'${topic}' is not a valid topic name`);
  const enabled = IDEMPOTENCE[idempotence!];
  if (enabled === undefined) throw new ProducerError('usage', `IDEMPOTENCE must be true or false, not '${idempotence}'`);
  if (!Object.hasOwn(MODES, mode)) {
    throw new ProducerError('usage', `MODE must be one of ${Object.keys(MODES).join(', ')}, not '${mode}'`);
  }
  const config: Record<string, string> = { ...DEFAULT_CONFIG, 'enable.idempotence': String(enabled) };
  for (const arg of rest) {
    const match = /^([a-z][\w.]*)=(\S*)$/.exec(arg);
    if (!match) throw new ProducerError('usage', `'${arg}' is not a key=value librdkafka property`);
    if (match[1] === 'enable.idempotence') throw new ProducerError('usage', 'give enable.idempotence as the IDEMPOTENCE argument');
    config[match[1]!] = match[2]!;
  }
  return { topic: topic!, mode: mode as Mode, config };
}
