import { ProxyError } from './errors.ts';
import { describeFaults, FAULT_MODULES, FAULT_SETTINGS, parseFaults, type FaultField } from './faults.ts';
import type { FaultSetting } from './faults/module.ts';
import { parseAddress, PROXY_DEFAULTS, type ProxyOptions, type ProxyStatus } from './proxy.ts';

type Flag = { arg: string; about: string; apply: (options: ProxyOptions, value: string, flag: string) => void };

/** The CLI's own flags; the fault flags come from FAULT_SETTINGS. */
const CLI_FLAGS: Record<string, Flag> = {
  '--listen': {
    arg: 'HOST:PORT',
    about: `where clients connect; a loopback host listens on 127.0.0.1 and ::1 (default ${PROXY_DEFAULTS.listen})`,
    apply: (options, value, flag) => {
      parseAddress(value, flag);
      options.listen = value;
    },
  },
  '--upstream': {
    arg: 'HOST:PORT',
    about: `the broker listener to bootstrap through (default ${PROXY_DEFAULTS.upstream}, the FAULT listener); each node gets a port of its own`,
    apply: (options, value, flag) => {
      parseAddress(value, flag);
      options.upstream = value;
    },
  },
  '--control': {
    arg: 'PORT',
    about: `control API port on 127.0.0.1, 0 picks a free one (default ${PROXY_DEFAULTS.controlPort})`,
    apply: (options, value, flag) => {
      options.controlPort = parseAddress(value, flag).port;
    },
  },
  '--events': {
    arg: 'FILE',
    about: 'append every event to FILE as one JSON line',
    apply: (options, value) => {
      options.eventsFile = value;
    },
  },
};

const FAULT_FLAGS = new Map(Object.entries(FAULT_SETTINGS).map(([field, s]) => [s.flag, field as FaultField]));

/** The --help text, built from CLI_FLAGS and FAULT_SETTINGS. */
export const PROXY_HELP = [
  'Usage: pnpm proxy [flags]',
  '',
  'A Kafka-protocol-aware TCP proxy that injects faults: it forwards every frame byte for byte',
  'unless a fault module says otherwise. Faults can be changed while it runs through the control API:',
  '  GET /status  GET /events?since=SEQ  GET /modules  GET|PUT|POST /faults  POST /reset',
  'Once it accepts connections it prints one line starting "proxy: listening on "; it stops on',
  'SIGINT, SIGTERM or SIGHUP, and when the pnpm process that runs it exits.',
  '',
  'Flags:',
  ...Object.entries(CLI_FLAGS).map(([flag, f]) => line(`${flag} ${f.arg}`, f.about)),
  '',
  'Fault modules, in chain order (none: pass-through):',
  ...FAULT_MODULES.flatMap((m) => [`  ${m.name}`, ...Object.values(m.settings as Record<string, FaultSetting>).map((s) => line(`  ${s.flag} ${s.arg}`, s.about))]),
  '',
  line('--help', 'show this text'),
].join('\n');

function line(usage: string, about: string): string {
  return `  ${usage.padEnd(34)} ${about}`;
}

/** Parses the CLI's arguments (`--flag value` or `--flag=value`); throws a `usage` ProxyError with a one-line reason. */
export function parseProxyArgs(argv: string[]): { help: true } | { help: false; options: ProxyOptions } {
  const options: ProxyOptions = { controlPort: PROXY_DEFAULTS.controlPort };
  const faults: Record<string, unknown> = {};
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = splitFlag(args[i]!);
    if (flag === '--help' || flag === '-h') return { help: true };
    const field = FAULT_FLAGS.get(flag);
    const cliFlag = CLI_FLAGS[flag];
    if (!field && !cliFlag) throw new ProxyError('usage', `unknown flag ${JSON.stringify(flag)}`);
    const value = inline ?? args[++i];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) {
      throw new ProxyError('usage', `${flag} needs a value`);
    }
    try {
      if (field) faults[field] = FAULT_SETTINGS[field].parse(value, flag);
      else cliFlag!.apply(options, value, flag);
    } catch (err) {
      throw new ProxyError('usage', err instanceof Error ? err.message : String(err));
    }
  }
  try {
    options.faults = parseFaults(faults);
  } catch (err) {
    throw new ProxyError('usage', err instanceof Error ? err.message : String(err));
  }
  return { help: false, options };
}

function splitFlag(arg: string): [string, string | undefined] {
  const eq = arg.indexOf('=');
  return arg.startsWith('--') && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
}

/** The line the CLI prints once it accepts connections and its control API answers: the one to wait for. */
export const READY_LINE = /^proxy: listening on ([^\s,]+)/;

/** The ready line of a proxy with this status. */
export function readyLine(status: ProxyStatus): string {
  const control = status.controlPort === null ? 'no control API' : `control API http://127.0.0.1:${status.controlPort}`;
  const nodes = status.nodes.map((n) => `${n.nodeId} -> ${n.port} -> ${n.upstream.host}:${n.upstream.port}`).join(', ');
  return (
    `proxy: listening on ${status.listen.join(', ')}, forwarding to ${status.upstream}; ` +
    (nodes ? `nodes: ${nodes}; ` : '') +
    `${control}; faults: ${describeFaults(status.faults)}`
  );
}

