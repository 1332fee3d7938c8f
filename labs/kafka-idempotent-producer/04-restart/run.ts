import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { createTopicStep, producerDone, startLabProxy, storedSteps } from '@kafka-labs/kafka-idempotent-producer/experiment';
import { MESSAGES } from './messages.ts';

const DROP_WAIT_MS = 60_000;

await using lab = await startLab(import.meta.url);
const t = textsIn(MESSAGES, lab.lang);

const topic = await createTopicStep(lab, 'pay-restart');

lab.step(t.startProxy());
const fault = await startLabProxy(lab, { dropProduce: [1] });

lab.step(t.send());
const dropped = fault.proxy.waitForEvent((e) => e.action === 'response-dropped', DROP_WAIT_MS);
const killed = fault.spawnProducer('producer-killed', [topic, 'true', 'once', 'debug=eos,msg']);
await dropped;
// For the transcript only: the grader takes the killed process's producer id from the proxy's log, not from this one.
await killed.waitForLine(/ PRODUCE .* BaseSeq 0,/, { timeoutMs: DROP_WAIT_MS });
await killed.stop({ signal: 'SIGKILL' });
lab.show(t.firstProcess(), fault.timeline(killed, ['pid-acquired', 'produce']));
lab.say(t.killed());

lab.step(t.restart());
fault.proxy.setFaults({});
const restarted = fault.spawnProducer('producer-restarted', [topic, 'true', 'once', 'debug=eos,msg']);
await producerDone(lab, restarted);
await fault.proxy.stop();
lab.show(t.restartedProcess(), fault.timeline(restarted, ['pid-acquired', 'produce']));
lab.say(t.newPid());

await storedSteps(lab, topic);
lab.say('', t.closing());
