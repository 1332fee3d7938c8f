import { startLab } from '@kafka-labs/lab-kit';
import { createTopicStep, producerDone, startLabProxy, storedSteps } from '@kafka-labs/kafka-idempotent-producer/experiment';

await using lab = await startLab(import.meta.url);

const topic = await createTopicStep(lab, 'pay-on');

lab.step('Start the fault proxy: the response to Produce request 2 (E-42) never reaches the producer');
lab.say('   InitProducerId, which the idempotent producer sends first, is not a Produce request and is not counted.');
const fault = await startLabProxy(lab, { dropProduce: [2] });

lab.step('Send E-41, E-42, E-43 with enable.idempotence=true and debug=msg,eos, through the proxy');
const producer = fault.spawnProducer('producer', [topic, 'true', 'send', 'debug=msg,eos']);
await producerDone(producer);
await fault.proxy.stop();
lab.show(
  'PID, batches sent and their outcome, proxy drops, in order',
  fault.timeline(producer, ['pid-acquired', 'produce', 'batch-error', 'batch-delivered']),
);
lab.say(
  '   Every batch carries the PID and a sequence number per partition (BaseSeq). The lost response makes the',
  '   client retry the batch of E-42 with the same PID, epoch and BaseSeq; MsgPossiblyPersisted says it knows',
  '   the first send may have been stored.',
);

await storedSteps(lab, topic);
lab.say(
  '',
  'E-42 is stored once, at offset 1. The broker keeps the last five sequence numbers of each producer and',
  'partition; the retry carried one it had already stored, so it did not append it again and answered with the',
  'offset of the first copy: the producer was told offset=1.',
);
