// The labs on disk without running one: the registry, run folders and bench figures (grading is the grader's:
// `@kafka-labs/grader`). It loads no Kafka client, zx or broker code, so that `pnpm lab` (before its run script
// starts), `pnpm grade` and `pnpm report` start fast; `@kafka-labs/lab-kit` re-exports all of it next to startLab.
export { listLabs, readRegistry, resolveLabs, RegistryError } from './registry.ts';
export type { BrokenLab, ExerciseStep, LabEntry, Manifest, Registry, StepCreates } from './registry.ts';
export { createRunFolder, latestRunFolder, markLatest } from './run-folders.ts';
export { LABS_DIR, REPO_ROOT, runsDir } from './paths.ts';
export { didYouMean } from './nearest.ts';
export { LAB_BENCH_FILE, readLabBench, takes, type LabBench } from './lab-bench.ts';
