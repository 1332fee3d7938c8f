import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BrokerError } from './errors.ts';
import { KAFKA_VERSION, paths } from './paths.ts';
import { hasCommand, shell } from './process.ts';

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
  const $ = await shell();
  const mvn = $`mvn -B -f ${paths.pom()} dependency:copy-dependencies ${`-DoutputDirectory=${staging}`} -DincludeScope=runtime`;
  const tail: string[] = [];
  for await (const line of mvn) {
    tail.push(line);
    if (tail.length > 20) tail.shift();
    if (/^(\[INFO\] )?Downloaded from/.test(line) && ++downloaded % 25 === 0) log(`broker: downloaded ${downloaded} files...`);
  }
  const { exitCode } = await mvn;
  if (exitCode !== 0) {
    throw new BrokerError(
      `could not resolve Kafka jars with Maven (exit ${exitCode}): ${tail.filter((l) => l.includes('ERROR')).at(0) ?? tail.at(-1) ?? ''}`,
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
