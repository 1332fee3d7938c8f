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
});
