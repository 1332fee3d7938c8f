import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOOTSTRAP, createTopic, ensureBroker, isKafkaTool, lockBroker, toolCommand, TOOLS, type Broker, type BrokerOptions, type KafkaTool } from '@kafka-labs/broker';
import { exitFlushed, oneLine } from '@kafka-labs/cli';
import type { Database } from '@kafka-labs/database';
import type { Figures, RunInfo } from '@kafka-labs/grader';
import { resolveLang, textsIn, titleIn, type Lang } from '@kafka-labs/i18n';
import { Kafka, logLevel } from 'kafkajs';
import { $, type ProcessPromise } from 'zx';
import {
  ChildError,
  describeFailure,
  interruptChildren,
  killAllChildrenNow,
  processesOfRun,
  RUN_MARK,
  runningCount,
  spawnChild,
  stopAllChildren,
  trackProcess,
  type Child,
} from './process.ts';
import { busyClock } from './busy-time.ts';
import { bashBlocksScript } from './markdown.ts';
import { removeOlderRuns } from './older-runs.ts';
import { progress } from './progress.ts';
import { REPO_ROOT } from './paths.ts';
import { MESSAGES } from './messages.ts';
import { labOfFile, type LabEntry } from './registry.ts';
import { createRunFolder, markLatest } from './run-folder.ts';

export interface TopicOptions {
  partitions?: number;
  replicationFactor?: number;
  config?: Record<string, string>;
}

/** What `lab.kafka` takes besides the command, as zx's `$(options)` does. */
export interface KafkaCallOptions {
  /** Text written to the tool's stdin. */
  input?: string;
  /** Saves the tool's stdout into this file of the run folder. */
  saveAs?: string;
}

/** Runs one of Kafka's tools, written as in a shell: ``lab.kafka`kafka-topics --bootstrap-server ${server} --list` ``. */
export interface KafkaCall {
  (pieces: TemplateStringsArray, ...args: unknown[]): ProcessPromise;
  (options: KafkaCallOptions): (pieces: TemplateStringsArray, ...args: unknown[]) => ProcessPromise;
}

/** What a lab's run script works with: its run folder, the broker, child processes and the transcript. */
export interface Lab extends AsyncDisposable {
  entry: LabEntry;
  broker: Broker;
  runDir: string;
  /** The language to write the transcript in: `--lang` of `pnpm lab` (passed on as KAFKA_LABS_LANG), else the locale's. */
  lang: Lang;
  /** A per-run suffix, so topics and groups never collide with an earlier run. */
  runId: string;
  /** Prints lines to the terminal and appends them to transcript.txt. */
  say(...lines: string[]): void;
  /** A numbered heading in the transcript. */
  step(title: string): void;
  /** Evidence lines under a label, indented, in the transcript. */
  show(label: string, lines: string[]): void;
  /** Creates `<base>-<runId>` with the given partitions and configs and returns its name. */
  createTopic(base: string, options?: TopicOptions): Promise<string>;
  /** A per-run name `<base>-<runId>` (a topic a command creates, a consumer group), recorded in run.json at once. */
  name(base: string): string;
  /** A per-run consumer group name (what `name` gives). */
  group(base: string): string;
  /** Path of a file in the run folder. */
  file(name: string): string;
  writeFile(name: string, text: string): string;
  /** Runs a TypeScript program (a package CLI) as a child; its output goes to `<name>.log`. */
  spawnTs(name: string, script: string, args: string[], options?: { env?: NodeJS.ProcessEnv; echo?: boolean }): Child;
  /**
   * Kafka's own tools on the active backend, as a zx process: the first word is the tool, the rest its arguments
   * (interpolations are quoted). A failure, or a call longer than 2 minutes, throws (the run fails naming the tool)
   * unless `.nothrow()` opts out.
   */
  kafka: KafkaCall;
  /**
   * Runs the ```bash blocks of a markdown file (a README that is its lab's solution) in order, in one
   * `bash -euo pipefail` at the repository root with `env`, echoing each line to the transcript; the script is saved
   * as solution.sh with every command at its line number. A failing command ends the run naming its line.
   */
  runBashBlocks(file: string, env: Record<string, string>): Promise<void>;
  /**
   * Opens the run's database in the folder `name` of the run folder (PGlite, or a schema of its own on the PostgreSQL
   * of KAFKA_LABS_PG_URL; reopening the folder reaches the same data) and closes it however the run ends, after the
   * children are stopped. One process at a time: close it (`db.close()`) before a child opens the folder.
   */
  database(name?: string): Promise<Database>;
  /** Runs `cleanup` however the run ends (after the children are stopped), e.g. to stop a detached helper. */
  defer(cleanup: () => Promise<unknown> | unknown): void;
  /** A named figure for result.json (e.g. duplicates: 82); a grader never reads it (see `parameter`). */
  figure(name: string, value: Figures[string]): void;
  /** A parameter the run decides as it goes (the leader it chose), recorded in run.json's `parameters` at once for the grader. */
  parameter(name: string, value: unknown): void;
  /** Stops what is left running, writes run.json and releases the broker; `await using` calls it. */
  end(): Promise<void>;
}

export interface LabOptions {
  /** The experiment's parameters, recorded in run.json for the grader. */
  parameters?: Record<string, unknown>;
}

const TSX = fileURLToPath(import.meta.resolve('tsx'));
/** The longest one Kafka tool call may take (a JVM start and a bounded tool run take seconds); `.timeout()` changes it. */
const TOOL_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 5000;
/** The longest the failure path waits for deferred clean-ups and the admin client before it exits anyway. */
const CLEANUP_LIMIT_MS = 20_000;

/** A run cut short by a signal (Ctrl-C): every wait rejects with it. */
export class Interrupted extends Error {
  override name = 'Interrupted';
  constructor(readonly signal: NodeJS.Signals) {
    super(`interrupted by ${signal}`);
  }
}

function killPid(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
}

const bounded = <T>(work: Promise<T>, ms: number) =>
  Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);

/**
 * Starts a lab run from its run script (`await using lab = await startLab(import.meta.url)`): finds the lab by the
 * script's folder, makes the run folder (or uses KAFKA_LABS_RUN_DIR from `pnpm lab`), takes the broker lock and
 * ensures the broker the manifest asks for. However the script ends (done, a throw, Ctrl-C, SIGTERM) every process it
 * started is stopped and the lock released; a throw or a signal is recorded as one line on stderr, in transcript.txt
 * and in run.json (`failure`), and exits 2 (error) or 130 (interrupted).
 */
export async function startLab(scriptUrl: string, options: LabOptions = {}): Promise<Lab> {
  const entry = labOfFile(fileURLToPath(scriptUrl));
  const startedAt = new Date();
  const ownFolder = !process.env.KAFKA_LABS_RUN_DIR;
  const runDir = process.env.KAFKA_LABS_RUN_DIR ?? createRunFolder(entry.id, startedAt);
  mkdirSync(runDir, { recursive: true });
  const runId = startedAt.getTime().toString(36);
  const lang = resolveLang();
  const t = textsIn(MESSAGES, lang);
  const transcript = join(runDir, 'transcript.txt');
  const say = (...lines: string[]) => {
    progress.clear();
    for (const line of lines) {
      console.log(line);
      appendFileSync(transcript, `${line}\n`);
    }
  };
  const figures: Figures = {};
  const names: Record<string, string> = {};
  const parameters: Record<string, unknown> = { ...options.parameters };
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  let releaseLock: () => void = () => {};
  let admin: ReturnType<Kafka['admin']> | null = null;
  let state: 'running' | 'ending' | 'ended' | 'failing' = 'running';
  const toolTime = busyClock();
  let brokerMs = 0;

  const writeRunInfo = (failure?: string) => {
    const info: RunInfo = {
      lab: entry.id,
      lang,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      figures,
      names,
      parameters,
      ...(failure ? { failure } : {}),
      timings: { brokerMs, toolCalls: toolTime.calls, toolMs: toolTime.ms() },
    };
    writeFileSync(join(runDir, 'run.json'), `${JSON.stringify(info, null, 2)}\n`);
  };

  /** Stops every process, runs the clean-ups, writes run.json and releases the lock: the end of every run. */
  const finish = async (failure?: string) => {
    await stopAllChildren(STOP_GRACE_MS);
    for (const cleanup of cleanups.splice(0).reverse()) {
      await bounded(Promise.resolve().then(cleanup), CLEANUP_LIMIT_MS).catch((err) => failure ?? say(t.cleanupFailed({ reason: oneLine(err) })));
    }
    await stopAllChildren(STOP_GRACE_MS);
    const left = processesOfRun(runDir);
    if (left.length) {
      say(t.leftBehind({ n: left.length, pids: left.join(', ') }));
      for (const pid of left) killPid(pid);
    }
    if (admin) await bounded(admin.disconnect(), CLEANUP_LIMIT_MS).catch(() => {});
    writeRunInfo(failure);
    releaseLock();
  };

  /** The one failure path: a throw (exit 2) or a signal (exit 130) ends here, once. */
  const fail = async (reason: string, exitCode: 2 | 130) => {
    if (state === 'failing') return;
    state = 'failing';
    const interrupt = exitCode === 130 ? new Interrupted(reason.replace(/^interrupted by /, '') as NodeJS.Signals) : new ChildError(reason);
    interruptChildren(interrupt);
    const left = runningCount();
    const line = exitCode === 130 ? t.interrupted({ reason, n: left }) : t.failed({ reason });
    progress.clear();
    process.stderr.write(`\n${line}\n`);
    appendFileSync(transcript, `\n${line}\n`);
    await finish(reason);
    await exitFlushed(exitCode);
  };
  const onError = (err: unknown) => {
    // Once the run is failing, what the stopped children make their waits throw is a consequence, not news.
    if (state === 'failing') return;
    void fail(describeFailure(err) ?? oneLine(err), 2);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (state !== 'failing') return void fail(`interrupted by ${signal}`, 130);
    // A second Ctrl-C: stop waiting for a graceful end.
    killAllChildrenNow();
    process.exit(130);
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.once('exit', (code) => {
    killAllChildrenNow();
    // runs/<id>/latest moves only to a run that finished.
    if (code === 0 && state === 'ended' && ownFolder) markLatest(runDir);
  });

  const release = await lockBroker(`lab ${entry.id}`, (line) => say(line));
  releaseLock = () => {
    releaseLock = () => {};
    release();
  };
  say(`== ${entry.id}: ${titleIn(entry, lang)}`, t.runFolder({ dir: runDir }));
  const brokerOptions: BrokerOptions & { config?: Record<string, string> } = {
    nodes: entry.brokers,
    config: entry.brokerConfig,
    log: (line) => say(line),
  };
  const brokerFrom = Date.now();
  const broker = await ensureBroker(brokerOptions);
  brokerMs = Date.now() - brokerFrom;
  // Before the mark: the warm tool runners this may start outlive the run (they serve the next one).
  const tools = Object.fromEntries(
    await Promise.all(Object.keys(TOOLS).map(async (tool) => [tool, await toolCommand(tool as KafkaTool, [])] as const)),
  );
  // Every process the run starts from here on inherits the mark, so that none can be left behind unseen.
  process.env[RUN_MARK] = runDir;
  admin = new Kafka({ clientId: 'lab-kit', brokers: [BOOTSTRAP.tools], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  // Housekeeping only: a broker that cannot list or delete yet (its group coordinator still loading after a start)
  // costs the run nothing, and the next run tries again.
  await removeOlderRuns(admin, entry.id, runDir).catch((err) => say(t.olderRuns({ reason: oneLine(err) })));
  let steps = 0;

  const kafkaCall = (callOptions: KafkaCallOptions) => (pieces: TemplateStringsArray, ...args: unknown[]) => {
    const [first = '', ...rest] = pieces;
    const tool = /^\s*(\S+)/.exec(first)?.[1] ?? '';
    if (!isKafkaTool(tool)) throw new ChildError(`lab.kafka: unknown tool "${tool}"; known tools: ${Object.keys(TOOLS).join(', ')}`);
    const { argv, env } = tools[tool]!;
    const strings = ['', first.replace(/^\s*\S+/, ''), ...rest];
    const template = Object.assign(strings, { raw: strings }) as unknown as TemplateStringsArray;
    const zx = $({ quiet: true, detached: true, input: callOptions.input, timeout: TOOL_TIMEOUT_MS, env: { ...process.env, ...env } })(
      template,
      argv,
      ...args,
    );
    trackProcess(zx, tool);
    toolTime.track(zx);
    void progress.track(`waiting for ${tool}`, zx, TOOL_TIMEOUT_MS);
    if (callOptions.saveAs) {
      const file = join(runDir, callOptions.saveAs);
      void zx.then((output) => writeFileSync(file, output.stdout), () => {});
    }
    return zx;
  };

  const lab: Lab = {
    entry,
    broker,
    runDir,
    lang,
    runId,
    say,
    step: (title) => say('', `-- ${++steps}. ${title}`),
    show: (label, lines) => say(`   ${label}:`, ...lines.map((l) => `     ${l}`)),
    async createTopic(base, { partitions = 1, replicationFactor = 1, config = {} } = {}) {
      const topic = lab.name(base);
      const spec = {
        topic,
        numPartitions: partitions,
        replicationFactor,
        configEntries: Object.entries(config).map(([name, value]) => ({ name, value })),
      };
      await progress.track(`waiting for topic ${topic}`, createTopic(admin!, spec));
      return topic;
    },
    name(base) {
      const name = `${base}-${runId}`;
      names[base] = name;
      // Written at once, so that a grader run while the lab still runs (or after it failed) knows the names.
      writeRunInfo();
      return name;
    },
    group: (base) => lab.name(base),
    file: (name) => join(runDir, name),
    writeFile(name, text) {
      const file = join(runDir, name);
      writeFileSync(file, text);
      return file;
    },
    spawnTs(name, script, args, { env, echo = false } = {}) {
      return spawnChild(name, [process.execPath, '--import', TSX, script, ...args], {
        logFile: join(runDir, `${name}.log`),
        env,
        onLine: echo ? (line) => say(`   ${name} | ${line}`) : undefined,
      });
    },
    kafka: ((first: TemplateStringsArray | KafkaCallOptions, ...args: unknown[]) =>
      Array.isArray(first) ? kafkaCall({})(first as TemplateStringsArray, ...args) : kafkaCall(first as KafkaCallOptions)) as KafkaCall,
    async runBashBlocks(file, env) {
      const lines = bashBlocksScript(readFileSync(file, 'utf8')).split('\n');
      if (lines[0] !== '') throw new ChildError(`${file} must not start with a code block`);
      // Line 1 (the README's title) carries the trap that names the failing line.
      const trap = `trap 'echo "${basename(file)} line $LINENO failed with exit code $?" >&2' ERR`;
      lines[0] = trap;
      const script = lab.writeFile('solution.sh', lines.join('\n'));
      const child = spawnChild('solution', ['bash', '-v', '-euo', 'pipefail', script], {
        cwd: REPO_ROOT,
        env,
        logFile: join(runDir, 'solution.log'),
        onLine: (line) => line.trim() && line !== trap && say(`   | ${line}`),
      });
      const code = await progress.track(`waiting for the commands of ${basename(file)}`, child.exited);
      if (code === 0) return;
      const failed = child.lines.map((l) => /line (\d+) failed with exit code \d+$/.exec(l)).findLast(Boolean);
      const where = failed ? `${basename(file)} line ${failed[1]} (${lines[Number(failed[1]) - 1]!.trim()})` : basename(file);
      throw new ChildError(`${where} failed with exit code ${code}`);
    },
    async database(name = 'database') {
      // Imported on first use: PGlite and pg cost a lab that has no database about half a second of start-up.
      const { openDatabase } = await import('@kafka-labs/database');
      const db = await openDatabase({ dir: join(runDir, name), log: (line) => say(`   ${line}`) });
      cleanups.push(() => db.close());
      return db;
    },
    defer(cleanup) {
      cleanups.push(cleanup);
    },
    figure(name, value) {
      figures[name] = value;
    },
    parameter(name, value) {
      parameters[name] = value;
      writeRunInfo();
    },
    async end() {
      if (state !== 'running') return;
      state = 'ending';
      await finish();
      state = 'ended';
    },
    [Symbol.asyncDispose]: () => lab.end(),
  };
  return lab;
}
