import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brokerLockHolders } from '@kafka-labs/broker';
import { EXIT_CODES, formatJson, formatJunit, formatReport, GradeError, gradeRun, type GradeOptions, type LabResult } from '@kafka-labs/grader';
import { hasHangul, type Lang } from '@kafka-labs/i18n';
import { beforeAll, expect, test } from 'vitest';
import { REPO_ROOT } from './paths.ts';
import { processesOfRun } from './process.ts';
import { latestRunFolder } from './run-folders.ts';
import { resolveLabs } from './registry.ts';
import { until } from './until.ts';
export { externalImports } from './import-graph.ts';

// What lab tests share (import from '@kafka-labs/lab-kit/testing'): grade a lab's committed golden run folder and
// altered copies of it as `pnpm grade` would, run pnpm as a learner would, and the failures every grader must report.

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A grading as `pnpm grade` answers it, with the result (what `--json` prints) when the folder could be graded. */
export interface Graded extends CommandResult {
  result?: LabResult;
}

/** Runs `pnpm -s <args>` at the repository root, as a learner would, and returns its exit code and output. */
export function runPnpm(...args: string[]): CommandResult {
  const result = spawnSync('pnpm', ['-s', ...args], { encoding: 'utf8', cwd: REPO_ROOT });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.trim() };
}

/** The id of the lab whose folder holds the test file at `url` (its import.meta.url): the folder's name. */
export const labIdOf = (url: string) => basename(dirname(fileURLToPath(url)));

const labEntry = (labId: string) => {
  const [entry] = resolveLabs(labId);
  if (!entry || entry.id !== labId) throw new Error(`${labId} is not a lab id`);
  return entry;
};

/** The lab's golden run folder, labs/<track>/<id>/golden/: a real passing run, committed, that unit tests grade. */
export const goldenRunFolder = (labId: string) => join(labEntry(labId).dir, 'golden');

/**
 * Grades `runDir` with the lab's grader in this process and answers what `pnpm grade <id> <runDir> [--step N]` answers: its exit
 * code, its text report (with the `FAIL:` line) and, for a folder that cannot be graded, `error: <reason>`.
 */
export async function gradeFolder(labId: string, runDir: string, options: GradeOptions = {}): Promise<Graded> {
  try {
    const result = await gradeRun(labEntry(labId), runDir, options);
    return { status: EXIT_CODES[result.verdict], stdout: formatReport(result), stderr: '', result };
  } catch (err) {
    if (err instanceof GradeError) return { status: 2, stdout: '', stderr: `error: ${err.message}` };
    throw err;
  }
}

/** Grades the lab's golden run folder (in `lang`, English by default). */
export const gradeGolden = (labId: string, lang?: Lang) => gradeFolder(labId, goldenRunFolder(labId), { lang });

/** A private copy of a lab's golden run folder, for tests that alter it and grade the result. */
export function copyGolden(labId: string): string {
  const copy = mkdtempSync(join(tmpdir(), `${labId}-`));
  cpSync(goldenRunFolder(labId), copy, { recursive: true });
  return copy;
}

/** A private copy of a lab's latest run folder (after `runLabOnce`), for broker tests that alter a fresh run. */
export function copyLatestRun(labId: string): string {
  const copy = mkdtempSync(join(tmpdir(), `${labId}-`));
  cpSync(realpathSync(latestRunFolder(labId)), copy, { recursive: true });
  return copy;
}

/** What the tests of a file need in a lab's run folder, beyond a pass: a passing run can lack it by chance. */
export interface RunNeeds {
  holds(runDir: string): boolean;
  /** What a run without it lacks, for the error after `attempts` such runs in a row. */
  lacking: string;
  attempts: number;
}

/**
 * Runs the lab once before the file's tests (`pnpm lab <id> --lang <lang>`), failing them with its output unless it
 * passes; with `needs`, again while its run folder lacks what the tests look at, up to `needs.attempts` runs in all.
 */
export function runLabOnce(labId: string, lang: Lang = 'en', needs?: RunNeeds): void {
  beforeAll(() => {
    for (let attempt = 1; ; attempt++) {
      const run = runPnpm('lab', labId, '--lang', lang);
      expect(run.status, run.stdout + run.stderr).toBe(0);
      if (!needs || needs.holds(realpathSync(latestRunFolder(labId)))) return;
      if (attempt === needs.attempts) throw new Error(`${attempt} runs of ${labId} in a row: ${needs.lacking}`);
    }
  });
}

/**
 * The golden run graded in English and in Korean: the same verdict and check ids, every Korean message with Hangul
 * in it and no English one; passing (and its figures) is the golden tests' own business.
 */
export function testGoldenInBothLanguages(labId: string): void {
  test('the golden run grades the same in English and Korean, each message in its language', async () => {
    const [en, ko] = [await gradeGolden(labId, 'en'), await gradeGolden(labId, 'ko')];
    expect([en.result!.lang, ko.result!.lang]).toEqual(['en', 'ko']);
    expect(ko.result!.verdict).toBe(en.result!.verdict);
    expect(ko.result!.checks.map((c) => [c.id, c.ok])).toEqual(en.result!.checks.map((c) => [c.id, c.ok]));
    expect(en.result!.checks.filter((c) => hasHangul(c.message)).map((c) => c.id)).toEqual([]);
    expect(ko.result!.checks.filter((c) => !hasHangul(c.message)).map((c) => c.id)).toEqual([]);
    expect(ko.stdout).toMatch(/^판정: /m);
  });
}

/**
 * A run made with `--lang ko` speaks Korean where a learner reads it: the transcript's title and prose, every check
 * message, the report's lang and headings (evidence, check ids and JSON keys stay as they are).
 */
export function expectKoreanRun(labId: string, runDir: string): void {
  const transcript = readFileSync(join(runDir, 'transcript.txt'), 'utf8').split('\n');
  expect(transcript.find((line) => line.startsWith(`== ${labId}: `)) ?? '').toSatisfy(hasHangul);
  expect(transcript.filter((line) => !line.startsWith(' ') && hasHangul(line)).length).toBeGreaterThan(2);
  const result = JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8')) as LabResult;
  expect(result.lang).toBe('ko');
  expect(result.checks.filter((c) => !hasHangul(c.message)).map((c) => c.id)).toEqual([]);
  const html = readFileSync(join(runDir, 'report.html'), 'utf8');
  expect(html).toMatch(/<html lang="ko">/);
  const headings = [...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1]!);
  expect(headings.length).toBeGreaterThan(1);
  expect(headings.filter((h) => !hasHangul(h))).toEqual([]);
}

/** An edit of one file of a run folder: the new text, given the old and the copy's folder (to read its other files). */
export type Edit = (text: string, dir: string) => string;

/** A private copy of `folder` with `file` rewritten by `edit`, which must change it. */
function alteredCopy(labId: string, folder: string, file: string, edit: Edit): string {
  const dir = mkdtempSync(join(tmpdir(), `${labId}-altered-`));
  cpSync(realpathSync(folder), dir, { recursive: true });
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  const after = edit(before, dir);
  if (after === before) throw new Error(`the edit did not change ${file}`);
  writeFileSync(path, after);
  return dir;
}

/**
 * Grades a copy of the lab's golden run folder (or of `from`, e.g. latestRunFolder(id) after `runLabOnce`) with one
 * of its files rewritten by `edit` (which must change it).
 */
export async function gradeAltered(labId: string, file: string, edit: Edit, from = goldenRunFolder(labId)): Promise<Graded> {
  return gradeFolder(labId, alteredCopy(labId, from, file, edit));
}

/** A run folder with one mistake: `edit` rewrites `file`; grading it fails exactly the laws `fails`, in that order. */
export interface Broken {
  name: string;
  file: string;
  edit: Edit;
  fails: string[];
  /** What the first failing check's one-line message says. */
  reason: RegExp;
}

/**
 * Registers one test per variant: a copy of `from` (default: the golden run folder) with the variant's edit grades
 * exit 1, fails exactly the checks `fails` (no other law, no run-folder or grader check), each in one line, the first
 * one matching `reason`.
 */
export function testBrokenVariants(labId: string, variants: Broken[], from: () => string = () => goldenRunFolder(labId)): void {
  test.each(variants)('$name fails $fails', async ({ file, edit, fails, reason }) => {
    const graded = await gradeAltered(labId, file, edit, from());
    expect(graded.status, graded.stdout + graded.stderr).toBe(1);
    const failed = graded.result!.checks.filter((c) => !c.ok);
    expect(failed.map((c) => c.id)).toEqual(fails);
    expect(failed[0]!.message).toMatch(reason);
    for (const check of failed) expect(check.message).not.toContain('\n');
  });
}

/** Removes the lines of a text that match `pattern`. */
export function dropLines(text: string, pattern: RegExp): string {
  return text
    .split('\n')
    .filter((line) => !pattern.test(line))
    .join('\n');
}

/** Copies the lab's golden run folder without `file` and grades the copy. */
export async function gradeWithout(labId: string, file: string): Promise<Graded> {
  const dir = copyGolden(labId);
  rmSync(join(dir, file));
  return gradeFolder(labId, dir);
}

/**
 * The tests every grader passes: an empty run folder fails naming `firstFile`, a missing one is a usage error, and a
 * hostile run.json fails naming it (testHostileFiles).
 */
export function testRunFolderFailures(labId: string, firstFile: string): void {
  testHostileFiles(labId, ['run.json']);

  test('an empty run folder fails naming the first missing file', async () => {
    const graded = await gradeFolder(labId, mkdtempSync(join(tmpdir(), `${labId}-empty-`)));
    expect(graded.status).toBe(1);
    expect(graded.stdout).toContain(`✘ run-folder: ${firstFile} is missing from the run folder`);
  });

  test('a missing run folder is a one-line error with exit code 2', async () => {
    const graded = await gradeFolder(labId, join(tmpdir(), 'no-such-run-folder'));
    expect(graded.status).toBe(2);
    expect(graded.stderr).toMatch(/^error: no run folder at \S*no-such-run-folder$/);
  });
}

/** What a hostile run folder puts in place of a file, by what the test calls it. */
const HOSTILE: Record<string, (path: string) => void> = {
  'a symbolic link out of the folder': (path) => symlinkSync('/etc/passwd', path),
  'a named pipe': (path) => execFileSync('mkfifo', [path]),
  'a symbolic link to /dev/zero': (path) => symlinkSync('/dev/zero', path),
  'a directory': (path) => mkdirSync(path),
  'a sparse 200 MiB file': (path) => (writeFileSync(path, ''), truncateSync(path, 200 * 2 ** 20)),
  'bytes that are not UTF-8': (path) => writeFileSync(path, Buffer.from([0x7b, 0xff, 0xfe, 0x0a])),
  'one line of 1 MiB': (path) => writeFileSync(path, `${'x'.repeat(2 ** 20)}\n`),
  'JSON of the wrong type': (path) => writeFileSync(path, 'null\n'),
  'JSON nested 100,000 deep': (path) => writeFileSync(path, `${'['.repeat(100_000)}${']'.repeat(100_000)}\n`),
};
/** The longest line a report of a hostile folder may print (a law's message is at most 800 characters). */
const REPORT_LINE_CHARS = 1000;

/**
 * For each of `files` (files the grader reads, at `options.step` for a lab graded step by step) and each hostile
 * replacement of it (a link out, a FIFO, /dev/zero, a directory, 200 MiB, not UTF-8, a 1 MiB line, wrong or deep
 * JSON): the grading of the golden folder so altered fails (exit 1) with a first line naming the file, short lines,
 * nothing of what lies outside the folder, and valid --json and --junit; the test's bound catches a grader that blocks.
 */
export function testHostileFiles(labId: string, files: string[], options: GradeOptions = {}): void {
  const cases = files.flatMap((file) => Object.keys(HOSTILE).map((kind) => [file, kind] as const));
  test.each(cases)('%s as %s fails naming it, in short lines and valid --json and --junit', { timeout: 30_000 }, async (file, kind) => {
    const dir = copyGolden(labId);
    rmSync(join(dir, file));
    HOSTILE[kind]!(join(dir, file));
    const graded = await gradeFolder(labId, dir, options);
    expect(graded.status, graded.stdout + graded.stderr).toBe(1);
    const lines = graded.stdout.split('\n');
    expect(lines[0]).toMatch(/^FAIL: /);
    expect(lines[0]).toContain(file);
    expect(lines.filter((line) => line.length > REPORT_LINE_CHARS)).toEqual([]);
    expect(graded.stdout).not.toContain('root:x:0:0');
    expect(JSON.parse(formatJson(graded.result!)).verdict).toBe('fail');
    expect(formatJunit(graded.result!)).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });
}

/** What a JavaScript error says when a grader touched a value of the wrong shape: never a grade's reason. */
const RAW_ERRORS = /Cannot read properties|is not a function|is not iterable|undefined/;

/** Files of a run folder with values of the wrong shape, by what the test calls them: the file and its new text, from the golden's. */
function hostileShapes(golden: string): [string, string, (text: string) => string][] {
  const info = JSON.parse(readFileSync(join(golden, 'run.json'), 'utf8')) as { parameters: Record<string, unknown> };
  const nulled = Object.fromEntries(Object.keys(info.parameters).map((key) => [key, null]));
  return [
    ['run.json of {"names":"pay"}', 'run.json', () => '{"names":"pay"}\n'],
    ['run.json of null', 'run.json', () => 'null\n'],
    ['run.json of []', 'run.json', () => '[]\n'],
    ['run.json with names of a string', 'run.json', (text) => JSON.stringify({ ...JSON.parse(text), names: 'pay' })],
    ...(Object.keys(nulled).length
      ? [['run.json with every parameter null', 'run.json', (text: string) => JSON.stringify({ ...JSON.parse(text), parameters: nulled })] as [string, string, (text: string) => string]]
      : []),
    ...readdirSync(golden)
      .filter((file) => file.endsWith('.jsonl'))
      .map((file): [string, string, (text: string) => string] => [`${file} with a null line`, file, (text) => `${text}null\n`]),
  ];
}

/**
 * For every file of the lab's golden folder that holds JSON (run.json; each .jsonl file), values of the wrong shape
 * (`{"names":"pay"}`, `null`, `[]`, a mistyped field, a `null` line): the grading fails (exit 1) with a first line
 * naming the file, and no message is a raw JavaScript error ("Cannot read properties of undefined").
 */
export function testHostileShapes(labId: string): void {
  test.each(hostileShapes(goldenRunFolder(labId)))('%s fails naming the file, without a raw error', async (_, file, edit) => {
    const graded = await gradeAltered(labId, file, edit);
    expect(graded.status, graded.stdout + graded.stderr).toBe(1);
    const [first] = graded.stdout.split('\n');
    expect(first).toMatch(/^FAIL: /);
    expect(first).toContain(file);
    for (const check of graded.result!.checks.filter((c) => !c.ok)) expect(check.message).not.toMatch(RAW_ERRORS);
  });
}

/** `pnpm lab <id>` started in the background, in its own process group, as a terminal runs it. */
export interface BackgroundLab {
  /** The run folder the lab made under `runsRoot` (once it exists). */
  runDir(): string;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout holds a line matching `pattern`; rejects when the lab exits first or after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** What Ctrl-C in the terminal does: `signal` to every process of the group. */
  interrupt(signal?: NodeJS.Signals): void;
  /** What `kill <pid of pnpm>` does: `signal` to the runner alone, which passes it on to the run scripts. */
  signalRunner(signal: NodeJS.Signals): void;
  exited: Promise<number | null>;
}

/**
 * Starts the lab runner behind `pnpm lab <id>` (bin/kafka-labs.mjs lab, without pnpm's own process in front) with run
 * folders under `runsRoot`, `env` added and `args` after the lab id (more labs, `--parallel 2`).
 */
export function startLabInBackground(labId: string, runsRoot: string, env: NodeJS.ProcessEnv = {}, args: string[] = []): BackgroundLab {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'kafka-labs.mjs'), 'lab', labId, ...args], {
    cwd: REPO_ROOT,
    detached: true,
    env: { ...process.env, ...env, KAFKA_LABS_RUNS: runsRoot },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    runDir: () => join(runsRoot, labId, readdirSync(join(runsRoot, labId)).find((name) => /^\d{8}T\d{6}Z$/.test(name) && name !== OLD_RUN)!),
    stdout: () => stdout,
    stderr: () => stderr,
    async waitForOutput(pattern, timeoutMs = 300_000) {
      let done = false;
      void exited.then(() => (done = true));
      await until(`${pattern} in the lab's output`, (seen) => {
        if (pattern.test(stdout)) return true;
        if (done) throw new Error(`the lab exited before printing ${pattern}:\n${stdout}\n${stderr}`);
        seen(stdout.trim().split('\n').at(-1) ?? '');
      }, { within: timeoutMs, every: 100 });
    },
    interrupt: (signal = 'SIGINT') => process.kill(-child.pid!, signal),
    signalRunner: (signal) => process.kill(child.pid!, signal),
    exited,
  };
}

/** The time stamp of the finished run `withEarlierRun` puts in place. */
const OLD_RUN = '20200101T000000Z';

/** A runs/ root in which `labId` already has a finished run that `latest` points at; returns the root. */
export function withEarlierRun(labId: string): string {
  const root = mkdtempSync(join(tmpdir(), `${labId}-runs-`));
  mkdirSync(join(root, labId, OLD_RUN), { recursive: true });
  symlinkSync(OLD_RUN, join(root, labId, 'latest'));
  return root;
}

/** `runs/<id>/latest` still points at the earlier run `withEarlierRun` made. */
export const latestIsEarlierRun = (root: string, labId: string) => readlinkSync(join(root, labId, 'latest')) === OLD_RUN;

/**
 * The checks of a run that did not finish: exit code, the one-line reason on stderr, in transcript.txt, in run.json's
 * `failure` and in result.json's run-script check (verdict unknown), no process of the run left, the broker lock
 * released, latest unchanged.
 */
export async function expectUnfinishedRun(lab: BackgroundLab, root: string, labId: string, exitCode: 2 | 130, reason: RegExp): Promise<void> {
  expect(await lab.exited, lab.stdout() + lab.stderr()).toBe(exitCode);
  const runDir = lab.runDir();
  expect(lab.stderr()).toMatch(reason);
  expect(lab.stderr()).not.toMatch(/^\s+at /m);
  expect(readFileSync(join(runDir, 'transcript.txt'), 'utf8')).toMatch(reason);
  const info = JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8')) as { failure?: string };
  expect(info.failure).toMatch(reason);
  const result = JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8')) as LabResult;
  expect(result.verdict).toBe('unknown');
  expect(result.checks[0]).toMatchObject({ id: 'run-script', ok: false });
  expect(result.checks[0]!.message).toContain(info.failure);
  await until('no process of the run left', (seen) => {
    const left = processesOfRun(runDir);
    seen(`pids ${left.join(', ')}`);
    return left.length === 0;
  }, { within: 5000, every: 100 });
  expect(brokerLockHolders().filter((h) => h.owner === `lab ${labId}`)).toEqual([]);
  expect(latestIsEarlierRun(root, labId)).toBe(true);
}

/** A learner's mistake in an exercise: how it leaves a copy of the golden work folder, the step that must fail, the hint it must give. */
export interface Mistake {
  name: string;
  step: number;
  make: (dir: string) => void;
  /** Matched against the failed step's output (its check lines with their hints). */
  hint: RegExp;
}

/**
 * An exercise's hidden cases, as a course platform relies on them: each step of the golden work folder passes on its
 * own, there are at least 10 mistakes covering every step, and each mistake, made on a copy of the golden, fails its
 * step (exit 1) with its hint while every earlier step still passes.
 */
export function testMistakes(labId: string, steps: number[], mistakes: Mistake[]): void {
  test.each(steps)('the golden work folder passes step %i on its own', async (step) => {
    const graded = await gradeFolder(labId, goldenRunFolder(labId), { step });
    expect(graded.status, graded.stdout).toBe(0);
    expect(graded.result!.checks.length).toBeGreaterThan(0);
    expect(graded.result!.checks.every((c) => c.id.startsWith(`step-${step}-`))).toBe(true);
  });

  test('there are at least 10 mistakes, each step has one', () => {
    expect(mistakes.length).toBeGreaterThanOrEqual(10);
    expect([...new Set(mistakes.map((m) => m.step))].sort((a, b) => a - b)).toEqual(steps);
  });

  test.each(mistakes.map((m) => [m.name, m] as const))('%s fails at its step with its hint, the earlier steps still pass', async (_, mistake) => {
    const dir = copyGolden(labId);
    mistake.make(dir);
    const graded = await gradeFolder(labId, dir, { step: mistake.step });
    expect(graded.status, graded.stdout).toBe(1);
    expect(graded.stdout).toMatch(mistake.hint);
    for (const earlier of steps.filter((s) => s < mistake.step)) {
      const before = await gradeFolder(labId, dir, { step: earlier });
      expect(before.status, `step ${earlier}: ${before.stdout}`).toBe(0);
    }
  });
}
