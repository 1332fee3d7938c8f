import { defineMessages } from '@kafka-labs/i18n';

/** What 06-db-sink's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  stepPlain: {
    en: () =>
      'plain: each order is INSERTed into order_events and counted in order_projection (applied = applied + 1, not idempotent), one DB transaction per event',
    ko: () => 'plain: 주문마다 order_events 에 INSERT 하고 order_projection 에서 센다(applied = applied + 1, 멱등 아님), 이벤트마다 DB 트랜잭션 하나',
  },
  stepInbox: {
    en: () => 'inbox: the same, but the event_id goes into the inbox first, in the same DB transaction; a known event_id applies nothing',
    ko: () => 'inbox: 같은 일을 하되 같은 DB 트랜잭션에서 event_id 를 먼저 inbox 에 넣는다. 이미 있는 event_id 는 아무것도 반영하지 않는다',
  },
  ordersIn: {
    en: (p: { n: number; topic: string; batch: number }) =>
      `   ${p.n} orders in ${p.topic}; the worker commits its offsets (commitSync) after every ${p.batch} orders`,
    ko: (p) => `   ${p.topic} 에 주문 ${p.n}개가 있어요. 워커는 주문 ${p.batch}개마다 offset 을 commit(commitSync)해요`,
  },
  killed: {
    en: (p: { sink: string; n: number; rows: number; committed: string }) =>
      `   kill -9 ${p.sink}-1 after ${p.n} orders: the database holds ${p.rows} committed event rows, the group's offset is ${p.committed}`,
    ko: (p) => `   주문 ${p.n}개 뒤에 ${p.sink}-1 을 kill -9: DB 에는 commit 된 이벤트 행이 ${p.rows}개 있고, 그룹의 offset 은 ${p.committed} 예요`,
  },
  gap: {
    en: (p: { batch: number; from: number; to: number }) =>
      `   (the database commits per event, Kafka per ${p.batch}: orders ${p.from}-${p.to} are in the database but not committed in Kafka)`,
    ko: (p) => `   (DB 는 이벤트마다, Kafka 는 ${p.batch}개마다 commit 해요. 주문 ${p.from}-${p.to} 는 DB 에는 있지만 Kafka 에는 commit 되지 않았어요)`,
  },
  restarted: {
    en: (p: { sink: string; start: number; redelivered: string }) => `   ${p.sink}-2 started at offset ${p.start}: redelivered ${p.redelivered}`,
    ko: (p) => `   ${p.sink}-2 는 offset ${p.start} 에서 시작했어요. 다시 전달된 것: ${p.redelivered}`,
  },
  restartedSkipped: {
    en: (p: { sink: string; start: number; redelivered: string; skipped: string }) =>
      `   ${p.sink}-2 started at offset ${p.start}: redelivered ${p.redelivered}; skipped ${p.skipped} (the inbox had them)`,
    ko: (p) => `   ${p.sink}-2 는 offset ${p.start} 에서 시작했어요. 다시 전달된 것: ${p.redelivered}. inbox 에 있어서 건너뛴 것: ${p.skipped}`,
  },
  database: {
    en: (p: { sink: string; file: string }) => `${p.sink}: the database after the restart (${p.file})`,
    ko: (p) => `${p.sink}: 재시작 뒤의 DB (${p.file})`,
  },
  rows: {
    en: (p: { rows: number; events: number; excess: number }) => `order_events rows:     ${p.rows} for ${p.events} distinct events (excess ${p.excess})`,
    ko: (p) => `order_events 행:     서로 다른 이벤트 ${p.events}개에 ${p.rows}행 (초과 ${p.excess})`,
  },
  appliedTimes: {
    en: (p: { id: string; n: number; seqs: string }) => `  ${p.id} applied ${p.n} times (order_events seq ${p.seqs})`,
    ko: (p) => `  ${p.id} 를 ${p.n}번 반영 (order_events seq ${p.seqs})`,
  },
  inboxRows: { en: (p: { n: number }) => `inbox rows:            ${p.n}`, ko: (p) => `inbox 행:            ${p.n}` },
  projection: {
    en: (p: { orders: number; total: number }) => `order_projection:      ${p.orders} orders, applied counters summing to ${p.total}`,
    ko: (p) => `order_projection:      주문 ${p.orders}개, applied 카운터 합계 ${p.total}`,
  },
  closing: {
    en: (p: { rows: number; committed: number; first: string; last: string; excess: number }) =>
      [
        `Both workers were killed at the same point: ${p.rows} events committed in the database, offset ${p.committed} in Kafka.`,
        `The restart read from offset ${p.committed} and delivered ${p.first}..${p.last} again. The plain sink cannot tell a redelivery`,
        `from a new event and applied them again: ${p.excess} excess rows, one per redelivered event, and its counter counted them twice`,
        '(an ON CONFLICT DO UPDATE that adds is no idempotent upsert). The inbox sink found their event_id already recorded',
        'and applied nothing in that transaction: at-least-once delivery, each event applied once. The protection is the',
        'inbox row, written in the same DB transaction as the change it guards.',
      ].join('\n'),
    ko: (p) =>
      [
        `두 워커는 같은 지점에서 죽었어요: DB 에는 이벤트 ${p.rows}개가 commit 됐고, Kafka 의 offset 은 ${p.committed} 였어요.`,
        `재시작은 offset ${p.committed} 부터 읽어서 ${p.first}..${p.last} 를 다시 전달했어요. plain 싱크는 다시 온 것과 새 이벤트를 구별하지`,
        `못해서 한 번 더 반영했어요: 다시 전달된 이벤트마다 한 행씩 초과 ${p.excess}행이 생기고, 카운터도 두 번 셌어요(더하는`,
        'ON CONFLICT DO UPDATE 는 멱등한 upsert 가 아니에요). inbox 싱크는 그 event_id 가 이미 기록된 걸 보고 그 트랜잭션에서',
        '아무것도 반영하지 않았어요. 전달은 at-least-once 이고, 반영은 이벤트마다 한 번이에요. 지켜 주는 건 바꾸는 내용과 같은',
        'DB 트랜잭션에서 쓰는 inbox 행이에요.',
      ].join('\n'),
  },

  none: { en: () => 'none', ko: () => '없음' },
  killedExpected: {
    en: (p: { v: string; n: number }) =>
      `${p.v}-1 was killed after ${p.n} events committed in the database (the dump at the kill has them) and before Kafka had their offsets`,
    ko: (p) => `${p.v}-1 은 DB 에 이벤트 ${p.n}개가 commit 된 뒤(죽일 때의 덤프에 있음), Kafka 가 그 offset 을 갖기 전에 죽었음`,
  },
  killedFound: {
    en: (p: { applied: number; rows: number; committed: string; last: string }) =>
      `applied ${p.applied}, rows at the kill ${p.rows}, group offset ${p.committed}, last line ${p.last}`,
    ko: (p) => `반영 ${p.applied}, 죽일 때 행 ${p.rows}, 그룹 offset ${p.committed}, 마지막 줄 ${p.last}`,
  },
  restartExpected: { en: (p: { v: string }) => `${p.v}-2 started at the group's committed offset`, ko: (p) => `${p.v}-2 는 그룹의 commit offset 에서 시작함` },
  restartFound: {
    en: (p: { committed: string; start: number }) => `committed ${p.committed}, started at ${p.start}`,
    ko: (p) => `commit offset ${p.committed}, 시작 ${p.start}`,
  },
  redeliveredExpected: {
    en: (p: { v: string }) => `${p.v}-2 received again the events ${p.v}-1 had applied past the committed offset`,
    ko: (p) => `${p.v}-2 가 ${p.v}-1 이 commit offset 너머로 반영했던 이벤트를 다시 받음`,
  },
  redeliveredFound: { en: (p: { ids: string }) => `redelivered: ${p.ids}`, ko: (p) => `다시 전달된 것: ${p.ids}` },
  everyEventExpected: {
    en: (p: { n: number }) => `the database holds all ${p.n} events and orders after the restart`,
    ko: (p) => `재시작 뒤 DB 에 이벤트와 주문 ${p.n}개가 모두 있음`,
  },
  everyEventFound: {
    en: (p: { events: number; orders: number }) => `${p.events} distinct events, ${p.orders} orders`,
    ko: (p) => `서로 다른 이벤트 ${p.events}개, 주문 ${p.orders}개`,
  },
  duplicateExpected: {
    en: () => 'the plain sink applied each redelivered event a second time: one excess row per redelivery, no other',
    ko: () => 'plain 싱크는 다시 전달된 이벤트를 한 번 더 반영했음: 다시 전달될 때마다 초과 행 하나, 다른 초과는 없음',
  },
  duplicateFound: {
    en: (p: { rows: number; events: number; excess: number; twice: string }) => `${p.rows} rows for ${p.events} events, excess ${p.excess}; twice: ${p.twice}`,
    ko: (p) => `이벤트 ${p.events}개에 ${p.rows}행, 초과 ${p.excess}; 두 번: ${p.twice}`,
  },
  countsTwiceExpected: {
    en: () => "order_projection's applied counter counted every application (not idempotent): the counters sum to the rows of order_events",
    ko: () => 'order_projection 의 applied 카운터는 반영할 때마다 셌음(멱등 아님): 카운터 합계가 order_events 행 수와 같음',
  },
  countsTwiceFound: {
    en: (p: { total: number; rows: number }) => `applied total ${p.total}, rows ${p.rows}`,
    ko: (p) => `applied 합계 ${p.total}, 행 ${p.rows}`,
  },
  appliedOnceExpected: {
    en: (p: { n: number }) => `with the inbox every event was applied once: ${p.n} rows, ${p.n} inbox rows, applied counters summing to ${p.n}`,
    ko: (p) => `inbox 가 있으면 이벤트마다 한 번 반영됨: ${p.n}행, inbox ${p.n}행, applied 카운터 합계 ${p.n}`,
  },
  appliedOnceFound: {
    en: (p: { rows: number; excess: number; inbox: number; total: number }) => `${p.rows} rows, excess ${p.excess}, inbox ${p.inbox}, applied total ${p.total}`,
    ko: (p) => `${p.rows}행, 초과 ${p.excess}, inbox ${p.inbox}, applied 합계 ${p.total}`,
  },
  skippedExpected: {
    en: () => 'inbox-2 skipped exactly the redelivered events (their event_id was in the inbox)',
    ko: () => 'inbox-2 는 다시 전달된 이벤트만 정확히 건너뜀(그 event_id 가 inbox 에 있었음)',
  },
  skippedFound: {
    en: (p: { skipped: string; redelivered: string }) => `skipped: ${p.skipped}; redelivered: ${p.redelivered}`,
    ko: (p) => `건너뜀: ${p.skipped}; 다시 전달됨: ${p.redelivered}`,
  },
  crashPoint: {
    en: (p: { v: string; rows: number; committed: string }) => `${p.v}: ${p.rows} rows, offset ${p.committed}`,
    ko: (p) => `${p.v}: ${p.rows}행, offset ${p.committed}`,
  },
  sameCrashExpected: {
    en: () => 'both variants crashed at the same point, so their figures compare',
    ko: () => '두 변형이 같은 지점에서 죽었음: 그래서 수치를 비교할 수 있어요',
  },
});
