import { LogProcess } from '@kafka-labs/kafka-client/testing';
import { parseWorkerLine, type WorkerEvent } from '@kafka-labs/kafka-client/worker-log';
import { WORKER_CLI } from './paths.ts';

/** The worker CLI as its own process, with its log parsed into worker events. */
export class WorkerProcess extends LogProcess<WorkerEvent> {
  constructor(args: string[]) {
    super(WORKER_CLI, args, parseWorkerLine);
  }
}
