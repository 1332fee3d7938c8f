import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { programArgs } from '@kafka-labs/build';
import { describe, expect, it } from 'vitest';
import { parseProducerArgs } from './options.ts';
import { KAFKAJS_PRODUCER_CLI, PRODUCER_CLI } from './paths.ts';

const run = (cli: string, args: string[]) => spawnSync(process.execPath, [...programArgs(cli), ...args], { encoding: 'utf8', timeout: 30_000 });

describe('producer CLI', () => {
  it('prints its usage, modes and mode flags on --help and exits 0', () => {
    const result = run(PRODUCER_CLI, ['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^usage: producer TOPIC IDEMPOTENCE MODE \[--config FILE\] \[key=value \.\.\.\] \[mode flags\]/);
    expect(result.stdout).toContain('--config FILE');
    expect(result.stdout).toContain('app-retry');
    expect(result.stdout).toContain('--fail-before');
  });

  it.each([
    [[], 'producer: expected TOPIC IDEMPOTENCE MODE (see --help)'],
    [['t', 'maybe', 'send'], "producer: IDEMPOTENCE must be true or false, not 'maybe'"],
    [['t', 'true', 'flood'], "producer: MODE must be one of send, app-retry, once, stdin, burst, stream, keys, null-keys, fan-out, not 'flood'"],
    [['t', 'true', 'send', 'debug'], "producer: 'debug' is not a key=value librdkafka property"],
    [['t', 'true', 'send', 'enable.idempotence=false'], 'producer: give enable.idempotence as the IDEMPOTENCE argument'],
    [['t', 'true', 'send', 'no.such.property=1'], 'producer: librdkafka rejected the configuration: No such configuration property: "no.such.property"'],
    [['t', 'true', 'send', '--count', '3'], 'producer: --count is not a flag of mode send'],
    [['t', 'true', 'burst', '--count', '0'], "producer: --count must be an integer >= 1, not '0'"],
    [['t', 'true', 'burst', '--colour'], 'producer: unknown flag --colour (see --help)'],
    [['a,b', 'true', 'fan-out', '--fail-before', 'c'], 'producer: --fail-before c is not one of the topics a, b'],
    [['a,b', 'false', 'fan-out', 'transactional.id=T'], 'producer: transactional.id needs IDEMPOTENCE true'],
    [['a,b', 'true', 'burst'], "producer: 'a,b' is not a valid topic name"],
  ])('exits 2 with one line on stderr for %j', (args, message) => {
    const result = run(PRODUCER_CLI, args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`${message}\n`);
  });
});

describe('producer --config FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'producer-config-'));
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('applies the file after the defaults and before the key=value arguments', () => {
    const config = file('ok.properties', '# the durable setting\nacks=all\n\nenable.idempotence = true\n! a comment too\nlinger.ms: 5\nbootstrap.servers=localhost:9092\n');
    const options = parseProducerArgs(['t', 'true', 'stdin', '--config', config, 'linger.ms=7']);
    expect(options.config).toMatchObject({ acks: 'all', 'enable.idempotence': 'true', 'linger.ms': '7', 'bootstrap.servers': 'localhost:9092', 'socket.timeout.ms': '3000' });
  });

  it.each([
    ['bad.properties', 'acks=all\njust words\n', /bad\.properties line 2 is not a key=value setting: 'just words'$/],
    ['off.properties', 'enable.idempotence=false\n', /off\.properties sets enable\.idempotence=false but IDEMPOTENCE is true$/],
  ])('exits 2 with one line naming the file for %s', (name, text, message) => {
    const result = run(PRODUCER_CLI, ['t', 'true', 'stdin', '--config', file(name, text)]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('exits 2 naming a file it cannot read', () => {
    const result = run(PRODUCER_CLI, ['t', 'true', 'stdin', '--config', join(dir, 'missing.properties')]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`producer: cannot read the --config file ${join(dir, 'missing.properties')}: ENOENT\n`);
  });
});

describe('kafkajs-producer CLI', () => {
  it('prints its usage and its KafkaJS options on --help and exits 0', () => {
    const result = run(KAFKAJS_PRODUCER_CLI, ['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^usage: kafkajs-producer TOPIC IDEMPOTENCE MODE/);
    expect(result.stdout).toContain('maxInFlightRequests');
    expect(result.stdout).toContain('null-keys');
  });

  it.each([
    [['t', 'true', 'send', 'linger.ms=5'], "kafkajs-producer: 'linger.ms' is not an option of this program (brokers, requestTimeout, retries, maxInFlightRequests, transactionalId, acks, compression)"],
    [['t', 'true', 'send', 'compression=brotli'], "kafkajs-producer: compression must be one of none, gzip, snappy, lz4, zstd, not 'brotli'"],
    [['t', 'true', 'send', 'acks=2'], "kafkajs-producer: acks must be -1, 0 or 1, not '2'"],
    [['t', 'true', 'send', 'requestTimeout=soon'], "kafkajs-producer: requestTimeout must be an integer, not 'soon'"],
    [['t', 'true', 'send', '--library', 'rdkafka'], "kafkajs-producer: --library must be one of kafkajs, confluent, not 'rdkafka'"],
    [['t', 'false', 'fan-out', 'transactionalId=T'], 'kafkajs-producer: transactionalId needs IDEMPOTENCE true'],
    [['t', 'true', 'stream', '--warm-up'], 'kafkajs-producer: --warm-up is not a flag of mode stream'],
  ])('exits 2 with one line on stderr for %j', (args, message) => {
    const result = run(KAFKAJS_PRODUCER_CLI, args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`${message}\n`);
  });
});
