import ck from '@confluentinc/kafka-javascript';
import { compactView, parseDumpLog } from '@kafka-labs/dumplog';
import { startLab } from '@kafka-labs/lab-kit';
import { BOOTSTRAP } from '@kafka-labs/broker';
import { Kafka, logLevel } from 'kafkajs';

await using lab = await startLab(import.meta.url);

lab.step('Create a topic with one partition');
const topic = await lab.createTopic('hello');
lab.say(`   topic: ${topic}`);

lab.step('Produce "hello-librdkafka" with @confluentinc/kafka-javascript, enable.idempotence=true');
const rdkafka = new ck.KafkaJS.Kafka({ kafkaJS: { brokers: [BOOTSTRAP.host], logLevel: ck.KafkaJS.logLevel.NOTHING } });
const idempotent = rdkafka.producer({ 'enable.idempotence': true });
await idempotent.connect();
const [sentIdempotent] = await idempotent.send({ topic, messages: [{ value: 'hello-librdkafka' }] });
await idempotent.disconnect();
lab.say(`   stored at offset ${sentIdempotent?.baseOffset}`);

lab.step('Produce "hello-kafkajs" with kafkajs, idempotence off (its default)');
const kafkajs = new Kafka({ clientId: 'hello', brokers: [BOOTSTRAP.host], logLevel: logLevel.NOTHING });
const plain = kafkajs.producer();
await plain.connect();
const [sentPlain] = await plain.send({ topic, messages: [{ value: 'hello-kafkajs' }] });
await plain.disconnect();
lab.say(`   stored at offset ${sentPlain?.baseOffset}`);

lab.step('Consume both back with kafkajs');
const consumer = kafkajs.consumer({ groupId: lab.group('hello-reader') });
await consumer.connect();
await consumer.subscribe({ topic, fromBeginning: true });
const consumed: { offset: string; value: string }[] = [];
await new Promise<void>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('did not read 2 messages within 30 s')), 30_000);
  void consumer.run({
    eachMessage: async ({ message }) => {
      consumed.push({ offset: message.offset, value: message.value?.toString() ?? '' });
      if (consumed.length === 2) (clearTimeout(timer), resolve());
    },
  });
});
await consumer.disconnect();
lab.writeFile('consumed.json', `${JSON.stringify(consumed, null, 2)}\n`);
lab.show('read back', consumed.map((m) => `offset ${m.offset}: ${m.value}`));

lab.step('Dump the segment with kafka-dump-log');
const segment = lab.broker.segmentPath(topic, 0);
const dump = await lab.kafka({ saveAs: 'dump.txt' })`kafka-dump-log --files ${segment} --print-data-log`;
lab.show('batches (compact)', compactView(parseDumpLog(dump.stdout).batches));
lab.say('', 'The librdkafka batch carries a producerId and baseSequence 0; the kafkajs batch has producerId -1:', 'without idempotence the broker has no producer to deduplicate for.');
