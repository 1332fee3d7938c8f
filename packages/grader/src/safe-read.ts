import { isUtf8 } from 'node:buffer';
import { constants, existsSync, statSync, type Stats } from 'node:fs';
import { lstat, open, realpath, stat } from 'node:fs/promises';
import { relative, resolve, isAbsolute } from 'node:path';
import { ShapeError, type Shape } from './shape.ts';

/** Grading could not read what it needs; `message` is one line naming the file and the problem. */
export class GradeError extends Error {
  override name = 'GradeError';
}

/**
 * Thrown by a grader (an exercise's step check) when what it must read outside the folder is not there for a reason
 * that is not the learner's work: the broker unreachable, a tool missing. The grade is `unknown` (exit 2), its one
 * check `environment` says so, so a course platform can tell a broken set-up from a wrong answer.
 */
export class EnvironmentError extends Error {
  override name = 'EnvironmentError';
}

/** What a read of the folder gave: its value, or the GradeError's message that says why the file is not what it should be. */
export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * Runs a read of the run folder and keeps a GradeError as its `problem`, so that a step check can fail naming the file
 * instead of failing the whole grading; any other error still throws.
 */
export async function attempt<T>(read: () => Promise<T>): Promise<Read<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    if (error instanceof GradeError) return { ok: false, problem: error.message };
    throw error;
  }
}

/** The largest file a grader reads; a larger one is refused before a byte of it is read. */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;
/** The deepest nesting a JSON file of a run folder may have (the labs' files are a few levels deep). */
export const MAX_JSON_DEPTH = 64;

export interface ReadOptions {
  /** An empty file is text like any other (default: an empty file is a GradeError). */
  allowEmpty?: boolean;
}

const isInside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

const code = (err: unknown) => (err as NodeJS.ErrnoException).code;

/**
 * The real path of `name` in the run folder, once it is known to be a regular file inside the folder: a name that
 * leaves the folder, a symbolic link (anywhere on the path) that leads out of it, and anything but a regular file
 * (a directory, a FIFO, a socket, a device) are GradeErrors, decided without opening the file.
 */
async function regularFileInside(runDir: string, name: string): Promise<{ path: string; stats: Stats }> {
  const root = resolve(runDir);
  const path = resolve(root, name);
  if (!isInside(root, path)) throw new GradeError(`${name} is not a file name inside the run folder`);
  let real: string;
  try {
    real = await realpath(path);
  } catch (err) {
    if (code(err) !== 'ENOENT' && code(err) !== 'ENOTDIR' && code(err) !== 'ELOOP') throw new GradeError(`${name} cannot be read (${code(err)})`);
    const link = await lstat(path).catch(() => null);
    throw new GradeError(link?.isSymbolicLink() ? `${name} is a symbolic link to nothing` : `${name} is missing from the run folder`);
  }
  if (!isInside(await realpath(root), real)) throw new GradeError(`${name} is a symbolic link that leads out of the run folder`);
  const stats = await stat(real);
  if (!stats.isFile()) throw new GradeError(`${name} is ${kindOf(stats)}, not a file`);
  return { path: real, stats };
}

/**
 * The bytes of a regular file inside the run folder, at most MAX_FILE_BYTES: the size is checked before reading and
 * the read stops there, a file opened is the file checked (no FIFO or device can block or flood the grader).
 */
async function readRunBytes(runDir: string, name: string, options: ReadOptions): Promise<Buffer> {
  const { path, stats } = await regularFileInside(runDir, name);
  const tooLarge = (size: number) => new GradeError(`${name} is too large to be a lab file (${size} bytes; the limit is ${MAX_FILE_BYTES})`);
  if (stats.size > MAX_FILE_BYTES) throw tooLarge(stats.size);
  // O_NONBLOCK and O_NOFOLLOW: a FIFO or link swapped in since the check neither blocks the open nor is followed.
  const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW).catch((err: unknown) => {
    throw new GradeError(`${name} cannot be read (${code(err)})`);
  });
  try {
    const opened = await file.stat();
    if (!opened.isFile() || opened.ino !== stats.ino || opened.dev !== stats.dev) throw new GradeError(`${name} changed while it was read`);
    // Read in chunks up to one byte past the limit: a file that grows meanwhile is read as far as the limit allows.
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(Math.max(opened.size - length, 64 * 1024), MAX_FILE_BYTES + 1 - length));
      const { bytesRead } = await file.read(chunk, 0, chunk.length, length);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      length += bytesRead;
      if (length > MAX_FILE_BYTES) throw tooLarge(length);
    }
    if (length === 0 && !options.allowEmpty) throw new GradeError(`${name} is empty`);
    return Buffer.concat(chunks, length);
  } finally {
    await file.close();
  }
}

/** The number of the first line of `buffer` that is not UTF-8 (a line break never splits a UTF-8 character). */
function firstBadLine(buffer: Buffer): number {
  let line = 1;
  for (let start = 0; start < buffer.length; line++) {
    const end = buffer.indexOf(0x0a, start);
    const stop = end === -1 ? buffer.length : end;
    if (!isUtf8(buffer.subarray(start, stop))) return line;
    start = stop + 1;
  }
  return line;
}

/**
 * Reads a text file of a run folder: a regular file inside the folder (see regularFileInside), at most MAX_FILE_BYTES,
 * UTF-8 without NUL bytes; anything else (missing, empty unless `allowEmpty`, a link out, a FIFO, a device, a
 * directory, too large, binary) is a GradeError naming the file.
 */
export async function readRunFile(runDir: string, name: string, options: ReadOptions = {}): Promise<string> {
  const buffer = await readRunBytes(runDir, name, options);
  if (buffer.includes(0)) throw new GradeError(`${name} is not text (it contains NUL bytes)`);
  if (!isUtf8(buffer)) throw new GradeError(`${name} is not UTF-8 text (line ${firstBadLine(buffer)})`);
  return buffer.toString('utf8');
}

/** The deepest nesting of a parsed JSON value, counted without recursion and without looking past `limit`. */
function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) break;
    if (typeof item !== 'object' || item === null) continue;
    for (const child of Object.values(item)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Checks a parsed JSON value of `what` (a file, or a line of one): bounded nesting, then `shape` when given. */
function checkJson<T>(what: string, value: unknown, shape: Shape<T> | undefined): T {
  if (depthOf(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw new GradeError(`${what} is nested deeper than ${MAX_JSON_DEPTH} levels`);
  if (!shape) return value as T;
  try {
    return shape.check(value, '');
  } catch (err) {
    if (err instanceof ShapeError) throw new GradeError(`${what}: ${err.message}`);
    throw err;
  }
}

/**
 * Reads and parses a JSON file of a run folder (read as readRunFile does); malformed JSON, nesting deeper than
 * MAX_JSON_DEPTH and, with `shape`, a value of the wrong type are GradeErrors naming the file and the place.
 */
export async function readRunJson<T>(runDir: string, name: string, shape?: Shape<T>): Promise<T> {
  const text = await readRunFile(runDir, name);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new GradeError(`${name} is not valid JSON`);
  }
  return checkJson(name, value, shape);
}

/** Reads a JSON Lines file of a run folder (one JSON value a line, blank lines skipped), each line checked as readRunJson does. */
export async function readRunJsonLines<T>(runDir: string, name: string, shape?: Shape<T>, options: ReadOptions = {}): Promise<T[]> {
  const lines = (await readRunFile(runDir, name, options)).split('\n');
  return lines.flatMap((line, index) => {
    if (line.trim() === '') return [];
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new GradeError(`${name} line ${index + 1} is not JSON`);
    }
    return [checkJson(`${name} line ${index + 1}`, value, shape)];
  });
}

/** Throws a GradeError unless `runDir` is an existing folder. */
export function assertRunFolder(runDir: string): void {
  if (!existsSync(runDir) || !statSync(runDir).isDirectory()) {
    throw new GradeError(`no run folder at ${runDir}`);
  }
}
