export { verdictOf, EXIT_CODES } from './verdict.ts';
export type { Check, Figures, Grade, LabResult, Verdict } from './verdict.ts';
export { Checks, excerpt, lawMessage, EXCERPT_CHARS, EVIDENCE_LINES } from './checks.ts';
export type { Law } from './checks.ts';
export { GradeError, readRunFile, readRunJson, assertRunFolder } from './run-folder.ts';
export { formatText, formatJson, formatJunit } from './reporters.ts';
export { nameOf, readNames, readParameters } from './run-info.ts';
export type { ParameterKind } from './run-info.ts';
