import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { createTopicStep, producerDone, startLabProxy, storedSteps } from '@kafka-labs/kafka-idempotent-producer/experiment';
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url);
const t = textsIn(MESSAGES, lab.lang);

const topic = await createTopicStep(lab, 'pay-app');

lab.step(t.startProxy());
const fault = await startLabProxy(lab, { dropProduce: [1, 2] });

lab.step(t.send());
const producer = fault.spawnProducer('producer', [topic, 'true', 'app-retry', 'message.timeout.ms=5000', 'debug=msg,eos']);
await producerDone(lab, producer);
await fault.proxy.stop();
lab.show(
  t.timeline(),
  fault.timeline(producer, ['pid-acquired', 'pid-changed', 'produce', 'request-timeout']),
);
lab.say(t.explain());

await storedSteps(lab, topic);
lab.say('', t.closing());
