import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ensureBroker, lockBroker, runTool, toolCommand, type Broker, type KafkaTool, type ToolResult } from './index.ts';
import { paths } from './paths.ts';
import { isAlive } from './process.ts';
import { stopRunners } from './tool-runner.ts';
import { BOOTSTRAP } from './topology.ts';

const quiet = () => {};
const suffix = Date.now().toString(36);
const topic = `tool-paths-${suffix}`;
const group = `tool-paths-${suffix}`;
const bootstrap = ['--bootstrap-server', BOOTSTRAP.tools];
const LINES = ['k1:v1', 'k2:v2', 'k3:v3'];

type Mode = 'warm' | 'archive' | 'plain';

/** Runs `fn` with KAFKA_LABS_TOOL_JVM set to `mode`. */
async function via<T>(mode: Mode, fn: () => Promise<T>): Promise<T> {
  const before = process.env.KAFKA_LABS_TOOL_JVM;
  process.env.KAFKA_LABS_TOOL_JVM = mode;
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env.KAFKA_LABS_TOOL_JVM;
    else process.env.KAFKA_LABS_TOOL_JVM = before;
  }
}

/** A result with what changes between two runs of the same call masked: log timestamps, the quorum's high watermark. */
function stable(result: ToolResult): ToolResult {
  const mask = (text: string) =>
    text.replace(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\] /gm, '[time] ').replace(/^(HighWatermark:\s+)\d+$/m, '$1N');
  return { exitCode: result.exitCode, stdout: mask(result.stdout), stderr: mask(result.stderr) };
}

function runnerPids(): number[] {
  const dir = paths.toolRunner();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pid'))
    .map((f) => Number(readFileSync(join(dir, f), 'utf8').trim()))
    .filter((pid) => Number.isInteger(pid) && pid > 0)
    .sort();
}

/** Starts the tool's command line as a process of its own and resolves once its stdout has `lines` lines. */
async function startClient(tool: KafkaTool, args: string[], lines: number) {
  const { argv, env } = await toolCommand(tool, args);
  const child = spawn(argv[0]!, argv.slice(1), { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number>((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal === 'SIGKILL' ? 137 : -1))));
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      if (stdout.split('\n').length > lines) resolve();
    });
    void exited.then((code) => reject(new Error(`the client exited (${code}) before printing ${lines} lines: ${stderr}`)));
  });
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/** A frame of the runner's protocol (ToolRunner.java): [type][int32 length][payload]. */
function frame(type: string, payload = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(type.charCodeAt(0), 0);
  header.writeInt32BE(payload.length, 1);
  return Buffer.concat([header, payload]);
}

/**
 * Calls `mainClass` on the runner at `socket` as a client that sends its input (end of input) only once the runner has
 * ended its side: the frame types it got, and the error of that late write, if any; null where no runner listens.
 */
async function callWithLateInput(socket: string, mainClass: string, args: string[]) {
  const conn = connect({ path: socket, allowHalfOpen: true });
  const chunks: Buffer[] = [];
  conn.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    conn.on('end', resolve);
    conn.on('error', reject);
  });
  conn.write(frame('C', Buffer.from([mainClass, ...args].join('\0'))));
  // A socket file with no runner behind it (one that has not started) refuses the connection: no call.
  if (await ended.then(() => false, () => true)) return null;
  const lateWrite = await new Promise<Error | null>((resolve) => conn.write(frame('I'), (err) => resolve(err ?? null)));
  conn.destroy();
  const types: string[] = [];
  for (let bytes = Buffer.concat(chunks); bytes.length >= 5; bytes = bytes.subarray(5 + bytes.readInt32BE(1))) types.push(String.fromCharCode(bytes[0]!));
  return { types, lateWrite };
}

let broker: Broker;
let release: () => void;
beforeAll(async () => {
  release = await lockBroker('tool runner tests', quiet);
  broker = await ensureBroker({ log: quiet });
  await runTool('kafka-topics', [...bootstrap, '--create', '--topic', topic, '--partitions', '1']);
  const produced = await runTool(
    'kafka-console-producer',
    [...bootstrap, '--topic', topic, '--reader-property', 'parse.key=true', '--reader-property', 'key.separator=:'],
    { input: `${LINES.join('\n')}\n` },
  );
  expect(produced.exitCode).toBe(0);
  await runTool('kafka-console-consumer', [...bootstrap, '--topic', topic, '--group', group, '--from-beginning', '--max-messages', '2']);
});
afterAll(() => release());

describe('the tools the labs use', () => {
  const calls: [KafkaTool, () => string[]][] = [
    ['kafka-topics', () => [...bootstrap, '--describe', '--topic', topic]],
    ['kafka-dump-log', () => ['--files', broker.segmentPath(topic, 0), '--print-data-log']],
    ['kafka-get-offsets', () => [...bootstrap, '--topic', topic]],
    ['kafka-console-consumer', () => [...bootstrap, '--topic', topic, '--from-beginning', '--max-messages', '3', '--formatter-property', 'print.key=true']],
    ['kafka-consumer-groups', () => [...bootstrap, '--describe', '--group', group]],
    ['kafka-transactions', () => [...bootstrap, 'list']],
    ['kafka-metadata-quorum', () => [...bootstrap, 'describe', '--status']],
    ['kafka-configs', () => [...bootstrap, '--describe', '--entity-type', 'brokers', '--entity-name', '1', '--all']],
    ['kafka-topics', () => [...bootstrap, '--describe', '--topic', `missing-${suffix}`]],
    ['kafka-topics', () => [...bootstrap, '--no-such-option']],
  ];
  const runAll = async (mode: Mode) => {
    const results: ToolResult[] = [];
    for (const [tool, args] of calls) results.push(stable(await via(mode, () => runTool(tool, args()))));
    await runTool('kafka-topics', [...bootstrap, '--create', '--topic', `${topic}-${mode}`, '--partitions', '1']);
    const produced = await via(mode, () =>
      runTool('kafka-console-producer', [...bootstrap, '--topic', `${topic}-${mode}`, '--reader-property', 'parse.key=true', '--reader-property', 'key.separator=:'], {
        input: `${LINES.join('\n')}\n`,
      }),
    );
    const readBack = await runTool('kafka-console-consumer', [
      ...bootstrap, '--topic', `${topic}-${mode}`, '--from-beginning', '--max-messages', '3', '--formatter-property', 'print.key=true',
    ]);
    return { results, produced, readBack: readBack.stdout };
  };

  test('print the same, byte for byte, through the warm runner, the class-data archive and a plain JVM', async () => {
    const warm = await runAll('warm');
    await stopRunners(); // the runner that recorded the class-data archive writes it as it exits
    const archive = await runAll('archive');
    expect(readdirSync(paths.classData()).some((f) => /^tools-\w+\.jsa$/.test(f))).toBe(true);
    const plain = await runAll('plain');

    expect(warm.results.map((r) => r.exitCode)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
    expect(warm.results[3]!.stdout).toBe(`${LINES.map((l) => l.replace(':', '\t')).join('\n')}\n`);
    expect(warm.results[9]!.stderr).toMatch(/^no-such-option is not a recognized option\njoptsimple\.UnrecognizedOptionException/);
    expect(warm.produced).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(warm.readBack).toBe(warm.results[3]!.stdout);
    for (const other of [archive, plain]) {
      calls.forEach(([tool], i) => expect([tool, other.results[i]]).toEqual([tool, warm.results[i]]));
      expect(other.produced).toEqual(warm.produced);
      expect(other.readBack).toBe(warm.readBack);
    }
  });
});

describe('the warm runner', () => {
  beforeAll(() => runTool('kafka-topics', [...bootstrap, '--list']));

  test('keeps serving after a tool that calls exit and a tool that fails', async () => {
    const pids = runnerPids();
    expect((await runTool('kafka-topics', ['--no-such-option'])).exitCode).toBe(1);
    expect((await runTool('kafka-get-offsets', [...bootstrap, '--topic', `missing-${suffix}`])).exitCode).not.toBe(0);
    expect(await runTool('kafka-topics', [...bootstrap, '--list'])).toMatchObject({ exitCode: 0, stdout: expect.stringContaining(topic) });
    expect(runnerPids()).toEqual(pids);
  });

  test('runs two calls at once, each with its own output', async () => {
    const [consumed, described] = await Promise.all([
      runTool('kafka-console-consumer', [...bootstrap, '--topic', topic, '--from-beginning', '--max-messages', '3']),
      runTool('kafka-topics', [...bootstrap, '--describe', '--topic', topic]),
    ]);
    expect(consumed).toMatchObject({ exitCode: 0, stdout: 'v1\nv2\nv3\n', stderr: expect.stringContaining('Processed a total of 3 messages') });
    expect(described.stdout).toMatch(new RegExp(`^Topic: ${topic}\\s`));
    expect(described.stdout).not.toMatch(/^v\d$/m);
  });

  test('hands the whole output of a tool to the piped stdout and stderr of its command line, call after call', async () => {
    // A line per partition, each its own write (kafka-consumer-groups lost its last rows to a client that exited early).
    const wide = `${topic}-wide`;
    await runTool('kafka-topics', [...bootstrap, '--create', '--topic', wide, '--partitions', '6']);
    await runTool('kafka-console-producer', [...bootstrap, '--topic', wide], { input: `${LINES.join('\n')}\n` });
    await runTool('kafka-console-consumer', [...bootstrap, '--topic', wide, '--group', wide, '--from-beginning', '--max-messages', '3']);
    const args = [...bootstrap, '--describe', '--group', wide];
    const expected = await runTool('kafka-consumer-groups', args);
    expect(expected.stdout.split('\n').filter((line) => line.startsWith(wide))).toHaveLength(6);
    const { argv, env } = await toolCommand('kafka-consumer-groups', args);
    for (let call = 0; call < 30; call++) {
      // As lab-kit runs it (zx): every stream a pipe, stdin left open, a process group of its own.
      const child = spawn(argv[0]!, argv.slice(1), { env: { ...process.env, ...env }, stdio: 'pipe', detached: true });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const exitCode = await new Promise((resolve) => child.on('close', resolve));
      expect({ call, exitCode, stdout, stderr }).toEqual({ call, ...expected });
    }
  });

  test('stops a tool on Ctrl-C of its client as its own JVM would, and serves the next call', async () => {
    const args = [...bootstrap, '--topic', topic, '--from-beginning'];
    const outcomes = [];
    for (const mode of ['warm', 'plain'] as const) {
      const client = await via(mode, () => startClient('kafka-console-consumer', args, 3));
      client.child.kill('SIGINT');
      outcomes.push({ code: await client.exited, stdout: client.output().stdout, stderr: client.output().stderr.replace(/^\[[^\]]+\] /gm, '') });
    }
    expect(outcomes[0]).toMatchObject({ code: 130, stdout: 'v1\nv2\nv3\n', stderr: expect.stringContaining('Processed a total of 3 messages') });
    expect(outcomes[0]).toEqual(outcomes[1]);

    const pids = runnerPids();
    const killed = await startClient('kafka-console-consumer', args, 3);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(await runTool('kafka-get-offsets', [...bootstrap, '--topic', topic])).toEqual({ exitCode: 0, stdout: `${topic}:0:3\n`, stderr: '' });
    expect(pids.filter(isAlive)).toEqual(pids);
  });

  test('gives the exit code to a client whose input comes after the tool ended', async () => {
    // A tool that reads no input can end before a client slowed by load has sent its input: the late write must not
    // fail (EPIPE), or the client loses the exit code it has not read yet.
    await via('warm', () => runTool('kafka-topics', ['--version']));
    const sockets = readdirSync(paths.toolRunner()).filter((f) => f.endsWith('.sock')).map((f) => join(paths.toolRunner(), f));
    const calls = [];
    for (const socket of sockets) calls.push(await callWithLateInput(socket, 'org.apache.kafka.tools.TopicCommand', ['--version']));
    const taken = calls.filter((call): call is NonNullable<typeof call> => call?.types[0] === 'A');
    expect(taken.length).toBeGreaterThan(0);
    for (const call of taken) expect(call).toEqual({ types: ['A', ...call.types.slice(1, -1), 'X'], lateWrite: null });
  });
});
