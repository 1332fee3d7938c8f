import { readFileSync } from 'node:fs';
import { parseCommand, UsageError, type FlagSpec } from '@kafka-labs/cli';
import { ProducerError } from '@kafka-labs/kafka-client/producer-log';
import { MODE_FLAGS, MODES, type Mode, type ModeFlag, type ModeOptions } from './modes.ts';
import { modeOptions } from './plan.ts';

/** librdkafka properties the producer sets unless a `key=value` argument overrides them. */
export const DEFAULT_CONFIG: Readonly<Record<string, string>> = {
  'bootstrap.servers': 'localhost:9532',
  'socket.timeout.ms': '3000',
};

/** The idempotence argument's spellings. */
const IDEMPOTENCE: Readonly<Record<string, boolean>> = { true: true, on: true, false: false, off: false };

/** What both producer programs read from their command line, before the client's own `key=value` settings are checked. */
export interface CommonArgs {
  topic: string;
  idempotent: boolean;
  mode: Mode;
  modeOptions: ModeOptions;
  /** The `key=value` arguments in order. */
  settings: [string, string][];
}

export interface ProducerOptions {
  topic: string;
  mode: Mode;
  modeOptions: ModeOptions;
  /** Every librdkafka property the client gets: the defaults, enable.idempotence, then the `key=value` arguments. */
  config: Record<string, string>;
}

const TOPIC = /^[\w.-]+$/;

/**
 * Parses `TOPIC IDEMPOTENCE MODE [key=value ...] [mode flags] [extra flags]`; throws a ProducerError naming the bad
 * argument. `extraFlags` are a program's own flags (their values come back in `extra`).
 */
export function parseCommonArgs(
  argv: readonly string[],
  what: string,
  extraFlags: Record<string, FlagSpec> = {},
): CommonArgs & { extra: Record<string, unknown> } {
  let parsed: ReturnType<typeof parseCommand>;
  try {
    parsed = parseCommand({ ...MODE_FLAGS, ...extraFlags }, [...argv]);
  } catch (error) {
    throw new ProducerError('usage', error instanceof UsageError ? error.message : String(error));
  }
  const [topic, idempotence, mode, ...rest] = parsed.positionals;
  if (mode === undefined) throw new ProducerError('usage', 'expected TOPIC IDEMPOTENCE MODE (see --help)');
  const enabled = IDEMPOTENCE[idempotence!];
  if (enabled === undefined) throw new ProducerError('usage', `IDEMPOTENCE must be true or false, not '${idempotence}'`);
  if (!Object.hasOwn(MODES, mode)) throw new ProducerError('usage', `MODE must be one of ${Object.keys(MODES).join(', ')}, not '${mode}'`);
  const spec = MODES[mode as Mode];
  const topics = mode === 'fan-out' ? topic!.split(',') : [topic!];
  const badTopic = topics.find((t) => !TOPIC.test(t));
  if (badTopic !== undefined) throw new ProducerError('usage', `'${badTopic}' is not a valid topic name`);
  const flags = parsed.flags as Record<string, unknown>;
  for (const flag of Object.keys(MODE_FLAGS) as ModeFlag[]) {
    const given = flag === 'warm-up' ? flags[flag] === true : flags[flag] !== undefined;
    if (given && !(spec.flags as readonly string[]).includes(flag)) throw new ProducerError('usage', `--${flag} is not a flag of mode ${mode}`);
  }
  const options = modeOptions(mode as Mode, flags);
  if (options.failBefore !== null && !topics.includes(options.failBefore)) {
    throw new ProducerError('usage', `--fail-before ${options.failBefore} is not one of the topics ${topics.join(', ')}`);
  }
  const settings = rest.map((arg): [string, string] => {
    const match = /^([a-zA-Z][\w.]*)=(\S*)$/.exec(arg);
    if (!match) throw new ProducerError('usage', `'${arg}' is not a key=value ${what}`);
    return [match[1]!, match[2]!];
  });
  const extra = Object.fromEntries(Object.keys(extraFlags).map((name) => [name, flags[name]]));
  return { topic: topic!, idempotent: enabled, mode: mode as Mode, modeOptions: options, settings, extra };
}

/** The lines of --help that both programs share: the arguments, the modes and their flags. */
export function commonHelp(settingsAbout: string): string[] {
  const modes = Object.entries(MODES).map(([name, mode]) => `    ${name.padEnd(10)} ${mode.about}`);
  const flags = Object.entries(MODE_FLAGS).map(([name, flag]) => `  --${`${name}${flag.kind === 'boolean' ? '' : ' N'}`.padEnd(17)} ${flag.help}`);
  return [
    '  TOPIC        the topic to produce to (fan-out: a comma list of topics)',
    '  IDEMPOTENCE  true|false (also on|off): whether the producer is idempotent',
    '  MODE         one of:',
    ...modes,
    `  key=value    ${settingsAbout}`,
    '',
    'mode flags (each mode takes only its own):',
    ...flags,
  ];
}

/** The librdkafka producer's own flag: a properties file of librdkafka settings. */
const CONFIG_FLAG = {
  config: { kind: 'string', help: 'a properties file of librdkafka settings (key=value lines, # comments), applied before the key=value arguments' },
} as const satisfies Record<string, FlagSpec>;

/**
 * The settings of a properties file (`key=value` lines; blank lines and lines starting with # or ! skipped), in order;
 * throws a ProducerError naming the file and the first line that is not a setting, or a file it cannot read.
 */
export function parsePropertiesFile(file: string): [string, string][] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ProducerError('usage', `cannot read the --config file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return text.split('\n').flatMap((raw, i): [string, string][] => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('!')) return [];
    const match = /^([a-zA-Z][\w.]*)\s*[=:]\s*(.*)$/.exec(line);
    if (!match) throw new ProducerError('usage', `${file} line ${i + 1} is not a key=value setting: '${line.slice(0, 60)}'`);
    return [[match[1]!, match[2]!.trim()]];
  });
}

export function producerHelp(): string {
  const defaults = Object.entries(DEFAULT_CONFIG).map(([key, value]) => `${key}=${value}`).join(' ');
  return [
    'usage: producer TOPIC IDEMPOTENCE MODE [--config FILE] [key=value ...] [mode flags]',
    '',
    'Produces the lab events with librdkafka (@confluentinc/kafka-javascript, callback API) and prints one line per',
    'delivery report (`3.2s E-42 result: offset=2`, `5.1s E-42 result: error -192 _MSG_TIMED_OUT`) and',
    'one `rdkafka %<severity> <FACILITY> ...` line per client log line (e.g. with debug=msg,eos).',
    '',
    ...commonHelp('any librdkafka property, e.g. debug=msg,eos message.timeout.ms=5000 transactional.id=T'),
    `  --config FILE       ${CONFIG_FLAG.config.help};`,
    '                      its enable.idempotence, if any, must agree with IDEMPOTENCE',
    '',
    `defaults: ${defaults}`,
    'exit codes: 0 every record has a delivery report, 1 the client failed, 2 bad arguments',
  ].join('\n');
}

/** Parses the librdkafka producer's command line; throws a ProducerError naming the bad argument. */
export function parseProducerArgs(argv: readonly string[]): ProducerOptions {
  const args = parseCommonArgs(argv, 'librdkafka property', CONFIG_FLAG);
  const config: Record<string, string> = { ...DEFAULT_CONFIG, 'enable.idempotence': String(args.idempotent) };
  const file = args.extra.config as string | undefined;
  for (const [key, value] of file === undefined ? [] : parsePropertiesFile(file)) {
    if (key === 'enable.idempotence' && value !== String(args.idempotent)) {
      throw new ProducerError('usage', `${file} sets enable.idempotence=${value} but IDEMPOTENCE is ${args.idempotent}`);
    }
    config[key] = value;
  }
  for (const [key, value] of args.settings) {
    if (key === 'enable.idempotence') throw new ProducerError('usage', 'give enable.idempotence as the IDEMPOTENCE argument');
    config[key] = value;
  }
  if (config['transactional.id'] !== undefined && !args.idempotent) throw new ProducerError('usage', 'transactional.id needs IDEMPOTENCE true');
  return { topic: args.topic, mode: args.mode, modeOptions: args.modeOptions, config };
}
