import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { BrokerError } from './errors.ts';
import { KAFKA_VERSION, paths } from './paths.ts';

const COMPLETE_MARKER = '.complete';

/**
 * Makes sure Kafka's jars (broker, tools, log4j binding) are in the cache folder, resolving
 * them from Maven Central once with `mvn dependency:copy-dependencies`; returns the folder.
 */
export async function ensureJars(log: (line: string) => void = () => {}): Promise<string> {
  const dir = paths.jars();
  if (existsSync(join(dir, COMPLETE_MARKER))) return dir;
  await requireCommand('mvn', 'Maven (mvn) is needed to fetch Kafka jars; install it or use KAFKA_LABS_BACKEND=docker');
  const staging = `${dir}.partial`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(dirname(dir), { recursive: true });
  log(`broker: resolving Kafka ${KAFKA_VERSION} jars from Maven Central into ${dir}`);
  let downloaded = 0;
  const mvn = spawn(
    'mvn',
    ['-B', '-f', paths.pom(), 'dependency:copy-dependencies', `-DoutputDirectory=${staging}`, '-DincludeScope=runtime'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const tail: string[] = [];
  createInterface({ input: mvn.stdout }).on('line', (line) => {
    tail.push(line);
    if (tail.length > 20) tail.shift();
    if (/^\[INFO\] Downloaded from/.test(line) || /^Downloaded from/.test(line)) {
      downloaded++;
      if (downloaded % 25 === 0) log(`broker: downloaded ${downloaded} files...`);
    }
  });
  const code = await new Promise<number>((resolve) => mvn.on('close', (c) => resolve(c ?? 1)));
  if (code !== 0) {
    throw new BrokerError(
      `could not resolve Kafka jars with Maven (exit ${code}): ${tail.filter((l) => l.includes('ERROR')).at(0) ?? tail.at(-1) ?? ''}`,
    );
  }
  await writeFile(join(staging, COMPLETE_MARKER), `${KAFKA_VERSION}\n`);
  await rm(dir, { recursive: true, force: true });
  await rename(staging, dir);
  log(`broker: Kafka ${KAFKA_VERSION} jars ready (${downloaded} files downloaded)`);
  return dir;
}

/** Resolves when `command` is on PATH, else throws a BrokerError with `hint`. */
export async function requireCommand(command: string, hint: string): Promise<void> {
  if (!(await hasCommand(command))) throw new BrokerError(hint);
}

export function hasCommand(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    child.on('close', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}
