import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { watchLog } from './log-watch.ts';
import { ChildError, spawnChild } from './process.ts';

type Event = { kind: 'tick'; n: number } | { kind: 'done' };
const parse = (line: string): Event | undefined => {
  const tick = /^tick (\d+)$/.exec(line);
  if (tick) return { kind: 'tick', n: Number(tick[1]) };
  return line === 'done' ? { kind: 'done' } : undefined;
};
const dir = mkdtempSync(join(tmpdir(), 'lab-kit-log-watch-'));
const node = (name: string, code: string) => spawnChild(name, [process.execPath, '-e', code], { logFile: join(dir, `${name}.log`) });

describe('a watched log', () => {
  test('waits for an event still to come, and keeps the parsed events without the lines it does not know', async () => {
    const child = node('ticks', 'let n = 0; const t = setInterval(() => { console.log(`tick ${++n}`); console.log("noise"); if (n === 3) { clearInterval(t); console.log("done"); } }, 50)');
    const log = watchLog(child, parse);
    expect(await log.waitFor('tick 3', 'tick', (e) => e.n === 3)).toEqual({ kind: 'tick', n: 3 });
    await log.waitFor('the end', 'done');
    await child.exited;
    expect(log.events().map((e) => e.kind)).toEqual(['tick', 'tick', 'tick', 'done']);
  });

  test('rejects at once, naming the child and what was awaited, when the child exits without it', async () => {
    const child = node('quitter', 'console.log("tick 1"); process.exit(4)');
    const log = watchLog(child, parse);
    const wait = log.waitFor('tick 2', 'tick', (e) => e.n === 2);
    await expect(wait).rejects.toBeInstanceOf(ChildError);
    await expect(wait).rejects.toThrow(/^quitter: no tick 2 \(.*code 4/);
  });

  test('rejects after its bound, saying how long it waited', async () => {
    const child = node('sleeper', 'setTimeout(() => {}, 30_000)');
    try {
      await expect(watchLog(child, parse).untilLogged('a tick', () => false, 300)).rejects.toThrow('sleeper: no a tick within 0.3 s');
    } finally {
      await child.stop({ signal: 'SIGKILL' });
    }
  });
});
