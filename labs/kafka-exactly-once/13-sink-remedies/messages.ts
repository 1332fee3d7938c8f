import { defineMessages } from '@kafka-labs/i18n';

/** What 13-sink-remedies' transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  stepUnique: {
    en: () =>
      'unique-index: order_events has a unique index on event_id; the event is INSERTed and the projection updated in one DB transaction, and the worker catches unique_violation (23505) as done',
    ko: () =>
      'unique-index: order_events 의 event_id 에 유니크 인덱스가 있어요. DB 트랜잭션 하나에서 이벤트를 INSERT 하고 projection 을 갱신하고, 워커는 unique_violation(23505)을 잡아 처리된 것으로 봐요',
  },
  stepOnConflict: {
    en: () =>
      'on-conflict: every delivery runs INSERT ... ON CONFLICT (event_id) DO NOTHING and sets the projection (ON CONFLICT (order_id) DO UPDATE SET status = excluded.status): a second run leaves the same rows',
    ko: () =>
      'on-conflict: 전달될 때마다 INSERT ... ON CONFLICT (event_id) DO NOTHING 을 하고 projection 을 설정해요(ON CONFLICT (order_id) DO UPDATE SET status = excluded.status). 두 번 돌아도 같은 행이 남아요',
  },
  stepInbox: {
    en: () => 'inbox: the event_id goes into the inbox first, in the same DB transaction as the change; a known event_id applies nothing',
    ko: () => 'inbox: 바꾸는 내용과 같은 DB 트랜잭션에서 event_id 를 먼저 inbox 에 넣어요. 이미 있는 event_id 는 아무것도 반영하지 않아요',
  },
  variantRows: {
    en: (p: { sink: string; redelivered: number; rows: number; events: number }) => `${p.sink}: ${p.redelivered} redelivered, ${p.rows} rows for ${p.events} events`,
    ko: (p) => `${p.sink}: ${p.redelivered}개 다시 전달, 이벤트 ${p.events}개에 ${p.rows}행`,
  },
  closing: {
    en: (p: { rows: string }) =>
      [
        `The same crash, the same redelivery, three remedies: ${p.rows}.`,
        'unique-index: PostgreSQL refused each second row and rolled its transaction back (the projection too); the worker',
        'must catch that one error (23505) and treat the event as done, or the redelivered event fails forever and its offset',
        'is never committed. on-conflict: the statements ran again and changed nothing, because they set values the first',
        'run had set; a statement that adds (a counter) would not be idempotent this way. inbox: the check and the change',
        'share a transaction, so the change can be anything. Kafka delivered at least once (librdkafka 2.15.1, commitSync',
        'after every 5 events) in all three; the database made it once.',
      ].join('\n'),
    ko: (p) =>
      [
        `같은 크래시, 같은 재전달, 해법 세 가지: ${p.rows}.`,
        'unique-index: PostgreSQL 이 두 번째 행을 거부하고 그 트랜잭션(projection 포함)을 롤백했어요. 워커는 이 오류(23505)',
        '하나를 잡아서 처리된 것으로 봐야 해요. 그러지 않으면 다시 온 이벤트가 계속 실패하고 그 offset 은 영영 commit 되지',
        '않아요. on-conflict: 문장이 한 번 더 돌았지만 첫 실행이 설정한 값을 다시 설정하니까 바뀐 게 없어요. 더하는 문장',
        '(카운터)이라면 이렇게 멱등이 되지 않아요. inbox: 검사와 변경이 한 트랜잭션이라 변경이 무엇이든 돼요.',
        '세 변형 모두 Kafka 는 at-least-once 로 전달했고(librdkafka 2.15.1, 이벤트 5개마다 commitSync), 한 번으로 만든 건 DB 예요.',
      ].join('\n'),
  },

  uniqueExpected: {
    en: (p: { orders: number }) =>
      `PostgreSQL's unique index refused the second row of each redelivered event (unique_violation 23505, its transaction rolled back); the worker caught it, treated the event as done and committed past it (offset ${p.orders})`,
    ko: (p) =>
      `PostgreSQL 의 유니크 인덱스가 다시 전달된 이벤트마다 두 번째 행을 거부했음(unique_violation 23505, 트랜잭션 롤백). 워커는 그걸 잡아 처리된 것으로 보고 그 뒤까지 commit 했음(offset ${p.orders})`,
  },
  uniqueFound: {
    en: (p: { duplicate: string; redelivered: string; committed: string; rows: number; total: number }) =>
      `duplicate: ${p.duplicate}; redelivered: ${p.redelivered}; last commit ${p.committed}; ${p.rows} rows, applied total ${p.total}`,
    ko: (p) => `중복: ${p.duplicate}; 다시 전달됨: ${p.redelivered}; 마지막 commit ${p.committed}; ${p.rows}행, applied 합계 ${p.total}`,
  },
  onConflictExpected: {
    en: (p: { orders: number }) =>
      `the on-conflict sink ran its statements again for each redelivered event and PostgreSQL's ON CONFLICT left the same rows: ${p.orders} order_events rows, the projection's counters not added to`,
    ko: (p) =>
      `on-conflict 싱크는 다시 전달된 이벤트마다 문장을 한 번 더 돌렸고 PostgreSQL 의 ON CONFLICT 가 같은 행을 남겼음: order_events ${p.orders}행, projection 카운터는 더해지지 않음`,
  },
  onConflictFound: {
    en: (p: { again: string; redelivered: string; rows: number; excess: number; total: number }) =>
      `applied again: ${p.again}; redelivered: ${p.redelivered}; ${p.rows} rows, excess ${p.excess}, applied total ${p.total}`,
    ko: (p) => `다시 반영: ${p.again}; 다시 전달됨: ${p.redelivered}; ${p.rows}행, 초과 ${p.excess}, applied 합계 ${p.total}`,
  },
  none: { en: () => 'none', ko: () => '없음' },
});
