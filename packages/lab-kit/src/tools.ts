import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isKafkaTool, toolCommand, TOOLS, type KafkaTool } from '@kafka-labs/broker';
import { $, type ProcessPromise } from 'zx';
import type { BusyClock } from './busy-time.ts';
import { ChildError, trackProcess } from './process.ts';
import { progress } from './progress.ts';

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

/** The longest one Kafka tool call may take (a JVM start and a bounded tool run take seconds); `.timeout()` changes it. */
const TOOL_TIMEOUT_MS = 120_000;

/**
 * Kafka's tools for one run (`lab.kafka`), each call stopped with the run's children and timed on `clock`. Call it
 * before the run marks its processes: the warm tool runners it may start outlive the run (they serve the next one).
 */
export async function kafkaTools(runDir: string, clock: BusyClock): Promise<KafkaCall> {
  const tools = Object.fromEntries(
    await Promise.all(Object.keys(TOOLS).map(async (tool) => [tool, await toolCommand(tool as KafkaTool, [])] as const)),
  );
  const call = (options: KafkaCallOptions) => (pieces: TemplateStringsArray, ...args: unknown[]) => {
    const [first = '', ...rest] = pieces;
    const tool = /^\s*(\S+)/.exec(first)?.[1] ?? '';
    if (!isKafkaTool(tool)) throw new ChildError(`lab.kafka: unknown tool "${tool}"; known tools: ${Object.keys(TOOLS).join(', ')}`);
    const { argv, env } = tools[tool]!;
    const strings = ['', first.replace(/^\s*\S+/, ''), ...rest];
    const template = Object.assign(strings, { raw: strings }) as unknown as TemplateStringsArray;
    const zx = $({ quiet: true, detached: true, input: options.input, timeout: TOOL_TIMEOUT_MS, env: { ...process.env, ...env } })(
      template,
      argv,
      ...args,
    );
    trackProcess(zx, tool);
    clock.track(zx);
    void progress.track(`waiting for ${tool}`, zx, TOOL_TIMEOUT_MS);
    if (options.saveAs) {
      const file = join(runDir, options.saveAs);
      void zx.then((output) => writeFileSync(file, output.stdout), () => {});
    }
    return zx;
  };
  return ((first: TemplateStringsArray | KafkaCallOptions, ...args: unknown[]) =>
    Array.isArray(first) ? call({})(first as TemplateStringsArray, ...args) : call(first as KafkaCallOptions)) as KafkaCall;
}
