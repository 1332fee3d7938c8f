import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LANGS, type Lang } from '@kafka-labs/i18n';
import { figuresShape } from './checks.ts';
import { GradeError, readRunJson } from './safe-read.ts';
import { is, ShapeError, type Shape } from './shape.ts';
import type { Figures } from './verdict.ts';

/** run.json: what a run script records besides its files (lab-kit writes it; graders read it with readRunInfo). */
export interface RunInfo<P = Record<string, unknown>> {
  lab: string;
  /** The language the transcript was written in (what `--lang` chose); absent in runs older than the switch. */
  lang?: Lang;
  startedAt: string;
  durationMs: number;
  figures: Figures;
  /** Names the run used (topics, groups) by base name, so the grader knows what the files refer to. */
  names: Record<string, string>;
  /** The experiment's parameters as the run script set them (its setup, the leader it chose): the grader needs nothing but the folder. */
  parameters: P;
  /** Why the run did not finish (an error or an interrupt), one line; absent when it did. */
  failure?: string;
  /** Where the run's time went besides the experiment, for `pnpm bench labs` (absent in runs older than it). */
  timings?: RunTimings;
}

export interface RunTimings {
  /** Making sure the broker the manifest asks for is up (a start or restart, or a check of the running one). */
  brokerMs: number;
  /** Kafka tool calls made through `lab.kafka`, and the time during which at least one of them ran. */
  toolCalls: number;
  toolMs: number;
}

const time: Shape<string> = {
  describe: 'a time (ISO 8601)',
  check(value, path) {
    const text = is.string.check(value, path);
    if (text.length > 40 || Number.isNaN(Date.parse(text))) throw new ShapeError(`${path} must be a time (ISO 8601)`);
    return text;
  },
};

const runInfoShape = <P>(parameters: Shape<P>): Shape<RunInfo<P>> =>
  is.object({
    lab: is.string,
    lang: is.optional(is.literal(...LANGS)),
    startedAt: time,
    durationMs: is.number,
    figures: figuresShape,
    names: is.record(is.string),
    parameters,
    failure: is.optional(is.string),
    timings: is.optional(is.object({ brokerMs: is.number, toolCalls: is.integer, toolMs: is.number })),
  }) as Shape<RunInfo<P>>;

/** Parameters a reader does not look into (gradeRun, the report): any object. */
export const ANY_PARAMETERS: Shape<Record<string, unknown>> = is.record(is.unknown);

/**
 * The run.json of a run folder, shape-checked whole with the lab's `parameters` shape: the one reader of run.json.
 * A missing, unreadable or mistyped run.json is a GradeError naming the file and the field (`run.json:
 * parameters.orders must be a number, not a string`).
 */
export async function readRunInfo<P>(runDir: string, parameters: Shape<P>): Promise<RunInfo<P>> {
  return readRunJson(runDir, 'run.json', runInfoShape(parameters));
}

/**
 * The names an exercise's work folder refers to: each base name (a topic, a group) as a learner uses it, or, in a
 * folder that a run of the exercise's solution wrote (it has run.json), that run's name for it.
 */
export async function exerciseNames<K extends string>(workDir: string, bases: readonly K[]): Promise<Record<K, string>> {
  const recorded = existsSync(join(workDir, 'run.json')) ? (await readRunInfo(workDir, ANY_PARAMETERS)).names : {};
  return Object.fromEntries(bases.map((base) => [base, recorded[base] ?? base])) as Record<K, string>;
}

/** A name run.json must hold (a topic or group base name), as a GradeError when it does not. */
export function nameOf(names: Record<string, string>, base: string): string {
  const name = names[base];
  if (typeof name !== 'string') throw new GradeError(`run.json names no ${base}`);
  return name;
}
