import { readRunFile } from '@kafka-labs/grader';
import { parseClientEvent, parseProducerLine, type ClientEvent, type ProducerLine } from '@kafka-labs/kafka-client/producer-log';

/** One line of a producer log that the pictures use, in log order: a delivery result or a client event. */
export type ProducerStep =
  | { kind: 'result'; line: Extract<ProducerLine, { kind: 'result' }> }
  | { kind: 'client'; event: ClientEvent; text: string };

/** A lab producer's log, parsed by the producer package's own line and client-event parsers. */
export interface ProducerRun {
  file: string;
  /** The log's name without `.log`, the name the lab gave the process. */
  name: string;
  topic: string;
  config: Record<string, string>;
  steps: ProducerStep[];
  /** True when the log ends with `producer: done` (every event had its delivery report); false for a killed process. */
  done: boolean;
}

/** Every `*.log` of `files` that starts like the lab producer's output (`producer: topic ...`). */
export async function readProducerLogs(runDir: string, files: string[]): Promise<ProducerRun[]> {
  const runs: ProducerRun[] = [];
  for (const file of files.filter((f) => f.endsWith('.log'))) {
    const lines = (await readRunFile(runDir, file, { allowEmpty: true })).split('\n').map(parseProducerLine);
    const start = lines.find((l) => l?.kind === 'start');
    if (start?.kind !== 'start') continue;
    const steps = lines.flatMap((line): ProducerStep[] => {
      if (line?.kind === 'result') return [{ kind: 'result', line }];
      const event = line?.kind === 'client' ? parseClientEvent(line) : undefined;
      return event && line?.kind === 'client' ? [{ kind: 'client', event, text: `${line.facility} ${line.text}` }] : [];
    });
    runs.push({ file, name: file.slice(0, -'.log'.length), topic: start.topic, config: start.config, steps, done: lines.some((l) => l?.kind === 'done') });
  }
  return runs;
}
