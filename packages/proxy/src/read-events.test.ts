import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GradeError } from '@kafka-labs/grader';
import { describe, expect, test } from 'vitest';
import { PROXY_EVENTS, readProxyEvents } from './read-events.ts';

const folder = (text: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-events-'));
  writeFileSync(join(dir, PROXY_EVENTS), text);
  return dir;
};

describe('readProxyEvents', () => {
  test('reads each event of the log with the fields the proxy wrote, an empty log as no events', async () => {
    const event = { seq: 1, time: '2026-12-01T10:00:00.000Z', action: 'response-dropped', apiName: 'Produce', ordinal: 2 };
    expect(await readProxyEvents(folder(`${JSON.stringify(event)}\n\n`))).toEqual([event]);
    expect(await readProxyEvents(folder(''))).toEqual([]);
  });

  test('names the line that is not JSON or lacks a field every event has', async () => {
    await expect(readProxyEvents(folder('{"seq":1,"time":"t","action":"connected"}\n{"seq":2,'))).rejects.toThrow(
      new GradeError(`${PROXY_EVENTS} line 2 is not JSON`),
    );
    await expect(readProxyEvents(folder('{"seq":1,"action":"connected"}\n'))).rejects.toThrow(new GradeError(`${PROXY_EVENTS} line 1: time is missing`));
  });
});
