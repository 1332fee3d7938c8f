import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBroker, lockBroker, runTool, type Broker, type KafkaTool, BOOTSTRAP } from '@kafka-labs/broker';
import type { Figures } from '@kafka-labs/grader';
import { Kafka, logLevel } from 'kafkajs';
import { spawnChild, stopAllChildren, type Child } from './children.ts';
import { labOfFile, type LabEntry } from './registry.ts';
import { createRunFolder } from './run-folder.ts';

/** run.json: what the run script records for the grader besides its files. */
export interface RunInfo {
  lab: string;
  startedAt: string;
  durationMs: number;
  figures: Figures;
  /** Names the run used (topics, groups), so the grader knows what the files refer to. */
  names: Record<string, string>;
}

export interface TopicOptions {
  partitions?: number;
  replicationFactor?: number;
  config?: Record<string, string>;
}

/** What a lab's run script works with: its run folder, the broker, child processes and the transcript. */
export interface Lab {
  entry: LabEntry;
  broker: Broker;
  runDir: string;
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
  /** A per-run consumer group name. */
  group(base: string): string;
  /** Path of a file in the run folder. */
  file(name: string): string;
  writeFile(name: string, text: string): string;
  /** Runs a TypeScript program (a package CLI) as a child; its output goes to `<name>.log`. */
  spawnTs(name: string, script: string, args: string[], options?: { env?: NodeJS.ProcessEnv; echo?: boolean }): Child;
  /** Runs one of Kafka's tools and saves its stdout into the run folder when `saveAs` is given. */
  tool(tool: KafkaTool, args: string[], options?: { saveAs?: string; input?: string }): Promise<string>;
  /** A named figure for result.json (e.g. duplicates: 82). */
  figure(name: string, value: Figures[string]): void;
  /** Stops what is left running and writes run.json; the last statement of a run script. */
  end(): Promise<void>;
}

const TSX = fileURLToPath(import.meta.resolve('tsx'));
const CREATE_TOPIC_ATTEMPTS = 10;

/**
 * Starts a lab run from its run script (`await startLab(import.meta.url)`): finds the lab by the
 * script's folder, makes the run folder (or uses KAFKA_LABS_RUN_DIR from `pnpm lab`) and ensures the broker.
 */
export async function startLab(scriptUrl: string): Promise<Lab> {
  const entry = labOfFile(fileURLToPath(scriptUrl));
  const startedAt = new Date();
  const runDir = process.env.KAFKA_LABS_RUN_DIR ?? createRunFolder(entry.id, startedAt);
  mkdirSync(runDir, { recursive: true });
  const runId = startedAt.getTime().toString(36);
  const transcript = join(runDir, 'transcript.txt');
  const say = (...lines: string[]) => {
    for (const line of lines) {
      console.log(line);
      appendFileSync(transcript, `${line}\n`);
    }
  };
  const releaseLock = await lockBroker(`lab ${entry.id}`, (line) => say(line));
  say(`== ${entry.id}: ${entry.title}`, `run folder: ${runDir}`);
  const broker = await ensureBroker({ nodes: entry.brokers, log: (line) => say(line) });
  const admin = new Kafka({ clientId: 'lab-kit', brokers: [BOOTSTRAP.tools], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  const figures: Figures = {};
  const names: Record<string, string> = {};
  let steps = 0;

  const lab: Lab = {
    entry,
    broker,
    runDir,
    runId,
    say,
    step: (title) => say('', `-- ${++steps}. ${title}`),
    show: (label, lines) => say(`   ${label}:`, ...lines.map((l) => `     ${l}`)),
    async createTopic(base, { partitions = 1, replicationFactor = 1, config = {} } = {}) {
      const topic = `${base}-${runId}`;
      const spec = {
        topic,
        numPartitions: partitions,
        replicationFactor,
        configEntries: Object.entries(config).map(([name, value]) => ({ name, value })),
      };
      // Right after a broker (re)start the new topic's metadata can lag (a retriable UNKNOWN_TOPIC_OR_PARTITION);
      // creating again is safe: kafkajs answers false for a topic that already exists.
      for (let attempt = 1; ; attempt++) {
        try {
          await admin.createTopics({ waitForLeaders: true, topics: [spec] });
          break;
        } catch (err) {
          if (!(err as { retriable?: boolean }).retriable || attempt === CREATE_TOPIC_ATTEMPTS) throw err;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
      names[base] = topic;
      return topic;
    },
    group(base) {
      const group = `${base}-${runId}`;
      names[base] = group;
      return group;
    },
    file: (name) => join(runDir, name),
    writeFile(name, text) {
      const file = join(runDir, name);
      writeFileSync(file, text);
      return file;
    },
    spawnTs(name, script, args, { env, echo = false } = {}) {
      return spawnChild(name, process.execPath, ['--import', TSX, script, ...args], {
        logFile: join(runDir, `${name}.log`),
        env,
        onLine: echo ? (line) => say(`   ${name} | ${line}`) : undefined,
      });
    },
    async tool(tool, args, { saveAs, input } = {}) {
      const result = await runTool(tool, args, { input });
      if (result.exitCode !== 0) {
        throw new Error(`${tool} failed (exit ${result.exitCode}): ${result.stderr.trim().split('\n').at(-1)}`);
      }
      if (saveAs) writeFileSync(join(runDir, saveAs), result.stdout);
      return result.stdout;
    },
    figure(name, value) {
      figures[name] = value;
    },
    async end() {
      await stopAllChildren();
      await admin.disconnect();
      const info: RunInfo = {
        lab: entry.id,
        startedAt: startedAt.toISOString(),
        durationMs: Date.now() - startedAt.getTime(),
        figures,
        names,
      };
      writeFileSync(join(runDir, 'run.json'), `${JSON.stringify(info, null, 2)}\n`);
      releaseLock();
    },
  };
  return lab;
}
