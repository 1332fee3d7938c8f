import { startLab } from '@kafka-labs/lab-kit';
import { createTopicStep, producerDone, startLabProxy, storedSteps } from '@kafka-labs/kafka-idempotent-producer/experiment';

await using lab = await startLab(import.meta.url);

const topic = await createTopicStep(lab, 'pay-off');

lab.step('Start the fault proxy: the response to Produce request 2 (E-42) never reaches the producer');
const fault = await startLabProxy(lab, { dropProduce: [2] });

lab.step('Send E-41, E-42, E-43 with enable.idempotence=false, socket.timeout.ms=3000, through the proxy');
const producer = fault.spawnProducer('producer', [topic, 'false', 'send']);
await producerDone(producer);
await fault.proxy.stop();
lab.show('producer results, client timeouts and proxy drops, in order', fault.timeline(producer, ['request-timeout']));
lab.say(
  '   E-42 reached the broker and was stored; only its response was dropped. After 3 s without an answer',
  '   librdkafka timed the request out (REQTMOUT) and sent the same batch again, which the broker stored anew.',
);

await storedSteps(lab, topic);
lab.say(
  '',
  'E-42 sits at offsets 1 and 2, yet the producer saw one success (offset=2). The two E-42 batches have the same',
  'CreateTime and crc: the client re-sent its batch byte for byte. With producerId -1 and baseSequence -1 the',
  'broker had nothing to tell the retry from a new batch, so it appended it again.',
);
