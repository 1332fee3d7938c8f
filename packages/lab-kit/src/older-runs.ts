import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lockFileHolder } from '@kafka-labs/broker';
import { runsDir } from './paths.ts';

/** A file in a run folder while its run script runs (a lock file naming the script's pid): its names are in use. */
export const LIVE_RUN_FILE = '.live';

/** What removeOlderRuns needs of a kafkajs admin client (connected). */
export interface OlderRunsAdmin {
  listTopics(): Promise<string[]>;
  deleteTopics(options: { topics: string[]; timeout?: number }): Promise<void>;
  listGroups(): Promise<{ groups: { groupId: string }[] }>;
  deleteGroups(groupIds: string[]): Promise<unknown>;
}

/** A run.json is a few kilobytes; anything larger is not one of ours and is skipped. */
const RUN_JSON_LIMIT = 1024 * 1024;

/**
 * The names (topics, consumer groups) that a lab's older runs recorded in their run.json: every run folder of the
 * lab except the one `latest` points at, `current` (a run folder path) and those of runs still running (their
 * LIVE_RUN_FILE names a live process: another run of the lab beside this one, `pnpm lab --parallel` or a second terminal).
 */
export function olderRunNames(labId: string, current: string): Set<string> {
  const labDir = join(runsDir(), labId);
  let folders: string[];
  try {
    folders = readdirSync(labDir);
  } catch {
    return new Set();
  }
  const latest = latestTarget(labDir);
  const keep = new Set([resolve(current), ...(latest ? [resolve(labDir, latest)] : [])]);
  const names = new Set<string>();
  for (const folder of folders) {
    const dir = resolve(labDir, folder);
    if (keep.has(dir) || folder === 'latest' || folder.startsWith('.')) continue;
    if (lockFileHolder(join(dir, LIVE_RUN_FILE))) continue;
    for (const name of recordedNames(join(dir, 'run.json'))) names.add(name);
  }
  return names;
}

/**
 * Deletes the topics and consumer groups of a lab's older runs that still exist on the broker, so that the broker's
 * partitions do not grow with every run; the latest finished run keeps its own for a learner to inspect. A group
 * that still has members is left alone. Returns what it deleted.
 */
export async function removeOlderRuns(admin: OlderRunsAdmin, labId: string, current: string) {
  const names = olderRunNames(labId, current);
  if (names.size === 0) return { topics: [] as string[], groups: [] as string[] };
  const [topicList, groupList] = await Promise.all([admin.listTopics(), admin.listGroups()]);
  const topics = topicList.filter((t) => names.has(t));
  const groups = groupList.groups.map((g) => g.groupId).filter((g) => names.has(g));
  if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 30_000 });
  if (groups.length > 0) await admin.deleteGroups(groups).catch(() => {});
  return { topics, groups };
}

function latestTarget(labDir: string): string | null {
  try {
    return readlinkSync(join(labDir, 'latest'));
  } catch {
    return null;
  }
}

function recordedNames(file: string): string[] {
  try {
    const stat = lstatSync(file);
    if (!stat.isFile() || stat.size > RUN_JSON_LIMIT) return [];
    const names = (JSON.parse(readFileSync(file, 'utf8')) as { names?: unknown }).names;
    if (typeof names !== 'object' || names === null) return [];
    return Object.values(names).filter((n): n is string => typeof n === 'string');
  } catch {
    return [];
  }
}
