// Drives the three clients through a capture relay on 9532 (FAULT listener behind it), for capture-frames.ts.
import { Kafka as KafkaJs, logLevel } from 'kafkajs';
import RdKafka from '@confluentinc/kafka-javascript';
import { runTool } from '@kafka-labs/broker';

const BOOT = 'localhost:9532';
const topic = `capture-route-${Date.now()}`;
const admin = new KafkaJs({ brokers: ['localhost:9092'], clientId: 'capture-admin', logLevel: logLevel.NOTHING }).admin();
await admin.connect();
await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
await admin.disconnect();

// kafkajs: produce, consume in a group
const kjs = new KafkaJs({ brokers: [BOOT], clientId: 'kafkajs', logLevel: logLevel.NOTHING });
const kp = kjs.producer();
await kp.connect();
await kp.send({ topic, messages: [{ value: 'a' }] });
await kp.disconnect();
const kc = kjs.consumer({ groupId: `${topic}-kjs` });
await kc.connect();
await kc.subscribe({ topic, fromBeginning: true });
await new Promise<void>((resolve) => void kc.run({ eachMessage: async () => resolve() }));
await kc.disconnect();
const ka = kjs.admin();
await ka.connect();
await ka.describeCluster();
await ka.disconnect();

// librdkafka (KafkaJS-compatible API of confluent-kafka-javascript): produce, consume in a group
const { KafkaJS } = RdKafka;
const rk = new KafkaJS.Kafka({ kafkaJS: { brokers: [BOOT], clientId: 'rdkafka', logLevel: KafkaJS.logLevel.NOTHING } });
const rp = rk.producer();
await rp.connect();
await rp.send({ topic, messages: [{ value: 'b' }] });
await rp.disconnect();
const rc = rk.consumer({ kafkaJS: { groupId: `${topic}-rd`, fromBeginning: true } });
await rc.connect();
await rc.subscribe({ topic });
await new Promise<void>((resolve) => void rc.run({ eachMessage: async () => resolve() }));
await rc.disconnect();

// Java: console producer, console consumer in a group, describeCluster through kafka-configs
console.log((await runTool('kafka-console-producer', ['--bootstrap-server', BOOT, '--topic', topic, '--command-property', 'client.id=java'], { input: 'c\n' })).exitCode);
console.log((await runTool('kafka-console-consumer', ['--bootstrap-server', BOOT, '--topic', topic, '--group', `${topic}-java`, '--from-beginning', '--max-messages', '3', '--command-property', 'client.id=java', '--timeout-ms', '20000'])).exitCode);
const r = await runTool('kafka-configs', ['--bootstrap-server', BOOT, '--describe', '--entity-type', 'brokers', '--command-config', '/dev/null']);
console.log(r.exitCode, r.stderr.slice(0, 300));
process.exit(0);
