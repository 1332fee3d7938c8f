export { JOIN_SIGNAL, parseWorkerArgs, STRATEGIES, type WorkerOptions } from './options.ts';
export { FILL_CLI, WORKER_CLI } from './paths.ts';
export { runWorker, type WorkerIo, type WorkerOutcome } from './worker.ts';
