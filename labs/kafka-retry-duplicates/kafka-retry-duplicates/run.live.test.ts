import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOOTSTRAP, ensureBroker, labsHome, lockBroker, runTool, type Broker } from '@kafka-labs/broker';
import { gradeRun, type LabResult, type RunInfo } from '@kafka-labs/grader';
import { REPO_ROOT, resolveLabs } from '@kafka-labs/lab-kit';
import { expectKoreanRun, expectUnfinishedRun, labIdOf, startLabInBackground, withEarlierRun } from '@kafka-labs/lab-kit/testing';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const LAB = labIdOf(import.meta.url);
const TSX = fileURLToPath(import.meta.resolve('tsx'));
const SLOW_CLI = join(REPO_ROOT, 'scripts', 'kafka-lab-slow.ts');
const GRADE_CLI = join(REPO_ROOT, 'scripts', 'grade.ts');
const scratch = mkdtempSync(join(tmpdir(), `${LAB}-test-`));
const runsRoot = join(scratch, 'runs');
const admin = new Kafka({ clientId: `${LAB}-test`, brokers: [BOOTSTRAP.tools], logLevel: logLevel.NOTHING }).admin();
let broker: Broker;
let solution: string;
let names: Record<string, string>;

/** Runs a repository script with tsx and returns its exit code and output. */
function script(path: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, ['--import', TSX, path, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A private copy of the solution's work folder, changed by `alter` the way a learner's mistake would change it. */
async function brokenCopy(alter: (dir: string) => void | Promise<void>): Promise<string> {
  const dir = mkdtempSync(join(scratch, 'work-'));
  cpSync(solution, dir, { recursive: true });
  await alter(dir);
  return dir;
}

const edit = (dir: string, file: string, change: (text: string) => string) =>
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));

/** Changes the batch line above the first record with `payload` in a dump file. */
const editBatchOf = (dir: string, file: string, payload: string, change: (line: string) => string) =>
  edit(dir, file, (text) => {
    const lines = text.split('\n');
    const record = lines.findIndex((l) => l.endsWith(`payload: ${payload}`));
    let batch = record;
    while (!lines[batch]!.startsWith('baseOffset: ')) batch--;
    lines[batch] = change(lines[batch]!);
    return lines.join('\n');
  });

const setNames = (dir: string, change: Record<string, string>) =>
  edit(dir, 'run.json', (text) => {
    const info = JSON.parse(text) as RunInfo;
    return JSON.stringify({ ...info, names: { ...info.names, ...change } });
  });

async function grade(dir: string): Promise<LabResult> {
  return gradeRun(resolveLabs(LAB)[0]!, dir);
}

const failedSteps = (result: LabResult) => [...new Set(result.checks.filter((c) => !c.ok).map((c) => Number(/^step-(\d)-/.exec(c.id)?.[1])))];

async function newTopic(base: string, partitions = 1): Promise<string> {
  const topic = `${base}-${Date.now().toString(36)}`;
  await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: partitions, replicationFactor: 1 }] });
  return topic;
}

beforeAll(async () => {
  broker = await ensureBroker();
  await admin.connect();
  const run = spawnSync('pnpm', ['-s', 'lab', LAB, '--lang', 'ko'], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, KAFKA_LABS_RUNS: runsRoot } });
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  solution = realpathSync(join(runsRoot, LAB, 'latest'));
  names = (JSON.parse(readFileSync(join(solution, 'run.json'), 'utf8')) as RunInfo).names;
}, 300_000);

afterAll(async () => {
  await admin.disconnect();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the reference solution', () => {
  test('was run in Korean (--lang ko), and a learner reads it in Korean', () => {
    expectKoreanRun(LAB, solution);
  });

  test('passes all 7 steps and leaves the seven files of the exercise in its work folder', async () => {
    const result = await grade(solution);
    expect(result.verdict, JSON.stringify(result.checks, null, 2)).toBe('pass');
    expect(new Set(result.checks.map((c) => Number(/^step-(\d)-/.exec(c.id)?.[1])))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    for (const file of ['big.txt', 'dump-default.txt', 'dump-noidem.txt', 'dup-producer.log', 'idem-producer.log', 'two-sessions.txt', 'producer-report.txt']) {
      expect(existsSync(join(solution, file)), file).toBe(true);
    }
    expect(result.figures.dup_copies).toBeGreaterThanOrEqual(2);
    expect(result.figures.idem_copies).toBe(1);
    // A live grader: what it read from the broker and the proxy is in the result.
    expect(result.live).toMatchObject({
      [`${names['payments-dup']}.endOffset`]: result.figures.dup_copies,
      [`${names['payments-idem']}.endOffset`]: 1,
      slowPath: expect.stringMatching(/^(off|no proxy answered)$/),
    });
  });

  test('stops the slow-path proxy it started', () => {
    const pid = Number(/proxy started, pid (\d+)/.exec(readFileSync(join(solution, 'solution.log'), 'utf8'))?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid, 0)).toThrow();
    expect(existsSync(join(labsHome(), 'kafka-lab-slow', 'proxy.pid'))).toBe(false);
  });
});

describe('solution.sh is the solution', () => {
  test('the run executed exactly solution.sh, each command at its line', () => {
    const source = readFileSync(fileURLToPath(new URL('./solution.sh', import.meta.url)), 'utf8').split('\n');
    const script = readFileSync(join(solution, 'solution.sh'), 'utf8').split('\n');
    expect(script.slice(1)).toEqual(source.slice(1));
    expect(source.filter((line) => /^# step \d: /.test(line)).length).toBe(7);
  });

  test('a solution with one command altered fails the run at that command, and the run ends like every failure', async () => {
    const copy = join(mkdtempSync(join(scratch, 'solution-')), 'solution.sh');
    const lines = readFileSync(fileURLToPath(new URL('./solution.sh', import.meta.url)), 'utf8').split('\n');
    const at = lines.findIndex((l) => l.includes('kafka-dump-log') && l.includes('dump-default.txt'));
    lines[at] = lines[at]!.replace('--print-data-log', '--print-data-logs');
    writeFileSync(copy, lines.join('\n'));
    const root = withEarlierRun(LAB);
    const lab = startLabInBackground(LAB, root, { KAFKA_LABS_SOLUTION: copy });
    await expectUnfinishedRun(lab, root, LAB, 2, new RegExp(`solution\\.sh line ${at + 1} \\(pnpm -s kafka kafka-dump-log .*--print-data-logs.*\\) failed with exit code \\d+`));
  });
});

/** Broken work folders: each is a copy of the solution's folder with one mistake, and fails at exactly its step. */
const BROKEN: { name: string; step: number; message: RegExp; alter: (dir: string) => void | Promise<void> }[] = [
  {
    name: 'payments created with three partitions',
    step: 1,
    message: /: topic payments-\S+ with 1 partition .* \(payments-\S+ has 3 partitions/,
    alter: async (dir) => {
      const topic = await newTopic('payments-3p', 3);
      setNames(dir, { payments: topic });
      for (const file of ['dump-default.txt', 'dump-noidem.txt']) edit(dir, file, (t) => t.replace(`/${names.payments}-0/`, `/${topic}-0/`));
    },
  },
  {
    name: 'dump-default.txt missing',
    step: 2,
    message: /\(dump-default\.txt is missing/,
    alter: (dir) => rmSync(join(dir, 'dump-default.txt')),
  },
  {
    name: 'dump-default.txt holding the dump of another topic',
    step: 2,
    message: /\(dump-default\.txt is a dump of payments-app-\S+-0, not of payments-\S+-0/,
    alter: (dir) => cpSync(join(dir, 'two-sessions.txt'), join(dir, 'dump-default.txt')),
  },
  {
    name: 'pay-1 and pay-2 produced with idempotence off',
    step: 2,
    message: /\(pay-1 is in a batch with producerId -1 and baseSequence -1/,
    alter: (dir) =>
      editBatchOf(dir, 'dump-default.txt', 'pay-1', (l) =>
        l.replace(/baseSequence: \S+ lastSequence: \S+ producerId: \S+ producerEpoch: \S+/, 'baseSequence: -1 lastSequence: -1 producerId: -1 producerEpoch: -1'),
      ),
  },
  {
    name: 'dump-noidem.txt empty',
    step: 3,
    message: /\(dump-noidem\.txt is empty\)/,
    alter: (dir) => writeFileSync(join(dir, 'dump-noidem.txt'), ''),
  },
  {
    name: 'pay-3 produced with idempotence still on',
    step: 3,
    message: /\(pay-3 is in a batch with producerId 99/,
    alter: (dir) =>
      editBatchOf(dir, 'dump-noidem.txt', 'pay-3', (l) =>
        l.replace('baseSequence: -1 lastSequence: -1 producerId: -1 producerEpoch: -1', 'baseSequence: 2 lastSequence: 2 producerId: 99 producerEpoch: 0'),
      ),
  },
  {
    name: 'big.txt replaced by binary garbage',
    step: 4,
    message: /\(big\.txt is not text/,
    alter: (dir) => writeFileSync(join(dir, 'big.txt'), Buffer.from([0x00, 0xff, 0x13, 0x00, 0x7f, 0x80])),
  },
  {
    name: 'dup-producer.log without a retry (the slow path was off)',
    step: 4,
    message: /\(no retry in dup-producer\.log\)\. Hint: turn the slow path on first/,
    alter: (dir) => edit(dir, 'dup-producer.log', (t) => t.replace(/^.*retrying \(\d+ attempts? left\).*$/gm, '')),
  },
  {
    name: 'idem-producer.log of a producer stopped by a ConfigException: the exception is the cause, not the slow path',
    step: 5,
    message: /\(no retry in idem-producer\.log, which logs .*ConfigException: Invalid value.*\)\. Hint: the producer failed before it could retry/,
    alter: (dir) =>
      writeFileSync(
        join(dir, 'idem-producer.log'),
        'Exception in thread "main" org.apache.kafka.common.config.ConfigException: Invalid value 3OO for configuration request.timeout.ms: Not a number of type INT\n',
      ),
  },
  {
    name: 'idem-producer.log holding the log of step 4',
    step: 5,
    message: /\(idem-producer\.log retries another partition/,
    alter: (dir) => cpSync(join(dir, 'dup-producer.log'), join(dir, 'idem-producer.log')),
  },
  {
    name: 'payments-idem produced with idempotence off, so the retries were stored',
    step: 5,
    message: /\(payments-dup-\S+ holds \d+ records\)\. Hint: step 5 produces with --command-property enable\.idempotence=true/,
    alter: (dir) => {
      setNames(dir, { 'payments-idem': names['payments-dup']! });
      cpSync(join(dir, 'dup-producer.log'), join(dir, 'idem-producer.log'));
      const dupCopies = /^dup_copies=(\d+)$/m.exec(readFileSync(join(dir, 'producer-report.txt'), 'utf8'))![1]!;
      edit(dir, 'producer-report.txt', (t) => t.replace(/^idem_copies=\d+$/m, `idem_copies=${dupCopies}`));
    },
  },
  {
    name: 'both pay-77 lines from one producer run (common mistake 2)',
    step: 6,
    message: /\(2 copies of pay-77 in 1 batch from producerId \d+\)\. Hint: common mistake 2/,
    alter: async (dir) => {
      const topic = await newTopic('payments-app-one-run');
      const produced = await runTool('kafka-console-producer', ['--bootstrap-server', BOOTSTRAP.host, '--topic', topic], { input: 'pay-77\npay-77\n' });
      expect(produced.exitCode, produced.stderr).toBe(0);
      const dump = await runTool('kafka-dump-log', ['--files', broker.segmentPath(topic, 0), '--print-data-log']);
      writeFileSync(join(dir, 'two-sessions.txt'), dump.stdout);
      setNames(dir, { 'payments-app': topic });
    },
  },
  {
    name: 'a report whose dup_copies is not what the broker holds',
    step: 7,
    message: /\(dup_copies=1 \(payments-dup-\S+ holds \d+\)/,
    alter: (dir) => edit(dir, 'producer-report.txt', (t) => t.replace(/^dup_copies=\d+$/m, 'dup_copies=1')),
  },
  {
    name: 'a report missing a line',
    step: 7,
    message: /\(missing idempotence_default/,
    alter: (dir) => edit(dir, 'producer-report.txt', (t) => t.replace(/^idempotence_default=.*\n/m, '')),
  },
];

describe('a broken work folder fails at exactly its step, saying what was expected, what was found and a hint', () => {
  test.each(BROKEN)('$name: step $step', async ({ step, message, alter }) => {
    const result = await grade(await brokenCopy(alter));
    expect(failedSteps(result)).toEqual([step]);
    const failed = result.checks.filter((c) => !c.ok);
    expect(failed.map((c) => c.message).join('\n')).toMatch(message);
    for (const check of failed) expect(check.message).toMatch(new RegExp(`^step ${step} \\(.+\\): .+ \\(.+\\)\\. Hint: .+`));
  });

  test('an empty work folder fails every step that reads a file, each naming its missing file', async () => {
    const empty = join(scratch, 'empty');
    mkdirSync(empty);
    const result = await grade(empty);
    expect(failedSteps(result)).toEqual(expect.arrayContaining([2, 3, 4, 5, 6, 7]));
    for (const file of ['dump-default.txt', 'dump-noidem.txt', 'big.txt', 'dup-producer.log', 'idem-producer.log', 'two-sessions.txt', 'producer-report.txt']) {
      expect(result.checks.some((c) => !c.ok && c.message.includes(`${file} is missing`)), file).toBe(true);
    }
  });

  test('the slow path left on fails step 4 with the hint about common mistake 1', async () => {
    const release = await lockBroker(`${LAB} test`, () => {});
    try {
      const on = script(SLOW_CLI, ['on']);
      expect(on.status, on.stdout + on.stderr).toBe(0);
      const status = script(SLOW_CLI, ['status']);
      expect(status.stdout).toMatch(/^slow: on \(delay >= 4096 B by 600 ms\)/);
      const result = await grade(solution);
      expect(failedSteps(result)).toEqual([4]);
      expect(result.checks.find((c) => c.id === 'step-4-slow-off')?.message).toMatch(/\(the slow path is still on .*Hint: common mistake 1/);
    } finally {
      const stop = script(SLOW_CLI, ['stop']);
      release();
      expect(stop.stdout).toMatch(/^slow: (proxy stopped|no proxy running)/);
    }
    expect(script(SLOW_CLI, ['status']).status).toBe(1);
  });
});

describe('pnpm grade speaks what course platforms read', () => {
  let broken: string;
  beforeAll(async () => {
    broken = await brokenCopy((dir) => edit(dir, 'producer-report.txt', (t) => t.replace(/^dup_copies=\d+$/m, 'dup_copies=1')));
  });

  test('the solution exits 0, as a whole and step by step', () => {
    expect(script(GRADE_CLI, [LAB, solution]).status).toBe(0);
    const step = script(GRADE_CLI, [LAB, solution, '--step', '5', '--json']);
    expect(step.status).toBe(0);
    const result = JSON.parse(step.stdout) as LabResult;
    expect(result.verdict).toBe('pass');
    expect(result.checks.map((c) => c.id)).toEqual(['step-5-retries', 'step-5-one-copy']);
  });

  test('a failure exits 1 with a first line "FAIL: <reason>", the same reason in $VERIFICATION_FAILURE_REASON, and no stack trace', () => {
    const reasonFile = join(scratch, 'reason.txt');
    const graded = script(GRADE_CLI, [LAB, broken], { VERIFICATION_FAILURE_REASON: reasonFile });
    expect(graded.status).toBe(1);
    const [first] = graded.stdout.split('\n');
    expect(first).toMatch(/^FAIL: step 7 \(The record counts of the three topics\): each count .* \(dup_copies=1 .*Hint: /);
    expect(readFileSync(reasonFile, 'utf8')).toBe(`${first!.slice('FAIL: '.length)}\n`);
    expect(graded.stdout + graded.stderr).not.toMatch(/^\s+at /m);
  });

  test('--step gates one step: an earlier step passes, the broken one fails, an unknown one is a usage error', () => {
    expect(script(GRADE_CLI, [LAB, broken, '--step', '4']).status).toBe(0);
    expect(script(GRADE_CLI, [LAB, broken, '--step', '7']).status).toBe(1);
    const unknown = script(GRADE_CLI, [LAB, broken, '--step', '8']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^error: kafka-retry-duplicates has 7 steps; --step 8 is not one of them$/m);
  });

  test('--junit writes the failed check as a JUnit failure; a missing folder is a one-line usage error', () => {
    const junit = join(scratch, 'results.xml');
    expect(script(GRADE_CLI, [LAB, broken, '--junit', junit]).status).toBe(1);
    // One testcase per step, named by the step's title (what a course platform shows).
    expect(readFileSync(junit, 'utf8')).toMatch(/<testcase classname="kafka-retry-duplicates" name="The record counts of the three topics">\s*<failure message="/);
    const missing = script(GRADE_CLI, [LAB, join(scratch, 'no-such-folder')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim()).toMatch(/^error: no run folder at .*no-such-folder$/);
  });
});
