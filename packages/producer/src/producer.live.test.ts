// The producer against the real broker through a pass-through proxy on a free port (it rewrites the broker's
// address in Metadata, so the client stays on it); nothing here is shared with the labs.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { programArgs } from '@kafka-labs/build';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBroker } from '@kafka-labs/broker';
import { startProxy, type Proxy } from '@kafka-labs/proxy';
import { parseClientEvent, parseProducerLog, type ClientEvent } from '@kafka-labs/kafka-client/producer-log';
import { PRODUCER_CLI } from './paths.ts';

let proxy: Proxy;

beforeAll(async () => {
  await ensureBroker();
  proxy = await startProxy({ listen: '127.0.0.1:0', print: () => {} });
}, 200_000);

afterAll(async () => {
  await proxy?.stop();
});

/**
 * Runs the CLI to its end (asynchronously: the proxy serves from this process) on a topic of its own, auto-created
 * by the first Produce, and parses its output strictly; rejects when it exits non-zero.
 */
async function produce(idempotence: string, mode: string, ...config: string[]) {
  return produceInput('', idempotence, mode, ...config);
}

/** `produce` with `input` on the CLI's standard input. */
async function produceInput(input: string, idempotence: string, mode: string, ...config: string[]) {
  const topic = `producer-test-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const run = promisify(execFile)(process.execPath, [...programArgs(PRODUCER_CLI), topic, idempotence, mode, `bootstrap.servers=${proxy.bootstrap}`, ...config], {
    timeout: 60_000,
  });
  run.child.stdin!.end(input);
  const { stdout } = await run;
  return { topic, log: parseProducerLog(stdout) };
}

describe('producer through a pass-through proxy', () => {
  it('stores E-41, E-42, E-43 at offsets 0, 1, 2 in send mode without idempotence', async () => {
    const { topic, log } = await produce('false', 'send');
    expect(log.start).toMatchObject({ topic, mode: 'send', config: { 'enable.idempotence': 'false', 'socket.timeout.ms': '3000' } });
    expect(log.results.map((r) => [r.event, r.offset])).toEqual([
      ['E-41', 0],
      ['E-42', 1],
      ['E-43', 2],
    ]);
    expect(log.done).toBe(true);
    expect(proxy.counters().dropped).toBe(0);
  });

  it('sends every batch with one PID and sequences 0, 1, 2 when idempotent, as its debug lines show', async () => {
    const { log } = await produce('true', 'send', 'debug=msg,eos');
    expect(log.results.map((r) => r.offset)).toEqual([0, 1, 2]);
    const sends = log.client.map(parseClientEvent).filter((e): e is Extract<ClientEvent, { kind: 'produce' }> => e?.kind === 'produce');
    expect(sends.map((s) => s.baseSeq)).toEqual([0, 1, 2]);
    expect(new Set(sends.map((s) => `${s.pid?.id}/${s.pid?.epoch}`)).size).toBe(1);
    expect(sends[0]!.pid).not.toBeNull();
  });

  it('produces each line of its input in stdin mode, skipping blank lines, and ends with the input', async () => {
    const { log } = await produceInput('A\n\nX\n', 'false', 'stdin', 'acks=1');
    expect(log.results.map((r) => [r.event, r.offset])).toEqual([
      ['A', 0],
      ['X', 1],
    ]);
    expect(log.done).toBe(true);
  });

  it('produces E-42 once in app-retry mode when the delivery succeeds', async () => {
    const { log } = await produce('true', 'app-retry');
    expect(log.results.map((r) => [r.event, r.offset, r.error])).toEqual([['E-42', 0, null]]);
  });
});
