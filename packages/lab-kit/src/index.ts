export { startLab } from './lab.ts';
export type { Lab, RunInfo, TopicOptions } from './lab.ts';
export type { Child } from './children.ts';
export { gradeRun } from './grade-run.ts';
export type { Grader, GradeOptions } from './grade-run.ts';
export { listLabs, resolveLabs, RegistryError } from './registry.ts';
export type { LabEntry, Manifest } from './registry.ts';
export { createRunFolder, latestRunFolder } from './run-folder.ts';
export { REPO_ROOT } from './paths.ts';
