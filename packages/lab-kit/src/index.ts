export { startLab, Interrupted } from './lab.ts';
export type { KafkaCall, KafkaCallOptions, Lab, LabOptions, TopicOptions } from './lab.ts';
export { ChildError, processesOfRun } from './process.ts';
export { watchLog, type LogWatch } from './log-watch.ts';
export type { Child } from './process.ts';
export * from './catalog.ts';
export { until, type UntilOptions } from './until.ts';
