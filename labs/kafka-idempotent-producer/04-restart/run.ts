import { startLab } from '@kafka-labs/lab-kit';
import { createTopicStep, producerDone, startLabProxy, storedSteps } from '@kafka-labs/kafka-idempotent-producer/experiment';

const DROP_WAIT_MS = 60_000;

await using lab = await startLab(import.meta.url);

const topic = await createTopicStep(lab, 'pay-restart');

lab.step('Start the fault proxy: the response to Produce request 1 (the first E-42) never reaches the producer');
const fault = await startLabProxy(lab, { dropProduce: [1] });

lab.step('Send E-42 with enable.idempotence=true; kill the process (SIGKILL) as soon as its response is dropped');
const dropped = fault.proxy.waitForEvent((e) => e.action === 'response-dropped', DROP_WAIT_MS);
const killed = fault.spawnProducer('producer-killed', [topic, 'true', 'once', 'debug=eos,msg']);
await dropped;
// For the transcript only: the grader takes the killed process's producer id from the proxy's log, not from this one.
await killed.waitForLine(/ PRODUCE .* BaseSeq 0,/, { timeoutMs: DROP_WAIT_MS });
await killed.stop({ signal: 'SIGKILL' });
lab.show('the first process, until it was killed', fault.timeline(killed, ['pid-acquired', 'produce']));
lab.say('   The broker stored E-42, but the process died before any answer: it never learned the outcome.');

lab.step('Restart: a new process sends E-42 again (the proxy now passes everything)');
fault.proxy.setFaults({});
const restarted = fault.spawnProducer('producer-restarted', [topic, 'true', 'once', 'debug=eos,msg']);
await producerDone(restarted);
await fault.proxy.stop();
lab.show('the restarted process', fault.timeline(restarted, ['pid-acquired', 'produce']));
lab.say('   The new process asked the broker for a producer id and got a new one; its sequence starts at 0 again.');

await storedSteps(lab, topic);
lab.say(
  '',
  'E-42 is stored twice, under two producer ids, each with baseSequence 0. The broker deduplicates per producer',
  'id; a restarted process is a new producer, so nothing links its E-42 to the one stored before the crash.',
  'An event that may be re-sent after a restart needs its own id, for consumers to drop the copy.',
);
