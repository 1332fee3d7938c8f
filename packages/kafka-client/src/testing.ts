// Test helpers for the programs' live tests: unique names, topics, and a program as a process with its log parsed.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { programArgs } from '@kafka-labs/build';
import { DEFAULT_BOOTSTRAP, Kafka } from './librdkafka.ts';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** A topic and group name that no other test run uses. */
export const uniqueName = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** Creates a topic with the given partition count through the librdkafka admin client. */
export async function createTopic(topic: string, partitions: number, bootstrap = DEFAULT_BOOTSTRAP): Promise<void> {
  const admin = Kafka.AdminClient.create({ 'bootstrap.servers': bootstrap });
  try {
    await new Promise<void>((resolve, reject) =>
      admin.createTopic({ topic, num_partitions: partitions, replication_factor: 1 }, 15_000, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  } finally {
    admin.disconnect();
  }
}

/** Resolves once `test()` holds, checking every 100 ms; rejects after `timeoutMs` naming `what`. */
export async function waitUntil(what: string, test: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A program (a TypeScript CLI run with tsx) as its own process, with its output parsed into events as they arrive. */
export class LogProcess<E> {
  readonly events: E[] = [];
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;
  private readonly listeners = new Set<() => void>();

  constructor(cli: string, args: string[], parseLine: (line: string) => E | undefined) {
    this.child = spawn(process.execPath, [...programArgs(cli), ...args], {
      cwd: PACKAGE_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    const take = (chunk: Buffer) => {
      pending += chunk.toString();
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) {
        this.lines.push(line);
        const event = parseLine(line);
        if (event) this.events.push(event);
      }
      for (const listener of this.listeners) listener();
    };
    this.child.stdout!.on('data', take);
    this.child.stderr!.on('data', take);
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  /** Resolves with the first event that satisfies `test`; rejects after `timeoutMs` with the log so far. */
  waitFor(what: string, test: (event: E) => boolean, timeoutMs = 30_000): Promise<E> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.events.find(test);
        if (!found) return;
        done();
        resolve(found);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no '${what}' within ${timeoutMs} ms; log so far:\n${this.lines.join('\n')}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  /** Sends a signal without waiting (e.g. the join signal). */
  signal(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** Sends SIGTERM and resolves with the exit code. */
  async stop(): Promise<number | null> {
    this.child.kill('SIGTERM');
    return this.exited;
  }

  /** Kills the process if it still runs (test cleanup). */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
