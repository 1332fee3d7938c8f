import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GradeError } from '@kafka-labs/grader';
import { describe, expect, it } from 'vitest';
import { readTxnLog } from './run-files.ts';

const runDir = mkdtempSync(join(tmpdir(), 'txn-worker-run-files-'));
cpSync(new URL('../fixtures/txn/sink-sync-a1.log', import.meta.url), join(runDir, 'a1.log'));

describe('readTxnLog', () => {
  it("reads a worker's log from a run folder as its events", async () => {
    const events = await readTxnLog(runDir, 'a1');
    expect(events[0]).toMatchObject({ kind: 'started', worker: 'a1' });
  });

  it('names the file and the line for a malformed log, a missing log and a line of another worker', async () => {
    writeFileSync(join(runDir, 'bad.log'), '2026-12-01T12:27:51.447Z bad started commit=sync\nnot a log line\n');
    await expect(readTxnLog(runDir, 'bad')).rejects.toThrow(/^bad\.log: .*not a log line/);
    await expect(readTxnLog(runDir, 'gone')).rejects.toThrow(new GradeError('gone.log is missing from the run folder'));
    cpSync(join(runDir, 'a1.log'), join(runDir, 'a2.log'));
    await expect(readTxnLog(runDir, 'a2')).rejects.toThrow(/^a2\.log holds a line of worker a1: /);
  });
});
