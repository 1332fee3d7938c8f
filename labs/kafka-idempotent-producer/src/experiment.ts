// What the run scripts of this track share: the fault proxy on a free port, the lab producer as a child
// process, and reading the partition back. The graders read what these write (see evidence.ts for the names).
import { BOOTSTRAP } from '@kafka-labs/broker';
import { compactView, parseConsoleRecords, parseDumpLog } from '@kafka-labs/dumplog';
import type { Child, Lab } from '@kafka-labs/lab-kit';
import { PRODUCER_CLI } from '@kafka-labs/producer';
import { parseClientEvent, parseProducerLine, type ClientEventKind } from '@kafka-labs/kafka-client/producer-log';
import { describeFaults, startProxy, type Faults, type Proxy } from '@kafka-labs/proxy';
import { textsIn } from '@kafka-labs/i18n';
import { FILES, parseEndOffset } from './evidence.ts';
import { MESSAGES } from './messages.ts';

/** Longest a producer run of this track may take: message.timeout.ms of 5 s plus PID acquisition and a retry. */
const PRODUCER_DONE_MS = 60_000;

/** The fault proxy of a lab, with its transcript lines kept in order with the output of the producer it watches. */
export interface LabProxy {
  proxy: Proxy;
  /**
   * Runs the lab producer (`producer TOPIC IDEMPOTENCE MODE key=value...`) as `<name>.log`, bootstrapping through the
   * proxy; proxy lines are placed in its output.
   */
  spawnProducer(name: string, args: string[]): Child;
  /** The producer's delivery results, the client lines of the given kinds and the proxy's lines, in the order they arrived. */
  timeline(child: Child, kinds: ClientEventKind[]): string[];
}

/**
 * Starts the proxy on a free port in front of the broker's FAULT listener with `faults`, logging every event to
 * proxy-events.jsonl. The proxy rewrites the broker's address in the responses, so the producer stays on it; another
 * lab's proxy may run beside it.
 */
export async function startLabProxy(lab: Lab, faults: Faults): Promise<LabProxy> {
  const marks = new Map<Child | null, { at: number; line: string }[]>();
  let watched: Child | null = null;
  const print = (line: string) => {
    const list = marks.get(watched) ?? [];
    list.push({ at: watched?.lines.length ?? 0, line });
    marks.set(watched, list);
  };
  const proxy = await startProxy({ listen: '127.0.0.1:0', faults, eventsFile: lab.file(FILES.proxyEvents), print });
  lab.say(textsIn(MESSAGES, lab.lang).proxy({ addresses: proxy.addresses.join(', '), faults: describeFaults(faults) }));
  return {
    proxy,
    spawnProducer(name, args) {
      watched = lab.spawnTs(name, PRODUCER_CLI, [...args, `bootstrap.servers=${proxy.bootstrap}`]);
      return watched;
    },
    timeline(child, kinds) {
      const wanted = new Set(kinds);
      const shown = child.lines.map((text) => {
        const line = parseProducerLine(text);
        if (line?.kind === 'result') return text.trim();
        if (line?.kind !== 'client') return null;
        const event = parseClientEvent(line);
        return event && wanted.has(event.kind) ? `${line.facility} ${line.text}` : null;
      });
      const out: string[] = [];
      const proxyLines = marks.get(child) ?? [];
      shown.forEach((text, index) => {
        for (const mark of proxyLines) if (mark.at === index) out.push(mark.line);
        if (text !== null) out.push(text);
      });
      for (const mark of proxyLines) if (mark.at >= shown.length) out.push(mark.line);
      return out;
    },
  };
}

/** Waits (bounded) for the producer's `producer: done` line and its exit; throws when it fails. */
export async function producerDone(lab: Lab, child: Child): Promise<void> {
  await child.waitForLine(/^producer: done$/, { timeoutMs: PRODUCER_DONE_MS });
  const code = await child.exited;
  if (code !== 0) throw new Error(textsIn(MESSAGES, lab.lang).producerFailed({ name: child.name, code: code ?? -1 }));
}

/** The first step of every lab of the track: creates `<base>-<run>` with one partition and returns its name. */
export async function createTopicStep(lab: Lab, base: string): Promise<string> {
  const t = textsIn(MESSAGES, lab.lang);
  lab.step(t.createTopic({ base }));
  const topic = await lab.createTopic(base);
  lab.say(t.topic({ topic }));
  return topic;
}

/** The last steps of every lab of the track: what the broker stored, read back and then dumped. */
export async function storedSteps(lab: Lab, topic: string): Promise<void> {
  const t = textsIn(MESSAGES, lab.lang);
  lab.step(t.readBack());
  await readBack(lab, topic);
  lab.step(t.dump());
  await dumpSegment(lab, topic);
}

/** Reads partition 0 back: its end offset with kafka-get-offsets, then every record with kafka-console-consumer. */
async function readBack(lab: Lab, topic: string): Promise<void> {
  const offsets = await lab.kafka({ saveAs: FILES.offsets })`kafka-get-offsets --bootstrap-server ${BOOTSTRAP.tools} --topic ${topic}`;
  const end = parseEndOffset(offsets.stdout);
  const t = textsIn(MESSAGES, lab.lang);
  lab.show(t.offsetsLabel(), [offsets.stdout.trim()]);
  const consumed = await lab.kafka({ saveAs: FILES.consumed })`kafka-console-consumer --bootstrap-server ${BOOTSTRAP.tools} \
    --topic ${topic} --partition 0 --offset earliest --max-messages ${end} --timeout-ms 20000 --formatter-property print.offset=true`;
  lab.show(t.consumerLabel(), parseConsoleRecords(consumed.stdout).map((r) => `Offset:${r.offset}  ${r.value}`));
}

/** Dumps the partition's segment with kafka-dump-log --print-data-log and shows one line per batch. */
async function dumpSegment(lab: Lab, topic: string): Promise<void> {
  const segment = lab.broker.segmentPath(topic, 0);
  const dump = await lab.kafka({ saveAs: FILES.dump })`kafka-dump-log --files ${segment} --print-data-log`;
  lab.show(textsIn(MESSAGES, lab.lang).dumpLabel(), compactView(parseDumpLog(dump.stdout).batches));
}
