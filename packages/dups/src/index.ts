export { countDuplicates, formatReport, type DuplicateRange, type DuplicateReport } from './count.ts';
export { DupsError } from './errors.ts';
export { loadWorkerLogs, type LoadedLogs, type SkippedLine } from './load.ts';
