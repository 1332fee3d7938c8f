/**
 * The edge of every `pnpm <command>` script: parses `command --flag value` arguments, prints
 * help, and turns anything thrown into one line on stderr with exit code 2 (never a stack trace).
 */
export interface Flags {
  string(name: string): string | undefined;
  number(name: string, fallback: number): number;
  boolean(name: string): boolean;
}

export interface Invocation {
  command: string | undefined;
  positionals: string[];
  flags: Flags;
}

class UsageError extends Error {}

export function parseArgs(argv: string[], booleans: readonly string[] = []): Invocation {
  const values = new Map<string, string>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) values.set(name, inline);
    else if (booleans.includes(name) || argv[i + 1] === undefined || argv[i + 1]!.startsWith('--')) values.set(name, 'true');
    else values.set(name, argv[++i]!);
  }
  const flags: Flags = {
    string: (name) => values.get(name),
    number: (name, fallback) => {
      const raw = values.get(name);
      if (raw === undefined) return fallback;
      const value = Number(raw);
      if (!Number.isFinite(value)) throw new UsageError(`--${name} must be a number, got "${raw}"`);
      return value;
    },
    boolean: (name) => values.get(name) === 'true',
  };
  return { command: positionals[0], positionals: positionals.slice(1), flags };
}

export async function cli(
  usage: string,
  main: (invocation: Invocation) => Promise<number>,
  options: { booleans?: readonly string[] } = {},
): Promise<never> {
  const argv = process.argv.slice(2).filter((a) => a !== '--');
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    process.exit(await main(parseArgs(argv, ['fresh', 'json', ...(options.booleans ?? [])])));
  } catch (err) {
    process.stderr.write(`${oneLine(err)}\n`);
    if (err instanceof UsageError) process.stderr.write(`${usage.split('\n')[0]}\n`);
    process.exit(2);
  }
}

cli.usage = (message: string) => new UsageError(message);

/** A single line naming what went wrong, including the causes' messages. */
export function oneLine(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e; e = e instanceof Error ? e.cause : undefined) {
    parts.push(e instanceof Error ? e.message : String(e));
  }
  return `error: ${parts.join(': ').replace(/\s*\n\s*/g, ' ')}`;
}
