import { parseArgs } from 'node:util';
import { UsageError } from './errors.ts';

/** One `--flag` of a command: its value kind, the sentence `--help` prints, and a default or `required`. */
export type FlagSpec =
  | { kind: 'string'; help: string; default?: string; required?: true; pattern?: RegExp }
  | { kind: 'choice'; help: string; choices: readonly string[]; default?: string }
  | { kind: 'number'; help: string; default?: number; required?: true; min: number; integer?: true }
  | { kind: 'boolean'; help: string };

type ValueOf<S extends FlagSpec> = S extends { kind: 'number' } ? number : S extends { kind: 'boolean' } ? boolean : string;
type Always = { default: unknown } | { required: true } | { kind: 'boolean' };

/** The parsed values of a flag table: flags with a default, `required` or boolean kind are always present. */
export type FlagValues<T extends Record<string, FlagSpec>> = {
  [K in keyof T]: T[K] extends Always ? ValueOf<T[K]> : ValueOf<T[K]> | undefined;
};

/** Parses `argv` against a flag table; throws a UsageError with a one-line reason for any flag that does not fit. */
export function parseFlags<T extends Record<string, FlagSpec>>(specs: T, argv: string[]): FlagValues<T> {
  return parse(specs, argv, false).flags;
}

/** Like parseFlags, for commands that also take positional arguments (`pnpm broker up --nodes 3`). */
export function parseCommand<T extends Record<string, FlagSpec>>(
  specs: T,
  argv: string[],
): { positionals: string[]; flags: FlagValues<T> } {
  return parse(specs, argv, true);
}

function parse<T extends Record<string, FlagSpec>>(specs: T, argv: string[], allowPositionals: boolean) {
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals,
      options: Object.fromEntries(
        Object.entries(specs).map(([name, spec]) => [name, { type: spec.kind === 'boolean' ? 'boolean' : 'string' }]),
      ) as Record<string, { type: 'string' | 'boolean' }>,
    }) as typeof parsed;
  } catch (error) {
    throw new UsageError(parseArgsReason(error));
  }
  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    values[name] = flagValue(name, spec, parsed.values[name]);
  }
  return { positionals: parsed.positionals, flags: values as FlagValues<T> };
}

function flagValue(name: string, spec: FlagSpec, given: string | boolean | undefined): unknown {
  if (spec.kind === 'boolean') return given === true;
  if (given === undefined) {
    if ('required' in spec && spec.required) throw new UsageError(`--${name} is required`);
    return spec.default;
  }
  const text = String(given);
  switch (spec.kind) {
    case 'string':
      if (text === '' || (spec.pattern && !spec.pattern.test(text))) {
        throw new UsageError(`--${name} '${text}' is not valid (${spec.help})`);
      }
      return text;
    case 'choice':
      if (!spec.choices.includes(text)) {
        throw new UsageError(`--${name} must be one of ${spec.choices.join(', ')}, not '${text}'`);
      }
      return text;
    case 'number': {
      const value = Number(text);
      if (text.trim() === '' || !Number.isFinite(value) || value < spec.min || (spec.integer && !Number.isInteger(value))) {
        const what = spec.integer ? 'an integer' : 'a number';
        throw new UsageError(`--${name} must be ${what} >= ${spec.min}, not '${text}'`);
      }
      return value;
    }
  }
}

function parseArgsReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /Unknown option '([^']+)'/.exec(message);
  if (unknown) return `unknown flag ${unknown[1]} (see --help)`;
  const missing = /Option '(?:-\w, )?(--[\w-]+)[^']*' argument missing/.exec(message);
  if (missing) return `${missing[1]} needs a value`;
  const positional = /Unexpected argument '([^']+)'/.exec(message);
  if (positional) return `unexpected argument '${positional[1]}' (flags only, see --help)`;
  return message.split('\n')[0] ?? message;
}

/** The `--help` text of a command: a usage line, then one line per flag with its default. */
export function flagsHelp(usage: string, specs: Record<string, FlagSpec>): string {
  const rows = Object.entries(specs).map(([name, spec]) => {
    const left = spec.kind === 'boolean' ? `--${name}` : `--${name} ${spec.kind === 'choice' ? spec.choices.join('|') : 'VALUE'}`;
    const extra = 'required' in spec && spec.required ? ' (required)' : 'default' in spec && spec.default !== undefined ? ` (default ${spec.default})` : '';
    return [left, `${spec.help}${extra}`] as const;
  });
  const width = Math.max(...rows.map(([left]) => left.length));
  return [`usage: ${usage}`, '', ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`), `  ${'--help'.padEnd(width)}  print this help`].join('\n');
}
