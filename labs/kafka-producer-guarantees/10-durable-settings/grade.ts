import { Checks, is, nameOf, readRunFile, readRunInfo } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { parseClientEvent } from '@kafka-labs/kafka-client/producer-log';
import type { ClusterView } from '@kafka-labs/report/views';
import { HW_TWO_DOWN_FILE, ONE_DOWN_EVENT, refusals, STREAM, STREAM_EVENT, TWO_DOWN_EVENT } from '@kafka-labs/kafka-producer-guarantees/durable-settings';
import {
  CLUSTER_FILE,
  dumpFile,
  NODES,
  parseOffsets,
  readMoments,
  readProducer,
  readReplicas,
  resultOf,
  statesOf,
  told,
  type Protocol,
} from '@kafka-labs/kafka-producer-guarantees/replicas';
import { CLUSTER_MESSAGES } from '@kafka-labs/kafka-producer-guarantees/cluster-messages';
import { MESSAGES } from './messages.ts';

/** What this grader reads of the parameters the run recorded: the leader L, the node restarted, the followers stopped in turn. */
const RECORDED = is.object({ leader: is.integer, restarted: is.integer, stopped: is.array(is.integer) });

/** The moments the stream ran through, each with two or three replicas in the ISR, and the one with a follower down. */
const TWO_OR_MORE = ['created', 'leader-killed', 'rejoined', 'restarting', 'restarted', 'one-down'];

/**
 * Replication factor 3, min.insync.replicas=2, acks=all and the idempotent producer: through L killed, its restart and a
 * rolling restart of another broker, every record of the stream is acknowledged and none refused; with one follower
 * down Q is acknowledged; with both down the leader refuses R (NOT_ENOUGH_REPLICAS, nothing appended) and librdkafka's
 * retry delivers it once a follower is back; every acknowledged record is on every replica at its offset, and none twice.
 */
export default async function grade(runDir: string, { lang = 'en' }: { lang?: Lang } = {}) {
  const t = textsIn(MESSAGES, lang);
  const c = textsIn(CLUSTER_MESSAGES, lang);
  const checks = new Checks(lang);
  const { parameters, names } = await readRunInfo(runDir, RECORDED);
  const { leader, restarted, stopped } = parameters;
  const [first = 0, second = 0] = stopped;
  const topic = nameOf(names, STREAM);
  const moments = (await readMoments(runDir)).filter((m) => m.topic === topic);
  const at = (moment: string) => moments.find((m) => m.moment === moment);
  const state = (moment: string) => {
    const m = at(moment);
    return m ? t.moment({ moment, leader: m.leader, isr: m.isr.join(',') }) : c.noMoment({ moment });
  };
  const log = await readProducer(runDir, STREAM);
  const replicas = await readReplicas(runDir, STREAM);
  const hw = parseOffsets(await readRunFile(runDir, HW_TWO_DOWN_FILE))[topic];
  const hwText = hw === undefined ? c.notListed() : String(hw);

  const followers: number[] = NODES.filter((n) => n !== leader);
  const killed = at('leader-killed');
  checks.law({
    id: 'failover-to-follower',
    ok: killed !== undefined && followers.includes(killed.leader) && [...killed.isr].sort().join() === followers.join(),
    expected: t.failoverExpected({ leader }),
    found: state('leader-killed'),
  });

  const stream = log.results.filter((r) => STREAM_EVENT.test(r.event));
  const inOrder = stream.every((r, i) => r.event === `E-${i + 1}`);
  const failed = stream.filter((r) => r.error !== null || r.offset < 0);
  checks.law({
    id: 'stream-acknowledged',
    ok: stream.length > 0 && inOrder && failed.length === 0,
    expected: t.streamExpected(),
    found: t.streamFound({
      n: stream.length,
      acknowledged: stream.length - failed.length,
      failures: failed.length ? `; ${failed.slice(0, 3).map((r) => told(log, r.event)).join(', ')}` : inOrder ? '' : '; E-1, E-2, ... out of order',
    }),
    hint: t.streamHint(),
  });

  // Every line index refers to log.lines: the order the producer wrote its lines in.
  const lineOf = (event: string) => log.lines.findIndex((l) => l.kind === 'result' && l.event === event);
  const [qAt, rAt] = [lineOf(ONE_DOWN_EVENT), lineOf(TWO_DOWN_EVENT)];
  const refused = refusals(log.lines);
  const early = refused.filter((r) => qAt < 0 || r.at < qAt);
  const ofR = refused.filter((r) => qAt >= 0 && r.at > qAt && (rAt < 0 || r.at < rAt));
  const q = resultOf(log, ONE_DOWN_EVENT);
  const qOk = q?.error === null && q.offset >= 0;
  const sizes = TWO_OR_MORE.map((m) => at(m)?.isr.length);
  checks.law({
    id: 'never-refused-with-two-in-sync',
    ok: sizes.every((n) => n !== undefined && n >= 2) && early.length === 0 && qOk,
    expected: t.notRefusedExpected(),
    found: t.notRefusedFound({ isr: TWO_OR_MORE.map((m, i) => `${m} ${sizes[i] ?? '-'}`).join(', '), refusals: early.length, q: told(log, ONE_DOWN_EVENT) }),
    evidence: early.slice(0, 3).map((r) => r.text),
  });

  const twoDown = at('two-down');
  const afterQ = qOk ? q.offset + 1 : undefined;
  checks.law({
    id: 'refused-with-leader-alone',
    ok:
      twoDown !== undefined && twoDown.isr.length === 1 && twoDown.isr[0] === twoDown.leader &&
      ofR.length > 0 && ofR.every((r) => r.actions.includes('MsgNotPersisted')) && hw !== undefined && hw === afterQ,
    expected: t.refusedExpected(),
    found: t.refusedFound({
      state: state('two-down'),
      refusals: ofR.length,
      persisted: ofR.filter((r) => !r.actions.includes('MsgNotPersisted')).length,
      hw: hwText,
      q: told(log, ONE_DOWN_EVENT),
    }),
    hint: t.refusedHint(),
  });

  const r = resultOf(log, TWO_DOWN_EVENT);
  checks.law({
    id: 'librdkafka-retried-until-accepted',
    ok: r?.error === null && hw !== undefined && r.offset === hw && ofR.length > 0,
    expected: t.retriedExpected(),
    found: t.retriedFound({ r: told(log, TWO_DOWN_EVENT), hw: hwText }),
  });

  const acknowledged = log.results.filter((x) => x.error === null && x.offset >= 0);
  const missing = NODES.flatMap((node, i) => {
    const held = new Set(replicas[i]);
    return acknowledged.filter((x) => !held.has(`${x.offset}:${x.event}`)).map((x) => `node ${node} ${x.event}@${x.offset}`);
  });
  checks.law({
    id: 'no-acknowledged-record-lost',
    ok: acknowledged.length > 0 && missing.length === 0,
    expected: t.keptExpected(),
    found: t.keptFound({ n: acknowledged.length, missing: missing.slice(0, 5).join(', ') || t.none() }),
    evidence: missing,
  });

  const twice = NODES.flatMap((node, i) => {
    const payloads = replicas[i]!.map((record) => record.slice(record.indexOf(':') + 1));
    return [...new Set(payloads.filter((p, j) => payloads.indexOf(p) !== j))].map((p) => `node ${node} ${p}`);
  });
  const attempts = new Map<number, number>();
  for (const line of log.client) {
    const e = parseClientEvent(line);
    if (e?.kind === 'produce') attempts.set(e.msgId, (attempts.get(e.msgId) ?? 0) + 1);
  }
  const retried = [...attempts.values()].filter((n) => n > 1).length;
  checks.law({
    id: 'nothing-duplicated',
    ok: twice.length === 0,
    expected: t.onceExpected(),
    found: t.onceFound({ twice: twice.slice(0, 5).join(', ') || t.none(), retried }),
    evidence: twice,
  });

  const gaps = stream.slice(1).map((x, i) => ({ event: x.event, sec: x.sec - stream[i]!.sec }));
  const longest = gaps.reduce<{ event: string; sec: number } | undefined>((a, b) => (a && a.sec >= b.sec ? a : b), undefined);
  checks.figure('leader', leader);
  checks.figure('acknowledged', acknowledged.length);
  checks.figure('streamRecords', stream.length);
  checks.figure('longestGapSec', longest ? Number(longest.sec.toFixed(1)) : 0);
  checks.figure('refusalsOfR', ofR.length);
  checks.figure('batchesSentAgain', retried);

  // What the run script did to the nodes before each moment it recorded.
  const protocol: Protocol = [
    { name: 'created', events: [] },
    { name: 'leader-killed', events: [{ node: leader, action: 'kill' }] },
    { name: 'rejoined', events: [{ node: leader, action: 'restart' }] },
    { name: 'restarting', events: [{ node: restarted, action: 'stop' }] },
    { name: 'restarted', events: [{ node: restarted, action: 'restart' }] },
    { name: 'one-down', events: [{ node: first, action: 'stop' }] },
    { name: 'two-down', events: [{ node: second, action: 'stop' }] },
    { name: 'one-back', events: [{ node: second, action: 'restart' }] },
    { name: 'recovered', events: [{ node: first, action: 'restart' }] },
  ];
  const notes: Record<string, string> = {
    restarted: t.noteStream({ n: stream.length - failed.length }),
    'one-down': told(log, ONE_DOWN_EVENT),
    'two-down': t.noteRefused({ event: TWO_DOWN_EVENT, n: ofR.length }),
    'one-back': told(log, TWO_DOWN_EVENT),
  };
  const all = [...stream.map((x) => x.event), ONE_DOWN_EVENT, TWO_DOWN_EVENT];
  const view: ClusterView = {
    kind: 'cluster',
    files: [CLUSTER_FILE, `${STREAM}.log`, HW_TWO_DOWN_FILE, ...NODES.map((n) => dumpFile(STREAM, n))],
    nodes: [...NODES],
    moments: protocol,
    variants: [
      {
        title: `${topic}: replication factor 3, min.insync.replicas=2, acks=all, enable.idempotence=true`,
        states: statesOf(protocol, moments, topic),
        notes: protocol.map(({ name }) => notes[name] ?? ''),
        record: {
          event: `E-1..${TWO_DOWN_EVENT}`,
          told: t.recordTold({ acknowledged: acknowledged.length, n: all.length }),
          acknowledged: acknowledged.length > 0,
          keptOn: NODES.filter((node) => !missing.some((m) => m.startsWith(`node ${node} `))),
          truncatedOn: [],
        },
      },
    ],
  };
  checks.view(view satisfies ClusterView);
  return checks.grade();
}
