import { BOOTSTRAP, ensureBroker, runTool, type Broker } from '@kafka-labs/broker';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDumpLog } from './parse-dump-log.ts';
import { dataBatches } from './select.ts';

let broker: Broker;
beforeAll(async () => {
  broker = await ensureBroker();
}, 180_000);

/** Runs one of Kafka's tools and fails with its stderr when it exits non-zero. */
async function tool(...args: Parameters<typeof runTool>): Promise<string> {
  const { exitCode, stdout, stderr } = await runTool(...args);
  expect(exitCode, `${args[0]} ${args[1].join(' ')}\n${stderr}`).toBe(0);
  return stdout;
}

describe('parseDumpLog on a fresh dump', () => {
  it('shows the idempotent batch with a producer id and sequence 0 and the non-idempotent one with -1 and -1', async () => {
    const topic = `dumplog-live-${Date.now()}`;
    await tool('kafka-topics', ['--bootstrap-server', BOOTSTRAP.tools, '--create', '--topic', topic, '--partitions', '1', '--replication-factor', '1']);
    await tool('kafka-console-producer', ['--bootstrap-server', BOOTSTRAP.tools, '--topic', topic], { input: 'E-41\n' });
    await tool(
      'kafka-console-producer',
      ['--bootstrap-server', BOOTSTRAP.tools, '--topic', topic, '--command-property', 'enable.idempotence=false'],
      { input: 'E-42 with spaces\n' },
    );
    const segment = broker.segmentPath(topic, 0);
    const dump = parseDumpLog(await tool('kafka-dump-log', ['--files', segment, '--print-data-log']));

    expect(dump.errors).toEqual([]);
    expect(dump.file).toBe(segment);
    const [idempotent, plain, ...rest] = dataBatches(dump);
    expect(rest).toEqual([]);
    expect(idempotent).toMatchObject({ baseOffset: 0, baseSequence: 0, producerEpoch: 0, records: [{ offset: 0, payload: 'E-41' }] });
    expect(idempotent!.producerId).not.toBe(-1);
    expect(plain).toMatchObject({ baseOffset: 1, producerId: -1, producerEpoch: -1, baseSequence: -1, records: [{ offset: 1, payload: 'E-42 with spaces' }] });
  }, 120_000);
});
