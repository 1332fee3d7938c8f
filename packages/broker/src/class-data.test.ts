import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { restartArgv } from './class-data.ts';

const recording = (dir: string) => join(dir, 'broker-cluster-k.jsa.part-1-x');
const argv = (dir: string) => ['java', '-Xmx1g', `-XX:ArchiveClassesAtExit=${recording(dir)}`, '-Xlog:cds=off', 'kafka.Kafka', 'server.properties'];

test('a restart maps the archive its recording made instead of recording again', () => {
  const dir = mkdtempSync(join(tmpdir(), 'class-data-'));
  writeFileSync(join(dir, 'broker-cluster-k.jsa'), 'archive');
  expect(restartArgv(argv(dir))).toEqual(['java', '-Xmx1g', `-XX:SharedArchiveFile=${join(dir, 'broker-cluster-k.jsa')}`, '-Xlog:cds=off', 'kafka.Kafka', 'server.properties']);
});

test('a finished recording of an exited JVM is put in place and mapped', () => {
  const dir = mkdtempSync(join(tmpdir(), 'class-data-'));
  writeFileSync(recording(dir), 'archive');
  writeFileSync(`${recording(dir)}.pid`, '2147483646\n');
  expect(restartArgv(argv(dir))[2]).toBe(`-XX:SharedArchiveFile=${join(dir, 'broker-cluster-k.jsa')}`);
  expect(existsSync(join(dir, 'broker-cluster-k.jsa'))).toBe(true);
});

test('a restart records on while no archive exists, and a command line without a recording is kept', () => {
  const dir = mkdtempSync(join(tmpdir(), 'class-data-'));
  expect(restartArgv(argv(dir))).toEqual(argv(dir));
  expect(restartArgv(['java', 'kafka.Kafka'])).toEqual(['java', 'kafka.Kafka']);
});
