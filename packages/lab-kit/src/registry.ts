import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { didYouMean } from './nearest.ts';
import { LABS_DIR } from './paths.ts';

/** manifest.json of a lab folder. */
export interface Manifest {
  id: string;
  /** What the lab shows, in one line (English): its title in the listing, the README index and the transcript. */
  title: string;
  /** The same in Korean. */
  ko: { title: string };
  /** The source article (a file name in shared/seeds) and what of it the lab reproduces. */
  source: string;
  /** 1 for the single node with the articles' listeners, 3 for the replication cluster. */
  brokers: 1 | 3;
  /**
   * What the experiment waits by its nature (timeouts, processing, streams), which no speed-up of ours removes:
   * `pnpm bench labs` measures the rest, the overhead, against it.
   */
  inherent: { seconds: number; what: string };
  /** Broker properties this lab needs other than the defaults (e.g. "group.initial.rebalance.delay.ms": "0"). */
  brokerConfig?: Record<string, string>;
  /**
   * Why this lab cannot share the broker with other labs (one line, e.g. "stops broker nodes"): it takes the broker
   * lock exclusively and `pnpm lab --parallel` runs it alone. Without it, labs with the same `brokers` and
   * `brokerConfig` run side by side.
   */
  alone?: string;
  /**
   * True when the grader reads the running broker or proxy besides the run folder (a learner's live exercise): it
   * grades only where that broker runs, and result.json's `live` holds what it read.
   */
  live?: boolean;
  /** Present for an exercise a learner carries out step by step (what a course platform hosts): its steps, in order. */
  exercise?: { steps: ExerciseStep[] };
}

/**
 * One step of an exercise; step n (from 1) is steps[n-1]. Its text, which teaches without giving the answer, is
 * steps/<n>.md and steps/<n>.ko.md in the lab folder (beside steps/intro and steps/finish); `pnpm grade <lab>
 * <work> --step n` checks it; the reference answer is the lab's solution.sh.
 */
export interface ExerciseStep {
  /** A short kebab-case name, unique in the exercise (e.g. "idempotence-off"). */
  id: string;
  title: string;
  /** Hints a learner may ask for before failing, mildest first; the Korean ones are the same in number. */
  hints?: string[];
  ko: { title: string; hints?: string[] };
  /**
   * What the step creates, for `pnpm lab <exercise> --reset --step n` to remove (it puts the exercise back as before
   * step n): Kafka topics and consumer groups by their names, files of the work folder by their names in it.
   */
  creates?: StepCreates;
}

/** The topics, consumer groups and work-folder files one exercise step creates. */
export interface StepCreates {
  topics?: string[];
  groups?: string[];
  files?: string[];
}

export interface LabEntry extends Manifest {
  track: string;
  dir: string;
  runScript: string;
  graderScript: string;
}

export class RegistryError extends Error {
  override name = 'RegistryError';
}

/** A lab folder whose manifest.json cannot be used: `reason` is one line naming the file. */
export interface BrokenLab {
  track: string;
  /** The lab's folder name, which `pnpm lab <folder>` answers with the reason. */
  folder: string;
  dir: string;
  reason: string;
}

/** The labs under labs/<track>/<lab>/manifest.json, ordered by track then id, and the folders whose manifest is broken. */
export interface Registry {
  labs: LabEntry[];
  broken: BrokenLab[];
}

/** Reads every manifest; a broken one (bad JSON or fields, an id used twice) is set aside with its reason, the others stay. */
export function readRegistry(labsDir = LABS_DIR): Registry {
  const labs: LabEntry[] = [];
  const broken: BrokenLab[] = [];
  if (!existsSync(labsDir)) return { labs, broken };
  const tracks = readdirSync(labsDir, { withFileTypes: true }).filter((d) => d.isDirectory()).sort((a, b) => a.name.localeCompare(b.name));
  for (const track of tracks) {
    const folders = readdirSync(join(labsDir, track.name), { withFileTypes: true }).filter((d) => d.isDirectory()).sort((a, b) => a.name.localeCompare(b.name));
    for (const lab of folders) {
      const dir = join(labsDir, track.name, lab.name);
      const manifestFile = join(dir, 'manifest.json');
      if (!existsSync(manifestFile)) continue;
      try {
        const manifest = parseManifest(readFileSync(manifestFile, 'utf8'), manifestFile);
        if (manifest.id !== lab.name) throw new RegistryError(`${manifestFile}: id "${manifest.id}" must equal the folder name`);
        const other = labs.find((l) => l.id === manifest.id);
        if (other) throw new RegistryError(`${manifestFile}: lab id "${manifest.id}" is used by more than one track (${other.track} too)`);
        labs.push({ ...manifest, track: track.name, dir, runScript: join(dir, 'run.ts'), graderScript: join(dir, 'grade.ts') });
      } catch (err) {
        broken.push({ track: track.name, folder: lab.name, dir, reason: err instanceof Error ? err.message : String(err) });
      }
    }
  }
  return { labs, broken };
}

/** Every lab whose manifest is sound, ordered by track then id. */
export function listLabs(labsDir = LABS_DIR): LabEntry[] {
  return readRegistry(labsDir).labs;
}

function parseManifest(text: string, file: string): Manifest {
  let data: Partial<Manifest>;
  try {
    data = JSON.parse(text);
  } catch {
    throw new RegistryError(`${file} is not valid JSON`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new RegistryError(`${file} must hold a JSON object`);
  for (const key of ['id', 'title', 'source'] as const) {
    if (typeof data[key] !== 'string' || !data[key]) throw new RegistryError(`${file}: "${key}" must be a non-empty string`);
  }
  const ko: unknown = data.ko;
  const koTitle = typeof ko === 'object' && ko !== null ? (ko as Record<string, unknown>).title : undefined;
  if (typeof koTitle !== 'string' || !koTitle) throw new RegistryError(`${file}: "ko" must be { "title": the title in Korean }`);
  const inherent: unknown = data.inherent;
  const { seconds, what } = (typeof inherent === 'object' && inherent !== null ? inherent : {}) as Record<string, unknown>;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || typeof what !== 'string' || !what) {
    throw new RegistryError(`${file}: "inherent" must be { "seconds": what the experiment waits by nature (a number >= 0), "what": why (text) }`);
  }
  if (data.brokers !== 1 && data.brokers !== 3) throw new RegistryError(`${file}: "brokers" must be 1 or 3`);
  if (data.alone !== undefined && (typeof data.alone !== 'string' || !data.alone.trim() || /[\r\n]/.test(data.alone))) {
    throw new RegistryError(`${file}: "alone" must be one line saying why the lab cannot share the broker with other labs`);
  }
  if (data.live !== undefined && typeof data.live !== 'boolean') throw new RegistryError(`${file}: "live" must be true or false`);
  const config: unknown = data.brokerConfig;
  if (config !== undefined) {
    const entries = typeof config === 'object' && config !== null && !Array.isArray(config) ? Object.entries(config) : null;
    const bad = entries?.find(([key, value]) => !/^[a-z][a-z0-9.-]*$/.test(key) || typeof value !== 'string');
    if (!entries || bad) {
      throw new RegistryError(
        `${file}: "brokerConfig" must map broker property names to strings${bad ? ` (not ${JSON.stringify(bad[0])}: ${JSON.stringify(bad[1])})` : ''}`,
      );
    }
  }
  if (data.exercise !== undefined) parseExercise(data.exercise, file);
  return data as Manifest;
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string' && v !== '');

function parseExercise(exercise: unknown, file: string): void {
  const steps = typeof exercise === 'object' && exercise !== null ? (exercise as { steps?: unknown }).steps : undefined;
  if (!Array.isArray(steps) || steps.length === 0) throw new RegistryError(`${file}: "exercise" must be { "steps": [ at least one step ] }`);
  const ids = new Set<string>();
  steps.forEach((step: Partial<ExerciseStep> | null, i) => {
    const where = `${file}: exercise step ${i + 1}`;
    if (typeof step?.id !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(step.id)) throw new RegistryError(`${where}: "id" must be kebab-case`);
    if (ids.has(step.id)) throw new RegistryError(`${where}: id "${step.id}" is used twice`);
    ids.add(step.id);
    if (typeof step.title !== 'string' || !step.title || typeof step.ko?.title !== 'string' || !step.ko.title) {
      throw new RegistryError(`${where}: "title" and "ko": { "title" } must be non-empty strings`);
    }
    if (step.creates !== undefined) parseCreates(step.creates, where);
    const [en, ko] = [step.hints ?? [], step.ko.hints ?? []];
    if (!isStrings(en) || !isStrings(ko) || en.length !== ko.length) {
      throw new RegistryError(`${where}: "hints" and "ko": { "hints" } must be lists of texts of the same length`);
    }
  });
}

/** Kafka's legal topic and group names (as the exercises use them), and a file name inside the work folder. */
const CREATES_NAME: Record<keyof StepCreates, RegExp> = {
  topics: /^[a-zA-Z0-9._-]{1,249}$/,
  groups: /^[a-zA-Z0-9._-]{1,249}$/,
  files: /^(?!\.\.?$)[^/\\\0]+$/,
};

function parseCreates(creates: unknown, where: string): void {
  const fields = Object.keys(CREATES_NAME) as (keyof StepCreates)[];
  const shape = `"creates" must be { ${fields.map((f) => `"${f}": [names]`).join(', ')} } (each optional)`;
  if (typeof creates !== 'object' || creates === null || Array.isArray(creates)) throw new RegistryError(`${where}: ${shape}`);
  for (const [key, names] of Object.entries(creates)) {
    const pattern = CREATES_NAME[key as keyof StepCreates];
    if (!pattern || !isStrings(names)) throw new RegistryError(`${where}: ${shape}`);
    const bad = names.find((name) => !pattern.test(name));
    if (bad !== undefined) throw new RegistryError(`${where}: "creates.${key}" has ${JSON.stringify(bad)}, not a ${key === 'files' ? 'file name inside the work folder' : `Kafka ${key.slice(0, -1)} name`}`);
  }
}

const registryOf = (labs: LabEntry[] | Registry): Registry => (Array.isArray(labs) ? { labs, broken: [] } : labs);

/**
 * The labs a name selects: one lab by id, every sound lab of a track, or every sound lab ("all"); a lab folder whose manifest is broken is a
 * RegistryError with its reason, and an unknown name suggests the nearest ids and tracks in one short line.
 */
export function resolveLabs(name: string, registry: LabEntry[] | Registry = readRegistry()): LabEntry[] {
  const { labs, broken } = registryOf(registry);
  const byId = labs.filter((l) => l.id === name);
  if (byId.length) return byId;
  const bad = broken.find((b) => b.folder === name);
  if (bad) throw new RegistryError(bad.reason);
  const byTrack = labs.filter((l) => l.track === name);
  if (byTrack.length) return byTrack;
  if (name === 'all') return labs;
  const names = [...labs.map((l) => l.id), ...broken.map((b) => b.folder), ...new Set(labs.map((l) => l.track))];
  throw new RegistryError(`unknown lab or track "${name}"; ${didYouMean(name, names) ?? '`pnpm lab` lists them'}`);
}

/** The lab whose folder contains `file` (a run script's import.meta.url path); a broken manifest there is its reason. */
export function labOfFile(file: string, registry: LabEntry[] | Registry = readRegistry()): LabEntry {
  const { labs, broken } = registryOf(registry);
  const lab = labs.find((l) => file.startsWith(l.dir + '/'));
  if (lab) return lab;
  const bad = broken.find((b) => file.startsWith(b.dir + '/'));
  throw new RegistryError(bad?.reason ?? `${file} is not inside a lab folder with a manifest.json`);
}
