// The hidden cases a course platform relies on: realistic learner mistakes, each made by altering a copy of the golden
// work folder the way that mistake would leave it, each failing at its own step with its own hint while the earlier
// steps still pass.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { murmur2Partition } from '@kafka-labs/kafka-producer-guarantees/partitions';
import { labIdOf, testMistakes, type Mistake } from '@kafka-labs/lab-kit/testing';
import { describe } from 'vitest';

const LAB = labIdOf(import.meta.url);
const STEPS = [1, 2, 3, 4, 5];

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const edit = (dir: string, file: string, change: (text: string) => string) => writeFileSync(join(dir, file), change(read(dir, file)));
const lines = (text: string) => text.split('\n');
/** The leader and replicas of partition 0 in a saved describe. */
const partition0 = (text: string) => ({
  leader: /Leader: (\d+)/.exec(text)![1]!,
  replicas: /Replicas: ([\d,]+)/.exec(text)![1]!.split(','),
});
/** Rewrites the Leader: and Isr: of partition 0 in a saved describe. */
const withPartition0 = (text: string, leader: string, isr: string[]) => text.replace(/Leader: \d+/, `Leader: ${leader}`).replace(/Isr: [\d,]+/, `Isr: ${isr.join(',')}`);
/** Rewrites the columns of predictions.txt: `KEY JAVA LIBRDKAFKA`. */
const predictions = (dir: string, change: (java: string, librdkafka: string) => [string, string]) =>
  edit(dir, 'predictions.txt', (text) =>
    lines(text)
      .map((line) => {
        const [key, java, librdkafka] = line.split(' ');
        return key && java && librdkafka ? [key, ...change(java, librdkafka)].join(' ') : line;
      })
      .join('\n'),
  );

const MISTAKES: Mistake[] = [
  {
    name: 'the topic left at min.insync.replicas=1',
    step: 1,
    make: (dir) => edit(dir, 'describe-created.txt', (text) => text.replace('min.insync.replicas=2', 'min.insync.replicas=1')),
    hint: /✘ step-1-min-insync: .*Hint: give the topic --config min\.insync\.replicas=2/,
  },
  {
    name: 'min.insync.replicas=3 on three replicas',
    step: 1,
    make: (dir) => edit(dir, 'describe-created.txt', (text) => text.replace('min.insync.replicas=2', 'min.insync.replicas=3')),
    hint: /✘ step-1-min-insync: .*Hint: min\.insync\.replicas=3 with 3 replicas refuses every write/,
  },
  {
    name: 'the topic created with replication factor 1',
    step: 1,
    make: (dir) =>
      edit(dir, 'describe-created.txt', (text) => {
        const { leader } = partition0(text);
        return withPartition0(text.replace('ReplicationFactor: 3', 'ReplicationFactor: 1').replace(/Replicas: [\d,]+/, `Replicas: ${leader}`), leader, [leader]);
      }),
    hint: /✘ step-1-replication-factor: .*Hint: create the topic with --replication-factor 3/,
  },
  {
    name: 'kafka-topics --list saved instead of --describe',
    step: 1,
    make: (dir) => edit(dir, 'describe-created.txt', (text) => `${/Topic: (\S+)/.exec(text)![1]}\n`),
    hint: /✘ step-1-described: .*Hint: save what kafka-topics --describe --topic orders prints/,
  },
  {
    name: 'acks=1 in the properties file',
    step: 2,
    make: (dir) => {
      edit(dir, 'producer.properties', (text) => text.replace('acks=all', 'acks=1'));
      edit(dir, 'produce-acks.log', (text) => text.replace(' acks=all', ' acks=1'));
    },
    hint: /✘ step-2-properties: .*Hint: acks=all: with acks=1 the leader answers/,
  },
  {
    name: 'idempotence off',
    step: 2,
    make: (dir) => {
      edit(dir, 'producer.properties', (text) => text.replace('enable.idempotence=true', 'enable.idempotence=false'));
      edit(dir, 'produce-acks.log', (text) => text.replace('enable.idempotence=true', 'enable.idempotence=false'));
    },
    hint: /✘ step-2-properties: .*Hint: enable\.idempotence=true: without it/,
  },
  {
    name: 'the file written but not given with --config',
    step: 2,
    make: (dir) => edit(dir, 'produce-acks.log', (text) => text.replace(/ acks=all/, '').replace(/bootstrap\.servers=\S+/, 'bootstrap.servers=localhost:9532')),
    hint: /✘ step-2-settings-used: .*Hint: give the producer your file with --config/,
  },
  {
    name: 'the producer stopped before A-20 had its report',
    step: 2,
    make: (dir) => edit(dir, 'produce-acks.log', (text) => lines(text).filter((l) => !/ A-20 result:|^producer: done/.test(l)).join('\n')),
    hint: /✘ step-2-all-acknowledged: .*not acknowledged: A-20\)/,
  },
  {
    name: 'a follower killed instead of the leader',
    step: 3,
    make: (dir) => {
      const { leader, replicas } = partition0(read(dir, 'describe-before-kill.txt'));
      const kept = replicas.filter((n) => n !== leader).slice(0, 1);
      edit(dir, 'describe-after-kill.txt', (text) => withPartition0(text, leader, [leader, ...kept]));
    },
    hint: /✘ step-3-leader-killed: .*Hint: the node you killed was a follower/,
  },
  {
    name: 'the leader killed after the stream had ended',
    step: 3,
    make: (dir) =>
      edit(dir, 'produce-kill.log', (text) => {
        const all = lines(text).filter((l) => l !== 'producer: done' && l !== '');
        const failures = all.filter((l) => / FAIL |^rdkafka error/.test(l));
        return [...all.filter((l) => !failures.includes(l)), ...failures, 'producer: done', ''].join('\n');
      }),
    hint: /✘ step-3-mid-stream: .*Hint: start the stream first/,
  },
  {
    name: 'the topic read while the stream was still running',
    step: 3,
    make: (dir) => edit(dir, 'orders-read.txt', (text) => lines(text).slice(0, 60).join('\n') + '\n'),
    hint: /✘ step-3-each-once: .*Hint: once the stream has ended, read the topic from the beginning/,
  },
  {
    name: 'a retried batch written twice (what idempotence off can leave)',
    step: 3,
    make: (dir) =>
      edit(dir, 'orders-read.txt', (text) => {
        const records = lines(text).filter(Boolean);
        const last = Number(/Offset:(\d+)/.exec(records.at(-1)!)![1]);
        const again = records.filter((l) => /\tB-(4[0-4])$/.test(l)).map((l, i) => l.replace(/Offset:\d+/, `Offset:${last + 1 + i}`));
        return [...records, ...again, ''].join('\n');
      }),
    hint: /✘ step-3-each-once: .*twice: B-40 .*Hint: a record twice in the log is a retried batch/,
  },
  {
    name: 'the topic read without the offsets',
    step: 3,
    make: (dir) => edit(dir, 'orders-read.txt', (text) => text.replace(/^Offset:\d+\t/gm, '')),
    hint: /✘ step-3-each-once: .*has no records with an Offset: field.*Hint: once the stream has ended/,
  },
  {
    name: 'the node killed in step 3 stopped again: one broker down only, C-2 acknowledged',
    step: 4,
    make: (dir) =>
      edit(dir, 'produce-two-down.log', (text) =>
        lines(text)
          .filter((l) => !/Not enough in-sync replicas/.test(l))
          .map((l) => l.replace(/ C-2 result: .*$/, ' C-2 result: offset=121'))
          .join('\n'),
      ),
    hint: /✘ step-4-two-down-refused: .*C-2 offset=121.*Hint: two brokers must be down/,
  },
  {
    name: 'the refused produce run without debug=msg',
    step: 4,
    make: (dir) => edit(dir, 'produce-two-down.log', (text) => lines(text).filter((l) => !l.startsWith('rdkafka %7')).join('\n').replace(' debug=msg', '')),
    hint: /✘ step-4-two-down-refused: .*0 NOT_ENOUGH_REPLICAS refusal\(s\).*Hint: add debug=msg/,
  },
  {
    name: 'C-1 sent after the second broker was stopped',
    step: 4,
    make: (dir) => edit(dir, 'produce-two-down.log', (text) => text.replace(/ C-1 result: offset=\d+/, ' C-1 result: error -192 _MSG_TIMED_OUT')),
    hint: /✘ step-4-one-down-acknowledged: .*Hint: send C-1 while only the node you killed in step 3 is down/,
  },
  {
    name: 'the nodes not restarted before the last describe',
    step: 4,
    make: (dir) => edit(dir, 'describe-recovered.txt', (text) => text.replace(/Isr: (\d+),(\d+),\d+/, 'Isr: $1,$2')),
    hint: /✘ step-4-recovered: .*Hint: restart both nodes/,
  },
  {
    name: "librdkafka's partitions predicted with murmur2",
    step: 5,
    make: (dir) => predictions(dir, (java) => [java, java]),
    hint: /✘ step-5-librdkafka-predicted: .*Hint: librdkafka's default partitioner is consistent_random, which hashes the key with CRC32/,
  },
  {
    name: "the Java client's partitions predicted with CRC32",
    step: 5,
    make: (dir) => predictions(dir, (_, librdkafka) => [librdkafka, librdkafka]),
    hint: /✘ step-5-java-predicted: .*Hint: Kafka's Java client hashes the key's bytes with murmur2/,
  },
  {
    name: 'the predictions skipped',
    step: 5,
    make: (dir) => rmSync(join(dir, 'predictions.txt')),
    hint: /✘ step-5-predictions: .*Hint: write \$WORK\/predictions\.txt before producing/,
  },
  {
    name: 'librdkafka produced with partitioner=murmur2_random',
    step: 5,
    make: (dir) =>
      edit(dir, 'keyed-read.txt', (text) =>
        text.replace(/^Partition:\d+\t(\S+)\tlibrdkafka$/gm, (_, key: string) => `Partition:${murmur2Partition(key, 6)}\t${key}\tlibrdkafka`),
      ),
    hint: /✘ step-5-landed: .*Hint: produce with each client's default partitioner/,
  },
];

describe(`${LAB}: hidden learner mistakes`, () => testMistakes(LAB, STEPS, MISTAKES));
