import ck from '@confluentinc/kafka-javascript';
import { compactView, parseDumpLog } from '@kafka-labs/dumplog';
import { startLab } from '@kafka-labs/lab-kit';
import { BOOTSTRAP } from '@kafka-labs/broker';
import { textsIn } from '@kafka-labs/i18n';
import { Kafka, logLevel } from 'kafkajs';
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url);
const t = textsIn(MESSAGES, lab.lang);
const READ_MS = 30_000;

lab.step(t.createTopic());
const topic = await lab.createTopic('hello');
lab.say(t.topic({ topic }));

lab.step(t.produceIdempotent({ payload: 'hello-librdkafka' }));
const rdkafka = new ck.KafkaJS.Kafka({ kafkaJS: { brokers: [BOOTSTRAP.host], logLevel: ck.KafkaJS.logLevel.NOTHING } });
const idempotent = rdkafka.producer({ 'enable.idempotence': true });
await idempotent.connect();
const [sentIdempotent] = await idempotent.send({ topic, messages: [{ value: 'hello-librdkafka' }] });
await idempotent.disconnect();
lab.say(t.storedAt({ offset: String(sentIdempotent?.baseOffset) }));

lab.step(t.producePlain({ payload: 'hello-kafkajs' }));
const kafkajs = new Kafka({ clientId: 'hello', brokers: [BOOTSTRAP.host], logLevel: logLevel.NOTHING });
const plain = kafkajs.producer();
await plain.connect();
const [sentPlain] = await plain.send({ topic, messages: [{ value: 'hello-kafkajs' }] });
await plain.disconnect();
lab.say(t.storedAt({ offset: String(sentPlain?.baseOffset) }));

lab.step(t.consume());
const consumer = kafkajs.consumer({ groupId: lab.group('hello-reader') });
await consumer.connect();
await consumer.subscribe({ topic, fromBeginning: true });
const consumed: { offset: string; value: string }[] = [];
await new Promise<void>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(t.notRead({ n: 2, seconds: READ_MS / 1000 }))), READ_MS);
  void consumer.run({
    eachMessage: async ({ message }) => {
      consumed.push({ offset: message.offset, value: message.value?.toString() ?? '' });
      if (consumed.length === 2) (clearTimeout(timer), resolve());
    },
  });
});
await consumer.disconnect();
lab.writeFile('consumed.json', `${JSON.stringify(consumed, null, 2)}\n`);
lab.show(t.readBack(), consumed.map((m) => `offset ${m.offset}: ${m.value}`));

lab.step(t.dump());
const segment = lab.broker.segmentPath(topic, 0);
const dump = await lab.kafka({ saveAs: 'dump.txt' })`kafka-dump-log --files ${segment} --print-data-log`;
lab.show(t.batches(), compactView(parseDumpLog(dump.stdout).batches));
lab.say('', t.closing());
