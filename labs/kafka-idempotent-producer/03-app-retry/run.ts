import { startLab } from '@kafka-labs/lab-kit';
import { createTopicStep, producerDone, startLabProxy, storedSteps } from '@kafka-labs/kafka-idempotent-producer/experiment';

await using lab = await startLab(import.meta.url);

const topic = await createTopicStep(lab, 'pay-app');

lab.step('Start the fault proxy: drop the responses to Produce requests 1 and 2 (E-42 and the client\'s retry of it)');
const fault = await startLabProxy(lab, { dropProduce: [1, 2] });

lab.step('Send E-42 with enable.idempotence=true, message.timeout.ms=5000; on a failed delivery the application sends it again');
const producer = fault.spawnProducer('producer', [topic, 'true', 'app-retry', 'message.timeout.ms=5000', 'debug=msg,eos']);
await producerDone(producer);
await fault.proxy.stop();
lab.show(
  'PID changes, batches sent, client timeouts, results and proxy drops, in order',
  fault.timeline(producer, ['pid-acquired', 'pid-changed', 'produce', 'request-timeout']),
);
lab.say(
  '   The first E-42 was stored at once; the client retried it after 3 s with the same sequence (a duplicate the',
  '   broker did not store again), and that answer was dropped too. At 5 s message.timeout.ms expired: the client',
  '   reported _MSG_TIMED_OUT and bumped its epoch, so that sequence numbers start again at 0. The application then',
  '   produced E-42 again: to the client a new message, with a new epoch and sequence.',
);

await storedSteps(lab, topic);
lab.say(
  '',
  'E-42 is stored twice although idempotence is on: (PID, epoch 0, sequence 0) at offset 0 and (PID, epoch 1,',
  'sequence 0) at offset 1 are different batches to the broker. Idempotence removes the duplicates of the',
  "client's own retries only; a delivery failure can still mean \"stored\", and a re-send by the application is",
  'a new message. Give each event an id and let consumers drop the ones they have seen.',
);
