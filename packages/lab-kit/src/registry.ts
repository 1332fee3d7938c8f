import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LABS_DIR } from './paths.ts';

/** manifest.json of a lab folder. */
export interface Manifest {
  id: string;
  title: string;
  /** The source article (a file name in shared/seeds) and what of it the lab reproduces. */
  source: string;
  /** 1 for the single node with the articles' listeners, 3 for the replication cluster. */
  brokers: 1 | 3;
  /** What the experiment needs by its nature, e.g. "1000 x 0.01 s". */
  expectedDuration: string;
  /** Broker properties this lab needs other than the defaults (e.g. "group.initial.rebalance.delay.ms": "0"). */
  brokerConfig?: Record<string, string>;
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

/** Every lab under labs/<track>/<lab>/manifest.json, ordered by track then id. */
export function listLabs(labsDir = LABS_DIR): LabEntry[] {
  if (!existsSync(labsDir)) return [];
  const labs: LabEntry[] = [];
  for (const track of readdirSync(labsDir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const lab of readdirSync(join(labsDir, track.name), { withFileTypes: true }).filter((d) => d.isDirectory())) {
      const dir = join(labsDir, track.name, lab.name);
      const manifestFile = join(dir, 'manifest.json');
      if (!existsSync(manifestFile)) continue;
      const manifest = parseManifest(readFileSync(manifestFile, 'utf8'), manifestFile);
      if (manifest.id !== lab.name) throw new RegistryError(`${manifestFile}: id "${manifest.id}" must equal the folder name`);
      labs.push({ ...manifest, track: track.name, dir, runScript: join(dir, 'run.ts'), graderScript: join(dir, 'grade.ts') });
    }
  }
  const seen = new Set<string>();
  for (const lab of labs) {
    if (seen.has(lab.id)) throw new RegistryError(`lab id "${lab.id}" is used by more than one track`);
    seen.add(lab.id);
  }
  return labs.sort((a, b) => a.track.localeCompare(b.track) || a.id.localeCompare(b.id));
}

function parseManifest(text: string, file: string): Manifest {
  let data: Partial<Manifest>;
  try {
    data = JSON.parse(text);
  } catch {
    throw new RegistryError(`${file} is not valid JSON`);
  }
  for (const key of ['id', 'title', 'source', 'expectedDuration'] as const) {
    if (typeof data[key] !== 'string' || !data[key]) throw new RegistryError(`${file}: "${key}" must be a non-empty string`);
  }
  if (data.brokers !== 1 && data.brokers !== 3) throw new RegistryError(`${file}: "brokers" must be 1 or 3`);
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
  return data as Manifest;
}

/** The labs a name selects: one lab by id, or every lab of a track; unknown names list what exists. */
export function resolveLabs(name: string, labs = listLabs()): LabEntry[] {
  const byId = labs.filter((l) => l.id === name);
  if (byId.length) return byId;
  const byTrack = labs.filter((l) => l.track === name);
  if (byTrack.length) return byTrack;
  const known = labs.map((l) => `${l.id} (${l.track})`).join(', ');
  throw new RegistryError(`unknown lab or track "${name}"; known labs: ${known || 'none'}`);
}

/** The lab whose folder contains `file` (a run script's import.meta.url path). */
export function labOfFile(file: string, labs = listLabs()): LabEntry {
  const lab = labs.find((l) => file.startsWith(l.dir + '/'));
  if (!lab) throw new RegistryError(`${file} is not inside a lab folder with a manifest.json`);
  return lab;
}
