// `pnpm lab <exercise> --reset [--step N]`: the exercise as it was before step N (before step 1 without --step).
import { rmSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { BOOTSTRAP } from '@kafka-labs/broker';
import type { LabEntry, StepCreates } from '@kafka-labs/lab-kit/catalog';
import { Kafka, logLevel } from 'kafkajs';

/** What a reset removed (or found already gone), by kind. */
export interface ResetDone {
  topics: string[];
  groups: string[];
  files: string[];
}

/** A broker that cannot be reached: an environment failure (exit 2), not a usage error. */
export class ResetEnvironmentError extends Error {
  override name = 'ResetEnvironmentError';
}

/** What steps `from`..last of the exercise create, in one list per kind, without repeats. */
export function createdFrom(lab: Pick<LabEntry, 'exercise'>, from: number): Required<StepCreates> {
  const steps = (lab.exercise?.steps ?? []).slice(from - 1);
  const all = (kind: keyof StepCreates) => [...new Set(steps.flatMap((s) => s.creates?.[kind] ?? []))];
  return { topics: all('topics'), groups: all('groups'), files: all('files') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Removes what steps `from`..last create: their files from `workDir`, their consumer groups and topics from the broker
 * (waiting until the broker no longer lists the topics, so that the step can create them again at once). What does not
 * exist is skipped; the result names what was removed.
 */
export async function resetExercise(lab: LabEntry, from: number, workDir: string): Promise<ResetDone> {
  const wanted = createdFrom(lab, from);
  const files = wanted.files.filter((file) => lstatSync(join(workDir, file), { throwIfNoEntry: false }));
  for (const file of files) rmSync(join(workDir, file), { force: true });
  if (!wanted.topics.length && !wanted.groups.length) return { topics: [], groups: [], files };
  const admin = new Kafka({ clientId: 'lab-reset', brokers: [BOOTSTRAP.tools], logLevel: logLevel.NOTHING, retry: { retries: 2 } }).admin();
  try {
    await admin.connect();
  } catch (err) {
    throw new ResetEnvironmentError(`the broker at ${BOOTSTRAP.tools} does not answer (pnpm broker up): ${(err as Error).message}`);
  }
  try {
    const existingGroups = new Set((await admin.listGroups()).groups.map((g) => g.groupId));
    const groups = wanted.groups.filter((g) => existingGroups.has(g));
    if (groups.length) await admin.deleteGroups(groups);
    const existingTopics = new Set(await admin.listTopics());
    const topics = wanted.topics.filter((t) => existingTopics.has(t));
    if (topics.length) {
      await admin.deleteTopics({ topics, timeout: 30_000 });
      for (let i = 0; i < 150 && (await admin.listTopics()).some((t) => topics.includes(t)); i++) await sleep(200);
    }
    return { topics, groups, files };
  } finally {
    await admin.disconnect();
  }
}
