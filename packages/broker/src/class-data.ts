import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { paths } from './paths.ts';
import { isAlive } from './process.ts';

/** Keeps the JVM's class-data-sharing messages (e.g. classes it cannot archive) out of the tools' output. */
const QUIET = ['-Xlog:cds=off', '-Xlog:cds+dynamic=off'];
const RECORD = '-XX:ArchiveClassesAtExit=';

/** How one JVM of a role uses class-data sharing; call `started(pid)` once it runs, when it records an archive. */
export interface ClassData {
  flags: string[];
  started(pid: number): void;
}

/**
 * Class-data sharing for a JVM role (broker, tools): the first JVM of a role on this machine that may
 * `record` records an archive when it exits (-XX:ArchiveClassesAtExit), later ones map it
 * (-XX:SharedArchiveFile). `key` names everything the archive depends on (java binary, classpath jars,
 * flags); until an archive exists, other JVMs run without one.
 */
export function classData(role: string, key: string, record: boolean): ClassData {
  const dir = paths.classData();
  const archive = join(dir, `${role}-${key}.jsa`);
  sweep(dir, role, key);
  if (existsSync(archive) || promoteRecording(dir, `${role}-${key}.jsa`)) {
    return { flags: [`-XX:SharedArchiveFile=${archive}`, ...QUIET], started: () => {} };
  }
  if (!record || recordings(dir, `${role}-${key}.jsa`).some((r) => r.pid !== null && isAlive(r.pid))) {
    return { flags: [], started: () => {} };
  }
  mkdirSync(dir, { recursive: true });
  const part = `${archive}.part-${process.pid}-${Date.now().toString(36)}`;
  writeFileSync(`${part}.pid`, '');
  return {
    flags: [`${RECORD}${part}`, ...QUIET],
    started: (pid) => writeFileSync(`${part}.pid`, `${pid}\n`),
  };
}

/** Points the recording named in a JVM command line at the pid now running it (a node restarted with the same command line). */
export function adoptRecording(argv: string[], pid: number): void {
  const part = argv.find((a) => a.startsWith(RECORD))?.slice(RECORD.length);
  if (part) writeFileSync(`${part}.pid`, `${pid}\n`);
}

/**
 * A node's last command line, for its restart: once the archive its recording was for exists (or that recording has
 * finished and is put in place now), the restart maps the archive instead of recording again, which would make every
 * later stop of the node wait for an archive dump (tens of seconds on a loaded machine).
 */
export function restartArgv(argv: string[]): string[] {
  const flag = argv.find((a) => a.startsWith(RECORD));
  if (!flag) return argv;
  const archive = flag.slice(RECORD.length).replace(/\.part-[\w-]+$/, '');
  if (!existsSync(archive) && !promoteRecording(dirname(archive), basename(archive))) return argv;
  return argv.map((a) => (a === flag ? `-XX:SharedArchiveFile=${archive}` : a));
}

/** A fingerprint of files (path, size, modification time) and words, for classData keys. */
export function fingerprint(files: string[], words: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    const stat = statSync(file);
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\0`);
  }
  hash.update(words.join('\0'));
  return hash.digest('hex').slice(0, 16);
}

function recordings(dir: string, name: string): { part: string; pid: number | null }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${name}.part-`) && f.endsWith('.pid'))
    .map((f) => {
      const pid = Number(readFileSync(join(dir, f), 'utf8').trim());
      return { part: join(dir, f.slice(0, -'.pid'.length)), pid: Number.isInteger(pid) && pid > 0 ? pid : null };
    });
}

/** Removes the role's archives and finished recordings of other keys: a new java, new jars or new flags made them useless. */
function sweep(dir: string, role: string, key: string): void {
  if (!existsSync(dir)) return;
  const pattern = new RegExp(`^${role}-(\\w+)\\.jsa(\\.part-[\\w-]+)?(\\.pid)?$`);
  for (const file of readdirSync(dir)) {
    const match = pattern.exec(file);
    if (!match || match[1] === key) continue;
    const recording = join(dir, file.replace(/\.pid$/, ''));
    const pid = existsSync(`${recording}.pid`) ? Number(readFileSync(`${recording}.pid`, 'utf8').trim()) : 0;
    if (pid > 0 && isAlive(pid)) continue;
    rmSync(join(dir, file), { force: true });
  }
}

/** Renames the archive of a recording JVM that has exited into place; false when there is none. */
function promoteRecording(dir: string, name: string): boolean {
  let promoted = false;
  for (const { part, pid } of recordings(dir, name)) {
    if (pid === null || isAlive(pid)) continue;
    if (!promoted && existsSync(part) && statSync(part).size > 0) {
      renameSync(part, join(dir, name));
      promoted = true;
    }
    rmSync(part, { force: true });
    rmSync(`${part}.pid`, { force: true });
  }
  return promoted;
}
