import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brokerKey, ensureBroker, lockBroker, tryLockFile, type Broker, type BrokerOptions } from '@kafka-labs/broker';
import { programArgs } from '@kafka-labs/build';
import { oneLine } from '@kafka-labs/cli';
import type { Database } from '@kafka-labs/database';
import type { Figures, RunInfo } from '@kafka-labs/grader';
import { resolveLang, textsIn, titleIn, type Lang } from '@kafka-labs/i18n';
import { connectAdmin, type RunAdmin, type TopicOptions } from './admin.ts';
import { busyClock } from './busy-time.ts';
import { openRunDatabase } from './database.ts';
import { LIVE_RUN_FILE } from './older-runs.ts';
import { processesOfRun, RUN_MARK, spawnChild, stopAllChildren, type Child } from './process.ts';
import { runSolution } from './solution.ts';
import { MESSAGES } from './messages.ts';
import { labOfFile, type LabEntry } from './registry.ts';
import { createRunFolder, markLatest } from './run-folders.ts';
import { installFailurePath } from './signals.ts';
import { kafkaTools, type KafkaCall } from './tools.ts';
import { openTranscript, type Transcript } from './transcript.ts';

/** What a lab's run script works with: its run folder, the broker, child processes and the transcript. */
export interface Lab extends AsyncDisposable, Pick<Transcript, 'say' | 'step' | 'show'> {
  entry: LabEntry;
  broker: Broker;
  runDir: string;
  /** The language to write the transcript in: `--lang` of `pnpm lab` (passed on as KAFKA_LABS_LANG), else the locale's. */
  lang: Lang;
  /** A per-run suffix, so topics and groups never collide with an earlier run. */
  runId: string;
  /** Creates `<base>-<runId>` with the given partitions and configs and returns its name. */
  createTopic(base: string, options?: TopicOptions): Promise<string>;
  /** A per-run name `<base>-<runId>` (a topic a command creates, a consumer group), recorded in run.json at once. */
  name(base: string): string;
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
   * Runs an exercise's reference solution (its solution.sh, a bash script that starts with `#!`) in one
   * `bash -euo pipefail` at the repository root with `env`, each line echoed to the transcript, saved as solution.sh and
   * solution.log in the run folder. A failing command ends the run naming its line.
   */
  runSolution(file: string, env: Record<string, string>): Promise<void>;
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

const STOP_GRACE_MS = 5000;
/** The longest the failure path waits for deferred clean-ups and the admin client before it exits anyway. */
const CLEANUP_LIMIT_MS = 20_000;

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
  // While this file names the script, another run of the lab does not delete this run's topics and groups.
  const live = tryLockFile(join(runDir, LIVE_RUN_FILE), `lab ${entry.id}`);
  const runId = startedAt.getTime().toString(36);
  const lang = resolveLang();
  const t = textsIn(MESSAGES, lang);
  const transcript = openTranscript(runDir);
  const { say } = transcript;
  const figures: Figures = {};
  const names: Record<string, string> = {};
  const parameters: Record<string, unknown> = { ...options.parameters };
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  let releaseLock: () => void = () => {};
  let admin: RunAdmin | null = null;
  let state: 'running' | 'ending' | 'ended' = 'running';
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
    if ('release' in live) live.release();
  };

  const failurePath = installFailurePath({
    report: (reason, interrupted, n) => transcript.failure(interrupted ? t.interrupted({ reason, n }) : t.failed({ reason })),
    finish,
    // runs/<id>/latest moves only to a run that finished.
    onExit: (code) => code === 0 && state === 'ended' && ownFolder && markLatest(runDir),
  });

  // Labs that need the same broker share it; a lab that cannot (manifest `alone`) has it to itself.
  const share = entry.alone === undefined ? { share: brokerKey(entry.brokers, entry.brokerConfig) } : {};
  const release = await lockBroker(`lab ${entry.id}`, (holder, pid) => say(t.waitingForBroker({ holder, pid })), share);
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
  const kafka = await kafkaTools(runDir, toolTime);
  // Every process the run starts from here on inherits the mark, so that none can be left behind unseen.
  process.env[RUN_MARK] = runDir;
  admin = await connectAdmin(entry.id, runDir, (reason) => say(t.olderRuns({ reason })));

  const lab: Lab = {
    entry,
    broker,
    runDir,
    lang,
    runId,
    say,
    step: transcript.step,
    show: transcript.show,
    async createTopic(base, topicOptions) {
      const topic = lab.name(base);
      await admin!.createTopic(topic, topicOptions);
      return topic;
    },
    name(base) {
      const name = `${base}-${runId}`;
      names[base] = name;
      // Written at once, so that a grader run while the lab still runs (or after it failed) knows the names.
      writeRunInfo();
      return name;
    },
    file: (name) => join(runDir, name),
    writeFile(name, text) {
      const file = join(runDir, name);
      writeFileSync(file, text);
      return file;
    },
    spawnTs(name, script, args, { env, echo = false } = {}) {
      return spawnChild(name, [process.execPath, ...programArgs(script), ...args], {
        logFile: join(runDir, `${name}.log`),
        env,
        onLine: echo ? (line) => say(`   ${name} | ${line}`) : undefined,
      });
    },
    kafka,
    runSolution: (file, env) => runSolution(file, env, runDir, say),
    database: (name = 'database') => openRunDatabase(runDir, name, say, lab.defer),
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
      // A failing run ends on the failure path alone.
      if (state !== 'running' || failurePath.failing) return;
      state = 'ending';
      await finish();
      state = 'ended';
    },
    [Symbol.asyncDispose]: () => lab.end(),
  };
  return lab;
}
