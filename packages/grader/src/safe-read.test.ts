import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { GradeError, MAX_FILE_BYTES, MAX_JSON_DEPTH, readRunFile, readRunJson, readRunJsonLines } from './safe-read.ts';
import { is } from './shape.ts';

/** A run folder with `files` (name → text or bytes) inside, and a folder beside it that is not part of it. */
function folder(files: Record<string, string | Buffer> = {}): { dir: string; outside: string } {
  const root = mkdtempSync(join(tmpdir(), 'run-folder-'));
  const dir = join(root, 'run');
  const outside = join(root, 'outside');
  mkdirSync(dir);
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.txt'), 'root:x:0:0:root:/root:/bin/bash\n');
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return { dir, outside };
}

const refusal = async (read: Promise<unknown>) => {
  const err = await read.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(GradeError);
  return (err as GradeError).message;
};

describe('readRunFile reads only regular text files inside the run folder', () => {
  test('reads a text file, and an empty one only when asked to', async () => {
    const { dir } = folder({ 'a.log': 'line 1\nline 2\n', 'empty.log': '' });
    expect(await readRunFile(dir, 'a.log')).toBe('line 1\nline 2\n');
    expect(await readRunFile(dir, 'empty.log', { allowEmpty: true })).toBe('');
    expect(await refusal(readRunFile(dir, 'empty.log'))).toBe('empty.log is empty');
  });

  test('follows a link that stays inside the folder', async () => {
    const { dir } = folder({ 'a.log': 'text\n' });
    symlinkSync('a.log', join(dir, 'b.log'));
    expect(await readRunFile(dir, 'b.log')).toBe('text\n');
  });

  test.each([
    ['a missing file', () => {}, 'x.txt is missing from the run folder'],
    ['a link that leads out of the folder', (dir: string, outside: string) => symlinkSync(join(outside, 'secret.txt'), join(dir, 'x.txt')), 'x.txt is a symbolic link that leads out of the run folder'],
    ['a link to /dev/zero', (dir: string) => symlinkSync('/dev/zero', join(dir, 'x.txt')), 'x.txt is a symbolic link that leads out of the run folder'],
    ['a link to nothing', (dir: string) => symlinkSync('nowhere', join(dir, 'x.txt')), 'x.txt is a symbolic link to nothing'],
    ['a directory', (dir: string) => mkdirSync(join(dir, 'x.txt')), 'x.txt is a directory, not a file'],
    ['a FIFO', (dir: string) => execFileSync('mkfifo', [join(dir, 'x.txt')]), 'x.txt is a named pipe (FIFO), not a file'],
    ['binary bytes', (dir: string) => writeFileSync(join(dir, 'x.txt'), Buffer.from([0x61, 0x00, 0x62])), 'x.txt is not text (it contains NUL bytes)'],
    ['invalid UTF-8 on line 2', (dir: string) => writeFileSync(join(dir, 'x.txt'), Buffer.from('ok\nbad \xff\xfe here\n', 'latin1')), 'x.txt is not UTF-8 text (line 2)'],
  ])('refuses %s with one line naming the file', async (_, make, message) => {
    const { dir, outside } = folder();
    make(dir, outside);
    expect(await refusal(readRunFile(dir, 'x.txt'))).toBe(message);
  });

  test('refuses a socket file without opening it', async () => {
    const { dir } = folder();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(dir, 'x.sock'), resolve));
    try {
      expect(await refusal(readRunFile(dir, 'x.sock'))).toBe('x.sock is a socket, not a file');
    } finally {
      server.close();
    }
  });

  test('refuses a link out through a linked folder, and a name that leaves the folder', async () => {
    const { dir, outside } = folder();
    symlinkSync(outside, join(dir, 'sub'));
    expect(await refusal(readRunFile(dir, 'sub/secret.txt'))).toBe('sub/secret.txt is a symbolic link that leads out of the run folder');
    expect(await refusal(readRunFile(dir, '../outside/secret.txt'))).toBe('../outside/secret.txt is not a file name inside the run folder');
  });

  test('refuses a file over the limit by its size, before reading it (a sparse 200 MB file)', async () => {
    const { dir } = folder({ 'big.txt': '' });
    truncateSync(join(dir, 'big.txt'), 200 * 1024 * 1024);
    expect(await refusal(readRunFile(dir, 'big.txt'))).toBe(`big.txt is too large to be a lab file (209715200 bytes; the limit is ${MAX_FILE_BYTES})`);
  });
});

describe('readRunJson', () => {
  const consumed = is.array(is.object({ offset: is.string, value: is.string }));

  test('returns a value of the given shape', async () => {
    const { dir } = folder({ 'c.json': '[{"offset":"0","value":"a","extra":1}]' });
    expect(await readRunJson(dir, 'c.json', consumed)).toEqual([{ offset: '0', value: 'a', extra: 1 }]);
  });

  test.each([
    ['malformed JSON', '{"a":', 'c.json is not valid JSON'],
    ['an object where a list is expected', '{"consumed":[]}', 'c.json: the document must be a list, not an object'],
    ['null where an object is expected', '[null]', 'c.json: [0] must be an object, not null'],
    ['a number where a string is expected', '[{"offset":"0","value":7}]', 'c.json: [0].value must be a string, not 7'],
    ['a missing field', '[{"offset":"0"}]', 'c.json: [0].value is missing'],
    [`nesting deeper than ${MAX_JSON_DEPTH} levels`, `${'['.repeat(100_000)}${']'.repeat(100_000)}`, `c.json is nested deeper than ${MAX_JSON_DEPTH} levels`],
  ])('refuses %s with one line naming the file and the place', async (_, text, message) => {
    const { dir } = folder({ 'c.json': text });
    expect(await refusal(readRunJson(dir, 'c.json', consumed))).toBe(message);
  });

  test('JSON Lines: each line parsed and checked, blank lines skipped, a bad line named by its number', async () => {
    const event = is.object({ action: is.string });
    const { dir } = folder({ 'e.jsonl': '{"action":"a"}\n\n{"action":"b"}\n', 'bad.jsonl': '{"action":"a"}\n{"action":null}\n', 'broken.jsonl': '{"action":"a"}\n{\n' });
    expect(await readRunJsonLines(dir, 'e.jsonl', event)).toEqual([{ action: 'a' }, { action: 'b' }]);
    expect(await refusal(readRunJsonLines(dir, 'bad.jsonl', event))).toBe('bad.jsonl line 2: action must be a string, not null');
    expect(await refusal(readRunJsonLines(dir, 'broken.jsonl', event))).toBe('broken.jsonl line 2 is not JSON');
  });
});
