import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Grading could not read what it needs; `message` is one line naming the file and the problem. */
export class GradeError extends Error {
  override name = 'GradeError';
}

const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** Reads a text file of a run folder; a missing, empty, oversized or binary file is a GradeError. */
export async function readRunFile(runDir: string, name: string, options: { allowEmpty?: boolean } = {}): Promise<string> {
  const file = join(runDir, name);
  if (!existsSync(file)) throw new GradeError(`${name} is missing from the run folder`);
  const size = statSync(file).size;
  if (size > MAX_FILE_BYTES) throw new GradeError(`${name} is too large to be a lab file (${size} bytes)`);
  if (size === 0 && !options.allowEmpty) throw new GradeError(`${name} is empty`);
  const buffer = await readFile(file);
  if (buffer.includes(0)) throw new GradeError(`${name} is not text (it contains NUL bytes)`);
  return buffer.toString('utf8');
}

/** Reads and parses a JSON file of a run folder, as a GradeError when it is missing or malformed. */
export async function readRunJson<T>(runDir: string, name: string): Promise<T> {
  const text = await readRunFile(runDir, name);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new GradeError(`${name} is not valid JSON`);
  }
}

/** Throws a GradeError unless `runDir` is an existing folder. */
export function assertRunFolder(runDir: string): void {
  if (!existsSync(runDir) || !statSync(runDir).isDirectory()) {
    throw new GradeError(`no run folder at ${runDir}`);
  }
}
