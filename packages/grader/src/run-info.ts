import { GradeError, readRunJson } from './run-folder.ts';

/** What a recorded parameter must be: a finite number, a boolean, a string, a list of strings or of objects (the variants). */
export type ParameterKind = 'number' | 'boolean' | 'string' | 'strings' | 'objects';

const isKind = (value: unknown, kind: ParameterKind) => {
  if (kind === 'objects') return Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
  if (kind === 'strings') return Array.isArray(value) && value.every((v) => typeof v === 'string');
  return typeof value === kind && (kind !== 'number' || Number.isFinite(value));
};
const KIND_NAMES: Record<ParameterKind, string> = {
  number: 'a number',
  boolean: 'a boolean',
  string: 'a string',
  strings: 'a list of strings',
  objects: 'a list of objects',
};

/**
 * The experiment's parameters as the run recorded them in run.json (the run script's setup, not today's code);
 * a missing or mistyped parameter that the grader names in `kinds` is a GradeError naming it.
 */
export async function readParameters<T>(runDir: string, kinds: { [K in keyof T]?: ParameterKind }): Promise<T> {
  const info = await readRunJson<{ parameters?: unknown }>(runDir, 'run.json');
  const parameters = info?.parameters;
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) throw new GradeError('run.json has no parameters');
  for (const [key, kind] of Object.entries(kinds) as [string, ParameterKind][]) {
    if (!isKind((parameters as Record<string, unknown>)[key], kind)) throw new GradeError(`run.json parameters.${key} must be ${KIND_NAMES[kind]}`);
  }
  return parameters as T;
}

/** The per-run topic and group names the run recorded in run.json. */
export async function readNames(runDir: string): Promise<Record<string, string>> {
  const info = await readRunJson<{ names?: Record<string, string> }>(runDir, 'run.json');
  if (!info?.names || typeof info.names !== 'object') throw new GradeError('run.json has no names');
  return info.names;
}

/** A name run.json must hold (a topic or group base name), as a GradeError when it does not. */
export function nameOf(names: Record<string, string>, base: string): string {
  const name = names[base];
  if (typeof name !== 'string') throw new GradeError(`run.json names no ${base}`);
  return name;
}
