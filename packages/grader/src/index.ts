export { verdictOf, EXIT_CODES } from './verdict.ts';
export type { Check, Figures, Grade, LabResult, Verdict } from './verdict.ts';
export { Checks } from './checks.ts';
export { GradeError, readRunFile, readRunJson, assertRunFolder } from './run-folder.ts';
export { formatText, formatJson, formatJunit } from './reporters.ts';
